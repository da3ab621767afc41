"""The lobby's cache (castletui/lobby_cache.py, issue 46: the lobby stays
fast with 200 tables), one for every player at the table folder: a run
after another, the same player's or another's, lists the same lines
without reading an unchanged table or replaying one whose turn a look
worked out; a table changed since is read again; a cache that is
damaged, of another version, or that someone else could have written is
ignored and written anew; a private table stays hidden from whoever is
not invited though an invited player's login filled the cache; two
lobbies writing lose nothing either worked out."""

from __future__ import annotations

import math
import os
import shutil
import time
from pathlib import Path

import msgspec
import pytest
from castletui.saves.table import Table, TableListing
from textual.content import Content

from castletui import lobby, lobby_cache, saves
from castletui.app import Start
from castletui.lobby import Turns, lobby_lines, work_out_turns
from castletui.lobby_cache import FOLDER, VERSION, LobbyCache
from castletui.screens.join import LobbyWords
from castletui.shared import SharedApp, create_table
from tests.shared.lobby_tables import NOON, at, play_until, waiting_for
from tests.shared.test_lobby_order import folder_of_tables
from tests.shared.test_lobby_watch import until

BO = "user:bo"


@pytest.fixture
def read(monkeypatch) -> list[str]:
    """What was read of the tables: each file decoded (whole, or its header
    and last line) and each game replayed (lobby.game_of, once a standing)."""
    calls: list[str] = []
    for name in ("decode_layout", "decode_standing"):
        original = getattr(saves.table, name)

        def spied(data, path, original=original):
            calls.append(f"decoded {Path(path).name}")
            return original(data, path)

        monkeypatch.setattr(saves.table, name, spied)
    original_game_of = lobby.game_of

    def game_of(save, source):
        calls.append(f"replayed {source}")
        return original_game_of(save, source)

    monkeypatch.setattr(lobby, "game_of", game_of)
    return calls


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, dict[str, str], str]:
    """Bo's tables in every state (tests/shared/test_lobby_order.py), and a
    private table of cy's with a free seat, di invited: made once, each
    test has a copy. The folder, each table's file name by what it is, and
    the private one's."""
    directory = tmp_path_factory.mktemp("made") / "tables"
    tables = folder_of_tables(directory)
    players = [saves.Player("Seat 1"), saves.Player("Seat 2")]
    private, _, _ = create_table(
        directory, "user:cy", "castlecards", "two-player", players, name="cy", invited=["di"]
    )
    return directory, {what: table.path.name for what, table in tables.items()}, private.path.name


@pytest.fixture
def folder(made, tmp_path) -> tuple[Path, dict[str, Path], Path]:
    """A copy of ``made``: the folder, each table's path by what it is, and the private one's."""
    template, names, private = made
    directory = tmp_path / "tables"
    shutil.copytree(template, directory)
    return directory, {what: directory / name for what, name in names.items()}, directory / private


def afresh(directory: Path, who: str, name: str):
    """The lobby's lines read from the tables themselves, no cache."""
    return lobby_lines(TableListing(directory).rows(), who, name, Turns(), NOON)


def a_run(directory: Path, who: str = BO, name: str = "bo"):
    """A new run's look, from what the cache holds; and its cache."""
    listing, turns, cache = TableListing(directory), Turns(), LobbyCache(directory)
    cache.give(listing, turns)
    return lobby_lines(listing.rows(), who, name, turns, NOON), listing, turns, cache


def kept_by_a_run(directory: Path, who: str = BO, name: str = "bo") -> Path:
    """One run's look at the tables, kept: the cache's file."""
    _, listing, turns, cache = a_run(directory, who, name)
    assert cache.keep(listing, turns)
    return cache.path


def test_a_run_after_another_lists_the_same_and_reads_no_table(folder, read):
    directory, _, private = folder
    kept_by_a_run(directory)
    read.clear()
    (lines, closed), *_ = a_run(directory)
    assert read == []  # no table read, none of bo's replayed
    assert (lines, closed) == afresh(directory, BO, "bo")
    assert [line for line in lines if line.standing is not None]  # bo's turns came from the cache
    assert str(private) not in [line.path for line in lines]  # bo is not invited


def test_another_players_first_login_lists_every_table_from_the_cache_and_replays_only_unknown_turns(
    folder, read
):
    """Ann's login kept the rows of every table and the turns of hers: bo,
    at his first, reads no table and replays only the one ann does not sit at."""
    directory, tables, _ = folder
    kept_by_a_run(directory, "user:ann", "ann")
    read.clear()
    (lines, closed), listing, turns, cache = a_run(directory)
    # That table alone: cy's and bo's, whose turn ann's look never worked out.
    assert sorted(read) == [f"decoded {tables['bo-waits-2h'].name}", f"replayed {tables['bo-waits-2h'].name}"]
    assert (lines, closed) == afresh(directory, BO, "bo")
    assert cache.keep(listing, turns)
    read.clear()
    (lines, closed), *_ = a_run(directory, "user:ann", "ann")  # and ann's second, after bo's
    assert read == []
    assert (lines, closed) == afresh(directory, "user:ann", "ann")


def test_a_lobby_leaving_works_out_the_turns_of_every_table_so_a_first_login_replays_none(folder, read):
    directory, _, private = folder
    _, listing, turns, cache = a_run(directory, "user:dick", "dick")  # sits at no table
    work_out_turns(listing.rows(), turns, until=math.inf)  # as the lobby leaves
    assert cache.keep(listing, turns)
    for who, name in (("user:ann", "ann"), (BO, "bo"), ("user:cy", "cy")):
        read.clear()
        lines = a_run(directory, who, name)[0]
        assert read == [], who
        assert lines == afresh(directory, who, name)
    assert str(private) in [line.path for line in a_run(directory, "user:cy", "cy")[0][0]]  # cy's own


def test_a_lobby_leaving_works_out_no_turn_past_its_time(folder):
    directory, _, _ = folder
    turns = Turns()
    work_out_turns(TableListing(directory).rows(), turns, until=time.monotonic() - 1)
    assert turns.known == {}


def test_a_private_table_stays_hidden_from_the_uninvited_though_an_invited_login_filled_the_cache(
    folder, read
):
    directory, _, private = folder
    kept = LobbyCache(directory)
    kept_by_a_run(directory, "user:di", "di")  # invited: the private table listed, its row kept
    lines = a_run(directory, "user:di", "di")[0][0]
    assert str(private) in [line.path for line in lines]
    loaded = kept.load()
    assert loaded is not None and private.name in loaded.rows
    for who, name in (("user:ann", "ann"), (BO, "bo"), ("user:dick", "dick")):
        read.clear()
        (lines, closed), *_ = a_run(directory, who, name)
        # Every row from the cache: a table is read only to replay it for its turn (di's look left those out).
        assert {what.split()[1] for what in read if what.startswith("decoded")} <= {
            what.split()[1] for what in read if what.startswith("replayed")
        }
        assert private.name not in " ".join(read)
        assert str(private) not in [line.path for line in lines], who
        assert (lines, closed) == afresh(directory, who, name)


def test_a_new_move_is_read_and_replayed_and_the_rest_comes_from_the_cache(folder, read):
    directory, tables, _ = folder
    kept_by_a_run(directory)
    moved = Table(tables["bo-waits-14h"])
    play_until(moved, ["user:ann", "user:bo"], waiting_for(0), at(1))  # bo moved: ann's turn now
    read.clear()
    (lines, closed), listing, turns, cache = a_run(directory)
    # That table alone: listed from its file, and its game read and replayed once for the turn.
    assert set(read) == {f"decoded {moved.path.name}", f"replayed {moved.path.name}"}
    assert read.count(f"replayed {moved.path.name}") == 1
    assert (lines, closed) == afresh(directory, BO, "bo")
    assert next(line for line in lines if line.path == str(moved.path)).text.endswith("ann's turn, 1 h")
    assert cache.keep(listing, turns)  # the cache takes in the move
    read.clear()
    assert a_run(directory)[0] == (lines, closed) and read == []


DAMAGED = {
    "empty": b"",
    "not JSON": b"{not json",
    "cut short": None,  # the first half of a real one
    "a future version": None,
    "another castletui's": None,
    "of version 1 (a player's own)": None,
    "other types": None,
}


@pytest.mark.parametrize("damage", DAMAGED)
def test_a_damaged_or_foreign_cache_is_ignored_and_written_anew(folder, read, damage):
    directory, _, _ = folder
    path = kept_by_a_run(directory)
    whole = msgspec.json.decode(path.read_bytes())
    data = DAMAGED[damage]
    if damage == "cut short":
        data = path.read_bytes()[: path.stat().st_size // 2]
    elif damage == "a future version":
        data = msgspec.json.encode({**whole, "version": VERSION + 1})
    elif damage == "another castletui's":
        data = msgspec.json.encode({**whole, "made_by": "fields of another;castletui;1"})
    elif damage == "of version 1 (a player's own)":
        data = msgspec.json.encode({**whole, "version": 1, "who": "user:bo"})
    elif damage == "other types":
        data = msgspec.json.encode({**whole, "rows": [1, 2]})
    path.write_bytes(data)
    read.clear()
    (lines, closed), listing, turns, cache = a_run(directory)
    assert (lines, closed) == afresh(directory, BO, "bo")
    assert read  # the tables themselves were read
    assert cache.keep(listing, turns) and cache.load() is not None  # and the cache written anew


def test_a_cache_that_others_could_have_written_is_not_read(folder, read, tmp_path):
    directory, _, _ = folder
    path = kept_by_a_run(directory)
    assert (path.stat().st_mode & 0o777) == 0o600 and path.parent.name == FOLDER
    os.chmod(path, 0o664)  # writable by the group: anyone in it could have put words there
    assert LobbyCache(directory).load() is None
    elsewhere = tmp_path / "planted.json"
    os.replace(path, elsewhere)
    os.chmod(elsewhere, 0o600)
    path.symlink_to(elsewhere)  # a link planted in the folder
    assert LobbyCache(directory).load() is None
    read.clear()
    assert a_run(directory)[0] == afresh(directory, BO, "bo") and read


def test_another_unix_users_file_is_not_read_in_a_folder_they_may_write(folder, read, monkeypatch):
    """A group's table folder: its ``.lobby`` is the group's (2770), and
    any of them could put a file of theirs where this user's cache goes."""
    directory, _, _ = folder
    os.chmod(directory, 0o2770)
    path = kept_by_a_run(directory)
    assert (path.parent.stat().st_mode & 0o7777) == 0o2770  # each Unix user of the group keeps a file there
    assert LobbyCache(directory).load() is not None
    ours = os.geteuid()
    monkeypatch.setattr(lobby_cache, "file_name", lambda: path.name)  # the same name, as if planted
    monkeypatch.setattr(os, "geteuid", lambda: ours + 1)  # read by another Unix user
    assert LobbyCache(directory).load() is None
    read.clear()
    (lines, closed), listing, turns, cache = a_run(directory)
    assert (lines, closed) == afresh(directory, BO, "bo") and read  # the tables themselves


def test_two_lobbies_writing_lose_nothing_either_worked_out(folder, read):
    """Ann and bo log in at once: the last to write keeps the turns of
    the first's tables too (not-bos, ann's and cy's), and its file is whole."""
    directory, tables, _ = folder
    _, ann_listing, ann_turns, ann_cache = a_run(directory, "user:ann", "ann")
    _, bo_listing, bo_turns, bo_cache = a_run(directory)
    assert ann_cache.keep(ann_listing, ann_turns)
    assert bo_cache.keep(bo_listing, bo_turns)
    kept = LobbyCache(directory).load()
    assert kept is not None
    assert set(kept.standings) == {table.name for what, table in tables.items() if what != "free-seat"}
    for who, name in (("user:ann", "ann"), (BO, "bo")):
        read.clear()
        lines = a_run(directory, who, name)[0]
        assert read == []
        assert lines == afresh(directory, who, name)
    assert not ann_cache.keep(ann_listing, ann_turns)  # nothing new: not written again


def test_a_folder_that_cannot_hold_the_cache_is_no_error(folder):
    directory, _, _ = folder
    (directory / FOLDER).write_text("a file where the cache's folder goes")
    _, listing, turns, cache = a_run(directory)
    assert not cache.keep(listing, turns)


@pytest.mark.parametrize(
    "words",
    [
        "Castlecards with ann: your turn for 14 h",
        "x" * 74,
        "x" * 75,
        "Take seat 2: Castlecards (2 players) with p13 and q13 and someone else - castlecards-013.json",
        "Watch 城堡 with 名字: 名字's turn, 2 d - castlecards-013.json" * 2,
        "a tab\tin it",
        "two\nlines",
        "ends in spaces   " + " " * 60,
        "",
    ],
)
def test_a_lobby_line_is_as_tall_as_textual_makes_it(words):
    for width in (10, 40, 74, 75, 76, 200):
        for rules in ({}, {"line_pad": 1}, {"text_wrap": "nowrap"}):
            assert LobbyWords(words).get_height(rules, width) == Content(words).get_height(rules, width)


async def test_the_lobby_keeps_its_listing_once_drawn_and_as_it_leaves_not_at_each_change(folder):
    """Many players sit in their lobbies: a move anywhere must not have
    each of them write their cache again."""
    directory, tables, _ = folder
    app = SharedApp(Start("join"), who=BO, table_dir=directory, bot_delay=0, save_dir=directory.parent / "bo")
    app.still = True
    cache = LobbyCache(directory)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: cache.load() is not None, "the cache is written once the lobby is drawn")
        written = cache.path.read_bytes()
        moved = str(tables["bo-waits-14h"])
        play_until(Table(moved), ["user:ann", "user:bo"], waiting_for(0), at(1))

        def shown() -> bool:
            return any(line.path == moved and line.standing.to_move == 0 for line in app.screen.lines)

        await until(pilot, shown, "the lobby shows bo's move")
        assert cache.path.read_bytes() == written
    kept = cache.load()  # the app has left: what it listed last is kept
    assert kept is not None and kept.standings[tables["bo-waits-14h"].name].standing.to_move == 0
    # And, as it left, the turns at the tables of others: ann's and cy's.
    assert kept.standings[tables["not-bos"].name].standing.plies == 0
