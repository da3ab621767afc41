"""Seeded random playouts to the end at 3 and 4 players, digital and table
mode, checking at every step: chance odds sum to 1, apply never mutates its
input, every listed action is accepted, every card is somewhere once, the
board is the same read per player and per place, road lengths are up to
date, log lines and labels never fail, and no log line names a stolen
card or a development card drawn."""

import castletui.rules.got_catan as game
import msgspec
import pytest
from castletui.rules.core import CHANCE, log_lines
from castletui.rules.got_catan import scoring
from castletui.rules.got_catan.state import DrawDevelopment, Steal

from .helpers import check_counts, random_playout

_encode = msgspec.json.Encoder(order="deterministic").encode


def _checks(every: int = 11):
    def check(state, action, ply):
        before = _encode(state)
        seat = game.to_move(state)
        if seat == CHANCE:
            outcomes = game.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert action in [a for a, _ in outcomes]
            game.chance_prompt(state)
        else:
            legal = game.legal_actions(state)
            assert legal and action in legal
            if ply % every == 0:
                for other in legal[:40]:
                    game.apply(state, other)
                    game.label(state, other)
                assert game.legal_actions(game.view(state, seat)) == legal
            game.prompt(state, seat)
        line = log_lines(game, state, action, game.apply(state, action), CHANCE)[0]  # the table's log
        if isinstance(action, (Steal, DrawDevelopment)):
            assert getattr(action, "resource", getattr(action, "card", "")) not in line
        after = game.apply(state, action)
        assert _encode(state) == before, "apply mutated its input"
        for effect in game.effects(state, action, after):
            assert isinstance(effect, str) and effect
        if ply % 7 == 0:
            check_counts(after)
        if ply % 97 == 0:
            assert msgspec.json.decode(msgspec.json.encode(after), type=game.State) == after

    return check


@pytest.mark.slow
@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("mode", ["digital", "table"])
@pytest.mark.parametrize("seed", range(3))
def test_random_playout_reaches_the_end(seats, mode, seed):
    state, plies = random_playout(seats, seed, mode, check=_checks())
    result = game.result(state)
    assert result.finished and result.winners == (state.winner,)
    assert scoring.points(state, state.winner) >= 10
    check_counts(state)


@pytest.mark.slow
@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("mode", ["digital", "table"])
@pytest.mark.parametrize("seed", range(4))
def test_brotherhood_random_playout_reaches_the_end(seats, mode, seed):
    """Brotherhood of the Watch, seeded: the game ends by 10 points at the
    end of a turn or by the Wall falling, and every count adds up on the way."""
    state, plies = random_playout(seats, seed, mode, check=_checks(), variant="brotherhood")
    result = game.result(state)
    assert result.finished and state.winner in result.winners
    check_counts(state)
    if state.ended_by == "points":
        assert scoring.points(state, state.winner) >= 10
    else:
        assert state.breaches >= 3 or sum(1 for kind in state.blocked if kind) >= 8
