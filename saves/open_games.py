"""How many games one identity may sit at that are not over: a stranger
with a key cannot fill the table folder, or crowd every other table out of
a store's listing. A new table (castletui/tables.py) and a rematch
(saves.rematch) are refused alike for a person at the limit."""

from __future__ import annotations

from collections.abc import Iterable

from castletui.saves.owners import owner_field
from castletui.saves.table import TableSummary

MAX_OPEN_TABLES = 40
"""The games not over one identity may sit at when it starts another (four
times the issue's ten by correspondence)."""


def open_games(rows: Iterable[TableSummary], who: str) -> int:
    """How many games not over ``who`` (an owner field) sits at, as listed in ``rows``."""
    return sum(1 for row in rows if not row.finished and row.seat_of(who) is not None)


def at_the_limit(rows: Iterable[TableSummary], owners: list[str], seats: list[int]) -> list[int]:
    """Those of ``seats`` whose owner sits at :data:`MAX_OPEN_TABLES` games not over."""
    listed = list(rows)
    return [
        seat
        for seat in seats
        if owners[seat] and open_games(listed, owner_field(owners[seat])) >= MAX_OPEN_TABLES
    ]
