"""The score sheet: the result's one sentence (issue 14, item 14: "wins.."
came from a rules sentence that ends in its own full stop), its lines, and
every game's sheet keeping its buttons in view at 80x24 (issue #43, 6)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from castletui.rules.core import Result, ScoreLine
from textual.app import App
from textual.geometry import Region
from textual.widgets import Button, DataTable

from castletui import saves
from castletui.screens.game import GameScreen
from castletui.screens.replay import ReplayScreen
from castletui.screens.result import ResultScreen, verdict
from castletui.session import Session
from tests.app.driving import StillApp, settle, wait_until
from tests.app.test_replay import bots_game


def _session(result: Result, names: list[str]):
    return SimpleNamespace(
        standing=lambda viewer=None: result, names=names, over=result.finished, watching=False, shared=False
    )


def test_a_tie_break_sentence_with_its_own_full_stop_ends_in_one():
    result = Result(
        finished=True, scores=(5.0, 5.0), winners=(0,), decided_by="The most cards in hand: 2 against 1."
    )
    text = verdict(_session(result, ["Ann", "Wei"]))
    assert text == "Ann wins! Decided by the most cards in hand: 2 against 1."
    assert ".." not in text


def test_a_lost_co_op_game_and_a_shared_win_read_plainly():
    lost = Result(finished=True, scores=(140.0,), winners=(), lost=True)
    assert verdict(_session(lost, ["Ann"])) == "The game is lost."
    both = Result(finished=True, scores=(3.0, 3.0), winners=(0, 1))
    assert verdict(_session(both, ["Ann", "Wei"])) == "Everyone wins together!"


async def test_a_count_that_is_not_points_shows_under_the_total():
    """Issue #28 (7): Brotherhood's sheet has the guard tokens (points) and
    the guards on the Wall (a count, what decides when the Wall falls); the
    total adds up the lines above it only."""
    result = Result(
        scores=(4.0, 5.0),
        lines=(
            ScoreLine("Settlements", (4.0, 4.0)),
            ScoreLine("Guard tokens", (0.0, 1.0)),
            ScoreLine("Guards on the Wall", (1.0, 3.0), in_total=False),
        ),
        winners=(1,),
        decided_by="The Wall fell (the third breach): the most guards on the Wall, 3 against 1.",
    )

    class Sheet(App):
        def on_mount(self) -> None:
            self.push_screen(ResultScreen(_session(result, ["Wei", "Milo"])))

    app = Sheet()
    async with app.run_test() as pilot:
        await pilot.pause()
        while not isinstance(app.screen, ResultScreen):
            await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]
    assert rows == [
        ["Settlements", "4", "4"],
        ["Guard tokens", "0", "1"],
        ["Total", "4", "5"],
        ["Guards on the Wall", "1", "3"],
    ]


FINISHED = [
    pytest.param("castle-raisers", "solo", 1, id="castle-raisers-solo"),
    pytest.param("castle-raisers", "cooperative", 2, id="castle-raisers-cooperative"),
    pytest.param("castle-raisers", "competitive", 2, id="castle-raisers-competitive"),
    pytest.param("catapult-castle", "solo", 1, id="catapult-castle-solo"),
    pytest.param("catapult-castle", "standard", 2, id="catapult-castle"),
    pytest.param("castlecards", "two-player", 2, id="castlecards"),
    pytest.param("got-catan", "brotherhood", 3, id="got-catan-brotherhood"),
]


@pytest.mark.parametrize(("game_id", "variant", "seats"), FINISHED)
async def test_every_score_sheet_shows_its_buttons_at_80x24(tmp_path, game_id, variant, seats):
    """Issue #43 (6): every game's sheet is the one component, its Close and
    Replay buttons inside the terminal however long the sheet; Enter closes
    it, and r (the Replay button's key) opens the replay."""
    players = [
        saves.Player("Ada"),
        saves.Player("Wei", "bot", "random"),
        saves.Player("Milo", "bot", "random"),
    ]
    session = bots_game(tmp_path / "game.toml", game_id, variant, 3, players[:seats])
    app = StillApp(save_dir=tmp_path, session=Session.open(session.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        sheet = app.screen
        await settle(pilot)
        terminal = Region(0, 0, 80, 24)
        dialog = sheet.query_one(".result-dialog").region
        assert terminal.contains_region(dialog)
        for button in sheet.query(Button):
            assert dialog.contains_region(button.region) and button.region.height == 3, button.id
        assert {button.id for button in sheet.query(Button)} == {"close", "replay", "play-again"}
        assert sheet.focused is sheet.query_one("#close", Button)
        # A sheet longer than the terminal scrolls under the buttons (Castle Raisers' solo one does).
        scroll = sheet.query_one("#sheet-scroll")
        assert scroll.max_scroll_y > 0 or game_id != "castle-raisers" or variant != "solo"
        if scroll.max_scroll_y:
            await pilot.press("pagedown")
            await wait_until(pilot, lambda: scroll.scroll_y > 0)
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))


@pytest.mark.parametrize(
    ("finished", "watching", "offered"),
    [(True, False, True), (False, False, False), (True, True, False)],
    ids=["at-the-end", "game-goes-on", "spectator"],
)
async def test_play_again_is_offered_at_the_end_to_a_player_only(finished, watching, offered):
    """Issue 46 (5): a player's sheet at the end has Play again; the
    standing so far has not, nor a spectator's (who cannot offer a rematch)."""
    session = _session(Result(finished=finished, scores=(1.0, 2.0), winners=(1,)), ["Wei", "Milo"])
    session.watching = watching

    class Sheet(App):
        def on_mount(self) -> None:
            self.push_screen(ResultScreen(session))

    app = Sheet()
    async with app.run_test() as pilot:
        while not isinstance(app.screen, ResultScreen):
            await pilot.pause()
        assert bool(app.screen.query("#play-again")) == offered
        assert app.screen.check_action("play_again", ()) == offered


async def test_each_button_of_the_sheet_shows_its_key_first():
    """The buttons said Close, Replay, Play again and none of their keys."""
    session = _session(Result(finished=True, scores=(1.0, 2.0), winners=(1,)), ["Wei", "Milo"])
    session.watching = False

    class Sheet(App):
        def on_mount(self) -> None:
            self.push_screen(ResultScreen(session))

    app = Sheet()
    async with app.run_test() as pilot:
        while not isinstance(app.screen, ResultScreen):
            await pilot.pause()
        labels = {button.id: str(button.label) for button in app.screen.query(Button)}
        assert labels == {"close": "esc Close", "replay": "r Replay", "play-again": "p Play again"}
        keys = {binding.action: binding.key for binding in ResultScreen.BINDINGS}
        assert "escape" in keys["close"].split(",") and keys["replay"] == "r" and keys["play_again"] == "p"
