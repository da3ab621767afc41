"""Catapult Castle flow: whose decision it is, and the automatic steps that
move the game on between decisions (the opening draws falling due, a card
due from an empty deck, the turn's extra shot, the next turn, the end), and
table mode's draws nobody types in (``draw_unseen``, ``reshuffled``).

Each automatic step is a function of (state, step) in :data:`AUTOMATIC`,
taken by ``rules.core.run_automatic`` whenever its kind is on top of the
decision stack; :func:`settle` runs them. A step that changes the game by
itself records an event for the log (``text.effects`` words them).
"""

from __future__ import annotations

from castletui.rules.catapult_castle.edition import UNSEEN
from castletui.rules.catapult_castle.pieces import (
    EMPTY_PILE,
    cards_to_draw,
    deck_size,
    is_solo,
    put,
    targets,
    tower_count,
    towers_on_table,
)
from castletui.rules.catapult_castle.state import Pending, State
from castletui.rules.core import CHANCE, pushed, recorded, run_automatic
from castletui.rules.core.multiset import added
from msgspec.structs import replace

CHANCE_KINDS = frozenset(("start", "setup_card", "draw", "land", "reveal"))

NEXT = Pending("next")
"""The bottom of the stack while the game runs: what comes after a shot."""
OPENING_DRAWS = Pending("opening_draws")


def to_move(state: State) -> int | None:
    if state.over or not state.pending:
        return None
    top = state.pending[-1]
    kind = top.kind
    if kind in CHANCE_KINDS:
        return CHANCE
    if kind == "stack_card":
        if deck_size(state, top.deck) == 0 and state.hands[top.seat]:
            return top.seat
        return CHANCE
    return top.seat


# --- the automatic steps -----------------------------------------------------------


def _opening_draws(state: State, step: Pending) -> State:
    """The start player is known: the player to their right goes last and
    draws a card for it (skilled: everyone draws one first, from the start
    player round)."""
    seats = state.seats
    start = state.start_seat
    due = []
    if state.skilled:
        due += [
            Pending("card_due", seat=(start + i) % seats, deck=state.seat_mats[(start + i) % seats])
            for i in range(seats)
        ]
    last = (start - 1) % seats
    due.append(Pending("card_due", seat=last, deck=state.seat_mats[last]))
    return replace(state, pending=pushed(state.pending, *due))


def reshuffled(state: State, deck: int) -> State:
    """``deck`` is out of cards: its discard is shuffled into a new deck
    (table mode: into its unseen pool, beside the unseen cards out of it)."""
    decks, discards = state.decks, state.discards
    if state.mode == "table":
        pool, discard = decks[deck], discards[deck]
        merged = tuple(a + b for a, b in zip(pool.counts, discard.counts, strict=True))
        decks = put(decks, deck, replace(pool, counts=merged))
    else:
        decks = put(decks, deck, discards[deck])
    return replace(state, decks=decks, discards=put(discards, deck, EMPTY_PILE))


def draw_unseen(state: State, seat: int, deck: int) -> State:
    """Table mode: ``seat`` takes the top card of ``deck`` (reshuffling its
    discard first if it is out) without the table seeing it: it goes in as
    UNSEEN and stays in the deck's pool until it is named."""
    if not deck_size(state, deck):
        state = recorded(reshuffled(state, deck), "reshuffled", seat, deck)
    return replace(state, hands=put(state.hands, seat, added(state.hands[seat], UNSEEN)))


def _card_due(state: State, step: Pending) -> State:
    """A card from the seat's deck (or its reshuffled discard); with both
    empty there is nothing to draw. At a real table only its owner sees it:
    the table is asked nothing (``draw_unseen``)."""
    if not cards_to_draw(state, step.deck):
        return recorded(state, "no_card", step.seat)
    if state.mode == "table":
        return recorded(draw_unseen(state, step.seat, step.deck), "drew_unseen", step.seat)
    return replace(state, pending=pushed(state.pending, replace(step, kind="draw")))


def _begin_turn(state: State, seat: int) -> State:
    return replace(
        state,
        turn_seat=seat,
        turn_number=state.turn_number + 1,
        shots_left=1,
        shot_taken=False,
        magic_toss=False,
        strong_ammo=False,
        pending=pushed(state.pending, Pending("turn", seat=seat), NEXT),
    )


def _end(state: State, reason: str, *seats: int) -> State:
    ended = replace(state, over=True, end_reason=reason, pending=(), shots_left=0)
    return recorded(ended, "game_over", -1, reason, *seats)


def _next(state: State, step: Pending) -> State:
    """The shot is resolved (or the set-up done): the next shot of the turn,
    the next turn, or the end."""
    if state.turn_seat < 0:
        return _begin_turn(state, state.start_seat)
    if is_solo(state):
        if state.supply <= 0:
            return _end(state, "shots")
        if not towers_on_table(state):
            return _end(state, "cleared")
        return _begin_turn(state, 0)
    seat = state.turn_seat
    if state.shots_left > 0 and state.supply > 0 and targets(state, seat):
        reopened = replace(state, pending=pushed(state.pending, Pending("turn", seat=seat), NEXT))
        return recorded(reopened, "extra_shot", seat, state.shots_left)
    # An Extra Shot still owed goes with the turn when there is no ammo or no
    # tower left to aim at: the game ends then anyway, and says why.
    # End of the turn: both end conditions are checked now, not mid-turn.
    if state.supply <= 0:
        return _end(state, "ammo")
    beaten = [s for s in range(state.seats) if tower_count(state, s) == 0]
    if beaten:
        return _end(state, "towers", *beaten)
    return _begin_turn(state, (seat + 1) % state.seats)


AUTOMATIC = {
    "next": _next,
    "opening_draws": _opening_draws,
    "card_due": _card_due,
}
"""Automatic step kind -> the function that takes it."""


def settle(state: State) -> State:
    """Take the automatic steps until a decision is on top (or the game is over)."""
    pending = state.pending
    if pending and pending[-1].kind not in AUTOMATIC:
        return state  # most actions leave a decision on top: keep random play fast
    return run_automatic(state, AUTOMATIC)
