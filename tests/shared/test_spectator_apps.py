"""Issue 46.4 through the app (Pilot, one process): a spectator watches a
Castlecards table from the lobby and sees a move live, never a hand, by
any way its screens offer (the board, the log, the score sheet, its
replay), and cannot undo or move; the players see it watching; a private
table made in the wizard is for its invited names only."""

from __future__ import annotations

import msgspec
import pytest
from castletui.rules import castlecards as game
from castletui.rules.castlecards.edition import title
from castletui.rules.core import PUBLIC
from castletui.saves.table import Table
from castletui.saves.watchers import watchers
from textual.widgets import Input, Select

from castletui.app import Start
from castletui.driver import Driver
from castletui.screens.join import JoinScreen
from castletui.screens.log import LogScreen
from castletui.screens.replay import ReplayScreen
from castletui.screens.result import ResultScreen
from castletui.session import WATCHING, Session
from tests.app.driving import screen_text, wait_until
from tests.app.test_footer_and_no_color import keys_shown
from tests.shared.lobby_tables import at, play_until, seated_table
from tests.shared.test_apps import Terminal, game_screen, settle

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


def lobby_says(app, line: str) -> bool:
    """Whether the lobby is up and lists ``line`` (its folder is read after its first frame)."""
    return isinstance(app.screen, JoinScreen) and line in screen_text(app)


DUO = ["user:ann", "user:bo"]


def secret_titles(state) -> set[str]:
    """The titles of the cards in the players' hands that the public view
    names nowhere (a card of a kind lying face up is no secret)."""
    public = str(msgspec.to_builtins(game.view(state, PUBLIC)))
    in_hands = {title(card) for player in state.players for card in player.hand}
    return {name for name in in_hands if name not in public}


def shows_no_secret(app, state) -> None:
    text = screen_text(app)
    secrets = secret_titles(state)
    assert secrets, "no hand to keep secret yet"
    leaked = [name for name in secrets if name in text]
    assert not leaked, f"the spectator's screen names {leaked}"


async def test_a_spectator_watches_from_the_lobby_sees_a_move_live_and_never_a_hand(tmp_path):
    directory = tmp_path / "tables"
    table = seated_table(directory, DUO, "duel", seed=4)
    first = play_until(table, DUO, lambda session: session.ply > 12 and session.to_move() >= 0, at(1))
    cy = Terminal(directory, "cy", Start("join"))
    async with cy.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: lobby_says(cy, "Watch Castlecards: ann and bo"))
        await pilot.press("enter")  # the one line: watch the game
        await wait_until(pilot, lambda: game_screen(cy) is not None)
        screen = game_screen(cy)
        session = screen.session
        assert session.watching and Table(table.path).read()[1].owners == DUO  # no seat taken
        assert watchers(table.path) == ["cy"]
        await wait_until(pilot, lambda: screen.frame is not None)
        first.sync()
        assert screen.frame.view == game.view(first.state, PUBLIC)
        assert screen.bar.lines == ()
        shows_no_secret(cy, first.state)
        # Every seat's fortress in order, none "you", and no hand of cy's own.
        assert "(you)" not in screen_text(cy) and "No hand of yours: you are watching" in screen_text(cy)
        # The players see cy watching.
        player = Driver(Session.at_table(Table(table.path), 0, "user:ann"))
        assert player.frame().watchers == ("cy",)

        # A move at a player's terminal comes to the spectator's screen live.
        seat = first.to_move()
        mover = Session.at_table(Table(table.path), seat, DUO[seat])
        mover.act(mover.legal_actions()[0])
        await wait_until(pilot, lambda: screen.session.ply == mover.ply)
        await wait_until(pilot, lambda: screen.frame.ply == mover.ply)
        assert screen.frame.view == game.view(mover.state, PUBLIC)
        shows_no_secret(cy, mover.state)

        # No undo, no move: none offered in the footer, and u says why; the table is as the players left it.
        await wait_until(pilot, lambda: "Score" in keys_shown(cy))
        assert "Undo" not in keys_shown(cy), keys_shown(cy)
        before = Table(table.path).read()[0].check
        await pilot.press("u")
        await wait_until(pilot, lambda: any(WATCHING in note.message for note in cy._notifications))
        assert Table(table.path).read()[0].check == before

        # No copy of the table to keep: Save as is not offered.
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert cy.screen is screen

        # The whole log, the score sheet and its replay: the public view only.
        await pilot.press("g")
        await wait_until(pilot, lambda: isinstance(cy.screen, LogScreen))
        shows_no_secret(cy, mover.state)
        assert cy.screen.since == len(cy.screen.lines)  # no turn of a seat's counted as theirs
        await pilot.press("escape")
        await wait_until(pilot, lambda: cy.screen is screen)
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(cy.screen, ResultScreen))
        shows_no_secret(cy, mover.state)
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(cy.screen, ReplayScreen))
        replay = cy.screen.replay
        assert replay.eyes() == [PUBLIC]
        assert "(you)" not in screen_text(cy)  # the table's eyes: no seat is cy's
        shows_no_secret(cy, mover.state)
        await pilot.press("v")  # another seat's eyes: refused
        await settle(pilot)
        assert replay.viewer == PUBLIC
        shows_no_secret(cy, mover.state)
    assert watchers(table.path) == []  # cy left with its castletui


async def test_back_in_the_lobby_the_spectator_no_longer_watches(tmp_path):
    directory = tmp_path / "tables"
    table = seated_table(directory, DUO, "duel", seed=4)
    cy = Terminal(directory, "cy", Start("join"))
    async with cy.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: lobby_says(cy, "Watch Castlecards: ann and bo"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: game_screen(cy) is not None)
        assert watchers(table.path) == ["cy"]
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(cy.screen, JoinScreen))
        assert watchers(table.path) == []


async def test_a_private_table_from_the_wizard_is_hidden_and_refused_to_others(tmp_path):
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    ann = Terminal(directory, "ann", Start("wizard", game_id="castlecards", new_game={"shared": True}))
    async with ann.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: bool(ann.screen.query("#invite-field")))
        assert not ann.screen.query_one("#seed-field").display
        assert ann.screen.query_one("#invite-field").display
        ann.screen.query_one("#kind-1", Select).value = "human"  # a seat for bo
        ann.screen.query_one("#invite", Input).value = "bo"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: game_screen(ann) is not None)
    (path,) = directory.glob("*.json")
    assert [name.casefold() for name in Table(path).read()[1].invited] == ["ann", "bo"]

    cy = Terminal(directory, "cy", Start("join"))
    async with cy.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert (
            str(path) not in [line.path for line in cy.screen.lines] and not cy.screen.seats
        )  # not even listed
    # Named outright: refused, saying why; no seat taken, nobody watching.
    cy = Terminal(directory, "cy", Start("join", path=path))
    async with cy.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: any("private table" in note.message for note in cy._notifications))
        assert game_screen(cy) is None
    assert Table(path).read()[1].owners[1] == "" and watchers(path) == []

    bo = Terminal(directory, "bo", Start("join"))
    async with bo.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: lobby_says(bo, "Take seat 2: Castlecards (2 players) with ann"))
