"""A search's ``finished`` hook (issue 47.1): where a finished game is not
scored by the seat's share of the winners, as in a co-operative game,
whose win every seat shares but whose table's chance is all of it."""

from __future__ import annotations

import random
from types import SimpleNamespace

from castletui.rules.core import search

ALL_WIN = SimpleNamespace(winners=(0, 1, 2))


def hooks(**kwargs) -> search.Hooks:
    rules = search.Rules(
        to_move=lambda state: None,  # every state is finished
        legal_actions=lambda state: [],
        chance_outcomes=lambda state: [],
        apply=lambda state, action: state,
        result=lambda state: ALL_WIN,
    )
    return search.Hooks(
        game=rules,
        determinize=lambda seen, seat, rng: seen,
        policy=lambda s, r: None,
        value=lambda s, seat: 0.5,
        **kwargs,
    )


def test_a_finished_game_is_the_seats_share_of_the_winners_by_default():
    assert search.ended_value(hooks(), "over", 1) == 1 / 3
    assert search.position_estimate(hooks(), "over", 1, random.Random(1), 3) == 1 / 3


def test_the_finished_hook_scores_it_instead():
    table = hooks(finished=lambda state, seat: 1.0 if state == "won" else 0.0)
    assert search.ended_value(table, "won", 1) == 1.0
    assert search.position_estimate(table, "won", 1, random.Random(1), 3) == 1.0
    assert search.position_estimate(table, "lost", 1, random.Random(1), 3) == 0.0
