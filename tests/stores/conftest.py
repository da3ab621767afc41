"""Both stores behind one fixture: every test of tests/stores runs once
against the file store and once against PostgreSQL (marked ``postgres``).
``Kept`` gives a test what only the store's keeper can do: open a second
store on the same tables (another host), and change the record behind the
store's back (tampering)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest
from castletui.saves.stores import TableStore, open_store


@dataclass
class Kept:
    url: str
    tamper: Callable[[str, int], None]
    opened: list[TableStore] = field(default_factory=list)

    def open(self) -> TableStore:
        """A store on the same tables: another host's, or a reader's."""
        store = open_store(self.url)
        self.opened.append(store)
        return store


def _tamper_file(table: str, ply: int) -> None:
    """Change when move ``ply`` says it was made, in the file itself."""
    path = Path(table)
    text = path.read_text()
    log = text.index('"log"')
    stamps = list(re.finditer(r'"at": ?"([^"]*)"', text[log:]))
    found = stamps[ply]
    start, end = log + found.start(1), log + found.end(1)
    path.write_text(text[:start] + "1999-01-01T00:00:00+00:00" + text[end:])


def _tamper_rows(url: str) -> Callable[[str, int], None]:
    def tamper(table: str, ply: int) -> None:
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(
                "UPDATE castletui_moves SET line = jsonb_set(line, '{at}', to_jsonb(%s::text)) "
                "WHERE table_id = %s AND ply = %s",
                ("1999-01-01T00:00:00+00:00", table, ply),
            )

    return tamper


@pytest.fixture(params=["files", pytest.param("postgres", marks=pytest.mark.postgres)])
def kept(request, tmp_path):
    if request.param == "files":
        kept = Kept(str(tmp_path / "tables"), _tamper_file)
    else:
        url = request.getfixturevalue("postgres_server").fresh_url()
        kept = Kept(url, _tamper_rows(url))
    yield kept
    for store in kept.opened:
        store.close()


@pytest.fixture
def store(kept) -> TableStore:
    return kept.open()
