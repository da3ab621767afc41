"""Issue 47: a review sees a decision only as its seat saw it. Every card
hidden from the seat (the other's hand, the decks) is swapped with another
of its deck also hidden from it: the seat's view stays the same, and so
does the review of its decisions, of the chance steps and of its luck."""

import random

import castletui.rules.castlecards as game
from castletui.rules.castlecards.edition import DECK
from castletui.rules.core import CHANCE, chance_rng, sample_outcome
from castletui.rules.core.bots import choose
from castletui.rules.core.review import hooks_at, luck_ledger, review_decision, review_position

from tests.rules.castlecards.helpers import config
from tests.rules.hidden_swaps import hidden_cards, swapped

SEAT = 0


def played(seed: int, plies: int) -> tuple[list, list]:
    """A seeded game of normal bots: its states and actions."""
    rng = random.Random(seed)
    states, actions = [game.setup(config(2))], []
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


def every_hidden_card_swapped(state, rng: random.Random):
    """``state`` with each card hidden from SEAT swapped with another of its
    deck hidden from it too (the view checked after every swap)."""
    seen = game.view(state, SEAT)
    for path, card in hidden_cards(game, state, SEAT):
        others = [
            other
            for other, name in hidden_cards(game, state, SEAT)
            if name != card and DECK.get(name, name) == DECK.get(card, card)
        ]
        if others and path in dict(hidden_cards(game, state, SEAT)):
            state = swapped(game, state, path, rng.choice(others))
            assert game.view(state, SEAT) == seen
    return state


def test_the_review_of_a_seat_is_the_same_whatever_it_could_not_see():
    states, actions = played(seed=5, plies=90)
    rng = random.Random(1)
    decisions = [ply for ply in range(1, len(states)) if game.to_move(states[ply - 1]) == SEAT]
    reviewed = 0
    for ply in decisions[::4]:
        state = states[ply - 1]
        other = every_hidden_card_swapped(state, rng)
        assert other != state
        original = review_decision(game, state, actions[ply - 1], ply, rounds=6)
        assert review_decision(game, other, actions[ply - 1], ply, rounds=6) == original
        reviewed += original is not None
    assert reviewed >= 3
    hooks = hooks_at(game, game.view(states[decisions[0] - 1], SEAT), SEAT)
    chance = [ply for ply in range(1, len(states)) if game.to_move(states[ply - 1]) == CHANCE]
    for ply in chance[::6]:
        other = every_hidden_card_swapped(states[ply], rng)
        assert review_position(game, other, SEAT, hooks, ply, 4) == review_position(
            game, states[ply], SEAT, hooks, ply, 4
        )


def test_the_luck_of_a_seat_reads_only_the_chance_it_could_see():
    states, actions = played(seed=6, plies=30)
    rng = random.Random(2)
    others = [every_hidden_card_swapped(state, rng) for state in states]
    assert luck_ledger(game, others, actions, [SEAT], SEAT) == luck_ledger(
        game, states, actions, [SEAT], SEAT
    )
