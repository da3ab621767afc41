"""The menu's lines, as the rules give them: the actions of one level, the
groups below it, and the "why not?" lines, each with a stable ``key``.

The driver (castletui/driver.py) makes a level's lines from the legal
actions and the screen API (``label``, ``group``, ``spot``, ``preview``,
``refusals``), then hands them to the game's optional ``menu`` hook,
which may add, order or annotate lines (a build menu with every cost, a
count beside each card). The app tells lines apart by ``key``, by their
action or by their ``command``, never by their words, which are for people
and may change.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import msgspec


class Line(msgspec.Struct, frozen=True):
    """One line of the menu: an ``action`` for the rules, or a ``group`` to
    open (its whole path), or a ``command`` of the screen's own (a dialog,
    a mini-game, a step back: the screen names what it runs, ``action``
    and ``spot`` say what about), greyed with its reason when ``why_not``
    is set. ``spot`` is the board place it is about, ``note`` a word after
    its text, ``preview`` what choosing it would do (as the viewer may know).

    ``key`` names the line for the code ("build", "offer", a group's name,
    a refusal's key): a game's menu finds and replaces lines by it, and a
    greyed line of the game's own hides the rules' "why not?" line of the
    same key."""

    text: str
    action: Any = None
    group: tuple[str, ...] | None = None
    spot: Hashable | None = None
    note: str = ""
    why_not: str = ""
    preview: str = ""
    command: str = ""
    key: str = ""

    @property
    def disabled(self) -> bool:
        return bool(self.why_not)
