"""Catapult Castle at a real table (table mode): the screen API's hooks for the
chance decisions the players answer.

- ``chance_prompt(state)``: the question of each chance decision, naming
  whose mat, deck or shot it is about;
- ``chance_batch(state)``: the cards freed from one stack, as one line of
  counts;
- ``setup_form(state)``: the start player on the set-up form.

Table mode asks nothing about a card nobody at the table sees (see
``chance``). What may come up is the rules' own (``chance_outcomes``)."""

from __future__ import annotations

from castletui.rules.catapult_castle.edition import (
    DECK_NAMES,
    KINDS,
    SHORT_NAMES,
    SQUARE_NAMES,
    SQUARES_PER_MAT,
)
from castletui.rules.catapult_castle.pieces import is_solo
from castletui.rules.catapult_castle.state import (
    ChooseStart,
    Draw,
    Pending,
    State,
)
from castletui.rules.catapult_castle.text import mat_name, tower_name
from castletui.rules.core import seat_ref
from castletui.rules.core.table_entry import Batch


def _deck_of(state: State, deck: int) -> str:
    """ "{P1}'s King deck", or "the Queen deck" for a neutral mat's."""
    owner = state.mat_owner[deck]
    if owner >= 0:
        return f"{seat_ref(owner)}'s {DECK_NAMES[deck]} deck"
    return f"the {DECK_NAMES[deck]} deck"


def _under(state: State, square: int) -> str:
    return tower_name(state, square // SQUARES_PER_MAT, SQUARE_NAMES[square % SQUARES_PER_MAT])


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
        f"Cards freed from {mat_name(state, top.square // SQUARES_PER_MAT)} {SQUARE_NAMES[top.square % SQUARES_PER_MAT]} stack, "
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
