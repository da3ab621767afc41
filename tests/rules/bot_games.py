"""Whole games played by bots, headless, for the bot tests of every game:
digital, or in table mode (issue 28.0), where the players answer chance:
here a seeded RNG picks each outcome from ``chance_outcomes`` by its odds,
as real dice and decks would."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from castletui.rules import registry
from castletui.rules.core import CHANCE, Config, bots, sample_outcome


@dataclass
class Played:
    state: Any
    plies: int
    turns: int  # turns begun: the turn player changed (every seat's decisions counted once a turn)
    over: bool


def bot_game(
    game_id: str,
    variant: str,
    levels: list[str],
    seed: int,
    *,
    mode: str = "digital",
    limit: int = 20_000,
) -> Played:
    """A game of bots at ``levels`` (one per seat), chance drawn from ``seed``;
    stops at the end or after ``limit`` plies. Every bot action is checked
    against the rules (apply raises on an illegal one)."""
    game = registry.get(game_id)
    state = game.setup(Config(variant, len(levels), {}, mode))
    chance, choices = random.Random(f"{seed}:chance"), random.Random(seed)
    turn_player = getattr(game, "turn_player", None)
    plies = turns = 0
    last = None
    while plies < limit:
        seat = game.to_move(state)
        if seat is None:
            return Played(state, plies, turns, True)
        mover = turn_player(state) if turn_player is not None else seat
        if mover is not None and mover != CHANCE and mover != last:
            turns, last = turns + 1, mover
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance)
        else:
            action = bots.choose(game, state, levels[seat], choices)
        state = game.apply(state, action)
        plies += 1
    return Played(state, plies, turns, False)
