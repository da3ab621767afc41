"""What the lobby listed last time, kept beside the tables for its next
first frame (issue 46: the lobby stays fast with 200 tables): each table's
row and, for the tables the player sits at, whose move it waits for, each
by the signature of the file it was read from (inode, time, size:
saves.table.Signature). A table whose file still has that signature is
listed from here, neither read nor replayed; one that changed is read as
ever, and the rest of the cache still serves.

One file per player (their owner field) in the folder ``.lobby`` of the
table folder, written only by this Unix user (0600, and read only when it
is theirs and nobody else can write it: in a group folder the others
could plant one). It is only ever the listing's words: opening a table
reads the table itself, and a private table is left out for whoever is
not invited as it is without the cache (castletui/lobby.py). A file
that cannot be read, is damaged, or was written by another version of
this format or another castletui is ignored and written anew: never an
error. Only the table
folder's files are kept (a PostgreSQL store lists in one query)."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from pathlib import Path

import msgspec

import castletui
from castletui.lobby import Standing, Turns
from castletui.saves.table import Signature, TableListing, TableSummary

FOLDER = ".lobby"
"""In the table folder: hidden, never a table (saves.table.is_table_name)."""
VERSION = 1
"""This format's; a file of any other is ignored (and written over)."""
LARGEST = 8 * 1024 * 1024
"""A cache larger than this is not read (some 1 KB a table)."""


class Row(msgspec.Struct, array_like=True):
    signature: Signature
    row: TableSummary


class Waits(msgspec.Struct, array_like=True):
    signature: Signature
    standing: Standing


class Kept(msgspec.Struct):
    """The file: the castletui that wrote it, the player it is for, and by
    each table's file name its row and standing."""

    version: int
    made_by: str
    who: str
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


def file_name(who: str) -> str | None:
    """The cache's file name for ``who`` (an owner field): its characters
    that could not stand in a file name written as %XX; None when too long."""
    name = re.sub(r"[^A-Za-z0-9_-]", lambda found: "".join(f"%{byte:02X}" for byte in found[0].encode()), who)
    return f"{name}.json" if 0 < len(name) <= 200 else None


class LobbyCache:
    """The cache of one player at one table folder: :meth:`give` hands what
    it holds to the app's listing and turns as they are made, :meth:`keep`
    writes what they know once the lobby has drawn it."""

    def __init__(self, directory: Path, who: str) -> None:
        self.directory = Path(directory)
        self.who = who
        name = file_name(who)
        self.path = None if name is None else self.directory / FOLDER / name
        self._written: Kept | None = None
        """The cache as this run read or last wrote it (None: none)."""

    def load(self) -> Kept | None:
        """The cache as written, if it is this player's, of this format,
        whole and written by this Unix user alone; else None."""
        if self.path is None:
            return None
        try:
            handle = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
        except OSError:
            return None
        try:
            status = os.fstat(handle)
            if (
                not stat.S_ISREG(status.st_mode)
                or status.st_uid != os.geteuid()
                or status.st_mode & 0o022
                or status.st_size > LARGEST
            ):
                return None
            data = os.read(handle, LARGEST + 1)
        except OSError:
            return None
        finally:
            os.close(handle)
        try:
            kept = msgspec.json.decode(data, type=Kept)
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None
        if kept.version != VERSION or kept.made_by != made_by() or kept.who != self.who:
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
        """Write what ``listing`` and ``turns`` know, unless it is what the
        cache holds already; whether it wrote. A folder that cannot be
        written to is no error: the next run reads the tables."""
        if self.path is None:
            return False
        kept = Kept(
            VERSION,
            made_by(),
            self.who,
            {os.path.basename(path): Row(*entry) for path, entry in listing.known().items()},
            {os.path.basename(path): Waits(*entry) for path, entry in turns.known.items()},
        )
        if kept == self._written:
            return False
        try:
            self._write(msgspec.json.encode(kept))
        except OSError:
            return False
        self._written = kept
        return True

    def _write(self, data: bytes) -> None:
        """Into a temporary of this user's alone (0600), renamed over the
        cache: a reader never sees half of one."""
        assert self.path is not None
        folder = self.path.parent
        with contextlib.suppress(FileExistsError):
            folder.mkdir(mode=0o700)
            if self.directory.stat().st_mode & stat.S_ISGID:
                # A group's folder: each of its players keeps a file of their own here.
                os.chmod(folder, 0o2770)
        if not stat.S_ISDIR(folder.lstat().st_mode):
            raise OSError(f"{folder} is not a folder")  # a link planted there: write nothing
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
