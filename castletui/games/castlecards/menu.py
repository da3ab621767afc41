"""Castlecards' action bar: the rules' lines as the menu hook made them
(rules/castlecards/menu.py: the groups with how many ways they open, each
target's shields, a line per card being picked with what it adds, Confirm
saying how the attack would stand), a Back line inside a group, and the
question over the bar while a group is open (from the frame's scene).

Escape from picking the cards of one's own attack (or Explorers, or a
build's payment) takes the picks and the declaration back, to where the
step was chosen (``step_back``: the driver takes them back).

Lines are told apart by key, action or command here, never by their words.
"""

from __future__ import annotations

from castletui.frame import Frame, Line
from castletui.frames import Menu, StepBack, rules_lines
from castletui.rules.core import name_seats

BACK = "back"
"""The command of the Back line inside a group (the screen's Escape)."""

THROW_AWAY = "Throw a card away"
"""The key of the rules' group of cards to throw away (its group line's
key, tests/app/castlecards/test_menu_keys.py holds it to the rules')."""


OWN_STEPS = ("attack", "explore", "build")
"""Steps started by the turn's own action, that Escape takes back."""


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


def step_back(scene) -> StepBack | None:
    """Picking cards for one's own attack, Explorers or build: Escape goes
    back to the targets (the one attacked highlighted) or the first menu."""
    pick = scene.choosing
    if pick is None or pick.purpose not in OWN_STEPS:
        return None
    attack = scene.attack if pick.purpose == "attack" else None
    if attack is None:
        return StepBack()
    return StepBack((attack.group,), ("fort", attack.defender, attack.slot))


MENU = Menu(lines=lines, prompt=prompt, hidden_groups=frozenset({THROW_AWAY}), step_back=step_back)
"""Throwing a card away does nothing: its cards are lit only while it is open."""
