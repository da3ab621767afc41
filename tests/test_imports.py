"""Imports stay at the top and go one way (design.md section 1): no import
statement inside a function or method (a function-local import is how an
import cycle hides), and the graph of module-level imports between a
package's modules has no cycle. Read with ``ast``, nothing imported.

``rules/`` and ``castletui/`` are asserted, and the graph over castletui.*,
castletui.rules.* and castletui.saves.* together. A module that loads
another only when it is needed (the command line's commands, the app's
screens) says so in a module-level table of module names read through
``importlib.import_module``: a declared load, which the graph follows like
an import (``declared``), so it hides no cycle either. An import under
``if TYPE_CHECKING:`` never runs and is no edge.
``python -m tests.test_imports castletui`` prints what it finds.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests.python_source import parse as parse_python

ROOT = Path(__file__).resolve().parents[1]

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
LAYERS = ("rules", "saves")


def modules(package: str | tuple[str, ...]) -> dict[str, Path]:
    """Every module of ``package`` (a folder under the checkout, or several):
    dotted name -> file."""
    out = {}
    packages = (package,) if isinstance(package, str) else package
    for path in sorted(path for name in packages for path in (ROOT / name).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts[0] in LAYERS:  # the rules/ and saves/ folders are castletui.rules and castletui.saves
            parts = ("castletui", *parts)
        out[".".join(parts)] = path
    return out


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def local_imports(package: str) -> list[str]:
    """ "file:line: the import" for each import statement inside a function body."""
    found = []
    for path in modules(package).values():
        tree = parse_python(path.read_text(), str(path))
        for scope in ast.walk(tree):
            if not isinstance(scope, _SCOPES):
                continue
            for node in ast.walk(scope):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    where = path.relative_to(ROOT)
                    found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return sorted(set(found))


def _type_checking_only(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and ast.unparse(test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")


def _module_level_imports(tree: ast.Module):
    """Import statements run when the module loads: at its top level, also
    under ``if``/``try`` (not inside a function or class body's methods,
    nor under ``if TYPE_CHECKING:``)."""
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif _type_checking_only(node):
            stack.extend(node.orelse)
        elif isinstance(node, (ast.If, ast.Try, ast.With, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                stack.extend(getattr(node, field, []) or [])
        elif isinstance(node, ast.ExceptHandler):
            stack.extend(node.body)


def declared_loads(tree: ast.Module, known: dict[str, Path]) -> set[str]:
    """The modules a module loads by name: the strings naming a module of
    ``known`` in a module-level table (a dict's values, a tuple or list)
    and the literal argument of any ``importlib.import_module`` call."""
    found = set()
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if isinstance(value, ast.Dict):
            found |= {item.value for item in value.values if isinstance(item, ast.Constant)}
        elif isinstance(value, (ast.Tuple, ast.List)):
            found |= {item.value for item in value.elts if isinstance(item, ast.Constant)}
    for node in ast.walk(tree):
        called = isinstance(node, ast.Call) and ast.unparse(node.func).endswith("import_module")
        if called and node.args and isinstance(node.args[0], ast.Constant):
            found.add(node.args[0].value)
    return {name for name in found if isinstance(name, str) and name in known}


def import_graph(
    package: str | tuple[str, ...], hidden: bool = False, declared: bool = False
) -> dict[str, set[str]]:
    """module -> the modules of ``package`` it imports when it loads. ``from
    X import Y`` points at the module X.Y when Y is one, else at X; the
    parent packages a module's loading implies are not edges. ``hidden``:
    count the imports inside functions too (the cycles they hide).
    ``declared``: and the modules it loads by name (:func:`declared_loads`)."""
    known = modules(package)
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        tree = parse_python(path.read_text(), str(path))
        here = name if _is_package(path) else name.rpartition(".")[0]
        statements = (
            [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
            if hidden
            else list(_module_level_imports(tree))
        )
        for node in statements:
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = here.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in known else base)
            for target in targets:
                # ``import a.b.c`` loads a.b.c: the longest known prefix.
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
        if declared:
            graph[name] |= declared_loads(tree, known) - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def a_cycle(graph: dict[str, set[str]], group: list[str]) -> str:
    """One cycle through the modules of a strongly connected ``group``, as
    ``a -> b -> a``: what to move."""
    start, members = group[0], set(group)
    trail, seen = [start], {start}
    while True:
        here = trail[-1]
        nxt = sorted(graph[here] & members)
        if start in nxt:
            return " -> ".join([*trail, start])
        step = next((other for other in nxt if other not in seen), None)
        if step is None:  # a dead end inside the group: back up
            trail.pop()
            if not trail:
                return " <-> ".join(group)
            continue
        seen.add(step)
        trail.append(step)


def cycles_in_words(graph: dict[str, set[str]]) -> list[str]:
    return [a_cycle(graph, group) for group in cycles(graph)]


THE_APP = ("castletui", "rules", "saves")
"""castletui.*, castletui.rules.* and castletui.saves.*: one graph."""


def test_no_import_inside_a_function_in_castletui():
    assert local_imports("castletui") == []


def test_castletui_and_its_layers_import_one_another_without_a_cycle():
    """The app, the rules and the saves: one graph, the declared loads
    (the command line's commands, the app's screens) counted as imports.
    A failure prints a cycle to break."""
    assert cycles_in_words(import_graph(THE_APP, declared=True)) == []


def test_every_declared_load_names_a_module_that_exists():
    """A table of modules loaded by name (``LATER``) is read only when that
    command or screen runs (or a game's bot first moves): a misspelt name
    would fail only then."""
    known = modules(THE_APP)
    for name, path in modules(THE_APP).items():
        tree = parse_python(path.read_text(), str(path))
        for node in tree.body:
            target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
            if isinstance(target, ast.Name) and target.id == "LATER":
                assert isinstance(node.value, ast.Dict), name
                named = [item.value for item in node.value.values]
                assert named and all(module in known for module in named), (name, named)


def test_no_import_inside_a_function_in_rules():
    assert local_imports("rules") == []


def test_the_rules_modules_import_one_another_without_a_cycle():
    assert cycles(import_graph("rules")) == []
    assert cycles(import_graph("rules", hidden=True)) == []


def test_the_checks_see_a_local_import_and_a_cycle(tmp_path, monkeypatch):
    """The two checks find what they look for (a package made for the test)."""
    package = tmp_path / "toy"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text('"""toy."""\n')
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("from .sub import c\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "c.py").write_text("from .. import a\n\ndef f():\n    import os\n")
    (package / "d.py").write_text(
        "import importlib\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from . import e\n"
        'LATER = {"e": "toy.e"}\n\ndef f():\n    return importlib.import_module(LATER["e"])\n'
    )
    (package / "e.py").write_text("from . import d\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert local_imports("toy") == ["toy/sub/c.py:4: import os"]
    assert cycles(import_graph("toy")) == [["toy.a", "toy.b", "toy.sub.c"]]
    assert cycles_in_words(import_graph("toy")) == ["toy.a -> toy.b -> toy.sub.c -> toy.a"]
    # d loads e by name (declared) and e imports d: a cycle, seen only with the declared loads.
    assert cycles(import_graph("toy", declared=True)) == [["toy.a", "toy.b", "toy.sub.c"], ["toy.d", "toy.e"]]


def test_the_got_catan_base_modules_never_import_brotherhood():
    """The variant is a layer: only the face switches it on."""
    graph = import_graph("rules")
    base = [
        name for name in graph if name.startswith("castletui.rules.got_catan") and ".brotherhood" not in name
    ]
    reaching = {
        name: sorted(t for t in graph[name] if ".brotherhood" in t)
        for name in base
        if name != "castletui.rules.got_catan"
    }
    assert {name: found for name, found in reaching.items() if found} == {}


if __name__ == "__main__":  # pragma: no cover - a report for a package not asserted yet
    for package in sys.argv[1:] or ["castletui"]:
        local = local_imports(package)
        loops = cycles_in_words(import_graph(package))
        hidden = cycles(import_graph(package, hidden=True))
        print(
            f"{package}: {len(local)} function-local imports, {len(loops)} import cycles, "
            f"{len(hidden)} counting the function-local imports"
        )
        for line in local:
            print("  local:", line)
        for loop in loops:
            print("  cycle:", loop)
        for loop in hidden:
            print("  hidden cycle among:", ", ".join(loop))
