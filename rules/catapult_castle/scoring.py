"""Catapult Castle scoring: the standing with the full tie-break, and the solo score.

The score is the towers on your mat, and the sheet's one line says so. Ties
go to the most ammo inside the towers on your mat, then the most cards in
hand, then whoever is later in turn order: those are tie-breaks, not points,
so they never go into the lines that add up to the score; ``decided_by``
names the one that settled the game, with the tied players' numbers, and
:func:`tie_break_lines` lists them all for a sheet that shows tie-breaks apart.
Solo: one point per tower removed plus one per ammo left, and a rating band.
:func:`solo_count_reason` and :func:`final_count_reason` say why counts
typed in from a real table cannot be the end of any game (the rules helpers
refuse them).
:func:`evaluate` weighs a running game for the generic greedy bot.
"""

from __future__ import annotations

from collections.abc import Sequence

from castletui.rules.catapult_castle.edition import (
    DECK_COUNTS,
    EDITION,
    SQUARES_PER_MAT,
    STRONG_AMMO,
    rating_for,
)
from castletui.rules.catapult_castle.pieces import ammo_inside, is_solo, tower_count
from castletui.rules.catapult_castle.state import State
from castletui.rules.core import Result, ScoreLine

SCORE_LINE = "Towers on the mat"
TIE_BREAKS = (
    "Ammo inside the towers",
    "Cards in hand",
    "Turn order (later wins)",
)
"""The tie-break lines, in the order the rulebook applies them."""
_TIED_ON = (("tower", "towers"), ("ammo", "ammo"), ("card", "cards"))
_BROKEN_BY = (
    "the most ammo inside the towers",
    "the most cards in hand",
    "turn order",
)


def turn_position(state: State, seat: int) -> int:
    """1 for the start player, 2 for the next... (seat order before the start is known)."""
    return position_in_turn_order(seat, state.start_seat, state.seats)


def position_in_turn_order(seat: int, start_seat: int, seats: int) -> int:
    """1 for the start player ``start_seat`` (-1: not known yet, seat 0), 2 for the next..."""
    start = start_seat if start_seat >= 0 else 0
    return (seat - start) % seats + 1


def standing_keys(state: State) -> list[tuple[int, int, int, int]]:
    """Per seat, (towers, then the tie-breaks): bigger is better, item by item."""
    return [
        (tower_count(state, s), ammo_inside(state, s), len(state.hands[s]), turn_position(state, s))
        for s in range(state.seats)
    ]


def ranking(state: State) -> list[int]:
    """Seats from first to last by the full tie-break (no two seats tie)."""
    return rank(standing_keys(state))


def rank(keys: list[tuple[int, int, int, int]]) -> list[int]:
    """Seats from first to last by their (towers, ammo, cards, turn position)
    keys: the rulebook's order of the tie-breaks (no two seats tie)."""
    return sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)


def _deciding(keys: list[tuple[int, ...]]) -> tuple[int, list[int]]:
    """What separated the winner from everyone else (0 the towers, 1..3 the
    tie-breaks), and the seats still tied before it was applied."""
    contenders = list(range(len(keys)))
    for item in range(len(keys[0])):
        best = max(keys[s][item] for s in contenders)
        still = [s for s in contenders if keys[s][item] == best]
        if len(still) == 1:
            return item, contenders
        contenders = still
    return len(keys[0]) - 1, contenders


def tie_break_lines(state: State) -> tuple[ScoreLine, ...]:
    """The tie-breaks per seat, in the order they apply. They are not points:
    they only order players with as many towers."""
    keys = standing_keys(state)
    return tuple(
        ScoreLine(label, tuple(float(keys[s][item]) for s in range(state.seats)))
        for item, label in enumerate(TIE_BREAKS, start=1)
    )


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def decided_by(keys: list[tuple[int, ...]]) -> str:
    """In words, with numbers: which rule settled the standing. No seat names
    (the result screen shows this text as it is), only the tied players' values."""
    item, tied = _deciding(keys)
    if item == 0:
        return "Most towers on the mat"
    shared = []
    for i in range(item):
        value = keys[tied[0]][i]
        shared.append(f"{value} {_TIED_ON[i][value != 1]}")
    tie = shared[0] if len(shared) == 1 else ", ".join(shared[:-1]) + " and " + shared[-1]
    values = sorted((keys[s][item] for s in tied), reverse=True)
    if item == len(_BROKEN_BY):
        others = " and ".join(_ordinal(v) for v in values[1:])
        detail = f"going {_ordinal(values[0])} beats going {others}"
    else:
        detail = f"{values[0]} against " + " and ".join(str(v) for v in values[1:])
    return f"A tie on {tie}, broken by {_BROKEN_BY[item - 1]}: {detail}"


def solo_score(state: State) -> int:
    return solo_points(state.removed, state.supply)


def solo_points(towers_removed: int, ammo_left: int) -> int:
    """The solo score: one point per tower removed and one per ammo left."""
    return towers_removed + ammo_left


def fewest_solo_shots() -> int:
    """The fewest shots that clear the solo table: a shot takes one tower,
    a Strong Ammo shot a whole stack (rearranged at most
    ``solo_max_stack`` high), and the solo hand holds so many Strong Ammo."""
    left = EDITION.total_towers
    shots = 0
    for _ in range(EDITION.solo_hand.count(STRONG_AMMO)):
        if left <= 0:
            break
        left -= min(left, EDITION.solo_max_stack)
        shots += 1
    return shots + left


def solo_count_reason(towers_removed: int, ammo_left: int) -> str:
    """Why no solo game can end with ``towers_removed`` towers shot off and
    ``ammo_left`` ammo still to shoot, or "". The game goes on until the
    last ammo is shot or the last tower is gone, so ammo is left only on a
    cleared table, and clearing it takes :func:`fewest_solo_shots`."""
    towers, ammo = EDITION.total_towers, EDITION.solo_ammo
    if towers_removed > towers:
        return f"The solo game has {towers} towers: at most {towers} can be removed, not {towers_removed}."
    if ammo_left > ammo:
        return f"The solo game has {ammo} ammo: at most {ammo} can be left, not {ammo_left}."
    if ammo_left and towers_removed < towers:
        return (
            f"Ammo is left only when every tower is gone: the game goes on until all {ammo} ammo "
            f"are shot or all {towers} towers removed. With {towers_removed} removed, no ammo is left."
        )
    most_left = ammo - fewest_solo_shots()
    if ammo_left > most_left:
        strong = EDITION.solo_hand.count(STRONG_AMMO)
        return (
            f"Clearing all {towers} towers takes at least {fewest_solo_shots()} shots (only the {strong} "
            f"Strong Ammo shots take a stack, at most {EDITION.solo_max_stack} high): at most "
            f"{most_left} ammo can be left, not {ammo_left}."
        )
    return ""


def final_count_reason(counts: Sequence[tuple[int, int, int]], seats: int = 0) -> str:
    """Why no game of ``seats`` players (0: as many as ``counts``) can end
    with these (towers on the mat, ammo inside them, cards in hand), or "";
    ``counts`` may be the first players only (the totals are checked as
    they grow). Ammo is only ever inside a tower; a hand holds cards of its
    own deck only; the game has so many towers (with 3 players one stays in
    the box) and so much ammo."""
    towers_in_game = EDITION.total_towers - (
        EDITION.three_player_boxed_towers if (seats or len(counts)) == 3 else 0
    )
    deck = max(sum(counts) for counts in DECK_COUNTS)
    for towers, ammo, cards in counts:
        if towers > towers_in_game:
            return f"The game has {towers_in_game} towers: no mat holds {towers}."
        if ammo and not towers:
            return "Ammo stays inside towers: with no tower on the mat there is no ammo on it."
        if ammo > EDITION.total_ammo:
            return f"The game has {EDITION.total_ammo} ammo: no mat holds {ammo}."
        if cards > deck:
            return f"A hand holds only cards of its own deck of {deck}: not {cards}."
    if sum(count[0] for count in counts) > towers_in_game:
        return f"Those mats hold more than the {towers_in_game} towers in the game."
    if sum(count[1] for count in counts) > EDITION.total_ammo:
        return f"Those towers hold more than the {EDITION.total_ammo} ammo in the game."
    return ""


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
    towers = tuple(float(keys[s][0]) for s in range(state.seats))
    return Result(
        scores=towers,
        # The score is the towers and nothing else: one line that adds up to it.
        lines=(ScoreLine(SCORE_LINE, towers),),
        winners=(ranking(state)[0],),
        finished=state.over,
        decided_by=decided_by(keys),
    )


SOLO_BANDS = tuple((band.low, band.high, band.label) for band in EDITION.solo_ratings)


def _strength(state: State, seat: int) -> float:
    stacks = state.stacks
    mat = state.seat_mats[seat]
    roofs = sum(1 for q in range(SQUARES_PER_MAT * mat, SQUARES_PER_MAT * (mat + 1)) if stacks[q].roof >= 0)
    return 10.0 * tower_count(state, seat) + ammo_inside(state, seat) + 0.5 * len(state.hands[seat]) + roofs


def evaluate(state: State, seat: int) -> float:
    """How good ``state`` is for ``seat``: its towers (then ammo, cards and
    roofs) against the best opponent's; solo, the score so far."""
    if is_solo(state):
        return float(solo_score(state))
    mine = _strength(state, seat)
    best_other = max((_strength(state, s) for s in range(state.seats) if s != seat), default=0.0)
    value = mine - best_other
    if state.over:
        value += 1000.0 if ranking(state)[0] == seat else -1000.0
    return value
