"""Table files edited by a hostile hand, as the lobby's listing and a
table's reader meet them: a seating with a field of the wrong type is
refused, never read as a public table with every seat free; a last line
whose check does not follow from the line before it is listed with its
problem, never as the game it claims; a time per move that is not a time
starts no clock."""

from __future__ import annotations

import datetime
import json
import os
import threading
from pathlib import Path

import pytest
from castletui.saves import clock, codec
from castletui.saves.chain import header_check
from castletui.saves.seal import secret_path
from castletui.saves.table import MAX_INVITED, NotYourSeat, Seating, Table, TableListing, invited_names

from castletui import saves, tables
from castletui.lobby import Turns
from castletui.shared import create_table
from tests.saves.sealing import reseal
from tests.shared.test_listing import a_folder
from tests.shared.test_table import SEATS

WAIT_SECONDS = 30.0
"""How long a read may take before the test calls it a hang (a bound, not a measure)."""


def private_table(directory: Path) -> Table:
    table, _, _ = create_table(
        directory, "cy", "castlecards", "two-player", SEATS[:2], name="cy", invited=["di"], per_move=3600
    )
    return table


def with_header(path: Path, change) -> None:
    """The table at ``path`` with ``change(header)`` made to its header and
    the header's check made anew, as a hand that knows the format would."""
    data = path.read_bytes()
    found = data.find(codec._JSON_LOG_LINE)
    header = json.loads(data[:found] + b"\n}")
    change(header)
    header[codec.FIELD] = header_check({key: value for key, value in header.items() if key != codec.FIELD})
    written = json.dumps(header, indent=1).encode()
    path.write_bytes(written[: written.rfind(b"}")].rstrip() + data[found:])


@pytest.mark.parametrize(
    "field, value",
    [("rematch", "yes please"), ("per_move", -60), ("per_move", 2**70), ("stand_ins", [{"seat": "one"}])],
)
def test_a_seating_that_cannot_be_read_is_refused_not_read_as_a_public_table(tmp_path, field, value):
    table = private_table(tmp_path)
    with_header(table.path, lambda header: header["table"].__setitem__(field, value))
    row = TableListing(tmp_path).rows()[0]
    assert row.problem and row.invited == () and not row.free_seats()
    with pytest.raises(saves.SaveError) as refused:
        Table(table.path).read()
    assert str(refused.value) == row.problem
    with pytest.raises(saves.SaveError):
        Table(table.path).take_seat(1, "mallory", "mallory")
    assert json.loads(table.path.read_bytes()[: table.path.read_bytes().find(codec._JSON_LOG_LINE)] + b"\n}")[
        "table"
    ]["owners"] == ["user:cy", ""]  # nothing was written


def test_a_last_line_changed_by_hand_is_listed_with_its_problem(tmp_path):
    directory, played = a_folder(tmp_path)
    data = played.read_bytes()
    end = len(data) - len(codec.JSON_END)
    start = data.rfind(b"\n", 0, end) + 1
    last = json.loads(data[start:end])
    last.update(status="Finished: Mallory won", finished=True)
    played.write_bytes(data[:start] + json.dumps(last).encode() + data[end:])
    row = {row.path: row for row in TableListing(directory).rows()}[str(played)]
    with pytest.raises(codec.ChangedRecord) as refused:
        Table(played).read()
    assert row.problem == str(refused.value)


def test_a_time_per_move_that_is_not_a_time_starts_no_clock(tmp_path):
    table = private_table(tmp_path)
    save, seating = table.read()
    owned = Seating(["account:cy", "account:di"], per_move=-60)
    now = datetime.datetime.now(datetime.UTC)
    assert clock.time_left(save, owned, 1, now) is None
    with pytest.raises(clock.ClockRefused):
        clock.decided(save, owned, 1, 1, "account:cy", clock.BOT, now)
    assert seating.per_move == 3600


def test_nobody_uninvited_takes_a_seat_at_a_private_table(tmp_path):
    table = private_table(tmp_path)
    with pytest.raises(NotYourSeat, match="private"):
        table.take_seat(1, "account:mallory", "mallory")


def test_one_identity_sits_at_a_bounded_number_of_games_not_over(tmp_path, monkeypatch):
    monkeypatch.setattr(tables, "MAX_OPEN_TABLES", 2)
    for _ in range(2):
        create_table(tmp_path, "mallory", "castlecards", "two-player", SEATS[:2], name="mallory")
    with pytest.raises(saves.SaveError, match="2 games"):
        create_table(tmp_path, "mallory", "castlecards", "two-player", SEATS[:2], name="mallory")
    assert len(list(tmp_path.glob("*.json"))) == 2  # nothing was made
    create_table(tmp_path, "ann", "castlecards", "two-player", SEATS[:2], name="ann")  # another's own count


def test_a_private_table_invites_a_bounded_number_of_names():
    assert invited_names("Bo, bo Cy") == ["Bo", "Cy"]
    names = " ".join(f"p{number}" for number in range(MAX_INVITED))
    assert len(invited_names(names)) == MAX_INVITED
    with pytest.raises(saves.SaveError, match=f"at most {MAX_INVITED}"):
        invited_names(names + " one-more")  # refused before any name is compared to another


@pytest.mark.parametrize("where", ["the header", "the last line"])
def test_a_table_nested_too_deep_is_listed_with_its_problem_not_ending_the_listing(tmp_path, where):
    directory, played = a_folder(tmp_path)
    data = played.read_bytes()
    deep = b"[" * 5000 + b"]" * 5000
    if where == "the header":
        data = b'{\n "deep": ' + deep + b",\n" + data[2:]
    else:
        end = len(data) - len(codec.JSON_END)
        data = data[:end] + b',\n{"seat": 0, "action": {"deep": ' + deep + b"}}" + data[end:]
    played.write_bytes(data)
    rows = {row.path: row for row in TableListing(directory).rows()}
    assert "nested" in rows[str(played)].problem
    assert len(rows) == 3 and sum(1 for row in rows.values() if row.problem) == 1


def test_a_line_nested_too_deep_added_to_a_table_read_before_is_refused_as_a_whole_read_is(tmp_path):
    directory, played = a_folder(tmp_path)
    table = Table(played)
    table.read()  # a terminal following the table: its next read reads what was added
    data = played.read_bytes()
    end = len(data) - len(codec.JSON_END)
    deep = b"[" * 5000 + b"]" * 5000
    played.write_bytes(data[:end] + b',\n{"seat": 0, "action": {"deep": ' + deep + b"}}" + data[end:])
    with pytest.raises(saves.SaveError, match="nested"):
        table.read()


@pytest.mark.parametrize("committed", ["../../../tmp/seed", "a/b", "ab\u0000cd", "02ff" * 16 + "\n"])
def test_a_commitment_that_is_no_hash_is_refused_not_ending_the_listing(tmp_path, committed):
    # A hostile header could name the seed's file anywhere (a path, a NUL):
    # the listing (castletui host's too, as it starts), the lobby and a
    # terminal opening the table refuse it alike.
    directory, played = a_folder(tmp_path)
    fresh = private_table(directory)
    for hostile in (played, fresh.path):
        with_header(hostile, lambda header: header.__setitem__("commitment", committed))
        reseal(hostile)  # every line's check made anew too
    # Laid out anew by a tool (one line): the listing reads it whole.
    fresh.path.write_text(json.dumps(json.loads(fresh.path.read_bytes())))
    rows = {row.path: row for row in TableListing(directory).rows()}
    assert len(rows) == 4 and "commitment" in rows[str(fresh.path)].problem
    for hostile in (played, fresh.path):
        with pytest.raises(saves.SaveError, match="commitment"):
            Table(hostile).read()
        assert Turns(None).standing(str(hostile)) is None  # the lobby: the table's own words


@pytest.mark.parametrize("planted", ["fifo", "link", "folder"])
def test_a_seed_file_planted_as_a_pipe_a_link_or_a_folder_is_refused_at_once(tmp_path, planted):
    # In a group folder another member can put anything under the seed's
    # name: reading it must neither wait for a writer nor follow a link.
    table = private_table(tmp_path)
    secret = secret_path(table.path, Table(table.path).read()[0].commitment)
    kept = secret.read_bytes()
    secret.unlink()
    if planted == "fifo":
        os.mkfifo(secret)
    elif planted == "link":
        (tmp_path / "elsewhere").write_bytes(kept)
        secret.symlink_to(tmp_path / "elsewhere")
    else:
        secret.mkdir()
    outcome: list[BaseException | None] = []

    def read() -> None:
        try:
            Table(table.path).read()
            outcome.append(None)
        except BaseException as error:  # noqa: BLE001 - handed to the test's thread
            outcome.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(WAIT_SECONDS)  # a bound for a hang, not a measure
    assert outcome, "reading the table waited on the planted seed file"
    assert isinstance(outcome[0], saves.SaveError) and "secret seed" in str(outcome[0])
