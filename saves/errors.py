"""The one error the saves package raises, carrying a message for players."""

from __future__ import annotations

from typing import Any


class SaveError(Exception):
    """A save could not be read or written. ``str(error)`` is the message a
    player sees: it names the file and, for a bad log, the entry.

    For a log with an illegal action, ``partial`` is the save cut back to its
    last legal ply, so the app can offer to open the game there.
    """

    def __init__(self, message: str, *, path: Any = None, partial: Any = None, entry: int = -1) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.partial = partial
        self.entry = entry

    def __str__(self) -> str:
        return self.message
