"""Seats in log lines: a line names a seat as ``{P1}`` (names live in the
save, not the state) and the app fills the names in; and the short label of
an action."""

from __future__ import annotations

import re
from collections.abc import Sequence

_SEAT_REF = re.compile(r"\{P(\d+)\}")


def seat_ref(seat: int) -> str:
    """How a log line names a seat; :func:`name_seats` fills the name in."""
    return f"{{P{seat}}}"


def name_seats(text: str, names: Sequence[str] | None = None) -> str:
    """Replace seat references with player names ("Player 1"... by default)."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if names is not None and seat < len(names):
            return names[seat]
        return f"Player {seat + 1}"

    return _SEAT_REF.sub(name, text)
