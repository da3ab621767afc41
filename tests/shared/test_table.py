"""The shared table file, headless: seats owned by who took them, the
compare-and-append that makes one of two simultaneous moves lose, a writer
killed mid-write, undo of your own last move only, and other terminals'
moves taken in and told in this terminal's words."""

from __future__ import annotations

import os
import random
import signal
import stat
import subprocess
import sys
import textwrap
from pathlib import Path
from unittest import mock

import msgspec
import pytest
from castletui.rules import castlecards as game
from castletui.rules.castlecards.edition import CARDS
from castletui.rules.core import CHANCE, IllegalAction, bots
from castletui.saves.table import (
    LostRace,
    NotYourSeat,
    Table,
    exposure_warning,
    identity,
    is_table,
    list_tables,
)

from castletui import saves
from castletui.session import Session
from castletui.shared import create_table

SEATS = [saves.Player("Seat 1"), saves.Player("Seat 2"), saves.Player("Seat 3")]


def castlecards_table(tmp_path: Path, seats: int = 2, seed: int = 11) -> Table:
    variant = "two-player" if seats == 2 else "multi-player"
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700, exist_ok=True)
    with mock.patch("castletui.saves.table.new_seed", return_value=seed):  # the same game on every run
        table, seat, _ = create_table(directory, "ann", "castlecards", variant, SEATS[:seats])
    assert seat == 0
    return table


def seated(tmp_path: Path, seats: int = 2) -> list[Session]:
    """One session per seat, as each player's terminal holds it."""
    table = castlecards_table(tmp_path, seats)
    names = ["ann", "bo", "cy"][:seats]
    for seat, who in enumerate(names[1:], start=1):
        Table(table.path).take_seat(seat, who)
    return [Session.at_table(Table(table.path), seat, who) for seat, who in enumerate(names)]


def deal(sessions: list[Session]) -> None:
    """Let the first terminal play the draws until a person must decide."""
    first = sessions[0]
    while first.to_move() == CHANCE:
        first.act(first.digital_chance())
    for session in sessions:
        session.sync()


def mover(sessions: list[Session]) -> Session:
    return next(session for session in sessions if session.seat == sessions[0].to_move())


def test_a_seat_belongs_to_whoever_took_it_and_nobody_else_can_take_it(tmp_path):
    table = castlecards_table(tmp_path)
    table.take_seat(1, "bo")
    with pytest.raises(NotYourSeat, match="belongs to bo"):
        table.take_seat(1, "mallory")
    with pytest.raises(NotYourSeat, match="belongs to ann"):
        table.take_seat(0, "bo")
    save, seating = table.read()
    assert seating.owners == ["user:ann", "user:bo"]
    assert [player.name for player in save.players] == ["ann", "bo"]  # a seat takes its player's name
    table.take_seat(1, "bo")  # taking your own seat again is rejoining


def test_another_player_cannot_act_for_a_seat_even_by_writing_its_session(tmp_path):
    ann, bo = seated(tmp_path)
    deal([ann, bo])
    thief = mover([ann, bo])
    other = bo if thief is ann else ann
    # The other terminal's identity pretends to be the seat's: the table refuses it.
    impostor = Session.at_table(Table(other.table.path), thief.seat, other.who)
    with pytest.raises(NotYourSeat, match="not"):
        impostor.act(impostor.legal_actions()[0])
    assert Table(thief.table.path).read()[0].check == thief.save.check  # nothing was written
    assert impostor.ply == thief.ply  # and the impostor's terminal took its move back
    with pytest.raises(IllegalAction, match="not yours"):
        other.act(other.legal_actions()[0])


def test_the_unix_user_is_the_identity_unless_a_name_is_given(monkeypatch):
    import pwd

    monkeypatch.setattr(os, "getuid", lambda: 4242)
    monkeypatch.setattr(
        pwd, "getpwuid", lambda uid: pwd.struct_passwd(("zoe", "x", uid, uid, "", "/", "/bin/sh"))
    )
    assert identity() == "user:zoe"
    assert identity("Bo") == "user:Bo"
    with pytest.raises(saves.SaveError, match="control character"):
        identity("Bo\x1b[2J")


def test_a_seat_of_another_unix_user_cannot_be_taken(tmp_path, monkeypatch):
    import pwd

    table = castlecards_table(tmp_path)
    users = {1001: "bo", 1002: "mallory"}
    monkeypatch.setattr(
        pwd, "getpwuid", lambda uid: pwd.struct_passwd((users[uid], "x", uid, uid, "", "/", ""))
    )
    monkeypatch.setattr(os, "getuid", lambda: 1001)
    table.take_seat(1, identity())
    monkeypatch.setattr(os, "getuid", lambda: 1002)
    with pytest.raises(NotYourSeat):
        table.take_seat(1, identity())


def test_of_two_terminals_acting_at_once_one_is_accepted_and_the_other_told_why(tmp_path):
    ann, bo = seated(tmp_path)
    first_draw = ann.digital_chance()
    # Both terminals see the same draw to make (anyone may play it) and act on
    # the same table as they last saw it.
    ann.act(first_draw)
    with pytest.raises(LostRace, match="reloaded") as lost:
        bo.act(bo.digital_chance())
    assert lost.value.save.check == ann.save.check
    assert bo.ply == 0  # the losing terminal kept nothing of its move...
    bo.sync()
    assert bo.save.check == ann.save.check and bo.state == ann.state  # ...and now sees the table
    assert Session.at_table(Table(ann.table.path), 0, "ann").ply == 1


def test_a_person_who_lost_a_race_is_told_who_moved_first(tmp_path):
    ann, bo = seated(tmp_path)
    deal([ann, bo])
    player = mover([ann, bo])
    stale = Session.at_table(Table(player.table.path), player.seat, player.who)  # a second window
    seen = player.save.check
    player.act(player.legal_actions()[0])
    with pytest.raises(LostRace, match="Your move from another terminal came first"):
        stale.act(stale.legal_actions()[0])
    other = bo if player is ann else ann
    with pytest.raises(LostRace, match=f"{player.names[player.seat]} moved first"):
        Table(other.table.path).commit(seen, other.save, other.who)


def test_a_writer_killed_mid_write_leaves_a_loadable_table_and_no_lock(tmp_path):
    ann, bo = seated(tmp_path)
    deal([ann, bo])
    before = Table(ann.table.path).read()[0]
    # A castletui that took the lock, wrote half of the next table to its
    # temporary file and was killed (the power, kill -9) before the rename.
    script = textwrap.dedent(
        f"""
        import os, sys, tempfile
        from pathlib import Path
        from castletui.saves.table import Table
        table = Table(Path({str(ann.table.path)!r}))
        with table.locked():
            handle, name = tempfile.mkstemp(prefix="." + table.path.name + ".", suffix=".tmp",
                                            dir=table.path.parent)
            os.write(handle, table.path.read_bytes()[:100])
            print("writing", flush=True)
            sys.stdin.read()  # killed here
        """
    )
    writer = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert writer.stdout.readline().strip() == b"writing"
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    loaded = saves.load(ann.table.path)  # loadable, replayed and hash-checked
    assert loaded.check == before.check
    player = mover([ann, bo])
    assert list(ann.table.path.parent.glob(".*.tmp"))  # what the killed writer left...
    player.act(player.legal_actions()[0])  # and the lock died with the writer
    assert saves.load(ann.table.path).check.plies == before.check.plies + 1
    assert not list(ann.table.path.parent.glob(".*.tmp"))  # ...the next writer cleaned (#32.6)


def test_undo_takes_back_only_your_own_last_move_before_anyone_acts(tmp_path):
    ann, bo = seated(tmp_path)
    deal([ann, bo])
    player = mover([ann, bo])
    other = bo if player is ann else ann
    assert other.undo_target()[0] < 0  # nothing of theirs yet
    player.act(player.legal_actions()[0])
    other.sync()
    assert other.undo_target()[0] < 0  # not the other's move to take back
    assert player.undo().startswith("Took back")
    _, rewound = other.sync()
    assert rewound and other.save.check == player.save.check
    # Once anyone (a draw, a bot, another person) acts after it, the move stays.
    player.act(player.legal_actions()[0])
    other.sync()
    if other.to_move() == CHANCE:
        other.act(other.digital_chance())
    else:
        mover([ann, bo]).act(mover([ann, bo]).legal_actions()[0])
    player.sync()
    assert player.save.log[-2].seat == player.seat or player.save.log[-1].seat == player.seat
    if player.save.log[-1].seat != player.seat:
        assert player.undo_target()[0] < 0
        with pytest.raises(IllegalAction, match="Only your own last move"):
            player.undo()


def test_an_undo_loses_to_a_move_made_meanwhile(tmp_path):
    ann, bo = seated(tmp_path)
    deal([ann, bo])
    rng = random.Random(5)
    for _ in range(500):  # until a person's move is followed by a draw (a Buy, an Explore)
        player = mover([ann, bo])
        player.act(bots.choose(game, player.state, "normal", rng))
        if player.to_move() == CHANCE:
            break
        for session in (ann, bo):
            session.sync()
    window = Session.at_table(Table(player.table.path), player.seat, player.who)
    window.act(window.digital_chance())  # the draw after it, from another window
    with pytest.raises(LostRace):
        player.undo()
    assert player.save.log == window.save.log[:-1]  # nothing was taken back here


def test_other_terminals_moves_are_told_in_this_terminals_words(tmp_path):
    ann, bo = seated(tmp_path)
    deal([ann, bo])
    player = mover([ann, bo])
    other = bo if player is ann else ann
    player.act(player.legal_actions()[0])
    lines, rewound = other.sync()
    assert not rewound
    assert [line.text for line in lines] == [line.text for line in player.lines_of_last_move()]
    assert other.state == player.state
    assert other.sync() == ([], False)  # nothing new: nothing told twice


def test_a_whole_game_on_one_table_three_seats_each_view_hides_the_others_hands(tmp_path):
    sessions = seated(tmp_path, seats=3)
    rng = random.Random(3)
    for _ in range(3000):
        for session in sessions:
            session.sync()
        first = sessions[0]
        if first.over:
            break
        seat = first.to_move()
        if seat == CHANCE:
            first.act(first.digital_chance())
            continue
        player = mover(sessions)
        view = player.view(player.seat)
        assert view.players[player.seat].hand == player.state.players[player.seat].hand
        for index, other in enumerate(view.players):
            if index != player.seat:  # the others' hands are only as many face-down cards
                assert len(set(other.hand)) <= 1 and set(other.hand).isdisjoint(CARDS)
        player.act(bots.choose(game, player.state, "normal", rng))
    assert all(session.over for session in sessions)
    assert saves.load(sessions[0].table.path).finished


def test_a_group_readable_folder_warns_that_the_file_shows_every_hand(tmp_path):
    folder = tmp_path / "group"
    folder.mkdir()
    folder.chmod(0o750)
    assert "every hand" in exposure_warning(folder, hidden=True)
    assert exposure_warning(folder, hidden=False) == ""
    folder.chmod(0o700)
    assert exposure_warning(folder, hidden=True) == ""
    folder.chmod(0o2770)
    _, _, warning = create_table(folder, "ann", "castlecards", "two-player", SEATS[:2])
    assert "its group" in warning


def test_the_table_file_keeps_the_groups_permissions_across_writes(tmp_path):
    ann, bo = seated(tmp_path)
    ann.table.path.chmod(0o660)
    ann.act(ann.digital_chance())
    assert stat.S_IMODE(ann.table.path.stat().st_mode) == 0o660


def test_the_lobby_lists_free_seats_and_owners(tmp_path):
    table = castlecards_table(tmp_path, seats=3)
    (table.path.parent / "junk.json").write_text("{not json")
    rows = {Path(row.path).name: row for row in list_tables(table.path.parent)}
    row = rows[table.path.name]
    assert row.owners == ("user:ann", "", "") and row.free_seats() == [1, 2] and row.seat_of("ann") == 0
    assert rows["junk.json"].problem
    # An ordinary castletui reads a table as a save (the seats are extra data).
    assert saves.load(table.path).game == "castlecards"


def test_taking_a_seat_names_its_player_in_the_tables_status(tmp_path):
    table = castlecards_table(tmp_path)
    ann = Session.at_table(Table(table.path), 0, "ann")
    rng = random.Random(1)
    while ann.to_move() != 1:  # until the free seat is to play
        ann.act(
            ann.digital_chance() if ann.to_move() == CHANCE else bots.choose(game, ann.state, "normal", rng)
        )
    assert table.read()[0].status == "Seat 2 to play"
    table.take_seat(1, "bo")
    assert table.read()[0].status == "bo to play"


def test_a_move_from_a_terminal_that_has_not_seen_a_player_sit_down_keeps_their_name(tmp_path):
    """Found with two terminals: ann's terminal dealt the first cards after bo
    took his seat, and wrote the table with the placeholder name it had read
    before, so bo played as "Seat 2"."""
    table = castlecards_table(tmp_path, seats=2)
    ann = Session.at_table(Table(table.path), 0, "ann")  # opened before bo sits down
    Table(table.path).take_seat(1, "bo")
    ann.act(ann.digital_chance())
    save, seating = Table(table.path).read()
    assert [player.name for player in save.players] == ["ann", "bo"]
    assert seating.owners == ["user:ann", "user:bo"]


# --- the table as a journal: a move writes its own line (#25) ---------------


def test_a_move_at_a_table_writes_only_its_line_over_the_files_end(tmp_path):
    """A commit costs the move, not the game: the file keeps its inode and
    everything before its end, whatever the game's length; a seat taken or
    a move taken back writes it whole (a new file renamed over it)."""
    ann, bo = seated(tmp_path)
    deal([ann, bo])
    path = ann.table.path
    growth = []
    for _ in range(12):
        deal([ann, bo])  # the draws are moves of the table too
        if ann.over:
            break
        player = mover([ann, bo])
        before, inode = path.read_bytes(), path.stat().st_ino
        player.act(player.legal_actions()[0])
        after = path.read_bytes()
        assert path.stat().st_ino == inode
        assert after.startswith(before[: -len(saves.codec.JSON_END)])
        growth.append(len(after) - len(before))
    assert len(growth) >= 6 and max(growth) < 1024  # one move's line, however long the log
    assert [entry.seat for entry in saves.load(path).log] == [entry.seat for entry in ann.save.log]
    deal([ann, bo])
    player = mover([ann, bo])
    player.act(player.legal_actions()[0])
    inode = path.stat().st_ino
    player.undo(player.seat)
    assert path.stat().st_ino != inode  # taken back: written whole
    assert saves.load(path).log == player.save.log


def test_a_move_cut_short_at_a_table_is_left_out_by_every_reader_and_mended(tmp_path):
    """A castletui killed while writing a move's line leaves part of it: the
    lobby, a watching terminal and a fresh join read the table as it was,
    it is still a table (never opened as a plain save), and the next move
    writes the file whole again."""
    ann, bo = seated(tmp_path)
    deal([ann, bo])
    path = ann.table.path
    before = Table(path).read()[0]
    data = path.read_bytes()
    path.write_bytes(data[: -len(saves.codec.JSON_END)] + b',\n{"seat":0,"action":{"ty')
    assert is_table(path)
    assert Table(path).read()[0].log == before.log
    assert [row.plies for row in list_tables(path.parent)] == [before.check.plies]
    assert ann.sync() == ([], False) and bo.sync() == ([], False)
    player = mover([ann, bo])
    inode = path.stat().st_ino
    player.act(player.legal_actions()[0])
    assert path.stat().st_ino != inode  # mended: written whole
    assert saves.load(path).check.plies == before.check.plies + 1
    other = bo if player is ann else ann
    lines, _ = other.sync()
    assert lines and other.state == player.state


def test_the_table_writes_its_own_hash_of_a_move_never_the_terminals(tmp_path):
    """Every reader checks a table against the hash on its last line: a
    terminal that sent a false one would make the table unreadable."""
    ann, bo = seated(tmp_path)
    deal([ann, bo])
    player = mover([ann, bo])
    player.act(player.legal_actions()[0])
    entry = player.save.log[-1]
    honest = saves.load(player.table.path).log[-1].hash
    player.undo(player.seat)
    table = Table(player.table.path)
    save = table.read()[0]
    forged = msgspec.structs.replace(save, log=[*save.log, msgspec.structs.replace(entry, hash="0" * 16)])
    table.commit(save.check, forged, player.who)
    assert saves.load(player.table.path).log[-1].hash == honest
