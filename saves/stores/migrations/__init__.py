"""The PostgreSQL store's schema, versioned: numbered SQL files
(``001_tables.sql``, ``002_accounts.sql``...) applied in order, each once,
each in its own transaction with its number written to
``castletui_schema_version``. A file, once released, is never changed:
a change to the schema is a new file. Two hosts starting at once do not
both apply one: a transaction-level advisory lock orders them, and the
second finds the work done.

Why not a migration tool (alembic, yoyo...): castletui's schema is a few
tables and it has no ORM; a dozen lines that run plain SQL files keep the
store's dependencies at psycopg alone, and the files are the history.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

LOCK = 0x_CA57_1E_7
"""The advisory lock's key: castletui's migrations, whatever else the database holds."""

_FILE = re.compile(r"(\d{3})_[a-z_]+\.sql")


def steps() -> list[tuple[int, str, str]]:
    """Every migration: its number, its file's name and its SQL, in order."""
    found = []
    for item in resources.files(__package__).iterdir():
        match = _FILE.fullmatch(item.name)
        if match:
            found.append((int(match.group(1)), item.name, item.read_text(encoding="utf-8")))
    return sorted(found)


def latest() -> int:
    return steps()[-1][0]


def version(connection: Any) -> int:
    """The schema's version in the database (0: none yet)."""
    row = connection.execute("SELECT to_regclass('castletui_schema_version') IS NOT NULL").fetchone()
    if not row[0]:
        return 0
    return connection.execute("SELECT coalesce(max(version), 0) FROM castletui_schema_version").fetchone()[0]


def migrate(connection: Any) -> list[str]:
    """Bring the schema up to date: the files applied now (none when it was)."""
    applied = []
    if version(connection) >= latest():
        return applied  # the common case: one query
    for number, name, sql in steps():
        with connection.transaction():
            connection.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
            connection.execute(
                "CREATE TABLE IF NOT EXISTS castletui_schema_version "
                "(version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())"
            )
            done = connection.execute(
                "SELECT 1 FROM castletui_schema_version WHERE version = %s", (number,)
            ).fetchone()
            if done:
                continue
            connection.execute(sql)
            connection.execute(
                "INSERT INTO castletui_schema_version (version, name) VALUES (%s, %s)", (number, name)
            )
            applied.append(name)
    return applied
