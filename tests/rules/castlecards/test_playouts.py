"""Castlecards seeded playouts to the end: random play and bots for 2, 3 and
4 players. Every step checks the protocol: probabilities sum to 1, apply
never mutates its input, every listed action is accepted, the 110 cards are
all somewhere, log lines and labels never fail, and games end."""

import castletui.rules.castlecards as game
import msgspec
import pytest
from castletui.rules.castlecards.state import Confirm
from castletui.rules.core import CHANCE, IllegalAction, bots, replay

from tests.rules.castlecards.helpers import ALL_CARDS, cards_in_play, config, random_playout

SEATS = [2, 3, 4]
_encode = msgspec.json.Encoder(order="deterministic").encode


def _checks(every: int = 7):
    def check(state, action, ply):
        before = _encode(state)
        seat = game.to_move(state)
        if seat == CHANCE:
            outcomes = game.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert action in [a for a, _ in outcomes]
        else:
            legal = game.legal_actions(state)
            assert legal and action in legal
            if ply % every == 0:
                for other in legal:  # every listed action is accepted
                    game.apply(state, other)
                    game.label(state, other)
            viewed = game.view(state, seat)
            assert viewed.players[seat].hand == state.players[seat].hand
            assert game.legal_actions(viewed) == legal  # the screens may work from the view
            game.describe(viewed, action)
        game.describe(state, action)
        after = game.apply(state, action)
        assert _encode(state) == before, "apply mutated its input"
        assert cards_in_play(after) == ALL_CARDS
        if ply % 50 == 0:
            assert msgspec.json.decode(msgspec.json.encode(after), type=game.State) == after

    return check


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("seed", range(6))
def test_random_playout_reaches_the_end(seats, seed):
    state, plies = random_playout(seats, seed, check=_checks())
    assert game.to_move(state) is None
    result = game.result(state)
    assert result.finished and len(result.winners) == 1
    assert not state.players[result.winners[0]].out
    assert plies < 3000


@pytest.mark.parametrize("seats", SEATS)
def test_many_quick_random_playouts_end(seats):
    for seed in range(100, 140):
        state, plies = random_playout(seats, seed)
        assert state.ended_by == "castle"


def test_replaying_the_actions_rebuilds_the_same_state():
    actions = []

    def record(state, action, ply):
        actions.append(action)

    final, _ = random_playout(3, 7, check=record)
    assert replay(game, config(3), actions) == final


def _bot(levels):
    def choose(state, rng):
        seat = game.to_move(state)
        action = bots.choose(game, state, levels[seat], rng)
        assert action in game.legal_actions(state)
        return action

    return choose


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("seed", range(4))
def test_bot_games_reach_the_end(seats, seed):
    levels = ["easy", "normal", "hard", "normal"][:seats]
    state, plies = random_playout(seats, seed, chooser=_bot(levels))
    assert game.result(state).finished


def test_the_normal_bot_beats_random_play():
    wins = 0
    for seed in range(20):
        levels = {0: "normal"}

        def choose(state, rng, levels=levels):
            seat = game.to_move(state)
            if seat in levels:
                return bots.choose(game, state, levels[seat], rng)
            return rng.choice(game.legal_actions(state))

        state, _ = random_playout(2, 500 + seed, chooser=choose)
        wins += game.result(state).winners == (0,)
    assert wins >= 15


def test_evaluate_prefers_standing_walls():
    from tests.rules.castlecards.helpers import table

    even = table(2)
    worse = table(2, walls={0: 1})
    assert game.evaluate(worse, 0) < game.evaluate(even, 0)
    assert game.evaluate(worse, 1) > game.evaluate(even, 1)


def test_bots_refuse_nothing_they_are_offered_at_every_decision_kind():
    """Drive 2-4 player games with the bot on every seat and random easy play
    mixed in; any illegal bot choice raises."""
    for seats in SEATS:
        state, _ = random_playout(seats, 99, chooser=_bot(["easy"] * seats))
        assert game.result(state).finished


def test_apply_refuses_an_action_after_the_end():
    state, _ = random_playout(2, 1)
    with pytest.raises(IllegalAction):
        game.apply(state, Confirm())
