"""``castletui host --store postgresql://...``: the store made ready by
``host init`` (and by a host starting), the players kept in it by ``host
add/remove``, and two real hosts on one database letting the same key in
as the same account."""

from __future__ import annotations

import tempfile
from pathlib import Path

import asyncssh
import psycopg
import pytest
from castletui.rules.core import Config
from castletui.saves.stores import migrations, open_store

from castletui import saves
from castletui.cli import main
from castletui.host.players import account_folder, parse_key, players_for
from tests.host.conftest import Player, RunningHost
from tests.stores.playing import new_table, play

pytestmark = pytest.mark.postgres

ESCAPE = b"\x1b"


def key_file(folder: Path, name: str):
    key = asyncssh.generate_private_key("ssh-ed25519", comment=name)
    path = folder / f"{name}.pub"
    path.write_bytes(key.export_public_key())
    return key, path


def test_host_init_makes_the_schema_and_host_add_keeps_players_in_the_store(postgres_server, tmp_path):
    url = postgres_server.fresh_url()
    assert main(["host", "--store", url, "init"]) == 0
    with psycopg.connect(url) as connection:
        assert migrations.version(connection) == migrations.latest()
    assert main(["host", "--store", url, "init"]) == 0  # again: nothing to do
    _key, path = key_file(tmp_path, "ann")
    assert main(["host", "add", "Ann", str(path), "--store", url]) == 0
    players = players_for(open_store(url), tmp_path / "unused.toml")
    account = players.account_of(parse_key(path.read_text()).blob)
    assert account is not None and account.name == "Ann"
    assert not (tmp_path / "unused.toml").exists()  # nothing in a players file


def test_the_store_comes_from_castletui_store_when_no_flag_names_it(postgres_server, tmp_path, monkeypatch):
    url = postgres_server.fresh_url()
    monkeypatch.setenv("CASTLETUI_STORE", url)
    _key, path = key_file(tmp_path, "bo")
    assert main(["host", "add", "Bo", str(path), "--data-dir", str(tmp_path / "data")]) == 0
    assert main(["host", "remove", "Bo"]) == 0
    assert players_for(open_store(url), tmp_path / "x.toml").entries() == []
    assert not (tmp_path / "data" / "players.toml").exists()


def test_a_store_that_cannot_be_reached_is_said_so(tmp_path, capsys):
    assert main(["host", "--store", f"postgresql://nobody@/none?host={tmp_path}", "init"]) != 0
    assert capsys.readouterr().err  # one line why, no traceback


async def test_two_hosts_on_one_database_let_a_key_in_as_one_account_with_its_settings(postgres_server):
    """Ann is one account at both hosts, and what she sets through one
    (plain lines from now on) the other gives her: her settings are the
    store's, not the first host's data folder's."""
    url = postgres_server.fresh_url()
    with tempfile.TemporaryDirectory(prefix="cts-") as short:
        key, path = key_file(Path(short), "ann")
        assert main(["host", "add", "Ann", str(path), "--store", url]) == 0
        store = open_store(url)
        account = players_for(store, Path(short) / "unused.toml").account_named("Ann").id
        # What the first host kept in its data folder before the store kept settings.
        older = account_folder(Path(short) / "h0" / "data", account)
        older.mkdir(parents=True, mode=0o700)
        (Path(short) / "h0" / "data").chmod(0o700)
        (older / "notify.toml").write_text('how = "turn"\nwebhook = "https://example.org/ann"\n')
        hosts = [RunningHost(Path(short) / f"h{number}", "--store", url) for number in range(2)]
        try:
            for host in hosts:
                host.wait_ready()
            assert b"example.org/ann" in store.accounts().setting(account, "notify.toml")  # every host's now
            ann = await Player.connect(hosts[0].port, key)
            await ann.open_terminal(command="plain")
            await ann.wait_for("type new")
            mark = ann.mark()
            ann.send(b"plain on\r")
            await ann.wait_for("From now on castletui starts in plain lines", since=mark)
            ann.send(b"quit\r")
            assert await ann.ended() == 0
            await hosts[0].event(event="connect", player="Ann")
            await ann.close()
            ann = await Player.connect(hosts[1].port, key)
            await ann.open_terminal()  # no command: the full screen, unless her setting says plain
            assert await ann.wait_for_one_of("type new", "New game") == "type new"
            assert ESCAPE not in ann.data
            await hosts[1].event(event="connect", player="Ann")
            await ann.close()
            assert not hosts[0].players_file.exists()
            assert [path for host in hosts for path in (host.data_dir / "accounts").glob("*/*.toml")] == []
        finally:
            store.close()
            for host in hosts:
                host.stop()


def test_tables_move_from_the_files_to_the_database_and_back_the_same(postgres_server, tmp_path):
    url = postgres_server.fresh_url()
    files = open_store(str(tmp_path / "tables"))
    table = new_table(files)
    play(files, table, 5)
    assert main(["tables", "import", str(tmp_path / "tables"), "--store", url]) == 0
    database = open_store(url)
    (row,) = database.tables()
    moved, seating = database.read(row.path)
    original, original_seating = files.read(table)
    assert (moved.log, moved.seed, seating.owners) == (original.log, original.seed, original_seating.owners)
    assert play(database, row.path, 2) == 7  # and it is played on there
    assert main(["tables", "export", str(tmp_path / "back"), "--store", url]) == 0
    back = open_store(str(tmp_path / "back"))
    (returned,) = back.tables()
    again, _ = back.read(returned.path)
    assert again.log == database.read(row.path)[0].log
    assert len(back.states(returned.path, again)) == 8
    database.close()


def test_a_changed_table_is_not_moved(postgres_server, tmp_path, capsys):
    url = postgres_server.fresh_url()
    database = open_store(url)
    table = new_table(database)
    play(database, table, 3)
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("UPDATE castletui_moves SET line = jsonb_set(line, '{at}', '\"x\"') WHERE ply = 1")
    assert main(["tables", "export", str(tmp_path / "out"), "--store", url]) == 1
    assert open_store(str(tmp_path / "out")).tables() == []
    database.close()


def test_a_private_table_moves_both_ways_still_private(postgres_server, tmp_path):
    url = postgres_server.fresh_url()
    files = open_store(str(tmp_path / "tables"))
    game = saves.new_save(
        "castlecards", Config("two-player", 2), [saves.Player("Ann"), saves.Player("Bo")], 0
    )
    table = files.create(game, ["user:ann", ""], stem="castlecards", invited=["Ann", "Bo"])
    assert main(["tables", "import", str(tmp_path / "tables"), "--store", url]) == 0
    database = open_store(url)
    (row,) = database.tables()
    assert database.read(row.path)[1].invited == ["Ann", "Bo"] and not row.may_see("user:cy", "Cy")
    assert main(["tables", "export", str(tmp_path / "back"), "--store", url]) == 0
    (back,) = open_store(str(tmp_path / "back")).tables()
    assert back.invited == ("Ann", "Bo") and not back.may_see("user:cy", "Cy")
    assert open_store(str(tmp_path / "tables")).read(table)[1].invited == ["Ann", "Bo"]
    database.close()
