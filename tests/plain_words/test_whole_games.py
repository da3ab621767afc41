"""Issue 48, item 1: the plain mode's ``board``, ``hand`` and ``score``
(castletui/games/<game>/words.py) along a seeded random game of every game
and variant, played to the end: for every seat every few plies, plain
lines that a screen reader reads well (no escape byte, no symbol, none
empty, none over 100 characters with the players' names filled in), and
nothing from what the seat may not see: a card hidden from it, swapped
with another hidden card of its kind, leaves its words as they were."""

from __future__ import annotations

import random
import string
from typing import Any

import pytest
from castletui.rules.castlecards.edition import DECK
from castletui.rules.core import name_seats
from castletui.rules.got_catan.edition import RESOURCES

from castletui.games import part
from tests.playing import case_id, playout, variants
from tests.rules.hidden_swaps import hidden_cards, swapped

TABLE = [
    case
    for case in variants(modes=("table",))
    if (case[0], case[1].variant, case[1].seats)
    in {
        ("catapult-castle", "standard", 2),
        ("castle-raisers", "cooperative", 2),
        ("castlecards", "multi-player", 3),
        ("got-catan", "base", 4),
    }
]
CASES = variants() + TABLE
"""Every game and variant, and one of each game in table mode (the
cards nobody has named yet)."""
CHECKS = 12
"""Plies checked per game, spread over it (every seat at each)."""
NAMES = ("Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra")
"""Names longer than the default ones: a line must stay short with them."""
SPOKEN = set(string.ascii_letters + string.digits + " .,;:'()-_!?")
"""Every character a line may hold: letters, digits and plain punctuation."""
KIND = {
    "catapult-castle": lambda card: "card",
    "got-catan": lambda card: "resource" if card in RESOURCES else "development",
    "castlecards": lambda card: DECK.get(card, card),
    "castle-raisers": lambda card: card,
}
"""Which hidden cards could lie in each other's place (as the games' own
hidden-swap tests pair them)."""


def words(game_id: str, game: Any, state: Any, seat: int) -> dict[str, list[str]]:
    said = part(game_id, "words")
    scene = game.scene(game.view(state, seat), seat)
    return {name: getattr(said, name)(scene) for name in ("board", "hand", "score")}


def check_lines(said: dict[str, list[str]], where: str) -> None:
    assert said["board"], f"{where}: no board"
    assert said["score"], f"{where}: no score"
    for name, lines in said.items():
        assert isinstance(lines, list), f"{where}: {name} is not a list"
        for line in lines:
            assert isinstance(line, str) and line.strip(), f"{where}: an empty line in {name}"
            assert "\x1b" not in line, f"{where}: an escape in {name}: {line!r}"
            named = name_seats(line, NAMES)
            assert len(named) <= 100, f"{where}: {name} line of {len(named)}: {named}"
            assert set(named) <= SPOKEN, f"{where}: {name}: {set(named) - SPOKEN} in {named!r}"
            assert line == line.strip() and "  " not in line, f"{where}: {name}: spacing in {line!r}"


@pytest.mark.parametrize("case", CASES, ids=[case_id(case) for case in CASES])
def test_every_seat_reads_the_game_in_plain_sentences(case):
    game_id, config = case
    run = playout(game_id, config, seed=11)
    game = run.game
    rng = random.Random(11)
    step = max(1, len(run.states) // CHECKS)
    checked = [*run.states[::step], run.state]
    swaps = 0
    for index, state in enumerate(checked):
        for seat in range(config.seats):
            where = f"{game_id} {config.variant} {config.seats}p, check {index}, seat {seat}"
            said = words(game_id, game, state, seat)
            check_lines(said, where)
            swaps += _swap_changes_nothing(game_id, game, state, seat, said, rng, where)
    assert game.to_move(run.state) is None, "the game was played to its end"
    if game_id != "castle-raisers" and config.seats > 1 and config.mode == "digital":
        # Castle Raisers and solo hide nothing; table mode holds unseen cards as counts
        assert swaps > 0, "some hidden card was swapped"


def _swap_changes_nothing(game_id, game, state, seat, said, rng, where) -> int:
    """Swap two cards hidden from ``seat`` (of one kind): its words stay."""
    kind = KIND[game_id]
    hidden = hidden_cards(game, state, seat)
    pairs = [
        (first, second)
        for index, first in enumerate(hidden)
        for second in hidden[index + 1 :]
        if first[1] != second[1] and kind(first[1]) == kind(second[1])
    ]
    done = 0
    for (first, one), (second, other) in rng.sample(pairs, min(2, len(pairs))):
        other_state = swapped(game, state, first, second)
        if game.view(other_state, seat) != game.view(state, seat):
            continue  # not a world the seat finds possible
        assert words(game_id, game, other_state, seat) == said, f"{where}: the words tell {one} from {other}"
        done += 1
    return done
