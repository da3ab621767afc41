"""``apply``: the answer to the decision on top of the stack, then the
automatic steps that follow, until someone (or chance) must decide again;
last, the win (10 points on your own turn).

Each kind of decision has its answer function (``ANSWERS``); every one
takes the state with the previous action's events cleared and the step it
answers, and refuses a wrong action with the reason a player reads.

Registration points (``layers``): a variant adds the answers to its own
kinds of step to ``ANSWERS``; its layer's hooks change what the dice bring
(``rolled``), what a card played pushes (``card_steps``), the actions it
adds before and after the roll (``start_answer``, ``turn_answer``), what
follows a settlement or keep (``built``), the end of a turn
(``end_of_turn``) and each answer (``after_answer``). A layer may end the
game at once (``ended_by``): the stack is cleared.
"""

from __future__ import annotations

from collections.abc import Callable

from castletui.rules.core import (
    IllegalAction,
    answered_top,
    popped,
    pushed,
    recorded,
    replaced_top,
    run_automatic,
)
from castletui.rules.core.multiset import added, removed
from msgspec.structs import replace

from .board import BOARDS
from .chance import UNSEEN, cards_left, named
from .edition import (
    COSTS,
    DICE_HIGH,
    DICE_LOW,
    RANGER_PATROL,
    RESOURCE_INDEX,
    ROAD_BUILDING,
    RULES,
    TERRAIN_RESOURCE,
    VICTORY_POINT,
    WINTER_IS_COMING,
    development_title,
)
from .flow import (
    AUTOMATIC_STEPS,
    checked_win,
    moved_card,
    paid,
    patrol_played,
    taken,
    with_keep,
    with_player,
    with_road,
    with_settlement,
)
from .layers import LAYERS
from .legal import (
    ROLL_FIRST,
    covers,
    play_reason,
    road_reason,
    rob_victims,
    settlement_reason,
    show_reason,
    trade_rate,
    turn_reason,
)
from .state import (
    Accept,
    BuildKeep,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    CancelTrade,
    Decline,
    Dice,
    Discard,
    DrawDevelopment,
    EndTurn,
    MoveTormund,
    Offer,
    OfferTrade,
    PlaceTerrain,
    PlayDevelopment,
    Rob,
    Roll,
    ShowVictoryPoint,
    State,
    Steal,
    Step,
    TakeResource,
    TradeWith,
    TradeWithSupply,
)


def apply(state: State, action) -> State:
    """The state after ``action``; raises IllegalAction with the reason."""
    return answered_top(state, action, ANSWERS, settle)


def settle(state: State, step: Step) -> State:
    """After answering ``step``: the layer's word on every answer
    (``after_answer``: Brotherhood's tokens for Longest Road or Largest
    Patrol changing hands), the automatic steps, then the end of the game."""
    after = LAYERS[state.variant].after_answer
    if after is not None:
        state = after(state, step)
    if not state.ended_by:
        state = run_automatic(state, AUTOMATIC_STEPS)
    if state.ended_by:
        return replace(state, pending=())
    return checked_win(state)


def _wrong(what: str) -> IllegalAction:
    return IllegalAction(what)


# --- chance ----------------------------------------------------------------------


def _answer_terrain(state: State, step: Step, action) -> State:
    if not isinstance(action, PlaceTerrain):
        raise _wrong("First the terrain hexes are laid out.")
    if action.terrain not in state.terrain_bag:
        raise IllegalAction(f"No {action.terrain} hex is left to place.")
    terrain = state.terrain
    return replace(
        state,
        terrain=terrain[: step.target] + (action.terrain,) + terrain[step.target + 1 :],
        terrain_bag=removed(state.terrain_bag, action.terrain),
        pending=popped(state.pending),
    )


def _answer_dice(state: State, step: Step, action) -> State:
    if not isinstance(action, Dice):
        raise _wrong("The dice are rolling: say what they show.")
    if not DICE_LOW <= action.total <= DICE_HIGH:
        raise IllegalAction(f"Two dice show a sum from {DICE_LOW} to {DICE_HIGH}.")
    rolled = LAYERS[state.variant].rolled
    after = (
        rolled(step, action.total)
        if rolled is not None
        else (Step("produce", seat=step.seat, count=action.total),)
    )
    return replace(state, dice=action.total, pending=replaced_top(state.pending, *after))


def _answer_draw(state: State, step: Step, action) -> State:
    if not isinstance(action, DrawDevelopment):
        raise _wrong("A development card is being drawn.")
    if state.table_mode:
        return _draw_unseen(state, step, action)
    if action.card not in state.development_deck:
        raise IllegalAction(f"No {development_title(action.card)} is left in the development deck.")
    player = state.players[step.seat]
    player = replace(
        player, development=added(player.development, action.card), bought=added(player.bought, action.card)
    )
    return replace(
        state,
        players=with_player(state, step.seat, player),
        development_deck=removed(state.development_deck, action.card),
        pending=popped(state.pending),
    )


ONLY_ITS_OWNER = "Only its owner looks at a development card drawn: nobody types it in until it is played."


def _draw_unseen(state: State, step: Step, action: DrawDevelopment) -> State:
    """Table mode: the card goes into the buyer's hand unseen by the table;
    it stays among the deck's unseen cards until it is named (played, or a
    Victory Point card shown)."""
    if action.card != UNSEEN:
        raise IllegalAction(ONLY_ITS_OWNER)
    if cards_left(state) <= 0:
        raise IllegalAction("The development deck is empty.")
    player = state.players[step.seat]
    player = replace(
        player, development=added(player.development, UNSEEN), bought=added(player.bought, UNSEEN)
    )
    return replace(state, players=with_player(state, step.seat, player), pending=popped(state.pending))


def _answer_steal(state: State, step: Step, action) -> State:
    if not isinstance(action, Steal):
        raise _wrong("A card is being stolen.")
    if action.resource not in state.players[step.target].hand:
        raise IllegalAction(f"That hand holds no {action.resource}.")
    return replace(
        state,
        players=moved_card(state, step.target, step.seat, action.resource),
        pending=popped(state.pending),
    )


# --- set-up ----------------------------------------------------------------------


def _answer_place_settlement(state: State, step: Step, action) -> State:
    if not isinstance(action, BuildSettlement):
        raise _wrong("Place a settlement first (set-up).")
    reason = settlement_reason(state, step.seat, action.corner, setup=True)
    if reason:
        raise IllegalAction(reason)
    state = with_settlement(state, step.seat, action.corner)
    road = Step("place-road", seat=step.seat, target=action.corner)
    state = replace(state, pending=replaced_top(state.pending, road))
    if step.count == 2:
        # The second settlement brings one card of each hex it touches.
        board = BOARDS[len(state.players)]
        cards = [
            TERRAIN_RESOURCE[state.terrain[hex_id]]
            for hex_id in board.corner_hexes[action.corner]
            if state.supply[RESOURCE_INDEX[TERRAIN_RESOURCE[state.terrain[hex_id]]]]
        ]
        if cards:
            state = taken(state, step.seat, cards)
            state = recorded(state, "starting-cards", step.seat, *sorted(cards))
    if not [
        edge for edge in BOARDS[len(state.players)].corner_edges[action.corner] if state.edge_owner[edge] < 0
    ]:
        state = replace(state, pending=popped(state.pending))
        state = recorded(state, "no-road-room", step.seat)
    return state


def _answer_place_road(state: State, step: Step, action) -> State:
    if not isinstance(action, BuildRoad):
        raise _wrong("Place a road by your new settlement (set-up).")
    board = BOARDS[len(state.players)]
    if not 0 <= action.edge < board.edges:
        raise IllegalAction("There is no such path on the Gift.")
    if state.edge_owner[action.edge] >= 0:
        raise IllegalAction("That path already has a road.")
    if step.target not in board.edge_corners[action.edge]:
        raise IllegalAction("Your road must start at the settlement you just placed.")
    return replace(with_road(state, step.seat, action.edge), pending=popped(state.pending))


# --- a turn ------------------------------------------------------------------------


def _answer_start(state: State, step: Step, action) -> State:
    if isinstance(action, Roll):
        # Dice on top, the rest of the turn under it.
        return replace(
            state,
            pending=replaced_top(state.pending, Step("dice", seat=step.seat), Step("turn", seat=step.seat)),
        )
    if isinstance(action, PlayDevelopment):
        return _play(state, step.seat, action.card)
    if isinstance(action, ShowVictoryPoint):
        return _show_victory_point(state, step.seat)
    hook = LAYERS[state.variant].start_answer
    answered = hook(state, step, action) if hook is not None else None
    if answered is None:
        raise IllegalAction(ROLL_FIRST)
    return answered


def _play(state: State, seat: int, card: str) -> State:
    reason = play_reason(state, seat, card)
    if reason:
        raise IllegalAction(reason)
    if state.table_mode:
        state = named(state, seat, card)  # an unseen card, named as it is played
    player = state.players[seat]
    state = replace(
        state,
        players=with_player(state, seat, replace(player, development=removed(player.development, card))),
        card_played=True,
    )
    if card == RANGER_PATROL:
        state = patrol_played(state, seat)
    kind = LAYERS[state.variant].card_steps.get(card)
    if kind is not None:
        return replace(state, pending=pushed(state.pending, Step(kind, seat=seat)))
    if card == ROAD_BUILDING:
        return replace(
            state,
            pending=pushed(state.pending, Step("road-building", seat=seat, count=RULES.road_building_roads)),
        )
    if card == WINTER_IS_COMING:
        return replace(
            state, pending=pushed(state.pending, Step("winter", seat=seat, count=RULES.winter_cards))
        )
    raise IllegalAction(f"{development_title(card)} is not played in the base game.")  # pragma: no cover


def _show_victory_point(state: State, seat: int) -> State:
    """Table mode: one of ``seat``'s unseen cards is shown, a Victory Point
    card; it counts from now on (10 points on your own turn win)."""
    reason = show_reason(state, seat)
    if reason:
        raise IllegalAction(reason)
    return named(state, seat, VICTORY_POINT)


def _answer_turn(state: State, step: Step, action) -> State:
    reason = turn_reason(state, step, action)
    if reason:
        raise IllegalAction(reason)
    seat = step.seat
    layer = LAYERS[state.variant]
    if isinstance(action, BuildRoad):
        return with_road(paid(state, seat, COSTS["road"]), seat, action.edge)
    if isinstance(action, BuildSettlement):
        state = with_settlement(paid(state, seat, COSTS["settlement"]), seat, action.corner)
        return layer.built(state, seat, "settlement") if layer.built is not None else state
    if isinstance(action, BuildKeep):
        state = with_keep(paid(state, seat, COSTS["keep"]), seat, action.corner)
        return layer.built(state, seat, "keep") if layer.built is not None else state
    if isinstance(action, BuyDevelopment):
        state = paid(state, seat, COSTS["development"])
        return replace(state, pending=pushed(state.pending, Step("draw", seat=seat)))
    if isinstance(action, PlayDevelopment):
        return _play(state, seat, action.card)
    if isinstance(action, ShowVictoryPoint):
        return named(state, seat, VICTORY_POINT)
    if isinstance(action, TradeWithSupply):
        state = paid(state, seat, (action.give,) * trade_rate(state, seat, action.give))
        return taken(state, seat, (action.get,))
    if isinstance(action, OfferTrade):
        return _offer(state, seat, action)
    if layer.turn_answer is not None and not isinstance(action, EndTurn):
        answered = layer.turn_answer(state, step, action)
        if answered is not None:
            return answered
    # EndTurn: the cards bought this turn become playable.
    player = state.players[seat]
    if player.bought:
        state = replace(state, players=with_player(state, seat, replace(player, bought=())))
    if layer.end_of_turn is not None:
        state = layer.end_of_turn(state, seat)
        if state.ended_by:
            return state
    next_seat = (seat + 1) % len(state.players)
    return replace(state, pending=replaced_top(state.pending, Step("start-turn", seat=next_seat)))


def _offer(state: State, seat: int, action: OfferTrade) -> State:
    """Everyone asked answers in seat order from the offerer; then the offer closes."""
    seats = len(state.players)
    asked = [action.to] if action.to >= 0 else [(seat + offset) % seats for offset in range(1, seats)]
    offer = Offer(give=action.giving, get=action.getting, to=action.to)
    steps = [Step("answer", seat=other) for other in asked] + [Step("close-offer", seat=seat)]
    return replace(
        state, offer=offer, offers_made=state.offers_made + 1, pending=pushed(state.pending, *steps)
    )


def _answer_discard(state: State, step: Step, action) -> State:
    if not isinstance(action, Discard):
        raise _wrong(f"Return {step.count} more card(s) to the supply first.")
    if action.resource not in state.players[step.seat].hand:
        raise IllegalAction(f"You have no {action.resource} to return.")
    state = paid(state, step.seat, (action.resource,))
    if step.count > 1:
        return replace(state, pending=replaced_top(state.pending, replace(step, count=step.count - 1)))
    return replace(state, pending=popped(state.pending))


def _answer_tormund(state: State, step: Step, action) -> State:
    if not isinstance(action, MoveTormund):
        raise _wrong("Move Tormund to another hex first.")
    board = BOARDS[len(state.players)]
    if not 0 <= action.hex < board.hexes:
        raise IllegalAction("There is no such hex on the Gift.")
    if action.hex == state.tormund:
        raise IllegalAction("Tormund must move to another hex.")
    state = replace(state, tormund=action.hex, pending=popped(state.pending))
    victims = rob_victims(state, step.seat)
    if not victims:
        return recorded(state, "nobody-to-rob", step.seat, action.hex)
    if len(victims) == 1:
        return replace(state, pending=pushed(state.pending, Step("steal", seat=step.seat, target=victims[0])))
    return replace(state, pending=pushed(state.pending, Step("rob", seat=step.seat)))


def _answer_rob(state: State, step: Step, action) -> State:
    if not isinstance(action, Rob):
        raise _wrong("Choose whom to steal from.")
    if action.victim not in rob_victims(state, step.seat):
        raise IllegalAction("Steal from an opponent with a settlement or keep by Tormund and cards in hand.")
    return replace(
        state, pending=replaced_top(state.pending, Step("steal", seat=step.seat, target=action.victim))
    )


def _answer_free_road(state: State, step: Step, action) -> State:
    if not isinstance(action, BuildRoad):
        raise _wrong("Place your free road (Road Building).")
    reason = road_reason(state, step.seat, action.edge, free=True)
    if reason:
        raise IllegalAction(reason)
    state = with_road(state, step.seat, action.edge)
    rest = popped(state.pending)
    if step.count > 1:
        rest = pushed(rest, Step("road-building", seat=step.seat, count=step.count - 1))
    return replace(state, pending=rest)


def _answer_take(state: State, step: Step, action) -> State:
    if not isinstance(action, TakeResource):
        raise _wrong("Take a resource card from the supply (Winter is Coming).")
    index = RESOURCE_INDEX.get(action.resource)
    if index is None:
        raise IllegalAction("Take brick, grain, lumber, ore or wool.")
    if not state.supply[index]:
        raise IllegalAction(f"The supply has no {action.resource} left.")
    state = taken(state, step.seat, (action.resource,))
    rest = popped(state.pending)
    if step.count > 1:
        rest = pushed(rest, Step("winter", seat=step.seat, count=step.count - 1))
    return replace(state, pending=rest)


def _answer_offer(state: State, step: Step, action) -> State:
    if isinstance(action, Decline):
        return replace(state, pending=popped(state.pending))
    if not isinstance(action, Accept):
        raise _wrong("Accept or decline the offer.")
    if not covers(state.players[step.seat].hand, state.offer.get):
        raise IllegalAction("You do not hold the cards asked for.")
    offer = replace(state.offer, accepted=state.offer.accepted + (step.seat,))
    return replace(state, offer=offer, pending=popped(state.pending))


def _answer_choose(state: State, step: Step, action) -> State:
    if isinstance(action, CancelTrade):
        return replace(state, offer=Offer(), pending=popped(state.pending))
    if not isinstance(action, TradeWith):
        raise _wrong("Choose a player who accepted, or withdraw the offer.")
    offer = state.offer
    if action.seat not in offer.accepted:
        raise IllegalAction("Trade with a player who accepted the offer.")
    players = list(state.players)
    offerer, partner = players[step.seat], players[action.seat]
    give_hand, get_hand = offerer.hand, partner.hand
    for card in offer.give:
        give_hand = removed(give_hand, card)
        get_hand = added(get_hand, card)
    for card in offer.get:
        get_hand = removed(get_hand, card)
        give_hand = added(give_hand, card)
    players[step.seat] = replace(offerer, hand=give_hand)
    players[action.seat] = replace(partner, hand=get_hand)
    return replace(state, players=tuple(players), offer=Offer(), pending=popped(state.pending))


ANSWERS: dict[str, Callable[[State, Step, object], State]] = {
    "terrain": _answer_terrain,
    "dice": _answer_dice,
    "draw": _answer_draw,
    "steal": _answer_steal,
    "place-settlement": _answer_place_settlement,
    "place-road": _answer_place_road,
    "start": _answer_start,
    "turn": _answer_turn,
    "discard": _answer_discard,
    "tormund": _answer_tormund,
    "rob": _answer_rob,
    "free-road": _answer_free_road,
    "take": _answer_take,
    "answer": _answer_offer,
    "choose": _answer_choose,
}
"""The answer function of each kind of decision (a variant adds its own)."""
