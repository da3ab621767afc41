"""Catapult Castle scoring: the standing with the full tie-break, and the solo score.

Most towers on your mat wins; ties go to the most ammo inside the towers on
your mat, then the most cards in hand, then whoever is later in turn order.
Solo: one point per tower removed plus one per ammo left, and a rating band.
"""

from __future__ import annotations

from rules.catapult_castle.edition import EDITION, rating_for
from rules.catapult_castle.state import State
from rules.catapult_castle.table import ammo_inside, is_solo, tower_count
from rules.core import Result, ScoreLine

TIE_BREAK_LINES = (
    "Towers on the mat",
    "Ammo inside your towers",
    "Cards in hand",
    "Turn order (later wins)",
)
DECIDED_BY = (
    "Most towers on the mat",
    "Tie on towers, broken by the most ammo inside the towers",
    "Tie on towers and ammo, broken by the most cards in hand",
    "Tie on towers, ammo and cards, broken by turn order: the later player wins",
)


def turn_position(state: State, seat: int) -> int:
    """1 for the start player, 2 for the next... (seat order before the start is known)."""
    start = state.start_seat if state.start_seat >= 0 else 0
    return (seat - start) % state.seats + 1


def standing_keys(state: State) -> list[tuple[int, int, int, int]]:
    """Per seat, the tie-break tuple: bigger is better, line by line."""
    return [
        (tower_count(state, s), ammo_inside(state, s), len(state.hands[s]), turn_position(state, s))
        for s in range(state.seats)
    ]


def ranking(state: State) -> list[int]:
    """Seats from first to last by the full tie-break (no two seats tie)."""
    keys = standing_keys(state)
    return sorted(range(state.seats), key=lambda s: keys[s], reverse=True)


def deciding_line(state: State) -> int:
    """Which tie-break line (0..3) separated the winner from everyone else."""
    keys = standing_keys(state)
    contenders = list(range(state.seats))
    for line in range(len(TIE_BREAK_LINES)):
        best = max(keys[s][line] for s in contenders)
        contenders = [s for s in contenders if keys[s][line] == best]
        if len(contenders) == 1:
            return line
    return len(TIE_BREAK_LINES) - 1


def solo_score(state: State) -> int:
    return state.removed + state.supply


def result(state: State) -> Result:
    if is_solo(state):
        score = solo_score(state)
        return Result(
            scores=(float(score),),
            lines=(
                ScoreLine("Towers removed", (float(state.removed),)),
                ScoreLine("Ammo left", (float(state.supply),)),
            ),
            winners=(0,),
            finished=state.over,
            decided_by="Solo score: one point per tower removed and per ammo left",
            rating=rating_for(score),
        )
    keys = standing_keys(state)
    lines = tuple(
        ScoreLine(label, tuple(float(keys[s][line]) for s in range(state.seats)))
        for line, label in enumerate(TIE_BREAK_LINES)
    )
    order = ranking(state)
    return Result(
        scores=tuple(float(keys[s][0]) for s in range(state.seats)),
        lines=lines,
        winners=(order[0],),
        finished=state.over,
        decided_by=DECIDED_BY[deciding_line(state)],
    )


SOLO_BANDS = tuple((band.low, band.high, band.label) for band in EDITION.solo_ratings)
