"""``castletui verify FILE``: check a save or a shared table afterwards.
Its record's checks (every line against the one before it, the header
too), its replay, and every draw and roll against its seed: a table's
once the game ended and revealed the seed it committed to (saves.seal).
``castletui verify --store URL TABLE`` checks a table of a PostgreSQL
store (TABLE as ``castletui tables export`` names it) the same way, from
its rows: the seed is checked only once the game is over, as a table
file shows it. No textual."""

from __future__ import annotations

import argparse
from pathlib import Path

from castletui import saves
from castletui.commands.base import fail, printable
from castletui.commands.folders import find_save, save_folder
from castletui.saves.codec import ChangedRecord
from castletui.saves.seal import as_written, audit
from castletui.saves.stores import StoreError, is_postgres, open_store


def run(args: argparse.Namespace) -> int:
    """Print what holds, one finding a line; 0 when all of it does, 1 when
    something does not (the first finding that fails is the last line)."""
    if args.store:
        return run_in_store(args.store, args.file)
    path = Path(find_save(args.file, save_folder(args)))
    try:
        save = saves.read(path)
    except saves.SaveError as error:
        print(printable(str(error)))
        return 1
    return _printed(audit(save, path.name))


def run_in_store(url: str, table: str) -> int:
    """``table`` of the PostgreSQL store at ``url``: its rows' chain, its
    replay, and its draws once the game is over. 2 when the store cannot
    be used."""
    if not is_postgres(url):
        return fail(
            f"--store names a PostgreSQL store (postgresql://...); a table file is verified as castletui verify {url}"
        )
    try:
        store = open_store(url, migrate=False)  # only read: a verifier never changes the schema
    except StoreError as error:
        return fail(str(error))
    try:
        save, seating = store.read(table)
    except StoreError as error:
        return fail(str(error))
    except ChangedRecord as error:
        print(printable(changed_in_words(table, error.entry)))
        return 1
    except saves.SaveError as error:
        print(printable(str(error)))
        return 1
    finally:
        store.close()
    # A table's seed is out once its game is over (finished or abandoned): as its file says it.
    over = save.finished or bool(seating.abandoned)
    return _printed(audit(as_written(save, over), table))


def changed_in_words(table: str, entry: int) -> str:
    """What a table file's reader says of a record changed at move
    ``entry`` (0: its header), for a table of the store."""
    if entry <= 0:
        return (
            f"{table} was changed after castletui wrote it: its header (the game, edition, seed, "
            "players or options) does not match its check."
        )
    return (
        f"{table}: its record was changed at move {entry} (that line's check does not follow "
        "from the moves before it)."
    )


def _printed(found) -> int:
    for line in found.lines:
        print(printable(line))
    return 0 if found.holds else 1
