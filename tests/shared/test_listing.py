"""The lobby's listing of a table folder (saves.table.TableListing): each
table from its header and last line, the very row reading it whole gives;
the record's checks are followed when a table is opened, never by the
listing; a file not exactly as castletui writes it is read whole and
listed with its problem."""

from __future__ import annotations

from pathlib import Path

import pytest
from castletui.saves import codec
from castletui.saves.codec import ChangedRecord
from castletui.saves.table import Table, TableListing

from castletui import saves
from castletui.shared import create_table
from tests.saves.test_chain import other_hash
from tests.shared.test_table import SEATS, deal, mover, seated


@pytest.fixture
def whole(monkeypatch) -> list[Path]:
    """The table files the listing decoded whole (saves.table's call into
    the codec for a whole file)."""
    calls: list[Path] = []
    original = saves.table.decode_layout

    def decode_layout(data, path):
        calls.append(Path(path))
        return original(data, path)

    monkeypatch.setattr(saves.table, "decode_layout", decode_layout)
    return calls


def a_folder(tmp_path: Path) -> tuple[Path, Path]:
    """Tables in several states: ann and bo some moves in (its path), a
    private table with a clock nobody moved at, and a free seat."""
    sessions = seated(tmp_path)
    deal(sessions)
    for _ in range(3):
        moving = mover(sessions)
        moving.act(moving.legal_actions()[0])
        deal(sessions)
    directory = sessions[0].table.path.parent
    create_table(
        directory, "cy", "castlecards", "two-player", SEATS[:2], name="cy", invited=["di"], per_move=3600
    )
    create_table(directory, "di", "castlecards", "multi-player", SEATS[:3])
    return directory, sessions[0].table.path


def test_a_table_is_listed_from_its_header_and_last_line_as_read_whole(tmp_path, monkeypatch, whole):
    directory, played = a_folder(tmp_path)
    whole.clear()
    rows = TableListing(directory).rows()
    assert whole == []  # no table was decoded whole
    by_path = {row.path: row for row in rows}
    assert by_path[str(played)].plies == len(Table(played).read()[0].log) > 3
    assert {row.invited for row in rows} == {(), ("cy", "di")} and {row.per_move for row in rows} == {0, 3600}
    monkeypatch.setattr(saves.table, "glance", lambda path: None)  # every table read whole
    assert TableListing(directory).rows() == rows


def test_a_record_changed_in_the_middle_is_listed_as_it_stands_and_refused_when_opened(tmp_path):
    directory, played = a_folder(tmp_path)
    listed = {row.path: row for row in TableListing(directory).rows()}[str(played)]
    played.write_bytes(other_hash(played.read_bytes(), 2))  # the length kept
    row = {row.path: row for row in TableListing(directory).rows()}[str(played)]
    assert row.problem == "" and row.plies == listed.plies and row.status == listed.status
    with pytest.raises(ChangedRecord) as refused:
        Table(played).read()  # as opening it from the lobby does
    assert refused.value.entry == 2


@pytest.mark.parametrize("damage", ["the header", "a move cut short"])
def test_a_table_damaged_where_the_listing_reads_is_listed_as_read_whole(tmp_path, damage):
    directory, played = a_folder(tmp_path)
    data = played.read_bytes()
    if damage == "the header":
        data = data.replace(b'"variant": "two-player"', b'"variant": "multi-player"', 1)
        assert b"multi-player" in data
    else:
        data = data[: -len(codec.JSON_END) - 5]  # the last move half written
    played.write_bytes(data)
    row = {row.path: row for row in TableListing(directory).rows()}[str(played)]
    if damage == "the header":
        with pytest.raises(saves.SaveError) as refused:
            Table(played).read()
        assert row.problem == str(refused.value) and "header" in row.problem
    else:  # left out, as every reader does: the table stands at the move before it
        assert row.problem == "" and row.plies == len(Table(played).read()[0].log)
