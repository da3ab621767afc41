"""The PostgreSQL store's schema: numbered SQL files applied once each, in
order, whoever starts first (saves.stores.migrations)."""

from __future__ import annotations

import threading

import psycopg
import pytest
from castletui.saves.errors import SaveError
from castletui.saves.stores import migrations, open_store
from castletui.saves.stores.shared import StoreListing

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
    """A player's message naming the fix, not a crash; and the lobby's
    listing says it rather than showing an empty lobby."""
    store = open_store(postgres_server.fresh_url(), migrate=False)
    try:
        with pytest.raises(SaveError) as refused:
            store.tables()
        listing = StoreListing(store)
        assert listing.rows() == []
        assert listing.problem and listing.problem == str(refused.value)
    finally:
        store.close()


def test_a_database_made_before_private_tables_keeps_its_tables_public(postgres_server):
    """Step 3 adds the invitations and the spectators: a table made under
    step 2 is read as public, and is listed and watched as before."""
    url = postgres_server.fresh_url()
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(
            "CREATE TABLE castletui_schema_version (version integer PRIMARY KEY, name text NOT NULL, "
            "applied timestamptz NOT NULL DEFAULT now())"
        )
        for number, name, sql in migrations.steps()[:2]:
            connection.execute(sql)
            connection.execute(
                "INSERT INTO castletui_schema_version (version, name) VALUES (%s, %s)", (number, name)
            )
        connection.execute(
            "INSERT INTO castletui_tables (id, header, header_check, seed, salt, names, owners) "
            "VALUES ('old', %s, '', 1, '', '[\"Ann\"]', '[\"user:ann\"]')",
            ('{"game": "castlecards", "variant": "two-player", "seats": [{"kind": "human"}]}',),
        )
        assert migrations.migrate(connection) == [name for _n, name, _s in migrations.steps()[2:]]
    store = open_store(url)
    try:
        (row,) = store.tables()
        assert row.invited == () and row.may_see("user:cy", "Cy")
        assert store.watchers("old") == []
    finally:
        store.close()
