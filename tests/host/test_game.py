"""Two keys at one Castlecards table through castletui host: each player's
terminal is driven through its own byte stream (Enter plays the line the
action bar offers first), each sees only its own hand, and a player whose
connection drops leaves no process behind and comes back to the same
decision."""

from __future__ import annotations

import asyncio
import os
from unittest import mock

import msgspec
import pytest
from castletui.rules import castlecards as game
from castletui.rules.castlecards.text import card_name
from castletui.rules.core import screen
from castletui.saves.owners import account_owner
from castletui.saves.replay import replay_states
from castletui.saves.table import Table

from castletui import saves
from castletui.host.forks import SESSION_NAME
from castletui.host.players import Players
from castletui.shared import create_table
from tests.host.conftest import WAIT_SECONDS, Player, command_name, exists, process_group_members

asyncssh = pytest.importorskip("asyncssh")

PERSON_MOVES = 4


def person_moves(save) -> int:
    return sum(1 for entry in save.log if entry.seat >= 0)


class TableLook:
    """Says when the table file is replaced (each commit renames a new one in)."""

    def __init__(self, path) -> None:
        self.path = path
        self.last = self.signature()

    def signature(self):
        status = os.stat(self.path)
        return (status.st_ino, status.st_mtime_ns, status.st_size)

    async def changed(self, within: float = 1.0) -> bool:
        """Whether the file changed within ``within`` seconds (looked at often)."""
        deadline = asyncio.get_running_loop().time() + within
        while asyncio.get_running_loop().time() < deadline:
            now = self.signature()
            if now != self.last:
                self.last = now
                return True
            await asyncio.sleep(0.02)
        return False


async def play_a_few_moves(table: Table, players: list[Player], moves: int) -> None:
    """Enter for whoever's decision it is, until ``moves`` more decisions of
    people are in the table's log (chance is drawn by the terminals)."""
    look = TableLook(table.path)
    target = person_moves(table.read()[0]) + moves
    deadline = asyncio.get_running_loop().time() + 4 * WAIT_SECONDS
    while asyncio.get_running_loop().time() < deadline:
        save = table.read()[0]
        if person_moves(save) >= target:
            return
        seat = game.to_move(saves.replay(save))
        if seat is not None and seat >= 0:
            mark = players[seat].mark()
            players[seat].send(b"\r")
            # The next frame (a step deeper in a choice) or the table changing.
            while players[seat].mark() == mark and not await look.changed():
                pass
        else:
            await look.changed()
    raise AssertionError("the moves were not played in time")


async def at_a_persons_decision(table: Table):
    """The table once the draws the terminals make are in: a person decides."""
    look = TableLook(table.path)
    for _ in range(int(WAIT_SECONDS)):
        save = table.read()[0]
        state = saves.replay(save)
        if game.to_move(state) in (0, 1):
            return save, state
        await look.changed()
    raise AssertionError("the table never came to a person's decision")


def hidden_names(save, seat: int, other: int) -> set[str]:
    """The short names of cards ``seat`` held that ``other`` never saw in
    any state of the game (nor held one of the same name)."""
    held, seen = set(), set()
    for state in replay_states(save):
        held.update(state.players[seat].hand)
        seen.update(state.players[other].hand)
        shown = msgspec.json.encode(game.view(state, other))
        seen.update(card for card in state.players[seat].hand if f'"{card}"'.encode() in shown)
    return {card_name(card, short=True) for card in held} - {card_name(card, short=True) for card in seen}


@pytest.mark.slow
async def test_two_keys_play_castlecards_each_seeing_only_its_hand_and_a_dropped_player_rejoins(
    start_host, keys
):
    host = start_host(players={"Alice": keys["alice"], "Bob": keys["bob"]})
    players = Players(host.players_file)
    alice_id, bob_id = (account_owner(players.account_named(name).id) for name in ("Alice", "Bob"))
    with mock.patch("castletui.saves.table.new_seed", return_value=21):  # the same deal on every run
        table, _, _ = create_table(
            host.table_dir,
            alice_id,
            "castlecards",
            "two-player",
            [saves.Player("Seat 1"), saves.Player("Seat 2")],
            name="Alice",
        )
    alice = await Player.connect(host.port, keys["alice"])
    await alice.open_terminal()
    await alice.wait_for("you play as Alice", "Castlecards with")
    alice_game = alice.mark()
    alice.send(b"\r")
    (alice_child,) = host.children()
    assert command_name(alice_child) == SESSION_NAME.decode()  # forked by the zygote (the default)
    bob = await Player.connect(host.port, keys["bob"])
    await bob.open_terminal()
    await bob.wait_for("you play as Bob", "Take seat 2")
    bob_game = bob.mark()
    bob.send(b"\r")
    await alice.wait_for("Alice (you)", "Hand", since=alice_game)
    await bob.wait_for("Bob (you)", "Hand", since=bob_game)
    assert Table(table.path).read()[1].owners == [alice_id, bob_id]  # the key's account owns the seat

    await play_a_few_moves(Table(table.path), [alice, bob], PERSON_MOVES)

    save = Table(table.path).read()[0]
    state = saves.replay(save)
    for me, other, seat in ((alice, bob, 0), (bob, alice, 1)):
        mine = {card_name(card, short=True) for card in state.players[seat].hand}
        await me.wait_for(*mine)
        hidden = hidden_names(save, seat, 1 - seat)
        assert hidden, "the seed should deal each player a card the other never sees"
        shown = other.text()
        assert not [name for name in hidden if name in shown], f"seat {seat + 1}'s hand showed to the other"

    # Bob's connection drops mid-game: his castletui and its process group end, reaped.
    (bob_child,) = set(host.children()) - {alice_child}
    save, state = await at_a_persons_decision(Table(table.path))
    plies = save.check.plies
    if game.to_move(state) == 1:
        decision = screen.prompt(game, game.view(state, 1), 1).replace("{P1}", "Bob").splitlines()[0][:40]
    else:
        decision = "Waiting for Alice"
    await bob.wait_for(decision, since=bob_game)
    bob.connection.abort()
    await host.event(event="disconnect", player="Bob")
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while exists(bob_child) or process_group_members(bob_child):
        assert asyncio.get_running_loop().time() < deadline, "Bob's castletui outlived his connection"
        await asyncio.sleep(0.05)  # another process's end: looked at, bounded
    assert exists(alice_child) and host.children() == [alice_child]
    assert Table(table.path).read()[0].check.plies == plies  # nothing half-done

    # He comes back to the same seat and the same decision.
    again = await Player.connect(host.port, keys["bob"])
    await again.open_terminal()
    await again.wait_for("Castlecards with")
    mark = again.mark()
    again.send(b"\r")
    await again.wait_for("Bob (you)", decision, since=mark)
    await again.close()
    await alice.close()
