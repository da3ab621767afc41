"""The players panel of each game as Rich Text, from a frame alone (the
seats' rows, the viewer's scene, the standing) and the room it has: nothing
read from a screen (a panel may borrow a board's inks), and nothing a seat
may not see (the frame is the viewer's).

A game without its own panel gets :func:`players`, the frame's rows; a
game's package gives its ``SIDE`` in ``side.py`` (castletui/games/),
which the game screen finds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from rich.text import Text

WIDE = 110
"""From this many columns a game's side panel is the roomier one."""


class Room(msgspec.Struct, frozen=True):
    """The terminal's size and the players panel's own width (0 before it is laid out)."""

    width: int
    height: int
    panel: int = 0

    @property
    def wide(self) -> bool:
        return self.width >= WIDE


def players(frame: Any, room: Room, extra: Sequence[str] = ()) -> Text:
    """Each seat: a marker for whose turn it is, the name (and bot level),
    the standing; the frame's waiting line, then ``extra`` lines."""
    text = Text()
    for row in frame.side:
        marker = ">" if row.to_move else " "
        style = "bold reverse" if row.to_move else ("bold" if row.viewer else "")
        who = row.name if not row.bot else f"{row.name} ({row.bot})"
        text.append(f"{marker}{who:<15.15}", style=style)
        text.append(f"{row.score:>5g}\n")
    if frame.waiting:
        text.append(frame.waiting + "\n", style="bold" if frame.seat is None else "italic")
    add_watchers(text, frame)
    for line in extra:
        text.append(line + "\n")
    return text


def watching_words(watchers: Sequence[str]) -> str:
    """Who watches a shared table, in one short line: "Watching: Cy",
    "Watching: Cy, Dee and 2 more"."""
    if not watchers:
        return ""
    shown = ", ".join(watchers[:2])
    more = len(watchers) - 2
    return f" Watching: {shown}" + (f" and {more} more" if more > 0 else "")


def add_watchers(text: Text, frame: Any) -> None:
    """The spectators' line of every players panel, under the waiting line."""
    if frame.watchers:
        text.append(watching_words(frame.watchers) + "\n", style="dim")


class Side(msgspec.Struct, frozen=True):
    """How a game's players panel reads and how wide it is."""

    text: Callable[[Any, Room], Text] = players
    widths: tuple[int, int] | None = None
    """The side panel's columns below :data:`WIDE` and from it (None: the stylesheet's)."""
