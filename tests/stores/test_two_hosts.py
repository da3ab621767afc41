"""Two ``castletui host`` processes on one PostgreSQL database, one table:
Alice plays through one host, Bob through the other, each over real SSH,
each seeing only their own hand, their moves crossing between the hosts
through the database (a row per move; LISTEN/NOTIFY wakes the other).
Then Alice's host is killed as her move goes in: the table keeps every
committed move and no half of one, and she plays on through the other."""

from __future__ import annotations

import asyncio
import os
import signal
import tempfile
from pathlib import Path
from unittest import mock

import asyncssh
import msgspec
import pytest
from castletui.rules import castlecards as game
from castletui.rules.castlecards.text import card_name
from castletui.saves.replay import replay_states
from castletui.saves.stores import open_store

from castletui import saves
from tests import processes
from tests.host.conftest import WAIT_SECONDS, Player, RunningHost
from tests.host.test_game import person_moves
from tests.stores.host_accounts import add_accounts, alices_table, owner_of

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture
def keys():
    return {name: asyncssh.generate_private_key("ssh-ed25519", comment=name) for name in ("alice", "bob")}


def never_shown(save, seat: int, other: int) -> set[str]:
    """The short names of cards ``seat`` held that no view of ``other``
    ever showed, in any state of the game (a card played face up, an
    attack's revealed swords, is shown), nor one of the same name."""
    held, seen = set(), set()
    for state in replay_states(save):
        shown = msgspec.json.encode(game.view(state, other))
        held.update(state.players[seat].hand)
        seen.update(card for card in held if f'"{card}"'.encode() in shown)
        seen.update(state.players[other].hand)
    names = {card_name(card, short=True) for card in held - seen}
    return names - {card_name(card, short=True) for card in seen}


async def play_moves(store, table: str, players: list[Player], moves: int) -> None:
    """Enter for whoever's decision it is until ``moves`` more decisions of
    people are on the table (chance is drawn by the terminals)."""
    target = person_moves(store.read(table)[0]) + moves
    deadline = asyncio.get_running_loop().time() + 4 * WAIT_SECONDS
    while asyncio.get_running_loop().time() < deadline:
        save = store.read(table)[0]
        if person_moves(save) >= target:
            return
        seat, plies = game.to_move(saves.replay(save)), save.check.plies
        if seat is not None and seat >= 0:
            mark = players[seat].mark()
            players[seat].send(b"\r")
            # The next frame (a step deeper in a choice) or the table moving on.
            while (
                players[seat].mark() == mark
                and await asyncio.to_thread(store.wait, table, plies, 1.0) is None
            ):
                pass
        else:
            await asyncio.to_thread(store.wait, table, plies, 1.0)
    raise AssertionError("the moves were not played in time")


async def test_two_hosts_on_one_database_play_one_table_and_one_hosts_death_loses_nothing(
    postgres_server, keys
):
    url = postgres_server.fresh_url()
    with tempfile.TemporaryDirectory(prefix="ct2-") as short:
        add_accounts(url, Path(short), {name: keys[name.lower()] for name in ("Alice", "Bob")})
        store = open_store(url)
        alice_id, bob_id = (owner_of(store, Path(short), name) for name in ("Alice", "Bob"))
        with mock.patch(
            "castletui.saves.stores.postgres.new_seed", return_value=21
        ):  # the same deal each run
            address = alices_table(store, Path(short), alice_id)
        hosts = [RunningHost(Path(short) / f"h{number}", "--store", url) for number in range(2)]
        try:
            for host in hosts:
                host.wait_ready()
            alice = await Player.connect(hosts[0].port, keys["alice"])
            await alice.open_terminal()
            await alice.wait_for(
                "Shared tables at this host", "you play as Alice", "Castlecards"
            )  # her table, first
            alice_game = alice.mark()
            alice.send(b"\r")
            bob = await Player.connect(hosts[1].port, keys["bob"])
            await bob.open_terminal()
            await bob.wait_for("you play as Bob", "Take seat 2")
            bob_game = bob.mark()
            bob.send(b"\r")
            await alice.wait_for("Alice (you)", "Hand", since=alice_game)
            await bob.wait_for("Bob (you)", "Hand", since=bob_game)
            assert store.read(address)[1].owners == [alice_id, bob_id]

            await play_moves(store, address, [alice, bob], 4)
            for _ in range(12):  # until each host's player has moved (a turn may take several decisions)
                save = store.read(address)[0]
                if {entry.seat for entry in save.log if entry.seat >= 0} == {0, 1}:
                    break
                await play_moves(store, address, [alice, bob], 1)
            assert {entry.seat for entry in save.log if entry.seat >= 0} == {0, 1}  # moves crossed both ways
            state = saves.replay(save)
            for me, other, seat in ((alice, bob, 0), (bob, alice, 1)):
                mine = {card_name(card, short=True) for card in state.players[seat].hand}
                await me.wait_for(*mine)
                hidden = never_shown(save, seat, 1 - seat)
                assert hidden, "the seed should deal each player a card the other never sees"
                shown = other.text()
                assert not [name for name in hidden if name in shown], f"seat {seat + 1}'s hand showed"

            # Host A dies (SIGKILL) as Alice's move goes to the database: a
            # commit is one statement, so the table has it whole or not at all.
            for _ in range(int(WAIT_SECONDS)):
                save = store.read(address)[0]
                if game.to_move(saves.replay(save)) == 0:
                    break
                await play_moves(store, address, [alice, bob], 1)
            before = store.read(address)[0].log
            left = processes.descendants(hosts[0].process.pid)
            alice.send(b"\r")
            os.killpg(hosts[0].process.pid, signal.SIGKILL)
            hosts[0].process.wait()
            processes.end_tree(left)
            after = open_store(url).read(address)[0].log  # its record checked by a reader of its own
            # Nothing before is lost; Alice's move is there whole or not at
            # all. Host B's session may already have drawn what follows it.
            assert after[: len(before)] == before
            assert [entry.seat for entry in after[len(before) :] if entry.seat >= 0] in ([], [0])
            # Alice comes back through host B, to her seat, and the game goes on.
            again = await Player.connect(hosts[1].port, keys["alice"])
            await again.open_terminal()
            await again.wait_for("you play as Alice", "Castlecards")  # her table, first
            mark = again.mark()
            again.send(b"\r")
            await again.wait_for("Alice (you)", "Hand", since=mark)
            await play_moves(store, address, [again, bob], 2)
            await again.close()
            await bob.close()
        finally:
            for host in hosts:
                host.stop()
            store.close()
