"""The bots in Brotherhood of the Watch: every level plays seeded games to
the end; the planner defends the section in danger, sends back a wildling
about to breach, and flips its hero before swapping it
(benchmarks/got_catan.py --variant brotherhood --watch-games N measures how
games end and the win rate against the base game's plans)."""

import random

import castletui.rules.got_catan as game
from castletui.rules.core import CHANCE, Config, bots, chance_rng, sample_outcome
from castletui.rules.core.bots import choose
from castletui.rules.got_catan.bots.planner import planned_action
from castletui.rules.got_catan.brotherhood.bots import danger
from castletui.rules.got_catan.state import BuildGuard, ClearNorth, FlipHero, PlaceGuard, Step
from msgspec.structs import replace

from .helpers import table


def _game(levels, seed, watchers=None):
    state = game.setup(Config("brotherhood", len(levels)))
    rng = random.Random(seed)
    ply = 0
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        elif watchers is not None:
            action = planned_action(state, rng, watch=seat in watchers)
        else:
            action = choose(game, state, levels[seat], rng)
        assert action in game.legal_actions(state)
        state = game.apply(state, action)
        ply += 1
        assert ply < 20_000
    return state


def test_every_level_plays_brotherhood_to_the_end():
    state = _game(["random", "normal", "hard", "normal"], seed=3)
    assert game.result(state).finished and state.ended_by in ("points", "breach", "gift")


def test_the_greedy_bot_plays_brotherhood_to_the_end():
    state = _game(["easy", "normal", "easy"], seed=5)
    assert game.result(state).finished


def _wall_in_danger():
    state = table(variant="brotherhood", hands={0: ["brick", "lumber", "wool"] * 2})
    # Two regulars wait at 3/4 against 2 guards; the cave people have a regular in camp 1.
    return replace(
        state,
        wall=((1,), (1, 2), (), ()),
        clearings=((), ("regular", "regular"), (), ()),
        camps=((), ("regular",), ()),
        frostfangs=(8, 8, 21),
    )


def test_the_planner_reads_the_danger_at_each_section():
    threat = danger(_wall_in_danger())
    assert threat[1] > 0.1 and threat[1] == max(threat)


def test_the_planner_guards_the_section_in_danger():
    state = _wall_in_danger()
    assert bots.choose(game, state, "normal", random.Random(1)) == BuildGuard(1)
    # The base game's plans alone never build a guard.
    assert not isinstance(planned_action(state, random.Random(1), watch=False), BuildGuard)


def test_the_planner_with_benjen_sends_back_the_wildling_about_to_breach():
    state = _wall_in_danger()
    player = replace(state.players[0], hero="benjen", hero_since=0, hand=())
    state = replace(state, players=(player,) + state.players[1:])
    action = bots.choose(game, state, "normal", random.Random(1))
    assert isinstance(action, ClearNorth)
    assert action.clearing == 1 or (action.clan == 1 and action.slot == 0)


def test_the_planner_places_its_set_up_guard_and_flips_its_hero_first():
    state = replace(_wall_in_danger(), pending=(Step("place-guard", seat=0),))
    assert bots.choose(game, state, "normal", random.Random(1)) == PlaceGuard(1)
    state = replace(state, pending=(Step("hero-after", seat=0),))
    assert bots.choose(game, state, "normal", random.Random(1)) == FlipHero()


def test_the_wall_defender_beats_base_plan_planners():
    """A planner that defends the Wall against three that play the base
    game's plans alone: the base plans let the Wall fall, and the defender
    holds the most guards when it does."""
    wins = sum(seed % 4 in game.result(_game([""] * 4, 40 + seed, {seed % 4})).winners for seed in range(12))
    assert wins >= 6  # an even table would give 3 of 12
