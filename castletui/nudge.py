"""The nudge when a table comes to wait for your move while you are
connected, at another table or in the lobby (issue 46): a toast, a line in
the header ("Your turn: Castlecards with Bo, 2 tables") and, unless the
settings turn it off (``terminal_nudge``), a terminal notification: the
bell, and a desktop notification by OSC 9 (iTerm2, WezTerm, Windows
Terminal, kitty, ghostty...) or OSC 777 (rxvt, foot, VTE), which a terminal
that knows neither ignores.

One :class:`TurnFollower` per app, started when the app first opens the
lobby or a table: it watches the table folder (castletui/watch.py, no
timer, and only your tables' files written: FolderWatch's ``closely``; a
PostgreSQL store's notifications when the tables are there),
and at each change of a table you sit at (or one it has not seen: a new
table; or one you opened since) asks castletui/lobby.py which of your
tables wait for your move. A move at someone else's table costs it
nothing: with twenty tables going on one host, that was most of every
player's work; so does a move at the table on screen, whose game shows the
turn (looked at once it leaves the screen). A table waiting when the follower starts, or the one
on screen, is no news; each other is nudged once per move it waits at.
The app's part (the header line, writing to the terminal) is
castletui/app.py's.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path, PurePath
from typing import Any

from textual.worker import get_current_worker

from castletui.lobby import LobbyLine, lobby_lines
from castletui.saves.table import TableListing, signature
from castletui.tables import listing_of, name_of, now_of, store_of, turns_of, who_of
from castletui.watch import FolderWatch, StoreWatch, watch_tables

TOAST_SECONDS = 10


def follow_turns(app: Any) -> None:
    """Start the app's follower once (the lobby and ``open_at_table`` ask).
    The lobby asks after its first frame: by then the app may be closing
    (its terminal went away), and a closing app follows nothing."""
    if not app.is_running:
        return
    if getattr(app, "turn_follower", None) is None:
        app.turn_follower = TurnFollower(app)
        app.turn_follower.start()


def on_screen(app: Any) -> str:
    """The name of the table on screen now ("" if none): its game screen
    shows the turn. A name, as the lobby's line has it (line_name): a
    store's table on screen is a path of its own (saves.stores.shared)."""
    session = getattr(app.screen, "session", None)
    path = getattr(session, "path", None) if getattr(session, "shared", False) else None
    return PurePath(path).name if path is not None else ""


def line_name(line: LobbyLine) -> str:
    return PurePath(line.path).name


class TurnFollower:
    """Follows the tables the app's player sits at, and nudges them when
    one comes to wait for their move."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.listing = listing_of(app)  # the lobby's: a table read for one is not read again
        self.nudged: dict[str, int] = {}
        """Each table waiting for your move, at the move it was known to wait at."""
        self.watch: FolderWatch | StoreWatch | None = None
        self.listed: frozenset[str] = frozenset()
        """The names of the tables of the last look (a file's name, a store's id)."""
        self.mine: frozenset[str] = frozenset()
        """Of those, the ones you sit at, and any you had on screen since."""
        self.passed_over = 0
        """Changes that concerned none of your tables (nothing was looked at)."""
        self.unlooked = ""
        """The table on screen, changed since the last look: looked at once it leaves the screen."""
        self.known: list[LobbyLine] = self.waiting()
        """Your tables waiting for your move, as last looked at."""
        self.seen = self.listing.seen() if isinstance(self.listing, TableListing) else None
        """The table files as that look found them: the watch starts from there."""
        for line in self.known:
            self.nudged[line.path] = line.standing.plies  # the lobby shows them: no news

    def waiting(self) -> list[LobbyLine]:
        """Your tables that wait for your own move (not a bot's or a draw)."""
        rows, who = self.listing.rows(), who_of(self.app)
        # os.path, not PurePath: a look at 200 tables made 400 paths for their names.
        self.listed = frozenset(os.path.basename(row.path) for row in rows)
        self.sit_at({os.path.basename(row.path) for row in rows if who in row.owners})
        lines, _ = lobby_lines(rows, who, name_of(self.app), turns_of(self.app), now_of(self.app))
        return [
            line
            for line in lines
            if line.standing is not None
            and line.standing.to_move == line.seat
            and line.seat not in line.standing.stand_ins  # a bot plays it for you (saves.clock)
        ]

    def sit_at(self, names: set[str]) -> None:
        """These tables are yours from now on: their moves concern you. The
        watch hears their files' writes from now on (only those: another
        table's move does not wake it); one written since the last look
        is looked at."""
        added = names - self.mine
        if not added:
            return
        self.mine = self.mine | added
        if isinstance(self.watch, FolderWatch):
            self.watch.watch_closely(added)
            seen, folder = self.listing.seen(), self.listing.directory
            missed = {name for name in added if signature(Path(folder) / name) != seen.get(name)}
            if missed:
                self.app.call_later(self.heard, missed)

    def start(self) -> None:
        # Closely: only your tables' writes wake it (and tables made, renamed in or removed).
        mine = lambda name: name in self.mine  # noqa: E731
        self.watch = watch_tables(self.listing.directory, store_of(self.app), self.seen, mine)
        self.app.run_worker(self._watching, thread=True, group="turns", exit_on_error=False)
        # Another screen (a table opened, the lobby again): the line leaves out the table on screen.
        self.app.screen_change_signal.subscribe(self.app, lambda _screen: self.show_line())
        self.show_line()

    def show_line(self) -> None:
        showing = on_screen(self.app)
        if self.unlooked and self.unlooked != showing:
            left, self.unlooked = self.unlooked, ""
            self.look(quiet=left)  # (it shows the line) the table just left was on screen: no news
            return
        if showing:  # a table you sat down at since the last look is yours from now on
            self.sit_at({showing})
        self.app.show_turn_line(turn_line([line for line in self.known if line_name(line) != showing]))

    def stop(self) -> None:
        if self.watch is not None:
            self.watch.stop()

    def _watching(self) -> None:
        worker = get_current_worker()
        assert self.watch is not None
        for changed in self.watch.changes(lambda: worker.is_cancelled):
            if changed and not self.concerns(changed):
                self.passed_over += 1
                continue
            with contextlib.suppress(RuntimeError):  # the app has ended
                self.app.call_from_thread(self.heard, changed)

    def heard(self, changed: set[str] | None) -> None:
        """Tables that may concern you changed: look, unless the change is
        only the table on screen (every move of its game, the commonest):
        its game shows the turn, and the header leaves it out. A look reads
        every table changed since the last, twenty on a busy host; that
        table is looked at once it leaves the screen."""
        showing = on_screen(self.app)
        if changed and showing and {PurePath(one).name for one in changed} == {showing}:
            self.unlooked = showing
            return
        self.look()

    def concerns(self, changed: set[str]) -> bool:
        """Whether a change of these tables (names, or a store's ids) may
        make one of yours wait for you: one you sit at, or one not seen
        before (a new table may seat you)."""
        listed, mine = self.listed, self.mine
        return any(name not in listed or name in mine for name in (PurePath(one).name for one in changed))

    def look(self, quiet: str = "") -> None:
        """After a change: nudge each table newly waiting for your move (the
        table on screen, and ``quiet``, the one just left, are no news)."""
        self.unlooked = ""  # every table read now
        waiting = self.waiting()
        showing = on_screen(self.app)
        news = [
            line
            for line in waiting
            if line_name(line) not in (showing, quiet) and self.nudged.get(line.path) != line.standing.plies
        ]
        self.nudged = {line.path: line.standing.plies for line in waiting}
        self.known = waiting
        self.show_line()
        for line in news:
            self.app.notify(line.text, title="Your turn", timeout=TOAST_SECONDS)
        if news and self.app.settings.terminal_nudge:
            self.app.ring_terminal(terminal_nudge("castletui", news[0].text))


def turn_line(waiting: list[LobbyLine]) -> str:
    """The header's line: the table waiting longest, and how many wait."""
    if not waiting:
        return ""
    first = waiting[0].text.split(":", 1)[0]
    more = f" (+{len(waiting) - 1} more)" if len(waiting) > 1 else ""
    return f"Your turn: {first}{more}"


def terminal_nudge(title: str, message: str, term: str | None = None) -> str:
    """The bell and a desktop notification in one string: OSC 777 where
    ``term`` (else $TERM, or VTE_VERSION set) says rxvt, foot or VTE, else
    OSC 9. Control characters and the separator ``;`` are left out of the
    words: a player's name must not end the sequence or start another."""
    vte = bool(os.environ.get("VTE_VERSION")) if term is None else False
    term = os.environ.get("TERM", "") if term is None else term
    title, message = _plain(title), _plain(message)
    if vte or term.startswith(("rxvt", "foot")):
        notice = f"\x1b]777;notify;{title};{message}\x07"
    else:
        notice = f"\x1b]9;{title}: {message}\x07"
    return "\x07" + notice


def _plain(words: str) -> str:
    return "".join(
        " " if not character.isprintable() or character == ";" else character for character in words
    )
