"""Helpers for the A Game of Thrones Catan screen tests: hot-seat sessions
of three people at a chosen moment (the planner bot chooses for them,
seeded), and keys pressed until something happens."""

from __future__ import annotations

import random
from pathlib import Path

import saves
from castletui.session import Session
from rules import got_catan as game
from tests.app.driving import settle

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
        session.act(game.bot_action(session.state, "normal", rng))
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


def planned_line(screen, rng: random.Random, watch: bool = True) -> tuple[str, int | None]:
    """What a person following the planner bot presses now on ``screen``:
    ("escape", None) to step back a level, or ("line", index) of the
    action-bar line to take (the bot's action, or the group that holds it).
    An offer to players (the bot's come from its own planning) becomes
    the end of the turn: the trade dialog has its own test. ``watch=False``:
    the person plays Brotherhood with the base game's plans."""
    from castletui.screens.game import Choice
    from rules.core import screen as screen_api

    session = screen.session
    lines: list[Choice] = screen.choice_list
    if screen.handing_over is not None:
        return "line", 0  # "Pass to ...": the device goes to the next person
    if watch:
        wanted = game.bot_action(session.state, "normal", rng)
    else:
        # The base game's plans alone (Brotherhood): no guards, no heroes.
        from rules.got_catan.bots.planner import planned_action

        wanted = planned_action(session.state, rng, watch=False)
    if isinstance(wanted, game.OfferTrade):
        wanted = game.EndTurn()
    for index, line in enumerate(lines):
        if line.action == wanted and not line.disabled:
            return "line", index
    path = screen_api.group(session.game, session.state, wanted)
    level = screen.menu_path
    if isinstance(wanted, game.BuyDevelopment | game.BuildRoad | game.BuildSettlement | game.BuildKeep):
        path = ("Build", *path[1:]) if path[:1] == ("Build",) else ("Build",)
    if path[: len(level)] != level or path == level:
        return "escape", None
    name = path[len(level)]
    for index, line in enumerate(lines):
        if line.text.startswith(f"{name}...") and not line.disabled:
            return "line", index
    return "line", next(i for i, line in enumerate(lines) if not line.disabled)
