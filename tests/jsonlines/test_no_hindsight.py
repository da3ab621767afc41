"""Issue 48 item 2: a seat is told what it may see and nothing more. Along
seeded random games of every game with hidden cards, a card hidden from
the seat to decide is swapped with another of its kind hidden from it
(tests/rules/hidden_swaps.py): the decision message, byte for byte (the
view, prompt and choices a program is sent), is the same."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from castletui.rules import registry
from castletui.rules.core import CHANCE, screen

from castletui.jsonlines import messages
from castletui.jsonlines.choices import menu_of
from castletui.jsonlines.protocol import line
from tests.playing import case_id, playout, variants
from tests.rules.hidden_swaps import hidden_cards, swapped
from tests.rules.test_bots_see_the_view import KINDS

CASES = [case for case in variants(list(KINDS)) if case[1].seats == 3 or case[0] == "castlecards"]


@dataclass
class Position:
    """What messages.decision reads of a session, at one state."""

    game: Any
    state: Any
    ply: int
    names: tuple[str, ...] = ("Ann", "Bea", "Cyd", "Dan")

    def view(self, seat: int) -> Any:
        return self.game.view(self.state, seat)

    def legal_actions(self) -> list[Any]:
        return self.game.legal_actions(self.state)

    def steady_choice(self, seat: int, action: Any) -> Any:
        """A steady hand's aim (Session.steady_choice), drawn from the view alone."""
        return screen.steady_choice(self.game, self.view(seat), seat, action, 7, self.ply)


def told(game, state, ply: int, seat: int) -> bytes:
    position = Position(game, state, ply)
    decision, _ = messages.decision(position, seat, menu_of(position, seat))
    return line(decision)


@pytest.mark.parametrize("case", CASES, ids=[case_id(case) for case in CASES])
def test_a_decision_does_not_follow_a_card_hidden_from_the_seat(case):
    game_id, config = case
    game = registry.get(game_id)
    kind = KINDS[game_id]
    run = playout(game_id, config, seed=config.seats, stop_at=400)
    pick = random.Random(config.seats)
    swaps = 0
    for ply, (state, seat) in enumerate(zip(run.states, run.seats, strict=False)):
        if seat == CHANCE or ply % 7:
            continue
        hidden = hidden_cards(game, state, seat)
        pairs = [
            (first, second)
            for number, first in enumerate(hidden)
            for second in hidden[number + 1 :]
            if first[1] != second[1] and kind(first[1]) == kind(second[1])
        ]
        if not pairs:
            continue
        message = told(game, state, ply, seat)
        (first, one), (second, other) = pick.choice(pairs)
        other_state = swapped(game, state, first, second)
        assert game.view(other_state, seat) == game.view(state, seat)
        assert told(game, other_state, ply, seat) == message, f"seat {seat}: {one} <-> {other}"
        swaps += 1
    assert swaps > 0
