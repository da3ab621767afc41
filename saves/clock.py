"""A shared table's clock: time per move, and what the others may do when a
seat's time runs out, whoever keeps the table (saves.table, the stores).

A table is made with a time per move (``Seating.per_move``, seconds; 0:
none, a game night's). A seat's time runs from when its turn began: the
time of the last move in the record (chained: nobody rewrites it), else
the table's creation. When it runs out nobody loses: the other players
may let a bot play that seat until its owner sits down again (a
:class:`StandIn`), or end the game as abandoned (no winner, a loss for
nobody). Before the time is out, or for a spectator, both are refused
with a reason. The owner is never locked out: sitting down again gives
the seat back.

Plain functions over the table's save and seating; the time is always
given (``now``), so tests run a table over simulated days.
"""

from __future__ import annotations

import datetime
import os
import re
import stat
from typing import Any

import msgspec
from castletui.rules.core import CHANCE
from castletui.saves.errors import SaveError
from castletui.saves.guarded import read_guarded

PER_MOVE = {"none": 0, "1 h": 3600, "1 d": 86_400, "3 d": 3 * 86_400}
"""The times per move a table may be made with, as the wizard offers them."""
SHORT_VARIABLE = "CASTLETUI_SHORT_CLOCK"
"""Minutes: one more, short, time per move for trying the clock out (tests, a demo)."""
CLOCK_FILE_VARIABLE = "CASTLETUI_CLOCK_FILE"
"""A file holding an ISO time that is "now" for every castletui it is set for
(a test's simulated days, reaching a host's player processes). Only the
host's own environment sets it: a client's environment requests are refused."""
SLACK = datetime.timedelta(minutes=5)
"""How far a terminal's clock may be from the table's for a move's time to stand."""

BOT = "bot"
ABANDON = "abandon"
CHOICES = (BOT, ABANDON)
"""What the others may do about a seat whose time ran out."""


class ClockRefused(SaveError):
    """A choice about a seat's time that is not (yet) anyone's to make."""


class StandIn(msgspec.Struct, frozen=True):
    """A bot playing ``seat`` for its owner since ply ``since``, by ``by``'s choice."""

    seat: int
    since: int
    by: str = ""


def utc_now() -> datetime.datetime:
    """Now; with $CASTLETUI_CLOCK_FILE set, the time that file holds (a
    file that cannot be read or holds no time is ignored: the real now)."""
    path = os.environ.get(CLOCK_FILE_VARIABLE, "")
    if path:
        try:
            then = moment(_clock_file_text(path))
        except (OSError, UnicodeDecodeError):
            then = None
        if then is not None:
            return then
    return datetime.datetime.now(datetime.UTC)


CLOCK_FILE_BYTES = 100
"""The most of a clock file read: it holds one time."""


def _clock_file_text(path: str) -> str:
    """What the clock file says, if it is a regular file of this user's (or
    root's) that no other user may write; OSError otherwise. Whoever could
    write it would say when every seat's time runs out, and a pipe planted
    under its name would hold every castletui waiting. Its path is the
    operator's own: a link is followed."""
    owners = (os.geteuid(), 0)
    text, _ = read_guarded(
        path, CLOCK_FILE_BYTES, owners=owners, unwritable_by=stat.S_IWOTH, follow_links=True
    )
    return text.decode().strip()


def moment(text: str) -> datetime.datetime | None:
    """An ISO time (a move's ``at``), as an aware datetime; None if none."""
    try:
        then = datetime.datetime.fromisoformat(text)
    except ValueError:
        return None
    return then if then.tzinfo is not None else then.replace(tzinfo=datetime.UTC)


def iso(when: datetime.datetime) -> str:
    return when.astimezone(datetime.UTC).isoformat(timespec="seconds")


def per_move_choices() -> dict[str, int]:
    """The times per move offered, "none" first; with $CASTLETUI_SHORT_CLOCK
    set (minutes), that short one too."""
    choices = dict(PER_MOVE)
    minutes = os.environ.get(SHORT_VARIABLE, "")
    if minutes.isdigit() and int(minutes) > 0:
        choices[f"{int(minutes)} min"] = int(minutes) * 60
    return choices


def per_move_seconds(text: str) -> int:
    """``text`` ("none", "1 h", "3 d", "10 min") in seconds; SaveError if it is none of those."""
    match = re.fullmatch(r"\s*(\d+)\s*(min|m|h|d)\s*", text or "")
    if text.strip().lower() in ("", "none", "0"):
        return 0
    if match is None:
        raise SaveError(
            f"{text[:20]!r} is not a time per move: say none, or a whole number of min, h or d: 1 h, 90 min, 3 d."
        )
    return int(match.group(1)) * {"min": 60, "m": 60, "h": 3600, "d": 86_400}[match.group(2)]


def duration_words(seconds: float) -> str:
    """A span in the lobby's short words: "5 min", "14 h" up to two days, then "2 d"."""
    seconds = max(0, int(seconds))
    if seconds < 3600:
        return f"{max(1, seconds // 60)} min"
    if seconds < 48 * 3600:
        return f"{seconds // 3600} h"
    return f"{seconds // 86_400} d"


def per_move_words(seconds: int) -> str:
    """A table's time per move as it is chosen ("1 d", "2 h", "90 min"):
    the wizard offered "1 d", and the lobby had said "24 h a move"."""
    seconds = max(60, int(seconds))
    if seconds % 86_400 == 0:
        return f"{seconds // 86_400} d"
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    return f"{seconds // 60} min"


def lateness_words(seconds: float) -> str:
    """How far past its time a seat is, as the clock-out question says it:
    "just past it" under a minute (never "1 min" for a few seconds), else
    "5 min past it"."""
    if seconds < 60:
        return "just past it"
    return f"{duration_words(seconds)} past it"


def turn_began(save: Any) -> datetime.datetime | None:
    """When the seat to move began its turn: the last move's time, else the table's creation."""
    if save.log and save.log[-1].at:
        return moment(save.log[-1].at)
    return moment(save.created)


def stand_in_of(seating: Any, seat: int) -> StandIn | None:
    return next((stand_in for stand_in in seating.stand_ins if stand_in.seat == seat), None)


def clocked(save: Any, seating: Any, seat: int | None) -> bool:
    """Whether ``seat``'s time runs: a person's seat with an owner, at a
    table with a time per move, not played by a stand-in, not abandoned."""
    return (
        seating.per_move > 0  # a store row's negative time is none: it never starts out of time
        and not seating.abandoned
        and seat is not None
        and seat != CHANCE
        and 0 <= seat < len(save.players)
        and not save.players[seat].is_bot
        and bool(seating.owners[seat])
        and stand_in_of(seating, seat) is None
    )


def time_left(save: Any, seating: Any, to_move: int | None, now: datetime.datetime) -> float | None:
    """Seconds left to the seat to move (negative: past its time); None when no clock runs."""
    if not clocked(save, seating, to_move):
        return None
    began = turn_began(save)
    if began is None:
        return None
    return seating.per_move - (now - began).total_seconds()


def refusal(save: Any, seating: Any, to_move: int | None, seat: int, who: str, now: datetime.datetime) -> str:
    """Why ``who`` (an owner field) may not decide what becomes of
    ``seat``'s time now; "" when they may."""
    names = [player.name for player in save.players]
    if seating.abandoned:
        return "The game was already ended as abandoned."
    if not who or who not in seating.owners:
        return "Only the players at this table decide about a seat's time, not a spectator."
    if not 0 <= seat < len(names):
        return f"The table has seats 1 to {len(names)}, not {seat + 1}."
    if seating.owners[seat] == who:
        return "That is your own seat: play your move."
    if seating.per_move <= 0:
        return "This table has no time per move: it waits as long as it takes."
    if stand_in_of(seating, seat) is not None:
        return f"A bot already plays {names[seat]}'s seat until they come back."
    if to_move != seat:
        return f"It is not {names[seat]}'s turn."
    left = time_left(save, seating, to_move, now)
    if left is None:
        return f"{names[seat]}'s seat has no clock running."
    if left > 0:
        return f"{names[seat]} still has {duration_words(left)} to move."
    return ""


def late_seat(save: Any, seating: Any, to_move: int | None, who: str, now: datetime.datetime) -> int | None:
    """The seat to move when ``who`` (an owner field) may decide about its
    time now, :func:`refusal` saying nothing against it; else None. What
    every front end offers the choice by: it never offers one the table refuses."""
    if to_move is None or to_move == CHANCE:
        return None
    return None if refusal(save, seating, to_move, to_move, who, now) else to_move


def decided(
    save: Any, seating: Any, to_move: int | None, seat: int, who: str, choice: str, now: datetime.datetime
) -> Any:
    """The seating once ``who`` chose ``choice`` (BOT or ABANDON) about
    ``seat``'s time; ClockRefused saying why not."""
    if choice not in CHOICES:
        raise ClockRefused(
            f"{choice[:20]!r} is not a choice: a bot plays the seat, or the game is abandoned."
        )
    reason = refusal(save, seating, to_move, seat, who, now)
    if reason:
        raise ClockRefused(reason)
    by = save.players[seating.owners.index(who)].name
    if choice == BOT:
        stand_in = StandIn(seat, len(save.log), by)
        return msgspec.structs.replace(seating, stand_ins=[*seating.stand_ins, stand_in])
    return msgspec.structs.replace(seating, abandoned=iso(now))


def offer_due(
    offered: tuple[int, int] | None,
    wait_ends: datetime.datetime | None,
    position: tuple[int, int],
    now: datetime.datetime,
) -> bool:
    """Whether a terminal offers its player the choice about ``position``
    (ply, late seat) now: once a position, unless a Wait more chosen there
    (``wait_ends``, None: none chosen) is over."""
    return offered != position or (wait_ends is not None and now >= wait_ends)


def wait_more(seating: Any, now: datetime.datetime) -> datetime.datetime:
    """When a Wait more chosen ``now`` is over: another period of the
    table's time per move, what the late seat had for the move."""
    return now + datetime.timedelta(seconds=seating.per_move)


def returned(seating: Any, seat: int) -> Any:
    """The seating with ``seat`` given back to its owner (no stand-in there)."""
    kept = [stand_in for stand_in in seating.stand_ins if stand_in.seat != seat]
    return msgspec.structs.replace(seating, stand_ins=kept)


def stood_in_plies(save: Any, stand_in: StandIn) -> list[int]:
    """The plies (0-based log indexes) of the moves the stand-in made for its seat."""
    return [ply for ply in range(stand_in.since, len(save.log)) if save.log[ply].seat == stand_in.seat]


def plausible(at: str, now: datetime.datetime) -> bool:
    """Whether a move's time, as a terminal wrote it, is the table's now
    within SLACK: a terminal cannot date a move to eat into the next seat's time."""
    when = moment(at)
    return when is not None and abs(when - now) <= SLACK
