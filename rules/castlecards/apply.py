"""``apply``: the answer to the decision on top of the stack, then the
automatic steps that follow, until someone (or chance) must decide again.

Each kind of decision has its answer function (``_ANSWERS``); every one
takes the state with the previous action's events cleared and the step it
answers, and refuses a wrong action with the reason a player reads.
"""

from __future__ import annotations

from collections.abc import Callable

from castletui.rules.core import IllegalAction, answered_top, popped, pushed, replaced_top, run_automatic
from castletui.rules.core.multiset import added, added_all, removed
from msgspec.structs import replace

from .chance import UNSEEN_DECK, can_name, cards_left, named, possible_cards, unseen_draw
from .decks import draw_source, face_down_draw
from .edition import (
    ACADEMY_CARDS,
    ACADEMY_GOLD,
    ACADEMY_PRICE,
    ATTACK_CARDS,
    BUILD_COST,
    BUY_CARDS,
    FACE_DOWN,
    KING_ACTIONS,
    title,
)
from .flow import AUTOMATIC_STEPS, deal
from .legal import action_reason, confirm_reason, pick_reason, thief_reason
from .state import (
    Academy,
    Assault,
    Attack,
    Build,
    Buy,
    Committed,
    Confirm,
    Decline,
    Discard,
    Draw,
    DrawVillage,
    EndTurn,
    Explore,
    FirstPlayer,
    Give,
    King,
    NightAttack,
    Pending,
    Pick,
    Player,
    PlayThief,
    Recall,
    State,
    Station,
)


def apply(state: State, action) -> State:
    """The state after ``action``; raises IllegalAction with the reason."""
    return answered_top(state, action, _ANSWERS, settle)


def settle(state: State, step: Pending) -> State:
    """After answering ``step``: the automatic steps until a decision is on top."""
    return run_automatic(state, AUTOMATIC_STEPS)


def _set_player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
    players = state.players
    return players[:seat] + (player,) + players[seat + 1 :]


def _answer_first(state: State, step: Pending, action) -> State:
    if not isinstance(action, FirstPlayer):
        raise IllegalAction("First the table decides who starts.")
    if not 0 <= action.seat < len(state.players):
        raise IllegalAction("There is no such player.")
    return replace(state, turn=action.seat, pending=popped(state.pending))


def _apply_draw(state: State, step: Pending, action) -> State:
    if not isinstance(action, Draw):
        raise IllegalAction("A card has to be drawn first.")
    card = action.card
    if state.table_mode:
        if face_down_draw(state, step):
            return _take_face_down(state, step, card)
        unseen = unseen_draw(state, step)
        if unseen:
            return _take_unseen(state, step, card, unseen)
    if (card == FACE_DOWN and step.source != "loot") or card in UNSEEN_DECK:
        raise IllegalAction("This card is seen: say which card it is.")
    deck, under = draw_source(state, step)
    source = step.source
    # Digital play counts nothing unseen in a deck: every card in it is left to draw.
    if deck and (not state.table_mode or cards_left(state, step) > 0):
        try:
            deck = removed(deck, card)
        except ValueError:
            raise IllegalAction(f"{title(card)} is not among the cards left to draw.") from None
    elif under and under[0] == card:
        under = under[1:]
    else:
        raise IllegalAction(f"The card that comes up is {title(under[0]) if under else 'nothing'}.")
    changes: dict = {}
    players = state.players
    if source == "village":
        changes["village_deck"] = deck
    elif source == "reveal":
        changes["village_deck"] = deck
        changes["unseen_loot"] = state.unseen_loot - 1
    elif source == "loot":
        giver = players[step.source_seat]
        players = players[: step.source_seat] + (replace(giver, loot=deck),) + players[step.source_seat + 1 :]
    else:
        changes[f"{source}_deck"] = deck
        changes[f"{source}_under"] = under
    dest = step.dest
    if dest == "open":
        changes["open_dungeon"] = card
    else:
        receiver = players[step.target]
        if dest == "hand":
            receiver = replace(receiver, hand=added(receiver.hand, card))
        else:
            receiver = replace(receiver, loot=added(receiver.loot, card))
        players = players[: step.target] + (receiver,) + players[step.target + 1 :]
    changes["players"] = players
    changes["pending"] = _rest_of_deal(state, step)
    return replace(state, **changes)


def _rest_of_deal(state: State, step: Pending) -> tuple[Pending, ...]:
    """The stack once a card of ``step`` is drawn: the rest of its deal, if any."""
    if step.count > 1:
        return replaced_top(state.pending, replace(step, kind="deal", count=step.count - 1))
    return popped(state.pending)


def _take_face_down(state: State, step: Pending, card: str) -> State:
    """Table mode: the loot card goes face down into ``step.target``'s loot
    without anyone seeing it. It stays among the unseen Village cards; it is
    named only when it is turned up into a hand."""
    if card != FACE_DOWN:
        raise IllegalAction("Nobody looks at a loot card: it is taken face down, unseen.")
    receiver = state.players[step.target]
    players = _set_player(state, step.target, replace(receiver, loot=added(receiver.loot, FACE_DOWN)))
    pending = _rest_of_deal(state, step)
    return replace(state, players=players, unseen_loot=state.unseen_loot + 1, pending=pending)


def _take_unseen(state: State, step: Pending, card: str, unseen: str) -> State:
    """Table mode: the card goes into ``step.target``'s hand, seen by its new
    owner only; it stays among the unseen cards of its deck until it is
    named (played, shown or discarded)."""
    if card != unseen:
        raise IllegalAction(
            "Only its owner sees a card drawn into a hand: nobody types it in until it is played."
        )
    receiver = state.players[step.target]
    players = _set_player(state, step.target, replace(receiver, hand=added(receiver.hand, unseen)))
    unseen_loot = state.unseen_loot + (1 if step.source == "village" else 0)
    return replace(state, players=players, unseen_loot=unseen_loot, pending=_rest_of_deal(state, step))


def _take(state: State, seat: int, cards) -> tuple[Player, ...]:
    """Players with ``cards`` taken out of ``seat``'s hand."""
    player = state.players[seat]
    hand = player.hand
    for card in cards:
        hand = removed(hand, card)
    return _set_player(state, seat, replace(player, hand=hand))


def _shown(action) -> tuple[str, ...]:
    """The cards from hand a turn action shows (and so names, in table mode)."""
    if isinstance(action, Buy):
        return ("gold",)
    if isinstance(action, Academy):
        return ("duke", "gold", "gold")
    if isinstance(action, King):
        return ("king",)
    if isinstance(action, NightAttack):
        return ("night",)
    if isinstance(action, (Discard, Station)):
        return (action.card,)
    return ()


def _apply_turn_action(state: State, step: Pending, action) -> State:
    if state.table_mode:  # (digital play names nothing: skip it at every action)
        state = named(state, step.seat, _shown(action))
    reason = action_reason(state, action)
    if reason:
        raise IllegalAction(reason)
    seat = step.seat
    rest = popped(state.pending)
    if type(action) is Discard:  # the commonest turn action in playouts: taken first
        return replace(
            state,
            players=_take(state, seat, [action.card]),
            discard=state.discard + (action.card,),
            pending=rest,
        )
    if isinstance(action, Buy):
        state = replace(
            state,
            players=_take(state, seat, ["gold"]),
            pending=pushed(rest, deal("village", "hand", seat, BUY_CARDS)),
        )
        return _pay_gold(state, seat, 1)
    if isinstance(action, Explore):
        return replace(state, pending=pushed(rest, Pending("select", seat=seat, purpose="explore")))
    if isinstance(action, (Attack, NightAttack)):
        night = isinstance(action, NightAttack)
        players = _take(state, seat, ["night"]) if night else state.players
        assault = Assault(
            attacker=seat,
            defender=action.target,
            slot=action.slot,
            garrison=action.garrison,
            night=night,
            revealed=not night,
        )
        return replace(
            state,
            players=players,
            discard=state.discard + (("night",) if night else ()),
            assault=assault,
            pending=pushed(rest, Pending("select", seat=seat, purpose="attack")),
        )
    if isinstance(action, Station):
        player = state.players[seat]
        fortress = list(player.fortress)
        fortress[action.slot] = replace(
            fortress[action.slot], stationed=fortress[action.slot].stationed + (action.card,)
        )
        player = replace(player, hand=removed(player.hand, action.card), fortress=tuple(fortress))
        return replace(
            state, players=_set_player(state, seat, player), pending=rest, stationed_this_turn=True
        )
    if isinstance(action, Recall):
        player = state.players[seat]
        fortress = list(player.fortress)
        fortress[action.slot] = replace(
            fortress[action.slot], stationed=removed(fortress[action.slot].stationed, action.card)
        )
        player = replace(player, hand=added(player.hand, action.card), fortress=tuple(fortress))
        return replace(state, players=_set_player(state, seat, player), pending=rest)
    if isinstance(action, Build):
        return replace(state, pending=pushed(rest, Pending("select", seat=seat, purpose="build")))
    if isinstance(action, Academy):
        state = replace(
            state,
            players=_take(state, seat, ACADEMY_PRICE),
            removed=state.removed + ("duke",),
            pending=pushed(rest, deal("academy", "hand", seat)),
        )
        return _pay_gold(state, seat, ACADEMY_GOLD)
    if isinstance(action, King):
        return replace(
            state,
            players=_take(state, seat, ["king"]),
            discard=state.discard + ("king",),
            actions_left=state.actions_left + KING_ACTIONS,
            pending=rest,
        )
    if isinstance(action, DrawVillage):
        return replace(state, pending=pushed(rest, deal("village", "hand", seat)))
    return replace(state, pending=rest)  # Pass


def _pay_gold(state: State, spender: int, gold: int) -> State:
    """Gold is spent: the first Thief holder in turn order from the spender may
    take it; otherwise it is discarded."""
    holder = _next_thief(state, spender, spender)
    if holder < 0:
        return replace(state, discard=state.discard + ("gold",) * gold)
    return replace(
        state, pending=pushed(state.pending, Pending("thief", seat=holder, target=spender, count=gold))
    )


def _asked(state: State, seat: int, holds: bool) -> bool:
    """Whether ``seat`` is asked at an out-of-turn step: a holder of the card
    concerned always; with ``ask_everyone`` anyone holding a card, so being
    asked tells nothing. An empty hand is seen by all: asking it would only
    slow the table down."""
    return holds or (state.ask_everyone and bool(state.players[seat].hand))


def _could_hold(state: State, seat: int, cards: frozenset[str]) -> bool:
    """Whether ``seat`` holds one of ``cards``, or (table mode) an unseen card that could be one."""
    if not state.table_mode:  # asked of every seat at every attack: the hand itself
        return not cards.isdisjoint(state.players[seat].hand)
    return any(card in cards for card in possible_cards(state, seat))


def _next_thief(state: State, spender: int, after: int) -> int:
    seats = len(state.players)
    seat = (after + 1) % seats
    while seat != spender:
        if _asked(state, seat, can_name(state, seat, ("thief",))):
            return seat
        seat = (seat + 1) % seats
    return -1


def _apply_thief(state: State, step: Pending, action) -> State:
    rest = popped(state.pending)
    if isinstance(action, PlayThief):
        reason = thief_reason(state, step.seat)
        if reason:
            raise IllegalAction(reason)
        state = named(state, step.seat, ("thief",))
        player = state.players[step.seat]
        hand = added_all(removed(player.hand, "thief"), ("gold",) * step.count)
        return replace(
            state,
            players=_set_player(state, step.seat, replace(player, hand=hand)),
            discard=state.discard + ("thief",),
            pending=rest,
        )
    if not isinstance(action, Decline):
        raise IllegalAction("Play the Thief or let the Gold go.")
    holder = _next_thief(state, step.target, step.seat)
    if holder < 0:
        return replace(state, discard=state.discard + ("gold",) * step.count, pending=rest)
    return replace(state, pending=pushed(rest, replace(step, seat=holder)))


def _apply_give(state: State, step: Pending, action) -> State:
    if isinstance(action, EndTurn):
        return replace(state, pending=popped(state.pending))
    if not isinstance(action, Give):
        raise IllegalAction("Your Castle has fallen: you may only give cards away, or end your turn.")
    player = state.players[step.seat]
    if action.card not in player.hand:
        raise IllegalAction(f"You have no {title(action.card)}.")
    if action.to == step.seat or not 0 <= action.to < len(state.players) or state.players[action.to].out:
        raise IllegalAction("Give cards to a player whose Castle still stands.")
    players = _take(state, step.seat, [action.card])
    receiver = players[action.to]
    players = (
        players[: action.to]
        + (replace(receiver, hand=added(receiver.hand, action.card)),)
        + players[action.to + 1 :]
    )
    pending = state.pending
    if not players[step.seat].hand:
        pending = popped(pending)  # nothing left to give
    return replace(state, players=players, pending=pending)


def _apply_select(state: State, step: Pending, action) -> State:
    purpose = step.purpose
    seat = step.seat
    if isinstance(action, Pick):
        card = action.card
        reason = pick_reason(state, step, card)
        if reason:
            raise IllegalAction(reason)
        if state.table_mode:
            state = named(state, seat, (card,))
        player = state.players[seat]
        hand = player.hand
        selected = step.selected + (card,)
        state = replace(
            state,
            players=_set_player(state, seat, replace(player, hand=removed(hand, card))),
            pending=replaced_top(state.pending, replace(step, selected=selected)),
        )
        if purpose == "build" and len(selected) == BUILD_COST:
            return _finish_build(state, seat, selected)
        return state
    if not isinstance(action, Confirm):
        raise IllegalAction("Choose a card, or confirm the choice.")
    reason = confirm_reason(state, step)
    if reason:
        raise IllegalAction(reason)
    rest = popped(state.pending)
    selected = step.selected
    if purpose == "explore":
        if state.open_dungeon:
            stack = pushed(rest, Pending("explored", seat=seat))
        else:
            stack = pushed(rest, deal("dungeon", "open"), Pending("explored", seat=seat))
        return replace(state, table=selected, pending=stack)
    assault = state.assault
    if purpose == "react":
        assault = replace(assault, reactions=assault.reactions + selected)
        return replace(state, assault=assault, pending=rest)
    assault = replace(assault, cards=assault.cards + tuple(Committed(seat, card) for card in selected))
    state = replace(
        state, assault=assault, pending=pushed(rest, Pending("resolve")) if purpose == "attack" else rest
    )
    return _after_supporter(state, seat)


def _after_supporter(state: State, seat: int) -> State:
    """Ask the next supporter in turn order (3-4 players), then the defender."""
    assault = state.assault
    seats = len(state.players)
    if state.variant != "two-player":
        other = (seat + 1) % seats
        while other != assault.attacker:
            if other != assault.defender and _asked(state, other, _could_hold(state, other, ATTACK_CARDS)):
                return replace(
                    state, pending=pushed(state.pending, Pending("select", seat=other, purpose="support"))
                )
            other = (other + 1) % seats
    if _asked(state, assault.defender, _could_hold(state, assault.defender, ACADEMY_CARDS)):
        return replace(
            state, pending=pushed(state.pending, Pending("select", seat=assault.defender, purpose="react"))
        )
    return state


def _finish_build(state: State, seat: int, selected: tuple[str, ...]) -> State:
    builders = selected.count("builders")
    gold = BUILD_COST - builders
    state = replace(
        state,
        discard=state.discard + ("builders",) * builders,
        pending=replaced_top(state.pending, deal("siege", "hand", seat)),
    )
    if gold:
        return _pay_gold(state, seat, gold)
    return state


_ANSWERS: dict[str, Callable[[State, Pending, object], State]] = {
    "first": _answer_first,
    "draw": _apply_draw,
    "action": _apply_turn_action,
    "select": _apply_select,
    "thief": _apply_thief,
    "give": _apply_give,
}
"""The answer function of each kind of decision."""
