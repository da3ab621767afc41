"""The README's "Running a bigger server", run: every command of that
section in order against a real PostgreSQL (its URL for the README's), the
server itself configured rather than listening, and the backup taken with
pg_dump and restored with pg_restore."""

from __future__ import annotations

import os
import shlex
import subprocess

import psycopg
import pytest
from castletui.saves.stores import migrations, open_store

from castletui.cli import main
from castletui.host import server
from castletui.host.players import parse_key, players_for
from tests.stores.playing import new_table, play
from tests.stores.server import programs
from tests.test_readme import ANN_KEY, README, STORE_URL, code_block_lines

pytestmark = pytest.mark.postgres


def section_commands() -> list[list[str]]:
    """The section's command lines, in order."""
    text = README.read_text(encoding="utf-8")
    start = text.index("## Running a bigger server")
    end = text.index("\n## ", start + 1)
    first = text.count("\n", 0, start) + 1
    last = text.count("\n", 0, end) + 1
    return [shlex.split(line) for number, line in code_block_lines(text) if first <= number <= last]


def test_the_readme_section_names_its_store_the_tests_replace():
    lines = section_commands()
    assert sum(STORE_URL in line for line in lines) >= 6
    assert {line[0] for line in lines} == {"pip", "castletui", "pg_dump", "pg_restore"}


def test_running_a_bigger_server_as_the_readme_says(postgres_server, tmp_path, monkeypatch):
    url = postgres_server.fresh_database()
    home = tmp_path / "home"
    (home / "tables").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir(mode=0o700)  # the host's (CASTLETUI_DATA_DIR): private, or it refuses
    (tmp_path / "ann.pub").write_text(ANN_KEY + "\n")
    files = open_store(str(home / "tables"))
    table = new_table(files)
    play(files, table, 4)  # a table of the folder, for "tables import"
    served: list = []

    async def serve(config, key, *, ready=None):
        served.append(config)
        return 0

    monkeypatch.setattr(server, "serve", serve)
    dumped = False
    for line in section_commands():
        line = [word.replace(STORE_URL, url) for word in line]
        line = [word.replace("~", str(home)) if word.startswith("~") else word for word in line]
        if line[0] == "pip":
            continue  # the test extra brought both
        if line[0] == "castletui":
            assert main(line[1:]) == 0, shlex.join(line)
        else:
            if line[0] == "pg_restore":
                assert dumped
                with psycopg.connect(url, autocommit=True) as connection:
                    connection.execute("DELETE FROM castletui_tables")  # lost: the backup brings it back
            subprocess.run([programs() / line[0], *line[1:]], check=True, capture_output=True)
            dumped = dumped or line[0] == "pg_dump"
    # What the section did: the schema, Ann, a host configured for the store,
    # a table imported and exported, and all of it back from the backup.
    with psycopg.connect(url) as connection:
        assert migrations.version(connection) == migrations.latest()
    store = open_store(url)
    assert players_for(store, tmp_path / "x.toml").account_of(parse_key(ANN_KEY).blob).name == "Ann"
    assert served and served[0].store == url and served[0].port == 2222
    # The host gives its sessions the store (sessions.child_environment), never its own process.
    assert "CASTLETUI_STORE" not in os.environ
    (row,) = store.tables()
    assert store.read(row.path)[0].log == files.read(table)[0].log
    (copy,) = open_store(str(home / "tables-copy")).tables()
    assert copy.plies == 4
    store.close()
