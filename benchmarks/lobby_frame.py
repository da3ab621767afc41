"""The lobby's first frame with many tables in the folder (issue 46: within
1.3x a bare Textual app's, with 200 tables), against benchmarks/first_frame.py's
bare app, timed the same way (from the process's start to its line
``first_frame``):

    python benchmarks/lobby_frame.py prepare DIR   # 200 tables; bo sits at 10, each some 40 moves in
    python benchmarks/lobby_frame.py lobby DIR [WHO]   # one lobby run, bo's or WHO's (prints first_frame)
    python benchmarks/lobby_frame.py compare DIR [RUNS]   # bare, lobby, first, cold in turn: medians
    python benchmarks/lobby_frame.py --quick       # a smoke run (benchmarks/smoke.py)

A run of the lobby is a new process, as a player's login is: no table was
read or replayed in it before. ``compare`` times bo's lobby three ways:
``lobby``, a returning player's (the lobby's cache, castletui/lobby_cache.py,
as bo's last login left it); ``first``, bo's first login after another
player's (the cache removed, then p10, who sits at none of bo's tables,
logs in and out untimed: the cache is all p10's lobby kept); ``cold``, the
first login at the host (no cache at all).
Run it with Python's bytecode cached, as an installed castletui has it
(PYTHONDONTWRITEBYTECODE unset): compiling castletui's modules on every
run costs the lobby some 250 ms that the bare app, installed, never pays.
``compare`` gives the CPU time too, which a busy machine changes less.
What the harness itself needs (statistics, subprocess) is imported where
it is used, never in the lobby's process before its frame."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLES = 200
BOS = 10
MOVES = 40


def prepare(directory: Path, tables: int = TABLES, bos: int = BOS, moves: int = MOVES) -> None:
    import random

    from castletui.rules.core import CHANCE
    from castletui.saves.table import Table

    from castletui import saves
    from castletui.session import Session
    from castletui.shared import create_table

    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    chooser = random.Random(1)
    for number in range(tables):
        players = [saves.Player("Seat 1"), saves.Player("Seat 2")]
        first = "bo" if number < bos else f"p{number}"
        table, _, _ = create_table(directory, f"user:{first}", "castlecards", "two-player", players)
        os.rename(table.path, directory / f"castlecards-{number:03}.json")
        table = Table(directory / f"castlecards-{number:03}.json")
        if number % 3 == 0 and number >= bos:
            continue  # a free seat
        second = f"user:q{number}"
        table.take_seat(1, second)
        if number >= bos * 3:
            continue
        sessions = [
            Session.at_table(Table(table.path), seat, who)
            for seat, who in enumerate([f"user:{first}", second])
        ]
        for _ in range(moves):
            for session in sessions:
                session.sync()
            seat = sessions[0].to_move()
            if seat is None:
                break
            if seat == CHANCE:
                sessions[0].act(sessions[0].digital_chance())
            else:
                sessions[seat].act(chooser.choice(sessions[seat].legal_actions()))


def lobby(directory: Path, who: str = "user:bo") -> None:
    from castletui import collector

    collector.hold()  # as castletui's command line does (castletui/cli.py)
    from castletui.shared import SharedApp

    def drawn(app) -> None:
        print(f"first_frame {time.process_time():.4f} lines {len(app.screen.lines)}", flush=True)
        app.exit()

    class Timed(SharedApp):
        def on_mount(self) -> None:
            screen = self.screen

            def shown() -> None:
                if screen.is_mounted and screen.listing is not None:
                    timer.stop()
                    screen.call_after_refresh(drawn, self)

            timer = self.set_interval(0.002, shown)

    app = Timed(who=who, table_dir=directory, lobby_only=True, save_dir=tempfile.mkdtemp(), bot_delay=0.6)
    app.run(headless=True, size=(80, 24))


def once(command: list[str]) -> tuple[float, float]:
    """The wall time to the first frame, and the CPU time the process says it took."""
    import subprocess

    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    wall = cpu = None
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("first_frame") and wall is None:
            wall, cpu = time.perf_counter() - start, float(line.split()[1])
    process.wait()
    if wall is None or cpu is None:
        raise RuntimeError(f"{command} drew no frame")
    return wall, cpu


def compare(directory: Path, runs: int) -> None:
    import statistics

    from castletui.lobby_cache import FOLDER

    lobby_command = [sys.executable, str(ROOT / "benchmarks" / "lobby_frame.py"), "lobby", str(directory)]
    times: dict[str, list[tuple[float, float]]] = {"bare": [], "lobby": [], "first": [], "cold": []}
    once(lobby_command)  # a login before the first: its cache
    for _ in range(runs):
        times["bare"].append(once([sys.executable, str(ROOT / "benchmarks" / "first_frame.py"), "bare"]))
        times["lobby"].append(once(lobby_command))  # the cache of bo's run before
        shutil.rmtree(directory / FOLDER, ignore_errors=True)
        once([*lobby_command, "user:p10"])  # another player's login, untimed
        times["first"].append(once(lobby_command))  # bo's first: after p10's
        shutil.rmtree(directory / FOLDER, ignore_errors=True)
        times["cold"].append(once(lobby_command))  # none: every table read, bo's replayed
    wall = {what: statistics.median(run[0] for run in runs_of) * 1000 for what, runs_of in times.items()}
    cpu = {what: statistics.median(run[1] for run in runs_of) * 1000 for what, runs_of in times.items()}
    print(f"bare Textual app: median {wall['bare']:.0f} ms ({cpu['bare']:.0f} ms CPU) over {runs} runs")
    tables = sum(1 for _ in directory.glob("*.json"))
    words_of = {"lobby": "lobby", "first": "lobby, first login", "cold": "lobby, no cache"}
    for what, words in words_of.items():
        print(
            f"{words}, {tables} tables: median {wall[what]:.0f} ms ({wall[what] / wall['bare']:.2f}x), "
            f"{cpu[what]:.0f} ms CPU ({cpu[what] / cpu['bare']:.2f}x)"
        )


if __name__ == "__main__":
    if sys.argv[1:] == ["--quick"]:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from smoke import QUICK

        print(f"--quick: {QUICK}")
        with tempfile.TemporaryDirectory() as quick:
            prepare(Path(quick) / "tables", tables=4, bos=1, moves=4)
            compare(Path(quick) / "tables", 1)
        sys.exit(0)
    what, folder = sys.argv[1], Path(sys.argv[2])
    if what == "prepare":
        prepare(folder)
    elif what == "lobby":
        lobby(folder, *sys.argv[3:4])
    else:
        compare(folder, int(sys.argv[3]) if len(sys.argv) > 3 else 11)
