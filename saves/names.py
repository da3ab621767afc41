"""What a player's name may be: short, and plain text that every screen and
terminal shows as typed (no control characters, no terminal escapes), and
that cannot pass for another player's name.

One rule for every name: ``--as NAME``, the wizard's and ``--names``'s
names, and a shared table's seats. A name is first normalised (NFKC, so
the full-width ``Ａｎｎ`` is ``Ann``) and stripped; then it must hold no
character a terminal shows as nothing (a zero-width space after ``Ann``
would make a second ``Ann``), and two names at one table differ by more
than case (``ann`` is not a second player beside ``Ann``)."""

from __future__ import annotations

import unicodedata

from castletui.saves.schema import MAX_NAME_LENGTH

# Controls (Cc), format characters (Cf: zero-width spaces and joiners, the
# bidirectional overrides that reorder the text around a name, soft
# hyphens), private use (Co), unassigned (Cn), line and paragraph
# separators (Zl, Zp): each shows as nothing, or as something else than it is.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Zl", "Zp"})

# Unicode's Default_Ignorable_Code_Point characters outside those categories
# (variation selectors, the combining grapheme joiner, the Hangul fillers...):
# a terminal draws them as nothing too. And the blank braille pattern, which
# looks like a space but is not one.
_INVISIBLE_RANGES = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0x1D173, 0x1D17A),
    (0xE0100, 0xE01EF),
)


def normal_name(name: str) -> str:
    """``name`` as castletui keeps it: NFKC-normalised, without the spaces
    around it. Check it with :func:`name_problem` first."""
    return unicodedata.normalize("NFKC", name).strip()


def name_key(name: str) -> str:
    """What two names must not share to be told apart at one table: the
    normal name, case-folded."""
    return normal_name(name).casefold()


def name_problem(name: str) -> str:
    """Why ``name`` cannot be a player's name, as the end of a sentence that
    begins with the name's owner ("player 2's name ..."); empty if it can.
    The name is judged as :func:`normal_name` makes it."""
    if len(name) > 4 * MAX_NAME_LENGTH:
        return f"is longer than {MAX_NAME_LENGTH} characters"  # before normalising a paste
    # Judged before the spaces around it are stripped: "Ann\n" is refused, not cut.
    whole = unicodedata.normalize("NFKC", name)
    if any(_is_control(character) for character in whole):
        return "has a control character in it (a tab, a line break or a terminal escape)"
    if any(_is_invisible(character) for character in whole):
        return "has a character in it that a screen shows as nothing (a zero-width space?)"
    normal = whole.strip()
    if not normal:
        return "is empty"
    if len(normal) > MAX_NAME_LENGTH:
        return f"is longer than {MAX_NAME_LENGTH} characters"
    return ""


# Bidirectional overrides and isolates would reorder the text around a name.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _is_control(character: str) -> bool:
    return unicodedata.category(character) in ("Cc", "Zl", "Zp") or character in _BIDI_CONTROLS


def _is_invisible(character: str) -> bool:
    if unicodedata.category(character) in _REFUSED_CATEGORIES:
        return True
    code = ord(character)
    return any(low <= code <= high for low, high in _INVISIBLE_RANGES)
