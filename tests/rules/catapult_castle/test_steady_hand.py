"""Catapult Castle's steady hand: the accuracy of a player who decides by
lines (plain, JSON, a program seat), drawn as the normal bot aims, the
same for a given game and ply."""

from __future__ import annotations

import random
import statistics

import castletui.rules.catapult_castle as g
from castletui.rules.catapult_castle.bots import rule_of_thumb
from castletui.rules.catapult_castle.shots import LEVEL_ACCURACY, steady_draw
from castletui.rules.catapult_castle.state import Aim, PlayCard
from castletui.rules.core import screen
from msgspec.structs import replace

from tests.rules.catapult_castle.helpers import ready


def test_a_steady_hand_aims_as_the_normal_bot_on_average():
    drawn = [g.steady_aim(steady_draw(seed, 12)) for seed in range(2000)]
    assert abs(statistics.mean(drawn) - LEVEL_ACCURACY["normal"]) < 1.5
    assert 8 < statistics.pstdev(drawn) < 16
    assert min(drawn) >= 0 and max(drawn) <= 100


def test_the_same_game_and_ply_always_draw_the_same_hand():
    assert g.steady_aim(steady_draw(41, 9)) == g.steady_aim(steady_draw(41, 9))
    assert len({g.steady_aim(steady_draw(41, ply)) for ply in range(40)}) > 5


def test_the_bots_aim_with_the_same_hand():
    for level in ("easy", "normal", "hard"):
        assert rule_of_thumb._accuracy(level, random.Random(5)) == g.steady_aim(random.Random(5), level)


def test_steady_choice_makes_an_aim_with_the_drawn_accuracy_and_says_it():
    view = ready(2, mode="digital")
    seat = view.pending[-1].seat
    aims = [action for action in g.legal_actions(view) if isinstance(action, Aim)]
    expected = g.steady_aim(steady_draw(7, f"turn {view.turn_number}"))
    made = {g.steady_choice(view, seat, aim, 7, 30) for aim in aims}
    actions = {action for action, _, _ in made}
    assert {(action.mat, action.square) for action in actions} == {(aim.mat, aim.square) for aim in aims}
    assert {action.accuracy for action in actions} == {expected}
    assert {note for _, _, note in made} == {f"Your steady hand: {expected} percent accurate."}
    assert all(" percent, next door " in words and words.startswith("Aim at ") for _, words, _ in made)


def test_steady_choice_leaves_every_other_action_alone():
    view = ready(2, mode="digital")
    seat = view.pending[-1].seat
    assert g.steady_choice(view, seat, PlayCard("Extra Shot"), 7, 30) is None
    assert screen.steady_choice(g, view, seat, PlayCard("Extra Shot"), 7, 30) is None


def test_a_card_played_before_the_first_shot_draws_no_other_hand():
    view = ready(2, mode="digital")
    seat = view.pending[-1].seat
    view = replace(
        view, hands=tuple(("Extra Shot",) if n == seat else hand for n, hand in enumerate(view.hands))
    )
    aim = next(action for action in g.legal_actions(view) if isinstance(action, Aim))
    before = g.steady_choice(view, seat, aim, 7, 30)
    card = next(action for action in g.legal_actions(view) if isinstance(action, PlayCard))
    after_card = g.apply(view, card)
    assert g.steady_choice(after_card, seat, aim, 7, 31)[0].accuracy == before[0].accuracy
