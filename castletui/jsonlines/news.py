"""What happened since a seat last looked, as that seat may read it: the
log lines of each move (``rules.core.log_lines`` for that seat: a card
another seat drew stays face down), named. Each seat has its own reader,
so a program is told only what its seat was told."""

from __future__ import annotations

from typing import Any

from castletui.rules.core import log_lines, name_seats


class News:
    """The log of one seat from where it last read (the start of the game
    at first: a resumed game is told from the beginning)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.read_to = 0

    def since(self, session: Any) -> tuple[str, ...]:
        """The lines of the moves after the last read, read now."""
        self.read_to = min(self.read_to, session.ply)  # moves taken back are not told again
        game, states, names = session.game, session.states, session.names
        lines: list[str] = []
        for ply in range(self.read_to, session.ply):
            action = session.action_at(ply)
            for text in log_lines(game, states[ply], action, states[ply + 1], self.seat):
                lines.append(name_seats(text, names))
        self.read_to = session.ply
        return tuple(lines)
