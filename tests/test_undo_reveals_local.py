"""Undo in local play (hot-seat, or one person against bots) never takes
back a move that showed its player something hidden (rules.core.reveals),
as a shared table refuses it (tests/shared/test_undo_reveals.py): Mance
Rayder's look at a hand, a forced trade, a Castlecards Night attack turned
up, and the move that ended the game and showed every hand. The refusal
names what was shown, in the game's words. Table mode keeps its own undo."""

from __future__ import annotations

import functools

import pytest
from castletui.rules.core import CHANCE, Config, IllegalAction
from castletui.rules.core.reveals import shows_hidden

from castletui import saves
from castletui.session import Session
from tests.playing import playout

NAMES = ["Ann", "Bo", "Cy"]

# game, variant, seats, seed, the kind of the move (None: the game's last), plies played (None: all)
SHOWING = {
    "mance-rayder": ("got-catan", "brotherhood", 3, 1, "TakeFromLeader", 420),
    "forced-trade": ("got-catan", "brotherhood", 3, 1, "ForcedTrade", 420),
    "game-end": ("got-catan", "base", 3, 1, None, None),
    "night-attack": ("castlecards", "two-player", 2, 1, "Confirm", None),
}


@functools.cache
def _played(game_id: str, variant: str, seats: int, seed: int, stop_at: int | None):
    return playout(game_id, Config(variant, seats, {}, "digital"), seed, stop_at=stop_at)


def played_up_to(case: str, against_bots: bool) -> tuple[Session, int]:
    """A local game whose last move is the first of ``case``'s kind in a
    seeded game (or its last move), and the seat that made it. Against bots,
    that seat is the one person and the others are bots."""
    game_id, variant, seats, seed, kind, stop_at = SHOWING[case]
    run = _played(game_id, variant, seats, seed, stop_at)
    if kind is None:
        last = len(run.actions) - 1
    else:
        last = next(
            ply
            for ply, action in enumerate(run.actions)
            if type(action).__name__ == kind
            and shows_hidden(run.game, run.states[ply], action, run.states[ply + 1], run.seats[ply])
        )
    mover = run.seats[last]
    assert mover != CHANCE
    players = [
        saves.Player(NAMES[seat], "bot", "normal")
        if against_bots and seat != mover
        else saves.Player(NAMES[seat])
        for seat in range(seats)
    ]
    session = Session.new(game_id, variant, players, seed=seed)  # no autosave: a whole game of moves
    for action in run.actions[: last + 1]:
        session.act(action)
    return session, mover


@pytest.mark.parametrize("against_bots", [False, True], ids=["hot-seat", "against-bots"])
@pytest.mark.parametrize(
    ("case", "words"),
    [
        ("mance-rayder", "That move showed you {0}'s hand: it cannot be taken back."),
        ("forced-trade", "That move showed you whether {0}"),
        ("game-end", "That move showed you every hand, as the game ended: it cannot be taken back."),
        ("night-attack", "That move showed you {0}'s Night attack cards: it cannot be taken back."),
    ],
    ids=["mance-rayder", "forced-trade", "game-end", "night-attack"],
)
def test_a_move_that_showed_hidden_cards_is_not_taken_back_in_local_play(case, words, against_bots):
    session, mover = played_up_to(case, against_bots)
    ply = session.ply
    target, reason = session.undo_target(None if against_bots else mover)
    assert target == -1
    shown_seat = _shown_seat(session)
    assert reason.startswith(words.format(NAMES[shown_seat] if shown_seat is not None else "")), reason
    with pytest.raises(IllegalAction, match="cannot be taken back"):
        session.undo(None if against_bots else mover)
    assert session.ply == ply


def _shown_seat(session: Session) -> int | None:
    """The other seat named by the last move (the hand looked at, the first
    asked for a resource, the Night attacker), None for the game's end."""
    action = session.action_at(session.ply - 1)
    for field in ("victim", "first"):
        if hasattr(action, field):
            return getattr(action, field)
    if session.save.game == "castlecards":
        return session.states[-2].assault.attacker
    return None


def test_table_mode_keeps_its_own_undo(tmp_path):
    """In table mode the cards are real and typed in: undo corrects the
    last entry, even a forced trade that told who held the resource."""
    config = Config("brotherhood", 3, {}, "table")
    run = playout("got-catan", config, 1, stop_at=600)
    last = next(
        ply
        for ply, (action, seat) in enumerate(zip(run.actions, run.seats, strict=True))
        if seat != CHANCE and shows_hidden(run.game, run.states[ply], action, run.states[ply + 1], seat)
    )
    players = [saves.Player(name) for name in NAMES]
    session = Session.new("got-catan", "brotherhood", players, mode="table", seed=1, path=tmp_path / "t.toml")
    for action in run.actions[: last + 1]:
        session.act(action)
    assert session.undo().startswith("Took back 1 move")
