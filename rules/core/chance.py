"""Chance as decisions: the digital draw for a ply (seeded, so undo and redo
never re-roll), sampling an outcome by its odds, and the odds of a draw
from a multiset."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any


def chance_rng(seed: int | str, ply: int) -> random.Random:
    """The generator for the chance decision at ``ply``: the same seed and ply
    always give the same outcome, so undo and redo never re-roll."""
    return random.Random(f"{seed}:{ply}")


def sample_outcome(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """Pick one outcome by its probability."""
    if not outcomes:
        raise ValueError("no chance outcomes to sample from")
    point = rng.random() * sum(p for _, p in outcomes)
    for action, probability in outcomes:
        point -= probability
        if point < 0:
            return action
    return outcomes[-1][0]


def weighted(counts: Iterable[tuple[Any, int]]) -> list[tuple[Any, float]]:
    """Turn (outcome, count) pairs into (outcome, probability), dropping zeros:
    the usual shape of a draw from a multiset."""
    pairs = [(outcome, count) for outcome, count in counts if count > 0]
    total = sum(count for _, count in pairs)
    return [(outcome, count / total) for outcome, count in pairs]
