"""Catapult Castle bots: their aim follows the level, their card play is sensible."""

from __future__ import annotations

import random
import statistics

import castletui.rules.catapult_castle as g
from castletui.rules.catapult_castle.bots.rule_of_thumb import bot_action as thumb
from castletui.rules.catapult_castle.edition import EXTRA_SHOT, MAGIC_TOSS, ROOF, STRONG_AMMO, square_index
from castletui.rules.catapult_castle.state import (
    TAKE_TOWER,
    Aim,
    Card,
    ChooseStart,
    GiveCard,
    Land,
    MoveTower,
    Pile,
    Place,
    PlayCard,
    Rearrange,
    Shoot,
    SkipExtraShot,
    Stack,
)
from castletui.rules.core import CHANCE, Config, bots
from msgspec.structs import replace

from tests.rules.bot_games import bot_game
from tests.rules.catapult_castle.helpers import with_hand, with_stacks


def ready(seats: int = 2, mode: str = "digital") -> g.State:
    state = g.apply(g.setup(Config("standard", seats, {}, mode)), ChooseStart(0))
    while g.to_move(state) == CHANCE:
        state = g.apply(state, g.chance_outcomes(state)[0][0])
    return state


def test_bot_accuracy_follows_its_level():
    """The rule-of-thumb bot's aim is its level (its ``hard`` aim is what the
    hard bot shoots with solo and at a real table; elsewhere the hard bot
    searches, aiming as normal does: tests/rules/test_hard_bots.py)."""
    state = ready()
    for level, low, high in (("easy", 32, 48), ("normal", 57, 73), ("hard", 78, 92)):
        rng = random.Random(level)
        aims = [thumb(state, level, rng) for _ in range(300)]
        assert all(isinstance(a, Aim) and 0 <= a.accuracy <= 100 for a in aims)
        assert low <= statistics.mean(a.accuracy for a in aims) <= high


def test_bot_roofs_its_own_tallest_stack():
    state = with_hand(ready(), 0, ROOF)
    state = with_stacks(state, {square_index(0, "left"): Stack((1, 0), (Card(0, EXTRA_SHOT),))})
    assert bots.choose(g, state, "normal", random.Random(1)) == PlayCard(ROOF, 0, "left")


def test_bot_plays_strong_ammo_against_a_stack_it_targets():
    state = with_hand(ready(), 0, STRONG_AMMO)
    state = with_stacks(
        state, {square_index(1, "inner"): Stack((0, 0, 0), (Card(1, EXTRA_SHOT), Card(1, ROOF)))}
    )
    assert thumb(state, "hard", random.Random(1)) == PlayCard(STRONG_AMMO)
    state = g.apply(state, PlayCard(STRONG_AMMO))
    action = thumb(state, "hard", random.Random(1))
    assert isinstance(action, Aim) and (action.mat, action.square) == (1, "inner")


def test_bot_plays_extra_shot_only_when_ammo_is_plentiful():
    state = with_hand(ready(), 0, EXTRA_SHOT)
    assert bots.choose(g, state, "normal", random.Random(1)) == PlayCard(EXTRA_SHOT)
    assert isinstance(bots.choose(g, replace(state, supply=3), "normal", random.Random(1)), Aim)


def _owed_an_extra_shot(state: g.State) -> g.State:
    """Seat 0 has taken the turn's shot and is owed one Extra Shot."""
    return replace(state, shot_taken=True, shots_left=1)


def test_bot_takes_the_extra_shot_it_is_owed():
    """Rulebook (seeds/001_1d99eed64508ff2e.txt), Extra Shot: "you may take an
    additional one". A miss costs nothing (the ammo comes back), so it shoots."""
    state = _owed_an_extra_shot(ready())
    for level in ("easy", "normal", "hard"):
        assert isinstance(bots.choose(g, state, level, random.Random(1)), Aim)


def test_bot_lets_the_extra_shot_go_when_a_hit_would_end_the_game_with_it_behind():
    """With the last ammo, a hit ends the game (Game End: no ammo left in the
    supply). Behind by three towers, the bot keeps the game going instead (behind
    by two, taking one of the leader's towers would tie and win on ammo)."""
    behind = with_stacks(ready(), {square_index(0, s): Stack() for s in ("left", "right", "outer")})
    state = _owed_an_extra_shot(replace(behind, supply=1))
    assert thumb(state, "hard", random.Random(1)) == SkipExtraShot()
    # In the lead, the same last ammo is worth shooting: a hit wins.
    ahead = with_stacks(ready(), {square_index(2, s): Stack() for s in ("left", "right")})
    state = _owed_an_extra_shot(replace(ahead, supply=1))
    assert isinstance(thumb(state, "hard", random.Random(1)), Aim)
    # With ammo to spare the game goes on after a hit: it shoots even when behind.
    state = _owed_an_extra_shot(behind)
    assert isinstance(thumb(state, "hard", random.Random(1)), Aim)


def test_bot_plays_magic_toss_for_a_far_target():
    state = with_hand(ready(), 0, MAGIC_TOSS)
    # only the far corner of the opposite mat is left to aim at
    empty = {square_index(m, s): Stack() for m in (1, 2, 3) for s in ("inner", "left", "right")}
    empty |= {square_index(1, "outer"): Stack(), square_index(3, "outer"): Stack()}
    state = with_stacks(state, empty)
    assert bots.choose(g, state, "normal", random.Random(1)) == PlayCard(MAGIC_TOSS)


def test_bot_prefers_the_stack_with_ammo_of_the_leader():
    state = ready(4)
    rich = square_index(2, "right")
    state = with_stacks(state, {rich: Stack((3,)), square_index(1, "outer"): Stack()})
    action = thumb(state, "hard", random.Random(2))
    assert isinstance(action, Aim) and square_index(action.mat, action.square) == rich


def test_bot_shoots_in_table_mode_and_places_and_gives_cards():
    assert bots.choose(g, ready(mode="table"), "easy", random.Random(0)) == Shoot()
    state = ready(mode="table")
    state = replace(state, decks=(Pile(), *state.decks[1:]), hands=((MAGIC_TOSS, ROOF), state.hands[1]))
    state = g.apply(g.apply(state, Shoot()), Land(1, "inner"))
    # The Magic Toss it will give up is worth less than a tower: it takes it.
    assert bots.choose(g, state, "normal", random.Random(0)) == TAKE_TOWER
    state = g.apply(state, TAKE_TOWER)
    place = bots.choose(g, state, "normal", random.Random(0))
    assert isinstance(place, Place)
    state = g.apply(state, place)
    assert bots.choose(g, state, "normal", random.Random(0)) == GiveCard(MAGIC_TOSS)


def test_solo_bot_builds_a_stack_for_strong_ammo_and_uses_it():
    state = g.setup(Config("solo", 1))
    rng = random.Random(4)
    assert thumb(state, "hard", rng) == Rearrange()
    state = g.apply(state, Rearrange())
    moves = 0
    while state.pending[-1].kind == "rearrange":
        action = thumb(state, "hard", rng)
        moves += isinstance(action, MoveTower)
        state = g.apply(state, action)
    assert max(len(stack.towers) for stack in state.stacks) == 3 and moves <= 16
    assert thumb(state, "hard", rng) == PlayCard(STRONG_AMMO)


def test_evaluate_prefers_more_towers_and_the_solo_score():
    state = ready()
    better = with_stacks(state, {square_index(2, "inner"): Stack()})
    assert g.evaluate(better, 0) > g.evaluate(state, 0) and g.evaluate(better, 1) < g.evaluate(state, 1)
    solo = g.setup(Config("solo", 1))
    assert g.evaluate(replace(solo, removed=3), 0) > g.evaluate(solo, 0)


def test_bots_finish_table_mode_games():
    """Issue 28.0: bots at a real table (the players say where each shot
    landed and what was drawn) end their games as in digital play."""
    for seed in range(4):
        for variant, seats in (("standard", 2), ("standard", 4), ("solo", 1)):
            levels = [("random", "easy", "normal", "hard")[(seed + seat) % 4] for seat in range(seats)]
            played = bot_game("catapult-castle", variant, levels, seed, mode="table", limit=3000)
            assert played.over, f"{variant} {levels} seed {seed} still going after {played.plies} plies"
