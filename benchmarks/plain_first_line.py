"""How long ``castletui new GAME --plain`` (and ``--json``) takes to say its
first line: the wait a screen-reader user has before anything is said,
issue 48 item 3.

    .venv/bin/python benchmarks/plain_first_line.py [--runs 10] [--castletui PATH]

Each run is a fresh process (a new game of Catapult Castle against a bot,
in a temporary save folder) whose stdout is a pipe; the time is from the
start of the process to the first line read from it. Prints the median of
``--runs`` runs for plain and for JSON lines. ``--castletui`` times
another install's command (an older checkout's, to compare).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from smoke import QUICK

MODES = {
    "plain": ["new", "catapult-castle", "--plain", "--seed", "3"],
    "json": ["new", "catapult-castle", "--json", "--seed", "3", "--players", "2", "--bots", "1"],
}


def first_line(command: list[str], folder: Path) -> float:
    """Seconds from starting ``command`` to its first line on stdout."""
    environment = {
        **os.environ,
        "CASTLETUI_SAVE_DIR": str(folder / "saves"),
        "CASTLETUI_DATA_DIR": str(folder / "data"),
        "CASTLETUI_CONFIG_DIR": str(folder / "config"),
    }
    started = time.perf_counter()
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment
    )
    assert process.stdout is not None and process.stdin is not None
    line = process.stdout.readline()
    took = time.perf_counter() - started
    process.stdin.close()  # the end of input: the game is saved and left
    process.stdout.read()
    process.wait(timeout=60)
    if not line:
        raise SystemExit(f"{' '.join(command)} said nothing")
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--castletui", help="the castletui command to time (default: this one)")
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    castletui = args.castletui or shutil.which("castletui", path=str(Path(sys.executable).parent))
    base = [castletui] if castletui else [sys.executable, "-m", "castletui"]
    for mode, argv in MODES.items():
        times = []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as folder:
                times.append(first_line([*base, *argv], Path(folder)))
        median = statistics.median(times)
        print(
            f"{mode}: first line after {median * 1000:.0f} ms (median of {runs}; {min(times) * 1000:.0f}-{max(times) * 1000:.0f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
