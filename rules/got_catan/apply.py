"""``apply``: the answer to the decision on top of the stack, then the
automatic steps that follow, until someone (or chance) must decide again;
last, the win (10 points on your own turn).

Each kind of decision has its answer function (``_ANSWERS``); every one
takes the state with the previous action's events cleared and the step it
answers, and refuses a wrong action with the reason a player reads.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from rules.core import (
    IllegalAction,
    answered_top,
    popped,
    pushed,
    recorded,
    replaced_top,
    run_automatic,
    seat_ref,
)
from rules.core.multiset import added, removed

from .board import BOARDS
from .chance import UNSEEN, cards_left, named
from .edition import (
    BROTHERHOOD,
    COSTS,
    NEW_RECRUITS,
    RANGER_PATROL,
    RESOURCE_INDEX,
    ROAD_BUILDING,
    RULES,
    TERRAIN_RESOURCE,
    VICTORY_POINT,
    WATCH,
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
from .heroes import flipped, hero_reason, swapped, used
from .legal import (
    HERO_TYPES,
    ROLL_FIRST,
    covers,
    guard_reason,
    play_reason,
    road_reason,
    rob_victims,
    settlement_reason,
    show_reason,
    trade_rate,
    turn_reason,
)
from .scoring import points
from .state import (
    Accept,
    BuildGuard,
    BuildKeep,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    CancelTrade,
    Decline,
    DeclineHero,
    Dice,
    Discard,
    DrawDevelopment,
    FlipHero,
    FreeHex,
    GiveCard,
    MoveTormund,
    Offer,
    OfferTrade,
    PeekDevelopment,
    PickDevelopment,
    PlaceGuard,
    PlaceTerrain,
    PlayDevelopment,
    Rob,
    Roll,
    ShowVictoryPoint,
    State,
    Steal,
    Step,
    SwapHero,
    TakeCard,
    TakeResource,
    Token,
    TradeWith,
    TradeWithSupply,
    WildlingDie,
)
from .wall import freed, migrated, with_guard


def apply(state: State, action) -> State:
    """The state after ``action``; raises IllegalAction with the reason."""
    return answered_top(state, action, _ANSWERS, settle)


def settle(state: State, step: Step) -> State:
    """After answering ``step``: the tokens Longest Road or Largest Patrol
    changing hands earned, the automatic steps, then the end of the game."""
    if state.tokens_due:
        # Longest Road or Largest Patrol changed hands: a token from the pool each.
        due = [Step("reveal", seat=step.seat, target=1)] * state.tokens_due
        state = replace(state, tokens_due=0, pending=pushed(state.pending, *due))
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
    if not 2 <= action.total <= 12:
        raise IllegalAction("Two dice show a sum from 2 to 12.")
    if state.variant == BROTHERHOOD:
        # The wildling die is rolled with the two dice.
        return replace(
            state,
            dice=action.total,
            pending=replaced_top(state.pending, Step("wildling-die", seat=step.seat)),
        )
    return replace(
        state,
        dice=action.total,
        pending=replaced_top(state.pending, Step("produce", seat=step.seat, count=action.total)),
    )


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
            raise IllegalAction(_ALONE)
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


_ALONE = "Only its owner looks at a development card drawn: nobody types it in until it is played."


def _draw_unseen(state: State, step: Step, action: DrawDevelopment) -> State:
    """Table mode: the card goes into the buyer's hand unseen by the table;
    it stays among the deck's unseen cards until it is named (played, or a
    Victory Point card shown)."""
    if action.card != UNSEEN:
        raise IllegalAction(_ALONE)
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
    if state.variant == BROTHERHOOD and isinstance(action, HERO_TYPES):
        reason = hero_reason(state, step.seat, action, before_roll=True)
        if reason:
            raise IllegalAction(reason)
        return used(state, step.seat, action)
    raise IllegalAction(ROLL_FIRST)


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
        # Brotherhood: move Tormund, or free a hex of the Gift from a wildling.
        kind = "patrol" if state.variant == BROTHERHOOD else "tormund"
        return replace(state, pending=pushed(state.pending, Step(kind, seat=seat)))
    if card == NEW_RECRUITS:
        return replace(state, pending=pushed(state.pending, Step("recruit", seat=seat)))
    if card == ROAD_BUILDING:
        return replace(state, pending=pushed(state.pending, Step("road-building", seat=seat, count=2)))
    if card == WINTER_IS_COMING:
        return replace(state, pending=pushed(state.pending, Step("winter", seat=seat, count=2)))
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
    watch = state.variant == BROTHERHOOD
    if isinstance(action, BuildRoad):
        return with_road(paid(state, seat, COSTS["road"]), seat, action.edge)
    if isinstance(action, BuildSettlement):
        state = with_settlement(paid(state, seat, COSTS["settlement"]), seat, action.corner)
        return _settlement_token(state, seat) if watch else state
    if isinstance(action, BuildKeep):
        state = with_keep(paid(state, seat, COSTS["keep"]), seat, action.corner)
        return _keep_tokens(state, seat) if watch else state
    if isinstance(action, BuildGuard):
        if action.instead_of:
            return used(state, seat, action)
        return with_guard(paid(state, seat, COSTS["guard"]), seat, action.section)
    if isinstance(action, HERO_TYPES):
        return used(state, seat, action)
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
    # EndTurn: the cards bought this turn become playable.
    player = state.players[seat]
    if player.bought:
        state = replace(state, players=with_player(state, seat, replace(player, bought=())))
    if watch and points(state, seat) >= RULES.points_to_win:
        # Brotherhood: 10 points at the end of your own turn win.
        state = replace(state, winner=seat, ended_by="points", offer=Offer())
        return recorded(state, "won-end", seat, points(state, seat))
    next_seat = (seat + 1) % len(state.players)
    return replace(state, pending=replaced_top(state.pending, Step("start-turn", seat=next_seat)))


def _settlement_token(state: State, seat: int) -> State:
    """A settlement from the build-cost card reveals the token under it."""
    player = state.players[seat]
    if not player.card_settlements:
        return state
    player = replace(player, card_settlements=player.card_settlements - 1)
    state = replace(state, players=with_player(state, seat, player))
    return replace(state, pending=pushed(state.pending, Step("token", seat=seat, target=0)))


def _keep_tokens(state: State, seat: int) -> State:
    """A keep reveals the 2 tokens under it; the settlement it replaced goes
    back on the card over a new token from the pool (reshuffled if empty)."""
    player = state.players[seat]
    if player.card_settlements < WATCH.card_settlement_spaces:
        if not state.pool and state.tokens_spent:
            state = replace(
                state,
                tokens_hidden=tuple(sorted(state.tokens_hidden + state.tokens_spent)),
                pool=len(state.tokens_spent),
                tokens_spent=(),
            )
            state = recorded(state, "pool-reshuffled", -1, state.pool)
        if state.pool:
            player = replace(player, card_settlements=player.card_settlements + 1)
            state = replace(state, pool=state.pool - 1, players=with_player(state, seat, player))
    reveals = [Step("token", seat=seat, target=0)] * WATCH.tokens_per_keep
    return replace(state, pending=pushed(state.pending, *reveals))


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


# --- Brotherhood of the Watch ------------------------------------------------------


def _answer_place_guard(state: State, step: Step, action) -> State:
    if not isinstance(action, PlaceGuard):
        raise _wrong("Place your guard on a section of the Wall.")
    reason = guard_reason(state, step.seat, action.section, free=True)
    if reason:
        raise IllegalAction(reason)
    return with_guard(replace(state, pending=popped(state.pending)), step.seat, action.section)


def _answer_patrol(state: State, step: Step, action) -> State:
    if isinstance(action, MoveTormund):
        return _answer_tormund(state, step, action)
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


_ANSWERS: dict[str, Callable[[State, Step, object], State]] = {
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
"""The answer function of each kind of decision."""
