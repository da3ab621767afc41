"""The one line a new key types on ``castletui host --open``: its player
name, before any screen. A tiny line editor over the SSH channel (the pty
is in raw mode on the player's side: we echo, and Backspace erases).

It takes printable characters up to the longest name a player may have,
ignores escape sequences (arrows, mouse), and gives up after a few tries:
a client flooding it only ever fills one short line."""

from __future__ import annotations

import codecs
import re

from castletui.saves.schema import MAX_NAME_LENGTH

MAX_TRIES = 5
# CSI (arrows, mouse), OSC and DCS strings (a title, a clipboard: their text is not typed), SS3, others.
_ESCAPE = re.compile(
    r"\x1b(\[[0-9;?<>]*[ -/]*[@-~]|[\]P_^][^\x07\x1b]*(\x07|\x1b\\)?|O.|.)?|[\x90\x9d][^\x07\x1b]*\x07?",
    re.DOTALL,
)


class NamePrompt:
    """Feed it the player's bytes; it answers with what to echo and, once
    Enter is pressed, the line typed (``None`` while typing)."""

    def __init__(self) -> None:
        self.line = ""
        self.tries = 0
        self.cancelled = False
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="ignore")

    def feed(self, data: bytes) -> tuple[str, str | None]:
        """(what to echo, the line if Enter was pressed)."""
        text = _ESCAPE.sub("", self._decoder.decode(data[:4096]))
        echo = []
        for character in text:
            if character in "\r\n":
                line, self.line = self.line, ""
                self.tries += 1
                echo.append("\r\n")
                return "".join(echo), line
            if character in "\x03\x04":  # ctrl+c, ctrl+d: the player leaves
                self.cancelled = True
                return "".join(echo), None
            if character in "\x7f\x08":
                if self.line:
                    self.line = self.line[:-1]
                    echo.append("\b \b")
            elif character.isprintable() and len(self.line) < MAX_NAME_LENGTH:
                self.line += character
                echo.append(character)
        return "".join(echo), None
