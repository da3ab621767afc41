"""Issue 46's "Done when", end to end: a Castlecards table played by
correspondence over three simulated days through a real ``castletui host``.
Alice and Bob log in and out through real SSH connections, each finding
its turn first in the lobby, and each turn that comes while its player is
away is one webhook at a receiver on 127.0.0.1 (never a card named). On
the third day Bob's time is out: Alice hands his seat to a bot, and he
takes it back. Carol watches the whole game live and never sees a card
that no public view of it showed. The end is committed headlessly (as
other terminals would), and a rematch, offered and accepted from the
score sheet and the lobby, makes a new table.

The simulated time reaches the host's player processes through the file
named by $CASTLETUI_CLOCK_FILE (saves.clock.utc_now), set in the host's
own environment; a client's request to set it is refused. Every wait is
for words on a screen, a host event or the table's state."""

from __future__ import annotations

import asyncio
import datetime
import json
from pathlib import Path
from unittest import mock

import pytest
from castletui.rules import castlecards as game
from castletui.rules.castlecards.text import card_name
from castletui.saves.clock import CLOCK_FILE_VARIABLE, iso
from castletui.saves.owners import account_owner
from castletui.saves.replay import replay_states
from castletui.saves.table import Table

from castletui import notify_me, saves
from castletui.host.players import Players, account_folder
from castletui.shared import create_table
from tests.host.conftest import WAIT_SECONDS, Player
from tests.host.test_game import TableLook
from tests.host.test_spectator import never_public
from tests.notify.receiver import receivers  # noqa: F401 -- a fixture
from tests.shared.lobby_tables import over, play_until

asyncssh = pytest.importorskip("asyncssh")

DAY_ONE = datetime.datetime(2026, 12, 1, 9, 0, tzinfo=datetime.UTC)
NAMES = ("Alice", "Bob")
SHIFT_TAB = b"\x1b[Z"
END = b"\x1b[F"


class Days:
    """The simulated time: a file every castletui of the host reads as now."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.set(DAY_ONE)

    def set(self, when: datetime.datetime) -> str:
        self.now = when
        self.path.write_text(iso(when))
        return iso(when)

    def later(self, hours: float) -> str:
        return self.set(self.now + datetime.timedelta(hours=hours))


def to_move(table: Table) -> int | None:
    return game.to_move(saves.replay(table.read()[0]))


async def until_table(table: Table, done, what: str) -> None:
    """Wait until ``done(table)``, looking again when the table's file changes."""
    look = TableLook(table.path)
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while not done(table):
        assert asyncio.get_running_loop().time() < deadline, f"{what} did not happen"
        await look.changed()


async def play_my_turn(table: Table, me: Player, seat: int) -> None:
    """Enter at each of ``seat``'s decisions (the draws are made by this
    terminal) until the table waits for the other player."""
    look = TableLook(table.path)
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while asyncio.get_running_loop().time() < deadline:
        mover = to_move(table)
        if mover == 1 - seat:
            return
        if mover == seat:
            mark = me.mark()
            me.send(b"\r")
            while me.mark() == mark and not await look.changed():
                pass
        else:
            await look.changed()
    raise AssertionError(f"{NAMES[seat]}'s turn did not end")


async def log_in(host, key, name: str) -> Player:
    player = await Player.connect(host.port, key)
    await player.open_terminal()
    await player.wait_for(f"you play as {name}")
    return player


async def log_out(host, player: Player, name: str) -> None:
    """Back to the lobby, out of it, and the host has seen the connection end."""
    start, mark = len(host.events()), player.mark()
    player.send(b"q")
    await player.wait_for("you play as", since=mark)
    player.send(b"q")
    await player.ended()
    await player.close()
    await host.event(start, event="disconnect", player=name)


@pytest.mark.slow
async def test_a_castlecards_game_by_correspondence_over_three_simulated_days(
    start_host,
    keys,
    receivers,  # noqa: F811
    monkeypatch,
    tmp_path,
):
    days = Days(tmp_path / "now")
    monkeypatch.setenv(CLOCK_FILE_VARIABLE, str(days.path))  # the host's environment, and this test's
    receiver = receivers()
    host = start_host(
        "--webhook-private", players={"Alice": keys["alice"], "Bob": keys["bob"], "Carol": keys["carol"]}
    )
    accounts = Players(host.players_file)
    owners = [account_owner(accounts.account_named(name).id) for name in NAMES]
    for name in NAMES:  # each set a webhook in the lobby (tests/notify/test_notify_dialog.py)
        folder = account_folder(host.data_dir, accounts.account_named(name).id)
        assert notify_me.save(notify_me.NotifyMe("turn", receiver.url), folder) == ""

    # A client cannot set the clock: its environment request is refused.
    start = len(host.events())
    stranger = await Player.connect(host.port, keys["carol"])
    await stranger.connection.run("true", env={CLOCK_FILE_VARIABLE: "/tmp/elsewhere"})
    await host.event(start, event="refused", player="Carol", what="environment")
    await stranger.close()

    # Day one, 9:00: a table with a day per move; the deal is drawn.
    with mock.patch("castletui.saves.table.new_seed", return_value=21):
        made, _, _ = create_table(
            host.table_dir,
            owners[0],
            "castlecards",
            "two-player",
            [saves.Player(name) for name in NAMES],
            name="Alice",
            per_move=86_400,
        )
    table = Table(made.path)
    table.take_seat(1, owners[1], "Bob")
    play_until(table, owners, lambda session: session.to_move() in (0, 1), days.now.isoformat())
    first = to_move(table)

    # Carol watches from her lobby's Watch line, all three days.
    carol = await log_in(host, keys["carol"], "Carol")
    await carol.wait_for("Watch Castlecards: Alice and Bob")
    carol.send(b"\r")
    await carol.wait_for("You are watching")
    # And a table of Carol's with a seat free: in Alice's and Bob's lobbies, under their own.
    create_table(
        host.table_dir,
        account_owner(accounts.account_named("Carol").id),
        "castlecards",
        "two-player",
        [saves.Player("Carol"), saves.Player("Seat 2")],
        name="Carol",
    )

    told = [NAMES[first]]  # whose turn each webhook said, in order: the first turn's, both away
    assert [body["turn"] for body in receiver.wait_for(1)] == told

    async def a_turn(seat: int, waited: str) -> None:
        """The player of ``seat`` logs in, finds the table on top of the
        lobby waiting for them, plays their turn and leaves; the other,
        away, gets one webhook; Carol sees it live."""
        name, other = NAMES[seat], NAMES[1 - seat]
        player = await log_in(host, keys[name.lower()], name)
        line = f"Castlecards with {other}: your turn for {waited}"
        lobby = await player.wait_for(line, "Take seat 2")
        assert lobby.index(line) < lobby.index("Take seat 2")  # drawn top down: yours first
        watched = carol.mark()
        player.send(b"n")  # the next table waiting for your move
        await player.wait_for(f"{name} (you)", "Hand")
        await play_my_turn(table, player, seat)
        await carol.wait_for(f"Waiting for {other}", since=watched)
        await log_out(host, player, name)
        told.append(other)
        bodies = receiver.wait_for(len(told))
        assert [body["turn"] for body in bodies] == told  # one per turn, no more

    assert first == 1, "with this seed Bob plays first"
    days.set(DAY_ONE + datetime.timedelta(hours=1))
    await a_turn(1, "1 h")  # day one, 10:00
    days.later(12)
    await a_turn(0, "12 h")  # day one, 22:00
    days.later(12)
    await a_turn(1, "12 h")  # day two, 10:00
    days.later(2)
    await a_turn(0, "2 h")  # day two, 12:00: Bob's turn, and he does not come back in time
    # Up to here every move is the same on every run (the bot's, later, may
    # not be): hands hold cards no public view has shown, and Carol saw none.
    hidden = never_public(table.read()[0])
    assert hidden, "the seed should deal a card the public view never shows"
    shown = carol.text()
    assert not [name for name in hidden if name in shown], "a hand showed to the spectator"

    # Day three, 14:00: Bob's time is out. Alice's lobby says so; she opens the
    # table and lets a bot play his seat; her terminal plays its moves.
    days.later(26)
    alice = await log_in(host, keys["alice"], "Alice")
    await alice.wait_for("Castlecards with Bob: Bob's turn, 26 h, out of time: open it to choose")
    alice.send(b"\r")
    await alice.wait_for("Bob's time is out", "Wait more")
    alice.send(SHIFT_TAB + SHIFT_TAB + b"\r")  # from Wait more, up to Let a bot play
    await alice.wait_for("A bot plays Bob's seat")
    assert [stand_in.seat for stand_in in table.read()[1].stand_ins] == [1]
    await until_table(table, lambda t: to_move(t) == 0, "the bot's turn for Bob")
    await log_out(host, alice, "Alice")
    assert [body["turn"] for body in receiver.bodies] == told  # Alice was at the table: nothing sent

    # Day three, 20:00: Bob comes back, is told what the bot did and has his seat again.
    days.later(6)
    bob = await log_in(host, keys["bob"], "Bob")
    await bob.wait_for("Castlecards with Alice")
    bob.send(b"\r")
    await bob.wait_for("Your seat is yours again.", "(Alice chose")
    assert table.read()[1].stand_ins == []
    await log_out(host, bob, "Bob")
    assert [body["turn"] for body in receiver.bodies] == told  # still the turn Alice saw

    # The rest of the game, committed headlessly (other terminals of theirs);
    # then Alice offers a rematch from the score sheet and Bob accepts from his lobby.
    watched = carol.mark()
    play_until(table, owners, over, days.now.isoformat())
    await carol.wait_for("Final score", since=watched)
    alice = await log_in(host, keys["alice"], "Alice")
    lobby = await alice.wait_for("Take seat 2", "Castlecards with Bob")
    assert lobby.index("Take seat 2") < lobby.rindex("Castlecards with Bob")  # finished games last
    alice.send(END + b"\r")  # the last line: her finished game
    await alice.wait_for("Final score", "Play again")
    alice.send(b"p")
    await alice.wait_for("Rematch: waiting for Bob to accept.")
    bob = await log_in(host, keys["bob"], "Bob")
    await bob.wait_for("Alice offers a rematch of Castlecards: accept?")
    bob.send(b"\r")
    await bob.wait_for("Final score", "Alice offers a rematch: Play again accepts it.")
    # Wide enough that the new table's header names it in full: at 80
    # columns the time left may push the name past the edge.
    for player in (alice, bob):
        mark = player.mark()
        player.process.change_terminal_size(120, 30)
        await player.wait_for("Final score", since=mark, width=120)
    marks = alice.mark(), bob.mark()
    bob.send(b"p")
    await until_table(table, lambda t: t.read()[1].rematch.table, "the rematch made")
    rematch = Table(Path(table.read()[1].rematch.table))
    assert rematch.path != table.path and rematch.read()[1].owners == [owners[1], owners[0]]
    # Both are taken to it: its name in their headers.
    await alice.wait_for(rematch.path.stem, "Alice (you)", since=marks[0])
    await bob.wait_for(rematch.path.stem, "Bob (you)", since=marks[1])
    assert [body["turn"] for body in receiver.bodies][: len(told)] == told

    # Carol saw no card that no public view showed; no webhook named a card.
    # (At the end, a card of the same name has often been shown by then.)
    save = table.read()[0]
    shown = carol.text()
    assert not [name for name in never_public(save) if name in shown], "a hand showed to the spectator"
    cards = {card for state in replay_states(save) for player in state.players for card in player.hand}
    names = {card_name(card, short=True) for card in cards} | {card_name(card) for card in cards}
    sent = json.dumps(receiver.bodies)
    assert not [name for name in names if name in sent], "a webhook named a card"
    for player in (carol, alice, bob):
        await player.close()
