"""Pig, a tiny dice game used to test the app and saves apart from any real
game: roll a die as often as you dare, a 1 loses the turn's points; first to
``target`` points wins. Every rule is a plain function, like a real game."""

from __future__ import annotations

from typing import Union

import msgspec
from castletui.rules.core import (
    CHANCE,
    Config,
    GameInfo,
    IllegalAction,
    Option,
    Result,
    ScoreLine,
    Variant,
    seat_ref,
)

INFO = GameInfo(
    id="pig",
    title="Pig",
    variants=(Variant("standard", 2, 4, "Standard"), Variant("solo", 1, 1, "Solo")),
    options=(Option("target", 20, "Points needed to win."), Option("hidden", False, "Scores are hidden.")),
    summary="Roll as often as you dare.",
    edition="toy",
)


class Roll(msgspec.Struct, frozen=True, tag=True):
    pass


class Hold(msgspec.Struct, frozen=True, tag=True):
    pass


class Face(msgspec.Struct, frozen=True, tag=True):
    value: int


Action = Union[Roll, Hold, Face]


class State(msgspec.Struct, frozen=True):
    seats: int
    target: int
    scores: tuple[int, ...]
    turn_total: int = 0
    player: int = 0
    rolling: bool = False
    turns: int = 0


def setup(config: Config) -> State:
    target = config.options.get("target", 20)
    return State(config.seats, target, (0,) * config.seats)


def _over(state: State) -> bool:
    return max(state.scores) >= state.target or (state.seats == 1 and state.turns >= 5)


def to_move(state: State) -> int | None:
    if _over(state):
        return None
    return CHANCE if state.rolling else state.player


def legal_actions(state: State) -> list:
    if _over(state):
        return []
    if state.rolling:
        return [Face(v) for v in range(1, 7)]
    return [Roll(), Hold()] if state.turn_total else [Roll()]


def chance_outcomes(state: State) -> list[tuple[Face, float]]:
    return [(Face(v), 1 / 6) for v in range(1, 7)] if state.rolling and not _over(state) else []


def _next(state: State, scores: tuple[int, ...]) -> State:
    return msgspec.structs.replace(
        state,
        scores=scores,
        turn_total=0,
        rolling=False,
        player=(state.player + 1) % state.seats,
        turns=state.turns + 1,
    )


def apply(state: State, action) -> State:
    if _over(state):
        raise IllegalAction("The game is over.")
    if state.rolling:
        if not isinstance(action, Face) or not 1 <= action.value <= 6:
            raise IllegalAction("The die must show a face from 1 to 6.")
        if action.value == 1:
            return _next(state, state.scores)
        return msgspec.structs.replace(state, turn_total=state.turn_total + action.value, rolling=False)
    if isinstance(action, Roll):
        return msgspec.structs.replace(state, rolling=True)
    if isinstance(action, Hold):
        if state.turn_total == 0:
            raise IllegalAction("Roll at least once before you hold.")
        scores = list(state.scores)
        scores[state.player] += state.turn_total
        return _next(state, tuple(scores))
    raise IllegalAction("That is not a move in Pig.")


def view(state: State, seat: int) -> State:
    return state


def result(state: State) -> Result:
    best = max(state.scores)
    winners = tuple(s for s, v in enumerate(state.scores) if v == best) if _over(state) else ()
    return Result(
        scores=tuple(float(v) for v in state.scores),
        lines=(ScoreLine("Points", tuple(float(v) for v in state.scores)),),
        winners=winners,
        finished=_over(state),
        decided_by="most points" if winners else "",
    )


def describe(state: State, action) -> str:
    if isinstance(action, Face):
        return f"The die shows {action.value}"
    if isinstance(action, Roll):
        return f"{seat_ref(state.player)} rolls"
    return f"{seat_ref(state.player)} holds {state.turn_total} points"


def evaluate(state: State, seat: int) -> float:
    return state.scores[seat] + 0.5 * (state.turn_total if state.player == seat else 0)


def effects(before: State, action, after: State) -> list[str]:
    """What the rules did by themselves: a 1 wipes out the turn's points."""
    if isinstance(action, Face) and action.value == 1 and before.turn_total:
        return [f"{seat_ref(before.player)} loses {before.turn_total} points"]
    return []
