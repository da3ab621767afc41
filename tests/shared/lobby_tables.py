"""Tables in given states for the lobby's tests: who sits where, whose move
it is, when the last move was made, a finished game; moves are played
through sessions at the table, as terminals play them."""

from __future__ import annotations

import datetime
import random
from pathlib import Path
from unittest import mock

from castletui.rules.core import CHANCE
from castletui.saves.stores.shared import StoreTable
from castletui.saves.table import Table

from castletui import saves
from castletui.session import Session
from castletui.shared import create_table

NOON = datetime.datetime(2026, 11, 30, 12, 0, tzinfo=datetime.UTC)


def at(hours_before_noon: float) -> str:
    return (NOON - datetime.timedelta(hours=hours_before_noon)).isoformat(timespec="seconds")


def seated_table(
    directory: Path, owners: list[str], stem: str, seed: int = 4, players: list[saves.Player] | None = None
) -> Table:
    """A Castlecards table with ``owners`` seated in order ("" leaves a seat free)."""
    directory.mkdir(mode=0o700, exist_ok=True)
    players = players or [saves.Player(f"Seat {seat + 1}") for seat in range(len(owners))]
    variant = "two-player" if len(players) == 2 else "multi-player"
    with (
        mock.patch("castletui.saves.table.new_seed", return_value=seed),
        mock.patch("castletui.tables._stamp", return_value=stem),
    ):
        table, _, _ = create_table(directory, owners[0], "castlecards", variant, players)
    for seat, owner in enumerate(owners[1:], start=1):
        if owner:
            Table(table.path).take_seat(seat, owner)
    return table


def play_until(table: Table, owners: list[str], done, when: str, seed: int = 1) -> Session:
    """Random legal moves, each terminal its own seat's, until ``done(session)``;
    every move made at ``when``."""

    def again() -> Table | StoreTable:
        """Another terminal's hold on the same table (a file, or a store's)."""
        return StoreTable(table.store, table.address) if isinstance(table, StoreTable) else Table(table.path)

    sessions = {seat: Session.at_table(again(), seat, owner) for seat, owner in enumerate(owners) if owner}
    chooser = random.Random(seed)
    first = next(iter(sessions.values()))
    with mock.patch.object(saves, "now", return_value=when):
        for _ in range(5000):
            for session in sessions.values():
                session.sync()
            if done(first):
                return first
            seat = first.to_move()
            assert seat is not None, "the game ended first"
            if seat == CHANCE:
                first.act(first.digital_chance())
            else:
                # A bot's seat has no terminal of its own: any terminal plays it.
                mover = sessions.get(seat, first)
                mover.act(chooser.choice(mover.legal_actions()))
    raise AssertionError("never done")


def waiting_for(seat: int):
    return lambda session: session.to_move() == seat and session.ply > 0


def over(session: Session) -> bool:
    return session.over
