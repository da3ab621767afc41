"""Castle Raisers through the protocol: seeded random playouts to the end for
every variant and player count, with the protocol's promises checked on the way."""

from __future__ import annotations

import random

import castletui.rules.castle_raisers as game
import msgspec
import pytest
from castletui.rules.castle_raisers.edition import TILES
from castletui.rules.core import CHANCE, Config, Result, chance_rng, replay, sample_outcome, state_hash

_encode = msgspec.json.Encoder(order="deterministic").encode


def checked_playout(variant: str, seats: int, seed: int):
    """Play a seeded random game, checking every step; returns (final state, log)."""
    state = game.setup(Config(variant, seats))
    rng = random.Random(seed)
    log = []
    while game.to_move(state) is not None:
        assert len(log) < 3000, "the game must end"
        mover = game.to_move(state)
        actions = game.legal_actions(state)
        assert actions, "legal_actions is empty only when the game is over"
        if mover == CHANCE:
            outcomes = game.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [a for a, _ in outcomes] == actions
            action = sample_outcome(outcomes, chance_rng(seed, len(log)))
        else:
            assert 0 <= mover < seats
            action = rng.choice(actions)
        if len(log) % 11 == 0:
            for other in actions:  # every listed action is accepted
                game.apply(state, other)
        assert isinstance(game.describe(state, action), str)
        assert isinstance(game.label(state, action), str)
        before = _encode(state)
        new_state = game.apply(state, action)
        assert _encode(state) == before, "apply must not mutate its input"
        state = new_state
        log.append(action)
    return state, log


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_competitive_random_playouts_to_the_end(seats, seed):
    state, log = checked_playout("competitive", seats, seed)
    assert state.finished and game.legal_actions(state) == []
    for c in state.castles:
        assert sum(1 for piece in c.wall if piece in TILES) == 12  # every player places 12 Wall tiles
    result = game.result(state)
    assert isinstance(result, Result) and result.finished and result.winners
    for seat in range(seats):
        assert sum(line.points[seat] for line in result.lines) == result.scores[seat]


@pytest.mark.parametrize(
    ("variant", "seats"), [("cooperative", 2), ("cooperative", 3), ("cooperative", 4), ("solo", 1)]
)
@pytest.mark.parametrize("seed", range(2))
def test_cooperative_and_solo_random_playouts_to_the_end(variant, seats, seed):
    state, _ = checked_playout(variant, seats, seed)
    result = game.result(state)
    assert result.finished
    assert result.lost or result.winners == tuple(range(seats))


def test_replaying_the_log_rebuilds_the_same_state():
    state, log = checked_playout("competitive", 3, 11)
    rebuilt = replay(game, Config("competitive", 3), log)
    assert state_hash(rebuilt) == state_hash(state)


@pytest.mark.parametrize(("variant", "seats"), [("competitive", 2), ("cooperative", 3), ("solo", 1)])
def test_saves_round_trip_mid_game(variant, seats):
    state = game.setup(Config(variant, seats))
    rng = random.Random(5)
    for ply in range(100):
        if game.to_move(state) == CHANCE:
            state = game.apply(state, sample_outcome(game.chance_outcomes(state), chance_rng(5, ply)))
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    for codec in (msgspec.json, msgspec.toml):
        assert codec.decode(codec.encode(state), type=game.State) == state


def test_view_is_the_same_type_and_hides_nothing_secret():
    state = game.setup(Config("competitive", 2))
    seen = game.view(state, 0)
    assert type(seen) is type(state)


def test_an_unlisted_chance_outcome_is_refused():
    from castletui.rules.castle_raisers.state import DrawBoard
    from castletui.rules.core import IllegalAction

    state = game.setup(Config("competitive", 2))
    with pytest.raises(IllegalAction):
        game.apply(state, DrawBoard("Z"))


def test_bad_config_is_refused():
    from castletui.rules.core import IllegalAction

    with pytest.raises(IllegalAction):
        game.setup(Config("competitive", 1))
    with pytest.raises(IllegalAction):
        game.setup(Config("solo", 2))


def test_the_package_exports_the_protocol_and_the_ui_helpers():
    for name in ("INFO", "State", "Action", "setup", "to_move", "legal_actions", "chance_outcomes", "apply"):
        assert hasattr(game, name)
    for name in ("view", "result", "describe", "label", "evaluate", "bot_action"):
        assert callable(getattr(game, name))
    assert all(hasattr(game, name) for name in game.__all__)
