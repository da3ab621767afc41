"""What a table store is (saves.stores): the tables and the accounts, as
the host, the lobby, join and a table's watcher use them."""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from castletui.saves.errors import SaveError
from castletui.saves.schema import Check, SaveFile
from castletui.saves.table import Rematch, Seating, TableSummary


class Account(NamedTuple):
    """Who a key logs in as: the account's id (its seats') and its name (a label)."""

    id: str
    name: str


class StoreError(SaveError):
    """A store that cannot be reached or used (its URL, its server, its schema)."""


class Accounts(Protocol):
    """The host's players: accounts, each a name and the SSH keys (their
    OpenSSH lines and raw blobs) that log in as it. Names are checked by
    the caller (castletui/host/players.py); the store keeps one account
    per name key and one account per key, whoever writes at once."""

    def account_of(self, blob: bytes) -> Account | None: ...

    def entries(self) -> list[tuple[str, list[str]]]:
        """Every account's name and key lines, in the order they came."""
        ...

    def add(self, name: str, line: str, blob: bytes, *, also: bool = False) -> str:
        """Register a key as ``name`` (or, with ``also``, one more key of
        ``name``): the name as registered; StoreError why not."""
        ...

    def claim(self, name: str, line: str, blob: bytes) -> str: ...

    def remove(self, name: str) -> tuple[str, int]: ...

    def taken(self, name: str) -> bool: ...

    def names(self) -> dict[str, str]:
        """Every account's id and name."""
        ...

    def dated(self) -> dict[str, tuple[str, str]]:
        """Every account's id, name and the day it was added (YYYY-MM-DD; empty: not known)."""
        ...

    def setting(self, account: str, name: str) -> bytes | None:
        """The account's settings file ``name`` (settings.toml, notify.toml)
        as it was last kept, whichever host kept it; None: never."""
        ...

    def keep_setting(self, account: str, name: str, body: bytes, *, unless_kept: bool = False) -> bool:
        """Keep the account's settings file ``name`` for every host (with
        ``unless_kept``: only if it has none yet); whether it was kept."""
        ...


class Presence(Protocol):
    """A spectator's mark on a table (TableStore.watch_as)."""

    def leave(self) -> None: ...


class TableStore(Protocol):
    """The shared tables of a host, wherever they are kept. A table is
    named by its address in the store (``TableSummary.path``: a file's
    path, or a PostgreSQL table's id)."""

    url: str

    def tables(self) -> list[TableSummary]:
        """Every table, newest first; a broken one listed with its problem."""
        ...

    def create(
        self,
        save: SaveFile,
        owners: list[str],
        stem: str = "",
        invited: list[str] | None = None,
        per_move: int = 0,
        invited_accounts: list[str] | None = None,
    ) -> str:
        """A new table (with a seed of its own, committed to: saves.seal): its
        address. With ``invited`` names it is private (Seating.invited), the
        accounts they are in ``invited_accounts``; with ``per_move`` seconds
        a move (0: none; saves.clock) it has a clock."""
        ...

    def read(self, table: str) -> tuple[SaveFile, Seating]:
        """The table as it stands, its record's chain verified (ChangedRecord)."""
        ...

    def states(self, table: str, save: SaveFile) -> list[Any]:
        """Every state of ``save``'s game, replayed and checked."""
        ...

    def adopt(self, save: SaveFile, seating: Seating, stem: str = "") -> str:
        """A new table that is ``save`` as another store kept it: its seed,
        seating and every move. Its address; the caller reads it back to
        verify it."""
        ...

    def take_seat(self, table: str, seat: int, who: str, name: str = "") -> tuple[SaveFile, Seating]: ...

    def bind_invitations(self, table: str, accounts: list[str]) -> bool:
        """Give a private table an older castletui made (invited names, no
        accounts) its invited ``accounts``; False when it has some already."""
        ...

    def commit(self, table: str, seen: Check, new: SaveFile, who: str) -> Seating:
        """Put ``new``'s log on the table if it still ends at ``seen``
        (saves.table.Table.commit's rules); LostRace otherwise."""
        ...

    def time_out(self, table: str, seat: int, who: str, choice: str) -> tuple[SaveFile, Seating]:
        """``who`` chose ``choice`` (saves.clock: a bot plays ``seat``, or
        the game is abandoned) for ``seat``, whose time ran out: the table
        as it now is; ClockRefused saying why not."""

    def answer_rematch(self, table: str, who: str, accept: bool) -> Rematch:
        """``who``'s yes or no to a rematch of the finished table
        (saves.rematch): the rematch as it now is; the last yes makes the
        new table (``Rematch.table``), once whoever answers at once."""
        ...

    def wait(self, table: str, after: int, timeout: float) -> int | None:
        """The table's ply once it changed after ``after`` (at once when it
        is past ``after`` already: a watcher catches up from its last ply);
        None when nothing changed within ``timeout`` seconds."""
        ...

    def watch_as(self, table: str, name: str) -> Presence | None:
        """Say that ``name`` watches ``table`` from no seat until the
        presence leaves, or its castletui ends however it ends (killed
        too); None when it cannot be said (they watch all the same)."""
        ...

    def watchers(self, table: str) -> list[str]:
        """The names of those watching ``table`` now, sorted; a spectator
        whose castletui is gone is not among them."""
        ...

    def castletui_ended(self, pid: int) -> int:
        """The castletui that was process ``pid`` on this machine ended
        (the host reaped it, killed too): its spectators' marks go, waking
        their tables' watchers; how many."""
        ...

    def claim_notice(self, table: str, turn: int, account: str, kind: str) -> bool:
        """Whether this caller is the one to tell ``account`` of ``table``
        at ``turn`` (``kind`` "turn"; a "digest" names no table, its turn
        the day as YYYYMMDD): True once per key, whoever asks after it gets
        False, so of several hosts on one store exactly one sends."""
        ...

    def forget_notices(self, keep_from_day: int) -> int:
        """Forget the claims (claim_notice) that can no longer matter: turns
        at tables that ended (finished or abandoned) or are gone, a turn
        once a later turn at its table was claimed, digests of days before
        ``keep_from_day`` (YYYYMMDD); how many were forgotten."""
        ...

    def connected_elsewhere(self, lock: int, here: list[str]) -> set[str]:
        """Say which accounts have a castletui at this host (``here``, kept
        for as long as this host lives; ``lock`` is its own key), and
        which have one at any other host on the store."""
        ...

    def accounts(self) -> Accounts | None:
        """The accounts kept in this store; None: the host keeps them
        itself (players.toml beside its key: the file store)."""
        ...

    def close(self) -> None: ...
