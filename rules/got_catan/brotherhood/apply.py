"""Brotherhood of the Watch: the answers to its own kinds of decision
(added to ``apply.ANSWERS``: the wildling die, a token turned up,
Melisandre's look and pick, a free guard, a Ranger Patrol, Samwell Tarly,
Jeor Mormont's card back, Mance Rayder's take, a hero's flip or swap), and
the layer's hooks that answer its actions on the base game's turn: a
guard, and the heroes before and after the roll."""

from __future__ import annotations

from castletui.rules.core import IllegalAction, popped, recorded, replaced_top, seat_ref
from castletui.rules.core.multiset import added, removed
from msgspec.structs import replace

from ..apply import ANSWERS, ONLY_ITS_OWNER
from ..chance import UNSEEN, cards_left
from ..edition import COSTS, RESOURCE_INDEX, TERRAIN_RESOURCE, WATCH, development_title
from ..flow import moved_card, paid, taken, with_player
from ..state import (
    BuildGuard,
    DeclineHero,
    FlipHero,
    FreeHex,
    GiveCard,
    MoveTormund,
    PeekDevelopment,
    PickDevelopment,
    PlaceGuard,
    State,
    Step,
    SwapHero,
    TakeCard,
    TakeResource,
    Token,
    WildlingDie,
)
from .heroes import HERO_ACTIONS, flipped, hero_reason, swapped, used
from .legal import guard_reason
from .wall import freed, migrated, with_guard


def _wrong(what: str) -> IllegalAction:
    return IllegalAction(what)


# --- the layer's hooks on the base game's turn -------------------------------------------------


def start_answer(state: State, step: Step, action) -> State | None:
    """A hero that acts before the roll; None for any other action."""
    if not isinstance(action, HERO_ACTIONS):
        return None
    reason = hero_reason(state, step.seat, action, before_roll=True)
    if reason:
        raise IllegalAction(reason)
    return used(state, step.seat, action)


def turn_answer(state: State, step: Step, action) -> State | None:
    """A guard (Alliser Thorne's paid differently) or a hero after the roll,
    already allowed by ``legal.turn_reason``; None for any other action."""
    seat = step.seat
    if isinstance(action, BuildGuard):
        if action.instead_of:
            return used(state, seat, action)
        return with_guard(paid(state, seat, COSTS["guard"]), seat, action.section)
    if isinstance(action, HERO_ACTIONS):
        return used(state, seat, action)
    return None


# --- the answers to its own steps -------------------------------------------------------------


def _answer_wildling_die(state: State, step: Step, action) -> State:
    if not isinstance(action, WildlingDie):
        raise _wrong("The wildling die is rolling: say what it shows.")
    if not 1 <= action.face <= WATCH.die_faces:
        raise IllegalAction(f"The wildling die shows 1 to {WATCH.die_faces}.")
    # Production (or the 7) first, then the advance.
    return replace(
        state,
        wildling_die=action.face,
        pending=replaced_top(
            state.pending,
            Step("produce", seat=step.seat, count=state.dice),
            Step("advance", seat=step.seat, count=action.face),
        ),
    )


def _answer_token(state: State, step: Step, action) -> State:
    if not isinstance(action, Token):
        raise _wrong("A wildling token is being revealed.")
    if action.token not in state.tokens_hidden:
        raise IllegalAction("No such wildling token is face down.")
    state = replace(
        state,
        tokens_hidden=removed(state.tokens_hidden, action.token),
        tokens_spent=added(state.tokens_spent, action.token),
        pool=state.pool - 1 if step.target == 1 else state.pool,
        pending=popped(state.pending),
    )
    return migrated(state, action.token)


def _answer_peek(state: State, step: Step, action) -> State:
    if not isinstance(action, PeekDevelopment):
        raise _wrong("Melisandre looks at the next development card.")
    if state.table_mode:
        # Her holder looks at the cards alone: they stay among the deck's unseen cards.
        if action.card != UNSEEN:
            raise IllegalAction(ONLY_ITS_OWNER)
        look = min(step.count, cards_left(state))
        return replace(state, peek=state.peek + (UNSEEN,) * look, pending=popped(state.pending))
    if action.card not in state.development_deck:
        raise IllegalAction(f"No {development_title(action.card)} is left in the development deck.")
    state = replace(
        state,
        development_deck=removed(state.development_deck, action.card),
        peek=added(state.peek, action.card),
    )
    if step.count > 1 and state.development_deck:
        return replace(state, pending=replaced_top(state.pending, replace(step, count=step.count - 1)))
    return replace(state, pending=popped(state.pending))


def _answer_place_guard(state: State, step: Step, action) -> State:
    if not isinstance(action, PlaceGuard):
        raise _wrong("Place your guard on a section of the Wall.")
    reason = guard_reason(state, step.seat, action.section, free=True)
    if reason:
        raise IllegalAction(reason)
    return with_guard(replace(state, pending=popped(state.pending)), step.seat, action.section)


def _answer_patrol(state: State, step: Step, action) -> State:
    if isinstance(action, MoveTormund):
        return ANSWERS["tormund"](state, step, action)
    if not isinstance(action, FreeHex):
        raise _wrong("Move Tormund, or send a wildling in the Gift back to the Frostfangs.")
    if not 0 <= action.hex < len(state.blocked) or not state.blocked[action.hex]:
        raise IllegalAction("No wildling blocks that hex.")
    state = freed(replace(state, pending=popped(state.pending)), action.hex)
    resource = TERRAIN_RESOURCE[state.terrain[action.hex]]
    if state.supply[RESOURCE_INDEX[resource]]:
        state = taken(state, step.seat, (resource,))
        return recorded(state, "patrol-frees", step.seat, action.hex, resource)
    return recorded(state, "patrol-frees", step.seat, action.hex, "")


def _answer_tarly(state: State, step: Step, action) -> State:
    if isinstance(action, DeclineHero):
        return replace(state, pending=popped(state.pending))
    if not isinstance(action, TakeResource):
        raise _wrong("Samwell Tarly: take a resource card from the supply, or not now.")
    index = RESOURCE_INDEX.get(action.resource)
    if index is None or not state.supply[index]:
        raise IllegalAction("Take a resource the supply has.")
    state = recorded(state, "hero", step.seat, "tarly")
    state = taken(state, step.seat, (action.resource,))
    return replace(state, pending=replaced_top(state.pending, Step("hero-after", seat=step.seat)))


def _answer_give_back(state: State, step: Step, action) -> State:
    if not isinstance(action, GiveCard):
        raise _wrong(f"Give {seat_ref(step.target)} a card back (Jeor Mormont).")
    if action.resource not in state.players[step.seat].hand:
        raise IllegalAction(f"You have no {action.resource} to give.")
    state = replace(
        state,
        players=moved_card(state, step.seat, step.target, action.resource),
        pending=popped(state.pending),
    )
    return recorded(state, "gives-back", step.seat, step.target)


def _answer_mance(state: State, step: Step, action) -> State:
    if not isinstance(action, TakeCard):
        raise _wrong(f"Take a card from {seat_ref(step.target)}'s hand (Mance Rayder).")
    if action.resource not in state.players[step.target].hand:
        raise IllegalAction(f"That hand holds no {action.resource}.")
    state = replace(
        state,
        players=moved_card(state, step.target, step.seat, action.resource),
        pending=popped(state.pending),
    )
    return recorded(state, "mance-takes", step.seat, step.target)


def _answer_pick(state: State, step: Step, action) -> State:
    if not isinstance(action, PickDevelopment):
        raise _wrong("Keep one of the development cards you looked at.")
    if action.card not in state.peek:
        raise IllegalAction("Keep one of the cards you looked at.")
    rest = removed(state.peek, action.card)
    if action.card == UNSEEN:
        # Table mode: the card kept is unseen, the others were never taken
        # out of the deck's unseen cards.
        rest = ()
    player = state.players[step.seat]
    player = replace(
        player, development=added(player.development, action.card), bought=added(player.bought, action.card)
    )
    return replace(
        state,
        players=with_player(state, step.seat, player),
        development_deck=tuple(sorted(state.development_deck + rest)),
        peek=(),
        pending=popped(state.pending),
    )


def _answer_hero_after(state: State, step: Step, action) -> State:
    player = state.players[step.seat]
    if isinstance(action, FlipHero):
        if player.hero_side != "A":
            raise IllegalAction("Your hero's B side is used: swap it for another from the display.")
        return replace(flipped(state, step.seat), pending=popped(state.pending))
    if not isinstance(action, SwapHero):
        raise _wrong("Flip your hero to its B side, or swap it for another from the display.")
    if action.hero not in state.heroes:
        raise IllegalAction("Take a hero from the display.")
    return replace(swapped(state, step.seat, action.hero), pending=popped(state.pending))


ANSWERS_ADDED = {
    "wildling-die": _answer_wildling_die,
    "token": _answer_token,
    "peek": _answer_peek,
    "place-guard": _answer_place_guard,
    "patrol": _answer_patrol,
    "tarly": _answer_tarly,
    "give-back": _answer_give_back,
    "mance": _answer_mance,
    "pick": _answer_pick,
    "hero-after": _answer_hero_after,
}
"""Added to ``apply.ANSWERS``."""
