"""Plain games played by a script that reads only what castletui printed:
it picks a numbered choice at random (seeded), presses Enter when asked
to, and leaves when the game says it is over. In-process: the game's
input and output are two text streams, so a whole game takes a second."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterable
from typing import Any

from castletui.saves import Player

from castletui.plain.game import PlainGame
from castletui.plain.talk import Talk
from castletui.session import Session

CHOICE = re.compile(r"(\d+)\. ")
ENTER = ("press Enter", "Enter passes")
OVER = "The game is over."


class Reader(io.TextIOBase):
    """The game's input: each line it is asked for comes from ``answer(new
    text)``, the text printed since the last question; None ends the input."""

    def __init__(self, output: io.StringIO, answer: Callable[[str], str | None], limit: int = 30_000) -> None:
        self.output, self.answer, self.limit = output, answer, limit
        self.read_to = 0
        self.questions = 0

    def readline(self, size: int = -1) -> str:
        self.questions += 1
        if self.questions > self.limit:
            return ""
        printed = self.output.getvalue()
        new, self.read_to = printed[self.read_to :], len(printed)
        answer = self.answer(new)
        return "" if answer is None else answer + "\n"


def choices_in(text: str) -> list[tuple[int, str]]:
    """The possible choices ``text`` lists: (number, words)."""
    found = []
    for line in text.splitlines():
        match = CHOICE.match(line)
        words = line[match.end() :] if match else ""
        if match and int(match.group(1)) > 0 and not words.startswith("Not possible"):
            found.append((int(match.group(1)), words))
    return found


def random_player(
    seed: int, leave: str | None = None, rarely: tuple[str, ...] = (), often: tuple[str, ...] = ()
) -> Callable[[str], str | None]:
    """Answers a choice with one of the possible numbers at random (choices
    whose words start with one of ``rarely`` seldom, with one of ``often`` often), Enter to a curtain or
    a hand-over, and ``leave`` (None: the end of input) once the game is
    over. A level with nothing possible is left (0) and not opened again
    until something happens."""
    rng = random.Random(seed)
    dead: set[str] = set()
    last = [""]

    def answer(text: str) -> str | None:
        lines = text.splitlines()
        if OVER in lines:
            return leave
        if any(mark in line for line in lines[-2:] for mark in ENTER):
            return ""
        listed = choices_in(text)
        if sum(1 for line in lines if not CHOICE.match(line)) > 2:
            dead.clear()  # news: something happened
        listed = [(number, words) for number, words in listed if words not in dead]
        if not listed:
            dead.add(last[0])
            return "0" if "0. Back" in lines else ""
        weights = [weight(words, rarely, often) for _, words in listed]
        number, last[0] = rng.choices(listed, weights)[0]
        return str(number)

    return answer


def weight(words: str, rarely: tuple[str, ...], often: tuple[str, ...]) -> float:
    if often and words.startswith(often):
        return 20.0
    return 0.1 if rarely and words.startswith(rarely) else 1.0


def scripted(lines: Iterable[str]) -> Callable[[str], str | None]:
    """Answers with ``lines`` in order, then ends the input."""
    queue = list(lines)
    return lambda text: queue.pop(0) if queue else None


def new_session(
    game_id: str, variant: str, people: int, bots: int = 0, *, mode: str = "digital", seed: int = 7, path=None
) -> Session:
    players = [Player(f"P{seat + 1}") for seat in range(people)]
    players += [Player(f"Bot{seat + 1}", "bot", "easy") for seat in range(bots)]
    return Session.new(game_id, variant, players, mode=mode, seed=seed, path=path)


def play(session: Session, answer: Callable[[str], str | None], limit: int = 30_000) -> tuple[str, int, Any]:
    """Play ``session`` in plain lines; what was printed, the exit status and the game."""
    output = io.StringIO()
    game = PlainGame(session, Talk(Reader(output, answer, limit), output), think_for=None)
    status = game.play()
    return output.getvalue(), status, game
