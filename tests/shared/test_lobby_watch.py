"""What a terminal at a shared table does when nobody moves, and how little
it does when someone does: the lobby has no timer, does nothing while a
game covers it and looks again when it comes back or when a table changes;
a table file that was not replaced is not decoded again; a watching
terminal takes in only the moves added and redraws once per change (and
not at all for its own move coming back to it)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path
from unittest import mock

import pytest
from castletui.rules import castlecards as game
from castletui.rules.core import CHANCE
from castletui.saves.table import Table, TableListing

from castletui import saves
from castletui.app import Start
from castletui.screens.game import GameScreen
from castletui.screens.join import JoinScreen
from castletui.session import Session
from castletui.shared import SharedApp, create_table
from tests.app.driving import screen_text

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")

BOUND = 30  # seconds: only a terminal that never sees the change takes this long


def new_table(directory: Path, creator: str = "ann", seed: int = 4) -> Table:
    directory.mkdir(mode=0o700, exist_ok=True)
    players = [saves.Player("Seat 1"), saves.Player("Seat 2")]
    with mock.patch("castletui.saves.table.new_seed", return_value=seed):
        table, _, _ = create_table(directory, creator, "castlecards", "two-player", players)
    return table


@pytest.fixture
def decoded(monkeypatch) -> list[Path]:
    """The table files decoded (saves.table's calls into the codec for a
    whole file, and for a listing's header and last line; the moves
    appended to one are read by read_since)."""
    calls: list[Path] = []
    for name in ("decode_layout", "decode_standing"):
        original = getattr(saves.table, name)

        def spied(data, path, original=original):
            calls.append(Path(path))
            return original(data, path)

        monkeypatch.setattr(saves.table, name, spied)
    return calls


async def until(pilot, condition, what: str) -> None:
    """Let the app run until ``condition()`` holds (a watcher's thread is
    slow on a busy machine); fail after BOUND seconds."""
    deadline = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        await pilot.pause()
        await asyncio.sleep(0.02)


def listed(lobby, table) -> bool:
    """Whether the lobby lists a line of ``table`` (its lines name no file unless two read alike)."""
    return any(Path(line.path) == table.path for line in lobby.lines)


def game_screen(app) -> GameScreen | None:
    return next((screen for screen in app.screen_stack if isinstance(screen, GameScreen)), None)


def test_an_unchanged_table_file_is_not_decoded_again(tmp_path, decoded):
    directory = tmp_path / "tables"
    first, second = new_table(directory, "ann"), new_table(directory, "cy", seed=5)
    listing = TableListing(directory)
    decoded.clear()
    assert len(listing.rows()) == 2 and sorted(decoded) == sorted([first.path, second.path])
    decoded.clear()
    assert len(listing.rows()) == 2 and decoded == []  # nothing was replaced: no reading at all
    Table(second.path).take_seat(1, "bo")
    decoded.clear()
    rows = listing.rows()
    assert decoded == [second.path]
    assert next(row for row in rows if row.path == str(second.path)).owners == ("user:cy", "user:bo")
    (directory / "broken.json").write_text("{not json")
    decoded.clear()
    listing.rows()
    assert set(decoded) == {directory / "broken.json"}
    decoded.clear()
    listing.rows()
    assert decoded == []  # a broken file is not read again either


def test_a_watching_terminal_takes_in_only_the_moves_added(tmp_path, decoded, monkeypatch):
    table = new_table(tmp_path / "tables")
    Table(table.path).take_seat(1, "bo")
    ann, bo = (Session.at_table(Table(table.path), seat, who) for seat, who in enumerate(["ann", "bo"]))
    while ann.to_move() == CHANCE:
        ann.act(ann.digital_chance())
    bo.sync()
    replayed, applied = [], []
    monkeypatch.setattr(saves.table, "replay_states", lambda *a, **k: replayed.append(a))
    original_apply = game.apply
    monkeypatch.setattr(
        game, "apply", lambda state, action: applied.append(action) or original_apply(state, action)
    )
    decoded.clear()
    mover, watcher = (ann, bo) if ann.to_move() == 0 else (bo, ann)
    mover.act(game.legal_actions(mover.state)[0])
    applied.clear()
    assert decoded == []  # the mover does not read back what it wrote
    assert mover.sync() == ([], False) and decoded == []  # its own move coming back: one stat
    lines, rewound = watcher.sync()
    assert lines and not rewound and watcher.state == mover.state
    assert decoded == []  # the move's line alone was read, not the whole table
    assert len(applied) == 1 and replayed == []  # the one new move, not the whole log
    mover.undo(mover.seat)
    decoded.clear()
    lines, rewound = watcher.sync()
    assert rewound and watcher.state == mover.state and watcher.save.log == mover.save.log
    assert decoded == [table.path] and replayed == []  # an undo cuts back, it does not replay


async def test_the_lobby_rests_under_a_game_and_looks_again_when_uncovered(tmp_path, decoded):
    directory = tmp_path / "tables"
    table = new_table(directory, "ann")
    app = SharedApp(
        Start("join", path=table.path, new_game={"seat": 1}),
        who="bo",
        table_dir=directory,
        lobby_only=True,
        bot_delay=0,
        save_dir=tmp_path / "bo",
    )
    app.still = True
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game opens over the lobby")
        lobby = app.screen_stack[0]
        assert isinstance(lobby, JoinScreen)
        reloads = []
        original = lobby.reload
        lobby.reload = lambda: reloads.append(1) or original()
        # Another player starts a table, and ann moves at the game bo watches.
        other = new_table(directory, "cy", seed=5)
        screen = game_screen(app)
        await until(pilot, lambda: screen.session.to_move() not in (None, CHANCE), "the deal")
        if screen.session.to_move() == 1:
            with app._context():
                screen.play(game.legal_actions(screen.session.state)[0])
        ann = Session.at_table(Table(table.path), 0, "ann")
        while ann.to_move() == CHANCE:
            ann.act(ann.digital_chance())
        assert ann.to_move() == 0
        ann.act(game.legal_actions(ann.state)[0])
        await until(pilot, lambda: screen.session.ply >= ann.ply, "the game takes in ann's move")
        await pilot.pause()
        assert reloads == []
        assert [timer.name for timer in lobby._timers] in ([], ["screen_update"])  # none of its own
        assert not [worker for worker in app.workers if worker.node is lobby and not worker.is_finished]
        app.pop_screen()  # back to the lobby
        await until(pilot, lambda: listed(lobby, other), "the lobby lists cy's new table")
        assert len(reloads) == 1
        # On screen, it follows the folder.
        third = new_table(directory, "di", seed=6)
        await until(pilot, lambda: listed(lobby, third), "the lobby lists di's table")
        decoded.clear()
        with app._context():
            lobby.action_reload()  # r reads every table afresh
        assert sorted(decoded) == sorted([table.path, other.path, third.path])


async def test_the_lobby_does_not_repaint_when_nothing_it_shows_changed(tmp_path):
    directory = tmp_path / "tables"
    new_table(directory, "ann")
    app = SharedApp(Start("join"), who="bo", table_dir=directory, bot_delay=0, save_dir=tmp_path / "bo")
    app.still = True
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "Take seat 2" in screen_text(app), "the lobby lists ann's table")
        lobby = app.screen
        painted = []
        for selector in ("#lobby", "#lobby-title", "#lobby-note"):
            widget = lobby.query_one(selector)
            original = widget.refresh
            widget.refresh = lambda *a, original=original, **k: painted.append(1) or original(*a, **k)
        with app._context():
            lobby.reload()
            lobby.reload()
        assert painted == []


async def test_a_watching_terminal_redraws_once_per_change_and_not_for_its_own_move(tmp_path):
    directory = tmp_path / "tables"
    table = new_table(directory, "ann")
    Table(table.path).take_seat(1, "bo")
    apps = [
        SharedApp(
            Start("join", path=table.path, new_game={"seat": seat}),
            who=who,
            table_dir=directory,
            bot_delay=0,
            save_dir=tmp_path / who,
        )
        for seat, who in enumerate(["ann", "bo"])
    ]
    redraws: list[tuple[str, bool, int]] = []  # (who, anything new, redraws) per table change
    changed, refresh = GameScreen.table_changed, GameScreen.refresh_table
    counting: list[int] = []

    def table_changed(self):
        before = (self.session.ply, self.session.save.log)
        counting.append(0)
        changed(self)
        redraws.append(
            (self.session.who, (self.session.ply, self.session.save.log) != before, counting.pop())
        )

    def refresh_table(self):
        if counting:
            counting[-1] += 1
        refresh(self)

    with (
        mock.patch.object(GameScreen, "table_changed", table_changed),
        mock.patch.object(GameScreen, "refresh_table", refresh_table),
    ):
        async with contextlib.AsyncExitStack() as stack:
            pilots = [await stack.enter_async_context(app.run_test(size=(100, 30))) for app in apps]
            for app in apps:
                app.still = True
            screens = []
            for pilot, app in zip(pilots, apps, strict=True):
                await until(pilot, lambda app=app: game_screen(app) is not None, "the game opens")
                screens.append(game_screen(app))

            def settled() -> bool:
                plies = {screen.session.ply for screen in screens}
                return len(plies) == 1 and screens[0].session.to_move() not in (None, CHANCE)

            await until(pilots[0], settled, "both terminals see the deal")
            for _ in range(3):
                seat = screens[0].session.to_move()
                mover = screens[seat]
                with apps[seat]._context():
                    mover.play(game.legal_actions(mover.session.state)[0])
                target = mover.session.ply
                await until(
                    pilots[1 - seat],
                    lambda target=target: (
                        all(screen.session.ply >= target for screen in screens) and settled()
                    ),
                    "the other terminal takes in the move",
                )
    assert any(new for _, new, _ in redraws)
    for who, new, count in redraws:
        assert count == (1 if new else 0), (who, new, count)
