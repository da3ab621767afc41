"""Castle Raisers' screens pinned as pictures at 80x24 and 120x40: the castle
board while placing (lit slots), the Village board while settling villagers,
the Piggy board (competitive, co-operative with its Attack-token lines and
Threat cards, solo), the Threat cards' own view, a 4-player table, and the
score sheets (competitive; co-operative with the team total and the Threat
cards; solo, its buttons in view at 80x24). Fixed seeds and save paths, bots with no
pause: every run draws the same frames."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from castletui.rules.castle_raisers import State

from castletui import saves
from castletui.session import Session
from tests.app.castle_raisers.test_screens import advance, decision, top_kind
from tests.app.driving import StillApp, settle
from tests.app.snapshots import fresh_dir

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
COCO_AND_BOT = [saves.Player("Coco"), saves.Player("Wei", "bot")]
TWO_BOTS = [saves.Player("Coco", "bot"), saves.Player("Wei", "bot")]


def fresh_path(name: str) -> Path:
    folder = fresh_dir(f"castle-raisers-{name}")
    return folder / "game.toml"


def scenario(
    name: str,
    variant: str,
    players: list[saves.Player],
    seed: int,
    until: Callable[[State], bool] | None,
) -> StillApp:
    """An app open on a game played (by the bots, for everyone) up to a decision."""
    path = fresh_path(name)
    session = Session.new("castle-raisers", variant, players, seed=seed, path=path)
    if until is None:
        session.run_automatic()
    else:
        advance(session, until)
    return StillApp(save_dir=path.parent, session=session)


def keys_then_settle(*keys: str):
    async def run_before(pilot) -> None:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
        await settle(pilot)

    return run_before


def lines_decision(state: State) -> bool:
    return top_kind(state) in ("pick_line", "remove_wolf", "reveal_line") and state.age >= 2


@pytest.mark.parametrize("size", SIZES)
def test_castle_board_placing_a_tile(snap_compare, size):
    app = scenario(f"castle-{size}", "competitive", COCO_AND_BOT, 4, decision("draft", 2, 3))
    # take the first tile: its legal slots light up, the highlighted one shows the tile
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle("enter", "down"))


@pytest.mark.parametrize("size", SIZES)
def test_village_board_settling_villagers(snap_compare, size):
    app = scenario(f"village-{size}", "competitive", COCO_AND_BOT, 4, decision("village_take", 2, 1))
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle())


@pytest.mark.parametrize("size", SIZES)
def test_piggy_board(snap_compare, size):
    app = scenario(f"piggy-{size}", "competitive", COCO_AND_BOT, 4, decision("discard", 2, 2))
    keys = ("b", "b") if size == "80x24" else ()
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle(*keys))


@pytest.mark.parametrize("size", SIZES)
def test_coop_piggy_board_with_lines(snap_compare, size):
    app = scenario(f"coop-piggy-{size}", "cooperative", COCO_AND_BOT, 3, lines_decision)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle())


@pytest.mark.parametrize("size", SIZES)
def test_solo_piggy_board(snap_compare, size):
    app = scenario(f"solo-piggy-{size}", "solo", [saves.Player("Coco")], 5, lines_decision)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle())


@pytest.mark.parametrize("size", SIZES)
def test_threat_cards(snap_compare, size):
    app = scenario(f"threats-{size}", "cooperative", COCO_AND_BOT, 3, decision("draft", 2, 1))
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle("t"))


@pytest.mark.parametrize("size", SIZES)
def test_four_players(snap_compare, size):
    players = [
        saves.Player("Coco"),
        saves.Player("Wei", "bot"),
        saves.Player("Ana", "bot"),
        saves.Player("Mo", "bot"),
    ]
    app = scenario(f"four-{size}", "competitive", players, 6, decision("draft", 1, 3))
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle())


@pytest.mark.parametrize("size", SIZES)
def test_score_sheet(snap_compare, size):
    app = scenario(f"result-{size}", "competitive", TWO_BOTS, 3, None)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle())


@pytest.mark.parametrize("size", SIZES)
def test_solo_result_keeps_its_buttons(snap_compare, size):
    """Issue #43 (6): at 80x24 the solo sheet scrolls under its Close and Replay buttons."""
    app = scenario(f"solo-result-{size}", "solo", [saves.Player("Coco", "bot")], 3, None)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle())


@pytest.mark.parametrize("size", SIZES)
def test_coop_result_with_threat_cards(snap_compare, size):
    app = scenario(f"coop-result-{size}", "cooperative", TWO_BOTS, 3, None)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle())
