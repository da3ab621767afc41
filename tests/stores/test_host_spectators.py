"""Issue 46.4 and 46.7 end to end on a PostgreSQL store: through a real
``castletui host --store postgresql://...`` and real SSH clients, a private
table is hidden from a key not invited to it, watched by two invited keys
whose names Alice's panel shows live, and a spectator whose castletui is
killed outright drops from her panel at once (the host forgets the
castletui it reaped: the store's row goes, and its notification wakes her)."""

from __future__ import annotations

import asyncio
import os
import signal
import tempfile
from pathlib import Path

import asyncssh
import pytest
from castletui.saves.stores import open_store

from tests.host.conftest import WAIT_SECONDS, Player, RunningHost
from tests.stores.host_accounts import add_accounts, alices_table, owner_of

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

NAMES = ("Alice", "Bob", "Cy", "Eve")
DEE = "account:" + "d" * 32
"""The other seat's owner: an account that never connects here."""


async def _until(condition) -> None:
    """Wait for ``condition()`` (a store's look), bounded only so that a broken test ends."""
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while not await asyncio.to_thread(condition):
        assert asyncio.get_running_loop().time() < deadline, "it never came"
        await asyncio.sleep(0.05)  # another process's doing: looked at, bounded


async def test_a_private_table_is_hidden_from_a_stranger_and_a_killed_spectator_drops(postgres_server):
    url = postgres_server.fresh_url()
    keys = {name: asyncssh.generate_private_key("ssh-ed25519", comment=name) for name in NAMES}
    with tempfile.TemporaryDirectory(prefix="cts-") as short:
        add_accounts(url, Path(short), keys)
        store = open_store(url)
        alice_id = owner_of(store, Path(short), "Alice")
        address = alices_table(
            store,
            Path(short),
            alice_id,
            invited=["Bob", "Eve", "Dee"],
            accounts=lambda: {**store.accounts().names(), DEE[len("account:") :]: "Dee"},
        )
        store.take_seat(address, 1, DEE, "Dee")
        host = RunningHost(Path(short) / "h", "--store", url)
        players: list[Player] = []
        try:
            host.wait_ready()
            # Cy has a key but no invitation: the table is not even listed to him.
            cy = await Player.connect(host.port, keys["Cy"])
            players.append(cy)
            await cy.open_terminal((120, 40))
            shown = await cy.wait_for("you play as Cy", "No table has a free seat")
            assert "Castlecards" not in shown and address not in shown

            alice = await Player.connect(host.port, keys["Alice"])
            players.append(alice)
            await alice.open_terminal()
            await alice.wait_for("you play as Alice", "Castlecards")
            alice_game = alice.mark()
            alice.send(b"\r")
            await alice.wait_for("Alice (you)", since=alice_game)

            for name in ("Eve", "Bob"):
                before = set(host.children())
                spectator = await Player.connect(host.port, keys[name])
                players.append(spectator)
                await spectator.open_terminal((120, 40))
                await spectator.wait_for(f"you play as {name}", "Watch Castlecards (private): Alice and Dee")
                mark = spectator.mark()
                spectator.send(b"\r")
                await spectator.wait_for("You are watching", since=mark)
            (bobs_castletui,) = set(host.children()) - before
            await alice.wait_for("Watching: Bob, Eve", since=alice_game)
            assert store.read(address)[1].owners == [alice_id, DEE]  # watching took no seat

            # Bob's castletui killed outright: no goodbye to the store, yet Alice's panel drops him.
            mark = alice.mark()
            os.kill(bobs_castletui, signal.SIGKILL)
            await alice.wait_for("Watching: Eve", since=mark)
            assert store.watchers(address) == ["Eve"]
            # Eve's connection dropped: her castletui leaves as it ends.
            players[2].connection.abort()
            await _until(lambda: store.watchers(address) == [])
        finally:
            for player in players:
                await player.close()
            host.stop()
            store.close()
