"""The nudge when a table comes to wait for your move while you are
connected (issue 46): another terminal moves at a table you sit at, and
yours, in the lobby or at another table, shows a toast and a line in the
header, and writes the bell and a desktop notification to the terminal
(unless the settings turn that off). The table on screen is no news."""

from __future__ import annotations

import msgspec
import pytest
from textual.geometry import Region

from castletui.app import Start
from castletui.nudge import terminal_nudge
from castletui.screens.game import GameScreen
from castletui.screens.join import JoinScreen
from castletui.widgets.header import SteadyHeader
from tests.app.driving import wait_until
from tests.shared.lobby_tables import NOON, at, play_until, seated_table, waiting_for
from tests.shared.test_apps import Terminal

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")

DUO = ["user:ann", "user:bo"]
LIMIT = 3000  # pauses: only a terminal that never sees the move takes this long


class Watched(Terminal):
    """Bo's terminal at a fixed time, its toasts and what it writes to the terminal kept."""

    def __init__(self, *args, nudge: bool = True, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.settings = msgspec.structs.replace(self.settings, terminal_nudge=nudge)
        self.toasts: list[tuple[str, str]] = []
        self.rung: list[str] = []
        self.clock = lambda: NOON

    def notify(self, message: str, *, title: str = "", **kwargs) -> None:
        self.toasts.append((title, message))
        super().notify(message, title=title, **kwargs)

    def ring_terminal(self, sequence: str) -> None:
        self.rung.append(sequence)


def turns_told(app: Watched) -> list[str]:
    return [message for title, message in app.toasts if title == "Your turn"]


async def test_a_move_elsewhere_that_makes_it_your_turn_nudges_you_in_the_lobby(tmp_path):
    directory = tmp_path / "tables"
    table = seated_table(directory, DUO, "evening")
    play_until(table, DUO, waiting_for(0), at(5))  # ann's move: bo waits
    app = Watched(directory, "bo", Start("join"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.lines)
        assert turns_told(app) == [] and app.turn_line == ""
        play_until(table, DUO, waiting_for(1), at(0))  # ann moves, in her own terminal
        await wait_until(pilot, lambda: turns_told(app), LIMIT)
        assert turns_told(app) == ["Castlecards with ann: your turn now"]
        assert app.rung == [terminal_nudge("castletui", turns_told(app)[0])]
        assert app.turn_line == "Your turn: Castlecards with ann"
        # The lobby follows too: the table is on top, waiting for bo.
        await wait_until(pilot, lambda: "1 table waits for your move" in str(app.screen.texts), LIMIT)


def bo_at_one_of_two_tables(directory):
    """Two tables both waiting for Ann; Bo's terminal opens at the first."""
    here = seated_table(directory, DUO, "here", seed=4)
    there = seated_table(directory, DUO, "there", seed=5)
    play_until(here, DUO, waiting_for(0), at(5))
    play_until(there, DUO, waiting_for(0), at(5))
    return here, there, Watched(directory, "bo", Start("join", path=here.path))


async def test_at_another_table_you_are_nudged_and_the_table_on_screen_is_no_news(tmp_path):
    here, there, app = bo_at_one_of_two_tables(tmp_path / "tables")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        play_until(here, DUO, waiting_for(1), at(0))  # at the table on screen: the game shows it
        play_until(there, DUO, waiting_for(1), at(0))
        await wait_until(pilot, lambda: turns_told(app), LIMIT)
        assert turns_told(app) == ["Castlecards with ann: your turn now"]
        assert len(app.rung) == 1
        assert isinstance(app.screen, GameScreen) and app.screen.session.path == here.path
        assert app.turn_line == "Your turn: Castlecards with ann"  # the other table


def header_text(app) -> str:
    header = app.screen.query_one(SteadyHeader)
    return "".join(segment.text for segment in header.render_lines(Region(0, 0, header.size.width, 1))[0])


async def test_at_80_columns_the_header_shows_the_turn_line_whole_at_another_table(tmp_path):
    """A game's title and its file name filled the header at 80 columns:
    the turn line came after them and was cut to "| Yo..."."""
    here, there, app = bo_at_one_of_two_tables(tmp_path / "tables")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        play_until(there, DUO, waiting_for(1), at(0))
        await wait_until(pilot, lambda: "Your turn: Castlecards with ann" in header_text(app))


async def test_a_move_at_a_table_you_do_not_sit_at_costs_your_nudge_no_look(tmp_path):
    """Issue 45: with many tables going on one host, each player looked at
    every table at every move anywhere; now only a change of one of theirs
    (or a new table) makes them look, and another table's move (its file
    appended to) does not even wake the watch: only your tables' files are
    watched for writes."""
    directory = tmp_path / "tables"
    ours = seated_table(directory, DUO, "ours", seed=4)
    theirs = seated_table(directory, ["user:cy", "user:dee"], "theirs", seed=5)
    play_until(ours, DUO, waiting_for(0), at(5))
    app = Watched(directory, "bo", Start("join"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.lines)
        follower, looks = app.turn_follower, []
        look = follower.look
        follower.look = lambda: looks.append(1) or look()
        play_until(theirs, ["user:cy", "user:dee"], lambda session: len(session.save.log) >= 2, at(1))
        play_until(ours, DUO, waiting_for(1), at(0))
        await wait_until(pilot, lambda: turns_told(app), LIMIT)
        assert looks and turns_told(app) == ["Castlecards with ann: your turn now"]
        # Their moves came first, and were not heard at all (each would have been passed over).
        assert follower.passed_over == 0


async def test_a_table_you_sit_down_at_after_the_follower_began_nudges_you(tmp_path):
    """Issue 45: the follower hears only your tables' writes; one you sat
    down at since it began is heard from then on (its moves are appended
    to its file, which a watch of the folder alone no longer hears)."""
    directory = tmp_path / "tables"
    table = seated_table(directory, ["user:ann", ""], "later", seed=4)
    app = Watched(directory, "bo", Start("join"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.lines)
        assert app.turn_follower.mine == frozenset()
        await pilot.press("enter")  # the table with a free seat: bo sits down
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await wait_until(pilot, lambda: table.path.name in app.turn_follower.mine, LIMIT)
        await pilot.press("q")  # back to the lobby
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen), LIMIT)
        play_until(table, DUO, waiting_for(1), at(0))  # ann moves, in her own terminal
        await wait_until(pilot, lambda: turns_told(app), LIMIT)
        assert turns_told(app) == ["Castlecards with ann: your turn now"]


async def test_a_move_at_the_table_on_screen_costs_your_nudge_no_look_and_leaving_it_is_no_news(tmp_path):
    """Issue 45: a look reads every table changed since the last, twenty on a
    busy host, and each move at the table on screen made one; its game
    shows the turn. Once it leaves the screen it is looked at, quietly."""
    directory = tmp_path / "tables"
    here = seated_table(directory, DUO, "here", seed=4)
    play_until(here, DUO, waiting_for(0), at(5))
    app = Watched(directory, "bo", Start("join", path=here.path))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen, follower, looks = app.screen, app.turn_follower, []
        look = follower.look
        follower.look = lambda **quiet: looks.append(quiet) or look(**quiet)
        plies = play_until(here, DUO, waiting_for(1), at(0)).ply  # ann moves: bo's turn, on screen
        heard = lambda: getattr(follower, "unlooked", "") or looks  # noqa: E731 -- the follower heard it, either way
        await wait_until(pilot, lambda: screen.session.ply == plies and heard(), LIMIT)
        assert looks == [] and app.turn_line == ""
        await pilot.press("q")  # back to the menu: the table is looked at, and is no news
        await wait_until(pilot, lambda: not isinstance(app.screen, GameScreen) and looks, LIMIT)
        assert looks == [{"quiet": here.path.name}]
        assert turns_told(app) == [] and app.turn_line == "Your turn: Castlecards with ann"


async def test_the_settings_turn_the_terminal_notification_off_not_the_toast(tmp_path):
    directory = tmp_path / "tables"
    table = seated_table(directory, DUO, "evening")
    play_until(table, DUO, waiting_for(0), at(5))
    app = Watched(directory, "bo", Start("join"), nudge=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.lines)
        play_until(table, DUO, waiting_for(1), at(0))
        await wait_until(pilot, lambda: turns_told(app), LIMIT)
        assert app.rung == []


@pytest.mark.postgres
async def test_a_move_on_a_postgresql_store_nudges_you_in_the_lobby(tmp_path, postgres_server):
    """Issue 45: with the tables in PostgreSQL the nudge hears the store,
    not a folder: another host's player moves, and yours is told."""
    from castletui.saves.stores import open_store
    from castletui.saves.stores.shared import StoreTable

    directory = tmp_path / "tables"
    url = postgres_server.fresh_url()
    theirs, ours = open_store(url), open_store(url)  # another host's connection, and this app's
    try:
        save, seating = seated_table(directory, DUO, "evening").read()
        table = StoreTable(theirs, theirs.adopt(save, seating, stem="evening"))
        play_until(table, DUO, waiting_for(0), at(5))  # ann's move: bo waits
        app = Watched(directory, "bo", Start("join"))
        app.table_store = ours
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.lines)
            assert turns_told(app) == []
            play_until(table, DUO, waiting_for(1), at(0))
            await wait_until(pilot, lambda: turns_told(app), LIMIT)
            assert turns_told(app) == ["Castlecards with ann: your turn now"]
    finally:
        theirs.close()
        ours.close()


def test_the_terminal_notification_is_a_bell_and_osc_9_or_777_with_no_control_characters():
    assert (
        terminal_nudge("castletui", "your turn", term="xterm-256color")
        == "\x07\x1b]9;castletui: your turn\x07"
    )
    assert (
        terminal_nudge("castletui", "your turn", term="foot") == "\x07\x1b]777;notify;castletui;your turn\x07"
    )
    sneaky = terminal_nudge("castletui", "Bo\x07\x1b]52;c;x\x07; ok", term="rxvt-unicode")
    assert sneaky.count("\x1b") == 1 and sneaky.count("\x07") == 2 and sneaky.count(";") == 3


@pytest.mark.postgres
async def test_on_a_postgresql_store_the_table_on_screen_is_no_news_either(tmp_path, postgres_server):
    """A store's table on screen is named by a path of its own
    (saves.stores.shared), the lobby's line by its id: both its name."""
    from pathlib import Path

    from castletui.saves.stores import open_store
    from castletui.saves.stores.shared import StoreTable

    directory = tmp_path / "tables"
    url = postgres_server.fresh_url()
    theirs, ours = open_store(url), open_store(url)
    try:
        tables = []
        for stem, seed in (("here", 4), ("there", 5)):
            save, seating = seated_table(directory, DUO, stem, seed=seed).read()
            tables.append(StoreTable(theirs, theirs.adopt(save, seating, stem=stem)))
        here, there = tables
        for table in tables:
            play_until(table, DUO, waiting_for(0), at(5))
        app = Watched(directory, "bo", Start("join", path=Path(here.address)))
        app.table_store = ours
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            play_until(here, DUO, waiting_for(1), at(0))  # at the table on screen: the game shows it
            play_until(there, DUO, waiting_for(1), at(0))
            await wait_until(pilot, lambda: turns_told(app), LIMIT)
            assert turns_told(app) == ["Castlecards with ann: your turn now"]
            assert app.turn_line == "Your turn: Castlecards with ann"  # the other table
            assert app.screen.session.path.name == here.address
    finally:
        theirs.close()
        ours.close()
