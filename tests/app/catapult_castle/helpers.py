"""Helpers for the Catapult Castle screen tests: sessions at a chosen
moment (Coco at the keyboard, the others bots; people's choices made here
by a fixed rule, chance by the seed), and the action bar read as text."""

from __future__ import annotations

from pathlib import Path

from castletui.rules.catapult_castle import Aim
from castletui.rules.catapult_castle.state import PlayCard

from castletui import saves
from castletui.session import Session
from tests.app.snapshots import fixed_session, fresh_dir, pin_dates

NAMES = ["Coco", "Wei", "Milo", "Juno"]


def players(seats: int, humans: int = 1) -> list[saves.Player]:
    return [
        saves.Player(name, "human" if seat < humans else "bot") for seat, name in enumerate(NAMES[:seats])
    ]


def table_session(
    name: str, seats: int = 2, seed: int = 3, variant: str = "standard", humans: int = 1, **kwargs
) -> tuple[Path, Session]:
    """A snapshot session in a fresh folder, played on to the first person's decision."""
    folder = fresh_dir(name)
    session = fixed_session(folder, "catapult-castle", variant, players(seats, humans), seed, **kwargs)
    session.run_automatic()
    pin_dates(session)
    return folder, session


def new_session(
    path: Path | None, seats: int = 2, seed: int = 3, variant: str = "standard", humans: int = 1, **kwargs
) -> Session:
    """A session saved at ``path``, played on to the first person's decision."""
    session = Session.new("catapult-castle", variant, players(seats, humans), seed=seed, path=path, **kwargs)
    session.run_automatic()
    return session


def top(session: Session):
    return session.state.pending[-1] if session.state.pending else None


def sure_shot(session: Session) -> Aim:
    """The person's best-aimed shot at the first tower listed."""
    return next(a for a in session.legal_actions() if isinstance(a, Aim) and a.accuracy == 100)


def play_until(session: Session, stop, play: tuple[str, ...] = (), limit: int = 400) -> Session:
    """People play the cards of the kinds in ``play`` as soon as they may,
    keep the others, and shoot sure shots at the first tower (the first
    choice of any other decision), chance and bots as the seed says, until
    ``stop(session)``."""
    for _ in range(limit):
        if session.over or stop(session):
            return session
        legal = session.legal_actions()
        cards = [a for a in legal if isinstance(a, PlayCard) and a.kind in play]
        actions = [a for a in legal if not isinstance(a, PlayCard)]
        aims = [a for a in actions if isinstance(a, Aim) and a.accuracy == 100]
        session.act(cards[0] if cards else aims[0] if aims else actions[0])
        session.run_automatic()
    raise AssertionError("the moment never came")
