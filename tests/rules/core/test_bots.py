"""The generic bots of rules/core/bots.py, on the toy dice game and the real games."""

from __future__ import annotations

import random

import pytest
from castletui.rules import registry
from castletui.rules.core import CHANCE, Config, bots

from tests.rules.bot_games import bot_game
from tests.toy_game import Hold, Roll, State


def test_random_bot_only_plays_legal_actions(pig):
    state = pig.setup(Config("standard", 2))
    for seed in range(20):
        assert bots.random_action(pig, state, random.Random(seed)) in pig.legal_actions(state)


def test_greedy_bot_holds_a_winning_total(pig):
    """18 points banked and 3 on the table: holding wins (21 >= 20), rolling risks a 1."""
    state = State(seats=2, target=20, scores=(18, 5), turn_total=3)
    assert bots.greedy_action(pig, state, random.Random(0)) == Hold()


def test_greedy_bot_weighs_the_chance_that_follows(pig):
    """Nothing on the table: only rolling is legal, and the bot rolls."""
    state = State(seats=2, target=20, scores=(0, 0))
    assert bots.greedy_action(pig, state, random.Random(0)) == Roll()


def test_every_level_chooses_an_action_the_rules_accept():
    """A game's own bot may choose beyond the listed actions (Catapult Castle
    aims with any accuracy); apply is the judge."""
    game = registry.get("catapult-castle")
    state = game.setup(Config("standard", 2))
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    assert bots.choose(game, state, "random", random.Random(1)) in game.legal_actions(state)
    for level in bots.LEVELS:
        game.apply(state, bots.choose(game, state, level, random.Random(1)))


@pytest.mark.slow
def test_every_game_bot_finishes_games_at_every_level():
    for game_id in registry.ids():
        game = registry.get(game_id)
        for variant in game.INFO.variants:
            seats = variant.min_seats
            state = game.setup(Config(variant.name, seats))
            rng = random.Random(7)
            for ply in range(20_000):
                seat = game.to_move(state)
                if seat is None:
                    break
                if seat == CHANCE:
                    action = game.chance_outcomes(state)[rng.randrange(len(game.chance_outcomes(state)))][0]
                else:
                    action = bots.choose(game, state, bots.LEVELS[(seat + ply) % len(bots.LEVELS)], rng)
                state = game.apply(state, action)
            assert game.to_move(state) is None, f"{game_id} {variant.name} did not finish"


RANDOM_GAME_BOUNDS = {
    # game: (turns, plies) that seeded games of random bots end within. Measured over
    # 50 seeds at the fewest and the most seats of every variant (issue 32.7), the
    # longest games took: Catapult Castle 105 turns / 310 plies; Castle Raisers
    # 83 / 479; Castlecards 370 / 1,471; A Game of Thrones Catan 585 turns begun
    # (set-up included) / 4,617 plies, where uniform play took up to 7,014 plies.
    "catapult-castle": (150, 500),
    "castle-raisers": (120, 700),
    "castlecards": (500, 2_000),
    "got-catan": (800, 5_000),
}


@pytest.mark.parametrize("game_id", sorted(RANDOM_GAME_BOUNDS))
def test_games_of_random_bots_end_within_a_bounded_number_of_turns(game_id):
    """A random bot never trades or builds in circles: every variant, at its
    fewest and most seats, ends within the game's bound in seeded games."""
    most_turns, most_plies = RANDOM_GAME_BOUNDS[game_id]
    for variant in registry.get(game_id).INFO.variants:
        for seats in sorted({variant.min_seats, variant.max_seats}):
            for seed in range(5):
                played = bot_game(game_id, variant.name, ["random"] * seats, seed, limit=most_plies)
                where = f"{variant.name}, {seats} seats, seed {seed}"
                assert played.over, f"{where}: still going after {played.plies} plies"
                assert played.turns <= most_turns, f"{where}: {played.turns} turns"
