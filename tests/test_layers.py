"""The layers stay apart: rules and saves never load textual or rich, and
the quick command-line paths don't either."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from castletui.rules import registry

from tests.python_source import parse as parse_python


def loaded_ui_modules(code: str) -> str:
    probe = code + "\nimport sys\nprint(' '.join(m for m in ('textual', 'rich') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def test_rules_and_saves_import_neither_textual_nor_rich():
    code = "import rules, saves, rules.registry, rules.core.bots\nfor g in rules.registry.ids(): rules.registry.get(g)"
    assert loaded_ui_modules(code) == ""


def test_session_driver_imports_no_textual():
    assert loaded_ui_modules("import castletui.session") == ""


def test_version_help_and_list_do_not_import_textual(tmp_path):
    for argv in (
        ["--version"],
        ["--help"],
        ["list", "--save-dir", str(tmp_path)],
        ["list", "--games"],
        ["calc", "castle-raisers", "--list"],
    ):
        code = (
            "import contextlib, io\nfrom castletui.cli import main\n"
            f"with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()): main({argv!r})"
        )
        loaded = loaded_ui_modules(code)
        # calc asks with Rich's Prompt (issue 31, item 4): Rich, never textual.
        assert loaded == ("rich" if argv[0] == "calc" else ""), argv


def test_the_app_imports_only_the_kit_the_registry_and_each_games_face():
    """castletui draws from a game's face (the protocol and its public
    queries), never from the game's internal modules."""
    import ast
    from pathlib import Path

    from castletui.rules import registry

    faces = {entry.rules for entry in registry.ENTRIES.values()}
    allowed = {
        "rules",
        "castletui.rules.core",
        "castletui.rules.core.bots",
        "castletui.rules.registry",
    } | faces
    reaching_in = []
    for path in (Path(__file__).parents[1] / "castletui").rglob("*.py"):
        for node in ast.walk(parse_python(path.read_text())):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rules"):
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.startswith("rules")]
            for name in names:
                if name not in allowed:
                    reaching_in.append(f"{path}: {name}")
    assert not reaching_in, reaching_in


def test_the_app_reads_a_game_only_through_view():
    """Issue 27: ``view(state, seat)`` is the one gate of what a seat sees.
    Nothing in castletui reads the whole state (``session.state``), the
    decision stack (``.pending``, a step's ``.kind``) or imports a rules
    state Struct; only Session itself holds the state, and hands the app
    views (the driver's frames are made of them). Actions (tagged Structs)
    and the games' scene types (rules/<game>/scene.py) are fine."""
    import ast
    import importlib
    from pathlib import Path

    import msgspec
    from castletui.rules import registry

    root = Path(__file__).parents[1] / "castletui"
    faces = {entry.rules for entry in registry.ENTRIES.values()}
    # `.kind` also names other things: a saved player's kind, a CLI start, an SSH key's type.
    kinds_apart = {"start", "key", "player"}
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root)
        for node in ast.walk(parse_python(path.read_text())):
            if isinstance(node, ast.Attribute):
                owner = node.value
                owner_name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
                if node.attr == "state" and owner_name == "session":
                    found.append(f"{where}:{node.lineno} session.state")
                elif node.attr == "pending":
                    found.append(f"{where}:{node.lineno} .pending")
                elif node.attr == "kind" and owner_name not in kinds_apart and where.parts[0] != "host":
                    found.append(f"{where}:{node.lineno} .kind")
            elif isinstance(node, ast.ImportFrom) and node.module in faces:
                face = importlib.import_module(node.module)
                for alias in node.names:
                    thing = getattr(face, alias.name, None)
                    is_struct = isinstance(thing, type) and issubclass(thing, msgspec.Struct)
                    drawn = is_struct and thing.__module__ == f"{node.module}.scene"
                    if is_struct and not thing.__struct_config__.tag and not drawn:
                        found.append(f"{where}:{node.lineno} imports {alias.name}")
    assert not found, found


def test_no_import_cycle_in_the_app():
    """castletui's modules import each other downwards only at import time
    (the game screen reached the app through castletui/shared.py; its table
    watcher is castletui/watch.py now). tests/test_imports.py checks more:
    no function-local import, and the app's declared loads (its screens,
    the command line's commands) followed too."""
    import ast
    from pathlib import Path

    root = Path(__file__).parents[1]
    package = root / "castletui"
    graph: dict[str, set[str]] = {}
    for path in package.rglob("*.py"):
        name = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        edges = graph.setdefault(name, set())
        for node in parse_python(path.read_text()).body:  # module level (function-local ones: see the report)
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("castletui"):
                edges.add(node.module)
            elif isinstance(node, ast.Import):
                edges.update(a.name for a in node.names if a.name.startswith("castletui"))

    def cycle_from(start: str) -> list[str]:
        stack = [(start, [start])]
        while stack:
            here, trail = stack.pop()
            for nxt in graph.get(here, ()):
                if nxt == start:
                    return [*trail, nxt]
                if nxt not in trail and nxt in graph:
                    stack.append((nxt, [*trail, nxt]))
        return []

    cycles = [cycle for module in graph if (cycle := cycle_from(module))]
    assert not cycles, cycles[:3]


GAME_ID = re.compile(r"\b(castle[-_]raisers|catapult[-_]castle|got[-_]catan|castlecards)\b")
"""The four games' ids as code names them (prose names a game in words)."""


def test_no_module_but_a_games_own_names_a_game():
    """Issue 44, item 5: the registry is the one list of games, and a game's
    app side is its package under castletui/games/; no other module of the
    app or the saves names a game (adding a fifth touches rules/<game>/,
    castletui/games/<game>/ and one registry line)."""
    from castletui.rules import registry

    assert {GAME_ID.search(game_id) is not None for game_id in registry.ids()} == {True}, (
        "GAME_ID must know every registered game for this test to mean anything"
    )
    root = Path(__file__).parents[1]
    naming = []
    for folder in ("castletui", "saves"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".py", ".tcss", ".md", ".toml") or "__pycache__" in path.parts:
                continue
            relative = path.relative_to(root)
            if relative.parts[:2] == ("castletui", "games") and len(relative.parts) > 3:
                continue  # a game's own package
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if GAME_ID.search(line):
                    naming.append(f"{relative}:{number}: {line.strip()}")
    assert naming == []


def names_taken_from_faces(game_id: str) -> list[str]:
    """Where castletui takes a name from ``game_id``'s face that is not in
    its ``__all__``: ``from <face> import x``, or ``alias.x`` on a module
    bound to the face (``from castletui.rules import got_catan as game``)."""
    import ast
    import importlib

    from castletui.rules import registry

    dotted = registry.ENTRIES[game_id].rules
    parent, _, leaf = dotted.rpartition(".")
    exported = set(importlib.import_module(dotted).__all__)
    root = Path(__file__).parents[1]
    taken = []
    for path in sorted((root / "castletui").rglob("*.py")):
        tree = parse_python(path.read_text())
        aliases = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == dotted:
                taken += [
                    f"{path.relative_to(root)}:{node.lineno} {a.name}"
                    for a in node.names
                    if a.name not in exported
                ]
            elif isinstance(node, ast.ImportFrom) and node.module == parent:
                aliases |= {a.asname or a.name for a in node.names if a.name == leaf}
            elif isinstance(node, ast.Import):
                aliases |= {a.asname for a in node.names if a.name == dotted and a.asname}
        for node in ast.walk(tree):
            is_alias = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            if is_alias and node.value.id in aliases and node.attr not in exported:
                taken.append(f"{path.relative_to(root)}:{node.lineno} {node.value.id}.{node.attr}")
    return taken


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_app_takes_from_a_face_only_its_all(game_id):
    """Issue 44, item 2: a face is its ``__all__`` (the protocol, the hooks,
    ``scene``, the actions the screens build), and castletui takes nothing
    else from it; no face star-imports its queries."""
    import importlib

    from castletui.rules import registry

    face = importlib.import_module(registry.ENTRIES[game_id].rules)
    source = Path(face.__file__).read_text()
    assert "import *" not in source
    assert names_taken_from_faces(game_id) == []
