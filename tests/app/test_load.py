"""The load screen at 80x24: every way of playing a game reads apart
(competitive, co-op, table mode), nothing is cut off that the player needs,
and a table game waiting for the real dice says so (issue 14, item 13)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import msgspec
from castletui.saves.store import TABLE_DRAWS

from castletui import saves
from castletui.listing import own_name, way_of_play, when_played, where_it_stands
from castletui.replay import Replay
from castletui.screens.load import LoadScreen
from castletui.session import Session
from tests.app.driving import StillApp, screen_text, settle
from tests.test_replay import live_game

ANN_WEI = [saves.Player("Ann"), saves.Player("Wei")]


def _row(path: Path) -> saves.SaveSummary:
    return next(row for row in saves.list_saves(path.parent) if row.path == str(path))


def test_competitive_co_op_and_table_games_of_one_game_read_apart(tmp_path):
    competitive = Session.new("castle-raisers", "competitive", ANN_WEI, seed=1, path=tmp_path / "a.toml")
    coop = Session.new("castle-raisers", "cooperative", ANN_WEI, seed=1, path=tmp_path / "b.toml")
    table = Session.new(
        "castle-raisers", "cooperative", ANN_WEI, seed=1, mode="table", path=tmp_path / "c.toml"
    )
    ways = {way_of_play(_row(session.path)) for session in (competitive, coop, table)}
    assert ways == {"Competitive", "Co-operative", "Co-operative, table mode"}


def test_a_table_game_waiting_for_the_dice_does_not_say_chance_is_playing(tmp_path):
    session = Session.new("catapult-castle", "standard", ANN_WEI, seed=1, mode="table")
    session.path = tmp_path / "t.toml"
    session.write()
    assert session.to_move() == -1, "a table game starts by asking what the table dealt"
    status = where_it_stands(_row(session.path))
    assert "Chance" not in status and "table" in status


def test_a_save_written_before_the_short_status_reads_like_a_new_one(tmp_path):
    session = Session.new(
        "catapult-castle", "solo", [saves.Player("Ann")], seed=1, path=tmp_path / "old.toml"
    )
    old = saves.read(session.path)
    saves.dump(msgspec.structs.replace(old, status="Move 0, Ann to play"), session.path)
    assert where_it_stands(_row(session.path)) == "Ann to play"
    legacy_table = msgspec.structs.replace(_row(session.path), status="Chance to play", mode="table")
    assert where_it_stands(legacy_table) == TABLE_DRAWS
    older = msgspec.structs.replace(legacy_table, status="waiting for the table's roll or draw")
    assert where_it_stands(older) == TABLE_DRAWS


def test_a_table_game_waiting_for_the_dice_says_so_uncut_at_80_columns(tmp_path):
    # "waiting for the table's roll or..." was cut in the Status column.
    session = Session.new("catapult-castle", "standard", ANN_WEI, seed=1, mode="table")
    session.path = tmp_path / "catapult-castle-2026-12-06-120000.toml"  # the name a new game gets
    session.write()
    row = _row(session.path)
    screen = SimpleNamespace(size=SimpleNamespace(width=80), rows=[row], played=LoadScreen.played)
    widths = LoadScreen.column_widths(screen)
    for room in (widths[3], widths[3] - 1):  # a Played column one wider ("143 moves") leaves one less
        status = LoadScreen.cells(row, (*widths[:3], room))[3]
        assert "…" not in status and status.replace("\n", " ") == TABLE_DRAWS


def test_a_time_that_cannot_be_read_is_shown_as_written():
    assert when_played("2026-11-30T09:15:00+00:00") == ("30 Nov 2026", "09:15")
    assert when_played("yesterday-ish") == ("yesterday-", "sh")


async def test_at_80x24_every_row_shows_game_way_players_time_and_status(tmp_path):
    Session.new("castle-raisers", "cooperative", ANN_WEI, seed=1, mode="table", path=tmp_path / "coop.toml")
    long_names = [saves.Player("Annabelle Longname-Smith"), saves.Player("Bartholomew Q. Wei")]
    Session.new("catapult-castle", "standard", long_names, seed=2, path=tmp_path / "long.toml")
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        text = screen_text(app)
        for expected in (
            "Castle Raisers",
            "Co-operative, table mode",
            "Ann, Wei",
            "the table rolls",
            "0 moves",
            "Open",
        ):
            assert expected in text, expected
        assert "Chance to play" not in text
        table = app.screen.query_one("#saves")
        table.move_cursor(row=[row.path for row in app.screen.rows].index(str(tmp_path / "long.toml")))
        await settle(pilot)
        detail = str(app.screen.query_one("#load-detail").render())
        assert "Annabelle Longname-Smith, Bartholomew Q. Wei" in detail, "the line under the table has it all"


async def test_at_80x24_a_long_game_shows_its_moves_whole_and_a_copy_reads_apart(tmp_path):
    """Issue 43, item 9: "143 moves" was cut at 80x24, and a game played
    on from a replay looked the same as its original (only the footer
    named the file)."""
    original = tmp_path / "castlecards-2026-12-06-053030.toml"
    live_game(original, "castlecards", "multi-player", 3, 5, stop_at=143)
    copy = Replay.open(original, "Ada").play_on(100, tmp_path)
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        text = screen_text(app)
        assert "143 moves" in text and "100 moves" in text
        screen = app.screen
        rows = {row.path: row for row in screen.rows}
        table = screen.query_one("#saves")
        widths = screen.column_widths()
        cells = {path: screen.cells(row, widths) for path, row in rows.items()}
        assert cells[str(copy.path)][3].splitlines()[1] == own_name(rows[str(copy.path)])
        assert own_name(rows[str(copy.path)]).startswith("from ")
        assert own_name(rows[str(original)]) == ""
        assert cells[str(copy.path)] != cells[str(original)]
        for column, width in zip(table.columns.values(), widths, strict=True):
            assert column.width == width
        assert all(len(line) <= widths[2] for cell in cells.values() for line in cell[2].splitlines())
