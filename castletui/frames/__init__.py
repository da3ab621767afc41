"""Each game's action bar and prompt as the frame holds them: what the
rules' menu (``Frame.menu``, the rules' lines) becomes on screen, worked
out once per frame and without textual, so a game screen only draws it.

A game whose menu reads like the rules' lines has none: :class:`Menu`'s
defaults are the rules' lines and prompt. A game's module here gives its
``MENU`` in its package's ``menu.py`` (castletui/games/), which the
driver finds once per session.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import msgspec


def rules_lines(frame: Any) -> Sequence[Any]:
    """The rules' lines of the open level, as they are (their "why not?"
    lines the driver adds at the foot)."""
    return [line for line in frame.lines if not line.why_not]


def rules_prompt(frame: Any) -> str:
    return frame.prompt


def no_move_halfway(frame: Any) -> str:
    return ""


class Move(msgspec.Struct, frozen=True):
    """One choice of a person that the rules play as several actions (Castle
    Raisers' take a tile and place it), as a line's ``action``: the driver
    plays them one after another, all or none, and an undo takes them back
    as one (:attr:`Menu.undo_whole`)."""

    actions: tuple[Any, ...]


class StepBack(msgspec.Struct, frozen=True):
    """Where Escape goes once a step the person started is taken back whole
    (Castlecards' attack with its picks): the menu level ``path``, with the
    place ``spot`` highlighted again (:attr:`Menu.step_back`)."""

    path: tuple[str, ...] = ()
    spot: Hashable | None = None


def no_step_back(scene: Any) -> StepBack | None:
    return None


class Menu(msgspec.Struct, frozen=True):
    """How a game's frame turns the rules' menu into its action bar."""

    lines: Callable[[Any], Sequence[Any]] = rules_lines
    """``lines(frame)``: the action bar's lines at the frame's level (the
    frame as the driver made it from the rules: ``menu``, ``lines``, ``scene``)."""
    prompt: Callable[[Any], str] = rules_prompt
    """``prompt(frame)``: the question over the action bar."""
    hidden_groups: frozenset[str] = frozenset()
    """Groups whose places the boards offer only while the group is open
    (Castlecards' "throw a card away": every card would be lit otherwise)."""
    undo_whole: Callable[[Any], str] = no_move_halfway
    """``undo_whole(frame)``, asked after an undo: when the frame's position is
    halfway through a move the menu plays as one (a :class:`Move`), what to
    tell the player once the rest is taken back too; "" when it is not."""
    step_back: Callable[[Any], StepBack | None] = no_step_back
    """``step_back(scene)``: while the scene shows the person picking the parts
    of a step of their own (Castlecards' cards of an attack, Explorers, a
    build), where Escape goes once the driver took the picks and the step
    back (``Driver.back_out``); None when Escape takes nothing back."""
    cursor_opens_groups: bool = True
    """The board cursor reaches the places of actions in every group, and
    moving onto one opens its group (False: only this level's places)."""
