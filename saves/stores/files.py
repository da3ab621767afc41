"""The file store: a folder of table journals, each under its file lock
(saves.table), the embedded default. A table's address is its file's
path. The host keeps its accounts beside its key (players.toml), so this
store has none of its own."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from castletui.saves.errors import SaveError
from castletui.saves.rematch import answer_at_file
from castletui.saves.schema import Check, SaveFile
from castletui.saves.seal import keep_secret
from castletui.saves.store import new_save_path
from castletui.saves.table import SUFFIX, Rematch, Seating, Table, TableListing, TableSummary, signature
from castletui.saves.watchers import Presence, watch_as, watchers

TURN, DIGEST = "turn", "digest"
"""The kinds of message claim_notice keeps (castletui/host/notify.py)."""
WAIT_STEP = 0.02
"""How often :meth:`FileStore.wait` looks at the file (the app's screens
watch with inotify instead: castletui/watch.py)."""


class FileStore:
    """The tables of one folder (``url`` is the folder)."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.url = str(self.directory)
        self._tables: dict[str, Table] = {}
        self._listing = TableListing(self.directory)
        self._told: set[tuple[str, int, str, str]] = set()

    def table(self, address: str) -> Table:
        """The table at ``address``: a table file of this folder, never elsewhere."""
        path = Path(address)
        if path.parent != self.directory or not path.name.endswith(SUFFIX) or path.name.startswith("."):
            raise SaveError(f"{address} is not a table of {self.directory}.")
        key = str(path)
        if key not in self._tables:
            self._tables[key] = Table(path)
        return self._tables[key]

    def tables(self) -> list[TableSummary]:
        return self._listing.rows()

    def create(
        self,
        save: SaveFile,
        owners: list[str],
        stem: str = "",
        invited: list[str] | None = None,
        per_move: int = 0,
        invited_accounts: list[str] | None = None,
    ) -> str:
        self.directory.mkdir(parents=True, exist_ok=True)
        table = Table.create(
            self.directory,
            save,
            owners,
            stem,
            invited=invited,
            per_move=per_move,
            invited_accounts=invited_accounts,
        )
        self._tables[str(table.path)] = table
        return str(table.path)

    def adopt(self, save: SaveFile, seating: Seating, stem: str = "") -> str:
        self.directory.mkdir(parents=True, exist_ok=True)
        path = new_save_path(self.directory, stem or save.game, SUFFIX)
        table = self._tables[str(path)] = Table(path)
        with table.locked():
            if save.commitment:
                keep_secret(path, save.seed, save.salt, 0o600)
            table._write(save, seating)  # the whole journal, its chain made anew from its header
        return str(path)

    def bind_invitations(self, table: str, accounts: list[str]) -> bool:
        return self.table(table).bind_invitations(accounts)

    def read(self, table: str) -> tuple[SaveFile, Seating]:
        return self.table(table).read()

    def states(self, table: str, save: SaveFile) -> list[Any]:
        return self.table(table).states(save)

    def take_seat(self, table: str, seat: int, who: str, name: str = "") -> tuple[SaveFile, Seating]:
        return self.table(table).take_seat(seat, who, name)

    def commit(self, table: str, seen: Check, new: SaveFile, who: str) -> Seating:
        return self.table(table).commit(seen, new, who)

    def time_out(self, table: str, seat: int, who: str, choice: str) -> tuple[SaveFile, Seating]:
        return self.table(table).time_out(seat, who, choice)

    def answer_rematch(self, table: str, who: str, accept: bool) -> Rematch:
        return answer_at_file(self.table(table), who, accept)

    def wait(self, table: str, after: int, timeout: float) -> int | None:
        """Looked at, not slept on: the file's signature every WAIT_STEP.
        Its signature is taken before it is read, so a write in between is
        seen at the first look."""
        path = self.table(table).path
        seen = signature(path)
        plies = Table(path).read()[0].check.plies
        if plies != after:
            return plies
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(WAIT_STEP)  # a bounded look at another process's write
            if signature(path) != seen:
                return Table(path).read()[0].check.plies
        return None

    def watch_as(self, table: str, name: str) -> Presence | None:
        """A locked file beside the table (saves.watchers)."""
        return watch_as(self.table(table).path, name)

    def watchers(self, table: str) -> list[str]:
        return watchers(self.table(table).path)

    def castletui_ended(self, pid: int) -> int:
        """Nothing to do: a killed spectator's file closing wakes the
        players' watch, and their look removes it (saves.watchers)."""
        return 0

    def claim_notice(self, table: str, turn: int, account: str, kind: str) -> bool:
        """Kept in memory: a folder has one host (its notify-state.json
        keeps what was told across a restart: castletui/host/notify.py)."""
        key = (table, turn, account, kind)
        if key in self._told:
            return False
        self._told.add(key)
        return True

    def forget_notices(self, keep_from_day: int) -> int:
        """TableStore.forget_notices: the set kept in memory, judged by the folder's listing."""
        playing = {Path(row.path).name for row in self._listing.rows() if not row.finished}
        latest: dict[str, int] = {}
        for table, turn, _, kind in self._told:
            if kind == TURN:
                latest[table] = max(turn, latest.get(table, turn))
        kept = {
            (table, turn, account, kind)
            for table, turn, account, kind in self._told
            if (kind == DIGEST and turn >= keep_from_day)
            or (kind == TURN and Path(table).name in playing and turn == latest[table])
        }
        forgotten = len(self._told) - len(kept)
        self._told = kept
        return forgotten

    def connected_elsewhere(self, lock: int, here: list[str]) -> set[str]:
        """Nobody: a folder has one host."""
        return set()

    def accounts(self) -> None:
        return None  # players.toml, the host's own (castletui/host/players.py)

    def close(self) -> None:
        self._tables.clear()
