"""The ``easy`` A Game of Thrones Catan bot: the kit's greedy bot (one step
of look-ahead on ``scoring.evaluate``, the expectation over a chance
decision that follows) from what its seat sees.

A development card bought is drawn, in the look-ahead, from the cards the
seat cannot account for (the unseen pool: the deck, the cards in others'
hands and in a look of Melisandre's it was not shown), so what a purchase
is worth is what the seat may expect of it, never the real deck's next
card. A hand robbed is a hand of the resources nobody's open hand or the
supply holds: the robber weighs only how many cards it takes (``evaluate``
counts cards, not which), never what the real hand holds.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

from castletui.rules.core.bots import greedy_action
from msgspec.structs import replace

from ..apply import apply
from ..chance import chance_outcomes
from ..edition import HIDDEN, RANGER_PATROL, RESOURCES, RULES, VICTORY_POINT, development_deck
from ..flow import to_move
from ..legal import legal_actions
from ..scoring import evaluate
from ..state import State

_RULES = SimpleNamespace(
    to_move=to_move,
    legal_actions=legal_actions,
    apply=apply,
    chance_outcomes=chance_outcomes,
    evaluate=evaluate,
)
"""What the kit's greedy bot reads of the game: the protocol functions
themselves, not the face (which imports the bots)."""


def easy_action(seen: State, seat: int, rng: random.Random):
    """The easy bot's action for ``seat`` from its view ``seen``: the
    greedy choice among the seat's options (those its view lists), weighed
    on :func:`pooled`."""
    return greedy_action(_RULES, pooled(seen, seat), rng, legal_actions(seen))


def pooled(seen: State, seat: int) -> State:
    """The view with its placeholders filled from what the seat cannot
    account for, with no chance drawn: the development deck becomes the
    unseen pool (its odds are the seat's, card for card) and every hidden
    resource hand holds the unaccounted resources in turn (which is which
    does not change ``evaluate``). Others' development cards stay hidden
    (``evaluate`` counts them, and their Victory Points are not public)."""
    players = list(seen.players)
    left = dict.fromkeys(RESOURCES, RULES.resource_cards)
    for resource, count in zip(RESOURCES, seen.supply, strict=True):
        left[resource] -= count
    for player in players:
        for card in player.hand:
            if card != HIDDEN:
                left[card] -= 1
    spare = [resource for resource in RESOURCES for _ in range(max(0, left[resource]))]
    # An open offer shows cards a hidden hand must hold: the offerer's, and
    # those of every seat that accepted it.
    offer = seen.offer
    needs = {seen.turn: offer.give, **{other: offer.get for other in offer.accepted}} if offer.give else {}
    for index, player in enumerate(players):
        if HIDDEN in player.hand:
            hand = list(needs.get(index, ()))[: len(player.hand)]
            for card in hand:
                if card in spare:
                    spare.remove(card)
            while len(hand) < len(player.hand):
                hand.append(spare.pop(0) if spare else RESOURCES[len(hand) % len(RESOURCES)])
            players[index] = replace(player, hand=tuple(sorted(hand)))
    world = replace(seen, players=tuple(players))
    if HIDDEN in seen.development_deck:
        world = replace(world, development_deck=_unseen_pool(seen))
    return world


def _unseen_pool(seen: State) -> tuple[str, ...]:
    """The development cards the seat cannot account for, as many as the
    places they may be in (the deck, others' hidden cards, a look not shown
    to it). Cards beyond those places were played and left the game: never
    a Victory Point (it is never played) or a Ranger Patrol (it stays face
    up), so those are kept and the others trimmed."""
    unknown = list(development_deck(seen.variant))
    shown = [card for player in seen.players for card in player.development if card != HIDDEN]
    shown += [RANGER_PATROL] * sum(player.patrols for player in seen.players)
    shown += [card for card in seen.peek if card != HIDDEN]
    for card in shown:
        if card in unknown:
            unknown.remove(card)
    places = len(seen.development_deck) + seen.peek.count(HIDDEN)
    places += sum(player.development.count(HIDDEN) for player in seen.players)
    kept = [card for card in unknown if card in (RANGER_PATROL, VICTORY_POINT)]
    others = sorted(card for card in unknown if card not in (RANGER_PATROL, VICTORY_POINT))
    need = max(0, places - len(kept))
    if len(others) > need:
        # Which were played is not known: keep every kind in its share.
        others = [others[index * len(others) // need] for index in range(need)]
    return tuple(sorted(kept + others))
