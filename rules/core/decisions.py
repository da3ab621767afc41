"""The decision stack, the same in every game: a state's ``pending`` is a
tuple of steps still to take, and its LAST item is the top, the next one to
take. A step is a person's decision (its ``seat``), a chance decision, or an
automatic step the rules take by themselves; :func:`run_automatic` takes the
automatic ones until a decision is on top.

Every game's ``apply`` is :func:`answered_top`: the last action's events
cleared, the decision on top answered by the function its kind names (which
checks the rules and raises IllegalAction with the reason), then the game's
``settle(state, step)`` after answering ``step`` (the automatic steps it
takes, the end of the game). A game so
writes only its answers and its settle, and every ``apply`` ends one way.

A step is any frozen Struct with a ``kind``. Push steps in the order they
will be taken: ``pushed(pending, first, second)`` leaves ``first`` on top.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

import msgspec
from castletui.rules.core.events import fresh
from castletui.rules.core.protocol import IllegalAction


class Step(Protocol):
    kind: str


S = TypeVar("S")
T = TypeVar("T", bound=Step)


def top(pending: tuple[T, ...]) -> T | None:
    """The step to take next, or None when nothing is pending."""
    return pending[-1] if pending else None


def pushed(pending: tuple[T, ...], *steps: T) -> tuple[T, ...]:
    """``pending`` with ``steps`` on top, the first of them taken first."""
    return pending + steps[::-1]


def popped(pending: tuple[T, ...]) -> tuple[T, ...]:
    """``pending`` without its top."""
    return pending[:-1]


def replaced_top(pending: tuple[T, ...], *steps: T) -> tuple[T, ...]:
    """The top taken and ``steps`` pushed in its place (first taken first)."""
    return pending[:-1] + steps[::-1]


AUTOMATIC_LIMIT = 10_000
"""More automatic steps in a row than any game takes: a loop in the rules."""


def run_automatic(state: S, steps: Mapping[str, Callable[[S, Any], S]]) -> S:
    """Take the automatic steps on top of ``state.pending`` (those whose kind
    ``steps`` names), each popped before its function runs, until a decision
    is on top or nothing is pending."""
    for _ in range(AUTOMATIC_LIMIT):
        pending = state.pending  # type: ignore[attr-defined]
        if not pending:
            return state
        step = pending[-1]
        run = steps.get(step.kind)
        if run is None:
            return state
        state = run(msgspec.structs.replace(state, pending=pending[:-1]), step)
    raise RuntimeError(f"more than {AUTOMATIC_LIMIT} automatic steps in a row: a loop in the rules")


Answer = Callable[[S, Any, Any], S]
"""The answer to one kind of decision: ``answer(state, step, action)``,
``step`` already read off the top (still on the stack: the answer pops or
replaces it)."""


def answered_top(
    state: S,
    action: Any,
    answers: Mapping[str, Answer[S]],
    settle: Callable[[S, Any], S],
    over: str = "The game is over.",
) -> S:
    """``apply`` as every game writes it: ``state`` with the previous
    action's events cleared, the decision on top answered by
    ``answers[kind]``, then settled: ``settle(state, step)`` with the step
    just answered. IllegalAction(``over``) once nothing is pending."""
    state = fresh(state)
    pending = state.pending  # type: ignore[attr-defined]
    if not pending:
        raise IllegalAction(over)
    step = pending[-1]  # the top, read at every action without a call
    answer = answers.get(step.kind)
    if answer is None:  # pragma: no cover - automatic steps are never left on top
        raise IllegalAction("Nothing to decide right now.")
    return settle(answer(state, step, action), step)
