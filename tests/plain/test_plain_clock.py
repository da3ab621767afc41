"""A correspondence table's clock in plain lines (issue 46 item 3): a
player still at the table whose seat the others handed to a bot, after
their time ran out, has it back as soon as they answer, and hears what
the bot played. In-process, as tests/plain/reading.py plays games."""

from __future__ import annotations

import datetime
import io
from pathlib import Path
from unittest import mock

import pytest
from castletui.saves import clock as clock_module
from castletui.saves.clock import ABANDON, BOT, ClockRefused
from castletui.saves.table import Table

from castletui import saves, seat_back
from castletui.lobby import STOOD_IN
from castletui.plain.game import PlainGame
from castletui.plain.opening import TableHost, joined
from castletui.plain.talk import Talk
from castletui.session import Session
from tests.plain.reading import Reader, scripted
from tests.plain.test_plain_lobby import listed_to
from tests.shared.lobby_tables import NOON, at, play_until
from tests.shared.test_clock_play import OWNERS, ann_moved_on_after_a_bot_took_bos_seat, timed_table


def test_an_owner_still_at_the_table_takes_the_seat_back_by_answering(tmp_path):
    table = timed_table(tmp_path / "tables")
    bo = Session.at_table(Table(table.path), 1, OWNERS[1])
    heard: list[str] = []

    def answer(text: str) -> str | None:
        """Bo sits at his turn's question past his time; meanwhile Ann hands
        his seat to a bot, whose moves her terminal plays. Then Bo answers."""
        heard.append(text)
        if len(heard) == 1:
            ann = Session.at_table(Table(table.path), 0, OWNERS[0])
            with mock.patch.object(saves, "now", return_value=at(-30)):  # a day and 5 h into his turn
                Table(table.path).time_out(1, OWNERS[0], BOT)
                ann.sync()
                ann.run_automatic()  # the bot plays Bo's seat until Ann must decide
            return "1"
        return None  # Bo leaves

    output = io.StringIO()
    game = PlainGame(bo, Talk(Reader(output, answer), output), think_for=None)
    with mock.patch.object(saves, "now", return_value=at(-30)):
        game.play()
    assert Table(table.path).read()[1].stand_ins == []  # his again at once, without leaving
    assert not bo.is_bot(1)
    said = output.getvalue()
    assert "Your seat is yours again. While your time was out a bot played for you (ann chose it):" in said
    bots_last = [line.text for line in bo.log if line.seat == 1][-1]
    welcome = said[said.index("Your seat is yours again") :]
    assert welcome.count(bots_last) == 1  # told in the welcome back, and not again as news


# --- the others' choice once a seat's time is out ------------------------------------------


class Clock:
    """The table's time, moved on by the test between two of a player's answers."""

    def __init__(self, hours_before_noon: float) -> None:
        self.set(hours_before_noon)

    def set(self, hours_before_noon: float) -> None:
        self.now = at(hours_before_noon)

    def __call__(self) -> str:
        return self.now


OFFER = "bo's time is out: you may choose what becomes of their seat."
CHOICES = (
    "1. Let a bot play bo's seat until they come back",
    "2. End the game as abandoned (nobody wins or loses)",
    "3. Wait more (Enter alone)",
)


def played_at(table, session: Session, clock: Clock, answer) -> str:
    """``session``'s plain game played with ``answer``, at the time ``clock`` says; what was said."""
    output = io.StringIO()
    game = PlainGame(session, Talk(Reader(output, answer), output), think_for=None)
    with mock.patch.object(saves, "now", side_effect=clock):
        game.play()
    return output.getvalue()


def anns(table) -> Session:
    return Session.at_table(Table(table.path), 0, OWNERS[0])


def test_the_others_are_offered_the_choice_once_the_time_is_out_and_not_before(tmp_path):
    table, clock = timed_table(tmp_path / "tables"), Clock(-18)  # Bo is 23 h into his day
    heard: list[str] = []

    def answer(text: str) -> str | None:
        heard.append(text)
        if len(heard) == 1:
            clock.set(-20)  # a day and an hour: out
            return ""
        return None

    played_at(table, anns(table), clock, answer)
    assert OFFER not in heard[0]
    assert OFFER in heard[1]
    assert all(choice in heard[1].splitlines() for choice in CHOICES)


def test_neither_a_spectator_nor_the_late_seats_owner_is_offered_it(tmp_path):
    table, clock = timed_table(tmp_path / "tables"), Clock(-30)
    watcher = Session.watching_table(Table(table.path), "user:cy")
    assert "time is out" not in played_at(table, watcher, clock, scripted(["", ""]))
    bo = Session.at_table(Table(table.path), 1, OWNERS[1])
    assert "time is out" not in played_at(table, bo, clock, scripted([]))


def test_let_a_bot_play_hands_the_seat_to_a_bot_that_plays_at_once(tmp_path):
    table, clock = timed_table(tmp_path / "tables"), Clock(-30)
    said = played_at(table, anns(table), clock, scripted(["1"]))
    (stand_in,) = Table(table.path).read()[1].stand_ins
    assert (stand_in.seat, stand_in.by) == (1, "ann")
    assert "ann let a bot play bo's seat until they come back." in said.splitlines()
    assert any(entry.seat == 1 for entry in Table(table.path).read()[0].log[stand_in.since :])


def test_end_as_abandoned_ends_the_game_for_nobody(tmp_path):
    table, clock = timed_table(tmp_path / "tables"), Clock(-30)
    said = played_at(table, anns(table), clock, scripted(["end"]))
    assert Table(table.path).read()[1].abandoned
    lines = said.splitlines()
    assert "The game was ended as abandoned: no winner, a loss for nobody." in lines
    assert "The game is over." in lines


def test_wait_more_changes_nothing_and_the_offer_comes_back_after_another_period(tmp_path):
    table, clock = timed_table(tmp_path / "tables"), Clock(-30)
    heard: list[str] = []

    def answer(text: str) -> str | None:
        heard.append(text)
        if len(heard) == 2:
            clock.set(-30 - 23)  # less than the day Bo had, since Ann chose to wait
        elif len(heard) == 3:
            clock.set(-30 - 24.1)
        return "" if len(heard) < 4 else None

    played_at(table, anns(table), clock, answer)
    assert Table(table.path).read()[1].stand_ins == [] and not Table(table.path).read()[1].abandoned
    assert OFFER in heard[0] and OFFER not in heard[1] + heard[2]
    assert OFFER in heard[3]


def test_an_answer_after_the_late_seat_moved_is_refused_with_the_tables_reason(tmp_path):
    table, clock = timed_table(tmp_path / "tables"), Clock(-30)
    before = len(Table(table.path).read()[0].log)

    def answer(text: str) -> str | None:
        if OFFER in text:  # Bo moves while Ann reads the offer
            play_until(table, OWNERS, lambda session: len(session.save.log) > before, clock.now)
            return "1"
        return None

    said = played_at(table, anns(table), clock, answer)
    assert Table(table.path).read()[1].stand_ins == []
    with mock.patch.object(saves, "now", side_effect=clock), pytest.raises(ClockRefused) as refused:
        Table(table.path).time_out(1, OWNERS[0], BOT)
    assert f"Not done: {refused.value}" in said


def test_the_late_seats_owner_hears_the_game_was_abandoned_when_they_answer(tmp_path):
    table, clock = timed_table(tmp_path / "tables"), Clock(-30)
    heard: list[str] = []

    def answer(text: str) -> str | None:
        heard.append(text)
        if len(heard) == 1:  # Ann ends the game while Bo reads his choices
            Table(table.path).time_out(1, OWNERS[0], ABANDON)
            return "1"
        return None

    bo = Session.at_table(Table(table.path), 1, OWNERS[1])
    said = played_at(table, bo, clock, answer)
    lines = said[said.index(heard[1]) :].splitlines() if heard[1:] else []
    assert "The game is over." in lines
    assert "The game was ended as abandoned: no winner, a loss for nobody." in lines


# --- the lobby in lines ---------------------------------------------------------------------


def listed_at(directory, who: str, hours_after_noon: float) -> list[str]:
    later = NOON + datetime.timedelta(hours=hours_after_noon)
    with mock.patch.object(clock_module, "utc_now", return_value=later):
        return listed_to(directory, who, who[5:]).splitlines()


def test_the_lobby_in_lines_says_the_time_left_and_when_it_is_out(tmp_path):
    directory = tmp_path / "tables"
    timed_table(directory)
    assert listed_at(directory, "user:ann", 0)[1].endswith(": bo to play, 19 h left")
    assert listed_at(directory, "user:ann", 30)[1].endswith(": bo to play, out of time: open it to choose")
    bos = listed_at(directory, "user:bo", 30)[1]
    assert bos.endswith("your time is out: move before the others hand your seat to a bot")


def test_the_lobby_in_lines_tells_the_owner_a_bot_plays_their_seat(tmp_path):
    directory = tmp_path / "tables"
    ann_moved_on_after_a_bot_took_bos_seat(directory)
    assert listed_at(directory, "user:bo", 30)[1].endswith(f": ann to play, {STOOD_IN}")


def test_the_lobby_in_lines_names_a_game_ended_as_abandoned(tmp_path):
    directory = tmp_path / "tables"
    table = timed_table(directory)
    with mock.patch.object(saves, "now", return_value=at(-30)):
        Table(table.path).time_out(1, OWNERS[0], ABANDON)
    for who in OWNERS:
        told = "Ended as abandoned, nobody won or lost: Castlecards (2 players) with ann, bo."
        assert told in listed_at(directory, who, 48)
    assert "abandoned" not in "".join(listed_at(directory, "user:cy", 48))


def test_the_others_hear_that_a_bot_plays_the_late_seat(tmp_path):
    table, clock = timed_table(tmp_path / "tables"), Clock(-30)
    heard: list[str] = []

    def answer(text: str) -> str | None:
        heard.append(text)
        if len(heard) == 1:  # Ann chooses at her terminal while Cy watches
            Table(table.path).time_out(1, OWNERS[0], BOT)
            return ""
        return None

    played_at(table, Session.watching_table(Table(table.path), "user:cy"), clock, answer)
    assert "ann let a bot play bo's seat until they come back." in heard[1].splitlines()


def test_a_seat_out_of_time_by_seconds_is_said_to_be_just_past_it(tmp_path):
    table, clock = timed_table(tmp_path / "tables"), Clock(-19 - 10 / 3600)  # a day and 10 s
    heard: list[str] = []

    def answer(text: str) -> str | None:
        heard.append(text)
        return None

    played_at(table, anns(table), clock, answer)
    assert OFFER in heard[0]
    assert "bo had 1 d for this move and is just past it." in heard[0]


def bots_moves_for_bo(table) -> list[str]:
    """Ann hands Bo's late seat to a bot, and her terminal plays it until she must decide:
    the log lines of the bot's moves for Bo, as Bo reads them."""
    ann = anns(table)
    with mock.patch.object(saves, "now", return_value=at(-30)):
        Table(table.path).time_out(1, OWNERS[0], BOT)
        ann.sync()
        ann.run_automatic()
    bo = Session.at_table(Table(table.path), 1, OWNERS[1])
    bo.read_log_as(1)
    (stand_in,) = Table(table.path).read()[1].stand_ins
    plies = {ply + 1 for ply in clock_module.stood_in_plies(bo.save, stand_in)}
    return [line.text for line in bo.log if line.ply in plies]


def test_back_at_the_table_in_lines_each_of_the_bots_lines_is_told_once(tmp_path):
    directory = tmp_path / "tables"
    table = timed_table(directory)
    bots_lines = bots_moves_for_bo(table)
    assert bots_lines
    said = io.StringIO()
    host = TableHost(OWNERS[1], "", directory, lambda text: said.write(text + "\n"))
    with mock.patch.object(saves, "now", return_value=at(-31)):
        bo = joined(host, Path(table.path), None, None)  # the welcome back is said here
        game = PlainGame(bo, Talk(Reader(said, lambda text: None), said), think_for=None)
        game.play()  # then the game's own news, and Bo's turn: he leaves
    told = said.getvalue()
    assert "Your seat is yours again." in told
    for line in bots_lines[-seat_back.TOLD_LINES :]:
        assert told.count(line) == 1, line
