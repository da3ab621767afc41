"""The table's chance to win a co-operative or solo game of Castle Raisers,
for the review (issue 47: ``coop_hooks``): ``rules.core.search`` hooks
whose value is the team's win, 1 when the game ends with every Threat card
met and the wolves outscored, else 0, whichever seat's view it starts from.

The hard co-op bot decides otherwise (its drafts and placements by the
playouts of :mod:`.search`, the rest by :mod:`.coop`'s rules of thumb) and
is not changed by these hooks: the review alone searches with them. A
playout is played to Game End by :func:`.search.quick_action`, the co-op
playouts' own policy, for every seat; nothing is hidden, so a world is the
view itself.
"""

from __future__ import annotations

import random

from castletui.rules.core import search

from ..apply import apply
from ..chance import chance_outcomes
from ..flow import to_move
from ..legal import legal_actions
from ..scoring import result
from ..state import State
from .search import quick_action

TO_GAME_END = 5_000
"""Plies a playout may take: more than any game has, so that every playout
ends with the game (a team's chance is its result, not an estimate)."""


def _world(seen: State, seat: int, rng: random.Random) -> State:
    return seen  # nothing is hidden: the view is the game


def table_won(state: State, seat: int) -> float:
    """A finished game's score for every seat alike: 1 if the team won."""
    return 1.0 if result(state).winners else 0.0


def _unfinished(state: State, seat: int) -> float:
    # Never reached (playouts go to Game End): an even chance, not a guess.
    return 0.5


HOOKS = search.Hooks(
    game=search.Rules(to_move, legal_actions, chance_outcomes, apply, result),
    determinize=_world,
    policy=quick_action,
    value=_unfinished,
    finished=table_won,
    depth=TO_GAME_END,
    rounds=24,
)


def coop_hooks(seen: State, seat: int) -> search.Hooks | None:
    """The table's search for ``seat`` from ``seen`` in a co-operative or
    solo game (None in a competitive one: its hard bot's hooks serve)."""
    return None if seen.variant == "competitive" else HOOKS
