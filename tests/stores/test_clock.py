"""A table's clock through every store (issue 46 item 3): a table made
with a time per move, a seat whose time ran out handed to a bot by
another player and given back when its owner sits again, a game ended as
abandoned; each refused before the time is out and to a spectator. Time
is a fake clock (saves.now, which stamps every move and is the table's
time), moved on by simulated days."""

from __future__ import annotations

import datetime
from unittest import mock

import pytest
from castletui.rules import registry
from castletui.rules.core import Config
from castletui.saves.clock import ABANDON, BOT, ClockRefused, stood_in_plies
from castletui.saves.stores.shared import StoreTable
from castletui.saves.table import ABANDONED, BadCommit, status_text

from castletui import saves
from tests.stores.playing import GAME, SEATS, next_move

DAY = 86_400
START = datetime.datetime(2026, 12, 1, 9, 0, tzinfo=datetime.UTC)


class FakeClock:
    """The table's time (saves.now), moved on by hand."""

    def __init__(self) -> None:
        self.time = START

    def now(self) -> str:
        return self.time.isoformat(timespec="seconds")

    def later(self, **delta: float) -> None:
        self.time += datetime.timedelta(**delta)


@pytest.fixture
def clock():
    fake = FakeClock()
    with mock.patch.object(saves, "now", fake.now):
        yield fake


def timed_table(store, per_move: int = DAY) -> str:
    """Ann and Bo at a two-player Castlecards table with ``per_move`` seconds a move."""
    game = registry.get(GAME)
    save = saves.new_save(GAME, Config("two-player", 2), SEATS, 0)
    save.status = status_text(game, game.setup(save.rules_config()), [p.name for p in SEATS])
    table = store.create(save, ["", ""], stem=GAME, per_move=per_move)
    store.take_seat(table, 0, "user:ann")
    store.take_seat(table, 1, "user:bo")
    return table


def to_move(store, table: str) -> int | None:
    save, _ = store.read(table)
    return registry.get(GAME).to_move(store.states(table, save)[-1])


def play_until_a_person_moves(store, table: str) -> int:
    """Commit draws until a person's seat is to move: that seat."""
    while True:
        save, new, who = next_move(store, table)
        if new.log[-1].seat >= 0:
            return new.log[-1].seat
        store.commit(table, save.check, new, who)


def test_the_time_per_move_is_kept_with_the_table_and_listed(store, clock):
    table = timed_table(store, 3 * DAY)
    assert store.read(table)[1].per_move == 3 * DAY
    (row,) = [row for row in store.tables() if row.path == table]
    assert (row.per_move, row.abandoned, row.finished) == (3 * DAY, False, False)


def test_over_simulated_days_a_late_seat_goes_to_a_bot_and_back_to_its_owner(store, clock):
    table = timed_table(store)
    late = play_until_a_person_moves(store, table)
    owners = ["user:ann", "user:bo"]
    other = owners[1 - late]
    clock.later(hours=23)
    with pytest.raises(ClockRefused, match="still has 1 h to move"):
        store.time_out(table, late, other, BOT)
    clock.later(hours=2)  # a day and an hour: the time is out
    with pytest.raises(ClockRefused, match="not a spectator"):
        store.time_out(table, late, "user:cy", BOT)
    with pytest.raises(ClockRefused, match="your own seat"):
        store.time_out(table, late, owners[late], BOT)
    save, seating = store.time_out(table, late, other, BOT)
    (stand_in,) = seating.stand_ins
    assert (stand_in.seat, stand_in.since) == (late, len(save.log))
    # Anyone at the table may now log the late seat's moves (its bot's), as for a bot's seat.
    before, new, _ = next_move(store, table)
    assert new.log[-1].seat == late
    store.commit(table, before.check, new, other)
    clock.later(days=2)
    save, seating = store.take_seat(table, late, owners[late])  # the owner comes back
    assert seating.stand_ins == [] and seating.owners == owners
    assert stood_in_plies(save, stand_in) == [len(before.log)]


def test_nobody_hands_a_seat_to_a_bot_where_there_is_no_clock(store, clock):
    table = timed_table(store, 0)
    late = play_until_a_person_moves(store, table)
    clock.later(days=30)
    with pytest.raises(ClockRefused, match="no time per move"):
        store.time_out(table, late, ["user:ann", "user:bo"][1 - late], BOT)


def test_an_abandoned_game_is_a_recorded_end_listed_as_finished(store, clock, kept):
    table = timed_table(store)
    late = play_until_a_person_moves(store, table)
    other = ["user:ann", "user:bo"][1 - late]
    clock.later(days=1, minutes=1)
    save, seating = store.time_out(table, late, other, ABANDON)
    assert seating.abandoned == clock.now() and save.status == ABANDONED
    save, seating = kept.open().read(table)  # another host reads the same end
    assert seating.abandoned and save.status == ABANDONED
    (row,) = [row for row in store.tables() if row.path == table]
    assert (row.abandoned, row.finished) == (True, True)
    before, new, who = next_move(store, table)
    with pytest.raises(BadCommit, match="abandoned"):
        store.commit(table, before.check, new, who)
    with pytest.raises(ClockRefused, match="already ended"):
        store.time_out(table, late, other, BOT)


def test_a_move_dated_by_a_terminal_far_from_the_tables_time_is_dated_by_the_table(store, clock):
    table = timed_table(store)
    save, new, who = next_move(store, table)
    forged = saves.LogEntry(new.log[-1].seat, new.log[-1].action, "2020-01-01T00:00:00+00:00")
    new.log[-1] = forged
    store.commit(table, save.check, new, who)
    assert store.read(table)[0].log[-1].at == clock.now()


def test_the_app_puts_a_choice_to_a_stores_table_as_to_a_file(store, clock):
    table = timed_table(store)
    late = play_until_a_person_moves(store, table)
    clock.later(days=2)
    held = StoreTable(store, table)  # how a session holds a table of any store (saves.stores.shared)
    _, seating = held.time_out(late, ["user:ann", "user:bo"][1 - late], BOT)
    assert [stand_in.seat for stand_in in seating.stand_ins] == [late]
    assert held.read()[1].stand_ins == seating.stand_ins


def test_the_claims_of_an_abandoned_table_are_forgotten(store, clock):
    table = timed_table(store)
    late = play_until_a_person_moves(store, table)
    assert store.claim_notice(table, 4, "a" * 32, "turn")
    assert store.forget_notices(20261201) == 0  # its turn still waits
    clock.later(days=1, minutes=1)
    store.time_out(table, late, ["user:ann", "user:bo"][1 - late], ABANDON)
    assert store.forget_notices(20261201) == 1
