"""The conversation's two ends: the lines said to the player and the lines
they type. Every line said is made printable first (a name or a log line
may hold anything a terminal would act on), so no escape sequence, cursor
movement or colour ever reaches a screen reader or a braille display."""

from __future__ import annotations

import re
import select
import textwrap
from collections.abc import Iterable
from typing import TextIO

LONGEST = 100
"""A longer line is said as its sentences, one a line (a braille display
shows a line at a time; each sentence still means something alone)."""
SENTENCE_END = re.compile(r"(?<=[.?!;])\s+(?=\S)")
CLAUSE_END = re.compile(r"(?<=[:,])\s+(?=\S)")
CHOICE_NUMBER = re.compile(r"\d+\.")


def sentences(line: str) -> list[str]:
    """``line`` as it is, or cut where its sentences end when it is longer
    than :data:`LONGEST` (then at a colon or comma, then between words)."""
    if len(line) <= LONGEST:
        return [line]
    said = []
    for piece in joined(numbered_kept(SENTENCE_END.split(line))):
        if len(piece) <= LONGEST:
            said.append(piece)
            continue
        for clause in joined(CLAUSE_END.split(piece)):
            said += textwrap.wrap(clause, LONGEST) if len(clause) > LONGEST else [clause]
    return said


def numbered_kept(pieces: list[str]) -> list[str]:
    """A choice's number ("10.") kept with the words it numbers."""
    kept: list[str] = []
    for piece in pieces:
        if kept and CHOICE_NUMBER.fullmatch(kept[-1]):
            kept[-1] = f"{kept[-1]} {piece}"
        else:
            kept.append(piece)
    return kept


def joined(pieces: list[str]) -> list[str]:
    """Neighbouring ``pieces`` put back together while they fit in a line."""
    lines: list[str] = []
    for piece in pieces:
        if lines and len(lines[-1]) + 1 + len(piece) <= LONGEST:
            lines[-1] = f"{lines[-1]} {piece}"
        else:
            lines.append(piece)
    return lines


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on shown as ``?``."""
    return "".join(character if character.isprintable() else "?" for character in text)


class Talk:
    """Says lines on ``output`` and reads answers from ``source``."""

    def __init__(self, source: TextIO, output: TextIO) -> None:
        self.source, self.output = source, output
        self.ended = False
        self.prompt = source.isatty() if hasattr(source, "isatty") else False
        """Whether to show "> " before an answer: only to a person at a terminal (a pipe has no echo)."""
        """The player's input ended (EOF): nothing more will be read."""

    def say(self, *lines: str) -> None:
        for text in lines:
            for line in str(text).splitlines() or [""]:
                for sentence in sentences(printable(line.rstrip())):
                    self.output.write(sentence + "\n")
        self.output.flush()

    def say_all(self, lines: Iterable[str]) -> None:
        self.say(*lines)

    def ready(self, timeout: float) -> bool:
        """Whether a line (or the end of input) can be read within ``timeout``
        seconds; a source that is not a file (a test's) always has one."""
        try:
            fileno = self.source.fileno()
        except (AttributeError, OSError, ValueError):
            return True
        return bool(select.select([fileno], [], [], timeout)[0])

    def ask(self, prompt: str = "> ") -> str | None:
        """The player's next line, stripped; None once their input ended."""
        if self.ended:
            return None
        if self.prompt:
            self.output.write(printable(prompt))
            self.output.flush()
        try:
            line = self.source.readline()
        except KeyboardInterrupt:
            line = ""
        if not line:
            self.ended = True
            return None
        return line.strip()
