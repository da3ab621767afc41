"""Undo at a shared table never takes back a move that showed its player
something hidden (rules.core.reveals): A Game of Thrones Catan's Mance
Rayder shows him the leader's hand, and his player may not look, take the
move back and choose again. The table refuses it whoever asks (a terminal
that commits the shorter log itself), and the session says why first."""

from __future__ import annotations

import pytest
from castletui.rules.core import CHANCE, Config, IllegalAction
from castletui.saves.table import BadCommit, Table

from castletui import saves
from castletui.session import Session
from tests.playing import playout

OWNERS = ["user:ann", "user:bo", "user:cy"]


def table_after(tmp_path, kind: str) -> tuple[Table, int]:
    """A Brotherhood table of three whose last move is the first ``kind``
    action of a seeded game, and that move's seat."""
    run = playout("got-catan", Config("brotherhood", 3, {}, "digital"), 1, stop_at=420)
    last = next(ply for ply, action in enumerate(run.actions) if type(action).__name__ == kind)
    save = saves.new_save(
        "got-catan",
        Config("brotherhood", 3, {}, "digital"),
        [saves.Player(owner.removeprefix("user:")) for owner in OWNERS],
        seed=1,
    )
    for ply in range(last + 1):
        save = saves.append(save, run.seats[ply], run.actions[ply], run.states[ply + 1], saves.now())
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    return Table.create(directory, save, OWNERS), run.seats[last]


@pytest.mark.parametrize("kind", ["TakeFromLeader", "ForcedTrade"])
def test_a_move_that_showed_hidden_cards_is_not_taken_back(tmp_path, kind):
    table, seat = table_after(tmp_path, kind)
    assert seat != CHANCE
    player = Session.at_table(Table(table.path), seat, OWNERS[seat])
    with pytest.raises(IllegalAction, match="showed you"):
        player.undo()
    save, _ = Table(table.path).read()
    shorter = saves.truncated(save, len(save.log) - 1, Table(table.path).states(save)[-2])
    with pytest.raises(BadCommit, match="showed you"):
        Table(table.path).commit(save.check, shorter, OWNERS[seat])
    assert Table(table.path).read()[0].log == save.log  # nothing was taken back


def test_a_move_that_showed_nothing_is_still_taken_back(tmp_path):
    table, _ = table_after(tmp_path, "TakeFromLeader")
    save, _ = Table(table.path).read()
    # The move before Mance Rayder's: the same table cut back to it.
    states = Table(table.path).states(save)
    ply = max(index for index, entry in enumerate(save.log[:-1]) if entry.seat != CHANCE)
    earlier = saves.truncated(save, ply + 1, states[ply + 1])
    directory = tmp_path / "again"
    directory.mkdir(mode=0o700)
    again = Table.create(directory, earlier, OWNERS)
    mover = earlier.log[-1].seat
    player = Session.at_table(Table(again.path), mover, OWNERS[mover])
    assert player.undo().startswith("Took back 1 move")
