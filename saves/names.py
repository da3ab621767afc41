"""What a player's name may be: short, and plain text that every screen and
terminal shows as typed (no control characters, no terminal escapes)."""

from __future__ import annotations

import unicodedata

from saves.schema import MAX_NAME_LENGTH


def name_problem(name: str) -> str:
    """Why ``name`` cannot be a player's name, as the end of a sentence that
    begins with the name's owner ("player 2's name ..."); empty if it can."""
    if not name.strip():
        return "is empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"is longer than {MAX_NAME_LENGTH} characters"
    if any(_is_control(character) for character in name):
        return "has a control character in it (a tab, a line break or a terminal escape)"
    return ""


# Bidirectional overrides and isolates would reorder the text around a name.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _is_control(character: str) -> bool:
    return unicodedata.category(character) in ("Cc", "Zl", "Zp") or character in _BIDI_CONTROLS
