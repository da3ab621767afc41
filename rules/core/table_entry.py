"""Table-mode entry of several chance decisions at once: the screen API's
``chance_batch`` (the pieces the rules draw together, typed as one line of
counts: "2 soldier 1 archer") and ``setup_form`` (a game's set-up draws,
answered on one form), and :func:`batch_actions`, which turns what was
typed into the chance actions the engine takes, one at a time, so the log,
undo and replay stay as they are.

A :class:`Batch` is a question about ``count`` chance decisions in a row;
each outcome the rules offer is of one of ``kinds`` (``kind_of``). What is
typed is checked by playing it out on a copy of the state: a draw that
cannot come up (a third archer when the bag holds two) is refused with a
reason, and nothing is played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from rules.core.protocol import CHANCE, Game, IllegalAction


class Batch(NamedTuple):
    """``count`` chance decisions in a row answered together.

    ``question`` says what is drawn and where ("Wolves drawn into {P1}'s
    forest"; seats as ``seat_ref``); ``kinds`` are the names a player types
    (one per kind of outcome: "soldier", "archer"; seat refs allowed);
    ``kind_of(action)`` is the kind an outcome is, or None if that outcome
    does not answer this question."""

    question: str
    kinds: tuple[str, ...]
    count: int
    kind_of: Callable[[Any], str | None]


class BatchRefused(IllegalAction):
    """What was typed for the ``field``-th batch cannot have happened."""

    def __init__(self, field: int, reason: str) -> None:
        super().__init__(reason)
        self.field = field


def chance_batch(game: Game, state: Any) -> Batch | None:
    """The batch that starts at this chance decision, if the game draws
    several pieces together here (None without the hook)."""
    hook = getattr(game, "chance_batch", None)
    return hook(state) if hook is not None else None


def setup_form(game: Game, state: Any) -> tuple[Batch, ...]:
    """The set-up's chance decisions from ``state`` on, as the fields of one
    form (empty without the hook, or once the set-up's draws are past)."""
    hook = getattr(game, "setup_form", None)
    return tuple(hook(state)) if hook is not None else ()


def batch_actions(
    game: Game, state: Any, batches: Sequence[Batch], counts: Sequence[Sequence[int]]
) -> list[Any]:
    """The chance actions that answer ``batches`` with ``counts`` (one
    count per kind of each batch, in ``kinds`` order), played out on a copy
    of ``state``; raises :class:`BatchRefused` naming the batch whose counts
    cannot have happened, and why."""
    actions: list[Any] = []
    for field, (batch, wanted) in enumerate(zip(batches, counts, strict=True)):
        typed = sum(wanted)
        if typed != batch.count:
            pieces = "one" if batch.count == 1 else str(batch.count)
            raise BatchRefused(field, f"{batch.question}: {pieces} drawn, but you typed {typed}.")
        left = dict(zip(batch.kinds, wanted, strict=True))
        for _ in range(batch.count):
            if game.to_move(state) != CHANCE:
                raise BatchRefused(field, f"{batch.question}: the rules ask for something else first.")
            offered = {}
            for action, _ in game.chance_outcomes(state):
                kind = batch.kind_of(action)
                if kind is not None:
                    offered.setdefault(kind, action)
            action = next((offered[kind] for kind in batch.kinds if left[kind] and kind in offered), None)
            if action is None:
                missing = next(kind for kind in batch.kinds if left[kind])
                possible = ", ".join(kind for kind in batch.kinds if kind in offered) or "nothing"
                raise BatchRefused(
                    field, f"{batch.question}: {missing} cannot come up here (possible: {possible})."
                )
            left[batch.kind_of(action)] -= 1
            state = game.apply(state, action)
            actions.append(action)
    return actions
