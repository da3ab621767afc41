"""The hard Catapult Castle bot: the search of :mod:`rules.core.search`
over worlds dealt from its own seat's view, the rule-of-thumb ``normal``
bot playing every seat in the playouts, and :func:`..scoring.evaluate`
(towers, then ammo, cards and roofs, against the best rival) as the win
chance where a playout stops.

It aims exactly as well as the normal bot (the same accuracy drawn for
each shot): what it gains it gains by its choice of target, card and
timing. The tree tries each target once, whatever the aim, and the shot
it plays draws its accuracy as the normal bot's does.

Solo (no rival to outplay) and at a real table (the real catapult aims)
the hard bot is the rule-of-thumb bot with its steadier aim, as before."""

from __future__ import annotations

import random

from castletui.rules.core import search
from msgspec.structs import replace

from ..apply import apply
from ..chance import chance_outcomes
from ..edition import DECK_COUNTS, HIDDEN, KINDS
from ..flow import to_move
from ..legal import legal_actions
from ..pieces import is_solo, own_deck
from ..scoring import evaluate, result
from ..state import Aim, Card, Pile, State
from ..view import view
from .rule_of_thumb import LEVEL_ACCURACY, _accuracy
from .rule_of_thumb import bot_action as thumb_action

_KEY_ACCURACY = LEVEL_ACCURACY["normal"]


def determinize(seen: State, seat: int, rng: random.Random) -> State:
    """A game the seat finds possible: per deck, the cards it cannot account
    for (not in a discard, a roof or its own hand) dealt at random into that
    deck, the face-down cards of that deck under towers and the hands
    drawing from it."""
    unknown: list[list[str]] = []
    for deck, full in enumerate(DECK_COUNTS):
        left = list(full)
        for k, count in enumerate(seen.discards[deck].counts):
            left[k] -= count
        for stack in seen.stacks:
            if stack.roof == deck:
                left[KINDS.index("Reinforced Roof")] -= 1
            for card in stack.cards:
                if card.deck == deck and card.kind != HIDDEN:
                    left[KINDS.index(card.kind)] -= 1
        for other in range(seen.seats):
            if own_deck(seen, other) == deck:
                for kind in seen.hands[other]:
                    if kind in KINDS:
                        left[KINDS.index(kind)] -= 1
        pool = [kind for k, kind in enumerate(KINDS) for _ in range(max(0, left[k]))]
        rng.shuffle(pool)
        unknown.append(pool)

    def deal(deck: int) -> str:
        pool = unknown[deck]
        return pool.pop() if pool else rng.choice(KINDS)

    hands = tuple(
        tuple(sorted(deal(own_deck(seen, other)) if kind == HIDDEN else kind for kind in hand))
        for other, hand in enumerate(seen.hands)
    )
    stacks = tuple(
        replace(
            stack, cards=tuple(Card(c.deck, deal(c.deck)) if c.kind == HIDDEN else c for c in stack.cards)
        )
        if stack.cards
        else stack
        for stack in seen.stacks
    )
    decks = []
    for deck, pile in enumerate(seen.decks):
        drawn = [deal(deck) for _ in range(pile.unknown)]
        counts = tuple(pile.counts[k] + drawn.count(kind) for k, kind in enumerate(KINDS))
        decks.append(Pile(counts=counts) if sum(counts) else Pile())
    return replace(seen, hands=hands, stacks=stacks, decks=tuple(decks))


def _policy(state: State, rng: random.Random):
    return thumb_action(state, "normal", rng)


def _canonical(action):
    if isinstance(action, Aim):
        return replace(action, accuracy=_KEY_ACCURACY)
    return action


def _realize(action, rng: random.Random):
    if isinstance(action, Aim):
        return replace(action, accuracy=_accuracy("normal", rng))
    return action


def _choices(state: State) -> list:
    return list(dict.fromkeys(_canonical(action) for action in legal_actions(state)))


def _value(state: State, seat: int) -> float:
    # evaluate: 10 a tower standing; a tower ahead is most of a win.
    return search.win_chance(evaluate(state, seat), 8.0)


HOOKS = search.Hooks(
    game=search.Rules(to_move, legal_actions, chance_outcomes, apply, view, result),
    determinize=determinize,
    policy=_policy,
    value=_value,
    choices=_choices,
    canonical=_canonical,
    realize=_realize,
    depth=8,
    rounds=100,
)


def hard_action(state: State, rng: random.Random):
    """The hard bot's choice for whoever is to move."""
    if is_solo(state) or state.mode == "table" or to_move(state) < 0:
        return thumb_action(state, "hard", rng)
    return search.search_action(HOOKS, state, rng)
