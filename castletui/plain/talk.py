"""The conversation's two ends: the lines said to the player and the lines
they type. Every line said is made printable first (a name or a log line
may hold anything a terminal would act on), so no escape sequence, cursor
movement or colour ever reaches a screen reader or a braille display."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO


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
                self.output.write(printable(line.rstrip()) + "\n")
        self.output.flush()

    def say_all(self, lines: Iterable[str]) -> None:
        self.say(*lines)

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
