"""Catapult Castle's hard bot (issue 30): what lets its search tell choices apart.

- Both sides of a duel meet the same shot luck: a shot's landing is drawn
  from the round's luck and the shot's place in the game, so two aims of
  the same odds hit or miss together.
- Its own turns aim counting what a near miss takes (the rule-of-thumb bot
  counts only the tower aimed at).
- The search draws its rounds' chance through that hook, and a duel's later
  choices are the playout policy's.
"""

from __future__ import annotations

import random
from dataclasses import replace as replace_hooks

import castletui.rules.catapult_castle as g
from castletui.rules.catapult_castle.bots import hard
from castletui.rules.catapult_castle.bots.rule_of_thumb import bot_action as thumb
from castletui.rules.catapult_castle.edition import square_index
from castletui.rules.catapult_castle.state import LAND_IN, Aim, Stack
from castletui.rules.core import search

from tests.rules.catapult_castle.helpers import ready, with_stacks


def _aimed(state: g.State, square: int) -> g.State:
    return g.apply(state, Aim(square // 4, ("inner", "left", "right", "outer")[square % 4], 65))


def test_both_sides_of_a_duel_meet_the_same_shot_luck():
    """Mat 1's left and mat 3's right are alike from mat 0's corner (as far,
    three towers around each): with the same luck, one is hit exactly when
    the other is."""
    state = ready(mode="digital")
    left, right = square_index(1, "left"), square_index(3, "right")
    at_left, at_right = _aimed(state, left), _aimed(state, right)
    hits = [
        (hard._chance(at_left, luck) == LAND_IN[left], hard._chance(at_right, luck) == LAND_IN[right])
        for luck in range(300)
    ]
    assert all(one == other for one, other in hits)
    assert 0 < sum(one for one, _ in hits) < len(hits)


def test_the_hard_bots_own_aim_counts_what_a_near_miss_takes():
    """Mat 1's right and mat 3's left are as near mat 0's corner; a near miss
    at mat 1's right may drop into the seat's own tower (a miss), one at mat
    3's left only into towers it takes. The normal bot sees them alike."""
    state = ready(mode="digital")
    kept = {square_index(m, s) for m, s in ((0, "inner"), (0, "left"), (0, "outer"), (1, "inner"))}
    kept |= {square_index(m, s) for m, s in ((1, "right"), (1, "outer"), (3, "inner"), (3, "left"))}
    kept.add(square_index(3, "outer"))
    state = with_stacks(state, {q: Stack() for q in range(16) if q not in kept})
    assert not state.hands[0]
    assert thumb(state, "normal", random.Random(1)).mat == 1
    sharp = thumb(state, "normal", random.Random(1), hard.SHARP)
    assert (sharp.mat, sharp.square) == (3, "left")


def test_the_search_draws_its_rounds_chance_through_the_games_hook():
    state = ready(mode="digital")
    drawn = []

    def chance(world, luck):
        drawn.append(luck)
        return hard._chance(world, luck)

    hooks = replace_hooks(hard.HOOKS, chance=chance)
    with search.work_budget(6):
        action = search.search_action(hooks, g.view(state, 0), 0, random.Random(2))
    assert action in g.legal_actions(state) or isinstance(action, Aim)
    assert drawn


def test_a_duels_later_choices_are_the_policys_not_the_trees():
    """A card played in a duel is followed by the playout policy's shot, not
    a target the tree draws at random (which made card plays look worse)."""
    state = ready(mode="digital")
    offered = []

    def choices(world):
        offered.append(world)
        return hard._choices(world)

    for by_policy in (True, False):
        offered.clear()
        hooks = replace_hooks(hard.HOOKS, duel_by_policy=by_policy)
        root = search._Node()
        first = hard._canonical(g.legal_actions(state)[0])
        root.visits[first] = 1  # tried before: the tree would go on choosing below it
        root.children[first] = search._Node()
        search._round(hooks, root, state, 0, random.Random(3), choices, forced=first, luck=5)
        assert bool(offered) != by_policy
