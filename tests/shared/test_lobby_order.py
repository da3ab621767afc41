"""The lobby is about you (issue 46): your tables first, those waiting for
your move on top with how long they have waited, then those waiting for
others, then free seats at other tables, then games you may watch (item
4), then your finished games; and ``n`` goes to the next table waiting
for you."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from castletui.rules.core import PUBLIC
from castletui.saves.clock import CLOCK_FILE_VARIABLE
from castletui.saves.table import Table, TableListing

from castletui import saves
from castletui.app import Start
from castletui.lobby import (
    FINISHED,
    OPEN_SEAT,
    THEIR_TURN,
    WATCH,
    YOUR_TURN,
    Turns,
    lobby_lines,
    next_waiting,
    waited,
)
from castletui.screens.game import GameScreen
from castletui.screens.join import JoinScreen
from tests.app.driving import wait_until
from tests.shared.lobby_tables import NOON, at, over, play_until, seated_table, waiting_for
from tests.shared.test_apps import Terminal


def folder_of_tables(directory: Path) -> dict[str, Table]:
    """Bo's tables in every state, each last moved at a known time, and
    all made at one moment (the clock file): tables made in the same
    second are listed by name, whatever second this machine reaches."""
    clock_file = directory.parent / "now"
    clock_file.write_text(NOON.isoformat())
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CLOCK_FILE_VARIABLE, str(clock_file))
        return _made(directory)


def _made(directory: Path) -> dict[str, Table]:
    tables = {
        "bo-waits-14h": seated_table(directory, ["user:ann", "user:bo"], "a", seed=4),
        "bo-waits-2h": seated_table(directory, ["user:cy", "user:bo"], "b", seed=5),
        "ann-waits-2d": seated_table(directory, ["user:ann", "user:bo"], "c", seed=6),
        "free-seat": seated_table(directory, ["user:cy", ""], "d", seed=7),
        "finished": seated_table(directory, ["user:ann", "user:bo"], "e", seed=8),
        "not-bos": seated_table(directory, ["user:ann", "user:cy"], "f", seed=9),
    }
    play_until(tables["bo-waits-14h"], ["user:ann", "user:bo"], waiting_for(1), at(14))
    play_until(tables["bo-waits-2h"], ["user:cy", "user:bo"], waiting_for(1), at(2))
    play_until(tables["ann-waits-2d"], ["user:ann", "user:bo"], waiting_for(0), at(50))
    play_until(tables["finished"], ["user:ann", "user:bo"], over, at(1))
    return tables


def test_your_turns_come_first_longest_waiting_on_top_then_others_then_free_seats_then_finished(tmp_path):
    directory = tmp_path / "tables"
    tables = folder_of_tables(directory)
    rows = TableListing(directory).rows()
    lines, closed = lobby_lines(rows, "user:bo", "bo", Turns(), NOON)
    assert closed == []
    assert [(line.path, line.group) for line in lines] == [
        (str(tables["bo-waits-14h"].path), YOUR_TURN),
        (str(tables["bo-waits-2h"].path), YOUR_TURN),
        (str(tables["ann-waits-2d"].path), THEIR_TURN),
        (str(tables["free-seat"].path), OPEN_SEAT),
        (str(tables["free-seat"].path), WATCH),
        (str(tables["not-bos"].path), WATCH),
        (str(tables["finished"].path), FINISHED),
    ]
    words = [line.text for line in lines]
    assert words[0] == "Castlecards with ann: your turn for 14 h"
    assert words[1] == "Castlecards with cy: your turn for 2 h"
    assert words[2] == "Castlecards with ann: ann's turn, 2 d"
    assert words[3] == "Take seat 2: Castlecards (2 players) with cy"
    assert words[4] == "Watch Castlecards: cy, seat 2 free; a roll or draw next"  # not "cy, cy to play"
    assert words[5] == "Watch Castlecards: ann and cy, a roll or draw next"
    assert words[6].startswith("Castlecards with ann: Finished")
    # The seat Enter takes: bo's own, or the free one; none to watch (PUBLIC).
    assert [line.seat for line in lines] == [1, 1, 1, 1, PUBLIC, PUBLIC, 1]


def test_a_free_seat_is_not_offered_beside_your_own_name_and_a_table_seen_by_another_is_theirs(tmp_path):
    directory = tmp_path / "tables"
    tables = folder_of_tables(directory)
    lines, _ = lobby_lines(TableListing(directory).rows(), "user:ann", "ann", Turns(), NOON)
    groups = {Path(line.path).name: line.group for line in lines}
    assert groups[tables["ann-waits-2d"].path.name] == YOUR_TURN
    assert groups[tables["bo-waits-14h"].path.name] == THEIR_TURN
    assert groups[tables["bo-waits-2h"].path.name] == WATCH  # cy's and bo's: no seat for ann
    assert lines[0].text == "Castlecards with bo: your turn for 2 d"


def test_watch_and_seat_lines_name_the_file_only_to_tell_two_alike_tables_apart(tmp_path):
    # The file's name wrapped every such line at 80 columns; a player needs it
    # only where two tables of the same players would read alike.
    directory = tmp_path / "tables"
    one = seated_table(directory, ["user:ann", ""], "one", seed=4)
    two = seated_table(directory, ["user:ann", ""], "two", seed=4)
    lone = seated_table(directory, ["user:cy", ""], "lone", seed=5)
    lines, _ = lobby_lines(TableListing(directory).rows(), "user:dee", "dee", Turns(), NOON)
    words = {(Path(line.path).name, line.group): line.text for line in lines}
    assert words[lone.path.name, OPEN_SEAT] == "Take seat 2: Castlecards (2 players) with cy"
    assert not words[lone.path.name, WATCH].endswith(lone.path.name)
    for group in (OPEN_SEAT, WATCH):
        assert words[one.path.name, group].endswith(f" - {one.path.name}")
        assert words[two.path.name, group].endswith(f" - {two.path.name}")


def test_a_turn_that_just_came_says_so_on_both_sides(tmp_path):
    directory = tmp_path / "tables"
    table = seated_table(directory, ["user:ann", "user:bo"], "a", seed=4)
    play_until(table, ["user:ann", "user:bo"], waiting_for(1), at(0))
    bos, _ = lobby_lines(TableListing(directory).rows(), "user:bo", "bo", Turns(), NOON)
    anns, _ = lobby_lines(TableListing(directory).rows(), "user:ann", "ann", Turns(), NOON)
    assert bos[0].text == "Castlecards with ann: your turn now"
    assert anns[0].text == "Castlecards with bo: bo's turn, just now"


def test_how_long_a_table_waited_in_short_words():
    assert waited(at(0), NOON) == "just now"  # not "1 min": a few seconds is not a minute
    assert waited(at(59 / 3600), NOON) == "just now"
    assert waited(at(61 / 3600), NOON) == "1 min"
    assert waited(at(0.5), NOON) == "30 min"
    assert waited(at(14), NOON) == "14 h"
    assert waited(at(47), NOON) == "47 h"
    assert waited(at(49), NOON) == "2 d"
    assert waited((NOON - datetime.timedelta(days=9)).isoformat(), NOON) == "9 d"
    assert waited("not a time", NOON) == ""


def test_the_turns_follow_a_move_replaying_only_what_was_added(tmp_path, monkeypatch):
    directory = tmp_path / "tables"
    table = seated_table(directory, ["user:ann", "user:bo"], "a")
    play_until(table, ["user:ann", "user:bo"], waiting_for(1), at(3))
    turns = Turns()
    assert turns.standing(table.path).to_move == 1
    play_until(table, ["user:ann", "user:bo"], waiting_for(0), at(1))
    replayed = []
    monkeypatch.setattr(saves.table, "replay_states", lambda *args, **kwargs: replayed.append(args))
    standing = turns.standing(table.path)
    assert standing.to_move == 0 and standing.since == at(1)
    assert replayed == []  # the moves added were applied to the states kept, not the whole game again


def test_n_goes_round_the_tables_waiting_for_you(tmp_path):
    directory = tmp_path / "tables"
    tables = folder_of_tables(directory)
    lines, _ = lobby_lines(TableListing(directory).rows(), "user:bo", "bo", Turns(), NOON)
    first, second = str(tables["bo-waits-14h"].path), str(tables["bo-waits-2h"].path)
    assert next_waiting(lines, None).path == first
    assert next_waiting(lines, first).path == second
    assert next_waiting(lines, second).path == first
    assert next_waiting(lines, str(tables["free-seat"].path)).path == first
    assert next_waiting([line for line in lines if line.group != YOUR_TURN], None) is None


class ClockedTerminal(Terminal):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.clock = lambda: NOON


async def test_n_in_the_lobby_opens_the_next_table_waiting_for_you(tmp_path):
    directory = tmp_path / "tables"
    tables = folder_of_tables(directory)
    app = ClockedTerminal(directory, "bo", Start("join"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.lines)
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.session.path == tables["bo-waits-14h"].path and app.screen.viewer == 1
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.session.path == tables["bo-waits-2h"].path


async def test_n_with_no_table_waiting_for_you_says_so_and_stays_in_the_lobby(tmp_path):
    directory = tmp_path / "tables"
    table = seated_table(directory, ["user:ann", "user:bo"], "a")
    play_until(table, ["user:ann", "user:bo"], waiting_for(0), at(3))  # ann's move
    app = ClockedTerminal(directory, "bo", Start("join"))
    told = []
    notify = app.notify
    app.notify = lambda message, **kwargs: told.append(kwargs.get("title")) or notify(message, **kwargs)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.lines)
        await pilot.press("n")
        await wait_until(pilot, lambda: "Nothing to play" in told)
        assert isinstance(app.screen, JoinScreen)


@pytest.mark.postgres
def test_the_lobby_on_a_postgresql_store_says_what_it_says_of_the_files(tmp_path, postgres_server):
    """Issue 45: the same tables, kept in PostgreSQL, give the same lines
    in the same order, their turns and waits included."""
    from castletui.saves.stores import open_store
    from castletui.saves.stores.shared import StoreListing

    directory = tmp_path / "tables"
    folder_of_tables(directory)
    from_files, _ = lobby_lines(TableListing(directory).rows(), "user:bo", "bo", Turns(), NOON)
    store = open_store(postgres_server.fresh_url())
    try:
        for row in TableListing(directory).rows():
            save, seating = Table(Path(row.path)).read()
            store.adopt(save, seating, stem=Path(row.path).stem)
        from_store, _ = lobby_lines(StoreListing(store).rows(), "user:bo", "bo", Turns(store), NOON)
    finally:
        store.close()
    assert [(line.group, line.seat) for line in from_store] == [
        (line.group, line.seat) for line in from_files
    ]
    words = lambda lines: [line.text.split(" - ")[0] for line in lines]  # noqa: E731 - a table's name differs
    assert words(from_store) == words(from_files)


def test_your_table_waiting_for_a_free_seat_names_that_seat_once(tmp_path):
    """It read "Castlecards with seat 2 (free): waiting for a player in seat 2"."""
    directory = tmp_path / "tables"
    alone = ["user:ann", ""]
    play_until(seated_table(directory, alone, "alone", seed=7), alone, waiting_for(1), at(1))
    (line, *_) = lobby_lines(TableListing(directory).rows(), "user:ann", "ann", Turns(), NOON)[0]
    assert (line.group, line.text) == (THEIR_TURN, "Castlecards: waiting for a player in seat 2, 1 h")
