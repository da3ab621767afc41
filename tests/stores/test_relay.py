"""One listening connection per host (saves.stores.relay): the host hears
the database's notifications and passes them to its players' castletuis,
which hold no LISTEN of their own; a watcher whose host lost its listener
still wakes, catching up from its last ply."""

from __future__ import annotations

import threading

import psycopg
import pytest
from castletui.saves.stores import open_store
from castletui.saves.stores.postgres import LISTENING, wait_for
from castletui.saves.stores.relay import ANY_TABLE, Relay, RelayListener, enough_open_files

from tests.stores.playing import new_table, play

pytestmark = pytest.mark.postgres


def listening(url: str) -> list[int]:
    """The backends of the database's listening connections."""
    with psycopg.connect(url, autocommit=True) as connection:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = %s",
            (LISTENING,),
        ).fetchall()
    return [pid for (pid,) in rows]


def kill(url: str, pids: list[int]) -> None:
    with psycopg.connect(url, autocommit=True) as connection:
        for pid in pids:
            connection.execute("SELECT pg_terminate_backend(%s)", (pid,))


@pytest.fixture
def database(postgres_server):
    return postgres_server.fresh_database()


def test_watchers_through_a_relay_share_its_one_listening_connection(database):
    store = open_store(database)
    relay = Relay(store.hearing)
    relay.start()
    watchers = [open_store(database, migrate=False) for _ in range(4)]
    try:
        for watcher in watchers:
            watcher.relay = relay.path
        table = new_table(store)
        woke: list[int | None] = []
        waiting = [
            threading.Thread(target=lambda w=w: woke.append(w.wait(table, 0, timeout=60))) for w in watchers
        ]
        for thread in waiting:
            thread.start()
        play(store, table, 1)
        for thread in waiting:
            thread.join()
        assert woke == [1, 1, 1, 1]
        assert all(isinstance(watcher._listener, RelayListener) for watcher in watchers)
        assert len(listening(database)) == 1
    finally:
        relay.stop()
        for one in (store, *watchers):
            one.close()


def test_a_watcher_wakes_after_the_hosts_listener_is_killed_and_catches_up(database):
    """The move lands while the relay has no listener (it is kept from
    connecting again until then): no notification of it is ever heard,
    and the watcher looks again from its last ply when the relay is back."""
    store = open_store(database)
    may_connect = threading.Event()
    may_connect.set()

    def hearing():
        may_connect.wait()
        return store.hearing()

    relay = Relay(hearing)
    relay.start()
    watcher = open_store(database, migrate=False)
    watcher.relay = relay.path
    try:
        table = new_table(store)
        play(store, table, 1)
        assert relay.connected.wait(60)
        listener = watcher.listener()
        (before,) = listening(database)
        may_connect.clear()
        kill(database, [before])
        while relay.reconnects == 0:  # lost: the relay waits to connect again
            listener.heard(0.05)
        play(store, table, 2)  # heard by nobody
        may_connect.set()
        heard = []
        while not heard:
            heard = listener.heard(60)
        assert heard == [(ANY_TABLE, -1)]  # changes were missed: look again
        assert wait_for(listener, table, 1, timeout=60) == 3  # from its last ply
        (after,) = listening(database)
        assert after != before
        listener.close()
    finally:
        may_connect.set()
        relay.stop()
        watcher.close()
        store.close()


def test_a_watcher_of_one_table_is_not_woken_by_the_others(database):
    store = open_store(database)
    relay = Relay(store.hearing)
    relay.start()
    try:
        mine, other = new_table(store), new_table(store)
        assert relay.connected.wait(60)
        probe = RelayListener(relay.path, store.plies)
        play(store, other, 1)
        while (other, 1) not in probe.heard(60):  # the tables' making has been passed on too
            pass
        one = RelayListener(relay.path, store.plies, mine)
        every = RelayListener(relay.path, store.plies)
        play(store, other, 1)
        assert every.heard(60) == [(other, 2)]
        play(store, mine, 1)
        assert one.heard(60) == [(mine, 1)]  # the other table's move never came
        for listener in (probe, one, every):
            listener.close()
    finally:
        relay.stop()
        store.close()


def test_a_castletui_dropped_by_its_relay_connects_again_and_looks_again(database):
    store = open_store(database)
    relay = Relay(store.hearing)
    relay.start()
    try:
        assert relay.connected.wait(60)
        listener = RelayListener(relay.path, store.plies)
        with relay._lock:  # as a castletui too slow to read is dropped
            for client, _ in relay._clients:
                client.close()
            relay._clients.clear()
        assert listener.heard(60) == [(ANY_TABLE, -1)]
        assert relay.listeners() == 1
        listener.close()
    finally:
        relay.stop()
        store.close()


def test_an_idle_query_connection_is_closed_and_opened_again_when_used(database, monkeypatch):
    from castletui.saves.stores import postgres

    store = open_store(database)
    try:
        table = new_table(store)
        monkeypatch.setattr(postgres, "IDLE_SECONDS", 0.0)
        monkeypatch.setattr(store, "_close_when_idle", lambda seconds: None)  # its timer: called here instead
        store._idle_ended()  # as its timer does once nothing used the connection for that long
        assert store._connection is None
        play(store, table, 1)
        assert store.read(table)[0].check.plies == 1
    finally:
        store.close()


def test_a_query_connection_holding_a_lock_is_kept_open_when_idle(database, monkeypatch):
    """A session's advisory lock (a spectator's presence) lives as long as
    its connection: an idle one that holds one is not closed."""
    from castletui.saves.stores import postgres

    store = open_store(database)
    try:
        store._query("SELECT pg_advisory_lock(42)")
        monkeypatch.setattr(postgres, "IDLE_SECONDS", 0.0)
        monkeypatch.setattr(store, "_close_when_idle", lambda seconds: None)  # its timer: called here instead
        store._idle_ended()
        assert store._connection is not None
        store._query("SELECT pg_advisory_unlock(42)")
        store._idle_ended()
        assert store._connection is None
    finally:
        store.close()


def test_a_host_raises_its_open_files_limit_towards_what_its_players_need():
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
    try:
        most = 512 if hard == resource.RLIM_INFINITY else min(512, hard)
        assert enough_open_files(512) == most
        assert enough_open_files(300) == most  # never lowered
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
