"""What the lobby listed last time, kept beside the tables for the next
login's first frame (issue 46: the lobby stays fast with 200 tables): each
table's row and whose move it waits for (its standing), each by the
signature of the file it was read from (inode, time, size:
saves.table.Signature). A table whose file still has that signature is
listed from here, neither read nor replayed; one that changed is read as
ever, and the rest of the cache still serves.

A row and a standing are the same for every player (whose turn, since
when); only "is it you" differs, and that follows from the row's seats
(castletui/lobby.py works it out at each look). So the cache is one file
for all the players of this Unix user at the table folder: any player's
first login after anyone's finds the tables listed, and the standing of
every table someone sits at (a lobby works out those of others' tables as
it leaves: castletui/lobby.py, work_out_turns). A look keeps
the standings it worked out and those it was given; at the write, one the
file gained meanwhile (another login's) is kept too: two lobbies writing
lose nothing either looked at, and the last writer's file is whole.

The file is ``.lobby/tables-UID.json`` in the table folder (UID: this Unix
user's): written only by this user (0600), and read only when it is
theirs and nobody else can write it (in a group folder the others could
plant one; each Unix user there keeps a file of their own, and trusts
only it). It is only ever the listing's words: opening a table reads the
table itself, and a private table is left out for whoever is not invited
as it is without the cache (castletui/lobby.py: from the row, which is the
table's own). A file that cannot be read, is damaged, or was written by
another version of this format or another castletui is ignored and
written anew: never an error. Only the table folder's files are kept (a
PostgreSQL store lists in one query)."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

import msgspec

import castletui
from castletui.lobby import Standing, Turns
from castletui.saves.guarded import read_guarded
from castletui.saves.table import Signature, TableListing, TableSummary, signature

FOLDER = ".lobby"
"""In the table folder: hidden, never a table (saves.table.is_table_name)."""
VERSION = 2
"""This format's; a file of any other is ignored (and written over).
Version 1 was one file per player (``who`` in it)."""
LARGEST = 8 * 1024 * 1024
"""A cache larger than this is not read (some 1 KB a table)."""


class Row(msgspec.Struct, array_like=True):
    signature: Signature
    row: TableSummary


class Waits(msgspec.Struct, array_like=True):
    signature: Signature
    standing: Standing


class Kept(msgspec.Struct):
    """The file: the castletui that wrote it, and by each table's file
    name its row and standing."""

    version: int
    made_by: str
    rows: dict[str, Row] = {}
    standings: dict[str, Waits] = {}


def made_by() -> str:
    """This castletui, as far as a cache can tell it cheaply: the fields of
    a row and of a standing, and when castletui's files were installed. A
    row's words are partly the code's (a game's title): a castletui
    installed anew (an upgrade writes its files again) reads the tables."""
    try:
        installed = os.stat(castletui.__file__ or "").st_mtime_ns
    except OSError:
        installed = 0
    return f"{','.join(TableSummary.__struct_fields__)};{','.join(Standing._fields)};{installed}"


def file_name() -> str:
    """The cache's file name: this Unix user's own."""
    return f"tables-{os.geteuid()}.json"


class LobbyCache:
    """The cache at one table folder: :meth:`give` hands what it holds to
    the app's listing and turns as they are made, :meth:`keep` writes what
    they know once the lobby has drawn it."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FOLDER / file_name()
        self._written: Kept | None = None
        """The cache as this run read or last wrote it (None: none)."""
        self._file: Signature | None = None
        """The signature of the file this run read or last wrote: another
        login's write since changes it."""

    def load(self) -> Kept | None:
        """The cache as written, if it is of this format, whole and written
        by this Unix user alone; else None."""
        try:
            data, status = read_guarded(self.path, LARGEST, unwritable_by=0o022)
        except OSError:
            return None
        self._file = (status.st_ino, status.st_mtime_ns, status.st_size)
        try:
            kept = msgspec.json.decode(data, type=Kept)
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None
        if kept.version != VERSION or kept.made_by != made_by():
            return None
        return kept

    def give(self, listing: TableListing | None = None, turns: Turns | None = None) -> None:
        """Hand the cache's rows to ``listing`` and its standings to
        ``turns`` (each a table folder's, just made)."""
        kept = self._written = self.load() if self._written is None else self._written
        if kept is None:
            return
        here = str(self.directory)
        path_of = (lambda name: name) if here == "." else (lambda name: os.path.join(here, name))  # noqa: E731 - as TableListing.rows writes them
        if listing is not None:
            listing.take(
                {
                    path: (entry.signature, entry.row)
                    for name, entry in kept.rows.items()
                    # Only the listing's own kind of row: one with a problem is read again.
                    if (path := path_of(name)) == entry.row.path
                    and os.path.basename(path) == name
                    and not entry.row.problem
                    and not entry.row.closed
                }
            )
        if turns is not None:
            turns.known.update(
                {
                    path_of(name): (entry.signature, entry.standing)
                    for name, entry in kept.standings.items()
                    if os.path.basename(path_of(name)) == name
                }
            )

    def keep(self, listing: TableListing, turns: Turns) -> bool:
        """Write what ``listing`` and ``turns`` know, and the standings
        another login wrote since of tables they do not, unless it is what
        the cache holds already; whether it wrote. A folder that cannot be
        written to is no error: the next run reads the tables."""
        rows = {os.path.basename(path): Row(*entry) for path, entry in listing.known().items()}
        standings = {
            name: Waits(*entry)
            for path, entry in turns.known.items()
            if (name := os.path.basename(path)) in rows  # a table gone: its standing too
        }
        on_disk = self._written
        if self._file is None or signature(self.path) != self._file:
            # Another login wrote since this one read: what it worked out and this one did not.
            on_disk = self.load()
            for name, entry in on_disk.standings.items() if on_disk is not None else ():
                if name in rows and (name not in standings or entry.signature == rows[name].signature):
                    standings[name] = entry
        kept = Kept(VERSION, made_by(), rows, standings)
        if kept == on_disk:
            self._written = kept
            return False
        try:
            self._file = self._write(msgspec.json.encode(kept))
        except OSError:
            return False
        self._written = kept
        return True

    def _write(self, data: bytes) -> Signature:
        """Into a temporary of this user's alone (0600), renamed over the
        cache: a reader never sees half of one. The file's signature."""
        folder = self.path.parent
        with contextlib.suppress(FileExistsError):
            folder.mkdir(mode=0o700)
            if self.directory.stat().st_mode & stat.S_ISGID:
                # A group's folder: each of its Unix users keeps a file of their own here.
                os.chmod(folder, 0o2770)
        if not stat.S_ISDIR(folder.lstat().st_mode):
            raise OSError(f"{folder} is not a folder")  # a link planted there: write nothing
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                status = os.fstat(out.fileno())
            os.replace(temporary, self.path)
            return (status.st_ino, status.st_mtime_ns, status.st_size)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
