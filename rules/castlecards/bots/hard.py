"""The hard Castlecards bot: the search of :mod:`rules.core.search` over
worlds dealt from its own seat's view, the plain ``normal`` bot playing
every seat in the playouts, and :func:`..scoring.evaluate` (shields and
cards against the strongest rival) as the win chance where a playout stops.

At a real table (table mode) the players name every card drawn, so the
bot's own hand may hold cards nobody has named: the hard bot then plays
as the plain rules' ``hard`` level does."""

from __future__ import annotations

import random

from castletui.rules.core import search

from ..apply import apply
from ..chance import chance_outcomes
from ..edition import HIDDEN, deck_cards
from ..flow import to_move
from ..legal import legal_actions
from ..scoring import evaluate, result
from ..state import State
from .plain import bot_action as plain_action

_DECKS = {deck: deck_cards(deck) for deck in ("village", "siege", "academy", "dungeon")}
# The face-down piles hold only their own deck's cards; face-down loot is Village cards.
_PILES = {
    "village_deck": "village",
    "siege_deck": "siege",
    "academy_deck": "academy",
    "dungeon_deck": "dungeon",
}


def _slot_deck(path: search.Path) -> str | None:
    if path[0] in _PILES:
        return _PILES[path[0]]
    return "village" if "loot" in path else None


def determinize(seen: State, seat: int, rng: random.Random) -> State:
    """A game the seat finds possible: the cards out of its sight dealt at random."""
    return search.redeal(seen, HIDDEN, _DECKS, _slot_deck, rng)


def _policy(state: State, rng: random.Random):
    return plain_action(state, "normal", rng)


def _value(state: State, seat: int) -> float:
    # evaluate: about a Wall's shields per point; a few points' lead is most of a win.
    return search.win_chance(evaluate(state, seat), 4.0)


HOOKS = search.Hooks(
    game=search.Rules(to_move, legal_actions, chance_outcomes, apply, result),
    determinize=determinize,
    policy=_policy,
    value=_value,
    choices=legal_actions,
    depth=30,
    rounds=100,
)


def search_hooks(seen: State, seat: int) -> search.Hooks | None:
    """What the hard bot searches with for ``seat`` from its view ``seen``;
    None where it plays by plain rules instead (table mode)."""
    return None if seen.table_mode else HOOKS


def hard_action(seen: State, seat: int, rng: random.Random):
    """The hard bot's choice for ``seat``, from its view ``seen``."""
    hooks = search_hooks(seen, seat)
    if hooks is None:
        return plain_action(seen, "hard", rng)
    return search.search_action(hooks, seen, seat, rng)
