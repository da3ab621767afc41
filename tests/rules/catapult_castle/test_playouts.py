"""Catapult Castle: seeded random playouts to the end for every variant and
mode, through the protocol only; the save codecs; bots playing whole games."""

from __future__ import annotations

import random

import castletui.rules.catapult_castle as g
import msgspec
import pytest
from castletui.rules.catapult_castle.edition import HIDDEN
from castletui.rules.catapult_castle.pieces import deck_size
from castletui.rules.core import CHANCE, Config, bots, chance_rng, replay, sample_outcome, state_hash

CONFIGS = {
    "2p": Config("standard", 2),
    "3p": Config("standard", 3),
    "4p": Config("standard", 4),
    "solo": Config("solo", 1),
    "beginner": Config("standard", 3, {"beginner": True}),
    "skilled": Config("standard", 2, {"skilled": True}),
    "skilled-4p-stack2": Config("standard", 4, {"skilled": True, "max_stack": 2}),
    "2p-table": Config("standard", 2, mode="table"),
    "3p-table": Config("standard", 3, mode="table"),
    "4p-table": Config("standard", 4, {"beginner": True}, mode="table"),
    "solo-table": Config("solo", 1, mode="table"),
    "skilled-table": Config("standard", 3, {"skilled": True}, mode="table"),
}
MAX_ACTIONS = 20_000
_json = msgspec.json.Encoder(order="deterministic")


def _check_view(state: g.State) -> None:
    """Each seat sees its own hand, never another's, nor a face-down card."""
    for seat in range(state.seats):
        seen = g.view(state, seat)
        assert seen.hands[seat] == state.hands[seat]
        for other in range(state.seats):
            if other != seat:
                assert set(seen.hands[other]) <= {HIDDEN} and len(seen.hands[other]) == len(
                    state.hands[other]
                )
        assert all(card.kind == HIDDEN for stack in seen.stacks for card in stack.cards)
        # Table mode: a deck's pool also counts its unseen cards out of it; the view shows what is left.
        assert [p.size for p in seen.decks] == [deck_size(state, d) for d in range(len(state.decks))]
        assert [p.size for p in g.view(seen, seat).decks] == [p.size for p in seen.decks]


def playout(config: Config, seed: int, check_every: int = 1):
    """Random legal play to the end; returns (final state, actions taken)."""
    choices = random.Random(seed)
    state = g.setup(config)
    log = []
    while (mover := g.to_move(state)) is not None:
        ply = len(log)
        if mover == CHANCE:
            outcomes = g.chance_outcomes(state)
            assert outcomes and sum(p for _, p in outcomes) == pytest.approx(1)
            assert all(p > 0 for _, p in outcomes)
            action = sample_outcome(outcomes, chance_rng(seed, ply))
        else:
            actions = g.legal_actions(state)
            assert actions
            action = choices.choice(actions)
        if ply % check_every == 0:
            before = _json.encode(state)
            assert g.describe(state, action) and g.label(state, action)
            following = g.apply(state, action)
            assert _json.encode(state) == before  # apply never mutates its input
            _check_view(state)
        else:
            following = g.apply(state, action)
        log.append(action)
        state = following
        assert len(log) < MAX_ACTIONS
    assert g.legal_actions(state) == []
    return state, log


@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_playouts_reach_the_end(name):
    config = CONFIGS[name]
    for seed in range(25):
        state, log = playout(config, seed, check_every=1 if seed < 2 else 7)
        assert state.over and state.end_reason
        result = g.result(state)
        assert result.finished and len(result.winners) == 1 and result.decided_by
        for seat, score in enumerate(result.scores):
            assert sum(line.points[seat] for line in result.lines) == score  # rules.core.Result
        if config.variant == "solo":
            assert result.rating and result.scores[0] == state.removed + state.supply
        else:
            # ammo is never lost: supply + ammo in towers + ammo in the box = 36
            in_towers = sum(sum(stack.towers) for stack in state.stacks)
            assert state.supply + in_towers <= 36
            towers = sum(len(stack.towers) for stack in state.stacks) + state.removed
            assert towers == (15 if config.seats == 3 else 16)


@pytest.mark.parametrize("name", ["3p", "solo", "skilled-table"])
def test_log_replays_and_states_round_trip_through_json_and_toml(name):
    config = CONFIGS[name]
    state, log = playout(config, 99, check_every=50)
    assert state_hash(replay(g, config, log)) == state_hash(state)
    for codec in (msgspec.json, msgspec.toml):
        assert codec.decode(codec.encode(state), type=g.State) == state
        decoded = [codec.decode(codec.encode(action), type=g.Action) for action in log[:200]]
        assert decoded == log[:200]
        seen = g.view(state, 0)
        assert codec.decode(codec.encode(seen), type=g.State) == seen


def test_every_listed_action_is_accepted_along_a_game():
    config = CONFIGS["2p"]
    state = g.setup(config)
    choices = random.Random(5)
    steps = 0
    while g.to_move(state) is not None and steps < 400:
        for action in g.legal_actions(state):
            g.apply(state, action)
        state = g.apply(state, choices.choice(g.legal_actions(state)))
        steps += 1


@pytest.mark.parametrize("name", ["2p", "4p", "solo", "3p-table", "skilled"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard", "random"])
def test_bots_play_whole_games(name, level):
    config = CONFIGS[name]
    rng = random.Random(7)
    state = g.setup(config)
    steps = 0
    # How fast they decide is measured in benchmarks/run.py, not asserted here.
    while (mover := g.to_move(state)) is not None:
        if mover == CHANCE:
            action = sample_outcome(g.chance_outcomes(state), rng)
        else:
            action = bots.choose(g, state, level, rng)
        state = g.apply(state, action)
        steps += 1
        assert steps < MAX_ACTIONS
    assert g.result(state).finished


def test_the_generic_greedy_bot_uses_evaluate():
    """At every decision the generic greedy bot picks an action whose
    one-step value (the game's ``evaluate``, chance taken as its expectation)
    is the best there is; and values differ often enough that this says
    something (a bot choosing at random would be caught)."""
    config = CONFIGS["2p"]
    rng = random.Random(3)
    state = g.setup(config)
    steps = told_apart = 0
    while (mover := g.to_move(state)) is not None and steps < 300:
        if mover == CHANCE:
            action = sample_outcome(g.chance_outcomes(state), rng)
        else:
            action = bots.greedy_action(g, state, rng)
            actions = g.legal_actions(state)
            values = [bots._expected_value(g, g.apply(state, other), mover) for other in actions]
            assert values[actions.index(action)] >= max(values) - 1e-9, (action, values)
            told_apart += max(values) - min(values) > 1e-9
        state = g.apply(state, action)
        steps += 1
    assert told_apart >= 10
