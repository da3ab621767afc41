"""A PostgreSQL store's table row changed behind its back (another
host's newer castletui, a hand in psql): a seating column of the wrong
shape makes that table a damaged one, listed with its problem and refused
when read, never hiding every other table from the lobby; a time per
move below zero is such a column (not every seat out of time at once)."""

from __future__ import annotations

import psycopg
import pytest
from castletui.saves.errors import SaveError
from castletui.saves.stores import open_store

from tests.stores.playing import new_table

pytestmark = pytest.mark.postgres


@pytest.fixture
def url(postgres_server) -> str:
    return postgres_server.fresh_url()


def set_column(url: str, table: str, column: str, value: str) -> None:
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"UPDATE castletui_tables SET {column} = %s::jsonb WHERE id = %s", (value, table))


@pytest.mark.parametrize(
    "column, value",
    [("rematch", '"yes please"'), ("stand_ins", '[{"seat": "one"}]'), ("invited", '{"a": 1}')],
)
def test_a_row_whose_seating_cannot_be_read_is_listed_with_its_problem(url, column, value):
    store = open_store(url)
    try:
        damaged, kept = new_table(store), new_table(store)
        set_column(url, damaged, column, value)
        rows = {row.path: row for row in store.tables()}
        assert rows[kept].problem == ""
        if column != "stand_ins":  # the listing does not read who a bot stands in for
            assert rows[damaged].problem and not rows[damaged].free_seats() and rows[damaged].invited == ()
        with pytest.raises(SaveError):
            open_store(url).read(damaged)
    finally:
        store.close()


def test_a_time_per_move_below_zero_is_a_damaged_row_not_a_clock_out_at_once(url):
    store = open_store(url)
    try:
        table = new_table(store)
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute("UPDATE castletui_tables SET per_move = -60 WHERE id = %s", (table,))
        (row,) = store.tables()
        assert row.problem and row.per_move == 0
        with pytest.raises(SaveError):
            store.read(table)
    finally:
        store.close()
