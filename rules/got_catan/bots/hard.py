"""The hard A Game of Thrones Catan bot: the search of
:mod:`rules.core.search` over worlds dealt from its own seat's view, the
planner (``normal``) playing every seat in the playouts, and
:func:`..scoring.evaluate` (points, production, cards and road against the
best rival) as the win chance where a playout stops.

A world: the resource cards nobody may see are those the supply and the
seat's own hand do not account for (19 of each in all), dealt at random
into the other hands; the development cards not in the seat's own hand
are dealt into the deck, the others' hands and what Melisandre shows
another. At a real table (table mode) the hard bot plays as the planner."""

from __future__ import annotations

import random

from castletui.rules.core import search
from msgspec.structs import replace

from ..apply import apply
from ..chance import chance_outcomes
from ..edition import HIDDEN, RESOURCES, RULES, development_deck
from ..flow import to_move
from ..legal import legal_actions
from ..scoring import evaluate, result
from ..state import State
from ..view import view
from .planner import bot_action as planner_action

_RESOURCES = tuple(resource for resource in RESOURCES for _ in range(RULES.resource_cards))


def _slot_deck(path: search.Path) -> str:
    return "resource" if "hand" in path else "development"


def determinize(seen: State, seat: int, rng: random.Random) -> State:
    """A game the seat finds possible: the cards out of its sight dealt at
    random (a card another bought this turn is one of its development cards)."""
    supply = tuple(
        resource for resource, left in zip(RESOURCES, seen.supply, strict=True) for _ in range(left)
    )
    decks = {"resource": _RESOURCES, "development": development_deck(seen.variant)}
    # The supply's cards are seen too (a hidden card is none of them); the
    # cards of an offer on the table are still in their hands.
    world = search.redeal(
        seen, HIDDEN, decks, _slot_deck, rng, skip=("events", "bought", "offer"), seen_also=supply
    )
    hands = [list(player.hand) for player in world.players]
    hidden = [index for index, player in enumerate(seen.players) if HIDDEN in player.hand]
    offer = seen.offer
    if offer.give or offer.get:
        needs = {seen.turn: offer.give, **{other: offer.get for other in offer.accepted}}
        for other, cards in needs.items():
            if other in hidden:
                _hold(hands, other, cards, [one for one in hidden if one not in needs], rng)
    players = tuple(
        replace(
            player,
            hand=tuple(sorted(hands[index])),
            bought=tuple(sorted(player.development[: len(player.bought)]))
            if index != seat
            else player.bought,
        )
        for index, player in enumerate(world.players)
    )
    return replace(world, players=players)


def _hold(hands: list[list[str]], holder: int, cards, others: list[int], rng: random.Random) -> None:
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
own choice and at most two of each kind of action besides (the first in the
rules' order), so a short search still tries each kind a few times."""


def _choices(state: State) -> list:
    actions = legal_actions(state)
    if len(actions) <= MOST_CHOICES:
        return actions
    planned = planner_action(state, "normal", random.Random(0))
    kept, kinds = [planned], {}
    for action in actions:
        kind = type(action).__name__
        if action != planned and kinds.get(kind, 0) < 2:
            kept.append(action)
            kinds[kind] = kinds.get(kind, 0) + 1
    return kept


def _policy(state: State, rng: random.Random):
    return planner_action(state, "normal", rng)


def _value(state: State, seat: int) -> float:
    # evaluate: 10 a victory point against the best rival.
    return search.win_chance(evaluate(state, seat), 10.0)


HOOKS = search.Hooks(
    game=search.Rules(to_move, legal_actions, chance_outcomes, apply, view, result),
    determinize=determinize,
    policy=_policy,
    value=_value,
    choices=_choices,
    enough=3,
    depth=20,
    rounds=60,
)


def bot_action(state: State, level: str, rng: random.Random):
    """The bot's action at ``level`` for whoever is to move (not chance):
    ``hard`` searches, the others are the planner's (:mod:`.planner`)."""
    if level != "hard" or state.table_mode:
        return planner_action(state, level, rng)
    return search.search_action(HOOKS, state, rng)
