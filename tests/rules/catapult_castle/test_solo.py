"""Catapult Castle solo (rulebook, Solo Play): 18 ammo, the 3-card hand, two
rearrangements, shots from any corner, score and every rating band."""

from __future__ import annotations

import castletui.rules.catapult_castle as g
import pytest
from castletui.rules.catapult_castle.edition import MAGIC_TOSS, STRONG_AMMO, square_index
from castletui.rules.catapult_castle.legal import ACCURACIES
from castletui.rules.catapult_castle.state import (
    Aim,
    DoneRearranging,
    Land,
    MoveTower,
    PlayCard,
    Rearrange,
    Shoot,
    Stack,
)
from castletui.rules.core import CHANCE, Config, IllegalAction
from msgspec.structs import replace


def solo(mode: str = "digital") -> g.State:
    return g.setup(Config("solo", 1, mode=mode))


def q(mat: int, square: str) -> int:
    return square_index(mat, square)


def table_shot(state: g.State, from_mat: int, mat: int = -1, square: str = "") -> g.State:
    return g.apply(g.apply(state, Shoot(from_mat)), Land(mat, square))


def test_solo_setup():
    state = solo()
    assert g.to_move(state) == 0  # no start player to choose
    assert sum(len(s.towers) for s in state.stacks) == 16 and len(state.squares) == 16
    assert state.supply == 18 and state.rearrangements_left == 2
    assert state.hands == ((MAGIC_TOSS, STRONG_AMMO, STRONG_AMMO),)
    assert all(pile.size == 0 for pile in state.decks)


def test_solo_aims_name_the_firing_mat_and_never_target_it():
    state = solo()
    aims = [a for a in g.legal_actions(state) if isinstance(a, Aim)]
    assert {a.from_mat for a in aims} == {0, 1, 2, 3}
    assert all(a.mat != a.from_mat for a in aims)
    assert len(aims) == 4 * 12 * len(ACCURACIES)
    with pytest.raises(IllegalAction, match="fire from"):
        g.apply(state, Aim(1, "inner", 100, 1))
    with pytest.raises(IllegalAction, match="corner"):
        g.apply(state, Aim(1, "inner", 100))


def test_a_solo_hit_off_the_firing_mat_removes_the_tower():
    state = g.apply(solo(), Aim(1, "inner", 100, 0))
    assert state.supply == 17
    state = g.apply(state, Land(1, "inner"))
    assert state.removed == 1 and state.stacks[q(1, "inner")] == Stack()
    assert g.result(state).scores == (18.0,)


def test_a_solo_hit_on_the_firing_mat_is_a_miss_and_a_miss_loses_the_ammo():
    state = table_shot(solo("table"), 0, 0, "inner")
    assert state.removed == 0 and state.supply == 17 and state.stacks[q(0, "inner")].towers == (0,)
    state = table_shot(state, 0)
    assert state.supply == 16


def test_solo_strong_ammo_removes_the_whole_stack_and_magic_toss_helps():
    state = replace(solo(), stacks=(Stack((0, 0, 0)),) + solo().stacks[1:])
    odds_before = dict(g.chance_outcomes(g.apply(state, Aim(0, "inner", 60, 2))))
    state = g.apply(g.apply(state, PlayCard(STRONG_AMMO)), PlayCard(MAGIC_TOSS))
    assert state.hands == ((STRONG_AMMO,),)
    shot = g.apply(state, Aim(0, "inner", 60, 2))
    odds_after = dict(g.chance_outcomes(shot))
    assert odds_after[Land(0, "inner")] > odds_before[Land(0, "inner")]
    state = g.apply(shot, Land(0, "inner"))
    assert state.removed == 3 and not state.strong_ammo and not state.magic_toss  # one shot is one turn


def test_a_rearrangement_moves_top_towers_up_to_three_high():
    state = g.apply(solo(), Rearrange())
    assert state.rearrangements_left == 1 and state.pending[-1].kind == "rearrange"
    actions = g.legal_actions(state)
    assert DoneRearranging() in actions and len(actions) == 16 * 15 + 1
    state = g.apply(state, MoveTower(0, "outer", 0, "inner"))
    state = g.apply(state, MoveTower(0, "left", 0, "inner"))
    assert state.stacks[q(0, "inner")].towers == (0, 0, 0) and state.stacks[q(0, "outer")] == Stack()
    with pytest.raises(IllegalAction, match="at most 3"):
        g.apply(state, MoveTower(0, "right", 0, "inner"))
    with pytest.raises(IllegalAction, match="no tower"):
        g.apply(state, MoveTower(0, "outer", 1, "inner"))
    with pytest.raises(IllegalAction, match="different square"):
        g.apply(state, MoveTower(1, "outer", 1, "outer"))
    with pytest.raises(IllegalAction):
        g.apply(state, Aim(1, "inner", 100, 0))  # finish first
    state = g.apply(state, DoneRearranging())
    assert g.to_move(state) == 0 and state.pending[-1].kind == "turn"
    assert sum(len(s.towers) for s in state.stacks) == 16


def test_only_two_rearrangements_per_game_and_a_move_limit():
    state = g.apply(g.apply(solo(), Rearrange()), DoneRearranging())
    state = g.apply(g.apply(state, Rearrange()), DoneRearranging())
    assert Rearrange() not in g.legal_actions(state)
    with pytest.raises(IllegalAction, match="used up"):
        g.apply(state, Rearrange())
    state = g.apply(replace(solo(), rearrange_moves=0), Rearrange())
    state = replace(state, rearrange_moves=32)
    assert g.legal_actions(state) == [DoneRearranging()]
    with pytest.raises(IllegalAction, match="32 moves"):
        g.apply(state, MoveTower(0, "outer", 0, "inner"))


def test_solo_ends_after_18_shots():
    state = solo("table")
    for _ in range(17):
        state = table_shot(state, 0)
    assert not state.over and state.supply == 1
    state = table_shot(state, 0)
    assert state.over and state.end_reason == "shots" and g.to_move(state) is None
    result = g.result(state)
    assert result.finished and result.scores == (0.0,) and result.rating == "Still loading the catapult"


def test_solo_ends_when_no_tower_is_left_and_leftover_ammo_scores():
    state = solo("table")
    only = [Stack()] * 16
    only[q(2, "outer")] = Stack((0,))
    state = replace(state, stacks=tuple(only), removed=15)
    state = table_shot(state, 0, 2, "outer")
    assert state.over and state.end_reason == "cleared"
    result = g.result(state)
    assert result.scores == (16.0 + 17.0,)
    assert [line.points for line in result.lines] == [(16.0,), (17.0,)]
    assert result.rating == "Legend of the long throw"


@pytest.mark.parametrize(
    ("score", "label"),
    [
        (0, "Still loading the catapult"),
        (1, "Still loading the catapult"),
        (4, "Still loading the catapult"),
        (5, "Apprentice slinger"),
        (8, "Apprentice slinger"),
        (9, "Seasoned slinger"),
        (12, "Seasoned slinger"),
        (13, "Siege specialist"),
        (14, "Siege specialist"),
        (15, "Master of the siege"),
        (16, "Master of the siege"),
        (17, "Captain of the catapults"),
        (19, "Captain of the catapults"),
        (20, "Legend of the long throw"),
        (34, "Legend of the long throw"),
    ],
)
def test_every_solo_rating_band(score, label):
    """Rulebook, Solo Play points: 1-4, 5-8, 9-12, 13-14, 15-16, 17-19, 20+ (0 in the lowest band)."""
    removed = min(score, 16)
    state = replace(solo(), removed=removed, supply=score - removed, over=True, pending=())
    result = g.result(state)
    assert result.scores == (float(score),) and result.rating == label and result.winners == (0,)


def test_solo_chance_decisions_are_only_landings():
    state = g.apply(solo(), Aim(2, "outer", 75, 0))
    assert g.to_move(state) == CHANCE
    assert all(isinstance(a, Land) for a, _ in g.chance_outcomes(state))
    assert "from the King corner" in g.describe(solo(), Aim(2, "outer", 75, 0))
