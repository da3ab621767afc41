"""Helpers for JSON-lines tests: the example bot (examples/bots/random_bot.py)
answering a game in this process, the lines it was told, and the scripts
of programs that misbehave."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import random
import subprocess
import sys
from collections import deque
from pathlib import Path

from castletui.jsonlines.conversation import Conversation
from tests import processes
from tests.test_terminal import castletui_command

ROOT = Path(__file__).resolve().parent.parent.parent
RANDOM_BOT = ROOT / "examples" / "bots" / "random_bot.py"
SHELL_BOT = ROOT / "examples" / "bots" / "ply_bot.sh"


def example_bot():
    """The example bot's module, as a program runs it (it is no package)."""
    spec = importlib.util.spec_from_file_location("random_bot", RANDOM_BOT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BotAtTheOtherEnd:
    """Both ends of a conversation for the example bot in this process:
    what castletui writes reaches its ``answer``, its replies are what
    castletui reads. ``bad``: lines read first, before any answer."""

    def __init__(self, seed: int, bad: tuple[bytes, ...] = ()) -> None:
        self.bot = example_bot()
        self.rng = random.Random(seed)
        self.told: list[dict] = []
        self.answers: list[str] = []
        """The id the bot chose at each decision, in order."""
        self.replies: deque[bytes] = deque()
        self.bad = deque(bad)

    def write(self, data: bytes) -> None:
        assert data.endswith(b"\n") and data.count(b"\n") == 1  # one object a line
        message = json.loads(data)
        self.told.append(message)
        reply = self.bot.answer(message, self.rng)
        if reply is not None:
            self.answers.append(json.loads(reply)["choose"])
            self.replies.append(reply.encode() + b"\n")

    def flush(self) -> None:
        pass

    def readline(self) -> bytes:
        if self.bad:
            self.replies.popleft()
            return self.bad.popleft()
        return self.replies.popleft() if self.replies else b""

    def of_type(self, kind: str) -> list[dict]:
        return [message for message in self.told if message["type"] == kind]


def converse(session, seed: int = 0, bad: tuple[bytes, ...] = ()) -> tuple[bool, BotAtTheOtherEnd]:
    """Play ``session`` with the example bot at every person seat."""
    bot = BotAtTheOtherEnd(seed, bad)
    finished = Conversation(session, bot, bot).play()
    return finished, bot


def python_program(path: Path, body: str) -> str:
    """A program (a Python script at ``path``) as ``--seat N=exec:`` runs it."""
    path.write_text(body)
    return f"{sys.executable} {path}"


LIMIT = 120.0
"""Seconds a whole game may take on a busy machine (a bound, not a measure)."""


def environment(tmp_path: Path) -> dict[str, str]:
    return dict(
        os.environ,
        CASTLETUI_SAVE_DIR=str(tmp_path / "saves"),
        CASTLETUI_DATA_DIR=str(tmp_path / "data"),
        CASTLETUI_CONFIG_DIR=str(tmp_path / "config"),
        CASTLETUI_TABLE_DIR=str(tmp_path / "tables"),
        PYTHONWARNINGS="ignore",
    )


def program(seed: int) -> str:
    return f"exec:{sys.executable} {RANDOM_BOT} {seed}"


def talk(
    tmp_path: Path, arguments: list[str], answer: bool = True, seed: int = 7, bot: list[str] | None = None
) -> tuple[list[dict], int, str]:
    """Run castletui with ``arguments``, the example bot (or the command
    ``bot``) answering at the other end of its pipes (or nobody: its input
    ends at once). Each line castletui writes is read here, then passed on
    to the bot."""
    bot = subprocess.Popen(
        bot or [sys.executable, str(RANDOM_BOT), str(seed)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    game = subprocess.Popen(
        [*castletui_command(), *arguments],
        stdin=bot.stdout if answer else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(tmp_path),
        preexec_fn=processes.end_with_parent,  # noqa: PLW1509 - a test's own child
    )
    bot.stdout.close()  # castletui holds it now
    told = []
    try:
        for raw in game.stdout:
            told.append(json.loads(raw))  # every line is one JSON object
            if answer:
                with contextlib.suppress(BrokenPipeError):  # a program that stopped reading
                    bot.stdin.write(raw)
                    bot.stdin.flush()
        errors = game.stderr.read().decode()
        status = game.wait(LIMIT)
    finally:
        for process in (game, bot):
            if process.poll() is None:
                process.kill()
            process.wait()
        for stream in (game.stdout, game.stderr, bot.stdin):
            stream.close()
    return told, status, errors
