"""Helpers for the Castle Raisers tests: build castles and states by hand, run
steps through the rules, and play seeded games."""

from __future__ import annotations

import random

import castletui.rules.castle_raisers as engine
import msgspec
from castletui.rules.castle_raisers import flow
from castletui.rules.castle_raisers.edition import LOCATION_INDEX, SECTION_INDEX, TILES_BY_AGE, WOLF_KINDS
from castletui.rules.castle_raisers.geometry import put, section_heights
from castletui.rules.castle_raisers.state import Castle, Pending, State
from castletui.rules.core import CHANCE, Config, bots, chance_rng, pushed, sample_outcome

replace = msgspec.structs.replace


def castle(
    board: str = "A",
    wall: dict[tuple[int, int], str] | None = None,
    village: dict[str, str] | None = None,
    wolves: dict[tuple[str, str], int] | None = None,
    heights: tuple[int, int, int] | None = None,
    prestige: tuple[int, int, int] = (0, 0, 0),
    attack: tuple[int, int, int] = (0, 0, 0),
    arrows: int = 0,
    threats: tuple[str, ...] = (),
) -> Castle:
    """A castle from readable pieces: wall {(level, slot): tile}, village
    {location: token}, wolves {(region, kind): count}; ``heights`` overrides
    the heights worked out from the wall (for score-sheet examples)."""
    built: tuple[str, ...] = ()
    for (level, slot), piece in sorted((wall or {}).items()):
        built = put(built, level, slot, piece)
    cells = [""] * 9
    for location, token in (village or {}).items():
        cells[LOCATION_INDEX[location]] = token
    counts = [0] * 12
    for (region, kind), count in (wolves or {}).items():
        counts[SECTION_INDEX[region] * 4 + WOLF_KINDS.index(kind)] = count
    return Castle(
        board=board,
        wall=built,
        heights=heights if heights is not None else section_heights(built),
        village=tuple(cells),
        wolves=tuple(counts),
        prestige=prestige,
        attack=attack,
        arrows=arrows,
        threats=threats,
    )


def bare(castles: list[Castle], variant: str = "competitive", **changes) -> State:
    """A state in Age I with full supplies, no task pending, the given castles."""
    seats = len(castles)
    state = engine.setup(Config(variant, seats))
    changes.setdefault("wall_stack", TILES_BY_AGE[1])
    changes.setdefault("age", 1)
    changes.setdefault("round", 0)
    return replace(state, castles=tuple(castles), pending=(), **changes)


def run(state: State, *steps: Pending) -> State:
    """Push ``steps`` on top of the stack (the first taken first) and let the rules settle."""
    return flow.settle(replace(state, pending=pushed(state.pending, *steps)))


def play(state: State, *actions) -> State:
    for action in actions:
        state = engine.apply(state, action)
    return state


def top(state: State) -> Pending:
    return state.pending[-1]


def play_out(variant: str, seats: int, seed: int, choose=None, limit: int = 5000) -> tuple[State, int]:
    """A seeded game to the end: chance by ``chance_rng``, choices at random (or ``choose``)."""
    state = engine.setup(Config(variant, seats))
    rng = random.Random(seed)
    plies = 0
    while engine.to_move(state) is not None:
        assert plies < limit, "the game did not end"
        if engine.to_move(state) == CHANCE:
            action = sample_outcome(engine.chance_outcomes(state), chance_rng(seed, plies))
        else:
            action = choose(state, rng) if choose else rng.choice(engine.legal_actions(state))
        state = engine.apply(state, action)
        plies += 1
    return state, plies


def first_draft(variant: str, seats: int, seed: int) -> State:
    """A seeded game (chance by ``chance_rng``, level-normal bots) up to its first Wall tile draft."""
    state = engine.setup(Config(variant, seats))
    rng = random.Random(seed)
    ply = 0
    while engine.to_move(state) == CHANCE or state.pending[-1].kind != "draft":
        if engine.to_move(state) == CHANCE:
            action = sample_outcome(engine.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = bots.choose(engine, state, "normal", rng)
        state = engine.apply(state, action)
        ply += 1
    return state
