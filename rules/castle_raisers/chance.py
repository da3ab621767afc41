"""Castle Raisers chance: the outcomes of each chance decision (the start
player, a Castle board, a Village token off a stack, a wolf from the bag, a
Wall tile revealed, the region an Attack token shows, a Threat card), each
weighted by what is left. The state holds no order: every stack is a
multiset, so any of what is left may come next."""

from __future__ import annotations

from collections.abc import Callable

from castletui.rules.castle_raisers.edition import SECTIONS, WOLF_KINDS
from castletui.rules.castle_raisers.state import (
    Action,
    DrawAttack,
    DrawBoard,
    DrawStartPlayer,
    DrawThreat,
    DrawVillage,
    DrawWallTile,
    DrawWolf,
    Pending,
    State,
)
from castletui.rules.castle_raisers.supplies import stack_tokens, threats_allowed
from castletui.rules.core import weighted
from castletui.rules.core.multiset import counts


def _start_player(state: State, step: Pending) -> list[tuple[Action, float]]:
    return weighted((DrawStartPlayer(seat), 1) for seat in range(state.seats))


def _board(state: State, step: Pending) -> list[tuple[Action, float]]:
    return weighted((DrawBoard(board), 1) for board in state.boards_left)


def _village(state: State, step: Pending) -> list[tuple[Action, float]]:
    return weighted((DrawVillage(token), 1) for token in stack_tokens(state, step.tile))


def _wolf(state: State, step: Pending) -> list[tuple[Action, float]]:
    return weighted((DrawWolf(kind), n) for kind, n in zip(WOLF_KINDS, state.bag, strict=True))


def _wall_tile(state: State, step: Pending) -> list[tuple[Action, float]]:
    return weighted((DrawWallTile(tile), n) for tile, n in counts(state.wall_stack))


def _attack(state: State, step: Pending) -> list[tuple[Action, float]]:
    return weighted((DrawAttack(name), n) for name, n in zip(SECTIONS, state.attack_supply, strict=True))


def _threat(state: State, step: Pending) -> list[tuple[Action, float]]:
    return weighted((DrawThreat(name), 1) for name in threats_allowed(state, step.seat))


OUTCOMES: dict[str, Callable[[State, Pending], list[tuple[Action, float]]]] = {
    "draw_start_player": _start_player,
    "draw_board": _board,
    "replenish": _village,
    "village_blind": _village,
    "wolf": _wolf,
    "line_wolf": _wolf,
    "reveal": _wall_tile,
    "dispatch": _attack,
    "wolves_attack": _attack,
    "line_region": _attack,
    "coop_dispatch": _attack,
    "draw_threat": _threat,
}
"""Chance decision kind -> its outcomes."""

CHANCE_KINDS = frozenset(OUTCOMES)


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    pending = state.pending
    if not pending:
        return []
    step = pending[-1]
    outcomes = OUTCOMES.get(step.kind)
    return outcomes(state, step) if outcomes is not None else []
