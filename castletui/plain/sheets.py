"""The board, the hand and the score as sentences, one a line, the
viewer's own first. A game says them in its ``words`` module
(castletui/games/<game>/words.py: ``board``, ``hand`` and ``score`` of
the frame's scene); a game without one is read from what its screen
shows beside the board: its players panel, and the standing as the
viewer may know it."""

from __future__ import annotations

from typing import Any

from castletui import games
from castletui.frame import Frame
from castletui.later import loader
from castletui.rules.core import name_seats

LATER = {"sides": "castletui.sides"}
"""The players panels (Rich Text), loaded only for a game without words of
its own: plain lines never load Rich or textual otherwise."""
later = loader(LATER)
PANEL_ROOM = (80, 24, 30)
"""The players panel read as at an 80x24 terminal (its rows, not their layout)."""


def game_words(game_id: str) -> Any:
    return games.part(game_id, "words")


def named(lines: list[str], frame: Frame) -> list[str]:
    """A words module's lines with each seat reference (``{P1}``) as the
    seat's name at this table."""
    said = [name_seats(line, frame.names) for line in lines]
    return [line[:1].upper() + line[1:] for line in said]  # each line a sentence of its own


def board(game_id: str, frame: Frame) -> list[str]:
    module = game_words(game_id)
    if module is not None and hasattr(module, "board"):
        return named(module.board(frame.scene), frame)
    return panel(game_id, frame)


def hand(game_id: str, frame: Frame) -> list[str]:
    module = game_words(game_id)
    if module is not None and hasattr(module, "hand"):
        return named(module.hand(frame.scene), frame) or ["Your hand is empty."]
    # Said plainly rather than guessed: the choices name each card that may be played.
    return ["This game does not say hands in words yet: the choices name the cards you may play."]


def score(game_id: str, frame: Frame) -> list[str]:
    module = game_words(game_id)
    if module is not None and hasattr(module, "score"):
        return named(module.score(frame.scene), frame)
    return standing(frame)


def panel(game_id: str, frame: Frame) -> list[str]:
    """Each seat in a sentence, then the players panel's rows as the screen shows them."""
    sides = later("sides")
    module = games.part(game_id, "side")
    side = module.SIDE if module is not None else sides.Side()
    text = side.text(frame, sides.Room(*PANEL_ROOM)).plain
    # The panel marks whose move it is with ">": the sentences of seats say it in words.
    rows = [" ".join(row.lstrip(">").split()) for row in text.splitlines()]
    return seats(frame) + [row for row in rows if row]


def seats(frame: Frame) -> list[str]:
    """Each seat in a sentence: name, bot, points, whose move it is."""
    lines = []
    for row in frame.side:
        who = f"{row.name} ({row.bot})" if row.bot else row.name
        you = " (you)" if row.viewer else ""
        moving = ", to move" if row.to_move else ""
        lines.append(f"{who}{you}: {row.score:g} points{moving}.")
    return lines


def standing(frame: Frame) -> list[str]:
    """The score sheet as the viewer may know it."""
    return sheet(frame.standing, frame.names, frame.seat is None)


def sheet(result: Any, names: tuple[str, ...] | list[str], over: bool) -> list[str]:
    """A line per scoring rule, then the totals, then who won (once ``over``)."""
    lines = []
    for line in result.lines:
        lines.append(f"{line.label}: {points(line.points, names)}.")
    totals = points(result.scores, names)
    lines.append(f"Total: {totals}." if totals else "No score yet.")
    if over and result.lost:
        lines.append("The game is lost.")
    elif over:
        winners = " and ".join(names[seat] for seat in result.winners) or "nobody"
        lines.append(f"{winners} won. {result.decided_words()}".strip())
    return lines


def points(values: tuple[float, ...], names: tuple[str, ...] | list[str]) -> str:
    return ", ".join(f"{names[seat]} {value:g}" for seat, value in enumerate(values) if seat < len(names))
