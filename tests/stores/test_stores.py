"""One set of tests for every table store (the file store and PostgreSQL,
tests/stores/conftest.py): the same functions, run against each."""

from __future__ import annotations

import threading
from unittest import mock

import pytest
from castletui.rules import registry
from castletui.saves.codec import ChangedRecord
from castletui.saves.errors import SaveError
from castletui.saves.stores import open_store
from castletui.saves.table import LostRace, NotYourSeat

from castletui import saves
from tests.stores.playing import finished_table, new_table, next_move, play


def test_a_new_table_is_listed_and_read_back_with_its_seats(store):
    table = new_table(store, ("user:ann", ""))
    save, seating = store.read(table)
    assert seating.owners == ["user:ann", ""]
    assert [player.name for player in save.players] == ["ann", "Seat 2"]
    assert save.seed and save.commitment  # the table's own seed, committed to
    (row,) = [row for row in store.tables() if row.path == table]
    assert (row.game, row.plies, row.owners, row.free_seats()) == ("castlecards", 0, ("user:ann", ""), [1])


def test_two_tables_of_one_game_have_two_addresses(store):
    assert new_table(store) != new_table(store)


def test_a_seat_is_its_takers_and_nobody_elses(store, kept):
    table = new_table(store, ("user:ann", ""))
    with pytest.raises(NotYourSeat, match="belongs to ann"):
        store.take_seat(table, 0, "user:mallory")
    with pytest.raises(NotYourSeat, match="one seat each"):
        store.take_seat(table, 1, "user:ann")
    kept.open().take_seat(table, 1, "account:" + "b" * 32, "Bo")
    save, seating = store.read(table)
    assert seating.owners == ["user:ann", "account:" + "b" * 32]
    assert save.players[1].name == "Bo"


def test_moves_committed_by_one_host_are_read_by_another(store, kept):
    table = new_table(store)
    assert play(store, table, 4) == 4
    other = kept.open()
    save, _ = other.read(table)
    assert save.log == store.read(table)[0].log
    assert len(other.states(table, save)) == 5  # replayed and checked
    assert play(other, table, 2) == 6
    assert store.read(table)[0].check.plies == 6  # the first reads only what was added


def test_a_move_of_another_seat_is_refused(store):
    table = new_table(store)
    play(store, table, 3)
    save, new, who = next_move(store, table)
    stranger = "user:ann" if who == "user:bo" else "user:bo"
    with pytest.raises(NotYourSeat):
        store.commit(table, save.check, new, "user:mallory")
    if new.log[-1].seat >= 0:
        with pytest.raises(NotYourSeat):
            store.commit(table, save.check, new, stranger)
    assert store.read(table)[0].check.plies == 3


def test_of_two_commits_at_one_ply_exactly_one_wins_and_the_other_rereads(store, kept):
    table = new_table(store)
    play(store, table, 3)
    hosts = [kept.open(), kept.open()]
    seen = [next_move(host, table) for host in hosts]
    start = threading.Barrier(2)
    outcomes: list[object] = [None, None]

    def commit(index: int) -> None:
        save, new, who = seen[index]
        start.wait()
        try:
            hosts[index].commit(table, save.check, new, who)
            outcomes[index] = "won"
        except LostRace as lost:
            outcomes[index] = lost

    threads = [threading.Thread(target=commit, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(map(str, map(type, outcomes))).count(str(str)) == 1
    (lost,) = [outcome for outcome in outcomes if isinstance(outcome, LostRace)]
    assert lost.save.check.plies == 4  # the loser is given the table as it now is
    loser = hosts[outcomes.index(lost)]
    assert play(loser, table, 1) == 5  # and plays on from it
    assert store.read(table)[0].check.plies == 5


def test_your_own_last_move_can_be_taken_back_but_not_after_another(store, kept):
    table = new_table(store)
    save, new, who = next_move(store, table)
    while new.log[-1].seat < 0:  # a draw is never taken back: play to a person's move
        store.commit(table, save.check, new, who)
        save, new, who = next_move(store, table)
    store.commit(table, save.check, new, who)
    after, _ = store.read(table)
    store.commit(table, after.check, save, who)  # taken back
    assert store.read(table)[0].check == save.check
    other = kept.open()
    play(other, table, 2)
    moved, _ = store.read(table)
    with pytest.raises(LostRace):
        store.commit(table, after.check, save, who)  # the table moved on meanwhile
    assert store.read(table)[0].check == moved.check


def test_a_changed_record_is_refused_by_every_reader(store, kept):
    table = new_table(store)
    play(store, table, 4)
    kept.tamper(table, 1)
    with pytest.raises(ChangedRecord, match="move 2"):
        kept.open().read(table)


def test_a_reader_that_read_before_a_change_refuses_what_follows_it(store, kept):
    table = new_table(store)
    play(store, table, 2)
    reader = kept.open()
    reader.read(table)
    play(store, table, 2)
    kept.tamper(table, 3)
    with pytest.raises(ChangedRecord):
        reader.read(table)


def test_a_watcher_wakes_when_a_move_lands(store, kept):
    table = new_table(store)
    play(store, table, 2)
    watcher = kept.open()
    woke: list[int | None] = []
    waiting = threading.Thread(target=lambda: woke.append(watcher.wait(table, 2, timeout=60)))
    waiting.start()
    play(store, table, 1)
    waiting.join()
    assert woke == [3]


def test_a_watcher_that_was_away_catches_up_from_its_last_ply(store, kept):
    table = new_table(store)
    play(store, table, 2)
    watcher = kept.open()
    last = watcher.read(table)[0].check.plies
    play(store, table, 3)  # while nobody watched
    assert watcher.wait(table, last, timeout=60) == 5
    assert watcher.read(table)[0].check.plies == 5


def test_a_watcher_with_nothing_new_waits_and_says_so(store):
    table = new_table(store)
    assert store.wait(table, 0, timeout=0.05) is None


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_table_of_every_game_opens_before_its_first_move_and_after_it(store, game_id):
    """Catapult Castle's first state is not its set-up's (it was refused
    as replaying to another position when a store kept the set-up's hash)."""
    info = registry.get(game_id).INFO
    variant = next(variant for variant in info.variants if not variant.cooperative) or info.variants[0]
    seats = [saves.Player(f"Seat {seat + 1}") for seat in range(max(variant.min_seats, 2))][
        : variant.max_seats
    ]
    owners = tuple(f"user:p{seat}" for seat in range(len(seats)))
    table = new_table(store, owners, game_id=game_id, variant=variant.name, seats=seats)
    save, _ = store.read(table)
    assert len(store.states(table, save)) == 1
    assert play(store, table, 1) == 1
    assert len(store.states(table, store.read(table)[0])) == 2


def test_a_table_that_is_not_there_is_said_so(store):
    with pytest.raises(SaveError):
        store.read(str(store.url) + "/nothing-here.json" if "://" not in store.url else "nothing-here")


def test_a_notice_is_claimed_once_and_each_other_turn_kind_or_account_anew(store):
    """castletui/host/notify.py claims a message before it sends it: the
    first claim of a key is the caller's to send, a second is refused."""
    table = new_table(store)
    assert store.claim_notice(table, 3, "a" * 32, "turn")
    assert not store.claim_notice(table, 3, "a" * 32, "turn")
    assert store.claim_notice(table, 5, "a" * 32, "turn")  # the next turn
    assert store.claim_notice(table, 3, "b" * 32, "turn")  # another account's
    assert store.claim_notice("", 20261206, "a" * 32, "digest")
    assert not store.claim_notice("", 20261206, "a" * 32, "digest")
    assert store.claim_notice("", 20261207, "a" * 32, "digest")  # the next day's


def test_claims_that_can_no_longer_matter_are_forgotten(store):
    """A claim is kept while a host could still see its turn as new, or
    its day's digest is due (a day): then it goes, so what the store keeps
    does not grow with every message ever sent."""
    playing, ended = new_table(store), finished_table(store)
    ann, bo = "a" * 32, "b" * 32
    assert store.claim_notice(playing, 3, ann, "turn")  # a later turn followed it
    assert store.claim_notice(playing, 5, bo, "turn")  # the table's turn now: kept
    assert store.claim_notice(ended, 9, ann, "turn")  # the game is over
    assert store.claim_notice("gone", 2, ann, "turn")  # no such table
    assert store.claim_notice("", 20261205, ann, "digest")  # the day before yesterday
    assert store.claim_notice("", 20261206, ann, "digest")  # yesterday: kept
    assert store.claim_notice("", 20261207, ann, "digest")  # today: kept
    assert store.forget_notices(20261206) == 4
    assert not store.claim_notice(playing, 5, bo, "turn")
    assert not store.claim_notice("", 20261206, ann, "digest")
    assert not store.claim_notice("", 20261207, ann, "digest")
    assert store.claim_notice(ended, 9, ann, "turn")  # forgotten: a claim anew (nobody makes it)
    assert store.forget_notices(20261206) == 1


@pytest.mark.postgres
def test_of_two_hosts_claiming_one_notice_at_once_exactly_one_gets_it(postgres_server):
    url = postgres_server.fresh_url()
    stores = [open_store(url), open_store(url)]  # two hosts' connections
    try:
        start, won = threading.Barrier(len(stores)), []

        def claim(store) -> None:
            start.wait()
            won.append(store.claim_notice("castlecards", 7, "a" * 32, "turn"))

        threads = [threading.Thread(target=claim, args=(store,)) for store in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(won) == [False, True]
    finally:
        for store in stores:
            store.close()


@pytest.mark.postgres
def test_a_read_of_a_table_that_moved_is_one_round_trip(postgres_server):
    """PostgresStore.read asks for the table's row and the moves since the
    last it knew in one statement: after moves, after a move taken back,
    and the first time. The round trips are counted on a real server."""
    url = postgres_server.fresh_url()
    host, reader = open_store(url), open_store(url)

    def read() -> tuple[saves.SaveFile, int]:
        with mock.patch.object(reader, "_query", wraps=reader._query) as query:
            save, _ = reader.read(table)
        return save, query.call_count

    try:
        table = new_table(host)
        play(host, table, 2)
        assert read()[1] == 1  # the first read: the row and every move
        save, new, who = next_move(host, table)
        while new.log[-1].seat < 0:  # a draw is never taken back: play to a person's move
            host.commit(table, save.check, new, who)
            save, new, who = next_move(host, table)
        host.commit(table, save.check, new, who)
        moved, count = read()
        assert (moved.log, moved.check, count) == (new.log, host.read(table)[0].check, 1)
        host.commit(table, moved.check, save, who)  # taken back
        back, count = read()
        assert (back.log, back.check, count) == (save.log, save.check, 1)
        assert read()[1] == 1  # nothing new: still one
    finally:
        host.close()
        reader.close()
