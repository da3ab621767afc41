"""Helpers for the A Game of Thrones Catan screen tests: hot-seat sessions
of three people at a chosen moment (the planner bot chooses for them,
seeded), and keys pressed until something happens."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

from castletui.rules import got_catan as game
from castletui.rules.core import bots
from castletui.rules.got_catan.state import BuildRoad

from castletui import saves
from castletui.games.got_catan.map import GotCatanMap
from castletui.games.got_catan.screen import GotCatanScreen
from castletui.session import Session
from tests.app.driving import StillApp, open_table, settle

NAMES = ["Ann", "Bran", "Cat", "Dany"]


def new_session(path: Path | None, seed: int, seats: int = 3, variant: str = "base") -> Session:
    players = [saves.Player(name) for name in NAMES[:seats]]
    session = Session.new("got-catan", variant, players, seed=seed, path=path)
    session.run_automatic()
    return session


def top(session: Session):
    return session.state.pending[-1] if session.state.pending else None


def at(kind: str, seat: int | None = None):
    """A stop: the decision on top is ``kind`` (for ``seat``)."""

    def stop(session: Session) -> bool:
        step = top(session)
        return step is not None and step.kind == kind and (seat is None or step.seat == seat)

    return stop


def play_until(session: Session, stop, limit: int = 3000) -> Session:
    """Let the planner bot choose for the people (seeded) until ``stop(session)``."""
    rng = random.Random(session.save.seed)
    for _ in range(limit):
        if session.over or stop(session):
            return session
        session.act(bots.choose(game, session.state, "normal", rng))
        session.run_automatic()
    raise AssertionError("the moment never came")


async def press_until(pilot, done, key: str = "enter", limit: int = 40) -> None:
    """Press ``key`` until ``done()`` (the curtain and hand-overs in between)."""
    for _ in range(limit):
        await settle(pilot)
        if done():
            return
        await pilot.press(key)
    await settle(pilot)
    assert done(), "it never happened"


def turn_with(kind) -> callable:
    """A stop: a person's turn where some action of ``kind`` is legal."""

    def stop(session) -> bool:
        step = top(session)
        return (
            step is not None
            and step.kind == "turn"
            and any(isinstance(action, kind) for action in session.legal_actions())
        )

    return stop


def turn_with_two_roads(session) -> bool:
    """A stop: a person's turn with two roads they may build."""
    step = top(session)
    if step is None or step.kind != "turn":
        return False
    return sum(isinstance(action, BuildRoad) for action in session.legal_actions()) >= 2


@contextlib.asynccontextmanager
async def map_at(tmp_path: Path, stop, seed: int = 2, size: tuple[int, int] = (80, 24)):
    """The GoT table of a seeded game played on to ``stop``, opened at
    ``size`` with the person to move at the keyboard: (pilot, the game
    screen, the map)."""
    session = play_until(new_session(tmp_path / "g.toml", seed=seed), stop)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=size) as pilot:
        await open_table(pilot)
        screen = app.screen
        assert isinstance(screen, GotCatanScreen)
        yield pilot, screen, screen.query_one(GotCatanMap)
