"""Catapult Castle digital shots (the aiming mini-game's odds) and table-mode landings."""

from __future__ import annotations

import castletui.rules.catapult_castle as g
import pytest
from castletui.rules.catapult_castle.edition import DISTANCES, MAGIC_TOSS, NEIGHBOURS, square_index
from castletui.rules.catapult_castle.shots import landing_odds, sweet_spot_width
from castletui.rules.catapult_castle.state import Aim, ChooseStart, Draw, Land, PlayCard, Shoot, Stack
from castletui.rules.core import CHANCE, Config, IllegalAction
from msgspec.structs import replace

NEAR, FAR = 2.55, 4.95


def ready(seats: int = 2, mode: str = "digital", start: int = 0) -> g.State:
    state = g.apply(g.setup(Config("standard", seats, {}, mode)), ChooseStart(start))
    while g.to_move(state) == CHANCE:
        state = g.apply(state, g.chance_outcomes(state)[0][0])
    return state


def test_a_perfect_shot_at_a_near_low_tower_nearly_always_hits():
    assert landing_odds(100, NEAR, 1).target >= 0.85
    assert landing_odds(100, FAR, 3).target >= 0.7


def test_accuracy_zero_is_mostly_a_miss():
    odds = landing_odds(0, NEAR, 1)
    assert odds.target == 0 and odds.nowhere > 0.8


def test_odds_add_up_and_grow_with_accuracy_and_shrink_with_distance_and_height():
    previous = -1.0
    for accuracy in range(0, 101, 5):
        odds = landing_odds(accuracy, 3.5, 2)
        assert sum(odds) == pytest.approx(1) and min(odds) >= 0
        assert odds.target >= previous
        previous = odds.target
    assert landing_odds(80, FAR, 1).target < landing_odds(80, NEAR, 1).target
    assert landing_odds(80, NEAR, 3).target < landing_odds(80, NEAR, 1).target
    assert landing_odds(60, FAR, 1, magic_toss=True).target > landing_odds(60, FAR, 1).target


def test_a_roofed_target_turns_the_hit_into_the_roof_and_no_neighbours_means_no_near_miss():
    odds = landing_odds(90, NEAR, 1, roofed=True)
    assert odds.target == 0 and odds.roof == pytest.approx(landing_odds(90, NEAR, 1).target)
    assert landing_odds(90, NEAR, 1, has_neighbours=False).near == 0


def test_sweet_spot_width_narrows_with_distance_and_height_and_widens_with_magic_toss():
    near = sweet_spot_width(NEAR, 1)
    assert sweet_spot_width(FAR, 1) < near
    assert sweet_spot_width(NEAR, 3) < near
    assert sweet_spot_width(NEAR, 1, True) > near
    assert 6 <= sweet_spot_width(10.0, 16) <= sweet_spot_width(0.0, 1, True) <= 50


def test_legal_actions_list_each_target_with_five_accuracies_and_apply_takes_any_percentage():
    state = ready(2)
    aims = [a for a in g.legal_actions(state) if isinstance(a, Aim)]
    assert len(aims) == 12 * 5  # every tower but your own four
    assert {a.accuracy for a in aims} == {0, 25, 50, 75, 100}
    assert all(a.mat != 0 for a in aims)
    state = g.apply(state, Aim(2, "outer", 37))
    assert state.pending[-1].accuracy == 37
    for bad in (101, -1, True, 50.5):
        with pytest.raises(IllegalAction):
            g.apply(ready(2), Aim(2, "outer", bad))
    with pytest.raises(IllegalAction, match="own tower"):
        g.apply(ready(2), Aim(0, "outer", 50))
    with pytest.raises(IllegalAction, match="Shoot"):
        g.apply(ready(2, mode="table"), Aim(2, "outer", 50))
    with pytest.raises(IllegalAction, match="Aim first"):
        g.apply(ready(2), Shoot())


def test_digital_landings_are_the_target_its_neighbours_and_nowhere():
    state = g.apply(ready(2), Aim(2, "outer", 75))
    outcomes = g.chance_outcomes(state)
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    target = square_index(2, "outer")
    expected = {Land(2, "outer"), Land()} | {
        Land(n // 4, ("inner", "left", "right", "outer")[n % 4]) for n in NEIGHBOURS[target]
    }
    assert {a for a, _ in outcomes} == expected
    odds = landing_odds(75, DISTANCES[0][target], 1)
    assert dict(outcomes)[Land(2, "outer")] == pytest.approx(odds.target)
    with pytest.raises(IllegalAction, match="can't have landed"):
        g.apply(state, Land(1, "inner"))


def test_digital_landing_on_a_roofed_target_and_with_magic_toss():
    state = ready(2)
    items = list(state.stacks)
    items[square_index(2, "inner")] = Stack((0,), roof=2)
    state = replace(state, stacks=tuple(items), hands=((MAGIC_TOSS,), state.hands[1]))
    plain = dict(g.chance_outcomes(g.apply(state, Aim(2, "inner", 50))))
    assert Land(2, "inner", True) in plain and Land(2, "inner") not in plain
    tossed = dict(g.chance_outcomes(g.apply(g.apply(state, PlayCard(MAGIC_TOSS)), Aim(2, "inner", 50))))
    assert tossed[Land(2, "inner", True)] > plain[Land(2, "inner", True)]


def test_table_mode_lists_every_possible_landing():
    state = ready(2, mode="table")
    items = list(state.stacks)
    items[square_index(1, "left")] = Stack((0,), roof=0)
    items[square_index(3, "left")] = Stack()
    state = replace(state, stacks=tuple(items))
    assert g.legal_actions(state) == [Shoot()]
    state = g.apply(state, Shoot())
    outcomes = g.chance_outcomes(state)
    actions = [a for a, _ in outcomes]
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert len(actions) == 15 + 1 + 1  # every tower (own too), the one roof, nowhere
    assert Land(0, "inner") in actions and Land(1, "left", True) in actions and Land() in actions
    assert Land(3, "left") not in actions
    assert g.legal_actions(state) == actions


def test_table_mode_asks_nothing_about_a_card_drawn_into_a_hand():
    """Issue 12, no secrets typed in front of the table: the opening draw
    goes in unseen, and the start player is asked to shoot at once."""
    state = g.setup(Config("standard", 3, mode="table"))
    state = g.apply(state, ChooseStart(1))
    assert g.legal_actions(state) == [Shoot()]
    assert state.hands[0] == ("unseen",)
    assert not any(isinstance(a, Draw) for a in g.legal_actions(state))


def test_the_mini_game_asks_the_rules_for_difficulty_and_odds():
    """The scene's shots (what the aiming mini-game draws) and the preview's
    shot_difficulty and shot_odds use the same factors as the landing the
    chance decision then draws from, so what the bar shows is what happens."""
    from castletui.rules.catapult_castle.queries import shot_difficulty, shot_odds
    from castletui.rules.core import CHANCE, Config

    state = g.setup(Config("standard", 2))
    while g.to_move(state) == CHANCE:
        state = g.apply(state, g.chance_outcomes(state)[0][0])
    aim = next(a for a in g.legal_actions(state) if isinstance(a, Aim) and a.accuracy == 75)
    distance, height, spot = shot_difficulty(state, aim)
    assert distance > 0 and height == 1
    assert spot == sweet_spot_width(distance, height, state.magic_toss)
    odds = shot_odds(state, aim, 75)
    seat = state.pending[-1].seat
    shot = g.scene(g.view(state, seat), seat).shot(aim.mat, aim.square, aim.from_mat)
    assert (shot.distance, shot.height, shot.sweet_spot) == (distance, height, spot)
    assert shot.odds(75) == odds
    landed = dict(g.chance_outcomes(g.apply(state, aim)))
    target = Land(aim.mat, aim.square)
    assert abs(landed[target] - odds.target) < 1e-12
    assert abs(landed[Land()] - odds.nowhere) < 1e-12
    assert abs(sum(odds) - 1) < 1e-9
