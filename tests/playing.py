"""Helpers the tests share: seeded games played through the protocol."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from castletui.rules import registry
from castletui.rules.core import CHANCE, Config, chance_rng, sample_outcome


@dataclass
class Playout:
    game: Any
    config: Config
    states: list[Any] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)

    @property
    def state(self) -> Any:
        return self.states[-1]


def playout(
    game_id: str, config: Config, seed: int, max_plies: int = 20_000, stop_at: int | None = None
) -> Playout:
    """A seeded game: chance by seed and ply (as the app draws it), every
    other decision uniformly at random among the legal actions."""
    game = registry.get(game_id)
    chooser = random.Random(seed)
    state = game.setup(config)
    run = Playout(game, config, [state])
    for ply in range(max_plies):
        if stop_at is not None and ply >= stop_at:
            return run
        seat = game.to_move(state)
        if seat is None:
            return run
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = chooser.choice(game.legal_actions(state))
        state = game.apply(state, action)
        run.states.append(state)
        run.actions.append(action)
        run.seats.append(seat)
    raise AssertionError(f"{game_id} {config} seed {seed}: no end after {max_plies} plies")


def variants(
    game_ids: list[str] | None = None, modes: tuple[str, ...] = ("digital",)
) -> list[tuple[str, Config]]:
    """(game id, config) for every registered game, variant and seat count."""
    cases = []
    for game_id in game_ids or registry.ids():
        info = registry.get(game_id).INFO
        for variant in info.variants:
            for seats in range(variant.min_seats, variant.max_seats + 1):
                for mode in modes:
                    cases.append((game_id, Config(variant.name, seats, {}, mode)))
    return cases


def case_id(case: tuple[str, Config]) -> str:
    game_id, config = case
    return f"{game_id}-{config.variant}-{config.seats}p-{config.mode}"
