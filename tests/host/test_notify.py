"""The nudge while you are not connected, end to end (issue 46): through
a real ``castletui host`` and real SSH clients, Alice, whose lobby offers
"Notify me" (m) and who has a webhook set, logs out; Bob plays at their table until it waits for her;
the receiver on 127.0.0.1 (allowed by the operator's --webhook-private)
gets one POST naming the table and her turn, and the host's events file
says it was sent. Every wait is for an event or for words on a screen."""

from __future__ import annotations

import asyncio
from unittest import mock

import pytest
from castletui.rules import castlecards as game
from castletui.saves.owners import account_owner
from castletui.saves.table import Table

from castletui import notify_me, saves
from castletui.host.players import Players, account_folder
from castletui.shared import create_table
from tests.host.conftest import WAIT_SECONDS, Player
from tests.host.test_game import TableLook
from tests.notify.receiver import receivers  # noqa: F401 -- a fixture

asyncssh = pytest.importorskip("asyncssh")


async def bob_plays_until_it_waits_for_alice(table: Table, bob: Player) -> None:
    """Enter at each of Bob's decisions (the deal is drawn by his terminal)."""
    look = TableLook(table.path)
    deadline = asyncio.get_running_loop().time() + 4 * WAIT_SECONDS
    while asyncio.get_running_loop().time() < deadline:
        save = table.read()[0]
        seat = game.to_move(saves.replay(save))
        if seat == 0 and save.log:
            return
        if seat == 1:
            mark = bob.mark()
            bob.send(b"\r")
            while bob.mark() == mark and not await look.changed():
                pass
        else:
            await look.changed()
    raise AssertionError("the table never came to wait for Alice")


@pytest.mark.slow
async def test_alice_away_gets_one_webhook_when_bobs_move_makes_it_her_turn(start_host, keys, receivers):  # noqa: F811
    receiver = receivers()
    host = start_host("--webhook-private", players={"Alice": keys["alice"], "Bob": keys["bob"]})
    players = Players(host.players_file)
    alice_id, bob_id = (account_owner(players.account_named(name).id) for name in ("Alice", "Bob"))
    with mock.patch("castletui.saves.table.new_seed", return_value=21):
        table, _, _ = create_table(
            host.table_dir,
            alice_id,
            "castlecards",
            "two-player",
            [saves.Player("Alice"), saves.Player("Bob")],
            name="Alice",
        )
    Table(table.path).take_seat(1, bob_id, "Bob")

    # Alice's lobby offers "Notify me" (the host says it sends webhooks); her choice is
    # kept in her account's folder, as the dialog writes it (tests/notify/test_notify_dialog.py
    # drives the dialog's keys), and she leaves.
    alice = await Player.connect(host.port, keys["alice"])
    await alice.open_terminal()
    await alice.wait_for("you play as Alice", "Notify me")
    mark = alice.mark()
    alice.send(b"m")
    await alice.wait_for("Each turn", since=mark)
    folder = account_folder(host.data_dir, players.account_named("Alice").id)
    assert notify_me.save(notify_me.NotifyMe("turn", receiver.url), folder) == ""
    mark = alice.mark()
    alice.send(b"\x1b")  # the dialog closed unchanged: the table's line under it is drawn again
    await alice.wait_for("Castlecards with Bob", since=mark)
    assert notify_me.load(folder) == (notify_me.NotifyMe("turn", receiver.url), "")
    alice.send(b"q")
    await alice.ended()
    await alice.close()
    await host.event(event="disconnect", player="Alice")

    # Bob plays; the table comes to wait for Alice, who is away.
    bob = await Player.connect(host.port, keys["bob"])
    await bob.open_terminal()
    await bob.wait_for("you play as Bob", "Castlecards with Alice")
    bob.send(b"\r")
    await bob_plays_until_it_waits_for_alice(Table(table.path), bob)
    sent = await host.event(event="notify", what="webhook-sent", player="Alice")
    assert sent["peer"] == f"127.0.0.1:{receiver.server_address[1]}"
    (body,) = receiver.wait_for(1)
    assert (body["kind"], body["table"], body["turn"], body["players"]) == (
        "turn",
        table.path.name,
        "Alice",
        ["Alice", "Bob"],
    )
    assert receiver.requests == 1
    await bob.close()
