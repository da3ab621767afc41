"""Issue 27.2, the rules side of the one gate: every hook of the screen API
(rules/core/screen.py) is given ``view(state, seat)`` for the seat that
reads it, never the full state.

Over seeded random games of every game, variant and mode:

- for the seat to move, the hooks on its view give what they give on the
  full state (the question, each legal action's label, menu group, board
  spot and preview, the "why not?" list): every answer is that seat's to
  know, so the view loses nothing a screen needs; the legal actions the
  screen asks about are the same on the view;
- for every other seat, "why not?" on its view is what the full state
  gives it;
- at a chance decision, table mode's questions (``chance_prompt``,
  ``chance_batch``, ``setup_form``) read the same from every seat's view:
  they name only what the whole table sees;
- the hidden-swap check (tests/rules/hidden_swaps.py) with the hooks on the
  view: what is hidden from a seat, swapped, changes none of its answers.

Issue 44.3: in table mode too. A seat's view carries its decks' unseen
pools (what nobody has named, as counts), so naming an unseen card reads
the same on the view; no game is left out.
"""

from __future__ import annotations

import random

import pytest
from castletui.rules import registry
from castletui.rules.castlecards.chance import cards_left
from castletui.rules.castlecards.state import Pending
from castletui.rules.core import CHANCE, Config, chance_rng, hooks, sample_outcome, screen, table_entry

from tests.playing import case_id, variants
from tests.rules.hidden_swaps import hidden_cards, screen_of, swapped

CASES = variants(modes=("digital", "table"))
PLIES = 160  # enough to pass the set-up into a few turns of every game, fast


def answers(game, state, seat: int, actions: list) -> dict:
    """What the screen API tells ``seat`` of ``state`` (a full state or its view)."""
    shown = {"refusals": screen.refusals(game, state, seat), "prompt": screen.prompt(game, state, seat)}
    shown["actions"] = [
        (
            hooks(game).label(state, action),
            screen.group(game, state, action),
            repr(screen.spot(game, state, action)),
            screen.preview(game, state, action, seat),
        )
        for action in actions
    ]
    return shown


def table_questions(game, state) -> tuple:
    batch = table_entry.chance_batch(game, state)
    form = table_entry.setup_form(game, state)
    return (
        hooks(game).chance_prompt(state),
        None if batch is None else (batch.question, batch.kinds, batch.count, batch.example),
        tuple((field.question, field.kinds, field.count, field.example) for field in form),
    )


def seeded_states(game, config: Config, seed: int):
    """The states of a seeded random game, chance drawn as the app draws it."""
    chooser = random.Random(seed)
    state = game.setup(config)
    for ply in range(PLIES):
        yield state
        seat = game.to_move(state)
        if seat is None:
            return
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = chooser.choice(game.legal_actions(state))
        state = game.apply(state, action)


@pytest.mark.parametrize("case", CASES, ids=case_id)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_screen_api_on_a_seats_view_answers_as_on_the_full_state(case, seed):
    game_id, config = case
    game = registry.get(game_id)
    for ply, state in enumerate(seeded_states(game, config, seed)):
        mover = game.to_move(state)
        views = {seat: game.view(state, seat) for seat in range(config.seats)}
        where = f"{game_id} seed {seed} ply {ply}"
        if mover == CHANCE:
            asked = table_questions(game, state)
            for seat, seen in views.items():
                assert table_questions(game, seen) == asked, (
                    f"{where}: seat {seat}'s view changes the question"
                )
            continue
        for seat, seen in views.items():
            assert screen.refusals(game, seen, seat) == screen.refusals(game, state, seat), (
                f"{where}: seat {seat}'s why-not differs on its view"
            )
        if mover is None:
            continue
        seen = views[mover]
        actions = game.legal_actions(state)
        assert game.legal_actions(seen) == actions, f"{where}: the legal actions differ on the view"
        assert answers(game, seen, mover, actions) == answers(game, state, mover, actions), (
            f"{where}: the screen API differs on seat {mover}'s view"
        )


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_what_is_hidden_from_a_seat_swapped_changes_none_of_its_answers_on_its_view(case):
    """The screen as the app will ask it, on the seat's view: a card hidden
    from the seat swapped with another of the same kind (any two hidden
    strings of one field) leaves every answer as it was."""
    game_id, config = case
    game = registry.get(game_id)
    rng = random.Random(7)
    for ply, state in enumerate(seeded_states(game, config, 3)):
        if ply % 4:
            continue
        for seat in range(config.seats):
            hidden = hidden_cards(game, state, seat)
            pairs = [
                (first, second)
                for index, first in enumerate(hidden)
                for second in hidden[index + 1 :]
                if first[1] != second[1] and first[0][:-1] == second[0][:-1]
            ]
            shown = screen_of(game, game.view(state, seat), seat)
            for (first, one), (second, other) in rng.sample(pairs, min(2, len(pairs))):
                other_state = swapped(game, state, first, second)
                assert screen_of(game, game.view(other_state, seat), seat) == shown, (
                    f"{game_id} ply {ply}: seat {seat}'s screen tells {one} at {first} <-> {other} at {second}"
                )


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_views_view_is_the_view(case):
    """The hooks take a seat's view of whatever they are given (a caller
    may still hand them the full state): a view seen again loses nothing,
    the unseen pools it carries included."""
    game_id, config = case
    game = registry.get(game_id)
    for ply, state in enumerate(seeded_states(game, config, 4)):
        if ply % 5:
            continue
        for seat in range(config.seats):
            seen = game.view(state, seat)
            assert game.view(seen, seat) == seen, f"{game_id} ply {ply}: seat {seat}'s view seen again"


@pytest.mark.parametrize(
    "case", [case for case in CASES if case[0] in ("catapult-castle", "castlecards")], ids=case_id
)
def test_the_unseen_pools_are_the_tables_in_table_mode_and_nobodys_in_digital_play(case):
    """Table mode: every seat's view carries the same unseen pools, the
    cards nobody has named (the table named each on its one screen).
    Digital play: the state knows every card, so a pool would tell what
    lies face down: no view carries one."""
    game_id, config = case
    game = registry.get(game_id)
    table = config.mode == "table"
    for state in seeded_states(game, config, 5):
        pools = [game.view(state, seat).pools for seat in range(config.seats)]
        if table:
            assert pools[0] and all(pool == pools[0] for pool in pools)
        else:
            assert not any(pools)


def test_a_castlecards_table_view_counts_only_the_cards_still_in_each_deck():
    """At a real table a drawn card is out of its deck though nobody named
    it: the view's decks (the pile sizes the side panel shows) count what
    is left to draw, the pools what could still be anywhere."""
    game = registry.get("castlecards")
    out = 0
    for state in seeded_states(game, Config("two-player", 2, {}, "table"), 6):
        for deck in ("village", "siege", "academy"):
            left = cards_left(state, Pending("draw", source=deck))
            pool = getattr(state, f"{deck}_deck")
            out += len(pool) - left
            for seat in range(2):
                seen = game.view(state, seat)
                assert len(getattr(seen, f"{deck}_deck")) == left
                assert getattr(seen.pools, deck) == pool
    assert out  # cards were out of their decks, unseen
