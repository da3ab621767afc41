"""The hard bots' search asks its clock often enough to stop on time
(issue 43, item 10): at every ply of a round, not only between rounds
(a round of a few dozen plies took up to a third of a second, so a hard
bot overshot its thinking time by that much), and plays no further ply
once the time is up. Counted in plies between two looks at the clock, never
timed: the clock is a counter that says the time is up at its 300th look."""

from __future__ import annotations

import dataclasses
import random

import pytest
from castletui.rules import registry
from castletui.rules.core import CHANCE, Config, bots, chance_rng, sample_outcome, search

TABLES = [
    ("castlecards", "two-player", 2),
    ("catapult-castle", "standard", 2),
    ("castle-raisers", "competitive", 3),
    ("got-catan", "base", 4),
]


def a_decision(game, variant: str, seats: int, plies: int = 40):
    """A state some plies into a seeded game of normal bots where the seat
    to move has more than one choice."""
    state = game.setup(Config(variant, seats))
    ply = 0
    while True:
        seat = game.to_move(state)
        assert seat is not None, "the game ended before a decision"
        if seat == CHANCE:
            state = game.apply(state, sample_outcome(game.chance_outcomes(state), chance_rng(1, ply)))
        elif ply >= plies and len(game.legal_actions(state)) > 1:
            return state
        else:
            state = game.apply(state, bots.choose(game, state, "normal", random.Random(ply)))
        ply += 1


@pytest.mark.parametrize(("game_id", "variant", "seats"), TABLES)
def test_a_timed_search_looks_at_its_clock_at_every_ply_and_stops_when_told(
    monkeypatch, game_id, variant, seats
):
    game = registry.get(game_id)
    state = a_decision(game, variant, seats)
    plies: list[int] = [0]
    looks: list[int] = []  # plies played by each look at the clock

    def clock() -> bool:
        looks.append(plies[0])
        return len(looks) >= 300

    searching = search.search_action

    def counting(hooks, seen, seat, rng):
        apply = hooks.game.apply

        def counted(state, action):
            plies[0] += 1
            return apply(state, action)

        rules = dataclasses.replace(hooks.game, apply=counted)
        return searching(dataclasses.replace(hooks, game=rules), seen, seat, rng)

    monkeypatch.setattr(search, "time_up", clock)
    monkeypatch.setattr(search, "search_action", counting)
    with search.work_budget(None):  # the app's way: a thinking time, no work budget
        bots.choose(game, state, "hard", random.Random(0), think_for=3600.0)
    assert len(looks) >= 300, "the search went on until the clock said stop"
    gaps = [later - earlier for earlier, later in zip(looks, looks[1:], strict=False)]
    assert max(gaps) <= 1, "a ply at most between two looks"
    assert plies[0] == looks[299], "no ply once the time was up"
