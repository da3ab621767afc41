"""Small pure helpers shared by the engine modules: tuple edits, task-stack
edits, supply queries and Threat-card lookups."""

from __future__ import annotations

import msgspec

from rules.castle_raisers.edition import (
    THREATS,
    TILES,
    TOKENS,
)
from rules.castle_raisers.state import (
    Castle,
    State,
    Task,
)

replace = msgspec.structs.replace


# --- small helpers ------------------------------------------------------------


def cooperative(state: State) -> bool:
    return state.variant != "competitive"


def remove_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def add_sorted(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    return tuple(sorted(items + (item,)))


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return values[:index] + (values[index] + delta,) + values[index + 1 :]


def set_castle(state: State, seat: int, castle: Castle, **changes) -> State:
    castles = state.castles[:seat] + (castle,) + state.castles[seat + 1 :]
    return replace(state, castles=castles, **changes)


def push(state: State, new: tuple[Task, ...] | list[Task], pop: bool = True, **changes) -> State:
    """Replace the top task (``pop``) by ``new`` (first = next to run)."""
    rest = state.tasks[1:] if pop else state.tasks
    return replace(state, tasks=tuple(new) + rest, **changes)


def clockwise_from(state: State, seat: int) -> tuple[int, ...]:
    return tuple((seat + k) % state.seats for k in range(state.seats))


def has_threat(castle: Castle, check: str) -> bool:
    return any(THREATS[name].check == check for name in castle.threats)


def threat_amount(castle: Castle, check: str) -> int:
    return max(THREATS[name].amount for name in castle.threats if THREATS[name].check == check)


def stack_tokens(state: State, colour: str) -> tuple[str, ...]:
    """The face-down Village tokens of ``colour``'s stack (a multiset)."""
    return tuple(token for token in state.village_stacks if TOKENS[token].colour == colour)


def face_up_of(state: State, colour: str) -> int:
    return sum(1 for token in state.village_face_up if TOKENS[token].colour == colour)


def physical_attack_supply(state: State) -> int:
    """Attack tokens really in the supply: the unrevealed pool minus those face down in lines."""
    face_down = sum(1 for line in state.lines if line.region < 0)
    return sum(state.attack_supply) - face_down


def dispatch_icons(tile: str) -> int:
    data = TILES[tile]
    return (data.left == "DIS") + (data.right == "DIS")


def threats_allowed(state: State, seat: int) -> tuple[str, ...]:
    held = state.castles[seat].threats
    excluded = {number for name in held for number in THREATS[name].exclusive_with}
    return tuple(name for name in state.threat_deck if THREATS[name].number not in excluded)
