"""Issue 47.3: the luck ledger's production row (rules/core/review.py
``production_ledger`` over the game's ``produced`` hook): A Game of Thrones
Catan's resources from the dice against the expectation from the numbers
of each player's settlements and keeps, through a seat's eyes reading
nothing it could not see."""

import random

import castletui.rules.got_catan as game
import pytest
from castletui.rules.core import CHANCE, chance_rng, sample_outcome
from castletui.rules.core.bots import choose
from castletui.rules.core.review import Produced, production_ledger
from castletui.rules.got_catan.edition import RESOURCES
from castletui.rules.got_catan.state import Dice, Roll

from tests.rules.got_catan.helpers import config, corner, run, table
from tests.rules.hidden_swaps import hidden_cards, swapped

RED, BLUE = 0, 1


def test_one_roll_against_the_odds_of_the_numbers():
    """Red: a keep on a borderland corner of the fields under the 4 (that
    hex alone). Rulebook, "Producing Resources": a keep collects 2 cards of
    a hex showing the roll; a 4 is 3 ways in 36, so Red expected 2 x 3/36
    cards from a roll, and a 4 gave 2. Blue holds 8 cards and nothing on
    the board: nothing to collect, but a 7 (6 ways in 36) takes back 4."""
    waiting = run(
        table(
            terrain={"r2c1": "fields"},
            keeps={RED: [corner(4, "r2c1", "S")]},
            hands={BLUE: ["ore"] * 8},
            rolled=False,
        ),
        Roll(),
    )
    states = [waiting, game.apply(waiting, Dice(4))]
    red, blue = production_ledger(game, states, [Dice(4)], [RED, BLUE], None)
    assert red == Produced(RED, 1, 2, pytest.approx(2 * 3 / 36), 0, 0.0)
    assert blue == Produced(BLUE, 1, 0, 0.0, 0, pytest.approx(4 * 6 / 36))
    (seven,) = production_ledger(game, [waiting, game.apply(waiting, Dice(7))], [Dice(7)], [BLUE], BLUE)
    assert (seven.got, seven.lost) == (0, 4)
    assert production_ledger(game, states, [Dice(4)], [2], None) == []  # nothing to gain or lose for seat 2


def played(seed: int, plies: int) -> tuple[list, list]:
    rng = random.Random(seed)
    states, actions = [game.setup(config(3))], []
    for ply in range(plies):
        state = states[-1]
        if game.to_move(state) is None:
            break
        if game.to_move(state) == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = choose(game, state, "normal", rng)
        actions.append(action)
        states.append(game.apply(state, action))
    return states, actions


def hidden_cards_swapped(state, seat: int, rng: random.Random, swaps: int = 4):
    """``state`` with a few cards hidden from ``seat`` swapped with others
    of their kind (a resource, a development card) hidden from it too (its
    view checked unchanged)."""
    seen = game.view(state, seat)
    hidden = hidden_cards(game, state, seat)
    for path, card in rng.sample(hidden, min(swaps, len(hidden))):
        others = [
            other for other, name in hidden if name != card and (name in RESOURCES) == (card in RESOURCES)
        ]
        if others:
            state = swapped(game, state, path, rng.choice(others))
            hidden = hidden_cards(game, state, seat)
    assert game.view(state, seat) == seen
    return state


def test_a_seats_production_ledger_reads_nothing_it_could_not_see():
    states, actions = played(seed=3, plies=220)
    rolls = [ply for ply, action in enumerate(actions) if isinstance(action, Dice)]
    assert len(rolls) > 10
    rng = random.Random(4)
    seat = 2
    others = list(states)
    for ply in rolls:  # the states the ledger reads: each waiting for the dice
        others[ply] = hidden_cards_swapped(states[ply], seat, rng)
    assert others != states
    ledger = production_ledger(game, states, actions, [0, 1, 2], seat)
    assert len(ledger) == 3 and all(entry.got >= 0 and entry.expected >= 0 for entry in ledger)
    assert production_ledger(game, others, actions, [0, 1, 2], seat) == ledger
