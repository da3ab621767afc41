"""The hard A Game of Thrones Catan bot: the search of
:mod:`rules.core.search` over worlds dealt from its own seat's view, the
planner (``normal``) playing every seat in the playouts, and
:func:`worth` (points, production, cards, patrols and road) of every
seat as its share of the win where a playout stops.

A world (:func:`determinize`): the resource cards nobody may see are
those the supply and the seat's own hand do not account for (19 of each
in all), dealt into the other hands, each hand likelier to hold what its
buildings produce; the development cards neither in the seat's own hand
nor played face up are dealt into the deck, the others' hands and what
Melisandre shows another. The tree's challengers to the planner's choice
are the likeliest of each kind (:func:`_choices`). At a real table (table
mode) the hard bot plays as the planner."""

from __future__ import annotations

import dataclasses
import random

from castletui.rules.core import search
from msgspec.structs import replace

from ..apply import apply
from ..chance import chance_outcomes
from ..edition import COSTS, HIDDEN, RANGER_PATROL, RESOURCES, RULES, VICTORY_POINT, development_deck
from ..flow import to_move
from ..legal import legal_actions
from ..scoring import points, production, result
from ..state import BuildKeep, BuildRoad, BuildSettlement, MoveTormund, OfferTrade, State, TradeWithSupply
from .greedy import easy_action
from .planner import _missing, _sites_in_reach, corner_value, tormund_harm
from .planner import bot_action as planner_action

PRODUCTION_WEIGHT = 0.25
"""How much likelier a hidden hand holds a resource its buildings produce:
a card of a resource worth ``p`` pips a roll to that player weighs ``1 +
PRODUCTION_WEIGHT * p`` against a card it cannot produce (most cards in a
Catan hand come from its own rolls; trades and steals bring the rest)."""


def determinize(seen: State, seat: int, rng: random.Random) -> State:
    """A game the seat finds possible, dealt from its view alone.

    Resources: the cards the supply and every hand the seat sees do not
    account for (19 of each in all) are exactly the other hands' cards;
    each hand draws its count of them, a resource its own buildings
    produce (public on the board) the likelier. Development cards: those
    neither in the seat's hand nor played face up (Ranger Patrols) are
    shuffled into the deck, the other hands (a card bought this turn is one
    of them) and what Melisandre shows another."""
    players = list(seen.players)
    hidden = [index for index, player in enumerate(players) if index != seat and HIDDEN in player.hand]
    left = dict.fromkeys(RESOURCES, RULES.resource_cards)
    for resource, count in zip(RESOURCES, seen.supply, strict=True):
        left[resource] -= count
    for index, player in enumerate(players):
        if index not in hidden:
            for card in player.hand:
                left[card] -= 1
    hands: dict[int, list[str]] = {}
    rng.shuffle(hidden)  # who draws first from the pool: no seat favoured
    for index in hidden:
        made = production(seen, index)
        hand = []
        for _ in range(len(players[index].hand)):
            weights = [max(0, left[r]) * (1.0 + PRODUCTION_WEIGHT * made.get(r, 0)) for r in RESOURCES]
            card = rng.choices(RESOURCES, weights)[0] if sum(weights) > 0 else rng.choice(RESOURCES)
            left[card] -= 1
            hand.append(card)
        hands[index] = hand
    offer = seen.offer
    if offer.give or offer.get:
        needs = {seen.turn: offer.give, **{other: offer.get for other in offer.accepted}}
        for other, cards in needs.items():
            if other in hands:
                _hold(hands, other, cards, [one for one in hands if one not in needs], rng)
    deck = development_deck(seen.variant)
    unknown = list(deck)
    shown = [card for player in players for card in player.development if card != HIDDEN]
    shown += [RANGER_PATROL] * sum(player.patrols for player in players)
    shown += [card for card in seen.peek if card != HIDDEN]
    for card in shown:
        if card in unknown:
            unknown.remove(card)
    # More cards unaccounted for than places to deal them: the rest were
    # played and left the game (Road Building, Winter is Coming: a played
    # Ranger Patrol stays face up, a Victory Point is never played).
    places = len(seen.development_deck) + len(seen.peek) * (HIDDEN in seen.peek)
    places += sum(len(player.development) for player in players if HIDDEN in player.development)
    rng.shuffle(unknown)
    unknown.sort(key=lambda card: card in (RANGER_PATROL, VICTORY_POINT))  # stable: shuffled within
    del unknown[: max(0, len(unknown) - places)]
    rng.shuffle(unknown)

    def deal(count: int) -> tuple[str, ...]:
        return tuple(sorted(unknown.pop() if unknown else rng.choice(deck) for _ in range(count)))

    for index, player in enumerate(players):
        changes = {}
        if index in hands:
            changes["hand"] = tuple(sorted(hands[index]))
        if HIDDEN in player.development:
            development = deal(len(player.development))
            changes["development"] = development
            changes["bought"] = tuple(sorted(rng.sample(development, len(player.bought))))
        if changes:
            players[index] = replace(player, **changes)
    peek = deal(len(seen.peek)) if HIDDEN in seen.peek else seen.peek
    return replace(seen, players=tuple(players), development_deck=deal(len(seen.development_deck)), peek=peek)


def _hold(hands: dict[int, list[str]], holder: int, cards, others: list[int], rng: random.Random) -> None:
    """Make ``holder``'s hand hold ``cards``: each one it lacks is swapped in
    from another hidden hand that has it (else it takes the place of a spare)."""
    for card in cards:
        if hands[holder].count(card) >= list(cards).count(card):
            continue
        spare = [c for c in hands[holder] if c not in cards]
        if not spare:
            return
        give = rng.choice(spare)
        hands[holder].remove(give)
        hands[holder].append(card)
        donors = [other for other in others if card in hands[other]]
        if donors:
            donor = rng.choice(donors)
            hands[donor].remove(card)
            hands[donor].append(give)


MOST_CHOICES = 8
"""A turn may offer dozens of roads and trades: the tree tries the planner's
own choice and at most two of each kind of action besides, the likeliest
first (:func:`_promise`), so a short search still tries each kind a few
times and its challengers are ones a player would weigh."""


def _choices(state: State) -> list:
    actions = legal_actions(state)
    if len(actions) <= MOST_CHOICES:
        return actions
    planned = planner_action(state, "normal", random.Random(0))
    promise = _promise(state, state.pending[-1].seat)
    kept, kinds = [planned], {}
    for action in sorted(actions, key=promise, reverse=True):  # stable: ties in the rules' order
        kind = type(action).__name__
        if action != planned and kinds.get(kind, 0) < 2:
            kept.append(action)
            kinds[kind] = kinds.get(kind, 0) + 1
    return kept


def _promise(state: State, seat: int):
    """How much a player would think of an action, to order those of a kind:
    a place by what it produces, a road by the site it leads to, a trade or
    an offer by whether it brings a card a build lacks for a card spared."""
    made = production(state, seat)
    hand = state.players[seat].hand
    lacking = {card for cost in COSTS.values() for card in _missing(hand, cost)}
    roads = {}
    for corner, (distance, first) in _sites_in_reach(state, seat).items():
        worth = corner_value(state, seat, corner, made) - 3 * distance
        roads[first] = max(roads.get(first, worth), worth)

    def score(action) -> float:
        if isinstance(action, (BuildSettlement, BuildKeep)):
            return corner_value(state, seat, action.corner, made)
        if isinstance(action, BuildRoad):
            return roads.get(action.edge, -100.0)
        if isinstance(action, MoveTormund):
            return tormund_harm(state, seat, action.hex)
        if isinstance(action, (TradeWithSupply, OfferTrade)):
            give = action.give if isinstance(action, TradeWithSupply) else action.giving[0]
            get = action.get if isinstance(action, TradeWithSupply) else action.getting[0]
            return 10.0 * (get in lacking) - 5.0 * (give in lacking) + hand.count(give)
        return 0.0

    return score


def _policy(state: State, rng: random.Random):
    return planner_action(state, "normal", rng)


def worth(state: State, seat: int) -> float:
    """How well ``seat`` stands in a world (10 a victory point): the easy
    bot's ``scoring.evaluate`` terms, its hidden Victory Points counted (the
    world dealt them), and a Ranger Patrol played worth what one held is
    (a step toward Largest Patrol: valuing only cards held, the search
    learnt to hoard them)."""
    player = state.players[seat]
    made = production(state, seat)
    return (
        10.0 * points(state, seat)
        + 0.6 * sum(made.values())
        + 1.5 * len(made)
        + 0.4 * min(len(player.hand), RULES.hand_limit)
        + 0.8 * (len(player.development) + player.patrols)
        + 0.3 * player.road_length
    )


SPREAD = 10.0
"""A victory point ahead of a rival makes a seat about e times likelier to
win than it."""


def _value(state: State, seat: int) -> float:
    # Every rival counts (four seats share the win chances), not the best alone.
    return search.share([worth(state, other) for other in range(len(state.players))], seat, SPREAD)


HOOKS = search.Hooks(
    game=search.Rules(to_move, legal_actions, chance_outcomes, apply, result),
    determinize=determinize,
    policy=_policy,
    value=_value,
    choices=_choices,
    enough=3,
    depth=20,
    rounds=70,
    # A duel of 28 pairs cannot show a choice a point of win chance better
    # beyond a standard error: half of one and half a point's margin let the
    # search play what it finds (the core's default made it the planner
    # with two changed choices a game, no stronger).
    margin=0.005,
    sure=0.5,
)

BRIEF = ("answer", "choose", "rob", "discard", "take", "free-road", "place-road")
"""Decisions the planner's rule of thumb seldom gets wrong (which card to
give back, whom to rob): the search's own number of rounds there is
``BRIEF_HOOKS.rounds``, and the turns, where games are won, get more.
A work budget or a thinking time given applies to every decision alike."""

BRIEF_HOOKS = dataclasses.replace(HOOKS, rounds=20)


def bot_action(seen: State, seat: int, level: str, rng: random.Random):
    """The bot's action at ``level`` for ``seat``, to move, from its view
    ``seen``: ``hard`` searches, ``easy`` is greedy (:mod:`.greedy`), the
    others are the planner's (:mod:`.planner`)."""
    if level == "easy":
        return easy_action(seen, seat, rng)
    hooks = search_hooks(seen, seat) if level == "hard" else None
    if hooks is None:
        return planner_action(seen, level, rng)
    return search.search_action(hooks, seen, seat, rng)


def search_hooks(seen: State, seat: int) -> search.Hooks | None:
    """What the hard bot searches with for ``seat`` from its view ``seen``;
    None where it plays the planner's choice (table mode)."""
    if seen.table_mode:
        return None
    return BRIEF_HOOKS if seen.pending[-1].kind in BRIEF else HOOKS
