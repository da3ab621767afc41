"""Spectators and private tables in every table store (the file store and
PostgreSQL, tests/stores/conftest.py): the same functions run against
each. A private table is listed, seated and watched by its invited names
only, whatever way a stranger names it; a spectator's name is shown while
its castletui watches, and goes at once when that castletui is killed."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg
import pytest
from castletui.saves.stores.files import FileStore
from castletui.saves.stores.shared import StoreTable
from castletui.saves.table import NotYourSeat, Table, may_see

from castletui import saves
from castletui.driver import Driver
from castletui.session import Session
from castletui.tables import create_table, join_table, watch_table
from castletui.watch import TableWatcher
from tests.stores.playing import new_table, play

ANN, BO, CY = "account:" + "a" * 32, "account:" + "b" * 32, "account:" + "c" * 32


def app_table(store, address: str):
    """The table as a player's castletui plays it (castletui/tables.open_table)."""
    return Table(address) if isinstance(store, FileStore) else StoreTable(store, address)


def app_store(store):
    """The store as a player's castletui is given it: None for the table folder."""
    return None if isinstance(store, FileStore) else store


def private_table(store) -> str:
    """Ann's table, private to her and Bo, Ann seated (as the wizard makes it)."""
    players = [saves.Player("Ann"), saves.Player("Seat 2")]
    folder = store.directory if isinstance(store, FileStore) else None
    accounts = {
        owner.removeprefix("account:"): name for owner, name in ((ANN, "Ann"), (BO, "Bo"), (CY, "Cy"))
    }
    table, _, _ = create_table(
        folder,
        ANN,
        "castlecards",
        "two-player",
        players,
        name="Ann",
        store=app_store(store),
        invited=["Bo"],
        accounts=lambda: accounts,  # the host's accounts, as its players file or store has them
    )
    return str(table.path) if isinstance(table, Table) else table.address


class Player:
    """What castletui/tables.py asks of an app, for one account at one store."""

    def __init__(self, store, who: str, name: str) -> None:
        self.table_store, self.who, self.who_name = app_store(store), who, name
        self.table_dir = store.directory if isinstance(store, FileStore) else None
        self.notes: list[str] = []
        self.session: Session | None = None
        self.watching_presence = None

    def notify(self, message: str, **_) -> None:
        self.notes.append(message)

    def open_session(self, session: Session, resumed: bool = False) -> None:
        self.session = session


def test_a_private_table_keeps_its_invitation_and_is_listed_to_the_invited_only(store):
    table = private_table(store)
    save, seating = store.read(table)
    assert [name.casefold() for name in seating.invited] == ["ann", "bo"]
    (row,) = [row for row in store.tables() if row.path == table]
    assert row.invited == tuple(seating.invited)
    assert row.may_see(BO, "Bo") and row.may_see(ANN, "Ann")
    assert not row.may_see(CY, "Cy") and not row.may_see(CY, "")
    # Bo sits; the invitation outlives a seat taken and moves played.
    store.take_seat(table, 1, BO, "Bo")
    play(store, table, 3)
    assert store.read(table)[1].invited == seating.invited


def test_a_public_table_is_anyones(store):
    table = new_table(store, ("user:ann", ""))
    assert store.read(table)[1].invited == []
    (row,) = [row for row in store.tables() if row.path == table]
    assert row.invited == () and row.may_see(CY, "Cy")


def test_a_stranger_cannot_sit_or_watch_at_a_private_table_by_any_name(store, kept):
    """Cy has a key but no invitation: the seat, the table named outright
    (castletui join TABLE, a guessed id) and watching are all refused."""
    table = private_table(store)
    other = kept.open()  # another host's, or another player's castletui
    with pytest.raises(NotYourSeat, match="private table"):
        other.take_seat(table, 1, CY, "Cy")
    cy = Player(other, CY, "Cy")
    assert not join_table(cy, _path(table))
    assert not watch_table(cy, _path(table))
    assert cy.session is None and all("private table" in note for note in cy.notes)
    # Cy cannot pass for an invited name either: the seat is the account's, the name a label.
    assert not may_see(other.read(table)[1], CY, "Cy")
    assert other.read(table)[1].owners[1] == "" and other.watchers(table) == []
    # Bo, invited, may watch, and sit.
    bo = Player(other, BO, "Bo")
    assert watch_table(bo, _path(table)) and bo.session is not None and bo.session.watching
    assert store.watchers(table) == ["Bo"]
    bo.watching_presence.leave()
    assert join_table(bo, _path(table)) and bo.session.seat == 1


def _path(table: str) -> Path:
    return Path(table)


def test_a_spectator_is_named_while_watching_and_gone_when_it_leaves(store, kept):
    table = new_table(store)
    other = kept.open()
    presence = other.watch_as(table, "Cy")
    assert presence is not None
    assert store.watchers(table) == ["Cy"] and other.watchers(table) == ["Cy"]
    second = store.watch_as(table, "Dee")
    assert store.watchers(table) == ["Cy", "Dee"]
    presence.leave()
    presence.leave()  # twice: nothing more
    assert store.watchers(table) == ["Dee"]
    second.leave()
    assert store.watchers(table) == []
    assert store.watchers(new_table(store)) == []  # another table's spectators are its own


WATCHING = (
    "import sys, time\n"
    "from castletui.saves.stores import open_store\n"
    "store = open_store(sys.argv[1])\n"
    "presence = store.watch_as(sys.argv[2], 'Cy')\n"
    "connection = getattr(store, '_connection', None)\n"
    "print('watching' if presence is not None else 'refused', flush=True)\n"
    "print(connection.info.backend_pid if connection is not None else 0, flush=True)\n"
    "time.sleep(600)\n"
)


def spectator_process(kept, table: str) -> tuple[subprocess.Popen, int]:
    """Cy's castletui watching ``table`` in a process of its own, and its
    connection's server process (PostgreSQL's; 0 for the file store)."""
    spectator = subprocess.Popen(
        [sys.executable, "-c", WATCHING, kept.url, table], stdout=subprocess.PIPE, text=True
    )
    assert spectator.stdout.readline().strip() == "watching"
    return spectator, int(spectator.stdout.readline())


def killed(kept, spectator: subprocess.Popen, backend: int) -> None:
    """Kill the spectator's castletui outright, and wait until the server
    process of its connection has seen it go (it ends by itself, a moment
    later: a file's lock goes with the process itself)."""
    spectator.kill()
    spectator.wait()
    if not backend:
        return
    with psycopg.connect(kept.url, autocommit=True) as connection:
        for _ in range(6000):  # bounded only so that a broken test ends
            if not connection.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (backend,)).fetchone():
                return
            time.sleep(0.01)  # the server process ending by itself: looked at, bounded
    raise AssertionError(f"the spectator's server process {backend} outlived it")


def test_a_killed_spectators_name_goes_at_the_next_look(store, kept):
    table = new_table(store)
    spectator, backend = spectator_process(kept, table)
    try:
        assert store.watchers(table) == ["Cy"]
        killed(kept, spectator, backend)  # its connection dropped: no goodbye
        assert store.watchers(table) == []
    finally:
        if spectator.poll() is None:
            spectator.kill()
            spectator.wait()


def test_a_spectator_coming_and_a_killed_one_going_wake_the_players_panels(store, kept):
    """The players' table watch wakes when a spectator comes (the store's
    notification, or the file beside the table) and when one is killed:
    the file closing, or the host removing the rows of the castletui it
    reaped (its connection may not have closed yet); their next look
    names the spectator, then no longer."""
    table = new_table(store)
    player = Session.at_table(app_table(store, table), 0, "user:ann")
    assert player.watchers == []
    watch = TableWatcher(player.table.path, player.table.known)
    woken: queue.Queue = queue.Queue()
    thread = threading.Thread(target=lambda: [woken.put(True) for _ in watch.changes()], daemon=True)
    thread.start()
    if watch.store_watch is not None:
        assert watch.store_watch.listening.wait(60)  # else the spectator's coming could be missed
    spectator = None
    try:
        spectator, _backend = spectator_process(kept, table)
        _woken_until(woken, lambda: Driver(player).take_in_table() is not None)
        assert player.watchers == ["Cy"]
        spectator.kill()
        spectator.wait()
        store.castletui_ended(spectator.pid)  # the host, as it reaped the spectator's castletui
        _woken_until(woken, lambda: Driver(player).take_in_table() is not None)
        assert player.watchers == []
    finally:
        watch.stop()
        if spectator is not None and spectator.poll() is None:
            spectator.kill()
            spectator.wait()


def _woken_until(woken: queue.Queue, seen) -> None:
    """Wait for the watch to wake until ``seen()`` (bounded only so that a broken test ends)."""
    while True:
        woken.get(timeout=60)
        if seen():
            return
