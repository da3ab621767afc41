"""How often an idle castletui wakes up: a terminal at a shared table
nobody moves at, next to a bare Textual app (a Header and a Footer), issue
43 item 10.

    .venv/bin/python benchmarks/idle_wakeups.py [--seconds 10] [--settle 3] [--repeats 3]

Each is its own process in a pseudo-terminal of 100x34 (Textual's own
Linux driver, whose input thread wakes ten times a second): the shared
one joins a Castlecards table (``castletui join``'s screen: the lobby
under the game) whose other seat is nobody's yet, so the game waits on
the table file. After ``--settle`` seconds, the wake-ups of
every thread of the process over ``--seconds`` seconds: the context
switches Linux counts for each (``voluntary_ctxt_switches`` and
``nonvoluntary_ctxt_switches`` in /proc/PID/task/*/status: a thread that
sleeps and wakes counts one). Prints wake-ups per second, the median of
``--repeats`` runs of each. Linux only.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path
from unittest import mock

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD = """
import sys
sys.path.insert(0, {root!r})
kind, table = sys.argv[1], sys.argv[2]
if kind == "bare":
    from textual.app import App
    from textual.widgets import Footer, Header

    class Bare(App):
        def compose(self):
            yield Header()
            yield Footer()

    Bare().run()
else:
    from pathlib import Path

    from castletui.app import Start
    from castletui.shared import SharedApp

    path = Path(table)
    SharedApp(
        Start("join", path=path, new_game={{"seat": 1}}),
        who="bo",
        table_dir=path.parent,
        lobby_only=True,
        bot_delay=0,
        save_dir=path.parent.parent / "bo",
    ).run()
"""


def switches(pid: int) -> int:
    """Context switches of every thread of ``pid`` so far."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            for line in (task / "status").read_text().splitlines():
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
        except OSError:
            pass  # a thread that ended in between
    return total


def drain(screen: int) -> None:
    """Read what the app draws, as a terminal would (its writes never block)."""
    with contextlib.suppress(OSError):
        while os.read(screen, 65536):
            pass


def wakeups(kind: str, table: Path, settle: float, seconds: float) -> float:
    script = CHILD.format(root=str(ROOT))
    screen, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 34, 100, 0, 0))
    child = subprocess.Popen(
        [sys.executable, "-c", script, kind, str(table)],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        start_new_session=True,
        env={
            "TERM": "xterm-256color",
            **os.environ,
            **{
                f"CASTLETUI_{name}_DIR": str(table.parent.parent / name.lower())
                for name in ("CONFIG", "DATA", "SAVE")
            },
        },
    )
    os.close(terminal)
    threading.Thread(target=drain, args=(screen,), daemon=True).start()
    try:
        time.sleep(settle)
        if child.poll() is not None:
            raise SystemExit(f"the {kind} app ended early ({child.returncode})")
        before, started = switches(child.pid), time.monotonic()
        time.sleep(seconds)
        after, ended = switches(child.pid), time.monotonic()
    finally:
        child.kill()
        child.wait()
    return (after - before) / (ended - started)


def shared_table(directory: Path) -> Path:
    from castletui import saves
    from castletui.shared import create_table

    tables = directory / "tables"
    tables.mkdir(mode=0o700)
    players = [saves.Player("Seat 1"), saves.Player("Seat 2")]
    with mock.patch("castletui.saves.table.new_seed", return_value=4):
        table, _, _ = create_table(tables, "ann", "castlecards", "two-player", players)
    return table.path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--settle", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.settle, args.repeats = 1.0, 1.0, 1
    with tempfile.TemporaryDirectory() as folder:
        table = shared_table(Path(folder))
        for kind, name in (("bare", "bare Textual app"), ("shared", "idle terminal at a shared table")):
            rates = [wakeups(kind, table, args.settle, args.seconds) for _ in range(args.repeats)]
            print(
                f"{name}: {statistics.median(rates):.1f} wake-ups/s "
                f"(median of {args.repeats} runs of {args.seconds:g} s: "
                + ", ".join(f"{rate:.1f}" for rate in rates)
                + ")"
            )


if __name__ == "__main__":
    main()
