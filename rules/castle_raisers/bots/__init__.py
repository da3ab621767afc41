"""Castle Raisers bots: :func:`bot_action` for whoever is to move, and
:func:`evaluate` (the estimate the generic greedy bot uses).

- :mod:`.competitive`: the competitive bot and the estimate;
- :mod:`.coop`: the co-operative and solo bot (levels normal and hard);
- :mod:`.search`: the hard co-op bot's playouts for its drafts and placements;
- :mod:`.hard`: the hard competitive bot (``rules.core.search``);
- :mod:`.team`: the review's search of a co-operative or solo game's table chance;
- :mod:`.pouring`: the plan for a pouring of cauldrons both bots share.
"""

from __future__ import annotations

import importlib
import random

from castletui.rules.castle_raisers.chance import chance_outcomes
from castletui.rules.castle_raisers.flow import to_move
from castletui.rules.castle_raisers.legal import legal_actions
from castletui.rules.castle_raisers.state import Action, State
from castletui.rules.core import CHANCE, sample_outcome

__all__ = ["bot_action", "coop_hooks", "evaluate", "search_hooks"]

LATER = {
    "competitive": "castletui.rules.castle_raisers.bots.competitive",
    "coop": "castletui.rules.castle_raisers.bots.coop",
    "search": "castletui.rules.castle_raisers.bots.search",
    "hard": "castletui.rules.castle_raisers.bots.hard",
    "team": "castletui.rules.castle_raisers.bots.team",
}
"""The bots, loaded when one first moves (or a greedy bot first weighs a
state), not with the game: a declared load (tests/test_imports.py follows it
like an import), which spares every start of the game their imports and
``rules.core.search``'s (some 3-5 ms)."""


def later(name: str):
    """The bot module :data:`LATER` names, loaded when first asked for."""
    return importlib.import_module(LATER[name])


def evaluate(state: State, seat: int) -> float:
    """The competitive bot's estimate of ``state`` for ``seat``
    (:func:`.competitive.evaluate`)."""
    return later("competitive").evaluate(state, seat)


def bot_action(seen: State, seat: int, level: str, rng: random.Random) -> Action:
    """The bot's choice for ``seat``, from its view ``seen`` (Castle Raisers
    hides nothing: the view is the whole table): ``easy`` plays greedily but often
    at random, ``normal`` and ``hard`` as :func:`.competitive.competitive_action`
    says. Co-operative and solo games at normal and hard are played by
    :func:`.coop.coop_action`, except the hard bot's drafts and placements
    (:func:`.search.search_action`) and, in teams of 3 and 4, End of Age line
    picks (:func:`.search.search_line`); competitive games at hard by the
    search of :func:`.hard.hard_action`."""
    state = seen
    if to_move(state) == CHANCE:
        return sample_outcome(chance_outcomes(state), rng)
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    if level == "random" or (level == "easy" and rng.random() < 0.4):
        return rng.choice(actions)
    if state.variant != "competitive" and level in ("normal", "hard"):
        if level == "hard" and state.pending[-1].kind in ("draft", "place"):
            return later("search").search_action(state, seat, rng)
        if (
            level == "hard"
            and state.pending[-1].kind == "pick_line"
            and state.seats >= later("search").LINE_SEARCH_SEATS
        ):
            return later("search").search_line(state, rng)
        return later("coop").coop_action(state, seat, actions, level, rng)
    if level == "hard":
        return later("hard").hard_action(state, seat, rng)
    return later("competitive").competitive_action(state, seat, actions, level, rng)


def search_hooks(seen: State, seat: int):
    """What the hard bot searches with (``rules.core.search``) for ``seat``
    from ``seen``; None where it decides otherwise: a roll, a single
    choice, and co-operative and solo games, whose drafts and placements
    play out by :mod:`.search`'s own playouts."""
    if to_move(seen) == CHANCE or len(legal_actions(seen)) == 1 or seen.variant != "competitive":
        return None
    return later("hard").HOOKS


def coop_hooks(seen: State, seat: int):
    """The search the review estimates the table's chance to win with in
    a co-operative or solo game, for ``seat`` from ``seen`` (:mod:`.team`;
    the hard bot there decides by its own playouts); None in a competitive
    game, or where the decision is a roll or a single choice."""
    if to_move(seen) == CHANCE or len(legal_actions(seen)) == 1:
        return None
    return later("team").coop_hooks(seen, seat)
