"""Several castletuis on one table file, driven like players with Pilot (in
one process): two and three terminals play Castlecards to the end, each
drawing only its own seat's view; two windows of one player acting at once
end with one move played and the other told why; and a seat taken by
someone else cannot be joined."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from pathlib import Path
from unittest import mock

import pytest
from castletui.rules import castlecards as game
from castletui.rules.core import bots
from castletui.saves.table import Table
from textual.widgets import Input

from castletui import saves
from castletui.app import Start
from castletui.screens.game import GameScreen
from castletui.screens.join import JoinScreen
from castletui.session import Session
from castletui.shared import SharedApp, create_table
from tests.app.driving import screen_text, wait_until
from tests.shared.lobby_tables import play_until

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


class Terminal(SharedApp):
    """One player's castletui as the tests see it: no bot pause, no blinking."""

    def __init__(self, table_dir: Path, who: str, start: Start | None = None) -> None:
        super().__init__(start, who=who, table_dir=table_dir, bot_delay=0, save_dir=table_dir.parent / who)
        self.still = True


def new_table(tmp_path: Path, players: list[saves.Player], seed: int) -> Table:
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700, exist_ok=True)
    variant = "two-player" if len(players) == 2 else "multi-player"
    with mock.patch("castletui.saves.table.new_seed", return_value=seed):  # the same game on every run
        table, _, _ = create_table(directory, "ann", "castlecards", variant, players)
    return table


def game_screen(app) -> GameScreen | None:
    games = [screen for screen in app.screen_stack if isinstance(screen, GameScreen)]
    return games[-1] if games else None


async def settle(pilot) -> None:
    """Let the screen catch up (the table watcher never completes, so no
    waiting for every worker here)."""
    for _ in range(5):
        await pilot.pause()
        await asyncio.sleep(0.01)


async def play_together(pilots: list, seed: int, limit: int = 3000) -> None:
    """Each terminal plays its own seat's decisions as the normal bot would
    choose them (through the screen, as a chosen line of the action bar is
    played); the others wait for the watcher to bring the move to them."""
    rng = random.Random(seed)
    for _ in range(limit):
        progressed = False
        for pilot in pilots:
            await pilot.pause()
            screen = game_screen(pilot.app)
            assert screen is not None, "a terminal left its game"
            session = screen.session
            if session.over or not (screen.bar.lines and session.to_move() == screen.viewer):
                continue
            with pilot.app._context():  # as the app's own message loop runs a choice
                screen.play(bots.choose(game, session.state, "normal", rng))
            progressed = True
        if all(game_screen(pilot.app).session.over for pilot in pilots):
            return
        if not progressed:
            await asyncio.sleep(0.01)  # the watcher thread brings the last move
    raise AssertionError("the game did not end")


@pytest.fixture
def views_asked(monkeypatch):
    """Every (terminal's seat, seat viewed) a shared session was asked for."""
    asked: list[tuple[int, int]] = []
    original = Session.view

    def view(self, seat):
        if self.shared:
            asked.append((self.seat, seat))
        return original(self, seat)

    monkeypatch.setattr(Session, "view", view)
    return asked


async def run_game(
    tmp_path, names: list[str], seed: int, bots: int = 0, played_before: int = 0
) -> list[GameScreen]:
    """The terminals of ``names`` join and play the game to its end; its
    first ``played_before`` plies are played before they join, headlessly
    by the same players (a whole game through the screens took 20 s)."""
    players = [saves.Player(f"Seat {n + 1}") for n in range(len(names))]
    players += [saves.Player(f"Bot {n + 1}", "bot") for n in range(bots)]
    table = new_table(tmp_path, players, seed)
    directory = table.path.parent
    if played_before:
        for seat, who in enumerate(names[1:], start=1):
            table.take_seat(seat, who)
        play_until(table, names, lambda session: session.ply >= played_before, saves.now())
    apps = [
        Terminal(directory, who, Start("join", path=table.path, new_game={"seat": seat}))
        for seat, who in enumerate(names)
    ]
    async with contextlib.AsyncExitStack() as stack:
        pilots = [await stack.enter_async_context(app.run_test(size=(80, 24))) for app in apps]
        for pilot in pilots:
            await settle(pilot)
        screens = [game_screen(app) for app in apps]
        for seat, (app, screen, who) in enumerate(zip(apps, screens, names, strict=True)):
            assert screen is not None and screen.viewer == seat and screen.session.who == f"user:{who}"
            assert f"{who} (you)" in screen_text(app)  # a seat takes its player's name
        await play_together(pilots, seed)
        final = Table(table.path).read()[0]
        # Every terminal's moves crossed to the others.
        assert {entry.seat for entry in final.log[played_before:]} >= set(range(len(names)))
        for screen in screens:
            assert (
                screen.session.save.check == final.check and screen.session.state == screens[0].session.state
            )
        return screens


@pytest.mark.slow
async def test_two_terminals_play_castlecards_to_the_end_each_seeing_only_its_hand(tmp_path, views_asked):
    screens = await run_game(tmp_path, ["ann", "bo"], seed=21, played_before=300)
    assert saves.load(screens[0].session.table.path).finished
    assert views_asked and all(mine == seen for mine, seen in views_asked)


@pytest.mark.slow
async def test_three_terminals_play_castlecards_to_the_end_each_seeing_only_its_hand(tmp_path, views_asked):
    screens = await run_game(tmp_path, ["ann", "bo", "cy"], seed=8, played_before=200)
    assert {screen.session.seat for screen in screens} == {0, 1, 2}
    assert views_asked and all(mine == seen for mine, seen in views_asked)
    # Each terminal told every move in its log.
    for screen in screens:
        assert len(screen.session.log) >= screen.session.ply


@pytest.mark.slow
async def test_a_bot_seat_is_played_by_whichever_terminal_sees_it_first(tmp_path, views_asked):
    screens = await run_game(tmp_path, ["ann", "bo"], seed=5, bots=1, played_before=150)
    log = screens[0].session.save.log[150:]
    assert any(entry.seat == 2 for entry in log)  # the bot played, once per decision
    assert views_asked and all(mine == seen for mine, seen in views_asked)


async def test_two_windows_acting_at_once_one_move_is_played_the_other_told_why(tmp_path):
    table = new_table(tmp_path, [saves.Player("Seat 1"), saves.Player("Seat 2")], seed=4)
    directory = table.path.parent
    first = Terminal(directory, "ann", Start("join", path=table.path))
    second = Terminal(directory, "ann", Start("join", path=table.path))
    other = Terminal(directory, "bo", Start("join", path=table.path))
    async with first.run_test() as one, second.run_test() as two, other.run_test() as three:
        for pilot in (one, two, three):
            await wait_until(pilot, lambda pilot=pilot: game_screen(pilot.app) is not None)
        # Until it is ann's own decision (the draws are played by whichever terminal sees them),
        # bounded by the clock only so that a broken test ends (tests/app/driving.py's wait_until).
        deadline = time.monotonic() + 60
        while not (game_screen(first).session.to_move() == 0 and game_screen(second).session.to_move() == 0):
            assert time.monotonic() < deadline, "ann's decision never came"
            for pilot in (one, two, three):
                screen = game_screen(pilot.app)
                if screen.bar.lines and screen.session.to_move() == screen.viewer:
                    await pilot.press("enter")
                await pilot.pause()
            await asyncio.sleep(0.01)
        a, b = game_screen(first), game_screen(second)
        assert a.session.to_move() == b.session.to_move() == 0 and a.bar.lines and b.bar.lines
        # Both windows choose before either hears of the other's move.
        b.workers.cancel_group(b, "table")
        action = a.session.legal_actions()[0]
        with first._context():  # as each app's own message loop would run it
            assert a.play(action)
        played = a.session.ply
        with second._context():
            assert not b.play(action)
        await settle(two)
        notes = [note.message for note in second._notifications]
        assert any("another terminal came first" in note and "Choose again" in note for note in notes), notes
        assert b.session.save.check == Table(table.path).read()[0].check  # reloaded to the table
        assert Table(table.path).read()[0].check.plies >= played


async def test_a_seat_someone_else_took_cannot_be_joined(tmp_path):
    table = new_table(tmp_path, [saves.Player("Seat 1"), saves.Player("Seat 2")], seed=4)
    table.take_seat(1, "bo")
    mallory = Terminal(table.path.parent, "mallory", Start("join", path=table.path, new_game={"seat": 1}))
    async with mallory.run_test() as pilot:
        await settle(pilot)
        assert game_screen(mallory) is None
        assert any("belongs to bo" in note.message for note in mallory._notifications)
        assert isinstance(mallory.screen, JoinScreen)
        assert "No table has a free seat" in screen_text(mallory)
    assert Table(table.path).read()[1].owners == ["user:ann", "user:bo"]


async def test_the_lobby_lists_a_free_seat_and_enter_takes_it(tmp_path):
    table = new_table(tmp_path, [saves.Player("Seat 1"), saves.Player("Seat 2")], seed=4)
    app = Terminal(table.path.parent, "bo", Start("join"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Take seat 2: Castlecards (2 players) with ann" in text
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        assert screen is not None and screen.viewer == 1
    assert Table(table.path).read()[1].owners == ["user:ann", "user:bo"]


async def test_the_wizard_starts_a_shared_table_with_you_in_the_first_seat(tmp_path):
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    app = Terminal(directory, "ann", Start("wizard", game_id="castlecards", new_game={"shared": True}))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert "Shared, own terminals" in screen_text(app)
        # The first seat is shown as yours before the game starts.
        assert app.screen.query_one("#name-0", Input).value == "ann"
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = game_screen(app)
        assert screen is not None and screen.session.shared and screen.viewer == 0
    (table,) = directory.glob("*.json")
    save, seating = Table(table).read()
    assert seating.owners[0] == "user:ann" and save.players[0].name == "ann"
    assert not any(seating.owners[1:])  # the other seats wait for whoever joins
