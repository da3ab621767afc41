"""The rules of a table's clock (saves/clock.py, issue 46 item 3), headless
and over a fake clock: time runs from the last move, nothing may be done
about a seat before its time is out, a spectator never decides, the
owner is never locked out."""

from __future__ import annotations

import datetime

import pytest
from castletui.rules.core import CHANCE
from castletui.saves.clock import (
    ABANDON,
    BOT,
    ClockRefused,
    StandIn,
    decided,
    duration_words,
    late_seat,
    lateness_words,
    per_move_choices,
    per_move_seconds,
    per_move_words,
    plausible,
    refusal,
    returned,
    time_left,
)
from castletui.saves.table import Seating

from castletui import saves

START = datetime.datetime(2026, 12, 1, 9, 0, tzinfo=datetime.UTC)
HOUR = 3600


def table(per_move: int = 24 * HOUR, last_move_at: datetime.datetime = START):
    """Ann and Bo's save with one move made at ``last_move_at``, and its seating."""
    save = saves.new_save(
        "castlecards", saves.Config("two-player", 2), [saves.Player("Ann"), saves.Player("Bo")], 1
    )
    entry = saves.LogEntry(CHANCE, {}, last_move_at.isoformat(timespec="seconds"))
    save.log = [entry]
    return save, Seating(["user:ann", "user:bo"], per_move=per_move)


def later(**delta: float) -> datetime.datetime:
    return START + datetime.timedelta(**delta)


def test_time_runs_from_the_last_move_and_only_for_the_seat_to_move():
    save, seating = table()
    assert time_left(save, seating, 1, later(hours=5)) == 19 * HOUR
    assert time_left(save, seating, 1, later(days=2)) == -24 * HOUR
    assert time_left(save, seating, CHANCE, later(days=2)) is None  # a draw has no clock
    assert time_left(save, seating, None, later(days=2)) is None  # nor a game over
    assert time_left(save, Seating(["user:ann", "user:bo"]), 1, later(days=9)) is None  # no clock


def test_nothing_is_done_about_a_seat_before_its_time_is_out():
    save, seating = table()
    assert refusal(save, seating, 1, 1, "user:ann", later(hours=23)) == "Bo still has 1 h to move."
    assert refusal(save, seating, 1, 1, "user:ann", later(hours=24)) == ""
    assert refusal(save, seating, 0, 1, "user:ann", later(days=3)) == "It is not Bo's turn."


def test_a_spectator_never_decides_and_nobody_decides_for_their_own_seat():
    save, seating = table()
    assert "not a spectator" in refusal(save, seating, 1, 1, "user:cy", later(days=3))
    assert "not a spectator" in refusal(save, seating, 1, 1, "", later(days=3))
    assert refusal(save, seating, 1, 1, "user:bo", later(days=3)) == "That is your own seat: play your move."


def test_a_bot_stands_in_from_the_next_move_until_the_owner_returns():
    save, seating = table()
    handed = decided(save, seating, 1, 1, "user:ann", BOT, later(days=1))
    assert handed.stand_ins == [StandIn(1, 1, "Ann")]
    assert time_left(save, handed, 1, later(days=5)) is None  # a bot's seat waits for nobody
    with pytest.raises(ClockRefused, match="already plays"):
        decided(save, handed, 1, 1, "user:ann", BOT, later(days=2))
    assert returned(handed, 1).stand_ins == []


def test_an_abandoned_game_has_no_clock_and_takes_no_other_choice():
    save, seating = table()
    ended = decided(save, seating, 1, 1, "user:ann", ABANDON, later(days=1))
    assert ended.abandoned == later(days=1).isoformat(timespec="seconds")
    assert time_left(save, ended, 1, later(days=2)) is None
    with pytest.raises(ClockRefused, match="already ended"):
        decided(save, ended, 1, 1, "user:ann", BOT, later(days=2))


def test_the_late_seat_is_offered_exactly_where_the_table_would_take_the_choice():
    save, seating = table()
    out = later(days=2)
    assert late_seat(save, seating, 1, "user:ann", out) == 1
    assert late_seat(save, seating, 1, "user:ann", later(hours=23)) is None  # not out yet
    assert late_seat(save, seating, 1, "user:bo", out) is None  # their own seat
    assert late_seat(save, seating, 1, "user:cy", out) is None  # a spectator
    assert late_seat(save, seating, None, "user:ann", out) is None  # the game is over
    assert late_seat(save, seating, CHANCE, "user:ann", out) is None  # a draw
    stood_in = decided(save, seating, 1, 1, "user:ann", BOT, later(days=1))
    assert late_seat(save, stood_in, 1, "user:ann", out) is None
    ended = decided(save, seating, 1, 1, "user:ann", ABANDON, later(days=1))
    assert late_seat(save, ended, 1, "user:ann", out) is None
    assert late_seat(save, Seating(["user:ann", "user:bo"]), 1, "user:ann", out) is None  # no clock
    # One identity at both seats (a table written so by hand): never asked about its own seat.
    assert late_seat(save, Seating(["user:ann", "user:ann"], per_move=HOUR), 1, "user:ann", out) is None


def test_times_per_move_are_none_an_hour_a_day_three_days_and_a_short_one_for_trying(monkeypatch):
    assert per_move_choices() == {"none": 0, "1 h": HOUR, "1 d": 24 * HOUR, "3 d": 72 * HOUR}
    monkeypatch.setenv("CASTLETUI_SHORT_CLOCK", "2")
    assert per_move_choices()["2 min"] == 120
    assert [per_move_seconds(text) for text in ("none", "1h", "3 d", "10min", "")] == [
        0,
        HOUR,
        259_200,
        600,
        0,
    ]
    with pytest.raises(saves.SaveError, match="not a time per move"):
        per_move_seconds("soon")
    assert [duration_words(seconds) for seconds in (30, 300, 5 * HOUR, 50 * HOUR)] == [
        "1 min",
        "5 min",
        "5 h",
        "2 d",
    ]


def test_a_moves_time_stands_only_near_the_tables_own():
    assert plausible(later(minutes=4).isoformat(), START)
    assert not plausible(later(hours=-2).isoformat(), START)
    assert not plausible("", START)


def test_a_clock_file_named_in_the_environment_is_now_for_moves_and_the_table(monkeypatch, tmp_path):
    from castletui.saves.clock import CLOCK_FILE_VARIABLE, utc_now
    from castletui.saves.table import table_now

    clock_file = tmp_path / "now"
    clock_file.write_text("2026-12-03T09:00:00+00:00\n")
    monkeypatch.setenv(CLOCK_FILE_VARIABLE, str(clock_file))
    assert utc_now() == START + datetime.timedelta(days=2)
    assert saves.now() == "2026-12-03T09:00:00+00:00" and table_now() == utc_now()
    clock_file.write_text("no time")  # nothing readable there: the real now
    assert abs(utc_now() - datetime.datetime.now(datetime.UTC)) < datetime.timedelta(minutes=1)
    monkeypatch.delenv(CLOCK_FILE_VARIABLE)
    assert abs(utc_now() - datetime.datetime.now(datetime.UTC)) < datetime.timedelta(minutes=1)


@pytest.mark.parametrize("planted", ["fifo", "writable by others", "another user's"])
def test_a_clock_file_another_could_write_or_a_pipe_is_not_now(monkeypatch, tmp_path, planted):
    # The operator names the clock file (a test, a demo); if it lies where
    # another Unix user could plant or change it, they would say when every
    # seat's time runs out, or hang every castletui on a pipe.
    import os
    import threading

    from castletui.saves.clock import CLOCK_FILE_VARIABLE, utc_now

    clock_file = tmp_path / "now"
    if planted == "fifo":
        os.mkfifo(clock_file)
    else:
        clock_file.write_text("2030-01-01T00:00:00+00:00\n")
    if planted == "writable by others":
        clock_file.chmod(0o666)
    if planted == "another user's":
        if os.geteuid() != 0:
            pytest.skip("only root can give a file to another user")
        os.chown(clock_file, 65534, 65534)
    monkeypatch.setenv(CLOCK_FILE_VARIABLE, str(clock_file))
    told = []
    reader = threading.Thread(target=lambda: told.append(utc_now()), daemon=True)
    reader.start()
    reader.join(30)  # a bound for a hang, not a measure
    assert told, "the clock waited on the planted file"
    assert abs(told[0] - datetime.datetime.now(datetime.UTC)) < datetime.timedelta(minutes=1)


def test_a_seat_late_by_seconds_is_just_past_its_time_not_a_minute():
    assert [lateness_words(seconds) for seconds in (0, 30, 59, 60, 5 * HOUR)] == [
        "just past it",
        "just past it",
        "just past it",
        "1 min past it",
        "5 h past it",
    ]


def test_a_time_per_move_is_said_as_it_was_chosen_not_as_a_span_left():
    """The wizard offers "1 d"; the lobby's free seat and the clock-out
    question had said "24 h" of the same table."""
    assert [per_move_words(seconds) for seconds in (86_400, 3 * 86_400, HOUR, 36 * HOUR, 5400, 120)] == [
        "1 d",
        "3 d",
        "1 h",
        "36 h",
        "90 min",
        "2 min",
    ]
