"""Every benchmark still runs against today's castletui: each script in
benchmarks/ with ``--quick`` (benchmarks/smoke.py), in a process of its own,
exits 0 and prints its figures. Nothing here is timed: the figures of a
smoke run mean nothing, and the real ones are taken on an idle machine."""

from __future__ import annotations

import asyncio
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from castletui.screens.game import GameScreen

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"
HELPERS = {"smoke.py"}  # imported by the others, not run
SCRIPTS = sorted(path.name for path in BENCHMARKS.glob("*.py") if path.name not in HELPERS)
SLOW = {
    "castle_raisers_table_keys.py",
    "host.py",
    "run.py",
    "shared_table.py",
    "replay.py",
    "keypress.py",
    "watch_move.py",
}


def test_every_benchmark_is_a_script_here():
    assert "run.py" in SCRIPTS and len(SCRIPTS) >= 10


@pytest.mark.parametrize(
    "script", [pytest.param(name, marks=[pytest.mark.slow] if name in SLOW else []) for name in SCRIPTS]
)
def test_a_benchmark_runs_quick(script, tmp_path):
    environment = dict(os.environ, CASTLETUI_BOT_DELAY="0", TMPDIR=str(tmp_path))
    environment.pop("PYTHONWARNINGS", None)  # a warning printed changes nothing here
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--quick"],
        cwd=BENCHMARKS.parent,
        env=environment,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{script} --quick exited {done.returncode}:\n{done.stderr[-3000:]}"
    assert done.stdout.strip(), f"{script} --quick printed nothing"


@pytest.mark.slow
def test_watch_move_measures_the_moving_terminal(tmp_path):
    """``watch_move.py --role mover``: the terminal plays its person's own
    moves (the script exits non-zero when one does not land) and prints
    what they cost it (issue 45, item 5)."""
    environment = dict(os.environ, CASTLETUI_BOT_DELAY="0", TMPDIR=str(tmp_path))
    environment.pop("PYTHONWARNINGS", None)
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "watch_move.py"), "--quick", "--role", "mover"],
        cwd=BENCHMARKS.parent,
        env=environment,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, (
        f"watch_move.py --role mover exited {done.returncode}:\n{done.stderr[-3000:]}"
    )
    assert done.stdout.strip(), "watch_move.py --role mover printed nothing"


def test_keypress_waits_for_a_game_screen_that_comes_late(monkeypatch):
    """On a loaded machine keypress.py crashed: one settle after the start
    saw the game screen pushed but not yet set up (no curtain lowered, no
    roads on its map). Here its set-up comes half a second late, and the
    script waits for the curtain and the map."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    keypress = importlib.import_module("keypress")
    set_up = GameScreen.on_mount

    def late(screen) -> None:
        screen.set_timer(0.5, lambda: set_up(screen))  # a busy machine's late set-up

    monkeypatch.setattr(GameScreen, "on_mount", late)
    moved, entered = asyncio.run(keypress.got_keys((80, 24)))
    assert moved > 0 and entered > 0
