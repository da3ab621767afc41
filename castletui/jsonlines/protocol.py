"""The messages of JSON-lines play, one JSON object a line, and how an
answer is read. Every message has a ``type``; castletui writes:

- ``start``: the protocol, the game, its view version, the seats' names
  and which of them the reader plays;
- ``log``: what happened since the seat last looked, as it may read it;
- ``decision``: a seat decides: its view, the prompt and the legal choices;
- ``error``: the answer to the last decision was refused (why); the same
  decision follows again;
- ``undone``: the seat's undo took its last move back (what was taken
  back, the ply the game is at again); its decision follows;
- ``refused``: a program seat is refused (why) and the built-in bot plays it;
- ``end``: the game is over: scores and winners.

The reader answers each decision with one line: ``{"choose": ID}``, or
``{"undo": true}`` to take back its own last move, as the screen's undo
does (and refuses: an ``error`` says why, and the decision is asked again).
"""

from __future__ import annotations

from typing import Any

import msgspec

PROTOCOL = 2
"""The protocol's version: a message's fields or meaning change with it
(2: the undo answer and the ``undone`` message)."""

PROTOCOL_SHAPE = "8d45812e1182cac3"
"""The hash of the messages' shape PROTOCOL names (schema.protocol_hash):
tests/jsonlines/test_schema.py fails when a message changes and this does
not. Bump PROTOCOL, set the hash."""


class Choice(msgspec.Struct, frozen=True):
    """A legal choice: ``id`` to answer with (the action as a save holds
    it, as compact JSON: the same in every run), its ``words`` and the
    menu ``group`` it is under (["Build"]; [] at the top)."""

    id: str
    words: str
    group: tuple[str, ...] = ()


class Start(msgspec.Struct, frozen=True, tag="start", tag_field="type"):
    protocol: int
    game: str
    variant: str
    view_version: str
    seats: tuple[str, ...]
    """Each seat's name: a ``{P0}`` in a view's text names seat 0."""
    you: tuple[int, ...]
    """The seats whose decisions come to this reader."""


class Log(msgspec.Struct, frozen=True, tag="log", tag_field="type"):
    seat: int
    lines: tuple[str, ...]


class Decision(msgspec.Struct, frozen=True, tag="decision", tag_field="type"):
    protocol: int
    seat: int
    ply: int
    """How many moves the game has had: a decision asked again has the same."""
    prompt: str
    view: Any
    """The seat's view: the game's schema (castletui schema GAME)."""
    choices: tuple[Choice, ...]


class Error(msgspec.Struct, frozen=True, tag="error", tag_field="type"):
    seat: int
    error: str
    answer: str
    """The refused line (cut short)."""


class Undone(msgspec.Struct, frozen=True, tag="undone", tag_field="type"):
    seat: int
    ply: int
    """How many moves the game has again."""
    message: str
    """What was taken back, in words."""


class Refused(msgspec.Struct, frozen=True, tag="refused", tag_field="type"):
    seat: int
    cause: str
    """cannot start, late, ended or nonsense (castletui/jsonlines/program.py)."""
    reason: str


class End(msgspec.Struct, frozen=True, tag="end", tag_field="type"):
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    lost: bool
    decided_by: str
    seats: tuple[str, ...]


Message = Start | Log | Decision | Error | Undone | Refused | End


class Answer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A reader's answer: the id of one of the decision's choices
    (``choose``), or ``undo``: true to take back the seat's last move."""

    choose: Any = None
    undo: bool = False


UNDO = object()
"""What :func:`chosen` gives for an answer that asks to undo."""
ANSWER_SHAPE = 'an answer is {"choose": ID} or {"undo": true}'


_encoder = msgspec.json.Encoder()


def line(message: Message) -> bytes:
    """One message as its line (ending in a newline)."""
    return _encoder.encode(message) + b"\n"


def choice_id(raw: Any) -> str:
    """An id as :class:`Choice` gives it: compact JSON, keys sorted (a
    reader that decoded an id and encoded it again gives the same)."""
    return msgspec.json.encode(raw, order="sorted").decode()


def chosen(text: str | bytes, choices: dict[str, Any]) -> tuple[Any, str]:
    """The action an answer line chooses among ``choices`` (id -> action),
    and "" (:data:`UNDO` for an undo); or None and what is wrong with the
    line, in words."""
    try:
        answer = msgspec.json.decode(text, type=Answer)
    except msgspec.ValidationError as error:
        return None, f"{ANSWER_SHAPE}: {error}"
    except msgspec.DecodeError:
        return None, f"{ANSWER_SHAPE}, on one line of JSON"
    if answer.undo:
        return (UNDO, "") if answer.choose is None else (None, f"{ANSWER_SHAPE}, not both")
    if answer.choose is None:
        return None, ANSWER_SHAPE
    wanted = answer.choose
    if isinstance(wanted, str) and wanted in choices:
        return choices[wanted], ""
    if isinstance(wanted, str):  # an id written with other spacing or key order
        try:
            wanted = msgspec.json.decode(wanted)
        except msgspec.DecodeError:
            return None, f"no choice has the id {_short(wanted)}"
    try:
        found = choices.get(choice_id(wanted))
    except (TypeError, msgspec.EncodeError):
        found = None
    if found is None:
        return None, f"no choice has the id {_short(answer.choose)}"
    return found, ""


def _short(value: Any) -> str:
    text = msgspec.json.encode(value).decode() if not isinstance(value, str) else repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
