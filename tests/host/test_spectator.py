"""Issue 46.4 end to end: through a real ``castletui host`` and real SSH
clients, a third key watches a Castlecards table it has no seat at. It
picks the game from its lobby's Watch line, sees moves arrive live, never a
card of either hand that the public view did not show, cannot undo, and
the players see it watching."""

from __future__ import annotations

from unittest import mock

import msgspec
import pytest
from castletui.rules import castlecards as game
from castletui.rules.castlecards.text import card_name
from castletui.rules.core import PUBLIC
from castletui.saves.owners import account_owner
from castletui.saves.replay import replay_states
from castletui.saves.table import Table
from castletui.saves.watchers import watchers

from castletui import saves
from castletui.host.players import Players
from castletui.shared import create_table
from tests.host.conftest import Player
from tests.host.test_game import PERSON_MOVES, at_a_persons_decision, play_a_few_moves

asyncssh = pytest.importorskip("asyncssh")


def never_public(save) -> set[str]:
    """The short names of cards held in either hand that no public view of
    the game ever showed, at any step (nor a card of the same name).

    A card shown anywhere once counts as seen for the whole game: a
    reaction or a card thrown away is named in the log as it is played,
    and the public view shows it only after, in the discards, when it is
    no longer in a hand."""
    held, shown = set(), b""
    for state in replay_states(save):
        shown += msgspec.json.encode(game.view(state, PUBLIC))
        for player in state.players:
            held.update(player.hand)
    seen = {card for card in held if f'"{card}"'.encode() in shown}
    return {card_name(card, short=True) for card in held} - {card_name(card, short=True) for card in seen}


@pytest.mark.slow
async def test_a_third_key_watches_moves_live_and_never_sees_a_hand(start_host, keys):
    host = start_host(players={"Alice": keys["alice"], "Bob": keys["bob"], "Carol": keys["carol"]})
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
    Table(table.path).take_seat(1, bob_id, "Bob")
    alice = await Player.connect(host.port, keys["alice"])
    await alice.open_terminal()
    await alice.wait_for("you play as Alice", "Castlecards with")
    alice_game = alice.mark()
    alice.send(b"\r")
    bob = await Player.connect(host.port, keys["bob"])
    await bob.open_terminal()
    await bob.wait_for("you play as Bob", "Castlecards with")
    bob_game = bob.mark()
    bob.send(b"\r")
    await alice.wait_for("Alice (you)", "Hand", since=alice_game)
    await bob.wait_for("Bob (you)", "Hand", since=bob_game)

    carol = await Player.connect(host.port, keys["carol"])
    await carol.open_terminal((120, 40))
    await carol.wait_for("you play as Carol", "Watch Castlecards: Alice and Bob")
    carol_game = carol.mark()
    carol.send(b"\r")
    await carol.wait_for("You are watching", since=carol_game)
    assert Table(table.path).read()[1].owners == [alice_id, bob_id]  # watching took no seat
    await alice.wait_for("Watching: Carol", since=alice_game)
    await bob.wait_for("Watching: Carol", since=bob_game)

    # Moves come to Carol live: whoever decides plays until the other does.
    save, state = await at_a_persons_decision(Table(table.path))
    mover = game.to_move(state)
    waiting_for = ("Alice", "Bob")[1 - mover]
    mark = carol.mark()
    await play_a_few_moves(Table(table.path), [alice, bob], PERSON_MOVES)
    save, state = await at_a_persons_decision(Table(table.path))
    while game.to_move(state) == mover:
        await play_a_few_moves(Table(table.path), [alice, bob], 1)
        save, state = await at_a_persons_decision(Table(table.path))
    await carol.wait_for(f"Waiting for {waiting_for}", since=mark)

    # Carol's undo takes nothing back.
    plies = Table(table.path).read()[0].check.plies
    carol.send(b"u")
    await carol.wait_for("You are watching this table", since=mark)
    assert Table(table.path).read()[0].check.plies >= plies

    hidden = never_public(Table(table.path).read()[0])
    assert hidden, "the seed should deal a card the public view never shows"
    shown = carol.text()
    assert not [name for name in hidden if name in shown], "a hand showed to the spectator"

    # Back in her lobby Carol watches no more: her file beside the table is gone.
    carol.send(b"q")
    await carol.wait_for("Watch Castlecards", since=mark)
    assert watchers(table.path) == []
    await carol.close()
    await alice.close()
    await bob.close()
