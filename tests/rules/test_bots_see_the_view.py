"""Issue 44 item 9: a bot decides from its seat's view, never the state.

``bots.choose`` hands a game's ``bot_action(view, seat, level, rng)`` the
seat's view alone (``bots.seat_view``). Proved by swapping: along seeded
random games of every game, variant and mode, a card hidden from the seat
to move is swapped with another of its kind hidden from it
(tests/rules/hidden_swaps.py); the view does not change, and neither may
any level's choice. Before, A Game of Thrones Catan's easy bot looked one
step ahead over the real development deck and the real hand it robbed, and
its choice followed a swap.

In table mode too: a table-mode view carries the unseen pool as counts
(issue 44 item 3), so the view lists the seat's own options and the bot
needs nothing more.
"""

from __future__ import annotations

import random

import pytest
from castletui.rules import registry
from castletui.rules.castlecards.edition import DECK
from castletui.rules.core import CHANCE, bots, chance_rng, sample_outcome
from castletui.rules.core.search import work_budget
from castletui.rules.got_catan.edition import RESOURCES

from tests.playing import case_id, variants
from tests.rules.hidden_swaps import hidden_cards, swapped

KINDS = {
    "castlecards": lambda card: DECK.get(card, card),
    "catapult-castle": lambda card: "card",
    "got-catan": lambda card: "resource" if card in RESOURCES else "development",
}
"""What may lie where a hidden card lies: a card of the same kind (as each
game's own swap test says, tests/rules/<game>/test_hidden_swaps.py).
Castle Raisers hides nothing: its view is the state."""

CASES = [case for case in variants(list(KINDS), modes=("digital", "table"))]

ROUNDS = 3
"""The hard bot's work budget here: enough to deal worlds and duel."""


def _positions(game, config, seed: int, every: int, plies: int = 300):
    """(state, seat) along a seeded random game, every ``every``-th decision
    of a seat with more than one choice."""
    rng = random.Random(seed)
    state = game.setup(config)
    decisions = 0
    for ply in range(plies):
        seat = game.to_move(state)
        if seat is None:
            return
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            actions = game.legal_actions(state)
            if len(actions) > 1:
                decisions += 1
                if decisions % every == 0:
                    yield state, seat
            action = rng.choice(actions)
        state = game.apply(state, action)


def _choice(game, state, level: str, seed: str):
    with work_budget(ROUNDS):
        return bots.choose(game, state, level, random.Random(seed))


@pytest.mark.parametrize("case", CASES, ids=[case_id(case) for case in CASES])
def test_a_bots_choice_does_not_follow_a_card_hidden_from_it(case):
    game_id, config = case
    game = registry.get(game_id)
    kind = KINDS[game_id]
    swaps = swappable = 0
    for index, (state, seat) in enumerate(_positions(game, config, seed=config.seats, every=4)):
        assert bots.seat_view(game, state, seat) == game.view(state, seat)
        hidden = hidden_cards(game, state, seat)
        pairs = [
            (first, second)
            for number, first in enumerate(hidden)
            for second in hidden[number + 1 :]
            if first[1] != second[1] and kind(first[1]) == kind(second[1])
        ]
        swappable += bool(pairs)
        if not pairs:
            continue
        pick = random.Random(index)
        seen = game.view(state, seat)
        for (first, one), (second, other) in pick.sample(pairs, min(2, len(pairs))):
            other_state = swapped(game, state, first, second)
            assert game.view(other_state, seat) == seen
            # The hard bot searches at every third position: it is the slowest.
            levels = bots.LEVELS if index % 3 == 0 else bots.LEVELS[:3]
            for level in levels:
                where = f"seat {seat}, {level}: {one} at {first} <-> {other} at {second}"
                chosen = _choice(game, state, level, f"{index}:{level}")
                assert _choice(game, other_state, level, f"{index}:{level}") == chosen, where
            swaps += 1
    # Where anything could be swapped, it was (a table mode's unnamed cards cannot be).
    assert swaps > 0 or not swappable


def test_a_games_bot_is_handed_the_view_and_the_seat(monkeypatch):
    """The hook's arguments: the seat's view, the seat, the level, the rng."""
    game = registry.get("got-catan")
    config = next(config for game_id, config in CASES if game_id == "got-catan")
    state, seat = next(_positions(game, config, seed=1, every=3))
    given = []
    real = game.bot_action

    def spy(*args):
        given.append(args[:3])
        return real(*args)

    monkeypatch.setattr(game, "bot_action", spy)
    bots.choose(game, state, "normal", random.Random(0))
    assert given == [(game.view(state, seat), seat, "normal")]
