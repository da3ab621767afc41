"""Hot-seat games played through the headless driver (castletui/driver.py)
as the game screen plays them, without Textual: the whole-game tests of the
driver, and the middle of the app's whole-game tests (the keyboard plays
their opening and their end, the driver the many turns between)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from castletui.rules.core import bots

from castletui import saves
from castletui.driver import Driver, Over, Person
from castletui.frames import Move
from castletui.session import Session


def as_the_normal_bot(session: Session) -> Any:
    """What the game's normal bot would do for the person to move, seeded by
    the ply (the same choice every time the game reaches that move)."""
    return bots.choose(session.game, session.state, "normal", random.Random(session.ply))


def a_line_of_the_frame(driver: Driver, rng: random.Random) -> Any:
    """The action of a line the viewer's frame offers, its groups opened one
    after another (as tests/test_driver.py's seeded games choose)."""
    path: tuple[str, ...] = ()
    empty: set[tuple[str, ...]] = set()
    while True:
        lines = driver.frame(None, path).lines
        choosable = [
            line
            for line in lines
            if not line.disabled and (line.group or line.action) and line.group not in empty
        ]
        if not choosable:  # a level that only shows (GoT's costs when nothing can be built)
            path, empty = (), empty | {path}
            continue
        line = rng.choice(choosable)
        if line.group is None:
            return line.action
        path = line.group


def offered(driver: Driver, wanted: Any) -> bool:
    """Whether the viewer's frame has a line (not greyed) for ``wanted``, in
    the group its menu files it under."""
    path = next((path for action, path, _ in driver.frame().menu if action == wanted), None)
    lines = driver.frame(None, path).lines if path is not None else []
    return any(wanted in (line.action, first_of(line.action)) and not line.disabled for line in lines)


def first_of(action: Any) -> Any:
    """The first rules action of a line's move (``frames.Move``): a person
    may still play it alone, as a bot does (Castle Raisers' taking a tile)."""
    return action.actions[0] if isinstance(action, Move) else action


def hot_seat(
    session: Session,
    choose: Callable[[Session], Any],
    limit: int = 6000,
    stop: Callable[[Session], bool] | None = None,
    acted: Callable[[Session], None] | None = None,
) -> int:
    """Play a hot-seat game of people (and bots) through the driver, as the
    screen does: the curtain falls (or the device is handed over) whenever
    the driver says so, and each person takes the frame's line of the
    action ``choose(session)`` wants, in the group the frame shows it in.
    ``stop(session)``: stop before the person to move decides (else play to
    the end); ``acted(session)`` is told before each person's move.
    Returns how many times the curtain fell."""
    driver = Driver(session)
    curtains = 0
    for _ in range(limit):
        now = driver.run()
        if isinstance(now, Over):
            return curtains
        assert isinstance(now, Person), now
        if stop is not None and stop(session):
            return curtains
        if now.curtain == "look":
            curtains += 1
            driver.curtain_rose(now.looker, to_look=True)
            continue
        if now.curtain:
            curtains += 1
            if now.curtain == "hand over":
                driver.handing_over(now.seat)
            driver.curtain_rose(now.seat)
            continue  # as the screen: the driver runs again (a draw may have waited for them)
        else:
            driver.took_seat(now.seat)
        wanted = choose(session)
        if choose is as_the_normal_bot and not offered(driver, wanted):
            # A move no line shows as it is (a shot's aim, set on the
            # aiming bar; a tile and its slot): a line the frame offers, as
            # a person takes it (offered: found through the frame's lines).
            wanted = a_line_of_the_frame(driver, random.Random(session.ply))
        else:
            assert offered(driver, wanted), wanted
        if acted is not None:
            acted(session)
        driver.person_acts(wanted)
    raise AssertionError("the game did not end")


def played_to_its_last_move_by_a_person(session: Session, choose=as_the_normal_bot) -> Session:
    """``session`` (a saved game) played through the driver up to the last
    decision a person makes in it, found by a rehearsal on a copy: the
    app then plays that move and the end through the keyboard."""
    assert session.path is not None, "the rehearsal reads the game from its save"
    rehearsal = Session.from_save(saves.read(session.path))
    people_moved_at: list[int] = []
    hot_seat(rehearsal, choose, acted=lambda played: people_moved_at.append(played.ply))
    assert rehearsal.over and people_moved_at, "a person decides something before the end"
    last = people_moved_at[-1]
    hot_seat(session, choose, stop=lambda played: played.ply >= last)
    assert not session.over and session.ply == last
    return session
