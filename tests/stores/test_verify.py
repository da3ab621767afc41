"""``castletui verify`` of a shared table in either store: a table file by
its path, a PostgreSQL table with ``--store URL TABLE``. The same checks
(the record's chain, the replay, the draws once the seed is out) and the
same words; a row changed in the database behind castletui's back (a
move, a check, the revealed seed) is named as a file's change is."""

from __future__ import annotations

import contextlib
from unittest import mock

import psycopg
import pytest
from castletui.rules.core import CHANCE
from castletui.saves.stores import open_store

from castletui import cli
from tests.stores.playing import NoMove, finished_save, new_table, play


def verify(kept, table: str, capsys) -> tuple[int, list[str]]:
    """``castletui verify`` as the store's keeper runs it: its status and lines."""
    if kept.url.startswith("postgresql://"):
        status = cli.main(["verify", "--store", kept.url, table])
    else:
        status = cli.main(["verify", table])
    return status, capsys.readouterr().out.splitlines()


def ended_table(store) -> str:
    """A table played to its end by each seat's first action, with a seed
    that ends it (finished_save's: another could play on for ever)."""
    with (
        mock.patch("castletui.saves.table.new_seed", return_value=7),
        mock.patch("castletui.saves.stores.postgres.new_seed", return_value=7),
    ):
        table = new_table(store)
    with contextlib.suppress(NoMove):
        play(store, table, len(finished_save(7).log) + 1)
    return table


def test_a_table_being_played_holds_and_its_seed_is_still_secret(store, kept, capsys):
    table = new_table(store)
    play(store, table, 5)
    status, lines = verify(kept, table, capsys)
    assert status == 0 and lines[0].endswith(
        ": the record holds: 5 moves, each line checked against the one before it."
    )
    assert (
        lines[1] == "Its seed is still secret (the game is not over): its draws can be checked when it ends."
    )


def test_an_ended_tables_draws_follow_from_the_seed_it_committed_to(store, kept, capsys):
    table = ended_table(store)
    save, _ = store.read(table)
    assert save.finished
    chances = sum(entry.seat == CHANCE for entry in save.log)
    status, lines = verify(kept, table, capsys)
    assert status == 0 and lines[-1] == f"All {chances} draws and rolls follow from the committed seed."


def test_a_move_changed_behind_castletuis_back_is_named(store, kept, capsys):
    table = new_table(store)
    play(store, table, 5)
    kept.tamper(table, 2)  # when move 3 says it was made
    status, lines = verify(kept, table, capsys)
    assert status == 1 and "its record was changed at move 3 (that line's check does not follow" in lines[-1]


@pytest.fixture
def database(postgres_server):
    return postgres_server.fresh_url()


def rows_changed(url: str, sql: str, *parameters) -> None:
    with psycopg.connect(url, autocommit=True) as connection:
        assert connection.execute(sql, parameters).rowcount == 1


@pytest.mark.postgres
@pytest.mark.parametrize(
    "change",
    [
        "line = jsonb_set(line, '{action}', '{\"type\": \"pass\"}')",  # another move
        "line = jsonb_set(line, '{chain}', to_jsonb(repeat('0', 32)))",  # its check
        "line = jsonb_set(line, '{hash}', to_jsonb(repeat('0', 16)))",  # the state it led to
    ],
)
def test_a_move_row_edited_with_sql_is_named(database, capsys, change):
    store = open_store(database)
    table = new_table(store)
    play(store, table, 6)
    store.close()
    rows_changed(database, f"UPDATE castletui_moves SET {change} WHERE table_id = %s AND ply = 3", table)
    assert cli.main(["verify", "--store", database, table]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{table}: its record was changed at move 4 (that line's check does not follow from the moves before it)."
    ]


@pytest.mark.postgres
def test_a_revealed_seed_changed_in_the_tables_row_is_not_the_committed_one(database, capsys):
    store = open_store(database)
    table = ended_table(store)
    store.close()
    rows_changed(database, "UPDATE castletui_tables SET seed = seed + 1 WHERE id = %s", table)
    assert cli.main(["verify", "--store", database, table]) == 1
    assert (
        capsys.readouterr().out.splitlines()[-1]
        == "The seed it reveals is not the one it committed to at the start."
    )


@pytest.mark.postgres
def test_a_header_edited_with_sql_and_a_table_not_there_are_said_so(database, capsys):
    store = open_store(database)
    table = new_table(store)
    store.close()
    rows_changed(
        database,
        "UPDATE castletui_tables SET header = jsonb_set(header, '{variant}', '\"solo\"') WHERE id = %s",
        table,
    )
    assert cli.main(["verify", "--store", database, table]) == 1
    assert "was changed after castletui wrote it: its header" in capsys.readouterr().out
    assert cli.main(["verify", "--store", database, "nothing-here"]) == 1
    assert "There is no table nothing-here in the store." in capsys.readouterr().out


def test_store_names_a_postgresql_store(tmp_path, capsys):
    assert cli.main(["verify", "--store", str(tmp_path), "a-table"]) == 2
    assert "PostgreSQL" in capsys.readouterr().err
