"""The supplies, as the rules modules share them: the village stacks and
tokens left, the Threat cards a player holds, the variant, the order round
the table, and small edits of a state (one castle, one count)."""

from __future__ import annotations

from functools import lru_cache

from castletui.rules.castle_raisers.edition import THREATS, TILES, TOKENS
from castletui.rules.castle_raisers.state import Castle, State
from msgspec.structs import replace


def cooperative(state: State) -> bool:
    return state.variant != "competitive"


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return values[:index] + (values[index] + delta,) + values[index + 1 :]


def castles_with(state: State, seat: int, castle: Castle) -> tuple[Castle, ...]:
    """The castles with ``seat``'s replaced by ``castle`` (to change with one ``replace``)."""
    return state.castles[:seat] + (castle,) + state.castles[seat + 1 :]


def set_castle(state: State, seat: int, castle: Castle, **changes) -> State:
    return replace(state, castles=castles_with(state, seat, castle), **changes)


def clockwise_from(state: State, seat: int) -> tuple[int, ...]:
    return tuple((seat + k) % state.seats for k in range(state.seats))


def has_threat(castle: Castle, check: str) -> bool:
    return bool(castle.threats) and check in _threat_checks(castle.threats)


@lru_cache(maxsize=256)
def _threat_checks(threats: tuple[str, ...]) -> frozenset[str]:
    """The checks of a hand of Threat cards: the engine asks :func:`has_threat` at
    almost every step, and a game sees only a handful of hands."""
    return frozenset(THREATS[name].check for name in threats)


def threat_amount(castle: Castle, check: str) -> int:
    return max(THREATS[name].amount for name in castle.threats if THREATS[name].check == check)


def stack_tokens(state: State, colour: str) -> tuple[str, ...]:
    """The face-down Village tokens of ``colour``'s stack (a multiset)."""
    return _stack_of(state.village_stacks, colour)


@lru_cache(maxsize=1024)
def _stack_of(village_stacks: tuple[str, ...], colour: str) -> tuple[str, ...]:
    """:func:`stack_tokens` per stacks and colour: asked at every Settle and every
    skipped step's check, while the stacks change only when a token is drawn."""
    return tuple(token for token in village_stacks if TOKENS[token].colour == colour)


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


def threat_name(castle: Castle, check: str) -> str:
    """The name of the first Threat card ``castle`` holds with ``check``."""
    return next((name for name in castle.threats if THREATS[name].check == check), "A Threat card")
