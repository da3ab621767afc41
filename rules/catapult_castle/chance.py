"""Catapult Castle chance: who starts, the cards that come off a deck, and
where the ammo lands (digital: from the aimed shot's odds, see ``shots``;
table mode: anywhere, as the players say). What table mode asks at each
is ``table_entry``'s.

Table mode asks nothing about a card nobody at the table sees: a card
drawn into a hand, or put face down under a tower, goes in unseen
(``pieces.unseen_pool``). The table names it when it is played, or when a
captured tower frees it face up (a "reveal", answered like a draw from the
deck's unseen pool)."""

from __future__ import annotations

from castletui.rules.catapult_castle.edition import (
    AIM,
    DISTANCES,
    KINDS,
    NEIGHBOURS,
)
from castletui.rules.catapult_castle.flow import to_move
from castletui.rules.catapult_castle.pieces import draw_pile, shooter_mat, unseen_pool
from castletui.rules.catapult_castle.shots import LandingOdds, landing_odds
from castletui.rules.catapult_castle.state import (
    DRAWS,
    LAND_IN,
    LAND_NOWHERE,
    LAND_ROOF,
    Action,
    ChooseStart,
    Land,
    Pending,
    Pile,
    State,
)
from castletui.rules.core import CHANCE

_DRAWS_IN_ORDER = tuple(DRAWS[kind] for kind in KINDS)


def _draws(pile: Pile) -> list[tuple[Action, float]]:
    total = sum(pile.counts)
    return [(draw, n / total) for draw, n in zip(_DRAWS_IN_ORDER, pile.counts, strict=True) if n]


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    if to_move(state) != CHANCE:
        return []
    top = state.pending[-1]
    kind = top.kind
    if kind == "start":
        return [(ChooseStart(seat), 1.0 / state.seats) for seat in range(state.seats)]
    if kind == "setup_card":
        return _draws(state.decks[top.deck])
    if kind in ("draw", "stack_card"):
        return _draws(draw_pile(state, top.deck))
    if kind == "reveal":
        return _draws(unseen_pool(state, top.deck))
    return landing_outcomes(state, top)


def towers_next_to(state: State, square: int) -> list[int]:
    """The squares next to ``square`` with a tower (where a near miss drops in)."""
    return [n for n in NEIGHBOURS[square] if state.stacks[n].towers]


def aimed_odds(state: State, land: Pending, near_by: list[int]) -> LandingOdds:
    """The one place that says what makes an aimed shot hard."""
    stack = state.stacks[land.square]
    return landing_odds(
        land.accuracy,
        DISTANCES[shooter_mat(state, land)][land.square],
        len(stack.towers),
        state.magic_toss,
        stack.roof >= 0,
        bool(near_by),
    )


def landing_outcomes(state: State, land: Pending) -> list[tuple[Land, float]]:
    """Where the ammo of this shot may land, with the chances.

    Digital: the aimed tower, its neighbours, its roof, nowhere (see
    ``shots.landing_odds``). Table (no aim): every tower, every roof, nowhere,
    so the players can say what really happened.
    """
    stacks = state.stacks
    if land.square < 0:
        towers = [q for q in state.squares if stacks[q].towers]
        roofs = [q for q in towers if stacks[q].roof >= 0]
        count = len(towers) + len(roofs)
        if not count:
            return [(LAND_NOWHERE, 1.0)]
        share = (1.0 - AIM.table_nowhere) / count
        outcomes = [(LAND_IN[q], share) for q in towers]
        outcomes += [(LAND_ROOF[q], share) for q in roofs]
        outcomes.append((LAND_NOWHERE, AIM.table_nowhere))
        return outcomes
    square = land.square
    near_by = towers_next_to(state, square)
    odds = aimed_odds(state, land, near_by)
    outcomes: list[tuple[Land, float]] = []
    if odds.target > 0:
        outcomes.append((LAND_IN[square], odds.target))
    if odds.roof > 0:
        outcomes.append((LAND_ROOF[square], odds.roof))
    if odds.near > 0:
        share = odds.near / len(near_by)
        outcomes += [(LAND_IN[n], share) for n in near_by]
    if odds.nowhere > 0:
        outcomes.append((LAND_NOWHERE, odds.nowhere))
    return outcomes
