"""Castle Raisers' decision stack and event log: the top of ``pending`` is its
last item, and what the rules do by themselves (an automatic step, a decision
they skip) is recorded as an event and told in the log (``effects``) after
the action that set it off."""

from __future__ import annotations

import random

import castletui.rules.castle_raisers as game
import pytest
from castletui.rules.castle_raisers.state import DrawWolf, Pending
from castletui.rules.castle_raisers.text import _EVENT_LINES
from castletui.rules.core import CHANCE, Config, chance_rng, pushed, sample_outcome, top

from tests.rules.castle_raisers.helpers import bare, castle, replace

# --- one decision stack, top last ----------------------------------------------------


def test_the_top_of_the_decision_stack_is_its_last_item():
    state = game.setup(Config("competitive", 2))
    assert top(state.pending) is state.pending[-1]
    assert state.pending[-1].kind == "draw_start_player" and game.to_move(state) == CHANCE
    assert [step.kind for step in state.pending] == ["lay_out", "draw_start_player"]
    chosen = game.setup(Config("competitive", 2, options={"start_player": "player 2"}))
    # the set-up ran from the start player: the first board draw is on top, the first age at the bottom
    assert chosen.pending[-1].kind == "draw_board" and chosen.pending[-1].seat == 0
    assert chosen.pending[0].kind == "age_start"
    assert chosen.events == ()


# --- the events, as the log tells them ------------------------------------------------


def told(*steps: Pending, **changes) -> tuple[game.State, list[str]]:
    """The log lines after a wolf is drawn with ``steps`` (first taken first) waiting under it."""
    state = bare([castle("A"), castle("B")], **changes)
    state = replace(state, pending=pushed((), Pending("wolf", seat=0, section=0, count=1), *steps))
    after = game.apply(state, DrawWolf("soldier"))
    lines = game.effects(state, DrawWolf("soldier"), after)
    assert len(lines) >= len(after.events)  # every event says something
    return after, lines


def test_an_ordinary_action_tells_nothing_and_clears_the_last_events():
    after, lines = told(
        Pending("pour", seat=1, section=2, count=1), Pending("wolf", seat=1, section=2, count=1)
    )
    assert lines == ["No wolves in {P1}'s farmlands: 1 cauldron unused"]
    assert [event.kind for event in after.events] == ["cauldrons_unused"]
    again = game.apply(after, DrawWolf("soldier"))
    assert again.events == () and game.effects(after, DrawWolf("soldier"), again) == []


def test_an_empty_bag_is_told_once_for_a_run_of_players():
    _, lines = told(
        Pending("wolf", seat=1, section=2, count=1),
        Pending("wolf", seat=0, section=2, count=2),
        bag=(1, 0, 0, 0),
    )
    assert lines == ["The bag is empty: {P1} and {P0} draw no more wolves into the farmlands"]
    _, lines = told(Pending("wolf", seat=1, section=2, count=1), bag=(1, 0, 0, 0))
    assert lines == ["The bag is empty: {P1} draws no more wolves into the farmlands"]


def test_two_pourings_in_a_row_with_nothing_to_defeat_make_one_line():
    _, lines = told(Pending("pour", seat=0, section=1, count=1), Pending("pour", seat=0, section=1, count=1))
    assert lines == ["No wolves in {P0}'s sea: 2 pourings of 1 cauldron unused"]


def test_two_pourings_with_an_icon_firing_between_are_told_apart():
    """A second Defender fires after the first pouring was skipped: two lines, as before."""
    fire = Pending("fire", seat=0, section=1, ability="DEF")
    _, lines = told(fire, fire)
    assert lines == ["No wolves in {P0}'s sea: 1 cauldron unused"] * 2


@pytest.mark.parametrize(
    ("step", "changes", "line"),
    [
        (Pending("reveal"), {"wall_stack": ()}, "The Age I stack is empty: no more Wall tiles are revealed"),
        (
            Pending("village_take", seat=0),
            {"village_stacks": (), "village_face_up": ()},
            "No Village tokens are left: {P0} settles no villager",
        ),
        (Pending("remove_wolf", seat=0, count=2), {}, "No wolves are left in the lines: {P0} removes none"),
        (
            Pending("dispatch", seat=0, section=0, count=1),
            {"attack_supply": (0, 0, 0)},
            "No Attack tokens are left: {P0}'s Dispatch sends no wolves",
        ),
        (
            Pending("wolves_attack"),
            {"attack_supply": (0, 0, 0)},
            "No Attack tokens are left: the wolves do not attack",
        ),
        (
            Pending("coop_dispatch", seat=0, section=0),
            {"attack_supply": (0, 0, 0)},
            "No Attack tokens are left in the supply: {P0} takes none",
        ),
        (Pending("draft", seat=1), {"revealed": ()}, "No Wall tile is left for {P1}"),
        (Pending("discard", seat=0), {"revealed": ()}, "No Wall tile is left for {P0} to discard"),
        (Pending("draw_threat", seat=1), {"threat_deck": ()}, "No Threat card can be drawn for {P1}"),
        (Pending("lay_lines", count=0), {}, "No Attack tokens are left: no lines of wolves this age"),
        (Pending("end_age"), {"round": 4}, "End of Age I"),
    ],
)
def test_each_skip_and_automatic_step_is_told_after_the_action_that_set_it_off(step, changes, line):
    _, lines = told(step, **changes)
    assert line in lines


def test_hungry_pack_is_told_with_the_region_its_wolf_goes_to():
    threatened = castle("A", threats=("Hungry Pack",))
    state = bare([threatened, castle("B")])
    state = replace(
        state, pending=pushed((), Pending("wolf", seat=0, section=0, count=1), Pending("hungry_pack", seat=0))
    )
    after = game.apply(state, DrawWolf("soldier"))
    (line,) = game.effects(state, DrawWolf("soldier"), after)
    assert line.startswith("Hungry Pack: {P0} draws ") and line.endswith(" into the sea")
    assert after.pending[-1].kind == "wolf" and after.pending[-1].section == 1


@pytest.mark.parametrize(("variant", "seats"), [("competitive", 3), ("cooperative", 2), ("solo", 1)])
def test_along_a_seeded_game_every_event_is_told_by_the_action_that_set_it_off(variant, seats):
    state = game.setup(Config(variant, seats))
    rng = random.Random(5)
    kinds: set[str] = set()
    ply = 0
    while game.to_move(state) is not None:
        if game.to_move(state) == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(5, ply))
        else:
            action = rng.choice(game.legal_actions(state))
        after = game.apply(state, action)
        lines = game.effects(state, action, after)
        assert len(lines) >= len(after.events) - sum(e.kind == "lines_returned" for e in after.events)
        assert game.view(after, 0).events == after.events  # the log is read by everyone
        kinds |= {event.kind for event in after.events}
        state, ply = after, ply + 1
    automatic = {"age_start", "round_start", "tile_returned", "end_age", "prestige", "fortification"}
    assert automatic | {"game_end", "wolves_enter", "arrows"} <= kinds
    if variant != "competitive":
        assert {"lines_laid", "line_arrives", "lines_returned"} <= kinds
    assert kinds <= set(_EVENT_LINES)
