"""The review estimates with the hooks each game's hard bot searches with:
a game's ``search_hooks(view, seat)`` names them, and must agree with what
the hard bot really hands the search at every decision (None exactly
where the bot decides another way)."""

from __future__ import annotations

import contextlib
import dataclasses
import random

import pytest
from castletui.rules.core import CHANCE, search
from castletui.rules.core.bots import decide, seat_view
from castletui.rules.core.hooks import Hooks

from tests.playing import case_id, playout, variants

CASES = variants() + [
    case for case in variants(modes=("table",)) if case[1].seats == 2 and case[0] != "castle-raisers"
]


def same_hooks(given: search.Hooks | None, named: search.Hooks | None) -> bool:
    """Equal hooks: the same settings, and functions of the same code (a
    seat's policy is a closure made anew at each decision)."""
    if given is None or named is None:
        return given is named
    for field in dataclasses.fields(search.Hooks):
        one, other = getattr(given, field.name), getattr(named, field.name)
        if callable(one) and hasattr(one, "__code__"):
            if getattr(other, "__code__", None) is not one.__code__:
                return False
        elif one != other:
            return False
    return True


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_search_hooks_are_the_hooks_the_hard_bot_searches_with(case, monkeypatch):
    game_id, config = case
    run = playout(game_id, config, seed=3, stop_at=120)
    given: list[search.Hooks] = []

    def spy(hooks, seen, seat, rng):
        given.append(hooks)
        raise LookupError  # the choice itself is not what is checked

    monkeypatch.setattr(search, "search_action", spy)
    searched = 0
    for state in run.states[::3]:
        seat = run.game.to_move(state)
        if seat is None or seat == CHANCE:
            continue
        view = seat_view(run.game, state, seat)
        given.clear()
        with contextlib.suppress(LookupError):
            decide(run.game, view, seat, "hard", random.Random(0))
        bot = given[0] if given else None
        assert same_hooks(bot, Hooks(run.game).search_hooks(view, seat)), f"ply {run.states.index(state)}"
        searched += bot is not None
    if config.mode == "digital" and config.variant not in ("solo", "co-operative", "cooperative"):
        assert searched, "the hard bot searched somewhere in the game"


def test_a_game_without_search_hooks_has_no_estimate():
    class Bare:
        pass

    assert Hooks(Bare()).search_hooks(object(), 0) is None  # the kit's default: no search
