"""The ``random`` level of A Game of Thrones Catan: random play that does
not go in circles.

A bot drawing uniformly from the legal actions spends its turns on the
trade table: one-for-one offers to everyone are most of what it may do
after the roll, every other seat answers each one, and the cards swapped
go straight back in the next offer; meanwhile it trades away with the
supply the cards it could build with. Seeded games of four such bots took
up to 7,000 plies (some 400 turns, 5 in 8 plies offers and their answers).

So the random bot still picks at random, but it builds when it can (what
and where at random, a development card and a guard included) and makes
at most one offer to the table a turn, as the planner does. Its games end
within half the plies (``tests/rules/core/test_bots.py`` holds the bound).
"""

from __future__ import annotations

import random

from ..legal import legal_actions
from ..state import BuildGuard, BuildKeep, BuildRoad, BuildSettlement, BuyDevelopment, OfferTrade, State
from .planner import OFFERS_PER_TURN

BUILDS = (BuildRoad, BuildSettlement, BuildKeep, BuyDevelopment, BuildGuard)
"""What turns cards into something on the board or in hand for good."""


def random_action(state: State, rng: random.Random):
    """A random legal action: a build when one is legal, and no offer to
    the table after the turn's first."""
    actions = legal_actions(state)
    builds = [action for action in actions if isinstance(action, BUILDS)]
    if builds:
        return rng.choice(builds)
    if state.offers_made >= OFFERS_PER_TURN:
        actions = [action for action in actions if not isinstance(action, OfferTrade)] or actions
    return rng.choice(actions)
