"""The PostgreSQL store's schema: numbered SQL files applied once each, in
order, whoever starts first (saves.stores.migrations)."""

from __future__ import annotations

import threading

import psycopg
import pytest
from castletui.saves.errors import SaveError
from castletui.saves.stores import migrations, open_store

pytestmark = pytest.mark.postgres


def test_a_fresh_database_gets_every_step_once(postgres_server):
    url = postgres_server.fresh_url()
    with psycopg.connect(url, autocommit=True) as connection:
        assert migrations.version(connection) == 0
        applied = migrations.migrate(connection)
        assert applied == [name for _number, name, _sql in migrations.steps()]
        assert migrations.version(connection) == migrations.latest()
        assert migrations.migrate(connection) == []


def test_two_hosts_starting_at_once_apply_each_step_once(postgres_server):
    url = postgres_server.fresh_url()
    applied: list[list[str]] = []
    start = threading.Barrier(2)

    def host() -> None:
        with psycopg.connect(url, autocommit=True) as connection:
            start.wait()
            applied.append(migrations.migrate(connection))

    threads = [threading.Thread(target=host) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(sum(applied, [])) == sorted(name for _number, name, _sql in migrations.steps())


def test_the_steps_are_numbered_without_gaps():
    assert [number for number, _name, _sql in migrations.steps()] == list(range(1, migrations.latest() + 1))


def test_a_store_whose_schema_was_never_made_says_so(postgres_server):
    store = open_store(postgres_server.fresh_url(), migrate=False)
    try:
        with pytest.raises(SaveError, match="refused"):  # a player's message, not a crash
            store.tables()
    finally:
        store.close()
