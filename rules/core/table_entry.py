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

The words around a batch are the kit's too, so every game's entry reads
alike and a test can hold each prompt to its word: :func:`how_to_type`
(the line under the question, with an example that can come up here),
:func:`examples` (the answers that line offers) and :func:`read_counts`
(a typed line as counts, a blank line as the one answer a batch can have).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from castletui.rules.core.hooks import Hooks
from castletui.rules.core.protocol import CHANCE, Game, IllegalAction
from castletui.rules.core.screen import parse_counts
from castletui.rules.core.seats import name_seats


class Batch(NamedTuple):
    """``count`` chance decisions in a row answered together.

    ``question`` says what is drawn and where ("Wolves drawn into {P1}'s
    forest"; seats as ``seat_ref``); ``kinds`` are the names a player types
    (one per kind of outcome: "soldier", "archer"; seat refs allowed);
    ``kind_of(action)`` is the kind an outcome is, or None if that outcome
    does not answer this question.

    ``example`` and ``forced`` are the kit's (:func:`chance_batch` and
    :func:`setup_form` fill them in by playing the batch out on a copy):
    a draw that can come up here, one kind a piece, and whether it is the
    only one that can (every piece of one kind: a deal face down)."""

    question: str
    kinds: tuple[str, ...]
    count: int
    kind_of: Callable[[Any], str | None]
    example: tuple[str, ...] = ()
    forced: bool = False


class BatchRefused(IllegalAction):
    """What was typed for the ``field``-th batch cannot have happened."""

    def __init__(self, field: int, reason: str) -> None:
        super().__init__(reason)
        self.field = field


def chance_batch(game: Game, state: Any) -> Batch | None:
    """The batch that starts at this chance decision, if the game draws
    several pieces together here (None without the hook)."""
    batch = Hooks(game).chance_batch(state)
    return _with_examples(game, state, (batch,))[0] if batch is not None else None


def setup_form(game: Game, state: Any) -> tuple[Batch, ...]:
    """The set-up's chance decisions from ``state`` on, as the fields of one
    form (empty without the hook, or once the set-up's draws are past)."""
    form = Hooks(game).setup_form(state)
    return _with_examples(game, state, form) if form else ()


def _with_examples(game: Game, state: Any, batches: tuple[Batch, ...]) -> tuple[Batch, ...]:
    """``batches`` with a draw that can come up for each, played out on a
    copy of ``state`` one piece at a time (the kind drawn least so far
    first, so an example shows several kinds where it can), and whether
    that draw is the only one possible."""
    filled = []
    for batch in batches:
        example: list[str] = []
        forced = True
        for _ in range(batch.count):
            offered: dict[str, Any] = {}
            if game.to_move(state) == CHANCE:
                for action, _ in game.chance_outcomes(state):
                    kind = batch.kind_of(action)
                    if kind is not None:
                        offered.setdefault(kind, action)
            if not offered:
                example, forced = [], False
                break
            forced = forced and len(offered) == 1
            kind = min(offered, key=lambda k: (example.count(k), batch.kinds.index(k)))
            example.append(kind)
            state = game.apply(state, offered[kind])
        if len(example) < batch.count:
            filled.extend(rest._replace(example=()) for rest in batches[len(filled) :])
            break
        filled.append(batch._replace(example=tuple(example), forced=forced))
    return tuple(filled)


# --- what a player reads and types --------------------------------------------------


def typed_kinds(batch: Batch, names: Sequence[str]) -> tuple[str, ...]:
    """The kinds as a player types them: seats by their players' names."""
    return tuple(name_seats(kind, names) for kind in batch.kinds)


def _letters_tell_apart(kinds: tuple[str, ...]) -> bool:
    starts = [kind[:1].lower() for kind in kinds]
    return len(set(starts)) == len(starts) and all(start.isalpha() for start in starts)


def examples(batch: Batch, names: Sequence[str]) -> tuple[str, ...]:
    """The answers :func:`how_to_type` offers as examples, as typed: a name a
    piece, and their first letters where those tell the kinds apart; the
    only answer and a blank line where one answer alone can come up; ()
    when no draw can come up here."""
    if not batch.example:
        return ()
    if only_answer(batch, names) and batch.count > 1:
        return (only_answer(batch, names), "")  # "Enter takes it"
    kinds = typed_kinds(batch, names)
    pieces = [kinds[batch.kinds.index(kind)] for kind in batch.example]
    if batch.count == 1:
        return (pieces[0],)
    apart = ", " if any(" " in kind for kind in kinds) else " "
    shown = [apart.join(pieces)]
    if _letters_tell_apart(kinds):
        shown.append("".join(piece[:1].lower() for piece in pieces))
    return tuple(shown)


def only_answer(batch: Batch, names: Sequence[str]) -> str:
    """What to type for a batch with one possible answer ("10 cards face
    down"), "" for any other: the entry fills it in."""
    if not batch.forced or not batch.example:
        return ""
    kind = typed_kinds(batch, names)[batch.kinds.index(batch.example[0])]
    return kind if batch.count == 1 else f"{batch.count} {kind}"


def how_to_type(batch: Batch, names: Sequence[str]) -> str:
    """What to type, shown under the question: the kinds to name, how many,
    and an example that can come up here (:func:`examples`)."""
    kinds = typed_kinds(batch, names)
    if batch.count == 1:
        return f"Type one of: {', '.join(kinds)}."
    if only_answer(batch, names):
        return f"Only this can come up: {only_answer(batch, names)} (Enter takes it)."
    shown = examples(batch, names)
    example = ""
    if shown:
        example = f" ('{shown[0]}')"
        if len(shown) > 1:
            example += f", or their first letters: '{shown[1]}'"
    return f"{batch.count} in all, a name a piece{example}. Names: {', '.join(kinds)}."


def read_counts(batch: Batch, names: Sequence[str], text: str) -> tuple[int, ...]:
    """What was typed for ``batch`` as counts in ``kinds`` order
    (``screen.parse_counts``, reading a word the way that adds up to the
    batch's count); a blank line takes the only answer where there is one.
    IllegalAction saying what to type if it cannot be read."""
    kinds = typed_kinds(batch, names)
    typed = text.strip()
    if not typed and only_answer(batch, names):
        typed = only_answer(batch, names)
    if batch.count == 1 and typed:
        # One piece: its name alone, even where names share a start ("Tower", "Tower of the Hand").
        exact = [kind.lower() for kind in kinds]
        if typed.lower() in exact:
            return tuple(int(kind == typed.lower()) for kind in exact)
    return parse_counts(typed, kinds, batch.count)


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
