"""Read-only queries the Castle Raisers screens need that the engine does not
export: the co-operative team standing (the team's total, the wolves' score to
beat, and whether it is beaten), worked out by the same scoring functions as
:func:`rules.castle_raisers.outcome.result`, so the screen never re-decides a rule."""

from __future__ import annotations

from rules.castle_raisers.edition import EDITION
from rules.castle_raisers.scoring import score_sheet, totals
from rules.castle_raisers.state import State


def wolves_score(seats: int) -> int:
    """The score the team must beat (co-operative and solo), by player count."""
    return EDITION.coop.wolves_score_by_players[seats - 1]


def team_standing(state: State) -> tuple[float, int, bool]:
    """Co-operative and solo: (the team's total, the wolves' score, whether the
    total beats it). The total is the interim one while the game runs; beating
    the wolves still needs every Threat card met for the win."""
    lines = score_sheet(state.castles, cooperative=True)
    team = sum(totals(lines, state.seats))
    target = wolves_score(state.seats)
    return team, target, team > target


__all__ = ["team_standing", "wolves_score"]
