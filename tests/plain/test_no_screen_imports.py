"""Plain and JSON lines never draw a screen, so they never load textual or
Rich: their first line comes without the app's import time (issue 48)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.plain.reading import new_session, play, random_player

PROBE = """
import sys
from castletui.cli import main
status = main({argv!r})
print("LOADED", " ".join(name for name in ("textual", "rich") if name in sys.modules) or "nothing")
"""


def loaded_after(argv: list[str], tmp_path, typed: str = "quit\n") -> str:
    """What of textual and Rich a castletui command line loaded, run to its end."""
    environment = {
        **os.environ,
        "CASTLETUI_SAVE_DIR": str(tmp_path / "saves"),
        "CASTLETUI_DATA_DIR": str(tmp_path / "data"),
        "CASTLETUI_CONFIG_DIR": str(tmp_path / "config"),
    }
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(argv=argv)],
        input=typed,
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("LOADED ")]
    assert lines, done.stdout + done.stderr
    return lines[-1].removeprefix("LOADED ")


@pytest.mark.parametrize(
    "argv",
    [
        ["new", "catapult-castle", "--plain", "--seed", "3", "--players", "2", "--bots", "1"],
        ["new", "catapult-castle", "--json", "--seed", "3", "--players", "2", "--bots", "1"],
    ],
    ids=["plain", "json"],
)
def test_a_new_game_in_lines_loads_neither_textual_nor_rich(argv, tmp_path):
    # Plain: a card played and taken back (the undo asks the game's menu) first.
    assert loaded_after(argv, tmp_path, "12\n1\nundo\nquit\n") == "nothing"


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_resume_and_replay_in_plain_lines_load_neither_textual_nor_rich(command, tmp_path):
    session = new_session("castlecards", "two-player", 1, 1, seed=2, path=tmp_path / "saves" / "game.toml")
    play(session, random_player(1), limit=3)
    typed = "board\nhand\nscore\nquit\n" if command == "resume" else "next\nquit\n"
    assert loaded_after([command, "game.toml", "--plain"], tmp_path, typed) == "nothing"
