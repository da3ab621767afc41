"""The lobby's order and words, without an app: for one player, each table
of the folder as a line, tables waiting for their move first ("Castlecards
with Bo and Cy: your turn for 14 h"), then tables waiting for someone else
("Bo's turn, 2 d"), then free seats at other tables, then the games going
on that they may watch from no seat, then their finished games. A rematch
offered at a finished table is a line of its own: "Bo offers a rematch of
Castlecards: accept?" waits for you, "Rematch of Castlecards with Bo:
waiting for Bo" for them. A private
table is listed only to those invited to it. A game-night table and a correspondence table are the same: a table
simply waits, since its last move.

Whose move a table waits for is the game's ``to_move`` of its last state.
The table file's words (its status) are for people, so the state is
replayed here, only for the tables the player sits at, and then only the
moves added since the last look (saves.table.Table.states keeps the states
it replayed): some 2 ms for a 200-move Castlecards game the first time, a
stat when nothing changed; at the next login, any player's, a stat too (the
lobby's cache beside the tables, castletui/lobby_cache.py, keeps each
standing by the signature of the file it was worked out from: a standing
is the table's, the same for every player). The table file itself is
never written here.
The lobby screen is castletui/screens/join.py; the nudge when a table comes
to wait for you is the app's (castletui/app.py), from the same :class:`Turns`.
"""

from __future__ import annotations

import datetime
import os
import time
from pathlib import Path
from typing import Any, NamedTuple

from castletui.rules.core import CHANCE, PUBLIC
from castletui.saves import SaveError
from castletui.saves.clock import duration_words, moment, per_move_words
from castletui.saves.names import name_key
from castletui.saves.owners import owner_field
from castletui.saves.replay import game_of
from castletui.saves.stores.protocol import StoreError
from castletui.saves.stores.shared import StoreTable
from castletui.saves.table import Signature, Table, TableSummary, signature

YOUR_TURN, THEIR_TURN, OPEN_SEAT, FINISHED = range(4)
"""The lobby's groups, top to bottom."""
WATCH = 4
"""The group of games you may watch, listed between open seats and your finished games."""


STOOD_IN = "a bot plays your seat since your time ran out; open it to take it back"
"""Said of a table whose seat a bot plays for you (saves.clock), here and in plain lines."""


class Standing(NamedTuple):
    """Where a table you sit at stands: the seat it waits for (None: the
    game is over; CHANCE: a draw), how many moves it has, and since when
    it waits (the last move's time, else the table's)."""

    to_move: int | None
    plies: int
    since: str
    per_move: int = 0
    """The table's time per move in seconds (saves.clock; 0: none)."""
    stand_ins: tuple[int, ...] = ()
    """The seats a bot plays until their owners come back."""


class LobbyLine(NamedTuple):
    """One line of the lobby: the table, the seat Enter takes there (yours,
    or a free one), its group and its words."""

    path: str
    seat: int
    group: int
    text: str
    since: str = ""
    standing: Standing | None = None
    """Where a table you sit at stands (None: not yours, or not readable)."""


class Turns:
    """Whose move each table waits for, kept between looks: a table not
    changed since is not read again, one with moves added replays only
    those. One per app: the lobby and the nudge share it."""

    def __init__(self, store: Any = None) -> None:
        self.store = store
        """The PostgreSQL store the tables are in (None: table files)."""
        self._tables: dict[str, Any] = {}
        self.known: dict[str, tuple[Signature, Standing]] = {}
        """Table files: each standing worked out, by the signature of the
        file it was worked out from (castletui/lobby_cache.py keeps them
        between runs). A file with that signature still is not read again."""

    def standing(self, path: str | Path) -> Standing | None:
        """The table's standing; None when it cannot be read or replayed
        (the lobby then shows the table's own words)."""
        key = str(path)
        table = self._tables.get(key)
        if table is None:
            known = self.known.get(key)
            if known is not None and self.store is None and known[0] == signature(key):
                return known[1]
            table = self._tables[key] = (
                Table(Path(key)) if self.store is None else StoreTable(self.store, key)
            )
        try:
            save, seating = table.read()
            states = table.states(save)
            game = game_of(save, table.path.name)
        except (SaveError, StoreError, OSError):
            self._tables.pop(key, None)  # read afresh next time: it may be mended
            self.known.pop(key, None)
            return None
        since = save.log[-1].at if save.log and save.log[-1].at else save.updated
        # An abandoned game waits for nobody: it is over (its status says so).
        to_move = None if seating.abandoned else game.to_move(states[-1])
        stand_ins = tuple(stand_in.seat for stand_in in seating.stand_ins)
        standing = Standing(to_move, len(save.log), since, seating.per_move, stand_ins)
        if self.store is None and table.known is not None:
            self.known[key] = (table.known, standing)
        return standing

    def forget(self, paths: set[str] | None = None) -> None:
        """Read these tables (None: all) afresh at the next look."""
        if paths is None:
            self._tables.clear()
            self.known.clear()
        for path in paths or ():
            self._tables.pop(path, None)
            self.known.pop(path, None)


LEAVING_SECONDS = 0.2
"""How long a lobby leaving works out the turns of others' tables at most
(:func:`work_out_turns`): a host of thousands of tables is covered over
several logouts, and nobody's logout waits long."""


def work_out_turns(rows: list[TableSummary], turns: Turns, until: float) -> None:
    """Whose move each table someone sits at waits for, as far as it can
    be worked out before ``until`` (time.monotonic), newest tables first
    (the rows' order): the lobby does it as it leaves, and its cache
    (castletui/lobby_cache.py) keeps them for every player's next login.
    A standing is the table's, the same for every player: a first login
    then replays none of an unchanged table, its own or not. A table
    whose standing is known and unchanged costs a stat."""
    for row in rows:
        if time.monotonic() > until:
            return
        if not row.problem and any(row.owners):
            turns.standing(row.path)


JUST_NOW = "just now"


def your_turn(how_long: str) -> str:
    """ "your turn for 14 h"; "your turn now" when it just came, plain
    "your turn" when the time is unknown ("for just now" reads badly)."""
    if how_long == JUST_NOW:
        return "your turn now"
    return f"your turn for {how_long}" if how_long else "your turn"


def waited(since: str, now: datetime.datetime) -> str:
    """How long since ``since`` (an ISO time), in the lobby's short words:
    "just now" under a minute, "5 min", "14 h" up to two days, then "2 d";
    "" when unknown."""
    try:
        then = datetime.datetime.fromisoformat(since)
    except ValueError:
        return ""
    if then.tzinfo is None:
        then = then.replace(tzinfo=datetime.UTC)
    seconds = max(0, int((now - then).total_seconds()))
    if seconds < 60:
        return JUST_NOW  # "1 min" for a few seconds read as untrue
    if seconds < 3600:
        return f"{seconds // 60} min"
    if seconds < 48 * 3600:
        return f"{seconds // 3600} h"
    return f"{seconds // 86400} d"


def others(row: TableSummary, seat: int, free: bool = True) -> str:
    """Who else sits at the table: "Bo and Cy", "Bo, Cy and Milo (bot)";
    a free seat as "seat 3 (free)", or left out (``free`` False)."""
    names = [
        f"{name} (bot)" if row.bots[index] else (name if row.owners[index] else f"seat {index + 1} (free)")
        for index, name in enumerate(row.players)
        if index != seat and (free or row.bots[index] or row.owners[index])
    ]
    if not names:
        return ""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def turn_words(row: TableSummary, seat: int, standing: Standing, now: datetime.datetime) -> tuple[int, str]:
    """The group and the words of a table you sit at (in ``seat``)."""
    title = f"{row.title} with {others(row, seat)}" if len(row.players) > 1 else row.title
    how_long = waited(standing.since, now)
    mover = standing.to_move
    if mover is None:
        return FINISHED, f"{title}: {row.status or 'finished'}"
    if seat in standing.stand_ins:
        # Whoever's move it is: only opening the table gives the seat back, so it is
        # the owner's to do, and n goes there (the nudge still leaves it out).
        return YOUR_TURN, f"{title}: {STOOD_IN}"
    if mover == seat:
        return YOUR_TURN, f"{title}: {your_turn(how_long)}{clock_words(standing, now, yours=True)}"
    stood_in = mover in standing.stand_ins
    if mover == CHANCE or stood_in or (0 <= mover < len(row.bots) and row.bots[mover]):
        # A bot's move or a draw is made by the first terminal at the table.
        if stood_in:
            what = f"a bot plays {row.players[mover]}'s seat, and moves when you open it"
        elif mover != CHANCE:
            what = f"{row.players[mover]} (bot) moves when you open it"
        elif standing.plies == 0:
            what = "the deal is made when you open it"
        else:
            what = "a draw is made when you open it"
        return YOUR_TURN, f"{title}: {what}, {how_long}"
    if 0 <= mover < len(row.owners) and not row.owners[mover]:
        # The words name the free seat: the title need not ("with seat 2 (free): waiting for a player in seat 2").
        seated = others(row, seat, free=False)
        title = f"{row.title} with {seated}" if seated else row.title
        return THEIR_TURN, f"{title}: waiting for a player in seat {mover + 1}, {how_long}"
    name = row.players[mover] if 0 <= mover < len(row.players) else "?"
    return THEIR_TURN, f"{title}: {name}'s turn, {how_long}{clock_words(standing, now, yours=False)}"


def clock_words(standing: Standing, now: datetime.datetime, yours: bool) -> str:
    """The time left to the seat to move at a table with a clock (saves.clock):
    ", 5 h left"; once out, what may be done. "" without a clock."""
    began = moment(standing.since)
    if not standing.per_move or began is None:
        return ""
    left = standing.per_move - (now - began).total_seconds()
    if left > 0:
        return f", {duration_words(left)} left"
    if yours:
        return ", your time is out: move before the others hand your seat to a bot"
    return ", out of time: open it to choose"


def rematch_words(row: TableSummary, seat: int) -> tuple[int, str] | None:
    """The group and words of a finished table of yours with a rematch
    offered (saves.rematch); None when none is, or once it is made (the
    new table is a line of its own)."""
    rematch, who = row.rematch, row.owners[seat]
    if rematch is None or rematch.table:
        return None
    names = {owner: row.players[index] for index, owner in enumerate(row.owners) if owner}
    declined = [names.get(owner, "?") for owner in rematch.declined if owner != who]
    if who in rematch.declined:
        return FINISHED, f"{row.title} with {others(row, seat)}: you declined a rematch"
    if declined:
        return FINISHED, f"{row.title} with {others(row, seat)}: {' and '.join(declined)} declined a rematch"
    if who in rematch.accepted:
        waiting = [names[owner] for owner in names if owner not in rematch.accepted]
        return (
            THEIR_TURN,
            f"Rematch of {row.title} with {others(row, seat)}: waiting for {' and '.join(waiting)}",
        )
    offering = names.get(rematch.accepted[0], "?") if rematch.accepted else "?"
    return YOUR_TURN, f"{offering} offers a rematch of {row.title}: accept?"


def free_seat_words(row: TableSummary, seat: int) -> str:
    variant = f" ({row.variant})" if row.variant else ""
    if row.per_move:  # a correspondence table says its pace before anyone sits down
        variant += f", {per_move_words(row.per_move)} a move"
    seated = [
        f"{name} (bot)" if row.bots[index] else name
        for index, name in enumerate(row.players)
        if row.bots[index] or row.owners[index]
    ]
    with_whom = f" with {', '.join(seated)}" if seated else ""
    return f"Take seat {seat + 1}: {row.title}{variant}{with_whom}"


def watch_words(row: TableSummary) -> str:
    """A game going on that you may watch: "Watch Castlecards: Ann and Bo,
    Bo to play"; with a seat free, "Watch Castlecards: Ann, seat 2 free;
    Ann to play" (a bare "Ann, Ann to play" read like a slip)."""
    seated = [
        f"{name} (bot)" if row.bots[index] else name
        for index, name in enumerate(row.players)
        if row.bots[index] or row.owners[index]
    ]
    free = [str(index + 1) for index in range(len(row.players)) if not (row.bots[index] or row.owners[index])]
    names = ", ".join(seated[:-1]) + " and " + seated[-1] if len(seated) > 1 else "".join(seated)
    private = " (private)" if row.invited else ""
    if not seated:
        return f"Watch {row.title}{private}: nobody seated yet, {row.status}"
    if free:
        seats = "seat " + free[0] if len(free) == 1 else "seats " + ", ".join(free[:-1]) + " and " + free[-1]
        return f"Watch {row.title}{private}: {names}, {seats} free; {row.status}"
    return f"Watch {row.title}{private}: {names}, {row.status}"


def lobby_lines(
    rows: list[TableSummary], who: str, name: str, turns: Turns, now: datetime.datetime
) -> tuple[list[LobbyLine], list[TableSummary]]:
    """The lobby's lines for ``who`` (an owner field) sitting down as
    ``name``, in order; and the tables with free seats this Unix user
    cannot take (the lobby names them in its note). A line to watch a
    game has the seat PUBLIC. A private table ``who`` is not invited to
    is left out (saves.table.may_see)."""
    who = owner_field(who)
    yours: list[LobbyLine] = []
    free: list[LobbyLine] = []
    finished: list[LobbyLine] = []
    watched: list[LobbyLine] = []
    closed: list[TableSummary] = []
    own_key: str | None = None
    for row in rows:
        if row.problem:
            continue
        seat = row.seat_of(who)
        if seat is not None:
            standing = turns.standing(row.path)
            if standing is None:  # not replayable: the table's own words
                group = FINISHED if row.finished else THEIR_TURN
                line = LobbyLine(row.path, seat, group, f"{row.title}: {row.status}", row.updated)
            else:
                group, text = rematch_words(row, seat) or turn_words(row, seat, standing, now)
                line = LobbyLine(row.path, seat, group, text, standing.since, standing)
            (finished if group == FINISHED else yours).append(line)
            continue
        if row.invited and not row.may_see(who, name):
            continue  # a private table: not even its name for those not invited
        if not row.finished:
            watched.append(LobbyLine(row.path, PUBLIC, WATCH, watch_words(row), row.updated))
        # One seat each (by identity), and no name twice at a table (saves.table.take_seat).
        # A full table is passed over before any name is compared: name_key is costly at first.
        if row.finished or not row.free_seats():
            continue
        if own_key is None:
            own_key = name_key(name)
        if any(
            name_key(label) == own_key for label, owner in zip(row.players, row.owners, strict=True) if owner
        ):
            continue
        if row.closed and row.free_seats():
            closed.append(row)
            continue
        free.extend(
            LobbyLine(row.path, seat, OPEN_SEAT, free_seat_words(row, seat)) for seat in row.free_seats()
        )
    # Longest waiting first among your tables; newest first below (the rows' order).
    yours.sort(key=lambda line: (line.group, _moment(line.since)))
    return yours + told_apart(free) + told_apart(watched) + finished, closed


def told_apart(lines: list[LobbyLine]) -> list[LobbyLine]:
    """``lines`` with the table's file name after those whose words are
    alike (two tables of the same players): only there, since it would
    wrap a line at 80 columns and a player needs it nowhere else."""
    alike: dict[str, int] = {}
    for line in lines:
        alike[line.text] = alike.get(line.text, 0) + 1
    return [
        line._replace(text=f"{line.text} - {os.path.basename(line.path)}") if alike[line.text] > 1 else line
        for line in lines
    ]


def _moment(since: str) -> datetime.datetime:
    try:
        then = datetime.datetime.fromisoformat(since)
    except ValueError:
        return datetime.datetime.max.replace(tzinfo=datetime.UTC)
    return then if then.tzinfo is not None else then.replace(tzinfo=datetime.UTC)


def next_waiting(lines: list[LobbyLine], after: str | None) -> LobbyLine | None:
    """The next line waiting for your move after the table ``after`` (the
    one last opened), round to the first; None when none waits."""
    waiting = [line for line in lines if line.group == YOUR_TURN]
    if not waiting:
        return None
    paths = [line.path for line in waiting]
    if after in paths:
        return waiting[(paths.index(after) + 1) % len(waiting)]
    return waiting[0]
