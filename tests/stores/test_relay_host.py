"""A real ``castletui host`` on PostgreSQL with players over real SSH: its
players' castletuis share the host's one listening connection, and still
wake, catching up, after that connection is killed (saves.stores.relay)."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

import asyncssh
import pytest
from castletui.saves.stores import open_store

from tests.host.conftest import WAIT_SECONDS, Player, RunningHost
from tests.stores.host_accounts import add_accounts, alices_table, owner_of
from tests.stores.test_relay import kill, listening

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

NAMES = ("Alice", "Bob", "Cai")


async def test_a_hosts_players_share_one_listening_connection_and_wake_after_it_is_killed(postgres_server):
    url = postgres_server.fresh_database()
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in NAMES}
    with tempfile.TemporaryDirectory(prefix="ctr-") as short:
        add_accounts(url, Path(short), keys)
        store = open_store(url)
        host = RunningHost(Path(short) / "h", "--store", url, "--notify", "none")
        try:
            host.wait_ready()
            players = []
            for name in NAMES:
                player = await Player.connect(host.port, keys[name])
                await player.open_terminal()
                await player.wait_for(f"you play as {name}")
                players.append(player)
            # Each lobby watches every table: through the host, not a LISTEN of its own.
            deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
            while len(pids := listening(url)) != 1:
                assert asyncio.get_running_loop().time() < deadline, f"listening: {pids}"
                await asyncio.sleep(0.05)  # the host's listener connecting: looked at, bounded

            marks = [player.mark() for player in players]
            kill(url, pids)  # the host's listening connection dies
            alices_table(store, Path(short), owner_of(store, Path(short), "Alice"))
            for player, mark in zip(players, marks, strict=True):
                await player.wait_for("Castlecards", since=mark)  # every lobby woke and shows it
            while len(again := listening(url)) != 1 or again == pids:
                assert asyncio.get_running_loop().time() < deadline, f"listening: {again}"
                await asyncio.sleep(0.05)
            for player in players:
                await player.close()
        finally:
            host.stop()
            store.close()
