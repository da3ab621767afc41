"""JSON lines at a shared table the others ended as abandoned (saves.clock,
after a seat's time ran out): the program is told the end, with no
winner and ``decided_by`` "abandoned", instead of waiting for ever.
Headless: the conversation over two byte streams."""

from __future__ import annotations

import io
import json
from unittest import mock

from castletui.saves.clock import ABANDON
from castletui.saves.table import Table

from castletui import saves
from castletui.jsonlines.conversation import Conversation
from castletui.session import Session
from tests.shared.lobby_tables import at
from tests.shared.test_clock_play import OWNERS, timed_table


def test_a_program_at_an_abandoned_table_is_told_the_end(tmp_path):
    table = timed_table(tmp_path / "tables")  # Bo to move, a day per move
    ann = Session.at_table(Table(table.path), 0, OWNERS[0])
    output = io.BytesIO()
    conversation = Conversation(ann, io.BytesIO(), output)
    waits = []

    def wait_for_the_table() -> None:
        """Ann's program waits for Bo; his time runs out and she abandons the game."""
        waits.append(1)
        assert len(waits) < 5, "the program waits for ever"
        if len(waits) == 1:
            with mock.patch.object(saves, "now", return_value=at(-30)):
                Table(table.path).time_out(1, OWNERS[0], ABANDON)

    conversation.wait_for_the_table = wait_for_the_table
    assert conversation.play()
    told = [json.loads(line) for line in output.getvalue().splitlines()]
    end = told[-1]
    assert end["type"] == "end"
    assert end["winners"] == [] and not end["lost"]
    assert end["decided_by"] == "abandoned"
