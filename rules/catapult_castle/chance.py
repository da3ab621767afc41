"""Catapult Castle chance: who starts, the cards that come off a deck, and
where the ammo lands (digital: from the aimed shot's odds, see ``shots``;
table mode: anywhere, as the players say); and what table mode asks: the
question of each chance decision (``chance_prompt``, naming whose mat,
deck or shot it is about), the cards freed from one stack as one line of
counts (``chance_batch``) and the start player on the set-up form
(``setup_form``).

Table mode asks nothing about a card nobody at the table sees: a card
drawn into a hand, or put face down under a tower, goes in unseen
(``pieces.unseen_pool``). The table names it when it is played, or when a
captured tower frees it face up (a "reveal", answered like a draw from the
deck's unseen pool)."""

from __future__ import annotations

from rules.catapult_castle.edition import (
    AIM,
    DECK_NAMES,
    DISTANCES,
    KINDS,
    NEIGHBOURS,
    SHORT_NAMES,
    SQUARE_NAMES,
)
from rules.catapult_castle.flow import to_move
from rules.catapult_castle.pieces import draw_pile, is_solo, shooter_mat, unseen_pool
from rules.catapult_castle.shots import LandingOdds, landing_odds
from rules.catapult_castle.state import (
    DRAWS,
    LAND_IN,
    LAND_NOWHERE,
    LAND_ROOF,
    Action,
    ChooseStart,
    Draw,
    Land,
    Pending,
    Pile,
    State,
)
from rules.catapult_castle.text import mat_name, tower_name
from rules.core import CHANCE, seat_ref
from rules.core.table_entry import Batch

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


def _deck_of(state: State, deck: int) -> str:
    """ "{P1}'s King deck", or "the Queen deck" for a neutral mat's."""
    owner = state.mat_owner[deck]
    if owner >= 0:
        return f"{seat_ref(owner)}'s {DECK_NAMES[deck]} deck"
    return f"the {DECK_NAMES[deck]} deck"


def _under(state: State, square: int) -> str:
    return tower_name(state, square // 4, SQUARE_NAMES[square % 4])


def chance_prompt(state: State) -> str:
    """Table mode: the question the players answer for the chance decision
    on top, naming what it is about: who starts, whose deck a card comes
    from and where it goes, whose shot landed where."""
    top = state.pending[-1] if state.pending else None
    kind = top.kind if top is not None else ""
    if kind == "start":
        return "Who starts? (whoever lost a kingdom most recently)"
    if kind == "setup_card":
        return (
            f"Card from {_deck_of(state, top.deck)} put face down under the second tower "
            f"on {_under(state, top.square)}: which is it?"
        )
    if kind == "draw":
        return f"Card drawn from {_deck_of(state, top.deck)} by {seat_ref(top.seat)}: which is it?"
    if kind == "stack_card":
        return (
            f"Top card of {_deck_of(state, top.deck)}, face down under {seat_ref(top.seat)}'s "
            f"new tower on {_under(state, top.square)}: which is it?"
        )
    if kind == "reveal":
        return (
            f"Card freed from under {_under(state, top.square)}, face up to the "
            f"{DECK_NAMES[top.deck]} discard: which is it?"
        )
    if kind == "land":
        return f"Where did {_shot_of(state, top)} land?"
    return "What happened at the table?"


def _shot_of(state: State, land: Pending) -> str:
    """ "{P0}'s ammo" (shot from their own mat's corner), solo "the ammo shot from the Queen corner"."""
    if is_solo(state):
        return f"the ammo shot from the {DECK_NAMES[land.from_mat]} corner"
    return f"{seat_ref(land.seat)}'s ammo"


def _card_kind(action: object) -> str | None:
    return SHORT_NAMES.get(action.kind) if isinstance(action, Draw) else None


def _seat_kind(action: object) -> str | None:
    return seat_ref(action.seat) if isinstance(action, ChooseStart) else None


def chance_batch(state: State) -> Batch | None:
    """Table mode: the cards a hit frees from under one stack turn face up
    together (a stack taken whole with Strong Ammo, or the card under the
    top tower): one line of counts, "1 Extra Shot 1 Strong Ammo"."""
    pending = state.pending
    if state.mode != "table" or not pending or pending[-1].kind != "reveal":
        return None
    top = pending[-1]
    count = 0
    for step in reversed(pending):
        if step.kind != "reveal" or step.square != top.square:
            break
        count += 1
    question = (
        f"Cards freed from {mat_name(state, top.square // 4)} {SQUARE_NAMES[top.square % 4]} stack, "
        f"face up to the {DECK_NAMES[top.deck]} discard"
        if count > 1
        else chance_prompt(state)
    )
    # Typed as the cards are called at the table: "1 extra 1 roof".
    return Batch(question, tuple(SHORT_NAMES[kind] for kind in KINDS), count, _card_kind)


def setup_form(state: State) -> tuple[Batch, ...]:
    """Table mode: the set-up's one draw, the start player (the set-up
    cards and opening draws go unseen; nothing else is dealt in the open).
    Empty once the start player is known."""
    pending = state.pending
    if state.mode != "table" or not pending or pending[-1].kind != "start":
        return ()
    seats = tuple(seat_ref(seat) for seat in range(state.seats))
    # The form's line is narrow (34 columns): the question in short.
    return (Batch("Who starts? (lost a kingdom last)", seats, 1, _seat_kind),)
