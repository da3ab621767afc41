"""Castle Raisers' hard co-op bot: how much search each decision gets, and how far its playouts go."""

from __future__ import annotations

import castletui.rules.castle_raisers as game
import pytest
from castletui.rules.castle_raisers.bots import search
from castletui.rules.castle_raisers.flow import AGES, ROUNDS_PER_AGE
from castletui.rules.core import Config

from tests.rules.castle_raisers.helpers import first_draft, replace


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_a_late_decision_gets_at_least_as_many_playouts_as_an_early_one(seats):
    """The budget is work, not a count: the last tile's playouts are short, so it gets
    more of them than the first tile's (or as many, at the cap), within the bounds."""
    state = game.setup(Config("solo" if seats == 1 else "cooperative", seats))
    first = replace(state, age=1, round=1)
    last = replace(state, age=AGES, round=ROUNDS_PER_AGE)
    early, late = search.playouts_per_round(first), search.playouts_per_round(last)
    assert search.PLAYOUTS_MIN_BY_SEATS[seats - 1] <= early <= late <= search.PLAYOUTS_MAX
    assert late > early or late == search.PLAYOUTS_MAX


def test_solo_first_draft_gets_the_measured_four_playouts_a_round():
    """Solo's first draft gets 4 playouts a round of the halving (work 48 over 12 turns):
    the budget that keeps a draft under 300 ms, measured as strong as 6 (search.PLAYOUT_WORK)."""
    state = replace(game.setup(Config("solo", 1)), age=1, round=1)
    assert search.playouts_per_round(state) == 4


@pytest.mark.parametrize("seats", [1, 2])
def test_solo_and_two_players_play_their_playouts_to_game_end(seats):
    """Cut at the next age, a 2-player team's playouts won fewer games (10 of seeds 0-59
    against 18): solo and 2 players play on to Game End (three ages)."""
    assert search.HORIZON_BY_SEATS[seats - 1] >= AGES


@pytest.mark.parametrize("seats", [3, 4])
def test_three_and_four_players_cut_their_playouts_at_the_next_age_and_take_more_of_them(seats):
    """A 3-4 player playout to Game End is so long that every early decision got 2 playouts a
    candidate; cut at the next age, the first draft gets the team size's larger minimum."""
    assert search.HORIZON_BY_SEATS[seats - 1] == 1
    state = game.setup(Config("cooperative", seats))
    first = replace(state, age=1, round=1)
    assert search.playouts_per_round(first) == search.PLAYOUTS_MIN_BY_SEATS[seats - 1] >= 4


def test_a_tile_covering_two_icons_is_worth_both_before_their_order_is_chosen():
    """Two icons covered leave the order to choose: the estimate valued that step at
    nothing, so to the playouts (which judge a placement with its effects pending) a tile
    covering two icons looked worse than one covering one. It is worth what both icons
    fire, as much as once the order is chosen (seeded solo game, every such placement)."""
    import random

    from castletui.rules.castle_raisers.bots import coop
    from castletui.rules.core import CHANCE, chance_rng, sample_outcome

    state = game.setup(Config("solo", 1))
    rng, ply, checked = random.Random(0), 0, 0
    while (seat := game.to_move(state)) is not None and checked < 40:
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(0, ply))
        else:
            if state.pending[-1].kind == "place":
                for slot in game.legal_actions(state):
                    placed = game.apply(state, slot)
                    if placed.pending[-1].kind != "order":
                        continue
                    before = coop.castle_estimate(placed, 0, *coop._incoming(placed))
                    for first in game.legal_actions(placed):
                        chosen = game.apply(placed, first)
                        assert coop.castle_estimate(chosen, 0, *coop._incoming(chosen)) == pytest.approx(
                            before
                        )
                        checked += 1
            action = game.bot_action(state, "normal", rng)
        state = game.apply(state, action)
        ply += 1
    assert checked >= 20


@pytest.mark.parametrize("seats", [1, 3])
def test_a_playout_places_its_drafted_tile_where_the_quick_policy_would(seats):
    """The playout's draft already weighed every slot for the tile it takes, so the
    placement that follows reuses that slot: the game played out is exactly the one
    quick_action plays step by step, with the same draws."""
    import random

    start = first_draft("solo" if seats == 1 else "cooperative", seats, seed=seats)
    for seed in range(2):
        stepwise, rng = start, random.Random(seed)
        while game.to_move(stepwise) is not None:
            stepwise = game.apply(stepwise, search.quick_action(stepwise, rng))
        assert search.playout(start, random.Random(seed)) == stepwise
