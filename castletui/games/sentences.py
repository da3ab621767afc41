"""Sentences every game's ``words`` part (castletui/games/<game>/words.py)
builds from: whose a thing is, counts in words, lists said as lists, long
lists cut into sentences that fit a line, and the score from a scene's
``standing`` (the rules' result of the seat's view).

The plain mode reads these lines aloud (a screen reader, a braille
display): each line is a whole sentence, meaningful alone, with digits for
numbers and no symbol a screen reader stumbles on. Other seats are named by
seat references (``{P1}``), which the plain mode fills with the players'
names (``rules.core.name_seats``); the viewer is "you".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from castletui.rules.core import seat_ref

LINE = 96
"""The longest line we write, counting each seat reference as a long name
(:func:`measure`): a line should stay under about 100 once names are in."""
NAME = 16
"""How long a player's name is taken to be when a line is measured."""
_SEAT_REF = re.compile(r"\{P\d+\}")


def measure(text: str) -> int:
    """How long ``text`` may be once its seat references are names."""
    return len(_SEAT_REF.sub("n" * NAME, text))


def who(seat: int, viewer: int) -> str:
    """ "You" for the viewer, else the seat's reference."""
    return "You" if seat == viewer else seat_ref(seat)


def whose(seat: int, viewer: int) -> str:
    """ "Your" for the viewer, else "{P1}'s"."""
    return "Your" if seat == viewer else f"{seat_ref(seat)}'s"


def count(n: int, singular: str, plural: str = "") -> str:
    """ "1 tower", "3 towers", "no towers"."""
    plural = plural or singular + "s"
    if n == 0:
        return f"no {plural}"
    return f"{n} {singular if n == 1 else plural}"


def listed(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    items = [item for item in items if item]
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


_RATE = re.compile(r"(\d):(\d)")
_PAIR = re.compile(r"(\d)/(\d)")


def spoken(text: str) -> str:
    """Rules' words as they read aloud: a rate "1:1" is "1 for 1", a
    clearing "5/6" is "5 and 6"."""
    return _PAIR.sub(r"\1 and \2", _RATE.sub(r"\1 for \2", text))


def points(value: float) -> str:
    """A score as digits: 12, -5, 2.5."""
    return f"{value:g}"


def sentences(head: str, items: Iterable[str], empty: str = "", sep: str = ", ") -> list[str]:
    """``head: item, item.`` in as many lines as it takes to stay under
    :data:`LINE`; the lines after the first begin ``head, continued:`` so
    each is meaningful alone. ``empty``: what to say when there are no items
    (nothing at all when "")."""
    items = [item for item in items if item]
    if not items:
        return [f"{head}: {empty}."] if empty else []
    if len(items) == 1:
        return wrapped(f"{head}: {items[0]}.")
    lines: list[str] = []
    current = ""
    for item in items:
        lead = f"{head}, continued: " if lines else f"{head}: "
        trial = f"{current}{sep}{item}" if current else item
        if current and measure(lead + trial) + 1 > LINE:
            lines.append(f"{lead}{current}.")
            current = item
        else:
            current = trial
    lead = f"{head}, continued: " if lines else f"{head}: "
    lines.append(f"{lead}{current}.")
    # an item too long to share a line even alone is cut where it pauses
    return [cut for line in lines for cut in wrapped(line)]


def score_lines(standing: Any, viewer: int, unit: str = "point") -> list[str]:
    """The score as the viewer may know it (a ``Result``): one line per
    player with the total, then who leads or won, what decides it, the
    rating, and the score sheet's lines one by one."""
    if standing is None:
        return []
    seats = range(len(standing.scores))
    lines = [
        f"{who(seat, viewer)}: {points(standing.scores[seat])} {unit}"
        f"{'' if standing.scores[seat] in (1, -1) else 's'}"
        f"{'' if standing.finished else ' so far'}."
        for seat in seats
    ]
    lines += _outcome(standing, viewer)
    if standing.rating:
        lines.append(f"Rating: {standing.rating}.")
    for line in standing.lines:
        if len(standing.scores) == 1:
            parts = [points(line.points[0])]
        else:
            parts = [
                f"{who(seat, viewer).replace('You', 'you')} {points(line.points[seat])}" for seat in seats
            ]
        extra = "" if line.in_total else ", not added to the total"
        lines += sentences(f"{line.label.rstrip('.').replace(': ', ', ')}{extra}", parts)
    return lines


def _outcome(standing: Any, viewer: int) -> list[str]:
    winners = list(standing.winners)
    names = [who(seat, viewer) for seat in winners]
    if viewer in winners:  # "You" first: "You and {P2}"
        names.remove("You")
        names.insert(0, "You")
    plural = names == ["You"] or len(names) > 1
    everyone = len(standing.scores) > 1 and len(winners) == len(standing.scores)
    lines = []
    if standing.finished:
        if standing.lost:
            lines.append(
                "The game is over: you lose."
                if len(standing.scores) == 1
                else "The game is over: the team loses."
            )
        elif everyone:
            lines.append("The game is over: you all win.")
        elif winners:
            winners_said = listed(names).replace("You", "you")
            lines.append(f"The game is over: {winners_said} {'win' if plural else 'wins'}.")
        else:
            lines.append("The game is over.")
    elif winners and len(standing.scores) > 1 and not everyone:
        lines.append(f"{listed(names)} {'lead' if plural else 'leads'} so far.")
    decided = standing.decided_by.rstrip(".")
    if decided and standing.finished:
        lines += wrapped(standing.decided_words())
    elif decided.lower().startswith("the game "):  # "the game is still running"
        lines += wrapped(f"{decided[:1].upper()}{decided[1:]}.")
    elif decided:  # the rule that will decide it, in the rules' words
        lines += wrapped(f"To win: {decided[:1].lower()}{decided[1:]}.")
    return lines


def wrapped(sentence: str) -> list[str]:
    """A sentence too long for one line, cut where it pauses: at ". " and "; " into
    sentences of their own, then at words, each cut marked "continued"."""
    if measure(sentence) <= LINE:
        return [sentence]
    lines = []
    parts = [piece for one in sentence.split(". ") for piece in one.split("; ")]
    for part in parts:
        part = part[:1].upper() + part[1:]
        part = part if part.endswith(".") else part + "."
        if measure(part) <= LINE:
            lines.append(part)
            continue
        words = part.split(" ")
        current = ""
        for word in words:
            if current and measure(f"{current} {word} (continued)") > LINE:
                lines.append(f"{current} (continued)")
                current = f"Continued: {word}"
            else:
                current = f"{current} {word}" if current else word
        lines.append(current)
    return lines
