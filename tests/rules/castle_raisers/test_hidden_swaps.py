"""Issue 25.3 for Castle Raisers: it hides nothing from any seat (the bags
and stacks are multisets anyone can count, castles and Threats are open),
so every seat reads the whole table's log, and the swap check of the other
games (tests/rules/hidden_swaps.py) finds nothing to swap."""

import random

import castletui.rules.castle_raisers as game
import pytest
from castletui.rules.core import CHANCE, Config, chance_rng, log_lines, sample_outcome

from tests.rules.hidden_swaps import hidden_cards


@pytest.mark.parametrize(("variant", "seats"), [("competitive", 2), ("competitive", 4)])
def test_every_seat_sees_everything_and_reads_the_whole_log(variant, seats):
    rng = random.Random(seats)
    state = game.setup(Config(variant, seats, {}, "digital"))
    for ply in range(250):
        mover = game.to_move(state)
        if mover is None:
            break
        if mover == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seats, ply))
        else:
            action = rng.choice(game.legal_actions(state))
        after = game.apply(state, action)
        whole = log_lines(game, state, action, after)
        for seat in range(seats):
            assert not hidden_cards(game, state, seat)
            assert log_lines(game, state, action, after, seat) == whole
        state = after
