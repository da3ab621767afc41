"""Catapult Castle's decision stack and event log: the top of ``pending`` is
its last item, and every automatic step that changes the game by itself is
told in the log (``effects``) after the action that set it off."""

from __future__ import annotations

import castletui.rules.catapult_castle as g
from castletui.rules.catapult_castle.edition import EXTRA_SHOT
from castletui.rules.catapult_castle.state import ChooseStart, Land, Pile, Place, PlayCard, Shoot, Stack
from castletui.rules.core import CHANCE, Config, top
from msgspec.structs import replace

from tests.rules.catapult_castle.helpers import draw_all, new, q, ready, shoot, with_hand, with_stacks

ES = EXTRA_SHOT


def told(before: g.State, action: object) -> tuple[g.State, list[str]]:
    """The state after ``action`` and the log lines its automatic steps gave."""
    after = g.apply(before, action)
    return after, g.effects(before, action, after)


# --- one decision stack, top last --------------------------------------------------


def test_the_top_of_the_decision_stack_is_its_last_item():
    state = new(2)
    assert top(state.pending) is state.pending[-1]
    assert state.pending[-1].kind == "start" and g.to_move(state) == CHANCE
    # The set-up cards (3 players: one per mat) wait under the start player's choice.
    three = new(3, mode="digital")
    assert [step.kind for step in three.pending[-4:]] == ["setup_card"] * 3 + ["start"]
    # At a real table nobody looks at them: they are under their towers, unseen, from the start.
    assert [step.kind for step in new(3).pending] == ["next", "opening_draws", "start"]
    playing = ready(2, start=1)
    assert playing.pending[-1].kind == "turn" and playing.pending[-1].seat == 1
    assert g.to_move(playing) == 1


def test_a_captured_tower_waits_under_the_victims_card():
    """The victim draws first (on top), then the shooter places the tower."""
    state = with_stacks(ready(2, start=0, mode="digital"), {q(0, "outer"): Stack()})
    state = shoot(state, 2, "inner")
    assert [step.kind for step in state.pending[-2:]] == ["place", "draw"]
    assert state.pending[-1].seat == 1 and g.to_move(state) == CHANCE


def test_a_solo_game_is_shooting_at_once_with_nothing_but_its_turn_pending():
    state = g.setup(Config("solo", 1))
    assert state.pending[-1].kind == "turn" and g.to_move(state) == 0
    assert state.events == ()


# --- the events, as the log tells them -------------------------------------------------


def test_an_ordinary_action_tells_nothing_more_and_clears_the_last_events():
    state = with_hand(ready(2, start=0), 0, ES)
    state = g.apply(g.apply(g.apply(state, PlayCard(ES)), Shoot()), Land())
    assert [event.kind for event in state.events] == ["extra_shot"]
    state, lines = told(state, Shoot())
    assert lines == [] and state.events == ()


def test_a_card_due_from_an_empty_deck_and_discard_is_told():
    state = with_stacks(ready(2, start=0), {q(0, "outer"): Stack()})
    empty = tuple(Pile() if mat == 2 else pile for mat, pile in enumerate(state.decks))
    state = g.apply(replace(state, decks=empty, discards=(Pile(),) * 4), Shoot())
    state, lines = told(state, Land(2, "inner"))
    assert lines == ["{P1} has no card left to draw: their deck and discard are empty"]
    assert state.pending[-1].kind == "place" and g.to_move(state) == 0


def test_an_extra_shot_still_to_take_is_told():
    state = with_hand(ready(2, start=0), 0, ES, ES)
    state = g.apply(g.apply(state, PlayCard(ES)), PlayCard(ES))
    state, lines = told(g.apply(state, Shoot()), Land())
    assert lines == ["{P0} has 2 extra shots to take"]
    state, lines = told(g.apply(state, Shoot()), Land())
    assert lines == ["{P0} has an extra shot to take"]
    assert state.pending[-1].kind == "turn" and state.turn_seat == 0


def test_the_end_for_want_of_ammo_is_told():
    state = with_stacks(replace(ready(2, start=0), supply=1), {q(0, "outer"): Stack()})
    state = draw_all(shoot(state, 1, "inner"))
    state, lines = told(state, Place("outer"))
    assert lines == ["The supply is out of ammo: the game ends"]
    assert state.over and state.events[-1].kind == "game_over"


def test_the_end_when_a_player_has_no_tower_left_is_told():
    state = ready(2, start=0)
    state = with_stacks(
        state, {q(2, s): Stack() for s in ("left", "right", "outer")} | {q(0, "outer"): Stack()}
    )
    state = draw_all(shoot(state, 2, "inner"))
    state, lines = told(state, Place("outer"))
    assert lines == ["{P1} has no tower left: the game ends"]
    assert state.over and state.end_reason == "towers"


def test_the_solo_ends_are_told():
    solo = g.setup(Config("solo", 1, mode="table"))
    last_ammo = replace(solo, supply=1)
    state, lines = told(g.apply(last_ammo, Shoot(0)), Land())
    assert lines == ["The last ammo is shot: the game ends"]
    one_tower = with_stacks(solo, {square: Stack() for square in solo.squares if square != q(1, "inner")})
    state, lines = told(g.apply(one_tower, Shoot(0)), Land(1, "inner"))
    assert lines == ["No tower is left on the table: the game ends"]
    assert state.over and state.end_reason == "cleared"


def test_every_seat_sees_the_events_the_log_tells():
    state = with_stacks(replace(ready(2, start=0), supply=1), {q(0, "outer"): Stack()})
    state = g.apply(draw_all(shoot(state, 1, "inner")), Place("outer"))
    assert g.view(state, 1).events == state.events


def test_the_opening_draws_fall_due_after_the_start_player_is_chosen():
    state = g.apply(new(2, mode="digital"), ChooseStart(1))
    # The player to the start player's right (seat 0) draws a card for going last.
    assert state.pending[-1].kind == "draw" and state.pending[-1].seat == 0
