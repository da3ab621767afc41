"""Small seeded games saved for the review's tests."""

from __future__ import annotations

from pathlib import Path

from castletui.rules.core import CHANCE

from castletui import saves
from castletui.session import Session


def castlecards_game(path: Path, seed: int = 7, plies: int | None = None) -> Session:
    """A seeded Castlecards game of two normal bots, saved at ``path``
    (played to its end, or ``plies`` steps)."""
    players = [saves.Player("Ada", "bot", "normal"), saves.Player("Bo", "bot", "normal")]
    session = Session.new("castlecards", "two-player", players, seed=seed, path=path)
    while session.to_move() is not None and (plies is None or session.ply < plies):
        if session.to_move() == CHANCE:
            session.draw()
        else:
            session.bot_plays(session.bot_decision())
    return session
