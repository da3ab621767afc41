"""The event log: what the rules did by themselves in the last action (a
tower went back to the box, wolves arrived, a deck was reshuffled). A state
keeps the events of the action that made it in ``events``; each step that
changes the state by itself records one, and a game's ``effects(before,
action, after)`` turns ``after.events`` into log lines with its own words.

An event names seats by number and never holds what some seat may not see:
the log is read by everyone at the table.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec


class Event(msgspec.Struct, frozen=True, omit_defaults=True, array_like=True):
    """One thing the rules did: its ``kind`` (the game's word for it), the
    ``seat`` it is about (-1: nobody in particular) and what else its log
    line needs (counts, names of pieces, places).

    ``detail`` is kept flat: a state is saved and hashed as JSON, where a
    tuple inside it would come back a list (and the state not equal to
    itself); a variable number of items goes last, to be unpacked with
    ``*rest``. A log line is made from the event alone, so the event holds
    every number its line states: the line never works the result out again."""

    kind: str
    seat: int = -1
    detail: tuple[Any, ...] = ()


S = TypeVar("S")


def recorded(state: S, kind: str, seat: int = -1, *detail: Any) -> S:
    """``state`` with one more event of the current action."""
    return msgspec.structs.replace(state, events=(*state.events, Event(kind, seat, detail)))  # type: ignore[attr-defined]


def fresh(state: S) -> S:
    """``state`` with the previous action's events cleared: ``apply`` starts
    with this, so ``after.events`` holds only what this action did."""
    if not state.events:  # type: ignore[attr-defined]
        return state
    return msgspec.structs.replace(state, events=())  # type: ignore[attr-defined]
