"""Issue 46.4: the public view, what a spectator of a shared table sees.

``view(state, PUBLIC)`` (rules.core.PUBLIC: the eyes of nobody seated) is
each game's public view. Over a seeded random game of every game and
variant, in digital play and table mode:

- it knows nothing a seat does not: the public view of any seat's view is
  the public view itself, so it holds no card that any one seat cannot see;
- whatever it hides, swapped consistently (two hidden cards of one pile or
  hand exchanged in the full state), leaves the public view, its scene
  (what the boards draw) and its score as they were.
"""

from __future__ import annotations

import random

import pytest
from castletui.rules import registry
from castletui.rules.core import PUBLIC, screen

from tests.playing import case_id, variants
from tests.rules.hidden_swaps import hidden_cards, swapped
from tests.rules.test_screen_hooks_on_view import seeded_states

CASES = variants(modes=("digital", "table"))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_public_view_knows_nothing_that_any_seat_does_not(case):
    game_id, config = case
    game = registry.get(game_id)
    for ply, state in enumerate(seeded_states(game, config, 11)):
        public = game.view(state, PUBLIC)
        assert game.view(public, PUBLIC) == public, f"{game_id} ply {ply}: the public view seen again"
        for seat in range(config.seats):
            assert game.view(game.view(state, seat), PUBLIC) == public, (
                f"{game_id} ply {ply}: the public view holds what seat {seat} cannot see"
            )


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_what_the_public_view_hides_swapped_changes_nothing_a_spectator_sees(case):
    game_id, config = case
    game = registry.get(game_id)
    rng = random.Random(5)
    swaps = 0
    for ply, state in enumerate(seeded_states(game, config, 12)):
        if ply % 3:
            continue
        public = game.view(state, PUBLIC)
        scene = screen.scene(game, public, PUBLIC)
        standing = game.result(public)
        hidden = hidden_cards(game, state, PUBLIC)
        pairs = [
            (first, second)
            for index, first in enumerate(hidden)
            for second in hidden[index + 1 :]
            if first[1] != second[1] and first[0][:-1] == second[0][:-1]
        ]
        for (first, one), (second, other) in rng.sample(pairs, min(3, len(pairs))):
            other_state = swapped(game, state, first, second)
            where = f"{game_id} ply {ply}: {one} at {first} <-> {other} at {second}"
            seen = game.view(other_state, PUBLIC)
            assert seen == public, f"the public view shows the swap: {where}"
            assert screen.scene(game, seen, PUBLIC) == scene, f"the public scene shows the swap: {where}"
            assert game.result(seen) == standing, f"the public score shows the swap: {where}"
            swaps += 1
    if game_id != "castle-raisers" and config.mode == "digital":
        # Castle Raisers hides nothing (its view is the state); at a real
        # table a hand may hold only cards nobody named yet.
        assert swaps, f"{game_id}: no hidden card was swapped"
