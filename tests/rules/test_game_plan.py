"""Every game package follows the same plan (issue "Game kit", issue 27.4),
so a maintainer opens any game the same way and reads it in one order:

1. ``edition`` (the component data), then ``info`` and ``state``;
2. the game's own geometry and pieces, read by the rules (any module
   outside the plan: ``geometry``, ``board``, ``pieces``, ``decks``...);
3. the rules: ``chance``, ``flow``, ``legal``, ``scoring``, ``setup`` (and
   a game's rule modules named in ``RULE_MODULES``);
4. ``apply``; 5. ``view``; 6. ``text`` (the words);
7. the read side: ``queries`` (the screen API), ``scene`` (what the
   screens draw), ``menu`` (the action bar's lines), ``table_entry``
   (table mode's questions), ``calc`` (the rules helpers);
8. ``bots``; then a variant's subpackage; 9. the face, ``__init__``.

Imports only point back along the plan (a module imports its own step or
earlier ones), every hook lives in the same-named module in every game,
the face exports an explicit list (the protocol, the optional hooks, the
screen API, table mode's entry and the actions the screens build), the
state keeps one decision stack (``pending``, top last) and the events of
the last action, and the tests mirror the packages."""

from __future__ import annotations

import ast
import importlib
import typing
from pathlib import Path

import msgspec
import pytest
from castletui.rules import registry

from tests.python_source import parse as parse_python

ROOT = Path(__file__).resolve().parents[2]

PLAN = (
    "__init__.py",
    "info.py",
    "edition.toml",
    "edition.json",
    "edition.py",
    "state.py",
    "setup.py",
    "flow.py",
    "legal.py",
    "apply.py",
    "chance.py",
    "view.py",
    "scoring.py",
    "text.py",
    "queries.py",
    "table_entry.py",
    "calc.py",
    "bots/__init__.py",
)
STEPS = (
    ("edition",),
    ("info", "state"),
    (),  # the game's own geometry and pieces: every module the plan does not name
    ("chance", "flow", "legal", "scoring", "setup"),
    ("apply",),
    ("view",),
    ("text",),
    ("queries", "table_entry", "calc", "scene", "menu"),
    ("bots",),
)
GEOMETRY = 2
RULES = 3
VARIANTS = len(STEPS)  # a variant's subpackage: after the base game, which never imports it
FACE = len(STEPS) + 1
RULE_MODULES: dict[str, set[str]] = {}
"""A game's own modules that are rules (step 3), not geometry: they read the
flow. (GoT's Wall and heroes were; they are Brotherhood's now, in its
subpackage.)"""

PROTOCOL = {
    "INFO",
    "State",
    "Action",
    "setup",
    "to_move",
    "legal_actions",
    "chance_outcomes",
    "apply",
    "view",
    "result",
    "describe",
}
OPTIONAL_HOOKS = {
    "label",
    "effects",
    "evaluate",
    "bot_action",
    "random_action",
    "search_hooks",
    "coop_hooks",
    "produced",
    "turn_player",
    "view_action",
    "shown",
}
# rules/core/screen.py
SCREEN_API = {"prompt", "spot", "group", "preview", "refusals", "helpers", "scene", "menu", "steady_choice"}
STEADY_HAND = {"steady_aim"}
"""Catapult Castle's steady hand (shots.py): one accuracy draw for its bots and line players."""
TABLE_ENTRY = {"chance_prompt", "chance_batch", "setup_form"}  # rules/core/table_entry.py
HOMES = {
    "State": "state",
    "setup": "setup",
    "to_move": "flow",
    "produced": "flow",
    "turn_player": "flow",
    "legal_actions": "legal",
    "chance_outcomes": "chance",
    "apply": "apply",
    "view": "view",
    "view_action": "view",
    "result": "scoring",
    "describe": "text",
    "label": "text",
    "effects": "text",
    "shown": "text",
    "prompt": "queries",
    "spot": "queries",
    "group": "queries",
    "preview": "queries",
    "refusals": "queries",
    "helpers": "calc",
    "steady_choice": "queries",
    "steady_aim": "shots",
    "scene": "scene",
    "menu": "menu",
    "chance_prompt": "table_entry",
    "chance_batch": "table_entry",
    "setup_form": "table_entry",
    "bot_action": "bots",
    "random_action": "bots",
    "search_hooks": "bots",
    "coop_hooks": "bots",
    "evaluate": ("scoring", "bots"),  # a score the rules keep, or a bot's own estimate
}
NOT_YET: dict[str, str] = {}  # a game on its way onto the kit, as a strict expected failure


def games():
    return [
        pytest.param(
            game_id,
            marks=[pytest.mark.xfail(reason=NOT_YET[game_id], strict=True)] if game_id in NOT_YET else [],
            id=game_id,
        )
        for game_id in registry.ids()
    ]


def folder_of(game_id: str) -> Path:
    return Path(importlib.import_module(registry.ENTRIES[game_id].rules).__file__).parent


def modules(game_id: str) -> dict[str, Path]:
    """The game's modules by dotted name inside the package ("bots.planner")."""
    folder = folder_of(game_id)
    found = {}
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(folder).with_suffix("").parts
        found[".".join(parts)] = path
    return found


def step_of(game_id: str, module: str) -> int:
    """Where ``module`` stands in the plan."""
    first = module.split(".")[0]
    if module == "__init__":
        return FACE
    if first == "bots":
        return STEPS.index(("bots",))
    if "." in module:
        return VARIANTS
    if first in RULE_MODULES.get(game_id, ()):
        return RULES
    for step, names in enumerate(STEPS):
        if first in names:
            return step
    return GEOMETRY


def imported(game_id: str, module: str, path: Path) -> set[str]:
    """The game's own modules that ``module`` imports (at any depth of the
    file: an import inside a function counts as well)."""
    package = registry.ENTRIES[game_id].rules
    here = module.split(".")[:-1]  # the package the module is in ("bots.__init__" is in bots)
    names = set()
    for node in ast.walk(parse_python(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                target = [*base, *(node.module.split(".") if node.module else [])]
            elif node.module and (node.module == package or node.module.startswith(package + ".")):
                target = node.module[len(package) + 1 :].split(".") if node.module != package else []
            else:
                continue
            if target:
                names.add(".".join(target))
            else:  # from . import queries
                names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    names.add(alias.name[len(package) + 1 :])
    return names


@pytest.mark.parametrize("game_id", games())
def test_the_package_has_every_file_of_the_plan(game_id):
    folder = folder_of(game_id)
    missing = [name for name in PLAN if not (folder / name).exists()]
    assert not missing, f"{game_id} lacks {missing}"
    assert all(Path(path).read_text().lstrip().startswith('"""') for path in folder.rglob("*.py")), (
        "every module starts with its docstring"
    )
    assert not (folder / "table.py").exists(), '"table" means table mode: name a module after what it holds'


@pytest.mark.parametrize("game_id", games())
def test_imports_only_point_back_along_the_plan(game_id):
    known = modules(game_id)
    wrong = []
    for module, path in known.items():
        step = step_of(game_id, module)
        for target in imported(game_id, module, path):
            # "from .bots import x" names the package; "from .bots.planner import y" the module.
            name = target if target in known else f"{target}.__init__"
            if name not in known:
                continue
            if step_of(game_id, name) > step:
                wrong.append(f"{module} (step {step}) imports {target} (step {step_of(game_id, name)})")
    assert not wrong, f"{game_id}: imports against the plan: {wrong}"


def test_the_plan_check_sees_an_import_against_it(tmp_path, monkeypatch):
    """The check itself: a rules module importing ``queries`` is caught."""
    path = tmp_path / "legal.py"
    path.write_text(
        '"""x"""\nfrom .queries import prompt\nfrom castletui.rules.castlecards.text import label\n'
    )
    assert imported("castlecards", "legal", path) == {"queries", "text"}
    assert step_of("castlecards", "queries") > step_of("castlecards", "legal")
    assert step_of("castlecards", "fortress") == GEOMETRY
    assert step_of("got-catan", "bots.planner") < step_of("got-catan", "brotherhood.wall") < FACE
    assert (
        step_of("got-catan", "brotherhood.wall") == step_of("got-catan", "brotherhood.__init__") == VARIANTS
    )
    assert step_of("got-catan", "layers") == GEOMETRY < step_of("got-catan", "legal")
    monkeypatch.setitem(RULE_MODULES, "castlecards", {"fortress"})
    assert step_of("castlecards", "fortress") == RULES


def test_the_plan_check_sees_a_base_module_importing_its_variant(tmp_path):
    """The base game never imports its variant's subpackage (the face does)."""
    path = tmp_path / "flow.py"
    path.write_text('"""x"""\nfrom .brotherhood.wall import arrival\n')
    assert imported("got-catan", "flow", path) == {"brotherhood.wall"}
    assert step_of("got-catan", "brotherhood.wall") > step_of("got-catan", "flow")


@pytest.mark.parametrize("game_id", games())
def test_every_hook_lives_in_its_same_named_module(game_id):
    face = registry.get(game_id)
    wrong = []
    for name, home in HOMES.items():
        hook = getattr(face, name, None)
        if hook is None:
            continue
        homes = home if isinstance(home, tuple) else (home,)
        where = hook.__module__[len(face.__name__) + 1 :]
        if not any(where == one or where.startswith(one + ".") for one in homes):
            wrong.append(f"{name} in {where}, not {' or '.join(homes)}")
    assert not wrong, f"{game_id}: {wrong}"


@pytest.mark.parametrize("game_id", games())
def test_the_face_exports_the_protocol_the_hooks_and_the_actions_screens_build_only(game_id):
    face = registry.get(game_id)
    exported = set(face.__all__)
    assert exported >= PROTOCOL
    actions = {kind.__name__ for kind in typing.get_args(face.Action)}
    # The scene's types the app names (rules/<game>/scene.py), for its annotations.
    scene_types = {name for name in exported if getattr(face, name).__module__ == f"{face.__name__}.scene"}
    extra = (
        exported - PROTOCOL - OPTIONAL_HOOKS - SCREEN_API - STEADY_HAND - TABLE_ENTRY - actions - scene_types
    )
    assert not extra, f"the face of {game_id} exports more than its list: {extra}"
    assert all(hasattr(face, name) for name in exported)


@pytest.mark.parametrize("game_id", games())
def test_the_state_keeps_one_decision_stack_and_the_events_of_the_last_action(game_id):
    face = registry.get(game_id)
    fields = {field.name for field in msgspec.structs.fields(face.State)}
    assert {"pending", "events"} <= fields
    assert hasattr(face, "effects"), "the log tells what the rules did by themselves"


def test_the_tests_of_the_kit_mirror_its_modules():
    """tests/rules/core/test_<module>.py (or test_<module>_<what>.py) for a
    module of rules/core; and each game's tests in tests/rules/<game>/."""
    kit = {path.stem for path in (ROOT / "rules" / "core").glob("*.py")} - {"__init__"}
    stray = [
        path.name
        for path in (ROOT / "tests" / "rules" / "core").glob("test_*.py")
        if not any(path.stem == f"test_{module}" or path.stem.startswith(f"test_{module}_") for module in kit)
    ]
    assert not stray, f"tests in tests/rules/core for no module of rules/core: {stray}"
    for game_id in registry.ids():
        package = registry.ENTRIES[game_id].rules.split(".")[-1]
        assert (ROOT / "tests" / "rules" / package).is_dir(), (
            f"{game_id}'s tests are in tests/rules/{package}"
        )
