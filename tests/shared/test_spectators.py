"""Issue 46.4, headless: a spectator at a shared table of every game sees
exactly the public view, live, and can do nothing to the table.

The players' terminals play a seeded game through their sessions; after
every move the spectator's terminal takes the table in (Driver.take_in_table,
as its screen does when the table file changes) and its frame is checked
against the public view of the players' state: the view, the scene, the
score and the log lines as everyone may read them. The spectator never
moves, draws, plays a bot or takes anything back, its replay and score
sheet are the public view's, and the players see its name as watching.
"""

from __future__ import annotations

import os
import queue
import random
import subprocess
import sys
import threading
from pathlib import Path

import msgspec
import pytest
from castletui.rules import registry
from castletui.rules.core import CHANCE, PUBLIC, IllegalAction, log_lines, name_seats, screen
from castletui.saves.table import (
    NotYourSeat,
    Table,
    TableListing,
    invited_names,
    may_see,
    private_message,
    signature,
)
from castletui.saves.watchers import watch_as, watchers

from castletui import games, saves
from castletui.driver import Driver, Over, Remote
from castletui.replay import Replay
from castletui.session import WATCHING, Session
from castletui.sides import Room
from castletui.sides import players as players_panel
from castletui.tables import create_table
from castletui.watch import TableWatcher

GAMES = [
    ("castle-raisers", "competitive", 2),
    ("catapult-castle", "standard", 2),
    ("castlecards", "two-player", 2),
    ("got-catan", "base", 3),
]
OWNERS = ["user:ann", "user:bo", "user:dee"]
PLIES = 150


def make_table(directory: Path, game_id: str, variant: str, seats: int, invited=None) -> Table:
    players = [saves.Player(name) for name in ("ann", "bo", "dee")[:seats]]
    table, _, _ = create_table(directory, OWNERS[0], game_id, variant, players, name="ann", invited=invited)
    for seat in range(1, seats):
        Table(table.path).take_seat(seat, OWNERS[seat])
    return table


def public_log(session: Session, game) -> list[str]:
    """The whole log as everyone may read it, told afresh from the players' states."""
    lines = []
    for ply in range(len(session.save.log)):
        action = session.action_at(ply)
        before, after = session.states[ply], session.states[ply + 1]
        lines += [name_seats(line, session.names) for line in log_lines(game, before, action, after, PUBLIC)]
    return lines


def refuses_everything(spectator: Session, driver: Driver) -> None:
    """Every way a terminal changes a table, tried from the spectator's."""
    before = spectator.table.read()[0].check
    assert spectator.may_act(PUBLIC) == WATCHING
    assert isinstance(driver.next(), (Remote, Over))
    for attempt in (
        lambda: driver.person_acts(spectator.legal_actions()[0]),
        lambda: spectator.act(spectator.legal_actions()[0]),
        spectator.draw,
        driver.undo,
    ):
        with pytest.raises(IllegalAction):
            attempt()
    assert spectator.table.read()[0].check == before, "the spectator changed the table"


@pytest.mark.parametrize(("game_id", "variant", "seats"), GAMES, ids=[game for game, _, _ in GAMES])
def test_a_spectator_sees_every_step_as_the_public_view_and_does_nothing(tmp_path, game_id, variant, seats):
    game = registry.get(game_id)
    table = make_table(tmp_path / "tables", game_id, variant, seats)
    players = [Session.at_table(Table(table.path), seat, OWNERS[seat]) for seat in range(seats)]
    presence = watch_as(table.path, "cy")
    spectator = Session.watching_table(Table(table.path), "user:cy")
    watching = Driver(spectator)
    assert spectator.watching and spectator.watchers == ["cy"]
    # The players see cy watching once their terminals look.
    for player in players:
        Driver(player).take_in_table()
        assert Driver(player).frame().watchers == ("cy",)

    chooser = random.Random(3)
    for _ in range(PLIES):
        first = players[0]
        seat = first.to_move()
        if seat is None:
            break
        mover = first if seat == CHANCE else players[seat]
        action = mover.digital_chance() if seat == CHANCE else chooser.choice(mover.legal_actions())
        mover.act(action)
        for player in players:
            player.sync()
        watching.take_in_table()
        state = first.state
        public = game.view(state, PUBLIC)
        frame = watching.frame()
        where = f"{game_id} ply {first.ply}"
        assert spectator.ply == first.ply, where
        assert frame.view == public, f"{where}: the spectator's view is not the public view"
        assert frame.scene == screen.scene(game, public, PUBLIC), f"{where}: the scene"
        assert frame.standing == (game.result(state) if game.to_move(state) is None else game.result(public))
        assert not frame.deciding and frame.lines == () and frame.menu == (), where
        if game.to_move(state) is not None:
            assert isinstance(watching.next(), Remote), f"{where}: the spectator's terminal would play"
    assert [line.text for line in spectator.log] == public_log(first, game)
    refuses_everything(spectator, watching)
    # Its replay and score sheet: the public view only, never a seat's eyes.
    replay = Replay.of_session(spectator, None)
    assert replay.eyes() == [PUBLIC]
    with pytest.raises(IllegalAction):
        replay.see_as(0)
    assert replay.step(replay.plies).view == game.view(first.state, PUBLIC)
    assert spectator.standing(spectator.seat) == game.result(game.view(first.state, PUBLIC))
    # cy leaves: the players' panels say so at their next look.
    presence.leave()
    assert watchers(table.path) == []
    news = Driver(players[0]).take_in_table()
    assert news is not None and news.watchers and players[0].watchers == []


@pytest.mark.parametrize(("game_id", "variant", "seats"), GAMES, ids=[game for game, _, _ in GAMES])
def test_the_players_panels_name_the_spectators_and_give_a_spectator_no_hand(
    tmp_path, game_id, variant, seats
):
    table = make_table(tmp_path / "tables", game_id, variant, seats)
    player = Session.at_table(Table(table.path), 0, OWNERS[0])
    Driver(player).run()  # the deal
    presence = watch_as(table.path, "cy")
    spectator = Driver(Session.watching_table(Table(table.path), "user:cy"))
    side = games.part(game_id, "side")
    panel = side.SIDE.text if side is not None else players_panel
    room = Room(80, 24, 28)
    for driver in (Driver(player), spectator):
        driver.take_in_table()
        assert "Watching: cy" in panel(driver.frame(), room).plain
    shown = panel(spectator.frame(), room).plain
    last = player.names[-1]
    # No seat's own lines for the spectator: Catapult Castle's hand, GoT's cards and costs.
    assert f"{last}:" not in shown and "Can buy" not in shown and "no cards" not in shown, shown
    presence.leave()


def test_a_spectator_takes_no_seat_by_watching_and_a_seat_taken_later_is_a_seat(tmp_path):
    table = make_table(tmp_path / "tables", "castlecards", "two-player", 2)
    save, seating = Table(table.path).read()
    spectator = Session.watching_table(Table(table.path), "user:cy")
    assert spectator.seat == PUBLIC and "user:cy" not in Table(table.path).read()[1].owners
    # Both seats are taken: cy cannot sit, whatever it watched.
    with pytest.raises(NotYourSeat):
        Table(table.path).take_seat(0, "user:cy")
    assert Table(table.path).read()[1].owners == seating.owners


def test_a_free_seat_is_named_by_its_number_not_by_the_wizards_default_name(tmp_path):
    """The wizard fills a person's seat with a name ("Coco"): at a shared
    table nobody sat there, yet the Watch line read "ann, Coco to play"."""
    directory = tmp_path / "tables"
    players = [saves.Player("Ann"), saves.Player("Coco"), saves.Player("Wei", kind="bot")]
    table, _, _ = create_table(directory, "user:ann", "got-catan", "base", players, name="ann")
    (row,) = TableListing(directory).rows()
    assert row.players == ("ann", "Seat 2", "Wei")
    Table(table.path).take_seat(1, "user:bo")
    assert Table(table.path).read()[0].players[1].name == "bo"


def test_a_spectator_who_takes_a_free_seat_later_sees_that_seat_only_in_a_new_session(tmp_path):
    """Watching, then sitting down: the watching session stays a spectator's
    (it never turns into the seat's), and the seat is one taken on purpose."""
    directory = tmp_path / "tables"
    players = [saves.Player("ann"), saves.Player("Seat 2")]
    table, _, _ = create_table(directory, "user:ann", "castlecards", "two-player", players, name="ann")
    spectator = Session.watching_table(Table(table.path), "user:cy")
    watching = Driver(spectator)
    Table(table.path).take_seat(1, "user:cy")
    ann = Session.at_table(Table(table.path), 0, "user:ann")
    Driver(ann).run()  # the deal
    watching.take_in_table()
    assert spectator.seat == PUBLIC and spectator.names[1] == "cy"
    assert watching.frame().view == registry.get("castlecards").view(ann.state, PUBLIC)
    assert isinstance(watching.next(), (Remote, Over))
    with pytest.raises(IllegalAction, match="watching"):
        watching.person_acts(ann.legal_actions()[0] if ann.to_move() == 0 else spectator.legal_actions()[0])


def test_a_killed_spectators_name_goes_at_the_next_look(tmp_path):
    table = make_table(tmp_path / "tables", "castlecards", "two-player", 2)
    presence = watch_as(table.path, "cy")
    assert watchers(table.path) == ["cy"]
    # A castletui killed with its connection: its lock goes with it, its file stays.
    os.close(presence._handle)
    presence._handle = None
    assert watchers(table.path) == []
    assert not list(table.path.parent.glob(".*watcher*")), "the stale file is removed"


def test_a_killed_spectators_castletui_wakes_the_players_and_its_name_goes(tmp_path):
    """Killed outright (its SSH connection dropped): its file closes with
    it, which wakes the players' table watch (inotify's close), and their
    next look finds the file unlocked and drops the name."""
    table = make_table(tmp_path / "tables", "castlecards", "two-player", 2)
    script = (
        "import sys, time\n"
        "from castletui.saves.watchers import watch_as\n"
        "presence = watch_as(sys.argv[1], 'cy')\n"
        "print('watching', flush=True)\n"
        "time.sleep(600)\n"
    )
    spectator = subprocess.Popen(
        [sys.executable, "-c", script, str(table.path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert spectator.stdout.readline().strip() == "watching"
        player = Session.at_table(Table(table.path), 0, OWNERS[0])
        assert player.watchers == ["cy"]
        watch = TableWatcher(table.path, Table(table.path).known or signature(table.path))
        woken: queue.Queue = queue.Queue()
        thread = threading.Thread(target=lambda: [woken.put(True) for _ in watch.changes()], daemon=True)
        thread.start()
        woken.get(timeout=60)  # its first look: cy's file, come before the watch
        spectator.kill()
        spectator.wait()
        woken.get(timeout=60)  # the watch wakes (bounded only so that a broken test ends)
        watch.stop()
        news = Driver(player).take_in_table()
        assert news is not None and news.watchers and player.watchers == []
        assert not list(table.path.parent.glob(".*watcher*"))
    finally:
        if spectator.poll() is None:
            spectator.kill()
            spectator.wait()


def test_a_private_table_is_only_for_its_invited_names(tmp_path):
    directory = tmp_path / "tables"
    players = [saves.Player("ann"), saves.Player("Seat 2")]
    table, _, _ = create_table(
        directory, "user:ann", "castlecards", "two-player", players, name="ann", invited=invited_names("Bo")
    )
    seating = Table(table.path).read()[1]
    assert [name.casefold() for name in seating.invited] == ["ann", "bo"]
    assert may_see(seating, "user:bo", "BO") and may_see(seating, "user:ann", "ann")
    assert not may_see(seating, "user:cy", "cy")
    with pytest.raises(NotYourSeat, match="private table"):
        Table(table.path).take_seat(1, "user:cy")
    assert str(private_message(table.path.name)).startswith(table.path.name)
    Table(table.path).take_seat(1, "user:bo")  # bo is invited
    # The invitation outlives every whole write (a seat taken, a move taken back).
    assert Table(table.path).read()[1].invited == seating.invited


class OlderSeating(msgspec.Struct):
    """A table's seating as castletui read it before private tables."""

    owners: list[str] = []


class OlderTableKey(msgspec.Struct):
    table: OlderSeating = msgspec.field(default_factory=OlderSeating)


def test_an_older_castletui_reads_a_private_tables_seats_as_before(tmp_path):
    """The invitation is one more member of the seating, which an older
    castletui's reader (a Seating of owners only) skips: it reads the seats
    as they are, and the header's check, taken over the member as written, holds."""

    table = make_table(tmp_path / "tables", "castlecards", "two-player", 2, invited=["bo"])
    data = table.path.read_bytes()
    header = data[: data.find(b'"log"')].rstrip().rstrip(b",") + b"}"
    assert msgspec.json.decode(header, type=OlderTableKey).table.owners == OWNERS[:2]
    saves.read(table.path)  # every check holds, read as any save


def test_an_old_table_without_invitations_is_public(tmp_path):
    table = make_table(tmp_path / "tables", "castlecards", "two-player", 2)
    assert b"invited" not in table.path.read_bytes()  # nothing new in a public table's file
    assert may_see(Table(table.path).read()[1], "user:cy", "cy")
