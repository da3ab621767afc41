"""Every game package follows the same file plan (issue "Game kit"), so a
maintainer opens any game the same way: the face, then info, edition,
state, setup, flow, legal, apply, chance, view, scoring, text, queries and
the bots. The face exports the protocol and the game's public queries,
nothing else; the state keeps one decision stack (``pending``, top last)
and the events of the last action."""

from __future__ import annotations

import importlib
from pathlib import Path

import msgspec
import pytest

from rules import registry

PLAN = (
    "__init__.py",
    "info.py",
    "edition.toml",
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
    "bots/__init__.py",
)
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
    "chance_prompt",
    "effects",
    "evaluate",
    "bot_action",
    "random_action",
    "turn_player",
    "view_action",
}
SCREEN_API = {"prompt", "spot", "group", "preview", "refusals", "helpers"}  # rules/core/screen.py
TABLE_ENTRY = {"chance_batch", "setup_form"}  # rules/core/table_entry.py
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


@pytest.mark.parametrize("game_id", games())
def test_the_package_has_every_file_of_the_plan(game_id):
    folder = Path(importlib.import_module(registry.ENTRIES[game_id].rules).__file__).parent
    missing = [name for name in PLAN if not (folder / name).exists()]
    assert not missing, f"{game_id} lacks {missing}"
    assert all(Path(path).read_text().lstrip().startswith('"""') for path in folder.rglob("*.py")), (
        "every module starts with its docstring"
    )


@pytest.mark.parametrize("game_id", games())
def test_the_face_exports_the_protocol_and_the_public_queries_only(game_id):
    face = registry.get(game_id)
    queries = importlib.import_module(f"{face.__name__}.queries")
    exported = set(face.__all__)
    assert exported >= PROTOCOL
    public_queries = {name for name in vars(queries) if not name.startswith("_")}
    # A variant layer's own queries (rules/got_catan/brotherhood/queries.py) count as the game's.
    for layer_queries in Path(face.__file__).parent.glob("*/queries.py"):
        module = importlib.import_module(f"{face.__name__}.{layer_queries.parent.name}.queries")
        public_queries |= {name for name in vars(module) if not name.startswith("_")}
    extra = exported - PROTOCOL - OPTIONAL_HOOKS - SCREEN_API - TABLE_ENTRY - public_queries
    assert not extra, f"the face of {game_id} exports more than the protocol and its queries: {extra}"
    assert all(hasattr(face, name) for name in exported)


@pytest.mark.parametrize("game_id", games())
def test_the_state_keeps_one_decision_stack_and_the_events_of_the_last_action(game_id):
    face = registry.get(game_id)
    fields = {field.name for field in msgspec.structs.fields(face.State)}
    assert {"pending", "events"} <= fields
    assert hasattr(face, "effects"), "the log tells what the rules did by themselves"
