"""Declining a hit (issue 43 item 3; games/catapult-castle.md, "Declining a
hit"): the rulebook's "If You Hit" says the shooter "may immediately take"
the tower. With the option ``may_decline_hit`` (on in every new game) the
shooter is asked; a declined tower stays where it stands with the ammo
inside it, its owner draws nothing, and the shot is over as after a hit.
Saves made before the option replay as they were played, and the bots
decline only when stacking would cost more than the tower is worth."""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path

import castletui.rules.catapult_castle as g
import pytest
from castletui.rules.catapult_castle.bots.rule_of_thumb import stacking_cost, tower_worth
from castletui.rules.catapult_castle.edition import EXTRA_SHOT, MAGIC_TOSS, ROOF, STRONG_AMMO
from castletui.rules.catapult_castle.queries import preview, prompt
from castletui.rules.catapult_castle.state import (
    LEAVE_TOWER,
    TAKE_TOWER,
    Card,
    Draw,
    Land,
    LeaveTower,
    Pile,
    PlayCard,
    Shoot,
    Stack,
    TakeTower,
)
from castletui.rules.core import Config, IllegalAction, bots, name_seats, state_hash
from msgspec.structs import replace

import tests.rules.test_conformance as conformance
import tests.rules.test_screen_hooks_on_view as screen_hooks
import tests.rules.test_table_entry_conformance as table_conformance
from castletui import saves
from tests.playing import case_id, playout
from tests.rules.catapult_castle.helpers import (
    q,
    ready,
    shoot,
    towers,
    with_hand,
    with_stacks,
)

MODES = ("digital", "table")
SEATS = (2, 3, 4)
FIXTURES = Path(__file__).parents[2] / "saves" / "fixtures"


def victim_mat(state: g.State) -> int:
    """The mat of the player after the start player (seat 1)."""
    return state.seat_mats[1]


def hit(seats: int, mode: str, decline: bool = True, **changes) -> g.State:
    """Seat 0 lands its ammo in seat 1's left tower."""
    state = ready(seats, mode, may_decline_hit=decline)
    if changes:
        state = replace(state, **changes)
    return shoot(state, victim_mat(state), "left")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seats", SEATS)
def test_a_hit_asks_the_shooter_to_take_the_tower_or_leave_it(seats, mode):
    state = hit(seats, mode)
    assert g.to_move(state) == 0 and state.pending[-1].kind == "take"
    assert g.legal_actions(state) == [TAKE_TOWER, LEAVE_TOWER]
    square = q(victim_mat(state), "left")
    assert g.spot(state, TAKE_TOWER) == square and g.spot(state, LEAVE_TOWER) == square
    with pytest.raises(IllegalAction, match="take the tower or leave it standing"):
        g.apply(state, Draw(EXTRA_SHOT))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seats", SEATS)
def test_a_declined_tower_stays_with_the_ammo_inside_its_owner_draws_nothing_and_the_turn_ends(seats, mode):
    before = hit(seats, mode)
    square = q(victim_mat(before), "left")
    after = g.apply(before, LEAVE_TOWER)
    assert after.stacks[square] == Stack((1,))
    assert towers(after, victim_mat(after)) == towers(before, victim_mat(before))
    assert towers(after, after.seat_mats[0]) == towers(before, before.seat_mats[0])
    assert after.hands == before.hands and after.decks == before.decks  # nobody draws, nothing stacked
    assert after.supply == before.supply - 1  # the ammo stays in the tower, not back in the supply
    assert after.turn_seat == 1 and g.to_move(after) == 1 and after.pending[-1].kind == "turn"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seats", SEATS)
def test_taking_the_tower_is_the_hit_as_it_always_was(seats, mode):
    asked = g.apply(hit(seats, mode), TAKE_TOWER)
    old = hit(seats, mode, decline=False)
    assert old.pending[-1].kind != "take"
    assert replace(asked, may_decline=False) == old


@pytest.mark.parametrize("mode", MODES)
def test_strong_ammo_declined_leaves_the_whole_stack_the_ammo_in_its_top(mode):
    state = ready(2, mode, may_decline_hit=True)
    victim = victim_mat(state)
    square = q(victim, "left")
    stack = Stack((0, 2), (Card(victim, MAGIC_TOSS),))
    state = with_hand(with_stacks(state, {square: stack}), 0, STRONG_AMMO)
    state = g.apply(state, PlayCard(STRONG_AMMO))
    state = shoot(state, victim, "left")
    assert g.label(state, TAKE_TOWER) == "Take the stack of 2"
    assert g.describe(state, TAKE_TOWER).endswith("takes the whole stack of 2 towers on {P1}'s left square")
    after = g.apply(state, LEAVE_TOWER)
    assert after.stacks[square] == Stack((0, 3), stack.cards)
    assert after.discards == state.discards  # no card freed


@pytest.mark.parametrize("mode", MODES)
def test_an_extra_shot_still_follows_a_declined_hit(mode):
    state = with_hand(ready(2, mode, may_decline_hit=True), 0, EXTRA_SHOT)
    state = shoot(g.apply(state, PlayCard(EXTRA_SHOT)), victim_mat(state), "left")
    after = g.apply(state, LEAVE_TOWER)
    assert g.to_move(after) == 0 and after.pending[-1].kind == "turn" and after.shot_taken


@pytest.mark.parametrize("mode", MODES)
def test_a_players_last_tower_declined_does_not_end_the_game(mode):
    state = ready(2, mode, may_decline_hit=True)
    victim = victim_mat(state)
    last = {q(victim, name): Stack() for name in ("inner", "right", "outer")}
    state = shoot(with_stacks(state, last), victim, "left")
    after = g.apply(state, LEAVE_TOWER)
    assert not after.over and towers(after, victim) == 1
    taken = g.apply(state, TAKE_TOWER)
    taken = g.apply(taken, next(a for a in g.legal_actions(taken)))  # place it (a draw first, digital)
    while not taken.over and g.to_move(taken) != 1:
        taken = g.apply(taken, g.legal_actions(taken)[0])
    assert taken.over and taken.end_reason == "towers"


@pytest.mark.parametrize("mode", MODES)
def test_the_option_off_every_hit_takes_the_tower(mode):
    state = hit(2, mode, decline=False)
    assert all(not isinstance(a, TakeTower | LeaveTower) for a in g.legal_actions(state))
    assert towers(state, victim_mat(state)) == 3


@pytest.mark.parametrize("mode", MODES)
def test_solo_has_no_choice_a_hit_removes_the_tower(mode):
    """Solo says "remove the tower from the mat entirely": no "may" there."""
    with pytest.raises(IllegalAction, match="no option 'may_decline_hit'"):
        g.setup(Config("solo", 1, {"may_decline_hit": True}, mode))
    state = g.setup(Config("solo", 1, saves_options("solo"), mode))
    assert not state.may_decline
    from_mat, target = 0, q(1, "outer")
    action = Shoot(from_mat) if mode == "table" else g.Aim(1, "outer", 100, from_mat)
    state = g.apply(g.apply(state, action), Land(1, "outer"))
    assert state.removed == 1 and not state.stacks[target].towers and state.pending[-1].kind == "turn"


def saves_options(variant: str) -> dict:
    """The options a new save writes: every one, defaults too."""
    return {option.name: option.default for option in g.INFO.options_for(variant)}


# --- new games and old saves ------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_a_new_game_asks_by_default(mode):
    config = Config("standard", 2, {}, mode)
    save = saves.new_save("catapult-castle", config, [saves.Player("A"), saves.Player("B")], 7, mode)
    assert save.config.options["may_decline_hit"] is True
    assert g.setup(save.rules_config()).may_decline


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seats", SEATS)
def test_a_save_from_before_the_option_replays_as_it_was_played(seats, mode):
    """A save made before the option holds every other option but not this
    one, and its log goes from a hit straight on (no take or leave): it
    must replay to the very states it recorded, hashes and all."""
    old_options = {
        name: value for name, value in saves_options("standard").items() if name != "may_decline_hit"
    }
    config = Config("standard", seats, old_options, mode)
    save = saves.new_save("catapult-castle", config, [saves.Player(f"P{s}") for s in range(seats)], 5, mode)
    save.config.options.pop("may_decline_hit")
    assert save.rules_config().options["may_decline_hit"] is False
    # Played as castletui played every game before the option: each hit taken at once.
    run = playout(
        "catapult-castle", replace(config, options={**old_options, "may_decline_hit": False}), seed=5
    )
    assert any(after.pending and after.pending[-1].kind in ("place", "draw") for after in run.states)
    for seat, action, after in zip(run.seats, run.actions, run.states[1:], strict=True):
        save = saves.append(save, seat, action, after, "2026-12-01T00:00:00+00:00")
    states = saves.replay_states(save)
    saves.verify(save, states)
    assert [state_hash(state) for state in states[1:]] == [entry.hash for entry in save.log]
    assert states[-1].over and not states[-1].may_decline


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("v1-catapult-castle.*")), ids=lambda path: path.name)
def test_the_format_1_catapult_save_still_loads(tmp_path, path):
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    save, states = saves.load_states(copy)  # replayed and its recorded hash checked
    assert "may_decline_hit" not in save.config.options and not states[-1].may_decline


# --- the words ----------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_the_decision_is_worded_for_the_shooter(mode):
    state = ready(2, mode, may_decline_hit=True)
    flying = g.apply(state, Shoot() if mode == "table" else g.Aim(victim_mat(state), "left", 100))
    names = ["Ann", "Bob"]
    assert (
        name_seats(g.describe(flying, Land(victim_mat(state), "left")), names)
        == "The ammo lands in Bob's left tower: a hit, Ann may take it"
    )
    state = g.apply(flying, Land(victim_mat(state), "left"))
    view = g.view(state, 0)
    assert name_seats(prompt(view, 0), names) == "Ann, your ammo is in Bob's left tower: take it or leave it?"
    assert [g.label(view, a) for a in g.legal_actions(state)] == ["Take the tower", "Leave it standing"]
    assert name_seats(preview(view, TAKE_TOWER, 0), names) == (
        "Your mat is full: it is stacked, a card under it; Bob draws a card."
    )
    assert name_seats(preview(view, LEAVE_TOWER, 0), names) == (
        "It stays where it stands, your ammo inside; Bob draws no card."
    )
    assert name_seats(g.describe(state, TAKE_TOWER), names) == "Ann takes Bob's left tower"
    assert name_seats(g.describe(state, LEAVE_TOWER), names) == (
        "Ann leaves Bob's left tower standing, the ammo inside it"
    )


# --- the bots -------------------------------------------------------------------------

LEVELS = ("easy", "normal", "hard")


def _costly(mode: str) -> g.State:
    """Seat 0's mat is full, its deck and discard are empty and its one card
    is a Reinforced Roof that could shield its stack of 3: stacking the hit
    tower would cost that card, worth more than a single tower."""
    state = ready(2, mode, may_decline_hit=True)
    own = state.seat_mats[0]
    state = with_stacks(
        state, {q(own, "inner"): Stack((0, 0, 0), (Card(own, EXTRA_SHOT), Card(own, EXTRA_SHOT)))}
    )
    empty = (Pile(),) * len(state.decks)
    state = replace(state, decks=empty, discards=empty)
    state = with_hand(state, 0, ROOF)
    return shoot(state, victim_mat(state), "left")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("level", LEVELS)
def test_bots_take_a_tower_whose_stacking_costs_only_the_top_card_of_the_deck(level, mode):
    state = hit(2, mode)
    assert stacking_cost(state, 0) < tower_worth(state, q(victim_mat(state), "left"))
    assert bots.choose(g, state, level, random.Random(1)) == TAKE_TOWER


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("level", LEVELS)
def test_bots_take_a_tower_with_an_empty_square_for_it(level, mode):
    state = ready(2, mode, may_decline_hit=True)
    state = shoot(with_stacks(state, {q(state.seat_mats[0], "outer"): Stack()}), victim_mat(state), "left")
    assert stacking_cost(state, 0) == 0
    assert bots.choose(g, state, level, random.Random(1)) == TAKE_TOWER


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("level", LEVELS)
def test_bots_decline_when_stacking_costs_more_than_the_tower_is_worth(level, mode):
    state = _costly(mode)
    assert state.pending[-1].kind == "take"
    assert stacking_cost(state, 0) > tower_worth(state, q(victim_mat(state), "left"))
    assert bots.choose(g, state, level, random.Random(1)) == LEAVE_TOWER


ASKING = [
    ("catapult-castle", Config("standard", seats, {"may_decline_hit": True}, mode))
    for seats in SEATS
    for mode in MODES
]


@pytest.mark.parametrize("case", ASKING, ids=case_id)
def test_games_that_ask_keep_the_protocol(case, tmp_path):
    """The conformance suite over games that ask (its own cases set the
    options up as a save from before the option: nothing asks there)."""
    for seed in range(4):
        conformance.test_seeded_random_playouts_reach_the_end(case, seed)
    conformance.test_every_listed_action_is_accepted_and_input_never_mutated(case)
    conformance.test_chance_probabilities_sum_to_one(case)
    conformance.test_replaying_the_log_rebuilds_the_same_state(case)
    conformance.test_saves_round_trip_through_toml_and_json(case, tmp_path)
    conformance.test_view_keeps_the_type_and_is_stable(case)
    conformance.test_an_action_of_the_wrong_kind_is_refused_with_a_reason(case)
    run = playout(*case, seed=3)
    assert any(isinstance(a, TakeTower | LeaveTower) for a in run.actions)
    if case[1].mode == "table":
        table_conformance.test_a_table_mode_game_is_entered_with_named_questions_batches_and_a_form(case)
        table_conformance.test_every_example_a_table_entry_prompt_offers_is_accepted(case)
    else:
        for seed in (1, 2):
            screen_hooks.test_the_screen_api_on_a_seats_view_answers_as_on_the_full_state(case, seed)
        screen_hooks.test_what_is_hidden_from_a_seat_swapped_changes_none_of_its_answers_on_its_view(case)


def test_the_rules_text_says_a_hit_may_be_left_standing():
    """The in-app rules (our own words) tell the choice, the option and what the bots do."""
    text = (resources.files(g.__name__) / "rules_text.md").read_text(encoding="utf-8")
    assert "You may take that\ntower" in text and "**Leaving a hit**" in text
    assert "`may_decline_hit`" in text and "Games saved before castletui asked" in text
    assert "unless stacking one would cost\n  it more than the tower is worth" in text
