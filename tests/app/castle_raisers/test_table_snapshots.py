"""Castle Raisers' table-mode questions pinned as pictures at 80x24 and
120x40, each over the board it is about: the set-up form (start player,
boards, each Village stack's tokens, two lines typed) and the wolves of one
region as a line of counts (the castle they go into beside it). Fixed seeds
and save paths: every run draws the same frames."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from castletui.rules import castle_raisers as game
from castletui.rules.castle_raisers import State, queries
from castletui.rules.core import CHANCE, sample_outcome

from castletui import saves
from castletui.session import Session
from tests.app.driving import StillApp, settle
from tests.app.snapshots import fresh_dir

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


def table_app(name: str, until: Callable[[State], bool] | None = None) -> StillApp:
    """A 2-player table-mode game, played (the table's draws by a seeded
    chance, each person's first choice) until ``until(state)``."""
    folder = fresh_dir(f"castle-raisers-table-{name}")
    players = [saves.Player("Coco"), saves.Player("Wei")]
    session = Session.new(
        "castle-raisers", "competitive", players, mode="table", seed=7, path=folder / "game.toml"
    )
    rng = random.Random(7)
    while until is not None and not until(session.state):
        if session.to_move() == CHANCE:
            session.act(sample_outcome(game.chance_outcomes(session.state), rng))
        else:
            session.act(game.legal_actions(session.state)[0])
    return StillApp(save_dir=folder, session=session)


def keys_then_settle(*keys: str):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press(*keys)
        await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_set_up_form(snap_compare, size):
    app = table_app(f"form-{size}")
    typed = keys_then_settle(*"Wei", "enter", "c", "enter")
    assert snap_compare(app, terminal_size=SIZES[size], run_before=typed)


def first_wolves(state: State) -> bool:
    top = queries.top_decision(state)
    return top is not None and top.kind == "wolf"


@pytest.mark.parametrize("size", SIZES)
def test_wolves_as_counts_over_the_castle(snap_compare, size):
    app = table_app(f"wolves-{size}", first_wolves)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle(*"2 s"))
