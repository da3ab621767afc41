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
from the last ply it knew. The schema is created and upgraded by
saves.stores.migrations. Nothing here starts a server: the URL names the
user's own.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
import time
from typing import Any

import msgspec
import psycopg
from castletui.saves import now
from castletui.saves.chain import first_break, header_check, line_check
from castletui.saves.codec import ChangedRecord
from castletui.saves.errors import SaveError
from castletui.saves.names import name_key
from castletui.saves.owners import owner_field
from castletui.saves.rematch import answered, everyone_accepted, rematch_save, stem_of
from castletui.saves.schema import After, Check, Line, LogEntry, Player, SaveConfig, SaveFile
from castletui.saves.seal import commitment, new_salt
from castletui.saves.stores.migrations import migrate as migrate_schema
from castletui.saves.stores.protocol import Account, StoreError
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
    titles,
)
from psycopg import errors
from psycopg.types.json import Jsonb

CHANNEL = "castletui_tables"
MAX_ACCOUNTS = 100_000
"""Past the players file's 1,000: a public server's players."""
MAX_TABLES_LISTED = 500


class PostgresStore:
    """The tables and accounts in the database at ``url``."""

    def __init__(self, url: str, *, migrate: bool = True) -> None:
        self.url = url
        try:
            self._connection = psycopg.connect(url, autocommit=True)
        except psycopg.Error as error:
            raise StoreError(f"Cannot reach the table store: {_first_line(error)}") from None
        self._lock = threading.RLock()  # a rematch holds it across its transaction
        if migrate:
            try:
                migrate_schema(self._connection)
            except psycopg.Error as error:
                self._connection.close()
                raise StoreError(f"The table store's schema cannot be made: {_first_line(error)}") from None
        # What this store last read of each table: (version, save, seating,
        # the last line's check), so a read fetches only the moves since.
        self._known: dict[str, tuple[int, SaveFile, Seating, str]] = {}
        self._replayers: dict[str, Replayer] = {}
        self._listener: Listener | None = None

    # --- reading ----------------------------------------------------------

    def tables(self) -> list[TableSummary]:
        rows = self._query(
            "SELECT id, header, names, owners, plies, status, finished, updated, rematch FROM castletui_tables "
            "ORDER BY updated DESC, id LIMIT %s",
            (MAX_TABLES_LISTED,),
        )
        return [_summary(*row) for row in rows]

    def read(self, table: str) -> tuple[SaveFile, Seating]:
        row = self._query(
            "SELECT header, header_check, seed, salt, names, owners, version, plies, status, finished, updated, "
            "rematch FROM castletui_tables WHERE id = %s",
            (table,),
        )
        if not row:
            raise SaveError(f"There is no table {table[:60]} in the store.")
        header, check, seed, salt, names, owners, version, plies, status, finished, updated, rematch = row[0]
        known = self._known.get(table)
        read = None
        if known is not None and known[1].check.plies <= plies and header_check(header) == check:
            read = self._caught_up(table, known)
        if read is None:
            read = self._whole(table, header, check, seed, salt, names)
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
        seating = Seating([owner_field(owner) for owner in owners], rematch=_rematch_of(rematch))
        self._known[table] = (version, save, seating, last_chain)
        return save, seating

    def _caught_up(
        self, table: str, known: tuple[int, SaveFile, Seating, str]
    ) -> tuple[SaveFile, str] | None:
        """The save this store read last with the moves since, and its last
        line's check; None when its last move is no longer the table's
        (taken back: read it whole)."""
        _version, save, _seating, last_chain = known
        start = len(save.log)
        rows = self._query(
            "SELECT ply, line FROM castletui_moves WHERE table_id = %s AND ply >= %s ORDER BY ply",
            (table, max(start - 1, 0)),
        )
        if start:
            if not rows or rows[0][0] != start - 1 or rows[0][1].get("chain") != last_chain:
                return None
            rows = rows[1:]
        elif rows and rows[0][0] != 0:
            return None
        lines, last_chain = self._lines(table, rows, start, last_chain)
        return _with_lines(save, save.log, lines), last_chain

    def _whole(
        self, table: str, header: dict, check: str, seed: int, salt: str, names: list[str]
    ) -> tuple[SaveFile, str]:
        if header_check(header) != check:
            raise ChangedRecord(
                f"{table}: the table's header was changed (its check does not follow from it), so nobody "
                "plays on from it; the table is kept as it is.",
                entry=0,
            )
        rows = self._query("SELECT ply, line FROM castletui_moves WHERE table_id = %s ORDER BY ply", (table,))
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

    def wait(self, table: str, after: int, timeout: float) -> int | None:
        if self._listener is None:
            self._listener = Listener(self.url)
        return self._listener.wait(table, after, timeout)

    def listener(self) -> Listener:
        """A connection of its own that hears every table's changes (a
        watching thread's: two threads never share one)."""
        return Listener(self.url)

    # --- changing ---------------------------------------------------------

    def create(self, save: SaveFile, owners: list[str], stem: str = "") -> str:
        seed, salt = new_seed(), new_salt()
        save = msgspec.structs.replace(save, seed=seed, salt=salt, commitment=commitment(seed, salt))
        header = _header_of(save)
        owners = [owner_field(owner) for owner in owners]
        return self._insert(header, header_check(header), save, owners, stem or save.game)

    def _insert(
        self, header: dict[str, Any], check: str, save: SaveFile, owners: list[str], stem: str
    ) -> str:
        """A new table row named ``stem`` (else ``stem-2``...): its id."""
        for number in range(1, 10_000):
            table = stem if number == 1 else f"{stem}-{number}"
            rows = self._query(
                "INSERT INTO castletui_tables (id, header, header_check, seed, salt, names, owners, plies, "
                "status, finished, updated) VALUES (%s, %s, %s, %s, %s, %s, %s, 0, %s, %s, %s) "
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
                ),
            )
            if rows:
                return table
        raise SaveError(f"The store already holds thousands of tables named {stem}.")

    def adopt(self, save: SaveFile, seating: Seating, stem: str = "") -> str:
        header = _header_of(save)
        check = header_check(header)
        owners = [owner_field(owner) for owner in seating.owners]
        table = self._insert(header, check, save, owners, stem or save.game)
        if save.log:
            empty = msgspec.structs.replace(save, log=[], check=Check(0, ""))
            if not self._append(table, empty, save, check):
                raise SaveError(f"{table}: its moves could not be written.")
        return table

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
                "UPDATE castletui_tables SET names = %s, owners = %s, status = %s, version = version + 1 "
                "WHERE id = %s AND version = %s RETURNING version",
                (
                    Jsonb([player.name for player in new.players]),
                    Jsonb(new_seating.owners),
                    new.status,
                    table,
                    version,
                ),
            )
            if rows:
                return self.read(table)
            # Someone else sat down meanwhile: judge again on the table as it is now.

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
            try:
                with self._lock, self._transaction():
                    if everyone_accepted(rematch, seating.owners):
                        fresh, owners = rematch_save(save, seating.owners)
                        rematch = msgspec.structs.replace(
                            rematch, table=self.create(fresh, owners, stem_of(save))
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
        try:
            with self._connection.transaction():
                yield
        except psycopg.OperationalError as error:
            raise StoreError(f"The table store cannot be reached: {_first_line(error)}") from None

    def commit(self, table: str, seen: Check, new: SaveFile, who: str) -> Seating:
        who = owner_field(who)
        save, seating = self.read(table)
        if save.check != seen:
            raise LostRace(race_message(save, seating, who), save, seating)
        written, states, appended = judged(save, seating, self.states(table, save), new, who, table)
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

    def accounts(self) -> PostgresAccounts:
        return PostgresAccounts(self)

    def close(self) -> None:
        with contextlib.suppress(psycopg.Error):
            self._connection.close()
        if self._listener is not None:
            self._listener.close()
            self._listener = None

    def _query(self, sql: str, parameters: Any = None) -> list[tuple]:
        """One statement on the store's connection (autocommit: each is its
        own transaction); the rows it returned."""
        with self._lock:
            try:
                cursor = self._connection.execute(sql, parameters)
            except (errors.UniqueViolation, errors.ForeignKeyViolation):
                raise  # a race lost: the caller re-reads
            except psycopg.OperationalError as error:
                raise StoreError(f"The table store cannot be reached: {_first_line(error)}") from None
            except psycopg.Error as error:  # a schema not made (castletui host init), no permission...
                raise StoreError(f"The table store refused: {_first_line(error)}") from None
            return cursor.fetchall() if cursor.description is not None else []


class Listener:
    """LISTEN on one connection of its own: it hears every table's changes
    (their id and ply) and looks up a table's ply on the same connection."""

    def __init__(self, url: str) -> None:
        try:
            self._connection = psycopg.connect(url, autocommit=True)
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

    def wait(self, table: str, after: int, timeout: float) -> int | None:
        """TableStore.wait: LISTEN came first, then the look, so a change
        between the look and the wait is a notification already queued."""
        plies = self.plies(table)
        if plies is None or plies != after:
            return plies
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            for changed, ply in self.heard(left):
                if changed == table:
                    return ply
        return None

    def close(self) -> None:
        with contextlib.suppress(psycopg.Error):
            self._connection.close()


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


def _rematch_of(column: Any) -> Rematch | None:
    return None if column is None else msgspec.convert(column, Rematch)


def _summary(
    table: str,
    header: dict,
    names: list[str],
    owners: list[str],
    plies: int,
    status: str,
    finished: bool,
    updated: str,
    rematch: Any = None,
) -> TableSummary:
    title, variant = titles(header["game"], header["variant"])
    return TableSummary(
        table,
        header["game"],
        title,
        variant,
        tuple(names),
        tuple(owner_field(owner) for owner in owners),
        tuple(seat.get("kind") == "bot" for seat in header["seats"]),
        plies,
        status,
        finished,
        updated,
        rematch=_rematch_of(rematch),
    )


def _first_line(error: Exception) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
