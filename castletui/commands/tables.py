"""``castletui tables export|import``: move shared tables between the file
store (a folder of table files) and a PostgreSQL store, both ways. Each
table is read from where it is (its record's chain checked, its game
replayed), written whole where it goes with its seed, seats, a private
table's invited names and every move, then read back from there and compared: a table that does not come
back the same is said so and the command fails. The original is left as
it was (the copy is a new table)."""

from __future__ import annotations

import argparse
from pathlib import Path

from castletui.commands.base import fail, printable
from castletui.saves.errors import SaveError
from castletui.saves.stores import StoreError, TableStore, is_postgres, open_store, store_url


def run(args: argparse.Namespace) -> int:
    url = store_url(args.store)
    if not is_postgres(url):
        return fail(
            "castletui tables export/import moves tables to and from a PostgreSQL store: name it with --store"
        )
    folder = Path(args.folder).expanduser()
    try:
        database = open_store(url)
    except StoreError as error:
        return fail(str(error))
    files = open_store(str(folder))
    source, target = (database, files) if args.tables_command == "export" else (files, database)
    try:
        wanted = set(args.table or ())
        rows = [row for row in source.tables() if not wanted or _name(row.path) in wanted]
        missing = wanted - {_name(row.path) for row in rows}
        if missing:
            return fail(f"no table {', '.join(sorted(missing))} in {_shown(source)}")
        failed = 0
        for row in sorted(rows, key=lambda row: row.path):
            try:
                copied = copy_table(source, row.path, target)
            except SaveError as error:
                print(printable(f"{_name(row.path)}: not copied: {error}"))
                failed += 1
                continue
            print(printable(f"{_name(row.path)} -> {copied} ({row.plies} moves, verified)"))
    finally:
        database.close()
    return 1 if failed else 0


def copy_table(source: TableStore, table: str, target: TableStore) -> str:
    """``table`` of ``source`` as a new table of ``target``, read back and
    compared; its address there. SaveError when it cannot be read, or does
    not come back the same."""
    save, seating = source.read(table)
    source.states(table, save)  # every move replayed and its hash checked
    copied = target.adopt(save, seating, _name(table))
    again, seated_again = target.read(copied)
    target.states(copied, again)
    # The invitation too: a private table must not come out public.
    if (
        again.log,
        seated_again.owners,
        seated_again.invited,
        seated_again.invited_accounts,
        again.seed,
        again.commitment,
    ) != (
        save.log,
        seating.owners,
        seating.invited,
        seating.invited_accounts,
        save.seed,
        save.commitment,
    ):
        raise SaveError(f"{copied} does not read back as {_name(table)} was.")
    return copied


def _name(address: str) -> str:
    """A table's name: a file's stem, a database table's id."""
    return Path(address).stem if address.endswith(".json") else address


def _shown(store: TableStore) -> str:
    return "the store" if is_postgres(store.url) else store.url
