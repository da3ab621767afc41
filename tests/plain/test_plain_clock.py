"""A correspondence table's clock in plain lines (issue 46 item 3): a
player still at the table whose seat the others handed to a bot, after
their time ran out, has it back as soon as they answer, and hears what
the bot played. In-process, as tests/plain/reading.py plays games."""

from __future__ import annotations

import io
from unittest import mock

from castletui.saves.clock import BOT
from castletui.saves.table import Table

from castletui import saves
from castletui.plain.game import PlainGame
from castletui.plain.talk import Talk
from castletui.session import Session
from tests.plain.reading import Reader
from tests.shared.lobby_tables import at
from tests.shared.test_clock_play import OWNERS, timed_table


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
    assert bots_last in welcome
