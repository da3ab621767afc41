"""What may be done now: the legal actions of whoever decides, where
pieces may go, and why an action is refused (the reasons ``apply`` raises
and the screens show), in the player's words.

Registration points (``layers``): a variant adds the legal actions of its
own kinds of step to ``DECISIONS``; its layer says which development cards
are played, the supply's rate, and adds its actions before and after the
roll and its refusals on the turn. (The screen API's "why not?" lines,
from these reasons, are ``queries``'s.)
"""

from __future__ import annotations

from castletui.rules.core import seat_ref
from castletui.rules.core.multiset import counts

from .board import BOARDS, Board
from .chance import UNSEEN, cards_left, chance_outcomes, could_be
from .edition import (
    BEST_RATE,
    COST_ORDER,
    COSTS,
    DEVELOPMENT,
    RESOURCE_INDEX,
    RESOURCES,
    RULES,
    VICTORY_POINT,
    development_title,
)
from .layers import LAYERS
from .state import (
    Accept,
    BuildKeep,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    CancelTrade,
    Decline,
    Discard,
    EndTurn,
    MoveTormund,
    OfferTrade,
    PlayDevelopment,
    Rob,
    Roll,
    ShowVictoryPoint,
    State,
    Step,
    TakeResource,
    TradeWith,
    TradeWithSupply,
)

_ARTICLE = {
    "road": "A road",
    "settlement": "A settlement",
    "keep": "A keep",
    "development": "A development card",
    "guard": "A guard",
}


def board_of(state: State) -> Board:
    return BOARDS[len(state.players)]


def covers(hand: tuple[str, ...], cost: tuple[str, ...]) -> bool:
    """Whether the sorted ``hand`` holds the sorted multiset ``cost``."""
    have = dict(counts(hand))
    return all(have.get(card, 0) >= need for card, need in counts(cost))


def _words(pairs: list[tuple[int, str]]) -> str:
    parts = [f"{count} {name}" for count, name in pairs]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def cost_words(thing: str) -> str:
    """ "1 brick, 1 lumber, 1 wool and 1 grain"."""
    cost = COSTS[thing]
    return _words([(cost.count(resource), resource) for resource in COST_ORDER[thing]])


def cost_reason(thing: str, hand: tuple[str, ...]) -> str:
    """Why ``hand`` cannot pay for ``thing``, or ""."""
    if covers(hand, COSTS[thing]):
        return ""
    have = [(hand.count(resource), resource) for resource in COST_ORDER[thing] if resource in hand]
    return (
        f"{_ARTICLE[thing]} needs {cost_words(thing)}; you have {_words(have) if have else 'none of them'}."
    )


# --- where pieces may go -------------------------------------------------------


def road_sites(state: State, seat: int) -> list[int]:
    """The empty paths that join ``seat``'s roads or buildings (not through
    an opponent's building)."""
    board = board_of(state)
    edge_owner = state.edge_owner
    corner_owner = state.corner_owner
    player = state.players[seat]
    sites: set[int] = set()
    corners = {corner for edge in player.roads for corner in board.edge_corners[edge]}
    corners.update(player.settlements)
    corners.update(player.keeps)
    for corner in corners:
        if corner_owner[corner] not in (-1, seat):
            continue  # an opponent's building breaks the way
        for edge in board.corner_edges[corner]:
            if edge_owner[edge] < 0:
                sites.add(edge)
    return sorted(sites)


def _free_of_neighbours(state: State, board: Board, corner: int) -> bool:
    corner_owner = state.corner_owner
    return corner_owner[corner] < 0 and all(corner_owner[other] < 0 for other in board.corner_corners[corner])


def settlement_sites(state: State, seat: int) -> list[int]:
    """Empty corners on ``seat``'s roads that keep the distance rule."""
    board = board_of(state)
    player = state.players[seat]
    corners = {corner for edge in player.roads for corner in board.edge_corners[edge]}
    return sorted(corner for corner in corners if _free_of_neighbours(state, board, corner))


def setup_settlement_sites(state: State) -> list[int]:
    """Set-up: every empty corner that keeps the distance rule."""
    board = board_of(state)
    return [corner for corner in range(board.corners) if _free_of_neighbours(state, board, corner)]


def setup_road_sites(state: State, corner: int) -> list[int]:
    board = board_of(state)
    return [edge for edge in board.corner_edges[corner] if state.edge_owner[edge] < 0]


def trade_rate(state: State, seat: int, resource: str) -> int:
    """How many ``resource`` cards buy one from the supply: 4, or 3 or 2 by
    a trade route ``seat`` touches with a settlement or keep."""
    board = board_of(state)
    player = state.players[seat]
    rate = LAYERS[state.variant].supply_rate
    for corner in player.settlements + player.keeps:
        route, route_rate = board.corner_routes[corner]
        if route_rate and (route == resource or not route) and route_rate < rate:
            rate = route_rate
    return rate


def playable(state: State, seat: int) -> list[str]:
    """The development cards ``seat`` may play now (none once one was
    played this turn); in table mode also each card an unseen one held
    since before this turn could be (the player names it as they play it)."""
    if state.card_played:
        return []
    player = state.players[seat]
    cards = LAYERS[state.variant].playable
    known = [
        card
        for card, count in counts(player.development)
        if card in cards and count > player.bought.count(card)
    ]
    if not state.table_mode or UNSEEN not in player.development:
        return known
    return [card for card in cards if card in known or could_be(state, seat, card)]


# --- refusals ------------------------------------------------------------------------


def road_reason(state: State, seat: int, edge: int, free: bool = False) -> str:
    board = board_of(state)
    if not 0 <= edge < board.edges:
        return "There is no such path on the Gift."
    owner = state.edge_owner[edge]
    if owner >= 0:
        return (
            "You already have a road there."
            if owner == seat
            else f"{seat_ref(owner)} already has a road there."
        )
    player = state.players[seat]
    if len(player.roads) >= state.road_limit:
        return f"You have no roads left: all {state.road_limit} are on the Gift."
    blocker = -1
    joined = False
    for corner in board.edge_corners[edge]:
        building = state.corner_owner[corner]
        if building == seat:
            joined = True
        elif any(state.edge_owner[other] == seat for other in board.corner_edges[corner]):
            if building < 0:
                joined = True
            else:
                blocker = building
    if not joined:
        if blocker >= 0:
            return f"{seat_ref(blocker)}'s {building_name(state, blocker, edge)} blocks the way: a road cannot go on through it."
        return "A road must join one of your roads, settlements or keeps."
    return "" if free else cost_reason("road", player.hand)


def building_name(state: State, owner: int, edge: int) -> str:
    """ "settlement" or "keep": what ``owner`` has on a corner of ``edge``."""
    board = board_of(state)
    keeps = state.players[owner].keeps
    return "keep" if any(corner in keeps for corner in board.edge_corners[edge]) else "settlement"


def settlement_reason(state: State, seat: int, corner: int, setup: bool = False) -> str:
    board = board_of(state)
    if not 0 <= corner < board.corners:
        return "There is no such corner on the Gift."
    owner = state.corner_owner[corner]
    player = state.players[seat]
    if owner == seat:
        if corner in player.keeps:
            return "You already have a keep there."
        return "You already have a settlement there (a keep may replace it)."
    if owner >= 0:
        return f"That corner is taken: {seat_ref(owner)} has built there."
    if any(state.corner_owner[other] >= 0 for other in board.corner_corners[corner]):
        return "Too close: a settlement may not stand next to another."
    if len(player.settlements) >= RULES.settlements:
        return f"You have no settlements left: all {RULES.settlements} are on the Gift (a keep frees one)."
    if setup:
        return ""
    if not any(state.edge_owner[edge] == seat for edge in board.corner_edges[corner]):
        return "A settlement must touch one of your roads."
    return cost_reason("settlement", player.hand)


def keep_reason(state: State, seat: int, corner: int) -> str:
    player = state.players[seat]
    if corner in player.keeps:
        return "That is a keep already."
    if corner not in player.settlements:
        return "A keep replaces one of your settlements."
    if len(player.keeps) >= RULES.keeps:
        return f"You have no keeps left: all {RULES.keeps} are on the Gift."
    return cost_reason("keep", player.hand)


def buy_reason(state: State, seat: int) -> str:
    if cards_left(state) <= 0:
        return "The development deck is empty."
    return cost_reason("development", state.players[seat].hand)


ROLL_FIRST = "Roll the dice first (you may play a development card before rolling)."
"""Why nothing but a development card (or a hero) comes before the roll."""


def play_reason(state: State, seat: int, card: str) -> str:
    """Why ``seat`` may not play ``card`` now, or "". In table mode an
    unseen card may be named as any card still among the unseen ones."""
    player = state.players[seat]
    if card == VICTORY_POINT:
        if state.table_mode:
            return "Victory Point cards are never played: show one to count it."
        return "Victory Point cards count by themselves: they are never played."
    if card not in DEVELOPMENT:
        return "There is no such development card."
    unseen = state.table_mode and UNSEEN in player.development
    if card not in player.development and not could_be(state, seat, card, bought_ok=True):
        if unseen:
            return (
                f"None of your unseen development cards can be {development_title(card)}: "
                "every one is seen elsewhere."
            )
        return f"You have no {development_title(card)}."
    if card not in LAYERS[state.variant].playable:
        return f"{development_title(card)} is not played in the base game."
    if state.card_played:
        return "You have already played a development card this turn."
    if player.development.count(card) <= player.bought.count(card) and not could_be(state, seat, card):
        if card in player.development:
            return f"You bought that {development_title(card)} this turn: play it from your next turn."
        return "You bought your unseen development cards this turn: play them from your next turn."
    return ""


def show_reason(state: State, seat: int) -> str:
    """Table mode: why ``seat`` may not show a Victory Point card from their
    unseen development cards now, or ""."""
    if not state.table_mode:
        return "Victory Point cards count by themselves: nothing to show."
    player = state.players[seat]
    if UNSEEN not in player.development:
        return "You hold no unseen development card."
    if not could_be(state, seat, VICTORY_POINT, bought_ok=True):
        return "None of your unseen development cards can be a Victory Point: every one is seen elsewhere."
    return ""


def supply_trade_reason(state: State, seat: int, give: str, get: str) -> str:
    if give not in RESOURCE_INDEX or get not in RESOURCE_INDEX:
        return "Trade resource cards: brick, grain, lumber, ore or wool."
    if give == get:
        return "Trade one resource for another."
    rate = trade_rate(state, seat, give)
    have = state.players[seat].hand.count(give)
    if have < rate:
        return f"Trading {give} with the supply takes {rate}; you have {have}."
    if not state.supply[RESOURCE_INDEX[get]]:
        return f"The supply has no {get} left."
    return ""


def offers_closed_reason(state: State) -> str:
    """Why no offer between players may be made this turn at all, or ""."""
    if state.offer_limit == 0:
        return "Trading between players is off in this game."
    if state.offers_made >= state.offer_limit:
        made = f"{state.offer_limit} offer{'s' if state.offer_limit != 1 else ''}"
        return f"You have made {made} this turn, the most a turn allows."
    return ""


def offer_reason(state: State, seat: int, offer: OfferTrade) -> str:
    return offer_terms_reason(
        offers_closed_reason(state), state.players[seat].hand, seat, len(state.players), offer
    )


def offer_terms_reason(closed: str, hand: tuple[str, ...], seat: int, seats: int, offer: OfferTrade) -> str:
    """Why ``seat``, holding ``hand`` at a table of ``seats``, may not make
    ``offer`` ("" if they may), given why no offer may be made this turn
    (``closed``, "" while offers are open): the trade dialog asks this of
    its scene (``scene.TradeDesk``) at every change, with no state at hand."""
    if closed:
        return closed
    give, get = offer.giving, offer.getting
    if not give or not get:
        return "Offer at least one card for at least one card."
    if any(card not in RESOURCE_INDEX for card in give + get):
        return "Trade resource cards: brick, grain, lumber, ore or wool."
    if set(give) & set(get):
        return "Do not offer and ask for the same resource."
    if not covers(hand, give):
        return "You do not hold the cards you offer."
    if offer.to == seat or not -1 <= offer.to < seats:
        return "Offer the trade to another player, or to everyone."
    return ""


def turn_reason(state: State, step: Step, action) -> str:
    """Why the turn player may not take ``action`` at their ``turn`` step, or ""."""
    seat = step.seat
    if isinstance(action, BuildRoad):
        return road_reason(state, seat, action.edge)
    if isinstance(action, BuildSettlement):
        return settlement_reason(state, seat, action.corner)
    if isinstance(action, BuildKeep):
        return keep_reason(state, seat, action.corner)
    if isinstance(action, BuyDevelopment):
        return buy_reason(state, seat)
    if isinstance(action, PlayDevelopment):
        return play_reason(state, seat, action.card)
    if isinstance(action, ShowVictoryPoint):
        return show_reason(state, seat)
    if isinstance(action, TradeWithSupply):
        return supply_trade_reason(state, seat, action.give, action.get)
    if isinstance(action, OfferTrade):
        return offer_reason(state, seat, action)
    if isinstance(action, EndTurn):
        return ""
    if isinstance(action, Roll):
        return "You have rolled already this turn."
    hook = LAYERS[state.variant].turn_reason
    reason = hook(state, seat, action) if hook is not None else None
    return reason if reason is not None else "That is not something to do on your turn now."


# --- the legal actions ------------------------------------------------------------


def chance_actions(state: State, step: Step) -> list:
    """The outcomes of a chance step, as the actions that answer it."""
    return [action for action, _ in chance_outcomes(state)]


def _place_settlement(state: State, step: Step) -> list:
    return [_SETTLEMENTS[corner] for corner in setup_settlement_sites(state)]


def _place_road(state: State, step: Step) -> list:
    return [_ROADS[edge] for edge in setup_road_sites(state, step.target)]


def _start(state: State, step: Step) -> list:
    actions = [_ROLL] + [_PLAYS[card] for card in playable(state, step.seat)]
    if state.table_mode and not show_reason(state, step.seat):
        actions.append(_SHOW)
    hook = LAYERS[state.variant].start_actions
    return actions + hook(state, step.seat) if hook is not None else actions


def turn_actions(state: State, seat: int) -> list:
    """Everything the turn player may do after the roll."""
    player = state.players[seat]
    hand = player.hand
    have = dict(counts(hand))
    actions: list = [_END_TURN]
    if have.get("brick") and have.get("lumber") and len(player.roads) < state.road_limit:
        actions += [_ROADS[edge] for edge in road_sites(state, seat)]
    if len(player.settlements) < RULES.settlements and covers(hand, COSTS["settlement"]):
        actions += [_SETTLEMENTS[corner] for corner in settlement_sites(state, seat)]
    if player.settlements and len(player.keeps) < RULES.keeps and covers(hand, COSTS["keep"]):
        actions += [BuildKeep(corner) for corner in player.settlements]
    if cards_left(state) > 0 and covers(hand, COSTS["development"]):
        actions.append(_BUY)
    actions += [_PLAYS[card] for card in playable(state, seat)]
    if state.table_mode and not show_reason(state, seat):
        actions.append(_SHOW)
    supply = state.supply
    for give, count in have.items():
        if count >= BEST_RATE and count >= trade_rate(state, seat, give):
            actions += [
                _SUPPLY_TRADES[give, get]
                for index, get in enumerate(RESOURCES)
                if get != give and supply[index]
            ]
    if state.offers_made < state.offer_limit:
        # The app's trade dialog builds any offer; listed here are the
        # one-for-one offers to everyone, enough for random play and menus.
        actions += [_ONE_FOR_ONE[give, get] for give in have for get in RESOURCES if get != give]
    hook = LAYERS[state.variant].turn_actions
    return actions + hook(state, seat, have) if hook is not None else actions


def _turn(state: State, step: Step) -> list:
    return turn_actions(state, step.seat)


def _discard(state: State, step: Step) -> list:
    return [_DISCARDS[card] for card, _ in counts(state.players[step.seat].hand)]


def _tormund(state: State, step: Step) -> list:
    return [MoveTormund(hex_id) for hex_id in range(board_of(state).hexes) if hex_id != state.tormund]


def rob_victims(state: State, seat: int) -> list[int]:
    """Opponents with a building by Tormund and cards in hand."""
    board = board_of(state)
    if state.tormund < 0:
        return []
    owners = {state.corner_owner[corner] for corner in board.hex_corners[state.tormund]}
    return sorted(owner for owner in owners if owner >= 0 and owner != seat and state.players[owner].hand)


def _rob(state: State, step: Step) -> list:
    return [Rob(victim) for victim in rob_victims(state, step.seat)]


def _free_road(state: State, step: Step) -> list:
    return [_ROADS[edge] for edge in road_sites(state, step.seat)]


def _take(state: State, step: Step) -> list:
    return [_TAKES[resource] for index, resource in enumerate(RESOURCES) if state.supply[index]]


def _answer(state: State, step: Step) -> list:
    wanted = tuple(sorted(state.offer.get))
    if covers(state.players[step.seat].hand, wanted):
        return [_ACCEPT, _DECLINE]
    return [_DECLINE]


def _choose(state: State, step: Step) -> list:
    return [TradeWith(seat) for seat in state.offer.accepted] + [_CANCEL]


DECISIONS = {
    "terrain": chance_actions,
    "dice": chance_actions,
    "draw": chance_actions,
    "steal": chance_actions,
    "place-settlement": _place_settlement,
    "place-road": _place_road,
    "start": _start,
    "turn": _turn,
    "discard": _discard,
    "tormund": _tormund,
    "rob": _rob,
    "free-road": _free_road,
    "take": _take,
    "answer": _answer,
    "choose": _choose,
}
"""The actions that answer each kind of decision (a variant adds its own)."""


def legal_actions(state: State) -> list:
    if not state.pending:
        return []
    step = state.pending[-1]  # the top, read at every decision without a call
    actions = DECISIONS.get(step.kind)
    return actions(state, step) if actions is not None else []


# Shared action Structs: random play and the bots list these at every ply.
_ROLL = Roll()
_END_TURN = EndTurn()
_BUY = BuyDevelopment()
_SHOW = ShowVictoryPoint()
_ACCEPT = Accept()
_DECLINE = Decline()
_CANCEL = CancelTrade()
_ROADS = [BuildRoad(edge) for edge in range(max(board.edges for board in BOARDS.values()))]
_SETTLEMENTS = [BuildSettlement(corner) for corner in range(max(board.corners for board in BOARDS.values()))]
_PLAYS = {card: PlayDevelopment(card) for card in DEVELOPMENT}
_DISCARDS = {resource: Discard(resource) for resource in RESOURCES}
_TAKES = {resource: TakeResource(resource) for resource in RESOURCES}
_SUPPLY_TRADES = {(give, get): TradeWithSupply(give, get) for give in RESOURCES for get in RESOURCES}
_ONE_FOR_ONE = {(give, get): OfferTrade(give, get) for give in RESOURCES for get in RESOURCES}
