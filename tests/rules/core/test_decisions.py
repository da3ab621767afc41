"""The decision stack's kit (rules/core/decisions.py), and ``answered_top``,
the one way every game's ``apply`` ends: events cleared, the top answered
by its kind's function, then the game's settle with the step answered."""

from __future__ import annotations

import msgspec
import pytest
from castletui.rules.core import (
    Event,
    IllegalAction,
    answered_top,
    popped,
    pushed,
    recorded,
    replaced_top,
    top,
)


class Step(msgspec.Struct, frozen=True):
    kind: str
    seat: int = 0


class Table(msgspec.Struct, frozen=True):
    pending: tuple[Step, ...] = ()
    events: tuple[Event, ...] = ()
    said: tuple[str, ...] = ()


def test_the_stack_keeps_its_top_last():
    first, second = Step("first"), Step("second")
    pending = pushed((), first, second)
    assert top(pending) == first and top(()) is None
    assert popped(pending) == (second,)
    assert replaced_top(pending, Step("third")) == (second, Step("third"))


def say(state: Table, step: Step, action: str) -> Table:
    if action == "no":
        raise IllegalAction("Say yes.")
    return msgspec.structs.replace(
        recorded(state, "said", step.seat), pending=popped(state.pending), said=(action,)
    )


def test_the_top_is_answered_by_its_kind_then_settled_with_the_step_answered():
    settled = []

    def settle(state: Table, step: Step) -> Table:
        settled.append(step)
        return state

    state = Table(pending=(Step("ask", seat=2),), events=(Event("old"),))
    after = answered_top(state, "yes", {"ask": say}, settle)
    assert after.said == ("yes",) and after.pending == ()
    assert after.events == (Event("said", 2),), "the last action's events are cleared first"
    assert settled == [Step("ask", seat=2)]


def test_a_refused_answer_and_a_game_over_raise_with_the_reason():
    with pytest.raises(IllegalAction, match="Say yes"):
        answered_top(Table(pending=(Step("ask"),)), "no", {"ask": say}, lambda state, step: state)
    with pytest.raises(IllegalAction, match="The game is over: no more actions."):
        answered_top(
            Table(), "yes", {"ask": say}, lambda state, step: state, over="The game is over: no more actions."
        )
