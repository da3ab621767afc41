"""Catapult Castle rules helpers (``calc``): the final ranking with the
tie-breaks and the solo score, from what a table counts at the end, against
the rulebook (seeds/001_1d99eed64508ff2e.txt, "Final Scoring" and the solo
rules' score bands) and against the game's own result."""

from __future__ import annotations

import castletui.rules.catapult_castle as g
import pytest
from castletui.rules.catapult_castle.calc import RANKING, SOLO, Count, final_ranking, solo_result
from castletui.rules.catapult_castle.pieces import ammo_inside, tower_count
from castletui.rules.catapult_castle.scoring import (
    fewest_solo_shots,
    final_count_reason,
    solo_count_reason,
)
from castletui.rules.core import Config, IllegalAction, screen

from tests.playing import playout
from tests.rules.catapult_castle.helpers import ready
from tests.rules.catapult_castle.test_rules import _scored


def converse(helper: screen.Helper, typed: list[str]) -> list[str]:
    answers: dict = {}
    typed = list(typed)
    while (question := helper.next_question(answers)) is not None:
        text = typed.pop(0)
        answers[question.key] = question.parse(text or question.default)
    assert not typed
    return helper.report(answers)


def test_tie_break_example_the_third_player_beats_the_start_player():
    """Final Scoring: "If the Start Player had the same number of Castle towers,
    ammo, and cards as the player who went third in the game, the player who went
    third would win the tie."""
    report = converse(RANKING, ["Start, Second, Third, Fourth", "4 2 1", "2 1 0", "4 2 1", "3 0 3"])
    assert report[:2] == [
        "1st  Third   4 towers, 2 ammo, 1 card, went 3rd",
        "2nd  Start   4 towers, 2 ammo, 1 card, went 1st",
    ]
    assert report[-1] == (
        "Winner: Third. A tie on 4 towers, 2 ammo and 1 card, broken by turn order: going 3rd beats going 1st."
    )


@pytest.mark.parametrize(
    ("towers", "ammo", "cards", "order", "decided_by"),
    [
        ((4, 3), (0, 4), (0, 5), (0, 1), "Most towers on the mat"),
        ((4, 4), (3, 2), (0, 5), (0, 1), "A tie on 4 towers, broken by the most ammo inside the towers: 3 against 2"),
        ((4, 4), (2, 2), (1, 2), (1, 0), "A tie on 4 towers and 2 ammo, broken by the most cards in hand: 2 against 1"),
        ((4, 4), (2, 2), (2, 2), (1, 0), "A tie on 4 towers, 2 ammo and 2 cards, broken by turn order: going 2nd beats going 1st"),
    ],
)  # fmt: skip
def test_each_tie_break_as_the_game_itself_decides_it(towers, ammo, cards, order, decided_by):
    """Final Scoring: most towers, then ammo inside them, cards in hand, later in
    turn order; the helper agrees with the result of a game ending so."""
    ranking = final_ranking([Count(*counts) for counts in zip(towers, ammo, cards, strict=True)])
    assert ranking.order == order and ranking.decided_by == decided_by
    result = g.result(_scored(ready(2, start=0), towers, ammo, cards))
    assert result.winners == (order[0],) and result.decided_by == decided_by


def test_turn_order_counts_from_the_start_player():
    counts = [Count(4, 2, 1), Count(4, 2, 1)]
    assert final_ranking(counts, start=0).order == (1, 0)
    assert final_ranking(counts, start=1).order == (0, 1)


@pytest.mark.parametrize(
    ("removed", "ammo", "score", "rating"),
    [
        (4, 0, 4, "Still loading the catapult"),
        (5, 0, 5, "Apprentice slinger"),
        (12, 0, 12, "Seasoned slinger"),
        (14, 0, 14, "Siege specialist"),
        (16, 0, 16, "Master of the siege"),
        (16, 3, 19, "Captain of the catapults"),
        (16, 4, 20, "Legend of the long throw"),
        (16, 6, 22, "Legend of the long throw"),
    ],
)
def test_solo_score_bands(removed, ammo, score, rating):
    """Solo: one point per tower removed and per ammo left; the bands 1-4, 5-8,
    9-12, 13-14, 15-16, 17-19, 20+ (our own words for their labels)."""
    assert solo_result(removed, ammo) == (score, rating)
    assert converse(SOLO, [str(removed), str(ammo)]) == [
        f"Score {score}: {removed} towers removed + {ammo} ammo left. {rating}"
    ]


def test_the_ranking_is_for_two_to_four_players_and_refuses_bad_counts():
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        final_ranking([Count(4, 0, 0)])
    question = RANKING.next_question({})
    with pytest.raises(IllegalAction, match="2 to 4 names"):
        question.parse("Solo")
    with pytest.raises(IllegalAction, match="different name"):
        question.parse("Ann, Ann")
    count = RANKING.next_question({"names": ("Ann", "Bob")})
    assert count.key == "p0" and "Ann" in count.prompt
    with pytest.raises(IllegalAction, match="3 whole numbers"):
        count.parse("4 2")
    with pytest.raises(IllegalAction, match="3 whole numbers"):
        count.parse("4 -2 1")


@pytest.mark.parametrize(
    ("removed", "ammo", "reason"),
    [
        (10, 3, "Ammo is left only when every tower is gone"),  # issue 43: "Score 13"
        (15, 1, "Ammo is left only when every tower is gone"),
        (17, 0, "at most 16 can be removed"),
        (16, 19, "at most 18 can be left"),
        (16, 7, "at least 12 shots"),
    ],
)
def test_the_solo_score_refuses_counts_no_game_ends_with(removed, ammo, reason):
    """Solo: the game goes on until the 18th shot or the last tower, so ammo
    is left only on a cleared table, and clearing it takes 12 shots at the
    least (two Strong Ammo shots at stacks of 3, ten single towers)."""
    assert fewest_solo_shots() == 12
    assert reason in solo_count_reason(removed, ammo)
    with pytest.raises(IllegalAction, match=reason):
        solo_result(removed, ammo)
    # The helper asks again: each answer is checked as it is typed.
    if removed > 16:
        with pytest.raises(IllegalAction, match=reason):
            SOLO.next_question({}).parse(str(removed))
    else:
        question = SOLO.next_question({"removed": removed})
        with pytest.raises(IllegalAction, match=reason):
            question.parse(str(ammo))


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        (["Ann, Bob", "0 2 1"], "no tower on the mat there is no ammo"),
        (["Ann, Bob", "17 0 0"], "The game has 16 towers"),
        (["Ann, Bob, Cy", "16 0 0"], "The game has 15 towers"),
        (["Ann, Bob", "4 37 0"], "The game has 36 ammo"),
        (["Ann, Bob", "4 2 9"], "own deck of 8"),
        (["Ann, Bob", "9 2 1", "8 2 1"], "more than the 16 towers"),
        (["Ann, Bob, Cy", "5 2 1", "5 2 1", "6 2 1"], "more than the 15 towers"),
        (["Ann, Bob", "8 20 1", "8 17 1"], "more than the 36 ammo"),
    ],
)
def test_the_ranking_refuses_counts_no_game_ends_with(typed, reason):
    """2-4 players: ammo is only inside towers, a hand holds its own deck's
    cards only, and the mats share the game's towers and ammo: the player
    whose count cannot be is asked again, with the reason."""
    answers: dict = {}
    *before, last = typed
    for text in before:
        question = RANKING.next_question(answers)
        answers[question.key] = question.parse(text)
    with pytest.raises(IllegalAction, match=reason):
        RANKING.next_question(answers).parse(last)
    counts = [Count(*map(int, text.split())) for text in typed[1:]]
    counts += [Count(0, 0, 0)] * (len(typed[0].split(",")) - len(counts))
    with pytest.raises(IllegalAction, match=reason):
        final_ranking(counts)


@pytest.mark.parametrize(
    ("variant", "seats"), [("solo", 1), ("standard", 2), ("standard", 3), ("standard", 4)]
)
@pytest.mark.parametrize("mode", ["digital", "table"])
def test_every_finished_game_passes_the_helpers_checks(variant, seats, mode):
    """The refusals are never wrong: what seeded games really end with is accepted."""
    for seed in range(6):
        state = playout("catapult-castle", Config(variant, seats, {}, mode), seed).state
        if variant == "solo":
            assert solo_count_reason(state.removed, state.supply) == "", (seed, state.removed, state.supply)
        else:
            counts = [
                (tower_count(state, s), ammo_inside(state, s), len(state.hands[s])) for s in range(seats)
            ]
            assert final_count_reason(counts) == "", (seed, counts)
