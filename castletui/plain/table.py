"""Table mode in plain lines: the people at a real table say what came up
(the driver's :class:`~castletui.driver.Entry`), one outcome at a time
from the numbered list of the possible ones. The screen's set-up form and
line of counts are put aside here (the driver allows it): each draw of a
batch is asked on its own, which takes longer but needs no form."""

from __future__ import annotations

from typing import Any

from castletui.frame import Line
from castletui.plain import choices


class TableEntry:
    """Asks a plain game's players what came up."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def ask(self, entry: Any) -> None:
        game = self.game
        driver = game.driver
        if entry.how in ("form", "counts"):
            driver.declined(entry)  # one outcome at a time: the picker
        game.tell_news()
        question, outcomes = driver.chance_question()
        listed = choices.numbered([Line(words, action) for words, action in outcomes])
        game.talk.say("Table mode: say what came up.")
        game.say_choices(question, listed, False)
        answer = game.answer(question, listed, False)
        if answer is not None:
            game.person_plays(answer.choice.line.action)
