"""A game night on one host: T shared tables, four terminals at each,
players at human pace (issue 25, item 9).

    .venv/bin/python benchmarks/shared_table.py [--tables 1] [--terminals 4] [--pace 3]
        [--moves 8] [--idle 10] [--game castlecards]

Every terminal is its own castletui process, run the way the README's SSH
set-up runs it (``castletui join --as NAME``: the lobby is the first screen
and stays under the game), with Textual's headless driver made to render as
a real terminal would, counting the bytes it writes. The tables sit in one
folder, so every lobby sees all of them. Each player waits ``pace`` seconds
(0.5 to 1.5 times, at random) before each of their decisions and then
presses Enter on the highlighted choice; a table plays ``--moves`` people's
decisions (the draws between them come on top).

Printed:

- the time from a commit (Session.act, after the table file is written) to
  each other terminal of that table having redrawn it (the refresh after
  ``GameScreen.table_changed`` took it in): median and 90th percentile
  over every (move, other terminal), and over moves for the slowest of the
  others ("every other terminal's screen");
- the CPU seconds the four terminals of a table spent per person's decision
  (and per log entry), from the first frame of the game to the last move;
- once every table has finished, ``--idle`` seconds with nobody moving: the
  CPU% and bytes/s to its terminal of one watching terminal (mean, worst);
- the load average before and after, since the figures depend on it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NAMES = ("ann", "bo", "cy", "di", "ed", "flo")


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)  # every thread of the process
    return usage.ru_utime + usage.ru_stime


def count_terminal_bytes() -> list[int]:
    """Make the headless driver render and write like a terminal's driver,
    counting what it is given instead of writing it."""
    from textual.drivers.headless_driver import HeadlessDriver

    written = [0]

    def write(self, data: str) -> None:
        written[0] += len(data.encode("utf-8", "replace"))

    HeadlessDriver.is_headless = property(lambda self: False)  # the app renders its frames
    HeadlessDriver.write = write
    return written


def terminal(table: Path, seat: int, who: str, options: argparse.Namespace, out: Path) -> None:
    """One player's castletui: play our seat at pace, note commit and
    redraw times, the CPU spent playing and watching idle."""
    written = count_terminal_bytes()
    from castletui.rules.core import CHANCE

    from castletui.app import Start
    from castletui.screens.game import GameScreen
    from castletui.session import Session
    from castletui.shared import SharedApp

    committed: dict[int, float] = {}
    shown: dict[int, float] = {}
    act = Session.act

    def timed_act(self, action):
        state = act(self, action)
        committed[self.ply] = time.time()
        return state

    Session.act = timed_act
    changed = GameScreen.table_changed

    def timed_changed(self):
        before = self.session.ply
        changed(self)
        plies = range(before + 1, self.session.ply + 1)
        if plies:
            self.call_after_refresh(lambda: shown.update(dict.fromkeys(plies, time.time())))

    GameScreen.table_changed = timed_changed
    looked = asyncio.Event()
    refresh = GameScreen.refresh_table

    def noted_refresh(self):
        refresh(self)
        looked.set()

    GameScreen.refresh_table = noted_refresh
    rng = random.Random(f"{table.name}:{seat}")
    figures: dict = {"committed": committed, "shown": shown}

    def decisions(session) -> int:
        return sum(1 for entry in session.save.log if entry.seat != CHANCE and not session.is_bot(entry.seat))

    async def play() -> None:
        app = SharedApp(
            Start("join", path=table, new_game={"seat": seat}),
            who=who,
            table_dir=table.parent,
            lobby_only=True,
            bot_delay=0,
            save_dir=table.parent.parent / who,
        )
        idle_now = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, idle_now.set)
        async with app.run_test(size=(100, 34)) as pilot:
            screen = None
            while screen is None:
                await asyncio.sleep(0.05)
                screen = next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)
            await pilot.pause()
            figures["play_started"], figures["play_cpu_started"] = time.time(), cpu_seconds()
            pressed_at = -1
            while True:
                looked.clear()
                session = screen.session
                if session.over or decisions(session) >= options.moves:
                    break
                if app.screen is screen and screen.bar.lines and session.to_move() == seat:
                    if session.ply != pressed_at:  # a new decision: think first
                        await asyncio.sleep(options.pace * rng.uniform(0.5, 1.5))
                    if app.screen is screen and session.to_move() == seat and screen.bar.lines:
                        pressed_at = session.ply
                        await pilot.press("enter")
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(looked.wait(), 1.0)  # the screen changed
            figures["play_cpu"] = cpu_seconds() - figures["play_cpu_started"]
            figures["play_seconds"] = time.time() - figures["play_started"]
            figures["decisions"], figures["plies"] = decisions(screen.session), screen.session.ply
            out.with_suffix(".played").write_text("")
            await idle_now.wait()
            started, cpu, sent = time.monotonic(), cpu_seconds(), written[0]
            await asyncio.sleep(options.idle)
            seconds = time.monotonic() - started
            figures["idle_cpu_percent"] = 100 * (cpu_seconds() - cpu) / seconds
            figures["idle_bytes_per_second"] = (written[0] - sent) / seconds
            figures["screen"] = type(app.screen).__name__

    asyncio.run(play())
    out.write_text(json.dumps(figures))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered)) - 1))]


def measure(options: argparse.Namespace) -> dict:
    from castletui.rules import registry
    from castletui.saves.table import Table

    from castletui import saves
    from castletui.shared import create_table

    # the game's first variant for this many players (Castlecards: two-player or multi-player)
    variant = next(
        v.name
        for v in registry.get(options.game).INFO.variants
        if v.min_seats <= options.terminals <= v.max_seats
    )
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder) / "tables"
        directory.mkdir(mode=0o700)
        names = NAMES[: options.terminals]
        runs = []  # (table index, seat, process, output)
        for index in range(options.tables):
            players = [saves.Player(f"Seat {n + 1}") for n in range(options.terminals)]
            table, _, _ = create_table(directory, names[0], options.game, variant, players)
            for seat in range(1, options.terminals):
                Table(table.path).take_seat(seat, names[seat])
            for seat, who in enumerate(names):
                out = Path(folder) / f"table{index}-seat{seat}.json"
                runs.append((index, seat, out, [str(seat), str(table.path), who, str(out)]))
        environment = dict(os.environ, CASTLETUI_DATA_DIR=folder)
        arguments = [
            f"--pace={options.pace}",
            f"--moves={options.moves}",
            f"--idle={options.idle}",
        ]
        processes = [
            subprocess.Popen(
                [sys.executable, __file__, *arguments, "--terminal", *terminal_arguments], env=environment
            )
            for _, _, _, terminal_arguments in runs
        ]
        deadline = time.monotonic() + 60 + options.moves * options.pace * 20 * max(1, options.tables / 4)
        while not all(out.with_suffix(".played").exists() for _, _, out, _ in runs):
            if time.monotonic() > deadline or any(process.poll() not in (None, 0) for process in processes):
                for process in processes:
                    process.kill()
                raise SystemExit("a terminal failed or the tables did not finish in time")
            time.sleep(0.2)
        time.sleep(2)  # the last redraws
        for process in processes:
            process.send_signal(signal.SIGUSR1)
        for process in processes:
            process.wait(timeout=options.idle + 60)
        figures = {(index, seat): json.loads(out.read_text()) for index, seat, out, _ in runs}

    pairs, slowest, cpu_per_decision, cpu_per_ply = [], [], [], []
    for index in range(options.tables):
        seats = range(options.terminals)
        # Moves from before every terminal of the table was up (the deal) are not counted.
        everyone_up = max(figures[index, seat]["play_started"] for seat in seats)
        for mover in seats:
            for ply, at in figures[index, mover]["committed"].items():
                if at < everyone_up:
                    continue
                seen = [
                    figures[index, watcher]["shown"][ply] - at
                    for watcher in seats
                    if watcher != mover and ply in figures[index, watcher]["shown"]
                ]
                pairs += seen
                if len(seen) == options.terminals - 1:
                    slowest.append(max(seen))
        cpu = sum(figures[index, seat]["play_cpu"] for seat in seats)
        cpu_per_decision.append(cpu / max(1, figures[index, 0]["decisions"]))
        cpu_per_ply.append(cpu / max(1, figures[index, 0]["plies"]))
    idle_cpu = [run["idle_cpu_percent"] for run in figures.values()]
    idle_bytes = [run["idle_bytes_per_second"] for run in figures.values()]
    return {
        "pairs": pairs,
        "slowest": slowest,
        "cpu_per_decision": cpu_per_decision,
        "cpu_per_ply": cpu_per_ply,
        "idle_cpu": idle_cpu,
        "idle_bytes": idle_bytes,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--terminals", type=int, default=4, help="players (terminals) at each table")
    parser.add_argument("--pace", type=float, default=3.0, help="seconds a player thinks, on average")
    parser.add_argument("--moves", type=int, default=8, help="people's decisions per table")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of nobody moving, at the end")
    parser.add_argument("--game", default="castlecards")
    parser.add_argument("--terminal", nargs=4, metavar=("SEAT", "TABLE", "WHO", "OUT"))
    parser.add_argument("--quick", action="store_true", help=QUICK)
    options = parser.parse_args()
    if options.quick and not options.terminal:
        options.terminals, options.pace, options.moves, options.idle = 2, 0.2, 2, 1.0
    if options.terminal:
        seat, table, who, out = options.terminal
        terminal(Path(table), int(seat), who, options, Path(out))
        return
    load_before = os.getloadavg()
    result = measure(options)
    load_after = os.getloadavg()
    pairs = [value * 1000 for value in result["pairs"]]
    slowest = [value * 1000 for value in result["slowest"]]
    if not pairs:
        print("no move was seen by another terminal")
        return
    print(
        f"{options.tables} table(s) x {options.terminals} terminals, {options.game}, a decision every "
        f"~{options.pace:g} s per player, {options.moves} decisions per table; load average "
        f"{load_before[0]:.1f} before, {load_after[0]:.1f} after (1 min; {os.cpu_count()} CPUs)"
    )
    print(
        f"  commit -> another terminal's screen: {statistics.median(pairs):.0f} ms median, "
        f"{percentile(pairs, 0.9):.0f} ms p90, {max(pairs):.0f} ms worst ({len(pairs)} redraws); "
        f"within 300 ms: {100 * sum(value <= 300 for value in pairs) / len(pairs):.0f}%"
    )
    if slowest:
        print(
            f"  commit -> every other terminal's screen: {statistics.median(slowest):.0f} ms median, "
            f"{percentile(slowest, 0.9):.0f} ms p90 ({len(slowest)} moves)"
        )
    print(
        f"  CPU of the {options.terminals} terminals together: "
        f"{statistics.mean(result['cpu_per_decision']):.2f} s per person's decision, "
        f"{statistics.mean(result['cpu_per_ply']):.3f} s per log entry (draws included)"
    )
    print(
        f"  a watching terminal, nobody moving: {statistics.mean(result['idle_cpu']):.2f}% CPU mean "
        f"({max(result['idle_cpu']):.2f}% worst), {statistics.mean(result['idle_bytes']):.0f} bytes/s "
        f"to its terminal mean ({max(result['idle_bytes']):.0f} worst)"
    )


if __name__ == "__main__":
    main()
