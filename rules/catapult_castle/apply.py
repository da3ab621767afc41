"""Catapult Castle ``apply``: the answer to the decision on top of the
stack. Each decision kind takes its own actions (:data:`ANSWERS`); each
answer checks the rules, says why it refuses, and returns a new State that
shares every unchanged tuple with the old one. The automatic steps are then
taken (``flow.settle``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from castletui.rules.catapult_castle.chance import landing_outcomes
from castletui.rules.catapult_castle.edition import (
    DECK_NAMES,
    EDITION,
    EXTRA_SHOT,
    KIND_INDEX,
    MAGIC_TOSS,
    ROOF,
    SQUARES_PER_MAT,
    STRONG_AMMO,
    UNSEEN,
    square_index,
)
from castletui.rules.catapult_castle.flow import reshuffled, settle
from castletui.rules.catapult_castle.legal import place_reason, play_reason, rearrange_reason, roof_reason
from castletui.rules.catapult_castle.pieces import (
    EMPTY_PILE,
    EMPTY_STACK,
    ROOF_INDEX,
    captured_towers,
    deck_size,
    is_solo,
    landing_effect,
    named,
    own_deck,
    pile_add,
    pile_take,
    placement,
    pool_taken,
    put,
    rearrange_limit,
    unseen_pool,
)
from castletui.rules.catapult_castle.state import (
    Action,
    Aim,
    Card,
    ChooseStart,
    DoneRearranging,
    Draw,
    GiveCard,
    Land,
    LeaveTower,
    MoveTower,
    Pending,
    Pile,
    Place,
    PlayCard,
    Rearrange,
    ReturnToBox,
    Shoot,
    SkipExtraShot,
    Stack,
    State,
    TakeTower,
)
from castletui.rules.core import IllegalAction, answered_top, popped, pushed, recorded, replaced_top
from castletui.rules.core.multiset import added, removed
from msgspec.structs import replace


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises IllegalAction with the reason.
    (The game over, nothing is pending: ``over`` clears the stack.)"""
    return answered_top(state, action, _BY_KIND, _settle)


def _answer(state: State, step: Pending, action: Action) -> State:
    """The answer the decision on top takes from this kind of action."""
    answer = ANSWERS.get(step.kind, _NO_ANSWERS).get(type(action))
    if answer is None:
        raise _not_now(step, action)
    return answer(state, step, action)


def _settle(state: State, step: Pending) -> State:
    return settle(state)  # whichever decision was answered, the same steps follow


def answered(state: State, **changes: Any) -> State:
    """The decision on top answered: taken off the stack, with ``changes``."""
    return replace(state, pending=popped(state.pending), **changes)


_EXPECTED = {
    "start": "the start player must be chosen first",
    "setup_card": "a set-up card is being drawn",
    "draw": "a card is being drawn",
    "turn": "it is time to play cards or shoot",
    "land": "the ammo is in the air: say where it landed",
    "take": "the ammo is in a tower: take the tower or leave it standing",
    "place": "the captured tower must be placed first",
    "stack_card": "a card must go under the stacked tower first",
    "reveal": "a card freed from under a tower is turned face up: say which",
    "rearrange": "the towers are being rearranged: move one or finish",
}


def _not_now(step: Pending, action: object) -> IllegalAction:
    return IllegalAction(f"{type(action).__name__} is not possible now: {_EXPECTED[step.kind]}.")


def _square(state: State, mat: int, square: str) -> int:
    """The square number of an action's (mat, square), if that square is in play."""
    q = square_index(mat, square)
    if q < 0 or q not in state.squares:
        where = f"the {DECK_NAMES[mat]} mat" if 0 <= mat < len(DECK_NAMES) else "that mat"
        raise IllegalAction(f"There is no {square or 'such'} square on {where} in this game.")
    return q


# --- set-up and cards ----------------------------------------------------------------


def _start(state: State, step: Pending, action: ChooseStart) -> State:
    if (
        isinstance(action.seat, bool)
        or not isinstance(action.seat, int)
        or not 0 <= action.seat < state.seats
    ):
        raise IllegalAction(f"Seat {action.seat} is not at this table.")
    # The opening draws fall due once the set-up cards are down (flow).
    return answered(state, start_seat=action.seat)


def _kind(pile: Pile, action: Draw) -> int:
    k = KIND_INDEX.get(action.kind, -1)
    if k < 0 or pile.counts[k] <= 0:
        raise IllegalAction(f"No {action.kind} card is left to draw there.")
    return k


def _setup_card(state: State, step: Pending, action: Draw) -> State:
    k = _kind(state.decks[step.deck], action)
    stack = state.stacks[step.square]
    stacked = Stack(stack.towers + (0,), stack.cards + (Card(step.deck, action.kind),))
    return answered(
        state, decks=pile_take(state.decks, step.deck, k), stacks=put(state.stacks, step.square, stacked)
    )


def _take_from_draw_pile(state: State, deck: int, action: Draw) -> tuple[tuple[Pile, ...], tuple[Pile, ...]]:
    """(decks, discards) after drawing ``action.kind`` from ``deck``, reshuffling
    the discard into the deck first if the deck is empty."""
    decks, discards = state.decks, state.discards
    if not decks[deck].size:
        decks = put(decks, deck, discards[deck])
        discards = put(discards, deck, EMPTY_PILE)
    k = _kind(decks[deck], action)
    return pile_take(decks, deck, k), discards


def _draw(state: State, step: Pending, action: Draw) -> State:
    decks, discards = _take_from_draw_pile(state, step.deck, action)
    hands = put(state.hands, step.seat, added(state.hands[step.seat], action.kind))
    return answered(state, decks=decks, discards=discards, hands=hands)


def _stack_on(state: State, step: Pending, card: Card) -> tuple[Stack, ...]:
    stack = state.stacks[step.square]
    return put(state.stacks, step.square, Stack(stack.towers + (step.ammo,), stack.cards + (card,)))


def _stack_draw(state: State, step: Pending, action: Draw) -> State:
    if not deck_size(state, step.deck) and state.hands[step.seat]:
        raise IllegalAction("Your deck is empty: choose a card from your hand to put under the tower.")
    decks, discards = _take_from_draw_pile(state, step.deck, action)
    stacks = _stack_on(state, step, Card(step.deck, action.kind))
    return answered(state, decks=decks, discards=discards, stacks=stacks)


def _give(state: State, step: Pending, action: GiveCard) -> State:
    if deck_size(state, step.deck):
        raise IllegalAction("The top card of your deck goes under the tower while the deck has cards.")
    hand = state.hands[step.seat]
    if action.kind not in hand:
        # It goes face down: an unseen card goes under as it is, never named.
        what = "unseen card" if action.kind == UNSEEN else action.kind
        raise IllegalAction(f"You have no {what} in hand.")
    stacks = _stack_on(state, step, Card(step.deck, action.kind))
    return answered(state, stacks=stacks, hands=put(state.hands, step.seat, removed(hand, action.kind)))


# --- the turn ----------------------------------------------------------------------


def _play(state: State, step: Pending, action: PlayCard) -> State:
    seat = step.seat
    kind = action.kind
    reason = play_reason(state, seat, kind)
    if reason:
        raise IllegalAction(reason)
    # Table mode: a card not typed in yet is named as it is played (play_reason checked it could be).
    hand, pool = named(state, seat, kind)
    changes: dict[str, Any] = {"hands": put(state.hands, seat, hand), **pool}
    if kind == ROOF:
        q = _square(state, action.mat, action.square)
        reason = roof_reason(state, q)
        if reason:
            raise IllegalAction(reason)
        changes["stacks"] = put(state.stacks, q, replace(state.stacks[q], roof=own_deck(state, seat)))
    else:
        if action.mat != -1 or action.square:
            raise IllegalAction(f"Only a Reinforced Roof is placed on a tower; {kind} is just played.")
        if kind == EXTRA_SHOT:
            changes["shots_left"] = state.shots_left + 1
        elif kind == MAGIC_TOSS:
            changes["magic_toss"] = True
        elif kind == STRONG_AMMO:
            changes["strong_ammo"] = True
        deck = own_deck(state, seat)
        if deck >= 0:  # solo cards have no deck: once played they are gone
            changes["discards"] = pile_add(state.discards, deck, KIND_INDEX[kind])
    return replace(state, **changes)


def _firing_mat(state: State, seat: int, from_mat: int) -> int:
    if is_solo(state):
        if (
            isinstance(from_mat, bool)
            or not isinstance(from_mat, int)
            or not 0 <= from_mat < len(EDITION.mats)
        ):
            raise IllegalAction("Solo: say which mat's corner the catapult fires from.")
        return from_mat
    if from_mat not in (-1, state.seat_mats[seat]):
        raise IllegalAction("The catapult stands at the outer corner of your own mat.")
    return -1


def _launch(state: State, step: Pending, square: int, accuracy: int, from_mat: int) -> State:
    land = Pending("land", seat=step.seat, square=square, accuracy=accuracy, from_mat=from_mat)
    return replace(
        state,
        pending=replaced_top(state.pending, land),
        shots_left=state.shots_left - 1,
        shot_taken=True,
        supply=state.supply - 1 if is_solo(state) else state.supply,  # solo ammo never comes back
    )


def _aim(state: State, step: Pending, action: Aim) -> State:
    if state.mode == "table":
        raise IllegalAction("At a real table the catapult shoots: use Shoot, then say where the ammo landed.")
    accuracy = action.accuracy
    if isinstance(accuracy, bool) or not isinstance(accuracy, int) or not 0 <= accuracy <= 100:
        raise IllegalAction("Accuracy is a whole percentage from 0 to 100.")
    from_mat = _firing_mat(state, step.seat, action.from_mat)
    q = _square(state, action.mat, action.square)
    if not state.stacks[q].towers:
        raise IllegalAction("There is no tower on that square to aim at.")
    if is_solo(state):
        if action.mat == from_mat:
            raise IllegalAction("A tower on the mat you fire from can't be won: aim at another mat.")
    elif action.mat == state.seat_mats[step.seat]:
        raise IllegalAction("That is your own tower: aim at another mat.")
    return _launch(state, step, q, accuracy, from_mat)


def _shoot(state: State, step: Pending, action: Shoot) -> State:
    if state.mode != "table":
        raise IllegalAction("Aim first: choose a target and play the mini-game.")
    from_mat = _firing_mat(state, step.seat, action.from_mat)
    return _launch(state, step, -1, -1, from_mat)


def _skip(state: State, step: Pending, action: SkipExtraShot) -> State:
    if not state.shot_taken:
        raise IllegalAction("Every turn has its shot: only an Extra Shot may be let go.")
    # Letting one extra shot go and taking the next is the same as taking one and
    # stopping, so skipping gives up every extra shot still owed and ends the turn.
    return answered(state, shots_left=0)


# --- the landing and the captured towers ----------------------------------------------


def _land(state: State, step: Pending, action: Land) -> State:
    if not any(action == outcome for outcome, _ in landing_outcomes(state, step)):
        raise IllegalAction("The ammo can't have landed there: pick one of the listed landings.")
    effect = landing_effect(state, step, action)
    if effect in ("nowhere", "own"):
        # Ammo back to the supply (solo: it was already spent).
        return answered(state)
    q = square_index(action.mat, action.square)
    stack = state.stacks[q]
    if effect == "roof":
        # The roof takes the shot (or is knocked off) and goes to its deck's discard.
        return answered(
            state,
            stacks=put(state.stacks, q, replace(stack, roof=-1)),
            discards=pile_add(state.discards, stack.roof, ROOF_INDEX),
        )
    if state.may_decline and not is_solo(state):
        # The rulebook: the shooter "may immediately take" the tower. Solo says "remove it".
        return replace(state, pending=replaced_top(state.pending, Pending("take", seat=step.seat, square=q)))
    return _capture(state, step.seat, q)


def _take(state: State, step: Pending, action: TakeTower) -> State:
    return _capture(state, step.seat, step.square)


def _leave(state: State, step: Pending, action: LeaveTower) -> State:
    """The hit declined: the tower stays with the ammo inside it for good
    ("do not remove the ammo"), its owner draws nothing, and the shot is
    over as after a hit taken (an Extra Shot still owed follows)."""
    stack = state.stacks[step.square]
    towers = stack.towers[:-1] + (stack.towers[-1] + 1,)
    return answered(
        state, stacks=put(state.stacks, step.square, replace(stack, towers=towers)), supply=state.supply - 1
    )


def _capture(state: State, seat: int, q: int) -> State:
    """A hit on the top of square ``q`` taken by ``seat``, in place of the
    decision on top (the landing, or the choice to take it): the tower (with
    Strong Ammo, the stack) comes off, the ammo in it; the cards freed, the
    victim's card due and the placements follow."""
    stack = state.stacks[q]
    towers = stack.towers
    taken_count = captured_towers(state, q)
    if taken_count > 1:
        # Strong Ammo: the whole stack, the cards between its towers freed.
        taken, freed, rest = towers[:-1] + (towers[-1] + 1,), stack.cards, EMPTY_STACK
    else:
        taken, freed = (towers[-1] + 1,), stack.cards[-1:]
        rest = Stack(towers[:-1], stack.cards[:-1]) if len(towers) > 1 else EMPTY_STACK
    stacks = put(state.stacks, q, rest)
    if is_solo(state):
        return answered(state, stacks=stacks, removed=state.removed + taken_count)
    discards = state.discards
    reveals = []
    for card in freed:
        # Cards under captured towers go face up to their own deck's discard;
        # an unseen one is named by the table as it turns up (a "reveal").
        if card.kind == UNSEEN:
            reveals.append(Pending("reveal", deck=card.deck, square=q))
        else:
            discards = pile_add(discards, card.deck, KIND_INDEX[card.kind])
    # The shooter places the captured towers from the top one down; the
    # victim's card falls due first.
    places = [Pending("place", seat=seat, ammo=ammo) for ammo in reversed(taken)]
    victim = state.mat_owner[q // SQUARES_PER_MAT]
    if victim >= 0:
        places.insert(0, Pending("card_due", seat=victim, deck=state.seat_mats[victim]))
    places = reveals + places  # the freed cards turn face up first, before anyone draws
    return replace(
        state,
        stacks=stacks,
        discards=discards,
        pending=replaced_top(state.pending, *places),
        supply=state.supply - 1,
    )


def _place(state: State, step: Pending, action: Place) -> State:
    mode, _ = placement(state, step.seat)
    q = square_index(state.seat_mats[step.seat], action.square)
    reason = place_reason(state, step.seat, q)
    if reason:
        raise IllegalAction(reason)
    if mode == "empty":
        return answered(state, stacks=put(state.stacks, q, Stack((step.ammo,))))
    stacking = Pending(
        "stack_card", seat=step.seat, deck=own_deck(state, step.seat), square=q, ammo=step.ammo
    )
    if state.mode == "table" and (deck_size(state, stacking.deck) or not state.hands[step.seat]):
        return _stack_unseen(state, stacking)
    return replace(state, pending=replaced_top(state.pending, stacking))


def _stack_unseen(state: State, step: Pending) -> State:
    """Table mode: the top card of the deck (or of its reshuffled discard)
    goes face down under the new tower and nobody looks: it goes under
    unseen, and the table is asked nothing."""
    if not deck_size(state, step.deck):
        state = recorded(reshuffled(state, step.deck), "reshuffled", step.seat, step.deck)
    state = recorded(state, "stacked_unseen", step.seat)
    return answered(state, stacks=_stack_on(state, step, Card(step.deck, UNSEEN)))


def _reveal(state: State, step: Pending, action: Draw) -> State:
    """Table mode: a card freed from under a captured tower turns face up:
    the table names it, and it must be one its deck's unseen pool holds."""
    k = KIND_INDEX.get(action.kind, -1)
    if k < 0 or not unseen_pool(state, step.deck).counts[k]:
        raise IllegalAction(
            f"That card can't be {action.kind}: every {action.kind} of the "
            f"{DECK_NAMES[step.deck]} deck is seen elsewhere."
        )
    return answered(
        state,
        discards=pile_add(state.discards, step.deck, k),
        **pool_taken(state, step.deck, action.kind),
    )


def _return_to_box(state: State, step: Pending, action: ReturnToBox) -> State:
    if placement(state, step.seat)[0] != "none":
        raise IllegalAction("The tower fits on your mat: place it.")
    return answered(state, removed=state.removed + 1)


# --- solo rearrangements -------------------------------------------------------------


def _rearrange(state: State, step: Pending, action: Rearrange) -> State:
    reason = rearrange_reason(state)
    if reason:
        raise IllegalAction(reason)
    return replace(
        state,
        rearrangements_left=state.rearrangements_left - 1,
        rearrange_moves=0,
        pending=pushed(state.pending, Pending("rearrange", seat=step.seat)),
    )


def _move(state: State, step: Pending, action: MoveTower) -> State:
    if state.rearrange_moves >= EDITION.rearrange_move_limit:
        raise IllegalAction(f"That is {EDITION.rearrange_move_limit} moves: finish the rearrangement.")
    source = _square(state, action.from_mat, action.from_square)
    target = _square(state, action.to_mat, action.to_square)
    stacks = state.stacks
    if not stacks[source].towers:
        raise IllegalAction("There is no tower on that square to move.")
    if source == target:
        raise IllegalAction("Move the tower to a different square.")
    limit = rearrange_limit(state)
    if len(stacks[target].towers) >= limit:
        raise IllegalAction(f"Stacks may be at most {limit} towers high.")
    moving = stacks[source].towers[-1]
    left = stacks[source].towers[:-1]
    stacks = put(stacks, source, Stack(left) if left else EMPTY_STACK)
    stacks = put(stacks, target, Stack(stacks[target].towers + (moving,)))
    return replace(state, stacks=stacks, rearrange_moves=state.rearrange_moves + 1)


def _done_rearranging(state: State, step: Pending, action: DoneRearranging) -> State:
    return answered(state)


Answer = Callable[[State, Pending, Any], State]

ANSWERS: dict[str, dict[type, Answer]] = {
    "start": {ChooseStart: _start},
    "setup_card": {Draw: _setup_card},
    "draw": {Draw: _draw},
    "stack_card": {Draw: _stack_draw, GiveCard: _give},
    "reveal": {Draw: _reveal},
    "turn": {
        PlayCard: _play,
        Aim: _aim,
        Shoot: _shoot,
        Rearrange: _rearrange,
        SkipExtraShot: _skip,
    },
    "land": {Land: _land},
    "take": {TakeTower: _take, LeaveTower: _leave},
    "place": {Place: _place, ReturnToBox: _return_to_box},
    "rearrange": {MoveTower: _move, DoneRearranging: _done_rearranging},
}
"""Decision kind on top -> the actions that answer it, each with its function."""
_NO_ANSWERS: dict[type, Answer] = {}
_BY_KIND = dict.fromkeys(_EXPECTED, _answer)
"""Every decision kind answered by :func:`_answer`, which reads the action's type."""
