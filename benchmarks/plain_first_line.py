"""How long ``castletui new GAME --plain`` (and ``--json``) takes to say its
first line: the wait a screen-reader user has before anything is said,
issue 48 item 3.

    .venv/bin/python benchmarks/plain_first_line.py [--runs 10] [--castletui PATH] [--compare PATH]

Each run is a fresh process (a new game of Catapult Castle against a bot,
in a temporary save folder) whose stdout is a pipe; the time is from the
start of the process to the first line read from it, and (Linux) the CPU
time the process had used by then, which a busy machine changes less.
Prints the medians of ``--runs`` runs for plain and for JSON lines.
``--castletui`` times another install's command; ``--compare`` times one
more, its runs taken in turn with the first's, so both see the same load.
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


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used; 0 off Linux."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_line(command: list[str], folder: Path) -> tuple[float, float]:
    """Seconds from starting ``command`` to its first line on stdout, and
    the CPU seconds it had used by then."""
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
    cpu = cpu_seconds(process.pid)
    process.stdin.close()  # the end of input: the game is saved and left
    process.stdout.read()
    process.wait(timeout=60)
    if not line:
        raise SystemExit(f"{' '.join(command)} said nothing")
    return took, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--castletui", help="the castletui command to time (default: this one)")
    parser.add_argument("--compare", help="another castletui command, timed in turn with the first")
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    castletui = args.castletui or shutil.which("castletui", path=str(Path(sys.executable).parent))
    commands = {"this": [castletui] if castletui else [sys.executable, "-m", "castletui"]}
    if args.compare:
        commands["compared"] = [args.compare]
    for mode, argv in MODES.items():
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, base in commands.items():
                with tempfile.TemporaryDirectory() as folder:
                    times[name].append(first_line([*base, *argv], Path(folder)))
        for name, taken in times.items():
            wall = statistics.median(took for took, _ in taken)
            cpu = statistics.median(cpu for _, cpu in taken)
            print(
                f"{mode} ({name}): first line after {wall * 1000:.0f} ms, "
                f"{cpu * 1000:.0f} ms of CPU (medians of {runs})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
