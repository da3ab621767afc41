"""The protocol every game must keep (design.md section 6), run against
every registered game, variant and seat count, in digital and table mode."""

from __future__ import annotations

import math

import msgspec
import pytest
from castletui.rules import registry
from castletui.rules.core import CHANCE, Config, IllegalAction, Result, check_config, replay, state_hash

from castletui import saves
from tests.playing import case_id, playout, variants

# The toy game (tests/toy_game.py) keeps the same protocol as the real ones.
TOY_CASES = [
    ("pig", Config(variant, seats, {}, mode))
    for variant, seats in (("standard", 2), ("standard", 4), ("solo", 1))
    for mode in ("digital", "table")
]
CASES = variants(modes=("digital", "table")) + TOY_CASES
SEEDS = range(4)


@pytest.fixture(params=CASES, ids=[case_id(c) for c in CASES])
def case(request):
    if request.param[0] == "pig":
        request.getfixturevalue("pig")  # registered for this test only
    return request.param


def test_info_is_complete(case):
    game_id, config = case
    game = registry.get(game_id)
    assert game.INFO.id == game_id
    assert game.INFO.edition, "INFO.edition names the component data"
    check_config(game.INFO, config)
    for name in (
        "setup",
        "to_move",
        "legal_actions",
        "chance_outcomes",
        "apply",
        "view",
        "result",
        "describe",
    ):
        assert callable(getattr(game, name)), name


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_random_playouts_reach_the_end(case, seed):
    game_id, config = case
    run = playout(game_id, config, seed)
    game = run.game
    assert game.to_move(run.state) is None
    assert game.legal_actions(run.state) == []
    result = game.result(run.state)
    assert isinstance(result, Result) and result.finished
    assert len(result.scores) == config.seats
    assert all(0 <= seat < config.seats for seat in result.winners)
    for line in result.lines:
        assert len(line.points) == config.seats, line.label


def test_every_listed_action_is_accepted_and_input_never_mutated(case):
    game_id, config = case
    run = playout(game_id, config, seed=11)
    game = run.game
    for state in run.states[:: max(1, len(run.states) // 40)]:
        frozen = msgspec.json.encode(state)
        seat = game.to_move(state)
        if seat is None:
            continue
        actions = game.legal_actions(state)
        assert actions, "only a finished game has no legal actions"
        for action in actions[:60]:
            game.apply(state, action)
            assert isinstance(game.describe(state, action), str) and game.describe(state, action)
        assert msgspec.json.encode(state) == frozen, "apply mutated its input"


def test_chance_probabilities_sum_to_one(case):
    game_id, config = case
    run = playout(game_id, config, seed=5)
    game = run.game
    chance_states = [s for s in run.states if game.to_move(s) == CHANCE]
    assert chance_states, "every game has some chance"
    for state in chance_states:
        outcomes = game.chance_outcomes(state)
        assert outcomes
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-9)
        assert [a for a, _ in outcomes] == game.legal_actions(state)


def test_replaying_the_log_rebuilds_the_same_state(case):
    game_id, config = case
    run = playout(game_id, config, seed=3)
    rebuilt = replay(run.game, config, run.actions)
    assert state_hash(rebuilt) == state_hash(run.state)


@pytest.mark.slow
def test_saves_round_trip_through_toml_and_json(case, tmp_path):
    game_id, config = case
    run = playout(game_id, config, seed=2)
    players = [saves.Player(f"P{seat}") for seat in range(config.seats)]
    save = saves.new_save(game_id, config, players, seed=2, mode=config.mode)
    for seat, action, state in zip(run.seats, run.actions, run.states[1:], strict=True):
        save = saves.append(save, seat, action, state, "2026-01-01T00:00:00+00:00")
    for suffix in (".toml", ".json"):
        path = saves.dump(save, tmp_path / f"game{suffix}")
        loaded = saves.load(path)
        assert loaded == save
        assert state_hash(saves.replay(loaded)) == state_hash(run.state)


def test_view_keeps_the_type_and_is_stable(case):
    game_id, config = case
    run = playout(game_id, config, seed=7)
    game = run.game
    for state in run.states[:: max(1, len(run.states) // 20)]:
        for seat in range(config.seats):
            seen = game.view(state, seat)
            assert type(seen) is type(state)
            assert game.view(seen, seat) == seen, "a view of a view shows nothing new"


def test_an_action_of_the_wrong_kind_is_refused_with_a_reason(case):
    game_id, config = case
    run = playout(game_id, config, seed=9)
    game = run.game
    finished = run.state
    with pytest.raises(IllegalAction) as refused:
        game.apply(finished, run.actions[-1])
    assert refused.value.reason
