"""Catapult Castle: set-up, shots, hits and misses, placement, cards, the end
and the tie-break (rulebook: seeds/001_1d99eed64508ff2e.txt; spec:
games/catapult-castle.md). Most shots use table mode, where any landing can
be named; the tests of named draws play a digital game (at a real table a
card drawn is kept unseen: test_table_mode.py); the digital odds are in
test_shots.py."""

from __future__ import annotations

import castletui.rules.catapult_castle as g
import pytest
from castletui.rules.catapult_castle.chance import landing_outcomes
from castletui.rules.catapult_castle.edition import (
    ABSENT,
    DECK_COUNTS,
    EDITION,
    EXTRA_SHOT,
    HIDDEN,
    KIND_INDEX,
    MAGIC_TOSS,
    NEUTRAL,
    ROOF,
    STRONG_AMMO,
)
from castletui.rules.catapult_castle.scoring import ranking, tie_break_lines
from castletui.rules.catapult_castle.state import (
    Aim,
    Card,
    ChooseStart,
    Draw,
    GiveCard,
    Land,
    Pile,
    Place,
    PlayCard,
    ReturnToBox,
    Shoot,
    SkipExtraShot,
    Stack,
)
from castletui.rules.core import CHANCE, Config, IllegalAction, seat_ref
from msgspec.structs import replace

from tests.rules.catapult_castle.helpers import draw_all, new, q, ready, shoot, towers, with_hand, with_stacks

ES, MT, SA = EXTRA_SHOT, MAGIC_TOSS, STRONG_AMMO


# --- edition -------------------------------------------------------------------


def test_edition_counts_match_the_rulebook_and_spec():
    assert EDITION.total_towers == 16 and EDITION.total_ammo == 36
    assert len(EDITION.decks) == 4 and [d.name for d in EDITION.decks] == [
        "King",
        "Queen",
        "Prince",
        "Princess",
    ]
    for counts in DECK_COUNTS:
        assert counts == (2, 2, 2, 2)
    assert sum(sum(c) for c in DECK_COUNTS) == 32
    assert EDITION.solo_ammo == 18 and sorted(EDITION.solo_hand) == sorted([MT, SA, SA])
    assert g.INFO.id == "catapult-castle" and g.INFO.title == "Catapult Castle"
    assert {v.name: (v.min_seats, v.max_seats) for v in g.INFO.variants} == {
        "standard": (2, 4),
        "solo": (1, 1),
    }
    assert {o.name: o.default for o in g.INFO.options} == {
        "beginner": False,
        "skilled": False,
        "may_decline_hit": True,
        "max_stack": 0,
    }
    assert [o.name for o in g.INFO.options_for("solo")] == ["max_stack"]
    assert g.INFO.edition.startswith(EDITION.name)


def test_geometry_distances_and_neighbours_follow_the_coordinates():
    from math import dist

    from castletui.rules.catapult_castle.edition import DISTANCES, NEIGHBOURS, square_point

    for m, mat in enumerate(EDITION.mats):
        for s in range(16):
            assert DISTANCES[m][s] == pytest.approx(dist(mat.corner, square_point(s)), abs=1e-3)
        # The catapult corner is the mat's corner furthest from the centre.
        assert dist(mat.corner, (0, 0)) == pytest.approx(
            max(dist(p, (0, 0)) for p in mat.squares.values()) + 0.5**0.5
        )
    for s, near in enumerate(NEIGHBOURS):
        for n in near:
            assert s in NEIGHBOURS[n]
            assert dist(square_point(s), square_point(n)) == pytest.approx(1)
    # inner squares touch the centre and each other across the mats
    assert set(NEIGHBOURS[q(0, "inner")]) >= {q(1, "inner"), q(3, "inner")}


def test_bad_configs_are_refused():
    with pytest.raises(IllegalAction):
        g.setup(Config("standard", 5))
    with pytest.raises(IllegalAction):
        g.setup(Config("solo", 1, {"skilled": True}))
    for bad in (-1, 17, True, "3"):
        with pytest.raises(IllegalAction, match="Highest stack.*whole number"):
            g.setup(Config("standard", 2, {"max_stack": bad}))
    with pytest.raises(IllegalAction):
        g.setup(Config("standard", 2, mode="moon"))


# --- set-up ----------------------------------------------------------------------


def test_start_player_is_a_uniform_chance_decision_and_goes_first():
    state = new(4)
    assert g.to_move(state) == CHANCE
    outcomes = g.chance_outcomes(state)
    assert [a for a, _ in outcomes] == [ChooseStart(s) for s in range(4)]
    assert all(p == pytest.approx(0.25) for _, p in outcomes)
    state = ready(4, start=2)
    assert state.start_seat == 2 and g.to_move(state) == 2 and state.turn_seat == 2


def test_two_players_own_opposite_mats_and_the_side_mats_are_neutral():
    state = new(2)
    assert state.seat_mats == (0, 2)
    assert state.mat_owner == (0, NEUTRAL, 1, NEUTRAL)
    assert len(state.squares) == 16
    assert all(state.stacks[s].towers == (0,) for s in range(16))
    assert state.supply == 36


def test_the_player_right_of_the_start_player_draws_one_card():
    for start, last in ((0, 1), (1, 0)):
        state = ready(2, start=start, mode="digital")
        assert len(state.hands[last]) == 1 and len(state.hands[start]) == 0
        assert state.decks[state.seat_mats[last]].size == 7
    state = ready(4, start=1, mode="digital")
    assert [len(h) for h in state.hands] == [1, 0, 0, 0]
    state = ready(3, start=0, mode="digital")
    assert [len(h) for h in state.hands] == [0, 0, 1]


def test_three_player_setup_has_15_towers_and_decks_of_7():
    """Rulebook, Components and Setup: 3 players stack a 5th tower on a card on each inner tower."""
    state = new(3, mode="digital")
    assert state.mat_owner == (0, 1, 2, ABSENT)
    assert len(state.squares) == 12
    state = g.apply(state, ChooseStart(0))
    state = draw_all(state, prefer=ROOF)
    assert sum(len(stack.towers) for stack in state.stacks) == 15
    for seat in range(3):
        mat = state.seat_mats[seat]
        inner = state.stacks[q(mat, "inner")]
        assert inner.towers == (0, 0) and len(inner.cards) == 1 and inner.cards[0].deck == mat
        assert towers(state, mat) == 5
        # decks of 7 after the set-up card; the last player then drew one into hand
        assert state.decks[mat].size + len(state.hands[seat]) == 7
    assert state.decks[3].size == 0


def test_four_player_setup_has_one_tower_per_square():
    state = ready(4)
    assert state.mat_owner == (0, 1, 2, 3)
    assert all(towers(state, m) == 4 for m in range(4))


def test_skilled_mats_have_three_squares_one_tower_stacked_and_everyone_draws():
    state = g.apply(new(2, skilled=True), ChooseStart(0))
    assert len(state.squares) == 12 and q(0, "outer") not in state.squares
    state = draw_all(state)
    for m in range(4):  # neutral mats too: 4 towers each, one on a card
        assert towers(state, m) == 4
        assert len(state.stacks[q(m, "inner")].towers) == 2
    # everyone draws one, the player right of the start player one more
    assert [len(h) for h in state.hands] == [1, 2]


def test_skilled_three_players_keep_five_towers_per_mat():
    state = ready(3, skilled=True)
    for m in range(3):
        assert towers(state, m) == 5
        assert len(state.stacks[q(m, "inner")].towers) == 2 and len(state.stacks[q(m, "left")].towers) == 2
    assert [len(h) for h in state.hands] == [1, 1, 2]


# --- hits and misses ---------------------------------------------------------------


def test_a_hit_takes_the_tower_with_its_ammo_and_the_victim_draws():
    state = ready(2, start=0, mode="digital")
    state = with_stacks(state, {q(0, "outer"): Stack()})  # room on the shooter's mat
    state = shoot(state, 2, "left")
    assert g.to_move(state) == CHANCE and state.pending[-1].kind == "draw" and state.pending[-1].seat == 1
    state = draw_all(state, prefer=MT)
    assert MT in state.hands[1]
    assert g.legal_actions(state) == [Place("outer")]
    state = g.apply(state, Place("outer"))
    assert state.stacks[q(0, "outer")].towers == (1,)
    assert state.stacks[q(2, "left")].towers == ()
    assert state.supply == 35
    assert state.turn_seat == 1  # the turn passed clockwise


def test_a_hit_on_a_neutral_tower_gives_no_draw():
    state = ready(2, start=0, mode="digital")
    state = with_stacks(state, {q(0, "outer"): Stack()})
    state = shoot(state, 1, "inner")
    assert state.pending[-1].kind == "place"
    state = g.apply(state, Place("outer"))
    assert state.hands == ((), (ES,))
    assert towers(state, 1) == 3 and towers(state, 0) == 4


def test_a_miss_returns_the_ammo_and_ends_the_turn():
    state = ready(2, start=0)
    state = shoot(state)
    assert state.supply == 36 and state.turn_seat == 1
    assert all(towers(state, m) == 4 for m in range(4))


def test_a_shot_into_your_own_tower_is_a_miss():
    state = ready(2, start=0)
    landings = [a for a, _ in landing_outcomes(state, replace(state.pending[-1], kind="land"))]
    assert Land(0, "inner") in landings  # table mode lists own towers too
    state = shoot(state, 0, "inner")
    assert state.supply == 36 and state.turn_seat == 1 and towers(state, 0) == 4
    assert g.describe(ready(2), Shoot())


def test_only_the_top_tower_of_a_stack_is_taken_and_its_card_goes_face_up():
    """Rulebook, If You Hit: the card under the taken tower goes to its deck's discard."""
    state = ready(3, start=0, prefer=ROOF, mode="digital")
    state = with_stacks(state, {q(0, "outer"): Stack()})
    inner = state.stacks[q(1, "inner")]
    state = shoot(state, 1, "inner")
    state = draw_all(state)
    state = g.apply(state, Place("outer"))
    assert state.stacks[q(1, "inner")].towers == (0,) and state.stacks[q(1, "inner")].cards == ()
    assert state.discards[1].counts[KIND_INDEX[inner.cards[0].kind]] == 1


def test_ammo_stays_inside_a_tower_for_the_rest_of_the_game():
    state = ready(2, start=0)
    state = with_stacks(state, {q(0, "outer"): Stack(), q(2, "left"): Stack((2,))})
    state = shoot(state, 2, "left")
    state = g.apply(draw_all(state), Place("outer"))
    assert state.stacks[q(0, "outer")].towers == (3,)
    assert tie_break_lines(state)[0].points[0] == 3


# --- placing a captured tower ------------------------------------------------------


def test_a_captured_tower_must_go_on_an_empty_square_if_there_is_one():
    state = ready(2, start=0)
    state = with_stacks(state, {q(0, "outer"): Stack(), q(0, "left"): Stack()})
    state = draw_all(shoot(state, 1, "inner"))
    assert set(g.legal_actions(state)) == {Place("outer"), Place("left")}
    with pytest.raises(IllegalAction, match="empty square"):
        g.apply(state, Place("inner"))
    with pytest.raises(IllegalAction):
        g.apply(state, Place("middle"))


def test_with_no_empty_square_the_top_card_of_your_deck_goes_under_the_new_tower():
    state = ready(2, start=0, mode="digital")
    state = draw_all(shoot(state, 1, "inner"))
    assert set(g.legal_actions(state)) == {Place(s) for s in ("inner", "left", "right", "outer")}
    state = g.apply(state, Place("right"))
    assert g.to_move(state) == CHANCE and state.pending[-1].kind == "stack_card"
    outcomes = g.chance_outcomes(state)
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    state = g.apply(state, Draw(SA))
    assert state.stacks[q(0, "right")] == Stack((0, 1), (Card(0, SA),))
    assert state.decks[0].size == 7


def test_with_an_empty_deck_a_card_of_your_choice_from_hand_goes_under():
    state = ready(2, start=0)
    state = replace(
        state, decks=(Pile(), *state.decks[1:]), discards=(Pile((1, 0, 0, 0)), *state.discards[1:])
    )
    state = with_hand(state, 0, MT, ROOF)
    state = g.apply(draw_all(shoot(state, 1, "inner")), Place("inner"))
    assert g.to_move(state) == 0
    assert set(g.legal_actions(state)) == {GiveCard(MT), GiveCard(ROOF)}
    with pytest.raises(IllegalAction):
        g.apply(state, Draw(ES))
    state = g.apply(state, GiveCard(ROOF))
    assert state.hands[0] == (MT,)
    assert state.stacks[q(0, "inner")].cards == (Card(0, ROOF),)


def test_with_no_deck_and_no_hand_the_discard_is_reshuffled_for_the_stacking_card():
    state = ready(2, start=0, mode="digital")
    state = replace(
        state, decks=(Pile(), *state.decks[1:]), discards=(Pile((0, 3, 0, 0)), *state.discards[1:])
    )
    state = g.apply(draw_all(shoot(state, 1, "inner")), Place("inner"))
    assert g.chance_outcomes(state) == [(Draw(MT), 1.0)]
    state = g.apply(state, Draw(MT))
    assert state.decks[0].counts == (0, 2, 0, 0) and state.discards[0].size == 0


def test_with_no_card_at_all_the_tower_goes_back_in_the_box():
    state = ready(2, start=0)
    state = replace(state, decks=(Pile(), *state.decks[1:]))
    state = draw_all(shoot(state, 1, "inner"))
    assert g.legal_actions(state) == [ReturnToBox()]
    with pytest.raises(IllegalAction):
        g.apply(state, Place("inner"))
    state = g.apply(state, ReturnToBox())
    assert state.removed == 1 and towers(state, 0) == 4 and towers(state, 1) == 3


def test_stacks_have_no_height_limit_by_default():
    """Rulebook (seeds/001_1d99eed64508ff2e.txt), If You Hit: "If you do not have an
    empty square on your mat, you must stack the tower on one of the towers that is
    already there", with no word of a height limit: however tall your stacks, a won
    tower is stacked, never sent back to the box."""
    assert g.INFO.option("max_stack").default == 0
    option = g.INFO.option("max_stack")
    assert (option.minimum, option.maximum) == (0, 16)
    state = ready(2, start=0)
    tall = Stack((0, 0, 0), (Card(0, ES), Card(0, MT)))
    mine = ("inner", "left", "right", "outer")
    state = with_stacks(state, {q(0, s): tall for s in mine})
    state = draw_all(shoot(state, 1, "inner"))
    assert g.legal_actions(state) == [Place(s) for s in mine]
    state = draw_all(g.apply(state, Place("left")))
    assert len(state.stacks[q(0, "left")].towers) == 4 and state.removed == 0
    assert towers(state, 0) == 13


def test_the_house_rule_max_stack_one_forbids_stacking_won_towers():
    state = ready(2, start=0, max_stack=1)
    state = with_stacks(state, {q(0, "outer"): Stack((0,))})
    state = draw_all(shoot(state, 1, "inner"))
    assert g.legal_actions(state) == [ReturnToBox()]


def test_max_stack_limits_stacking_and_a_full_mat_returns_the_tower_to_the_box():
    """The house rule (off by default): a height limit sends a won tower with
    no stack low enough back to the box."""
    state = ready(2, start=0, max_stack=2)
    full = Stack((0, 0), (Card(0, ES),))
    state = with_stacks(state, {q(0, "inner"): full, q(0, "left"): full, q(0, "right"): full})
    state = draw_all(shoot(state, 1, "inner"))
    assert g.legal_actions(state) == [Place("outer")]
    with pytest.raises(IllegalAction, match="2 towers high"):
        g.apply(state, Place("inner"))
    state = with_stacks(state, {q(0, "outer"): full})
    assert g.legal_actions(state) == [ReturnToBox()]


def test_nothing_may_be_stacked_on_a_reinforced_roof():
    state = ready(2, start=0)
    state = with_stacks(state, {q(0, "inner"): Stack((0,), roof=0)})
    state = draw_all(shoot(state, 1, "inner"))
    assert Place("inner") not in g.legal_actions(state)
    with pytest.raises(IllegalAction, match="Reinforced Roof"):
        g.apply(state, Place("inner"))


# --- the victim's draw -------------------------------------------------------------


def test_the_victim_draws_from_the_reshuffled_discard_when_the_deck_is_empty():
    state = ready(2, start=0, mode="digital")
    state = with_stacks(state, {q(0, "outer"): Stack()})
    state = replace(state, decks=(state.decks[0], Pile(), Pile(), Pile()))
    state = replace(state, discards=(Pile(), Pile(), Pile((0, 0, 2, 1)), Pile()))
    state = shoot(state, 2, "inner")
    outcomes = dict(g.chance_outcomes(state))
    assert outcomes == {Draw(SA): pytest.approx(2 / 3), Draw(ROOF): pytest.approx(1 / 3)}
    assert "shuffled" in g.describe(state, Draw(SA))
    state = g.apply(state, Draw(SA))
    assert state.decks[2].counts == (0, 0, 1, 1) and state.discards[2].size == 0
    assert SA in state.hands[1]


def test_no_deck_and_no_discard_means_no_draw():
    state = ready(2, start=0, mode="digital")
    state = with_stacks(state, {q(0, "outer"): Stack()})
    state = replace(state, decks=(state.decks[0], Pile(), Pile(), Pile()))
    state = shoot(state, 2, "inner")
    assert state.pending[-1].kind == "place"
    assert state.hands[1] == (ES,)


# --- cards -----------------------------------------------------------------------


def test_played_cards_go_to_their_own_decks_discard():
    state = with_hand(ready(2, start=0), 0, MT, SA)
    state = g.apply(state, PlayCard(MT))
    state = g.apply(state, PlayCard(SA))
    assert state.hands[0] == () and state.magic_toss and state.strong_ammo
    assert state.discards[0].counts == (0, 1, 1, 0)


def test_cards_are_only_played_before_the_first_shot_and_only_from_hand():
    state = with_hand(ready(2, start=0), 0, ES, ES, MT)
    with pytest.raises(IllegalAction, match="no Strong Ammo"):
        g.apply(state, PlayCard(SA))
    state = g.apply(state, PlayCard(ES))
    state = shoot(state)
    assert state.turn_seat == 0 and state.shot_taken
    assert all(not isinstance(a, PlayCard) for a in g.legal_actions(state))
    with pytest.raises(IllegalAction, match="before the turn's first shot"):
        g.apply(state, PlayCard(MT))


def test_magic_toss_and_strong_ammo_are_played_once_per_turn():
    state = with_hand(ready(2, start=0), 0, MT, MT, SA, SA)
    state = g.apply(g.apply(state, PlayCard(MT)), PlayCard(SA))
    assert PlayCard(MT) not in g.legal_actions(state) and PlayCard(SA) not in g.legal_actions(state)
    with pytest.raises(IllegalAction, match="already in play"):
        g.apply(state, PlayCard(MT))


def test_extra_shot_gives_one_more_shot_after_a_miss():
    state = with_hand(ready(2, start=0), 0, ES)
    state = g.apply(state, PlayCard(ES))
    state = shoot(state)
    assert state.turn_seat == 0 and state.pending[-1].kind == "turn"
    state = shoot(state)
    assert state.turn_seat == 1


def test_extra_shot_gives_one_more_shot_after_a_hit_and_they_add_up():
    state = with_hand(ready(2, start=0), 0, ES, ES)
    state = with_stacks(state, {q(0, "outer"): Stack()})
    state = g.apply(g.apply(state, PlayCard(ES)), PlayCard(ES))
    state = g.apply(draw_all(shoot(state, 2, "inner")), Place("outer"))
    assert state.turn_seat == 0
    state = shoot(state)
    assert state.turn_seat == 0
    state = shoot(state)
    assert state.turn_seat == 1


def test_an_extra_shot_may_be_let_go():
    """Rulebook (seeds/001_1d99eed64508ff2e.txt), Card Effects: "Extra Shot: After you
    take your shot for the turn, you may take an additional one." The extra shot is
    the player's choice; the turn's own shot is not ("Shoot the Catapult!")."""
    state = with_hand(ready(2, start=0), 0, ES, ES)
    assert SkipExtraShot() not in g.legal_actions(state)
    with pytest.raises(IllegalAction, match="Every turn has its shot"):
        g.apply(state, SkipExtraShot())
    state = g.apply(g.apply(state, PlayCard(ES)), PlayCard(ES))
    state = shoot(state)
    assert state.turn_seat == 0 and g.legal_actions(state) == [Shoot(), SkipExtraShot()]
    assert g.label(state, SkipExtraShot()) == "End the turn (skip the 2 extra shots)"
    line = g.describe(state, SkipExtraShot())
    assert line == f"{seat_ref(0)} lets the 2 extra shots go and ends the turn"
    state = g.apply(state, SkipExtraShot())
    assert state.turn_seat == 1 and state.shots_left == 1 and not state.shot_taken
    assert g.to_move(state) == 1 and SkipExtraShot() not in g.legal_actions(state)


def test_letting_an_extra_shot_go_in_a_digital_game_ends_the_turn_and_checks_the_end():
    """Rulebook, Game End: "At the end of every turn, check" (here: the opponent
    lost the last tower to the turn's own shot)."""
    state = with_hand(ready(2, start=0, mode="digital"), 0, ES)
    state = with_stacks(
        state, {q(2, s): Stack() for s in ("left", "right", "outer")} | {q(0, "outer"): Stack()}
    )
    state = g.apply(state, PlayCard(ES))
    state = g.apply(state, Aim(2, "inner", 100))
    state = g.apply(draw_all(g.apply(state, Land(2, "inner"))), Place("outer"))
    actions = g.legal_actions(state)
    assert actions[-1] == SkipExtraShot() and all(isinstance(a, Aim) for a in actions[:-1])
    assert g.label(state, SkipExtraShot()) == "End the turn (skip the extra shot)"
    state = g.apply(state, SkipExtraShot())
    assert state.over and state.end_reason == "towers"


def test_strong_ammo_takes_the_whole_stack_and_frees_the_cards_between():
    """Card Effects, Strong Ammo: all towers of the stack; each is placed by the normal rule."""
    state = with_hand(ready(3, start=0, prefer=ROOF), 0, SA)
    stack = Stack((1, 0, 0), (Card(1, MT), Card(2, ES)))
    state = with_stacks(state, {q(1, "left"): stack, q(0, "outer"): Stack(), q(0, "left"): Stack()})
    state = g.apply(state, PlayCard(SA))
    assert "whole stack of 3" in g.describe(g.apply(state, Shoot()), Land(1, "left"))
    state = shoot(state, 1, "left")
    assert state.stacks[q(1, "left")] == Stack()
    assert state.discards[1].counts[KIND_INDEX[MT]] == 1 and state.discards[2].counts[KIND_INDEX[ES]] == 1
    state = draw_all(state)  # the victim draws once
    placements = [p for p in state.pending if p.kind == "place"]
    assert [p.ammo for p in reversed(placements)] == [1, 0, 1]  # the top tower, with the new ammo, first
    state = g.apply(state, Place("outer"))
    state = g.apply(state, Place("left"))
    assert g.to_move(state) == 0 and state.pending[-1].kind == "place"
    state = draw_all(g.apply(state, Place("inner")))
    assert towers(state, 0) == 6 and towers(state, 1) == 4
    assert state.stacks[q(0, "inner")].towers == (0, 0, 1)
    assert len(state.hands[1]) == 1 and state.supply == 35


def test_strong_ammo_on_a_single_tower_takes_just_that_tower():
    state = with_hand(ready(2, start=0), 0, SA)
    state = with_stacks(state, {q(0, "outer"): Stack()})
    state = g.apply(state, PlayCard(SA))
    state = g.apply(draw_all(shoot(state, 2, "inner")), Place("outer"))
    assert towers(state, 0) == 4 and towers(state, 2) == 3


def test_a_reinforced_roof_goes_on_any_tower_and_stops_the_next_shot():
    state = with_hand(ready(2, start=0), 0, ROOF, ROOF)
    roofs = [a for a in g.legal_actions(state) if isinstance(a, PlayCard)]
    assert len(roofs) == 16  # any tower, own, neutral or the opponent's
    state = g.apply(state, PlayCard(ROOF, 0, "inner"))
    assert state.stacks[q(0, "inner")].roof == 0
    assert PlayCard(ROOF, 0, "inner") not in g.legal_actions(state)
    with pytest.raises(IllegalAction, match="already has"):
        g.apply(state, PlayCard(ROOF, 0, "inner"))
    state = shoot(state)
    # The next shot into that tower is a miss; the roof goes to its deck's discard.
    state = shoot(state, 0, "inner")
    assert state.stacks[q(0, "inner")] == Stack((0,))
    assert state.discards[0].counts[KIND_INDEX[ROOF]] == 1
    assert state.supply == 36 and towers(state, 2) == 4 and state.turn_seat == 0


def test_ammo_bouncing_off_a_roof_removes_it():
    state = with_stacks(ready(2, start=0), {q(2, "inner"): Stack((0,), roof=1)})
    state = g.apply(state, Shoot())
    landings = [a for a, _ in g.chance_outcomes(state)]
    assert Land(2, "inner", True) in landings and Land(0, "inner", True) not in landings
    line = g.describe(state, Land(2, "inner", True))
    assert "bounces off the roof" in line
    state = g.apply(state, Land(2, "inner", True))
    assert state.stacks[q(2, "inner")].roof == -1 and state.discards[1].counts[KIND_INDEX[ROOF]] == 1
    assert state.supply == 36


def test_a_roof_protects_the_whole_stack_also_from_strong_ammo():
    """Rulebook note under Strong Ammo: the roof protects every tower below it."""
    state = with_hand(ready(2, start=0), 0, SA)
    stack = Stack((0, 0, 0), (Card(2, ES), Card(2, MT)), roof=2)
    state = with_stacks(state, {q(2, "inner"): stack, q(0, "outer"): Stack()})
    state = g.apply(state, PlayCard(SA))
    state = shoot(state, 2, "inner")
    assert state.stacks[q(2, "inner")] == replace(stack, roof=-1)
    assert towers(state, 2) == 6 and state.turn_seat == 1


def test_a_roof_on_your_own_tower_is_used_up_by_your_own_shot():
    state = with_stacks(ready(2, start=0), {q(0, "inner"): Stack((0,), roof=0)})
    state = shoot(state, 0, "inner")
    assert state.stacks[q(0, "inner")].roof == -1


def test_beginner_rules_cards_have_no_effects_but_still_go_under_stacks():
    state = with_hand(ready(2, start=0, beginner=True, mode="digital"), 0, ES, MT, SA, ROOF)
    assert not any(isinstance(a, PlayCard) for a in g.legal_actions(state))
    with pytest.raises(IllegalAction, match="Beginner"):
        g.apply(state, PlayCard(ES))
    state = g.apply(draw_all(shoot(state, 1, "inner")), Place("inner"))
    state = g.apply(state, Draw(MT))
    assert state.stacks[q(0, "inner")].cards == (Card(0, MT),)


# --- the end ---------------------------------------------------------------------


def test_the_game_ends_after_the_turn_in_which_the_supply_runs_out():
    state = with_hand(replace(ready(2, start=0), supply=1), 0, ES)
    state = with_stacks(state, {q(0, "outer"): Stack()})
    state = g.apply(state, PlayCard(ES))
    state = g.apply(draw_all(shoot(state, 1, "inner")), Place("outer"))
    # the extra shot is lost: no ammo left; the end is checked now
    assert state.over and state.end_reason == "ammo" and g.to_move(state) is None
    assert g.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="over"):
        g.apply(state, Shoot())


def test_the_game_ends_after_the_turn_in_which_a_player_loses_the_last_tower():
    state = ready(2, start=0)
    state = with_stacks(
        state, {q(2, s): Stack() for s in ("left", "right", "outer")} | {q(0, "outer"): Stack()}
    )
    state = with_hand(state, 0, ES)
    state = g.apply(state, PlayCard(ES))
    state = g.apply(draw_all(shoot(state, 2, "inner")), Place("outer"))
    assert not state.over  # the extra shot still comes first: the end is checked after the turn
    state = shoot(state)
    assert state.over and state.end_reason == "towers"
    result = g.result(state)
    assert result.finished and result.winners == (0,)


def test_a_neutral_mat_with_no_towers_does_not_end_the_game():
    state = ready(2, start=0)
    state = with_stacks(state, {q(1, s): Stack() for s in ("inner", "left", "right", "outer")})
    state = shoot(state)
    assert not state.over


def test_an_extra_shot_with_nothing_left_to_aim_at_is_skipped():
    state = ready(2, start=0, mode="digital")
    empty = {q(m, s): Stack() for m in (1, 3) for s in ("inner", "left", "right", "outer")}
    empty |= {q(2, s): Stack() for s in ("left", "right", "outer")} | {q(0, "outer"): Stack()}
    state = g.apply(with_hand(with_stacks(state, empty), 0, ES), PlayCard(ES))
    state = g.apply(state, Aim(2, "inner", 100))
    state = g.apply(draw_all(g.apply(state, Land(2, "inner"))), Place("outer"))
    assert state.over and state.end_reason == "towers"


# --- scoring -----------------------------------------------------------------------


def _scored(state: g.State, towers_per_seat, ammo_per_seat, cards_per_seat) -> g.State:
    items = [Stack()] * 16
    for seat, (count, ammo) in enumerate(zip(towers_per_seat, ammo_per_seat, strict=True)):
        mat = state.seat_mats[seat]
        for i in range(count):
            items[4 * mat + i] = Stack((ammo if i == 0 else 0,))
    hands = tuple((ES,) * n for n in cards_per_seat)
    return replace(state, stacks=tuple(items), hands=hands, over=True, pending=())


def test_tie_break_example_the_third_player_beats_the_start_player():
    """Rulebook (seeds/001_1d99eed64508ff2e.txt), Final Scoring: the start player and
    the player who went third have the same towers, ammo and cards: the third player wins."""
    state = ready(4, start=0)
    state = _scored(state, (4, 2, 4, 3), (2, 1, 2, 0), (1, 0, 1, 3))
    result = g.result(state)
    assert result.winners == (2,)
    assert result.decided_by == (
        "A tie on 4 towers, 2 ammo and 1 card, broken by turn order: going 3rd beats going 1st"
    )
    assert ranking(state)[:2] == [2, 0]
    # turn order counts from the start player: started by seat 3, seat 0 went second and seat 2 fourth
    assert g.result(replace(state, start_seat=3)).winners == (2,)
    assert g.result(replace(state, start_seat=1)).winners == (0,)


@pytest.mark.parametrize(
    ("towers_per_seat", "ammo", "cards", "winner", "decided_by"),
    [
        ((4, 3), (0, 4), (0, 5), 0, "Most towers on the mat"),
        (
            (4, 4),
            (3, 2),
            (0, 5),
            0,
            "A tie on 4 towers, broken by the most ammo inside the towers: 3 against 2",
        ),
        (
            (4, 4),
            (2, 2),
            (1, 2),
            1,
            "A tie on 4 towers and 2 ammo, broken by the most cards in hand: 2 against 1",
        ),
        (
            (4, 4),
            (2, 2),
            (2, 2),
            1,
            "A tie on 4 towers, 2 ammo and 2 cards, broken by turn order: going 2nd beats going 1st",
        ),
    ],
)
def test_each_tie_break_line(towers_per_seat, ammo, cards, winner, decided_by):
    """Rulebook, Final Scoring: "Whoever has the most on their Player mat, wins!",
    then ammo inside the towers, cards in hand, later in turn order."""
    state = _scored(ready(2, start=0), towers_per_seat, ammo, cards)
    result = g.result(state)
    assert result.winners == (winner,) and result.decided_by == decided_by
    assert result.scores == tuple(float(t) for t in towers_per_seat)
    breaks = tie_break_lines(state)
    assert [line.label for line in breaks] == [
        "Ammo inside the towers",
        "Cards in hand",
        "Turn order (later wins)",
    ]
    assert breaks[0].points == tuple(map(float, ammo)) and breaks[1].points == tuple(map(float, cards))
    assert breaks[2].points == (1.0, 2.0)


def test_the_score_lines_add_up_to_the_scores_and_hold_no_tie_break():
    """Rulebook, Final Scoring: "Count the number of Castle towers on each player's
    mat": the score is the towers. Ammo, cards and turn order only break ties, so
    they are not score lines (rules.core.Result: ``lines`` add up to ``scores``)."""
    state = _scored(ready(3, start=1), (4, 4, 2), (7, 4, 9), (0, 3, 1))
    result = g.result(state)
    assert [line.label for line in result.lines] == ["Towers on the mat"]
    for seat in range(3):
        assert sum(line.points[seat] for line in result.lines) == result.scores[seat]
    assert result.scores == (4.0, 4.0, 2.0) and result.winners == (0,)
    # Only the players still tied are compared: the third player's 9 ammo does not count.
    assert result.decided_by == "A tie on 4 towers, broken by the most ammo inside the towers: 7 against 4"


def test_a_three_way_tie_names_every_tied_value():
    state = _scored(ready(4, start=0), (3, 3, 3, 1), (2, 2, 2, 0), (1, 1, 1, 0))
    result = g.result(state)
    assert result.winners == (2,)
    assert result.decided_by == (
        "A tie on 3 towers, 2 ammo and 1 card, broken by turn order: going 3rd beats going 2nd and 1st"
    )


def test_an_interim_result_is_not_finished():
    result = g.result(ready(3))
    assert not result.finished and result.scores == (5.0, 5.0, 5.0)


# --- view, describe, label ---------------------------------------------------------


def test_view_hides_other_hands_face_down_cards_and_deck_make_up():
    state = with_hand(ready(3, start=0, prefer=ROOF, mode="digital"), 0, ES, MT)
    seen = g.view(state, 0)
    assert seen.hands[0] == (ES, MT) and seen.hands[2] == (HIDDEN,)
    assert seen.stacks[q(1, "inner")].cards == (Card(1, HIDDEN),)
    assert seen.decks[1].size == state.decks[1].size and seen.decks[1].counts == (0, 0, 0, 0)
    assert seen.discards == state.discards and seen.supply == state.supply
    assert type(seen) is type(state)
    assert g.view(state, 2).hands[2] == state.hands[2]


def test_log_lines_name_seats_and_never_a_face_down_card():
    digital = g.apply(new(3, mode="digital"), ChooseStart(1))
    assert g.describe(new(3), ChooseStart(1)).startswith(seat_ref(1))
    line = g.describe(digital, Draw(SA))
    assert "Strong Ammo" not in line and "face down" in line
    state = g.apply(new(3), ChooseStart(1))
    assert g.describe(state, Shoot()) == f"{seat_ref(1)} shoots"
    state = g.apply(state, Shoot())
    assert (
        g.describe(state, Land(2, "left"))
        == f"The ammo lands in {seat_ref(2)}'s left tower: {seat_ref(1)} takes it"
    )
    assert "nowhere" in g.describe(state, Land())
    assert g.label(state, Land()) == "Nowhere" and g.label(state, Land(2, "left")) == "In {P2}'s left"
    assert g.label(state, Land(3, "left", True)) == "Off the roof on Princess left"  # 3 players: no owner
    digital = with_stacks(draw_all(digital), {q(1, "outer"): Stack()})
    digital = g.apply(g.apply(digital, Aim(2, "left", 100)), Land(2, "left"))
    assert g.describe(digital, Draw(ES)) == f"{seat_ref(2)} draws a card"
    # At a real table the draw is only told, never typed in.
    before = with_stacks(state, {q(1, "outer"): Stack()})
    after = g.apply(before, Land(2, "left"))
    assert f"{seat_ref(2)} draws a card, kept secret until it is played" in " ".join(
        g.effects(before, Land(2, "left"), after)
    )


def test_every_listed_action_has_a_label_and_a_description():
    state = with_hand(ready(2, start=0, mode="digital"), 0, ES, MT, SA, ROOF)
    for action in g.legal_actions(state):
        assert g.label(state, action) and g.describe(state, action)


def test_unexpected_actions_are_refused_with_a_reason():
    state = ready(2, start=0)
    for action in (Draw(ES), Land(), Place("inner"), ChooseStart(0), GiveCard(ES)):
        with pytest.raises(IllegalAction) as error:
            g.apply(state, action)
        assert "not possible now" in error.value.reason
    state = g.apply(state, Shoot())
    with pytest.raises(IllegalAction):
        g.apply(state, Land(3, "middle"))
    with pytest.raises(IllegalAction):
        g.apply(state, Land(0, "inner", True))  # no roof there to bounce off


def test_chance_answers_that_cannot_have_happened_are_refused():
    state = new(3, mode="digital")
    with pytest.raises(IllegalAction, match="not at this table"):
        g.apply(state, ChooseStart(3))
    state = g.apply(state, ChooseStart(0))
    state = replace(state, decks=(Pile((0, 8, 0, 0)), *state.decks[1:]))
    assert g.chance_outcomes(state) == [(Draw(MT), 1.0)]
    with pytest.raises(IllegalAction, match="No Extra Shot"):
        g.apply(state, Draw(ES))
    with pytest.raises(IllegalAction):
        g.apply(state, Draw("Fireball"))
    state = g.apply(new(3), ChooseStart(0))  # the shot: at a real table, where any landing may be named
    state = g.apply(state, Shoot())
    with pytest.raises(IllegalAction):
        g.apply(state, Land(3, "inner"))  # the empty quadrant of a 3-player game
    assert Land(3, "inner") not in [a for a, _ in g.chance_outcomes(state)]


def test_roofs_and_aims_need_a_tower_in_play():
    state = with_hand(ready(3, start=0, mode="digital"), 0, ROOF)
    state = with_stacks(state, {q(1, "outer"): Stack()})
    with pytest.raises(IllegalAction, match="square is empty"):
        g.apply(state, PlayCard(ROOF, 1, "outer"))
    with pytest.raises(IllegalAction, match="Princess mat"):
        g.apply(state, PlayCard(ROOF, 3, "outer"))
    with pytest.raises(IllegalAction, match="no tower"):
        g.apply(state, Aim(1, "outer", 50))
    with pytest.raises(IllegalAction, match="Only a Reinforced Roof"):
        g.apply(with_hand(state, 0, ES), PlayCard(ES, 1, "inner"))
