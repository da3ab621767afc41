"""What a player's name may be: short, and plain text that every screen and
terminal shows as typed (no control characters, no terminal escapes), and
that cannot pass for another player's name.

Whether two names are the same is :func:`name_key`'s to say, and nobody
else's (tables, the wizard, ``--as``, the host's accounts): NFKC, case
folded, then Unicode's confusable skeleton (UTS #39, from the
confusable-homoglyphs package's copy of Unicode's confusables.txt), so
``Ｃy``, ``Аnn`` (a Cyrillic А) and ``rnia`` beside ``Mia`` are each the
same name as the one they pass for.

One rule for every name: ``--as NAME``, the wizard's and ``--names``'s
names, and a shared table's seats. A name is first normalised (NFKC, so
the full-width ``Ａｎｎ`` is ``Ann``) and stripped; then it must hold no
character a terminal shows as nothing (a zero-width space after ``Ann``
would make a second ``Ann``), and two names at one table differ by more
than case (``ann`` is not a second player beside ``Ann``)."""

from __future__ import annotations

import functools
import unicodedata

import msgspec
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
    """What two names must not share to be told apart: the normal name,
    case-folded, then its confusable skeleton (UTS #39's order for names
    that are one name whatever their case)."""
    return skeleton(normal_name(name).casefold())


ASCII_PROTOTYPES = {
    "`": "'",
    "|": "1",
    "l": "1",
    "I": "1",
    "O": "0",
    '"': "''",
    "%": "\u00ba/\u2080",
    "m": "rn",
}
"""The prototypes of the ASCII characters (:func:`_prototypes`' own, a test
checks): a name in ASCII, nearly every name, is compared without loading
the whole table, some 200 ms (the lobby's first frame waited for it)."""


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character replaced by the prototype it
    can be confused with, NFD again."""
    prototypes = ASCII_PROTOTYPES if text.isascii() else _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))


class _Homoglyph(msgspec.Struct):
    c: str  # its name ("n") is not read: decoding it would double the time


@functools.cache
def _prototypes() -> dict[str, str]:
    """Every confusable character's prototype. The package lists, for each
    character, what it can be confused with, both ways round: one
    character and the characters it is confused with are one class (its
    prototype is the class's first ASCII member, else its smallest); a
    character listed with a longer string (``m`` with ``rn``) is that
    string. Loaded at the first comparison, not at import: it is 1 MB."""
    import importlib.resources

    data = importlib.resources.files("confusable_homoglyphs").joinpath("confusables.json").read_bytes()
    table = msgspec.json.decode(data, type=dict[str, list[_Homoglyph]])
    parent: dict[str, str] = {}

    def root(character: str) -> str:
        while parent.get(character, character) != character:
            character = parent[character]
        return character

    sequences: dict[str, str] = {}
    for listed, homoglyphs in table.items():
        # Right-to-left letters come between direction marks, for showing them.
        character = _unmarked(listed)
        if len(character) != 1:
            continue
        for homoglyph in homoglyphs:
            other = _unmarked(homoglyph.c)
            if len(other) != 1:
                sequences[character] = other
                continue
            first, second = root(character), root(other)
            if first != second:
                keep, join = sorted((first, second), key=_prototype_order)
                parent[join] = keep
    prototypes = {character: root(character) for character in parent}
    prototypes = {character: proto for character, proto in prototypes.items() if proto != character}
    for character, sequence in sequences.items():
        prototypes[character] = "".join(prototypes.get(c, c) for c in sequence)
    return prototypes


def _unmarked(text: str) -> str:
    return text.replace("\u200e", "").replace("\u200f", "")


def _prototype_order(character: str) -> tuple[bool, int]:
    return (not character.isascii(), ord(character))


# What castletui's own screens write after a name: a name ending so would
# read as someone else's seat ("Ann (you)") or a bot ("Milo (bot)").
_UI_SUFFIXES = ("(you)", "(bot)")

# Scripts that are one writing system together (UTS #39's highly
# restrictive level): Japanese, Chinese with Bopomofo, Korean, each with Latin.
_SCRIPT_SETS = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)


def account_name_problem(name: str) -> str:
    """:func:`name_problem`, and what an account's name (a player that
    strangers may meet: ``castletui host``) must not be besides: of mixed
    scripts (a Cyrillic ``А`` among Latin letters), or ending in what the
    screens write after a name."""
    problem = name_problem(name)
    if problem:
        return problem
    normal = normal_name(name)
    if normal.casefold().replace(" ", "").endswith(_UI_SUFFIXES):
        return "ends in what castletui writes after a name, (you) or (bot)"
    if _mixed_scripts(normal):
        return "mixes letters of different scripts (a Cyrillic or Greek letter among Latin ones?)"
    return ""


def _mixed_scripts(name: str) -> bool:
    from confusable_homoglyphs.categories import alias

    scripts = {alias(character) for character in name} - {"COMMON", "INHERITED"}
    return len(scripts) > 1 and not any(scripts <= allowed for allowed in _SCRIPT_SETS)


def name_problem(name: str) -> str:
    """Why ``name`` cannot be a player's name, as the end of a sentence that
    begins with the name's owner ("player 2's name ..."); empty if it can.
    The name is judged as :func:`normal_name` makes it."""
    if len(name) > 4 * MAX_NAME_LENGTH:
        return f"is longer than {MAX_NAME_LENGTH} characters"  # before normalising a paste
    # Judged before the spaces around it are stripped: "Ann\n" is refused, not cut.
    # ASCII is its own NFKC form, and its only controls are what it cannot print
    # (most names end here: a listing of 200 tables judges some 800).
    whole = name if name.isascii() else unicodedata.normalize("NFKC", name)
    if not whole.isprintable() if whole.isascii() else any(_is_control(character) for character in whole):
        return "has a control character in it (a tab, a line break or a terminal escape)"
    # Every character a screen shows as nothing but a control is beyond ASCII (most names end here).
    if not whole.isascii() and any(_is_invisible(character) for character in whole):
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
