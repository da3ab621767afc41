"""Catapult Castle rules helpers (``calc``): the final ranking with the
tie-breaks and the solo score, from what a table counts at the end, against
the rulebook (seeds/001_1d99eed64508ff2e.txt, "Final Scoring" and the solo
rules' score bands) and against the game's own result."""

from __future__ import annotations

import castletui.rules.catapult_castle as g
import pytest
from castletui.rules.catapult_castle.calc import RANKING, SOLO, Count, final_ranking, solo_result
from castletui.rules.core import IllegalAction, screen

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
        (3, 1, 4, "Still loading the catapult"),
        (5, 0, 5, "Apprentice slinger"),
        (10, 2, 12, "Seasoned slinger"),
        (12, 2, 14, "Siege specialist"),
        (16, 0, 16, "Master of the siege"),
        (14, 5, 19, "Captain of the catapults"),
        (16, 4, 20, "Legend of the long throw"),
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
