"""Castle Raisers' hard co-op bot: how much search each decision gets, and how far its playouts go."""

from __future__ import annotations

import random

import castletui.rules.castle_raisers as game
import pytest
from castletui.rules.castle_raisers.bots import search
from castletui.rules.castle_raisers.flow import AGES, ROUNDS_PER_AGE
from castletui.rules.core import CHANCE, Config, bots, chance_rng, sample_outcome
from castletui.rules.core.bots import thinking_time
from castletui.rules.core.search import work_budget

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
            action = bots.choose(game, state, "normal", rng)
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


def _counting_playouts(monkeypatch) -> list[int]:
    """Count the playouts the search plays from here on."""
    played = [0]
    real = search.playout

    def counted(*args, **kwargs):
        played[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(search, "playout", counted)
    return played


@pytest.mark.parametrize("budget", [7, 20])
def test_a_work_budget_is_the_playouts_a_decision_plays(budget, monkeypatch):
    """Tests and benchmarks give work, not time (issue 30): under ``work_budget(n)`` a draft
    plays n playouts (at least one draw for each candidate), so a seeded game plays the same
    on every machine and a benchmark can give what the app's thinking time buys."""
    state = first_draft("cooperative", 3, seed=3)
    played = _counting_playouts(monkeypatch)
    with work_budget(budget):
        search.search_placement(state, game.to_move(state), random.Random(0))
    assert played[0] == budget


def test_a_thinking_time_is_planned_from_the_first_draw():
    """With a thinking time the halving is planned from how long the first draw took: the
    first draw of 5 candidates took 0.1 s (20 ms a playout) of the 0.2 s a third of the time
    used, so 90% of the 0.4 s left hold 18 more playouts: 23 spread over the rounds."""
    sizes = search.halving_sizes(5)
    assert sizes == [5, 2]
    batches = search.timed_batches(0.0, 0.1, 0.2, 1 / 3, 5, sizes)
    assert batches == search.planned_batches(5 + 18, sizes) == [3, 4]
    assert search.timed_batches(0.0, 0.1, 0.6, 1.0, 5, sizes) == [1, 1]


def test_planned_batches_give_what_is_left_over_to_the_finalists():
    """34 playouts over 5 candidates halving to 2: 4 draws each in both rounds (28), and
    the 6 left over go to the two finalists (3 more draws each): all 34 are played."""
    assert search.planned_batches(34, [5, 2]) == [4, 7]
    assert search.planned_batches(3, [5, 2]) == [1, 1]


def test_without_budget_or_time_a_decision_plays_its_own_work(monkeypatch):
    """Neither a budget nor a thinking time: the search's own work (PLAYOUT_WORK), the same as before."""
    state = first_draft("cooperative", 3, seed=3)
    played = _counting_playouts(monkeypatch)
    with work_budget(None):
        search.search_placement(state, game.to_move(state), random.Random(0))
    per_round = search.playouts_per_round(state)
    assert played[0] == per_round * sum(search.halving_sizes(search.CANDIDATES))


def test_a_thinking_time_used_up_plays_the_estimates_choice_after_one_playout(monkeypatch):
    """The clock is asked in the first draw too: on a machine so busy that the time is up
    after one playout, the candidate the estimate likes best is played at once (a tile
    choice took seconds of wall time when every candidate had to be played out first)."""
    state = first_draft("cooperative", 3, seed=3)
    played = _counting_playouts(monkeypatch)
    with work_budget(None), thinking_time(0.0):
        choice = search.search_placement(state, game.to_move(state), random.Random(0))
    assert played[0] == 1
    assert choice == search._candidates(state, game.to_move(state))[0]


def _first_line_pick(seats: int, seed: int):
    """A seeded game of level-normal bots up to its first End of Age line pick."""
    state = game.setup(Config("cooperative", seats))
    rng, ply = random.Random(seed), 0
    while game.to_move(state) == CHANCE or state.pending[-1].kind != "pick_line":
        if game.to_move(state) == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = bots.choose(game, state, "normal", rng)
        state = game.apply(state, action)
        ply += 1
    return state


@pytest.mark.parametrize("seats", [3, 4])
def test_a_team_of_three_or_four_plays_out_its_line_picks(seats, monkeypatch):
    """Looking one step ahead, each player took the line best for the team now, whatever it
    left the players still to pick: the hard bot plays the picks out (a legal line)."""
    state = _first_line_pick(seats, seed=seats)
    asked = []
    real = search.search_line
    monkeypatch.setattr(search, "search_line", lambda *args: asked.append(args) or real(*args))
    action = bots.choose(game, state, "hard", random.Random(0))
    assert asked and action in game.legal_actions(state)


def test_a_team_of_two_picks_its_lines_one_step_ahead(monkeypatch):
    """2 players keep the one-step line pick (their playouts run to Game End)."""
    state = _first_line_pick(2, seed=2)
    monkeypatch.setattr(search, "search_line", lambda *args: pytest.fail("searched"))
    assert bots.choose(game, state, "hard", random.Random(0)) in game.legal_actions(state)


class _Clock:
    """A clock for the search alone that moves 10 ms every time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 0.01
        return self.now


def test_no_playout_is_begun_that_the_time_left_cannot_hold(monkeypatch):
    """The clock stops the search after the playout that crossed it, so a player waits that
    much longer: with 1% of the thinking time left, shorter than a playout has taken, the
    search stops after the first one instead of playing the rest of its draw."""
    state = first_draft("cooperative", 3, seed=3)
    monkeypatch.setattr(search, "time", _Clock())
    monkeypatch.setattr(search, "time_used", lambda: 0.99)
    played = _counting_playouts(monkeypatch)
    with work_budget(None), thinking_time(60.0):
        search.search_placement(state, game.to_move(state), random.Random(0))
    assert played[0] == 1
