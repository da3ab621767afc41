"""Catapult Castle "why not?" (the screen API's ``refusals`` hook): the cards
in hand a player may not play now, a rearrangement used up (solo), the
squares a captured tower may not go on; each reason is the one ``apply``
refuses the action with (rulebook seeds/001_1d99eed64508ff2e.txt: Card
Effects, If You Hit; the solo and beginner rules)."""

from __future__ import annotations

import castletui.rules.catapult_castle as g
import pytest
from castletui.rules.catapult_castle.edition import EXTRA_SHOT, MAGIC_TOSS, ROOF, STRONG_AMMO
from castletui.rules.catapult_castle.state import Land, Pending, Place, PlayCard, Rearrange, Shoot, Stack
from castletui.rules.core import Config, IllegalAction, screen
from msgspec.structs import replace

from tests.rules.catapult_castle.helpers import q, ready, with_hand, with_stacks


def refused_as_apply_says(state, seat, action, label):
    reasons = dict(g.refusals(state, seat))
    with pytest.raises(IllegalAction) as refused:
        g.apply(state, action)
    assert reasons[label] == refused.value.reason
    return reasons[label]


def test_a_second_magic_toss_or_strong_ammo_in_one_turn():
    """Magic Toss and Strong Ammo last the turn: a second one would do nothing."""
    state = with_hand(ready(2), 0, MAGIC_TOSS, MAGIC_TOSS, STRONG_AMMO, STRONG_AMMO)
    state = g.apply(g.apply(state, PlayCard(MAGIC_TOSS)), PlayCard(STRONG_AMMO))
    assert (
        refused_as_apply_says(state, 0, PlayCard(MAGIC_TOSS), MAGIC_TOSS)
        == "Magic Toss is already in play this turn."
    )
    assert refused_as_apply_says(state, 0, PlayCard(STRONG_AMMO), STRONG_AMMO) == (
        "Strong Ammo is already in play this turn."
    )
    assert PlayCard(MAGIC_TOSS) not in g.legal_actions(state)


def test_cards_are_played_before_the_shot():
    """A turn: play cards, then shoot."""
    state = with_hand(ready(2), 0, EXTRA_SHOT, EXTRA_SHOT)
    state = g.apply(state, PlayCard(EXTRA_SHOT))
    state = g.apply(g.apply(state, Shoot()), Land())  # the ammo lands nowhere: the extra shot is owed
    assert state.shot_taken and state.pending[-1].kind == "turn"
    reason = refused_as_apply_says(state, 0, PlayCard(EXTRA_SHOT), EXTRA_SHOT)
    assert reason == "Cards are played before the turn's first shot."


def test_beginner_rules_cards_have_no_effects():
    state = with_hand(ready(2, beginner=True), 0, EXTRA_SHOT)
    assert refused_as_apply_says(state, 0, PlayCard(EXTRA_SHOT), EXTRA_SHOT).startswith("Beginner rules")


def test_a_roof_with_every_tower_roofed():
    state = with_hand(ready(2), 0, ROOF)
    roofed = {square: replace(state.stacks[square], roof=0) for square in state.squares}
    state = with_stacks(state, roofed)
    assert dict(g.refusals(state, 0)) == {ROOF: "Every tower already has a Reinforced Roof."}
    with pytest.raises(IllegalAction, match="already has a Reinforced Roof"):
        g.apply(state, PlayCard(ROOF, 1, "inner"))


def test_both_solo_rearrangements_used_up():
    state = g.setup(Config("solo", 1, mode="table"))
    while g.to_move(state) != 0:
        state = g.apply(state, g.chance_outcomes(state)[0][0])
    state = replace(state, rearrangements_left=0)
    reason = refused_as_apply_says(state, 0, Rearrange(), "Rearrange the towers")
    assert reason == "Both rearrangements are used up."


def test_where_a_captured_tower_may_not_go():
    """If You Hit: an empty square of your mat first; else stack it, never on a roof."""
    state = ready(2)
    mat = state.seat_mats[0]
    state = with_stacks(state, {q(mat, "inner"): Stack()})
    state = replace(state, pending=state.pending + (Pending("place", seat=0, ammo=1),))
    reasons = dict(g.refusals(state, 0))
    assert set(reasons) == {
        "Place on the left square",
        "Place on the right square",
        "Place on the outer square",
    }
    assert refused_as_apply_says(state, 0, Place("left"), "Place on the left square") == (
        "You still have an empty square: the captured tower must go on one."
    )
    full = with_stacks(state, {q(mat, "inner"): Stack((0,), roof=1)})
    assert refused_as_apply_says(full, 0, Place("inner"), "Place on the inner square") == (
        "That tower has a Reinforced Roof: nothing may be stacked on it."
    )


def test_nothing_is_refused_to_a_player_who_is_not_deciding():
    state = with_hand(ready(2), 1, MAGIC_TOSS)
    assert g.refusals(state, 1) == [] and screen.refusals(g, state, 0) == []
