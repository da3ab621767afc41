"""Plain lines at a shared table whose seating changes while a player
decides (item 1 of the polish brief): a seat taken meanwhile is no longer
said to be free, and a seat its owner took back from the bot that stood
in for it is not played by this terminal's bot (the table refused that
move, and the player heard the refusal as if it were theirs). In-process,
two terminals at one table file, as tests/plain/reading.py plays games."""

from __future__ import annotations

import io
from unittest import mock

from castletui.saves.clock import BOT
from castletui.saves.table import Table

from castletui import saves, seat_back
from castletui.plain.game import PlainGame
from castletui.plain.talk import Talk
from castletui.session import Session
from tests.plain.reading import Reader, choices_in
from tests.shared.lobby_tables import at, seated_table
from tests.shared.test_clock_play import OWNERS, timed_table

WAITING = "Type quit to leave"


def anns_game(session: Session, meanwhile) -> str:
    """Ann's plain game: ``meanwhile()`` at her first question, then her
    first listed choice each time until she waits for another terminal,
    when she leaves. What she was told."""
    output = io.StringIO()
    asked: list[str] = []

    def answer(text: str) -> str | None:
        asked.append(text)
        if len(asked) == 1:
            meanwhile()
        if WAITING in text or len(asked) > 40:
            return None
        listed = choices_in(text)
        return str(listed[0][0]) if listed else ""

    PlainGame(session, Talk(Reader(output, answer), output), think_for=None).play()
    return output.getvalue()


def test_a_seat_taken_while_you_decide_is_not_said_to_be_free(tmp_path):
    table = seated_table(tmp_path / "tables", ["user:ann", ""], "t")
    ann = Session.at_table(Table(table.path), 0, "user:ann")
    said = anns_game(ann, lambda: Table(table.path).take_seat(1, "user:bo"))
    waiting = said[said.index(WAITING) - 200 :]
    assert "Seat 2 is free" not in waiting
    assert "Waiting for bo to decide" in waiting


def test_a_seat_taken_back_from_its_bot_while_you_decide_is_not_played_by_yours(tmp_path):
    table = timed_table(tmp_path / "tables")
    with mock.patch.object(saves, "now", return_value=at(-30)):
        Table(table.path).time_out(1, OWNERS[0], BOT)
        ann = Session.at_table(Table(table.path), 0, OWNERS[0])
        ann.run_automatic()  # the bot plays Bo's seat until Ann must decide
        assert ann.to_move() == 0 and 1 in ann.stand_ins
        bo = Session.at_table(Table(table.path), 1, OWNERS[1])
        said = anns_game(ann, lambda: seat_back.take_seat_back(bo))
    assert "That was a decision of seat 2" not in said
    assert "Waiting for bo to decide" in said
    assert Table(table.path).read()[0].log[-1].seat == 0  # Ann's move is the last: no bot played after it
