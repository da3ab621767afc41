"""Small seeded games saved for the review's tests."""

from __future__ import annotations

import random
from pathlib import Path

from castletui.rules.core import CHANCE, sample_outcome

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


def got_table_game(path: Path, plies: int, seed: int = 4) -> Session:
    """A seeded A Game of Thrones Catan table-mode game of three normal
    bots (the dice typed in as drawn), saved at ``path`` after ``plies`` steps."""
    rng = random.Random(seed)
    players = [saves.Player(name, "bot", "normal") for name in ("Ada", "Bo", "Cy")]
    session = Session.new("got-catan", "base", players, seed=seed, path=path, mode="table")
    while session.ply < plies and session.to_move() is not None:
        if session.to_move() == CHANCE:
            session.act(sample_outcome(session.chance_outcomes(), rng))
        else:
            session.bot_plays(session.bot_decision())
    return session


def solo_game(path: Path, game_id: str, seed: int, plies: int | None = None) -> Session:
    """A seeded solo game of ``game_id`` played by a normal bot, saved at
    ``path`` (to its end, or ``plies`` steps). Castle Raisers: seed 10 is
    won, seed 1 lost."""
    players = [saves.Player("Ada", "bot", "normal")]
    session = Session.new(game_id, "solo", players, seed=seed, path=path)
    while session.to_move() is not None and (plies is None or session.ply < plies):
        if session.to_move() == CHANCE:
            session.draw()
        else:
            session.bot_plays(session.bot_decision())
    return session
