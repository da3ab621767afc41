"""Castlecards' action bar: the rules' lines as the menu hook made them
(rules/castlecards/menu.py: the groups with how many ways they open, each
target's shields, a line per card being picked with what it adds, Confirm
saying how the attack would stand), a Back line inside a group, and the
question over the bar while a group is open (from the frame's scene).

Lines are told apart by key, action or command here, never by their words.
"""

from __future__ import annotations

from castletui.frame import Frame, Line
from castletui.frames import Menu, rules_lines
from castletui.rules.core import name_seats

BACK = "back"
"""The command of the Back line inside a group (the screen's Escape)."""

THROW_AWAY = "Throw a card away"
"""The key of the rules' group of cards to throw away (its group line's
key, tests/app/castlecards/test_menu_keys.py holds it to the rules')."""


def lines(frame: Frame) -> list[Line]:
    shown = list(rules_lines(frame))
    if frame.path and shown:
        return [*shown, Line("Back", command=BACK)]
    return shown


def prompt(frame: Frame) -> str:
    if frame.deciding and frame.path:
        question = dict(frame.scene.questions).get(frame.path[-1])
        if question is not None:
            return name_seats(question, frame.names)
    return frame.prompt


MENU = Menu(lines=lines, prompt=prompt, hidden_groups=frozenset({THROW_AWAY}))
"""Throwing a card away does nothing: its cards are lit only while it is open."""
