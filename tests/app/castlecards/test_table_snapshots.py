"""Castlecards' table-mode questions pinned as pictures at 80x24 and
120x40, each with the table in view: the set-up form (2 and 4 players, and
a wrong count refused on its line), a card drawn into a hand (confirmed,
never named), the Dungeon card turned up for an explorer, a loot card
taken face down (3 players), and the why-not line under a turn's actions.

Deterministic: a fixed save path (its name is in the header), the people's
moves drawn from a seeded generator, the table answering the first outcome
listed, no bot pause."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from castletui.rules.castlecards.state import Buy, Decline, Draw, FirstPlayer, King
from castletui.rules.core import CHANCE

from castletui import saves
from castletui.session import Session
from tests.app.driving import StillApp, settle
from tests.app.snapshots import fresh_dir

NAMES = ["Coco", "Wei", "Ada", "Bo"]
UNSEEN = Draw("unseen-village")


def table_session(path: Path, seats: int) -> Session:
    variant = "two-player" if seats == 2 else "multi-player"
    players = [saves.Player(name) for name in NAMES[:seats]]
    session = Session.new("castlecards", variant, players, mode="table", seed=1, path=path)
    session.run_automatic()
    return session


def top(session: Session):
    return session.state.pending[-1] if session.state.pending else None


def drawing(source: str, dest: str):
    """Stop at a draw from ``source`` into ``dest`` after the set-up."""

    def stop(session: Session) -> bool:
        step = top(session)
        return (
            step is not None
            and step.kind == "draw"
            and (step.source, step.dest) == (source, dest)
            and session.state.turn_number > 0
        )

    return stop


def played(session: Session, stop, seed: int = 1, limit: int = 3000) -> Session:
    """Random moves for the people, the first outcome for the table, until ``stop``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(session):
            return session
        assert not session.over, "the moment never came"
        if session.to_move() == CHANCE:
            session.act(session.chance_outcomes()[0][0])
        else:
            session.act(rng.choice(session.legal_actions()))
        session.run_automatic()
    raise AssertionError("the moment never came")


def acted(session: Session, *actions) -> Session:
    for action in actions:
        session.act(action)
        session.run_automatic()
    return session


def set_up(session: Session) -> Session:
    """Wei starts; the 2-player deal (8 Village, 2 Academy cards) goes in unseen."""
    return acted(session, FirstPlayer(1), *[UNSEEN] * 8, Draw("unseen-academy"), Draw("unseen-academy"))


def two_kings(session: Session) -> Session:
    """Wei buys, Coco lets the Gold go; then Coco plays both Kings."""
    set_up(session)
    return acted(session, UNSEEN, Buy(), Decline(), UNSEEN, UNSEEN, UNSEEN, King(), King())


# moment: (seats, how the session gets there, keys pressed before the picture)
MOMENTS = {
    "set-up-form": (2, lambda s: s, ()),
    "set-up-form-4-players": (4, lambda s: s, ()),
    "set-up-refused": (2, lambda s: s, ("w", "e", "i", "enter", "9", "enter")),
    "turn-card-unseen": (2, set_up, ()),
    "dungeon": (2, lambda s: played(s, drawing("dungeon", "open")), ()),
    "loot-face-down": (3, lambda s: played(s, drawing("village", "loot")), ()),
    "why-not": (2, two_kings, ("end",)),
}


def make_app(moment: str, size: str) -> StillApp:
    folder = fresh_dir(f"castlecards-table-{moment}-{size}")
    seats, reach, _ = MOMENTS[moment]
    session = reach(table_session(folder / "game.toml", seats))
    return StillApp(save_dir=folder, session=session)


def pressing(keys):
    async def run_before(pilot) -> None:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
        await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_castlecards_table_question(snap_compare, moment, size):
    app = make_app(moment, f"{size[0]}x{size[1]}")
    assert snap_compare(app, terminal_size=size, run_before=pressing(MOMENTS[moment][2]))
