"""The planner bot (levels ``normal`` and ``hard``): a Catan player's
plan each turn, as strong Catan bots play it.

It values a corner by what it would produce (the pips of its hexes: the
ways two dice make their numbers), by the resources it adds to what the
player already collects (diversity), and by a trade route in a resource
the player makes. Each turn it picks a goal (a keep, a settlement on the
best site in reach, the roads toward that site, or a development card),
trades surplus cards with the supply or offers one to the table when that
completes the goal, and builds. Tormund goes where he hurts the leading
opponents most and never on the bot's own hexes; it steals from the
leader. It discards what its goal needs least, answers offers that give
it a card its goal needs for one it can spare (never to a player close to
winning), and makes at most ``OFFERS_PER_TURN`` offers a turn.

``easy`` is the kit's greedy bot (:mod:`.greedy`); ``random`` plays at
random (:mod:`.aimless`).

Registration points (``layers``): a variant adds the plans of its own
kinds of step to ``PLANS``, and its layer's ``plan`` answers first (the
Brotherhood's defends the Wall and uses the hero); ``goal``,
``supply_trade`` and ``move_tormund`` are the base plans a variant builds on.
"""

from __future__ import annotations

import random
from collections import deque

from castletui.rules.core.multiset import counts

from ..board import BOARDS
from ..chance import cards_left
from ..edition import COSTS, RULES, TERRAIN_RESOURCE
from ..layers import LAYERS
from ..legal import legal_actions, settlement_sites, trade_rate
from ..scoring import PIPS, production, public_points
from ..state import (
    Accept,
    BuildKeep,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    CancelTrade,
    Decline,
    Discard,
    EndTurn,
    OfferTrade,
    PlayDevelopment,
    Roll,
    State,
    TakeResource,
    TradeWith,
    TradeWithSupply,
)

OFFERS_PER_TURN = 1
"""The planner makes at most one offer to the table a turn: it asks for the
one card it lacks, and does not haggle."""


def bot_action(state: State, level: str, rng: random.Random):
    """The planner's action for whoever is to move (not chance), in the
    view it is given or a world of the hard bot's."""
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    return planned_action(state, rng, actions)


def planned_action(state: State, rng: random.Random, actions: list | None = None, watch: bool = True):
    """The planner's action. A variant's layer plans first (Brotherhood of
    the Watch defends the Wall and uses its hero: ``brotherhood.bots``);
    ``watch=False`` plays the base game's plans alone (the benchmark's
    yardstick)."""
    if actions is None:
        actions = legal_actions(state)
    step = state.pending[-1]
    plan = LAYERS[state.variant].plan if watch else None
    if plan is not None:
        choice = plan(state, step.seat, actions, rng)
        if choice is not None and choice in actions:
            return choice
    choice = PLANS[step.kind](state, step.seat, actions, rng) if step.kind in PLANS else None
    if choice is not None and choice in actions:
        return choice
    return EndTurn() if EndTurn() in actions else rng.choice(actions)


# --- valuing places ----------------------------------------------------------------


def _board(state: State):
    return BOARDS[len(state.players)]


def corner_value(state: State, seat: int, corner: int, made: dict[str, int] | None = None) -> float:
    """What a settlement on ``corner`` is worth to ``seat``: pips, new
    resources, a trade route it can use."""
    board = _board(state)
    made = production(state, seat) if made is None else made
    value = 0.0
    new: set[str] = set()
    for hex_id in board.corner_hexes[corner]:
        terrain = state.terrain[hex_id]
        if not terrain:
            continue
        pips = PIPS[board.hex_numbers[hex_id]]
        resource = TERRAIN_RESOURCE[terrain]
        value += pips * (0.6 if hex_id == state.tormund else 1.0)
        if resource not in made:
            new.add(resource)
    value += 2.5 * len(new)
    route, rate = board.corner_routes[corner]
    if rate:
        here = {TERRAIN_RESOURCE[state.terrain[h]] for h in board.corner_hexes[corner] if state.terrain[h]}
        if not route:
            value += 1.5
        elif route in made or route in here:
            value += 1.0 + 0.25 * (made.get(route, 0) + 3 * (route in here))
    return value


_REACH: dict[tuple, dict[int, tuple[int, int]]] = {}
"""``_sites_in_reach`` by everything it reads: a hard bot's playouts ask it
of the same board thousands of times (hands change far more often than
roads). Emptied when it grows past ``_REACH_MOST``."""

_REACH_MOST = 20_000


def _sites_in_reach(state: State, seat: int, depth: int = 3) -> dict[int, tuple[int, int]]:
    """Corners where ``seat`` could settle after building roads: corner ->
    (roads needed, first road to build), at most ``depth`` roads away
    (callers must not change the dict: it is shared)."""
    player = state.players[seat]
    key = (player.roads, player.settlements, player.keeps, state.corner_owner, state.edge_owner, depth)
    found = _REACH.get(key)
    if found is None:
        if len(_REACH) >= _REACH_MOST:
            _REACH.clear()
        found = _REACH[key] = _reach(state, seat, depth)
    return found


def _reach(state: State, seat: int, depth: int) -> dict[int, tuple[int, int]]:
    board = _board(state)
    player = state.players[seat]
    owner = state.corner_owner
    edge_owner = state.edge_owner
    start = (
        {c for e in player.roads for c in board.edge_corners[e]} | set(player.settlements) | set(player.keeps)
    )
    start = {c for c in start if owner[c] in (-1, seat)}
    seen = {c: (0, -1) for c in start}
    queue = deque(start)
    out: dict[int, tuple[int, int]] = {}
    while queue:
        corner = queue.popleft()
        distance, first = seen[corner]
        if distance and _settleable(state, corner):
            out[corner] = (distance, first)
        if distance >= depth or owner[corner] not in (-1, seat):
            continue
        for edge in board.corner_edges[corner]:
            if edge_owner[edge] >= 0:
                continue
            a, b = board.edge_corners[edge]
            other = b if a == corner else a
            if other not in seen:
                seen[other] = (distance + 1, first if first >= 0 else edge)
                queue.append(other)
    return out


def _settleable(state: State, corner: int) -> bool:
    owner = state.corner_owner
    return owner[corner] < 0 and all(owner[o] < 0 for o in _board(state).corner_corners[corner])


# --- hands and goals ------------------------------------------------------------------


def _missing(hand: tuple[str, ...], cost: tuple[str, ...]) -> list[str]:
    have = dict(counts(hand))
    out = []
    for card, need in counts(cost):
        out += [card] * max(0, need - have.get(card, 0))
    return out


def goal(state: State, seat: int) -> tuple[str, int, tuple[str, ...]]:
    """(what to save for, where, its cost) for ``seat`` now."""
    player = state.players[seat]
    hand = player.hand
    options: list[tuple[float, str, int]] = []
    made = production(state, seat)
    if player.settlements and len(player.keeps) < RULES.keeps:
        best = max(player.settlements, key=lambda c: corner_value(state, seat, c, made))
        options.append((14.0 + corner_value(state, seat, best, made) * 0.5, "keep", best))
    if len(player.settlements) < RULES.settlements:
        sites = settlement_sites(state, seat)
        if sites:
            best = max(sites, key=lambda c: corner_value(state, seat, c, made))
            options.append((16.0 + corner_value(state, seat, best, made), "settlement", best))
        elif len(player.roads) < state.road_limit:
            reach = _sites_in_reach(state, seat)
            if reach:
                best = max(reach, key=lambda c: corner_value(state, seat, c, made) - 3 * reach[c][0])
                options.append((8.0 + corner_value(state, seat, best, made) * 0.6, "road", reach[best][1]))
    if cards_left(state) > 0:  # table mode: the deck's unseen cards in hands are not left to draw
        options.append((9.0, "development", -1))
    if not options:
        return "nothing", -1, ()
    scored = []
    for value, thing, where in options:
        cost = COSTS["road" if thing == "road" else thing]
        scored.append((value / (1 + 1.5 * len(_missing(hand, cost))), thing, where, cost))
    _, thing, where, cost = max(scored)
    return thing, where, cost


def _spare(hand: tuple[str, ...], cost: tuple[str, ...]) -> list[str]:
    """Cards of ``hand`` the goal ``cost`` does not need."""
    left = list(hand)
    for card in cost:
        if card in left:
            left.remove(card)
    return left


# --- the plans per decision -------------------------------------------------------------


def _place_settlement(state: State, seat: int, actions: list, rng) -> object:
    made = production(state, seat)
    return max(actions, key=lambda a: (corner_value(state, seat, a.corner, made), -a.corner))


def _place_road(state: State, seat: int, actions: list, rng) -> object:
    """Towards the best site two paths away."""
    board = _board(state)
    step = state.pending[-1]
    made = production(state, seat)

    def promise(action) -> float:
        a, b = board.edge_corners[action.edge]
        far = b if a == step.target else a
        values = [
            corner_value(state, seat, c, made)
            for c in board.corner_corners[far]
            if c != step.target and _settleable(state, c)
        ]
        return max(values, default=0.0)

    return max(actions, key=promise)


def _start(state: State, seat: int, actions: list, rng) -> object:
    play = PlayDevelopment("ranger-patrol")
    if play in actions and _tormund_hurts(state, seat):
        return play
    return Roll()


def _tormund_hurts(state: State, seat: int) -> bool:
    if state.tormund < 0:
        return False
    board = _board(state)
    return any(state.corner_owner[c] == seat for c in board.hex_corners[state.tormund])


def _turn(state: State, seat: int, actions: list, rng) -> object:
    player = state.players[seat]
    hand = player.hand
    # A development card first when it helps now.
    play = _play_card(state, seat, actions)
    if play is not None:
        return play
    # A victory point the hand pays for now is built now, whatever the goal
    # (the goal may save for a road or a card while the hand holds a keep:
    # issue 28.14 saw a game end with a keep's cards unspent).
    made = production(state, seat)
    settle = [a for a in actions if isinstance(a, BuildSettlement)]
    if settle:
        return max(settle, key=lambda a: (corner_value(state, seat, a.corner, made), -a.corner))
    keeps = [a for a in actions if isinstance(a, BuildKeep)]
    if keeps:
        return max(keeps, key=lambda a: (corner_value(state, seat, a.corner, made), -a.corner))
    thing, where, cost = goal(state, seat)
    if thing == "road" and BuildRoad(where) in actions:
        return BuildRoad(where)
    if thing == "development" and BuyDevelopment() in actions:
        return BuyDevelopment()
    trade = supply_trade(state, seat, actions, cost)
    if trade is not None:
        return trade
    offer = _offer(state, seat, cost)
    if offer is not None and offer in actions:
        return offer
    # Nothing toward the goal: spend a rich hand rather than lose it to a 7.
    if len(hand) > RULES.hand_limit:
        for spend in (BuyDevelopment(),):
            if spend in actions:
                return spend
        roads = [a for a in actions if isinstance(a, BuildRoad)]
        if roads:
            return _best_road(state, seat, roads)
    return EndTurn()


def _play_card(state: State, seat: int, actions: list):
    player = state.players[seat]
    patrol = PlayDevelopment("ranger-patrol")
    if patrol in actions and (
        _tormund_hurts(state, seat) or _patrol_race(state, seat) or _worth_a_steal(state, seat)
    ):
        return patrol
    roads = PlayDevelopment("road-building")
    if roads in actions and len(player.roads) + 2 <= state.road_limit and _sites_in_reach(state, seat):
        return roads
    winter = PlayDevelopment("winter-is-coming")
    if winter in actions:
        _, _, cost = goal(state, seat)
        if cost and _missing(player.hand, cost):  # two cards toward the goal, kept in hand they bring none
            return winter
    return None


def _patrol_race(state: State, seat: int) -> bool:
    """Largest Patrol is within reach of the Ranger Patrols in hand (or
    held and a rival comes close): a patrol kept in hand scores nothing."""
    player = state.players[seat]
    mine = player.patrols
    held = player.development.count("ranger-patrol") - player.bought.count("ranger-patrol")
    rivals = max((p.patrols for i, p in enumerate(state.players) if i != seat), default=0)
    if state.largest_patrol == seat:
        return rivals + 1 >= mine
    return mine + held >= RULES.largest_patrol_minimum and mine + held > rivals


def _worth_a_steal(state: State, seat: int) -> bool:
    """Tormund can go where he costs a rival with cards in hand and not the
    bot: the patrol's steal and block are worth more than the card kept."""
    board = _board(state)
    for hex_id, terrain in enumerate(state.terrain):
        if not terrain or hex_id == state.tormund:
            continue
        owners = {state.corner_owner[c] for c in board.hex_corners[hex_id]} - {-1}
        if seat not in owners and any(state.players[o].hand for o in owners):
            return True
    return False


def supply_trade(state: State, seat: int, actions: list, cost: tuple[str, ...]):
    """A trade with the supply that brings a missing card, paid from spare cards."""
    hand = state.players[seat].hand
    missing = _missing(hand, cost)
    if not missing:
        return None
    spare = _spare(hand, cost)
    best = None
    for give, count in counts(tuple(sorted(spare))):
        rate = trade_rate(state, seat, give)
        if count < rate:
            continue
        for get in dict.fromkeys(missing):
            action = TradeWithSupply(give, get)
            if action in actions and (best is None or rate < best[0]):
                best = (rate, action)
    return best[1] if best else None


def _offer(state: State, seat: int, cost: tuple[str, ...]):
    if state.offers_made >= min(OFFERS_PER_TURN, state.offer_limit):
        return None
    hand = state.players[seat].hand
    missing = _missing(hand, cost)
    if not missing or len(missing) > 2:
        return None
    spare = _spare(hand, cost)
    if not spare:
        return None
    give = max(sorted(set(spare)), key=spare.count)  # sorted: ties broken alike in every process
    return OfferTrade(give, missing[0])


def _best_road(state: State, seat: int, roads: list):
    reach = _sites_in_reach(state, seat)
    made = production(state, seat)
    wanted = {first: corner_value(state, seat, c, made) - 3 * d for c, (d, first) in reach.items()}
    return max(roads, key=lambda a: (wanted.get(a.edge, -100.0), -a.edge))


def _free_road(state: State, seat: int, actions: list, rng) -> object:
    return _best_road(state, seat, actions)


def _take(state: State, seat: int, actions: list, rng) -> object:
    _, _, cost = goal(state, seat)
    for card in _missing(state.players[seat].hand, cost):
        if TakeResource(card) in actions:
            return TakeResource(card)
    made = production(state, seat)
    return min(actions, key=lambda a: made.get(a.resource, 0))


def _discard(state: State, seat: int, actions: list, rng) -> object:
    hand = state.players[seat].hand
    _, _, cost = goal(state, seat)
    spare = _spare(hand, cost)
    pool = spare or list(hand)
    card = max(set(pool), key=lambda c: (pool.count(c), c))
    return Discard(card)


def _opponent_weight(state: State, seat: int, other: int) -> float:
    return 1.0 + public_points(state, other) / 4.0


def tormund_harm(state: State, seat: int, hex_id: int) -> float:
    """How much Tormund on ``hex_id`` hurts ``seat``'s rivals (the leaders
    most) less what he costs ``seat`` itself."""
    board = _board(state)
    if not state.terrain[hex_id]:
        return -100.0
    pips = PIPS[board.hex_numbers[hex_id]]
    score = 0.0
    for corner in board.hex_corners[hex_id]:
        owner = state.corner_owner[corner]
        if owner < 0:
            continue
        size = 2 if corner in state.players[owner].keeps else 1
        if owner == seat:
            score -= 10.0 * pips * size
        else:
            score += pips * size * _opponent_weight(state, seat, owner)
            score += 0.5 * bool(state.players[owner].hand)
    return score


def move_tormund(state: State, seat: int, actions: list, rng) -> object:
    return max(actions, key=lambda a: (tormund_harm(state, seat, a.hex), -a.hex))


def _rob(state: State, seat: int, actions: list, rng) -> object:
    return max(actions, key=lambda a: (public_points(state, a.victim), len(state.players[a.victim].hand)))


def _answer(state: State, seat: int, actions: list, rng) -> object:
    offer = state.offer
    if Accept() not in actions or public_points(state, state.turn) >= RULES.points_to_win - 2:
        return Decline()
    hand = state.players[seat].hand
    _, _, cost = goal(state, seat)
    before = len(_missing(hand, cost))
    after_hand = list(hand)
    for card in offer.get:
        after_hand.remove(card)
    after_hand = tuple(sorted(after_hand + list(offer.give)))
    after = len(_missing(after_hand, cost))
    if after < before and len(offer.give) >= len(offer.get):
        return Accept()
    return Decline()


def _choose(state: State, seat: int, actions: list, rng) -> object:
    trades = [a for a in actions if isinstance(a, TradeWith)]
    if not trades:
        return CancelTrade()
    return min(trades, key=lambda a: (public_points(state, a.seat), a.seat))


PLANS = {
    "place-settlement": _place_settlement,
    "place-road": _place_road,
    "start": _start,
    "turn": _turn,
    "discard": _discard,
    "tormund": move_tormund,
    "rob": _rob,
    "free-road": _free_road,
    "take": _take,
    "answer": _answer,
    "choose": _choose,
}
"""The planner's answer at each kind of decision (a variant adds its own)."""
