"""The PostgreSQL store: shared tables (and castletui host's accounts) in a
database that several hosts share.

A table is a row (``castletui_tables``) and a move is a row
(``castletui_moves``) whose ``(table_id, ply)`` is unique: of two hosts
committing the same ply, the database lets exactly one in and the other
gets LostRace with the table re-read. A commit is one statement (the moves
and the table's status together), so no lock is held across a network
round trip. Each move row is the journal's line, with its check chained
from the line before it (saves.chain), the first from the check of the
table's header; every reader verifies the chain of what it reads, as it
does a file. A move also names its predecessor's check, and the database
refuses a move whose predecessor is gone or another, and the taking back
of a move another follows.

What a seat change alters (who owns a seat, its label) is the table row's,
changed by a compare-and-set on its ``version``; it is not part of the
chain (a file rewrites its whole chain when someone sits: a row store
would have to rewrite every move). The rules are the file store's own
functions (saves.table: judged, seated, played).

Every change of a table's row notifies ``castletui_tables`` with the
table's id and ply only; a watcher that hears it (or that was away) reads
from the last ply it knew. A player's castletui on a host hears them
through the host's one listening connection (saves.stores.relay), and
keeps its own query connection only while it uses it (IDLE_SECONDS).

A private table's invited names and accounts are its row's (``invited``
and ``invited_accounts``: the file store's ``Seating``), so every reader
judges them as a file's (saves.table.may_see). A spectator is a row of ``castletui_watchers``
whose key its connection holds as a session-level advisory lock: the
lock goes with the connection (a castletui killed, its connection
dropped), so a stale row is told from a live one by ``pg_locks`` and
removed by whoever looks. A spectator coming or going notifies the
table's channel as a move does. The schema is created and upgraded by
saves.stores.migrations. Nothing here starts a server: the URL names the
user's own.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import secrets
import socket
import threading
import time
from typing import Any

import msgspec
import psycopg
from castletui.saves import now
from castletui.saves.chain import first_break, header_check, line_check
from castletui.saves.codec import ChangedRecord, in_words
from castletui.saves.errors import SaveError
from castletui.saves.names import name_key, name_problem
from castletui.saves.owners import owner_field
from castletui.saves.rematch import (
    RematchRefused,
    answered,
    everyone_accepted,
    limit_refusal,
    rematch_save,
    stem_of,
)
from castletui.saves.schema import After, Check, Line, LogEntry, Player, SaveConfig, SaveFile
from castletui.saves.seal import commitment, new_salt
from castletui.saves.stores.migrations import migrate as migrate_schema
from castletui.saves.stores.protocol import Account, StoreError
from castletui.saves.stores.relay import ANY_TABLE, RELAY_VARIABLE, RelayListener
from castletui.saves.table import (
    LostRace,
    Rematch,
    Replayer,
    Seating,
    TableSummary,
    judged,
    new_seed,
    race_message,
    seated,
    table_now,
    timed_out,
    titles,
)
from psycopg import errors
from psycopg.types.json import Jsonb

CHANNEL = "castletui_tables"
QUERYING, LISTENING = "castletui", "castletui listen"
"""The connections' application_name: what pg_stat_activity says each is for."""
MAX_ACCOUNTS = 100_000
"""Past the players file's 1,000: a public server's players."""
MAX_TABLES_LISTED = 500
WATCHER_NAME_CHARACTERS = 200
"""The most of a spectator's name kept (a name is short: saves.names)."""

LIVE_WATCHER = (
    "EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 "
    "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
    "AND ((l.classid::bigint << 32) | l.objid::bigint) = w.lock)"
)
"""Whether watcher row ``w``'s connection still holds its lock (a bigint
key shows in pg_locks as its high half in classid, its low in objid)."""
IDLE_SECONDS = 30.0
"""A query connection unused this long is closed (the next query opens
it again): an idle player holds none of the database's connections."""


class PostgresStore:
    """The tables and accounts in the database at ``url``."""

    def __init__(self, url: str, *, migrate: bool = True) -> None:
        self.url = url
        self.relay = os.environ.get(RELAY_VARIABLE, "")
        """The host's relay (saves.stores.relay) this store hears changes
        through; empty: a listening connection of its own."""
        self._lock = threading.RLock()  # a rematch holds it across its transaction
        self._used = 0.0
        self._idle: threading.Timer | None = None
        self._connection: psycopg.Connection | None = self._connect()  # unreachable: said at once
        if migrate:
            try:
                migrate_schema(self._connection)
            except psycopg.Error as error:
                self._connection.close()
                raise StoreError(f"The table store's schema cannot be made: {_first_line(error)}") from None
        with self._lock:
            self._used = time.monotonic()
            self._close_when_idle(IDLE_SECONDS)
        # What this store last read of each table: (version, save, seating,
        # the last line's check), so a read fetches only the moves since.
        self._known: dict[str, tuple[int, SaveFile, Seating, str]] = {}
        self._replayers: dict[str, Replayer] = {}
        self._listener: Listener | None = None

    # --- reading ----------------------------------------------------------

    def tables(self) -> list[TableSummary]:
        rows = self._query(
            "SELECT id, header, names, owners, plies, status, finished, updated, invited, per_move, abandoned, "
            "rematch, invited_accounts FROM castletui_tables ORDER BY updated DESC, id LIMIT %s",
            (MAX_TABLES_LISTED,),
        )
        return [_listed(row) for row in rows]

    def read(self, table: str) -> tuple[SaveFile, Seating]:
        """One round trip where it can be: the table's row and, in the same
        statement (one snapshot), the moves from the last one this store
        knew (all of them the first time, or when the table has fewer
        moves than it knew: one was taken back)."""
        known = self._known.get(table)
        start = len(known[1].log) if known is not None else 0
        row = self._query(
            "SELECT t.header, t.header_check, t.seed, t.salt, t.names, t.owners, t.version, t.plies, t.status, "
            "t.finished, t.updated, t.invited, t.per_move, t.stand_ins, t.abandoned, t.rematch, t.invited_accounts, "
            "(SELECT coalesce(json_agg(json_build_array(m.ply, m.line) ORDER BY m.ply), '[]') "
            "FROM castletui_moves m WHERE m.table_id = t.id "
            "AND m.ply >= CASE WHEN t.plies >= %(start)s THEN %(since)s ELSE 0 END) "
            "FROM castletui_tables t WHERE t.id = %(table)s",
            {"table": table, "start": start, "since": max(start - 1, 0)},
        )
        if not row:
            raise SaveError(f"There is no table {table[:60]} in the store.")
        header, check, seed, salt, names, owners, version, plies, status, finished, updated = row[0][:11]
        invited, per_move, stand_ins, abandoned, rematch, invited_accounts, moves = row[0][11:]
        rows = [(ply, line) for ply, line in moves]
        read = None
        if known is not None and start <= plies and header_check(header) == check:
            read = self._caught_up(table, known, rows)
        if read is None:
            whole = rows if start == 0 or plies < start else None  # else fetched again, from the first
            read = self._whole(table, header, check, seed, salt, names, whole)
        save, last_chain = read
        # What the table row says now (a seat changed, a move taken back).
        players = [
            Player(name, seat.get("kind", "human"), seat.get("level", "normal"))
            for name, seat in zip(names, header["seats"], strict=True)
        ]
        save = msgspec.structs.replace(
            save,
            config=msgspec.structs.replace(save.config, players=players),
            **(
                {"status": status, "finished": finished, "updated": updated} if plies == len(save.log) else {}
            ),
        )
        seating = _seating_of(
            table, owners, invited, per_move, stand_ins, abandoned, rematch, invited_accounts
        )
        self._known[table] = (version, save, seating, last_chain)
        return save, seating

    def _caught_up(
        self, table: str, known: tuple[int, SaveFile, Seating, str], rows: list[tuple[int, Any]]
    ) -> tuple[SaveFile, str] | None:
        """The save this store read last with the moves since (``rows``:
        from its last move on), and its last line's check; None when its
        last move is no longer the table's (taken back: read it whole)."""
        _version, save, _seating, last_chain = known
        start = len(save.log)
        if start:
            if not rows or rows[0][0] != start - 1 or rows[0][1].get("chain") != last_chain:
                return None
            rows = rows[1:]
        elif rows and rows[0][0] != 0:
            return None
        lines, last_chain = self._lines(table, rows, start, last_chain)
        return _with_lines(save, save.log, lines), last_chain

    def _whole(
        self,
        table: str,
        header: dict,
        check: str,
        seed: int,
        salt: str,
        names: list[str],
        rows: list[tuple[int, Any]] | None = None,
    ) -> tuple[SaveFile, str]:
        """The table from its header, every move's check verified: ``rows``
        when they were read with the table's row, else read now."""
        if header_check(header) != check:
            raise ChangedRecord(
                f"{table}: the table's header was changed (its check does not follow from it), so nobody "
                "plays on from it; the table is kept as it is.",
                entry=0,
            )
        if rows is None:
            rows = self._query(
                "SELECT ply, line FROM castletui_moves WHERE table_id = %s ORDER BY ply", (table,)
            )
        lines, last_chain = self._lines(table, rows, 0, check)
        return _with_lines(_save_of(header, seed, salt, names), [], lines), last_chain

    def _lines(
        self, table: str, rows: list[tuple[int, Any]], start: int, previous: str
    ) -> tuple[list[Line], str]:
        """The rows' lines, their plies and chain verified from ``previous``,
        and the last one's check."""
        try:
            lines = [msgspec.convert(line, Line) for _ply, line in rows]
        except msgspec.ValidationError as error:
            raise SaveError(f"{table}: a move in the store is not a move ({error}).") from None
        plies = [ply for ply, _line in rows]
        if plies != list(range(start, start + len(rows))):
            raise ChangedRecord(f"{table}: moves are missing from the record.", entry=start + 1)
        broken, last = first_break(previous, lines)
        if broken >= 0:
            raise ChangedRecord(
                f"{table}: the table's record was changed at move {start + broken + 1} (that move's check "
                "does not follow from the moves before it), so nobody plays on from it; the table is kept "
                "as it is.",
                entry=start + broken + 1,
            )
        return lines, last

    def states(self, table: str, save: SaveFile) -> list[Any]:
        replayer = self._replayers.setdefault(table, Replayer(table))
        return replayer.states(save)

    def plies(self, table: str) -> int | None:
        """The table's ply now (None: no such table)."""
        row = self._query("SELECT plies FROM castletui_tables WHERE id = %s", (table,))
        return row[0][0] if row else None

    def wait(self, table: str, after: int, timeout: float) -> int | None:
        if self._listener is None:
            self._listener = self.listener()
        return wait_for(self._listener, table, after, timeout)

    def listener(self, table: str | None = None) -> Listener | RelayListener:
        """What hears the tables' changes, for one watching thread: the
        host's relay where this castletui has one (told of ``table``'s
        changes only, when one is named), else a connection of its own
        (every table's)."""
        if self.relay:
            with contextlib.suppress(StoreError):
                return RelayListener(self.relay, self.plies, table)
        return self.hearing()

    def hearing(self) -> Listener:
        """A listening connection of its own (the host's relay holds one)."""
        return Listener(self.url)

    # --- changing ---------------------------------------------------------

    def create(
        self,
        save: SaveFile,
        owners: list[str],
        stem: str = "",
        invited: list[str] | None = None,
        per_move: int = 0,
        invited_accounts: list[str] | None = None,
    ) -> str:
        seed, salt = new_seed(), new_salt()
        save = msgspec.structs.replace(save, seed=seed, salt=salt, commitment=commitment(seed, salt))
        header = _header_of(save)
        owners = [owner_field(owner) for owner in owners]
        accounts = [owner_field(owner) for owner in invited_accounts or []]
        return self._insert(
            header, header_check(header), save, owners, stem or save.game, invited or [], per_move, accounts
        )

    def _insert(
        self,
        header: dict[str, Any],
        check: str,
        save: SaveFile,
        owners: list[str],
        stem: str,
        invited: list[str],
        per_move: int = 0,
        invited_accounts: list[str] | None = None,
    ) -> str:
        """A new table row named ``stem`` (else ``stem-2``...): its id."""
        for number in range(1, 10_000):
            table = stem if number == 1 else f"{stem}-{number}"
            rows = self._query(
                "INSERT INTO castletui_tables (id, header, header_check, seed, salt, names, owners, plies, "
                "status, finished, updated, invited, per_move, invited_accounts) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, 0, %s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (id) DO NOTHING RETURNING id",
                (
                    table,
                    Jsonb(header),
                    check,
                    save.seed,
                    save.salt,
                    Jsonb([player.name for player in save.players]),
                    Jsonb(owners),
                    save.status,
                    save.finished,
                    save.updated,
                    Jsonb(list(invited)),
                    per_move,
                    Jsonb(list(invited_accounts or [])),
                ),
            )
            if rows:
                return table
        raise SaveError(f"The store already holds thousands of tables named {stem}.")

    def adopt(self, save: SaveFile, seating: Seating, stem: str = "") -> str:
        header = _header_of(save)
        check = header_check(header)
        owners = [owner_field(owner) for owner in seating.owners]
        table = self._insert(
            header,
            check,
            save,
            owners,
            stem or save.game,
            list(seating.invited),
            seating.per_move,
            [owner_field(owner) for owner in seating.invited_accounts],
        )
        if save.log:
            empty = msgspec.structs.replace(save, log=[], check=Check(0, ""))
            if not self._append(table, empty, save, check):
                raise SaveError(f"{table}: its moves could not be written.")
        return table

    def bind_invitations(self, table: str, accounts: list[str]) -> bool:
        """TableStore.bind_invitations: one UPDATE, only while the row has no invited accounts."""
        accounts = [owner_field(account) for account in accounts if account]
        if not accounts:
            return False
        return bool(
            self._query(
                "UPDATE castletui_tables SET invited_accounts = %s, version = version + 1 "
                "WHERE id = %s AND invited <> '[]' AND invited_accounts = '[]' RETURNING id",
                (Jsonb(accounts), table),
            )
        )

    def take_seat(self, table: str, seat: int, who: str, name: str = "") -> tuple[SaveFile, Seating]:
        who = owner_field(who)
        while True:
            save, seating = self.read(table)
            version = self._known[table][0]
            changed = seated(save, seating, seat, who, name, table, lambda save: self.states(table, save))
            if changed is None:
                return save, seating
            new, new_seating = changed
            rows = self._query(
                "UPDATE castletui_tables SET names = %s, owners = %s, status = %s, stand_ins = %s, "
                "version = version + 1 WHERE id = %s AND version = %s RETURNING version",
                (
                    Jsonb([player.name for player in new.players]),
                    Jsonb(new_seating.owners),
                    new.status,
                    Jsonb(msgspec.to_builtins(new_seating.stand_ins)),
                    table,
                    version,
                ),
            )
            if rows:
                return self.read(table)
            # Someone else sat down meanwhile: judge again on the table as it is now.

    def time_out(self, table: str, seat: int, who: str, choice: str) -> tuple[SaveFile, Seating]:
        """saves.table.Table.time_out, by a compare-and-set on the table's version."""
        who = owner_field(who)
        while True:
            save, seating = self.read(table)
            version = self._known[table][0]
            new, new_seating = timed_out(
                save, seating, self.states(table, save), seat, who, choice, table_now()
            )
            rows = self._query(
                "UPDATE castletui_tables SET stand_ins = %s, abandoned = %s, status = %s, updated = %s, "
                "version = version + 1 WHERE id = %s AND version = %s RETURNING version",
                (
                    Jsonb(msgspec.to_builtins(new_seating.stand_ins)),
                    new_seating.abandoned,
                    new.status,
                    new.updated,
                    table,
                    version,
                ),
            )
            if rows:
                return self.read(table)
            # A seat or the clock changed meanwhile: judge again on the table as it is now.

    def answer_rematch(self, table: str, who: str, accept: bool) -> Rematch:
        """The answer with the row's version (a compare-and-set, as a seat);
        the last yes makes the new table in the same transaction, so of two
        last answers at once one makes it and the other finds it made."""
        while True:
            save, seating = self.read(table)
            version = self._known[table][0]
            rematch = answered(seating.rematch, save, seating.owners, who, accept)
            if rematch == seating.rematch:
                return rematch
            if accept:
                making = everyone_accepted(rematch, seating.owners)
                refusal = limit_refusal(self.tables(), save, seating.owners, who, making)
                if refusal:
                    raise RematchRefused(refusal)
            try:
                with self._lock, self._transaction():
                    if everyone_accepted(rematch, seating.owners):
                        fresh, owners = rematch_save(save, seating.owners)
                        rematch = msgspec.structs.replace(
                            rematch,
                            table=self.create(
                                fresh,
                                owners,
                                stem_of(save),
                                invited=list(seating.invited),
                                per_move=seating.per_move,
                                invited_accounts=list(seating.invited_accounts),
                            ),
                        )
                    rows = self._query(
                        "UPDATE castletui_tables SET rematch = %s, version = version + 1 "
                        "WHERE id = %s AND version = %s RETURNING version",
                        (Jsonb(msgspec.to_builtins(rematch)), table, version),
                    )
                    if not rows:
                        raise _Again  # another answer came first: its new table goes too
                return rematch
            except _Again:
                continue

    @contextlib.contextmanager
    def _transaction(self) -> Any:
        with self._lock:
            connection = self._opened()
        try:
            with connection.transaction():
                yield
        except psycopg.OperationalError as error:
            raise StoreError(f"The table store cannot be reached: {_first_line(error)}") from None

    def commit(self, table: str, seen: Check, new: SaveFile, who: str) -> Seating:
        who = owner_field(who)
        save, seating = self.read(table)
        if save.check != seen:
            raise LostRace(race_message(save, seating, who), save, seating)
        written, states, appended = judged(
            save, seating, self.states(table, save), new, who, table, table_now()
        )
        last_chain = self._known[table][3]
        try:
            if appended:
                done = self._append(table, save, written, last_chain)
            else:
                done = self._take_back(table, written, last_chain)
        except (errors.UniqueViolation, errors.ForeignKeyViolation):
            done = False
        if not done:
            # Another host's commit came first: the table as it is now.
            save, seating = self.read(table)
            raise LostRace(race_message(save, seating, who), save, seating)
        self._replayers.setdefault(table, Replayer(table)).keep(written.log, states)
        return seating

    def _append(self, table: str, save: SaveFile, written: SaveFile, previous: str) -> bool:
        start = len(save.log)
        moves = []
        for ply, line in enumerate(_lines_of(written, start), start):
            chain = line_check(previous, line)
            moves.append(
                {
                    "ply": ply,
                    "line": msgspec.to_builtins(msgspec.structs.replace(line, chain=chain)),
                    "chain": chain,
                    "previous_ply": ply - 1 if ply else None,
                    "previous_chain": previous if ply else None,
                }
            )
            previous = chain
        rows = self._query(
            "WITH added AS (INSERT INTO castletui_moves (table_id, ply, line, chain, previous_ply, "
            "previous_chain) SELECT %(table)s, m.ply, m.line, m.chain, m.previous_ply, m.previous_chain "
            "FROM jsonb_to_recordset(%(moves)s) AS m(ply integer, line jsonb, chain text, "
            "previous_ply integer, previous_chain text) RETURNING ply) "
            "UPDATE castletui_tables SET plies = %(plies)s, status = %(status)s, finished = %(finished)s, "
            "updated = %(updated)s WHERE id = %(table)s AND (SELECT count(*) FROM added) = %(count)s "
            "RETURNING plies",
            {
                "table": table,
                "moves": Jsonb(moves),
                "plies": len(written.log),
                "status": written.status,
                "finished": written.finished,
                "updated": written.updated,
                "count": len(moves),
            },
        )
        return bool(rows)

    def _take_back(self, table: str, written: SaveFile, last_chain: str) -> bool:
        rows = self._query(
            "WITH gone AS (DELETE FROM castletui_moves WHERE table_id = %(table)s AND ply = %(ply)s "
            "AND chain = %(chain)s RETURNING ply) "
            "UPDATE castletui_tables SET plies = %(ply)s, status = %(status)s, finished = %(finished)s, "
            "updated = %(updated)s WHERE id = %(table)s AND EXISTS (SELECT 1 FROM gone) RETURNING plies",
            {
                "table": table,
                "ply": len(written.log),
                "chain": last_chain,
                "status": written.status,
                "finished": written.finished,
                "updated": written.updated,
            },
        )
        return bool(rows)

    # --- spectators --------------------------------------------------------

    def watch_as(self, table: str, name: str) -> StorePresence | None:
        """Say that ``name`` watches ``table`` until the presence's leave()
        or this store's connection's end; None when it cannot be said
        (no such table, the store unreachable: they watch all the same)."""
        lock = secrets.randbelow(2**62) + 1
        try:
            if not self._query("SELECT pg_try_advisory_lock(%s)", (lock,))[0][0]:
                return None  # a key another holds (one in 2**62): no name shown
            try:
                self._query(
                    "INSERT INTO castletui_watchers (lock, table_id, name, client) VALUES (%s, %s, %s, %s)",
                    (lock, table, name[:WATCHER_NAME_CHARACTERS], castletui_client(os.getpid())),
                )
            except (errors.UniqueViolation, errors.ForeignKeyViolation, StoreError):
                with contextlib.suppress(StoreError):
                    self._query("SELECT pg_advisory_unlock(%s)", (lock,))
                return None
        except StoreError:
            return None
        return StorePresence(self, lock)

    def _leave(self, lock: int) -> None:
        """A spectator's row goes, then its lock."""
        with contextlib.suppress(StoreError):
            self._query("DELETE FROM castletui_watchers WHERE lock = %s", (lock,))
            self._query("SELECT pg_advisory_unlock(%s)", (lock,))

    def watchers(self, table: str) -> list[str]:
        """The names of those watching ``table`` now, sorted; the rows of
        spectators whose connection is gone are removed on the way (which
        wakes the table's watchers once)."""
        rows = self._query(
            f"WITH gone AS (DELETE FROM castletui_watchers w WHERE w.table_id = %(table)s AND NOT {LIVE_WATCHER}) "
            f"SELECT w.name FROM castletui_watchers w WHERE w.table_id = %(table)s AND {LIVE_WATCHER}",
            {"table": table},
        )
        names = [name for (name,) in rows if name and not name_problem(name)]
        return sorted(names, key=str.casefold)

    def castletui_ended(self, pid: int) -> int:
        """The castletui that was process ``pid`` of this machine has ended
        (the host reaped it, killed or not): its spectators' rows go, and
        every other whose connection is gone, waking those tables'
        watchers; how many. Its own connection may not have closed yet, so
        its rows are named, not judged by their lock."""
        rows = self._query(
            f"DELETE FROM castletui_watchers w WHERE w.client = %s OR NOT {LIVE_WATCHER} RETURNING w.lock",
            (castletui_client(pid),),
        )
        return len(rows)

    # --- notifications ------------------------------------------------------

    def claim_notice(self, table: str, turn: int, account: str, kind: str) -> bool:
        """The row ``castletui_told`` keeps, inserted by the first to ask:
        of several hosts that saw one turn, exactly one is told True."""
        return bool(
            self._query(
                "INSERT INTO castletui_told (table_id, turn, account_id, kind) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT DO NOTHING RETURNING turn",
                (table, turn, account, kind),
            )
        )

    def forget_notices(self, keep_from_day: int) -> int:
        """TableStore.forget_notices: one DELETE, its rows found by the primary key's table prefix."""
        rows = self._query(
            "DELETE FROM castletui_told told WHERE (told.kind = 'digest' AND told.turn < %(keep_from)s) "
            "OR (told.kind = 'turn' AND ("
            "NOT EXISTS (SELECT 1 FROM castletui_tables t "
            "WHERE t.id = told.table_id AND NOT t.finished AND t.abandoned = '') "
            "OR EXISTS (SELECT 1 FROM castletui_told later "
            "WHERE later.table_id = told.table_id AND later.kind = 'turn' AND later.turn > told.turn))) "
            "RETURNING told.turn",
            {"keep_from": keep_from_day},
        )
        return len(rows)

    def connected_elsewhere(self, lock: int, here: list[str]) -> set[str]:
        """Say that this host's castletuis are the accounts ``here`` (its
        rows of ``castletui_present``, kept while this connection holds the
        advisory lock ``lock``), and the accounts connected to any other
        live host. Rows of a host whose lock is gone are removed."""
        rows = self._query(
            "WITH held AS (SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = pg_backend_pid() "
            "AND l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 "
            "AND ((l.classid::bigint << 32) | l.objid::bigint) = %(lock)s) "
            "THEN true ELSE pg_try_advisory_lock(%(lock)s) END AS ok), "
            "gone AS (DELETE FROM castletui_present w WHERE (w.lock = %(lock)s AND NOT (w.account_id = ANY(%(here)s::text[]))) "
            f"OR (w.lock <> %(lock)s AND NOT {LIVE_WATCHER})), "
            "added AS (INSERT INTO castletui_present (lock, account_id) SELECT %(lock)s, here.account "
            "FROM unnest(%(here)s::text[]) AS here (account), held WHERE held.ok ON CONFLICT DO NOTHING) "
            f"SELECT DISTINCT w.account_id FROM castletui_present w WHERE w.lock <> %(lock)s AND {LIVE_WATCHER}",
            {"lock": lock, "here": sorted(here)},
        )
        return {account for (account,) in rows}

    def accounts(self) -> PostgresAccounts:
        return PostgresAccounts(self)

    def close(self) -> None:
        with self._lock:
            self._disconnect()
            if self._idle is not None:
                self._idle.cancel()
                self._idle = None
        if self._listener is not None:
            self._listener.close()
            self._listener = None

    def _query(self, sql: str, parameters: Any = None) -> list[tuple]:
        """One statement on the store's connection (autocommit: each is its
        own transaction); the rows it returned."""
        with self._lock:
            try:
                cursor = self._opened().execute(sql, parameters)
                return cursor.fetchall() if cursor.description is not None else []
            except (errors.UniqueViolation, errors.ForeignKeyViolation):
                raise  # a race lost: the caller re-reads
            except psycopg.OperationalError as error:
                self._disconnect()  # the next query connects again
                raise StoreError(f"The table store cannot be reached: {_first_line(error)}") from None
            except errors.UndefinedTable:
                raise StoreError(
                    "The table store is not set up yet: run `castletui host --store URL init` first."
                ) from None
            except psycopg.Error as error:  # no permission, a schema too old...
                raise StoreError(f"The table store refused: {_first_line(error)}") from None
            finally:
                self._used = time.monotonic()
                if self._idle is None and self._connection is not None:
                    self._close_when_idle(IDLE_SECONDS)

    def _opened(self) -> psycopg.Connection:
        """The query connection, opened again when it was closed (idle, or
        broken by an error); called holding ``_lock``."""
        if self._connection is None or self._connection.closed:
            self._connection = self._connect()
        return self._connection

    def _connect(self) -> psycopg.Connection:
        try:
            return psycopg.connect(self.url, autocommit=True, application_name=QUERYING)
        except psycopg.Error as error:
            raise StoreError(f"Cannot reach the table store: {_first_line(error)}") from None

    def _disconnect(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(psycopg.Error):
                self._connection.close()
            self._connection = None

    def _close_when_idle(self, seconds: float) -> None:
        """Close the query connection once unused for IDLE_SECONDS (one
        timer at a time, armed by a query; none while nothing is open)."""
        self._idle = threading.Timer(seconds, self._idle_ended)
        self._idle.daemon = True
        self._idle.start()

    def _idle_ended(self) -> None:
        with self._lock:
            self._idle = None
            left = self._used + IDLE_SECONDS - time.monotonic()
            if left > 0:
                self._close_when_idle(left)
            elif self._holds_locks():
                self._close_when_idle(IDLE_SECONDS)  # what it holds goes with it: kept open
            else:
                self._disconnect()

    def _holds_locks(self) -> bool:
        """Whether the query connection holds a session's advisory lock
        (a spectator's presence is one): closing it would let go of it."""
        if self._connection is None:
            return False
        try:
            return bool(
                self._connection.execute(
                    "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = pg_backend_pid() "
                    "AND locktype = 'advisory' AND granted)"
                ).fetchone()[0]
            )
        except psycopg.Error:
            return False  # broken: closed, and opened again at the next query


def castletui_client(pid: int) -> str:
    """A castletui process as the watchers' rows name it: this machine's
    name and its process id."""
    return f"{socket.gethostname()} {pid}"


class StorePresence:
    """A spectator's row in ``store`` (PostgresStore.watch_as), kept until
    :meth:`leave` (or the process's end: its connection's lock goes)."""

    def __init__(self, store: PostgresStore, lock: int) -> None:
        self._store: PostgresStore | None = store
        self.lock = lock
        atexit.register(self.leave)  # a castletui that quits while watching leaves at once

    def leave(self) -> None:
        if self._store is None:
            return
        atexit.unregister(self.leave)
        store, self._store = self._store, None
        store._leave(self.lock)


class Listener:
    """LISTEN on one connection of its own: it hears every table's changes
    (their id and ply) and looks up a table's ply on the same connection."""

    def __init__(self, url: str) -> None:
        try:
            self._connection = psycopg.connect(url, autocommit=True, application_name=LISTENING)
            self._connection.execute(f"LISTEN {CHANNEL}")
        except psycopg.Error as error:
            raise StoreError(f"Cannot reach the table store: {_first_line(error)}") from None

    def plies(self, table: str) -> int | None:
        row = self._connection.execute(
            "SELECT plies FROM castletui_tables WHERE id = %s", (table,)
        ).fetchone()
        return row[0] if row else None

    def heard(self, timeout: float) -> list[tuple[str, int]]:
        """The changes (table, ply) heard within ``timeout`` seconds: at
        once those already queued, else the first to come; [] if none."""
        try:
            # psycopg keeps what came during a query too: the first is waited for, the rest taken as queued.
            first = list(self._connection.notifies(timeout=max(timeout, 0), stop_after=1))
            notices = first + list(self._connection.notifies(timeout=0)) if first else []
            return [(table, int(ply)) for table, _, ply in (n.payload.rpartition(" ") for n in notices)]
        except (psycopg.Error, ValueError) as error:
            raise StoreError(f"The table store cannot be reached: {_first_line(error)}") from None

    def close(self) -> None:
        with contextlib.suppress(psycopg.Error):
            self._connection.close()


def wait_for(listener: Listener | RelayListener, table: str, after: int, timeout: float) -> int | None:
    """TableStore.wait on ``listener``: it listened first, then the look,
    so a change between the look and the wait is one already heard."""
    plies = listener.plies(table)
    if plies is None or plies != after:
        return plies
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        for changed, ply in listener.heard(left):
            if changed == table and ply != after:  # not one heard late of the ply looked at
                return ply
            if changed is ANY_TABLE and (plies := listener.plies(table)) != after:
                return plies
    return None


class PostgresAccounts:
    """castletui host's accounts in the store (the Accounts protocol)."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    def account_of(self, blob: bytes) -> Account | None:
        rows = self._store._query(
            "SELECT a.id, a.name FROM castletui_keys k JOIN castletui_accounts a ON a.id = k.account_id "
            "WHERE k.blob = %s",
            (blob,),
        )
        return Account(*rows[0]) if rows else None

    def account_named(self, name: str) -> Account | None:
        rows = self._store._query("SELECT id, name FROM castletui_accounts WHERE name = %s", (name,))
        return Account(*rows[0]) if rows else None

    def entries(self) -> list[tuple[str, list[str]]]:
        rows = self._store._query(
            "SELECT a.name, coalesce(array_agg(k.line ORDER BY k.serial) FILTER (WHERE k.line IS NOT NULL), "
            "'{}') FROM castletui_accounts a LEFT JOIN castletui_keys k ON k.account_id = a.id "
            "GROUP BY a.serial, a.name ORDER BY a.serial"
        )
        return [(name, list(lines)) for name, lines in rows]

    def names(self) -> dict[str, str]:
        """Every account's id and name, in one query."""
        return dict(self._store._query("SELECT id, name FROM castletui_accounts"))

    def dated(self) -> dict[str, tuple[str, str]]:
        """Every account's id, name and the day it was added, in one query."""
        rows = self._store._query("SELECT id, name, added FROM castletui_accounts")
        return {account: (name, added) for account, name, added in rows}

    def taken(self, name: str) -> bool:
        return bool(
            self._store._query("SELECT 1 FROM castletui_accounts WHERE name_key = %s", (name_key(name),))
        )

    def add(self, name: str, line: str, blob: bytes, *, also: bool = False) -> str:
        owner = self.account_of(blob)
        if owner is not None:
            if also and name_key(owner.name) == name_key(name):
                return owner.name
            raise StoreError(f"that key is already {owner.name}'s; castletui host remove {owner.name} first")
        rows = self._store._query(
            "SELECT id, name FROM castletui_accounts WHERE name_key = %s", (name_key(name),)
        )
        if rows and not also:
            raise StoreError(
                f"{rows[0][1]} is already a player here (names that look the same are one name); "
                f"to give them another key: castletui host add {rows[0][1]} KEYFILE --also"
            )
        if not rows and also:
            raise StoreError(f"there is no player {name} to give another key to")
        if not rows:
            count = self._store._query("SELECT count(*) FROM castletui_accounts")[0][0]
            if count >= MAX_ACCOUNTS:
                raise StoreError(f"the store holds its most players ({MAX_ACCOUNTS})")
            try:
                rows = self._store._query(
                    "INSERT INTO castletui_accounts (id, name, name_key, added) VALUES (%s, %s, %s, %s) "
                    "RETURNING id, name",
                    (secrets.token_hex(16), name, name_key(name), now()[:10]),
                )
            except errors.UniqueViolation:
                return self.add(name, line, blob, also=also)  # another host registered it meanwhile
        account, registered = rows[0]
        try:
            self._store._query(
                "INSERT INTO castletui_keys (blob, account_id, line) VALUES (%s, %s, %s)",
                (blob, account, line),
            )
        except (errors.UniqueViolation, errors.ForeignKeyViolation):
            return self.add(name, line, blob, also=also)  # the key came, or the account went, meanwhile
        return registered

    def claim(self, name: str, line: str, blob: bytes) -> str:
        owner = self.account_of(blob)
        return owner.name if owner is not None else self.add(name, line, blob)

    def setting(self, account: str, name: str) -> bytes | None:
        """The account's settings file ``name`` as last kept (None: never)."""
        rows = self._store._query(
            "SELECT body FROM castletui_account_settings WHERE account_id = %s AND name = %s", (account, name)
        )
        return bytes(rows[0][0]) if rows else None

    def keep_setting(self, account: str, name: str, body: bytes, *, unless_kept: bool = False) -> bool:
        """Keep ``body`` as the account's file ``name`` (``unless_kept``:
        only if it has none yet); whether it was kept. StoreError when the
        account is no longer there."""
        try:
            rows = self._store._query(
                "INSERT INTO castletui_account_settings (account_id, name, body) VALUES (%s, %s, %s) "
                "ON CONFLICT (account_id, name) DO "
                + ("NOTHING" if unless_kept else "UPDATE SET body = excluded.body, updated = now()")
                + " RETURNING name",
                (account, name, body),
            )
        except errors.ForeignKeyViolation:
            raise StoreError("this account is no longer one of the host's players") from None
        return bool(rows)

    def remove(self, name: str) -> tuple[str, int]:
        rows = self._store._query(
            "WITH gone AS (DELETE FROM castletui_accounts WHERE name_key = %s RETURNING id, name) "
            "SELECT gone.name, (SELECT count(*) FROM castletui_keys k WHERE k.account_id = gone.id) FROM gone",
            (name_key(name),),
        )
        if not rows:
            raise StoreError(f"there is no player {name[:40]} (see: castletui host players)")
        return rows[0][0], rows[0][1]


# --- the rows and the save ------------------------------------------------------


def _header_of(save: SaveFile) -> dict[str, Any]:
    """What of ``save`` neither a move nor a seat changes: the chain's root.
    No seed: it is the table's secret until the game ends (the commitment
    binds it)."""
    return {
        "format": save.format,
        "version": save.version,
        "game": save.game,
        "edition": save.edition,
        "created": save.created,
        "mode": save.mode,
        "commitment": save.commitment,
        "variant": save.config.variant,
        "options": msgspec.to_builtins(save.config.options),
        "seats": [{"kind": player.kind, "level": player.level} for player in save.players],
    }


def _save_of(header: dict[str, Any], seed: int, salt: str, names: list[str]) -> SaveFile:
    players = [
        Player(name, seat.get("kind", "human"), seat.get("level", "normal"))
        for name, seat in zip(names, header["seats"], strict=True)
    ]
    return SaveFile(
        format=header["format"],
        version=header["version"],
        game=header["game"],
        edition=header["edition"],
        created=header["created"],
        updated=header["created"],
        seed=seed,
        salt=salt,
        mode=header["mode"],
        commitment=header["commitment"],
        config=SaveConfig(header["variant"], players, header["options"]),
        check=Check(0, ""),  # as a table file reads before its first move: no hash to check
    )


def _with_lines(save: SaveFile, log: list[LogEntry], lines: list[Line]) -> SaveFile:
    if not lines:
        return save
    log = [*log, *(line.entry() for line in lines)]
    last = lines[-1]
    return msgspec.structs.replace(
        save,
        log=log,
        check=Check(len(log), last.hash),
        status=last.status,
        finished=last.finished,
        updated=last.updated or last.at or save.updated,
    )


def _lines_of(save: SaveFile, start: int) -> list[Line]:
    """``save``'s entries from ``start`` as journal lines, the last saying
    how the game stands (as saves.codec.lines_checked writes them)."""
    lines = [Line(entry.seat, entry.action, entry.at, entry.hash) for entry in save.log[start:]]
    if lines:
        updated = save.updated if save.updated != lines[-1].at else ""
        after = After(save.status, save.finished, updated)
        lines[-1] = msgspec.structs.replace(
            lines[-1], status=after.status, finished=after.finished, updated=after.updated
        )
    return lines


class _Again(Exception):
    """A compare-and-set lost to another change: roll back and judge again."""


def _seating_of(
    table: str,
    owners: Any,
    invited: Any,
    per_move: Any,
    stand_ins: Any,
    abandoned: Any,
    rematch: Any,
    invited_accounts: Any = (),
) -> Seating:
    """A row's seating, checked as a table file's is (saves.table.Seating):
    SaveError when a column is not what castletui writes, never a table
    read as public with every seat free."""
    try:
        seating = msgspec.convert(
            {
                "owners": owners,
                "invited": invited,
                "per_move": per_move,
                "stand_ins": stand_ins,
                "abandoned": abandoned,
                "rematch": rematch,
                "invited_accounts": list(invited_accounts),
            },
            Seating,
        )
    except msgspec.ValidationError as error:
        raise SaveError(
            f"{table[:60]} is damaged in the store: its seating cannot be read ({in_words(error)}), "
            "so nobody sits or watches there."
        ) from None
    seating.owners = [owner_field(owner) for owner in seating.owners]
    seating.invited_accounts = [owner_field(owner) for owner in seating.invited_accounts]
    return seating


def _listed(row: tuple) -> TableSummary:
    """A row as the lobby lists it: one that cannot be read is listed with
    its problem (as a damaged table file is), never hiding the others."""
    try:
        return _summary(*row)
    except SaveError as error:
        problem = str(error)
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        problem = f"{str(row[0])[:60]} is damaged in the store ({type(error).__name__}: {error})"
    return TableSummary(str(row[0]), "?", str(row[0]), "", (), (), (), 0, "", False, "", problem)


def _summary(
    table: str,
    header: dict,
    names: list[str],
    owners: list[str],
    plies: int,
    status: str,
    finished: bool,
    updated: str,
    invited: list[str],
    per_move: int = 0,
    abandoned: str = "",
    rematch: Any = None,
    invited_accounts: Any = (),
) -> TableSummary:
    seating = _seating_of(table, owners, invited, per_move, [], abandoned, rematch, invited_accounts)
    title, variant = titles(header["game"], header["variant"])
    return TableSummary(
        table,
        header["game"],
        title,
        variant,
        tuple(names),
        tuple(seating.owners),
        tuple(seat.get("kind") == "bot" for seat in header["seats"]),
        plies,
        status,
        finished or bool(seating.abandoned),
        updated,
        invited=tuple(seating.invited),
        per_move=seating.per_move,
        abandoned=bool(seating.abandoned),
        rematch=seating.rematch,
        invited_accounts=tuple(seating.invited_accounts),
    )


def _first_line(error: Exception) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
