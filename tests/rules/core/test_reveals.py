"""A decision that shows its seat something hidden from it (rules.core.reveals):
told for every game alike from the seat's own view, so that undo never
takes such a move back and leaves the seat what it saw."""

from __future__ import annotations

from castletui.rules.core import CHANCE, Config
from castletui.rules.core.reveals import shows_hidden

from tests.playing import playout

SHOWING = ("TakeFromLeader", "ForcedTrade")
"""Brotherhood's moves that show hidden cards with no draw: Mance Rayder
shows the leader's hand; a forced trade shows who held the resource."""


def test_mance_rayder_and_a_forced_trade_show_hidden_cards_and_no_other_move_does():
    run = playout("got-catan", Config("brotherhood", 3, {}, "digital"), 1, stop_at=420)
    told = {
        ply: shows_hidden(run.game, run.states[ply], action, run.states[ply + 1], seat)
        for ply, (action, seat) in enumerate(zip(run.actions, run.seats, strict=True))
        if seat != CHANCE
    }
    showing = {ply for ply, shown in told.items() if shown}
    assert {type(run.actions[ply]).__name__ for ply in showing} == set(SHOWING)
    assert showing == {ply for ply in told if type(run.actions[ply]).__name__ in SHOWING}


def test_a_move_played_face_down_shows_nothing_and_a_draw_is_nobodys():
    run = playout("castlecards", Config("two-player", 2, {}, "digital"), 0, stop_at=120)
    for ply, (action, seat) in enumerate(zip(run.actions, run.seats, strict=True)):
        before, after = run.states[ply], run.states[ply + 1]
        if seat == CHANCE:
            assert not shows_hidden(run.game, before, action, after, seat)
        elif type(action).__name__ != "Confirm":  # an attack's confirmation turns its cards up
            assert not shows_hidden(run.game, before, action, after, seat), (ply, action)
