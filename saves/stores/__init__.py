"""Where shared tables and the host's accounts are kept: a store.

A store is what the host, the lobby, ``castletui join`` and a table's
watcher need of it (:class:`TableStore`): list the tables, make one, read
one, take a seat, commit moves at ply N (of two commits at one ply exactly
one wins: the other gets LostRace with the table as it now is), wait for a
change after ply N, and the accounts (:class:`Accounts`).

Two stores keep them:

- the file store (saves.stores.files): a folder of table journals under a
  file lock, today's code (saves.table), the embedded default: a player who
  names no store never meets another;
- the PostgreSQL store (saves.stores.postgres): a row per move with a unique
  (table, ply), LISTEN/NOTIFY to wake watchers, for hosts that share tables
  across machines. Its driver (psycopg 3) is only imported when one is
  named: ``pip install 'castletui[postgres]'``.

A store is named by a URL: ``postgresql://...`` (or ``postgres://``) for
PostgreSQL, anything else a folder (``file:DIR`` or a plain path).
``--store URL``, else ``$CASTLETUI_STORE``, else the table folder.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

from castletui.saves.stores.protocol import Account, Accounts, StoreError, TableStore
from castletui.saves.table import table_dir

ENVIRONMENT_VARIABLE = "CASTLETUI_STORE"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
__all__ = ["Account", "Accounts", "StoreError", "TableStore", "is_postgres", "open_store", "store_url"]

INSTALL_HINT = "a PostgreSQL store needs psycopg 3: pip install 'castletui[postgres]'"

LATER = {"files": "castletui.saves.stores.files", "postgres": "castletui.saves.stores.postgres"}
"""The stores' modules, loaded by name when one is opened (psycopg only when named)."""


def store_url(given: str | None = None, folder: str | os.PathLike | None = None) -> str:
    """The store a command uses: ``given`` (``--store``), else
    ``$CASTLETUI_STORE``, else the table folder (the file store)."""
    return given or os.environ.get(ENVIRONMENT_VARIABLE) or str(table_dir(folder))


def is_postgres(url: str) -> bool:
    return url.startswith(POSTGRES_SCHEMES)


def open_store(url: str, *, migrate: bool = True) -> TableStore:
    """The store ``url`` names. A PostgreSQL store's schema is brought up
    to date first (``migrate``: saves.stores.migrations)."""
    if is_postgres(url):
        try:
            postgres = importlib.import_module(LATER["postgres"])
        except ImportError as error:
            raise StoreError(f"{INSTALL_HINT} ({error})") from None
        return postgres.PostgresStore(url, migrate=migrate)
    folder = url.removeprefix("file://").removeprefix("file:")
    return importlib.import_module(LATER["files"]).FileStore(Path(folder).expanduser())
