"""A Game of Thrones Catan's action bar: the rules' lines as their ``menu``
hook gives them (rules/got_catan/menu.py: the build menu with every cost
and why not, the counts beside each card to return), with the offer to
the other players made in the screen's trade dialog, and the roll in the
question on a turn. Lines are told apart by ``key``, never by their words."""

from __future__ import annotations

from castletui.frame import Frame, Line
from castletui.frames import Menu

OFFER = "offer"
"""The key of the rules' line that makes an offer to the other players."""
TRADE_REFUSALS = (OFFER, "roll-first")
"""The keys of the rules' "why not" lines that say why no offer between
players may be made now (none at all this turn; not before the roll)."""
TRADE = "trade"
"""The command of the line that opens the trade dialog (the screen's)."""


def lines(frame: Frame) -> list[Line]:
    """The rules' lines in their order, greyed ones too (the build menu
    greys what cannot be built in its place among the rest)."""
    return [
        Line("Offer to players (trade dialog)...", command=TRADE, key=OFFER) if line.key == OFFER else line
        for line in frame.lines
    ]


def prompt(frame: Frame) -> str:
    scene = frame.scene
    if frame.deciding and scene.after_roll and not frame.path:
        return f"{frame.names[frame.viewer]}, rolled {scene.dice}: trade, build, buy or end your turn:"
    return frame.prompt


MENU = Menu(lines=lines, prompt=prompt)
