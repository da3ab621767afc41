"""A table of a store as the app plays it: the interface of a table file
(saves.table.Table: read, states, take_seat, commit, path, known), its
spectators (watch_as, watchers) and a rematch's answers, over any store,
so a session, the lobby and the game screen play a PostgreSQL table as
they play a file. Its ``path`` is a :class:`StorePath`, which
names the table (``path.name``) and leads back to it: castletui/watch.py
watches such a table through the store, not the file system."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from castletui.saves.schema import Check, SaveFile
from castletui.saves.stores.protocol import StoreError, TableStore
from castletui.saves.table import Rematch, Seating, TableSummary

ROOT = "/castletui-store"
"""StorePath's folder: no file is there, so a look at the file system
(saves.table.signature) finds nothing and the table is asked instead."""


class StorePath(PurePosixPath):
    """The name of a store's table, with the table (``store_table``)."""

    store_table: StoreTable | None = None


class StoreTable:
    """Table ``address`` of ``store``."""

    def __init__(self, store: TableStore, address: str) -> None:
        self.store, self.address = store, address
        self.path = StorePath(ROOT, address)
        self.path.store_table = self
        self.known: tuple | None = None
        """The plies, last check and owners as this castletui last read or wrote them."""

    def read(self) -> tuple[SaveFile, Seating]:
        save, seating = self.store.read(self.address)
        self.known = (save.check.plies, save.check.state_hash, tuple(seating.owners))
        return save, seating

    def states(self, save: SaveFile) -> list[Any]:
        return self.store.states(self.address, save)

    def take_seat(self, seat: int, who: str, name: str = "") -> tuple[SaveFile, Seating]:
        save, seating = self.store.take_seat(self.address, seat, who, name)
        self.known = (save.check.plies, save.check.state_hash, tuple(seating.owners))
        return save, seating

    def commit(self, seen: Check, new: SaveFile, who: str) -> Seating:
        seating = self.store.commit(self.address, seen, new, who)
        self.known = (len(new.log), "", tuple(seating.owners))
        return seating

    def time_out(self, seat: int, who: str, choice: str) -> tuple[SaveFile, Seating]:
        save, seating = self.store.time_out(self.address, seat, who, choice)
        self.known = (save.check.plies, save.check.state_hash, tuple(seating.owners))
        return save, seating

    def answer_rematch(self, who: str, accept: bool) -> Rematch:
        return self.store.answer_rematch(self.address, who, accept)

    def plies(self) -> int:
        return self.known[0] if self.known else 0

    def watch_as(self, name: str) -> Any:
        """Say that ``name`` watches this table (TableStore.watch_as)."""
        return self.store.watch_as(self.address, name)

    def watchers(self) -> list[str]:
        """Who watches this table now (TableStore.watchers); none when the store cannot say."""
        try:
            return self.store.watchers(self.address)
        except StoreError:
            return []


class StoreListing:
    """The lobby's listing (saves.table.TableListing's interface) of a store."""

    def __init__(self, store: TableStore, directory: Any = None) -> None:
        self.store = store
        self.directory = directory
        self.problem = ""
        """Why the last look listed nothing (TableListing.problem); "": none."""

    def rows(self) -> list[TableSummary]:
        try:
            rows = self.store.tables()
        except StoreError as error:
            self.problem = str(error)  # nothing to list until it can be read: said, not hidden
            return []
        self.problem = ""
        return rows

    def forget(self) -> None:
        pass  # every look asks the store
