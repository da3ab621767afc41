"""The session a plain command opens, from what the command line checked
(castletui/commands/start.py's :class:`~castletui.app.Start`): a new
game, a save to resume, a new shared table or a seat at one. Shared tables
are opened by castletui/tables.py, as the app opens them, with a small
stand-in for the app that says its notices as lines."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from castletui import saves, tables
from castletui.commands.base import Refused
from castletui.session import Session


def stamp() -> str:
    """When a game starts, as its file name says it (the app's own way)."""
    return datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")


def new_game(save_dir: Path, new: dict) -> Session:
    path = saves.new_save_path(save_dir, f"{new['game_id']}-{stamp()}")
    try:
        return Session.new(**new, path=path)
    except saves.SaveError as error:
        if path.exists() and path.stat().st_size == 0:
            path.unlink()
        raise Refused(str(error)) from None


def resumed(save_dir: Path, path: Path | None) -> Session:
    """The save at ``path``, else the newest game still going."""
    if path is None:
        latest = saves.latest_save(save_dir)
        if latest is None:
            raise Refused(f"no saved games in {save_dir} yet.")
        path = Path(latest.path)
    try:
        return Session.open(path)
    except saves.SaveError as error:
        extra = " castletui without --plain offers to open it at its last good move." if error.partial else ""
        raise Refused(f"{error}{extra}") from None


class TableHost:
    """What castletui/tables.py asks of an app: who plays, where tables
    live, a notice to show, a session to open."""

    def __init__(self, who: str, who_name: str, table_dir: Path | None, say: Any) -> None:
        self.who, self.who_name, self.table_dir = who, who_name, table_dir
        self.say = say
        self.lobby_only = False
        self.session: Session | None = None
        self.refusal = ""

    def notify(self, message: str, title: str = "", severity: str = "information", **_: Any) -> None:
        if severity == "error":
            self.refusal = f"{title}: {message}" if title else message
        else:
            self.say(message)

    def open_session(self, session: Session, resumed: bool = False) -> None:
        self.session = session

    def opened(self) -> Session:
        if self.session is None:
            raise Refused(self.refusal or "the table could not be opened.")
        return self.session


def shared_table(host: TableHost, new: dict) -> Session:
    """A new shared table, this terminal in its first person's seat."""
    tables.start_shared_game(host, **new)
    return host.opened()


def joined(host: TableHost, path: Path | None, seat: int | None, talk: Any) -> Session | None:
    """A seat at the table at ``path``, or at one the player picks from the
    tables they may sit at (None: they picked none)."""
    if path is None:
        path = picked_table(host, talk)
        if path is None:
            return None
    tables.join_table(host, path, seat)
    return host.opened()


def picked_table(host: TableHost, talk: Any) -> Path | None:
    """The lobby in lines: the tables going on where this player has a
    seat or may take one, numbered; the player types a number."""
    who = host.who
    rows = [
        row
        for row in tables.listing_of(host).rows()
        if not (row.problem or row.finished or row.closed)
        and (row.seat_of(who) is not None or row.free_seats())
    ]
    if not rows:
        talk.say("No table has a seat for you: castletui new GAME --shared --plain starts one.")
        return None
    talk.say("Tables you may sit at:")
    for number, row in enumerate(rows, 1):
        players = ", ".join(
            name for name, owner, bot in zip(row.players, row.owners, row.bots, strict=False) if owner or bot
        )
        yours = "your seat" if row.seat_of(who) is not None else f"{len(row.free_seats())} free"
        talk.say(
            f"{number}. {row.title} ({row.variant}), {yours}, with {players or 'nobody yet'}: {row.status}"
        )
    while True:
        text = talk.ask()
        if text is None or text.casefold() == "quit":
            return None
        if text.isdigit() and 1 <= int(text) <= len(rows):
            return Path(rows[int(text) - 1].path)
        talk.say(f"Type a number from 1 to {len(rows)}, or quit.")
