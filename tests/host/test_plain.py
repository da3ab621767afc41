"""``ssh -t HOST plain`` (issue 48): the one command a host runs is
castletui in plain lines, for screen readers and braille displays. Through
a real host and real SSH clients: Alice starts a table from the lobby in
lines and leaves; Bob takes the free seat on the full screen; Alice comes
back in lines to her table and hears Bob at it, never an escape
sequence."""

from __future__ import annotations

import pytest

from tests.host.conftest import Player

asyncssh = pytest.importorskip("asyncssh")

ESCAPE = b"\x1b"


@pytest.mark.slow
async def test_a_player_plays_in_plain_lines_through_the_plain_command(start_host, keys):
    host = start_host(players={"Alice": keys["alice"], "Bob": keys["bob"]})
    alice = await Player.connect(host.port, keys["alice"])
    await alice.open_terminal(command="plain")
    await alice.wait_for("No table has a seat for you yet: type new")
    mark = alice.mark()
    alice.send(b"new\r")
    await alice.wait_for("Which game?", "3. Castlecards", since=mark)
    for answer, question in (
        (b"3", "Which variant?"),
        (b"1", "other seats are bots?"),
        (b"0", "Time per move?"),
    ):
        mark = alice.mark()
        alice.send(answer + b"\r")  # Castlecards, 2 players, no bot (a count is typed as itself)
        await alice.wait_for(question, since=mark)
    mark = alice.mark()
    alice.send(b"1\r")  # no clock; the deal says who goes first
    await alice.wait_for_one_of("Alice, your action", "Seat 2 is free", since=mark)
    assert "from their lobby" in alice.text(mark)  # not a command line a host's player has not got
    assert "castletui join" not in alice.text()
    alice.send(b"quit\r")  # her seat stays hers
    assert await alice.ended() == 0

    bob = await Player.connect(host.port, keys["bob"])
    await bob.open_terminal()
    await bob.wait_for("Take seat 2: Castlecards")
    bob.send(b"\r")
    await bob.wait_for("Bob (you)")

    # Alice comes back in lines: her table first, and Bob sits at it.
    alice = await Player.connect(host.port, keys["alice"])
    await alice.open_terminal(command="plain")
    await alice.wait_for("1. Castlecards", "your seat", "Bob")
    mark = alice.mark()
    alice.send(b"1\r")
    await alice.wait_for_one_of("Alice, your action", "Waiting for Bob", since=mark)
    mark = alice.mark()
    alice.send(b"board\r")
    await alice.wait_for("Your fortress", "Bob's fortress", since=mark)
    assert ESCAPE not in alice.data  # lines only: never an escape sequence
    await bob.close()
    await alice.close()


async def test_any_other_command_is_still_refused(start_host, keys):
    host = start_host(players={"Alice": keys["alice"]})
    alice = await Player.connect(host.port, keys["alice"])
    await alice.open_terminal(command="plain; sh")
    await alice.wait_for("this host runs castletui only")
    assert await alice.ended() == 1
