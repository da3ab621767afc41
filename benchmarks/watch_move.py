"""What seeing another seat's move costs a terminal that did not move
(issue 45, item 5): the CPU one watching castletui spends per move.

    .venv/bin/python benchmarks/watch_move.py [--moves 40] [--every 0.5] [--tables 1]
                                             [--idle 5] [--store test] [--profile FILE]

One Castlecards table of four seats (``--tables`` more in the same folder
or store, each moving as often: the moves a terminal does not show but may
hear). Seat 2's castletui runs as ``castletui join --as`` runs it (the
lobby under the game) in a process of its own, at 80x24, with Textual's
headless driver made to render and write as a real terminal's would. This
script plays every seat of every table, headless, through the same
Driver and Session a terminal uses: at each table a person's move every
``--every`` seconds, the draws after it at once.

Printed, each from the watcher's own CPU time (the kernel's, per thread,
in nanoseconds: a busy machine stretches it far less than wall time):

- nobody moving: its CPU per second (timers, heartbeats);
- per move at its own table: the CPU from that move to the next one of
  its table (the other tables' moves in between included), median and
  90th percentile; the same less what idling costs over that time;
- the bytes written to its terminal per move, median.

``--role mover``: the terminal is the one whose person moves. Seat 2's
moves are its own (chosen at random among the legal ones and played as a
key would play them, ``GameScreen.play``, a byte on a pipe), the other seats'
are played from here; printed, its CPU per move of its own (from the
move to the table's next one) and, beside it, per move of the others.

``--profile FILE`` writes the watcher's cProfile over the moves (a
mover's: over its own moves) in CPU time (its main
thread: Textual's loop, where the redraws are) to FILE, and prints its
top lines by own time and by cumulative time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import mmap
import os
import pstats
import random
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

NAMES = ("ann", "bo", "cy", "di")
WATCHING_SEAT = 1
SIZE = (80, 24)


def people(table: int) -> list[str]:
    """The four people at table number ``table``: nobody sits at two (a
    turn at another table of theirs would be news to their terminal)."""
    return [f"{name}{table}" if table else name for name in NAMES]


def thread_cpu_ns(pid: int) -> int:
    """CPU time of every live thread of ``pid`` so far, in nanoseconds
    (/proc/PID/task/*/schedstat: the scheduler's own accounting)."""
    total = 0
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                total += int(Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()[0])
    return total


def watcher(table: Path, seat: int, who: str, out: Path, profile: str, moves_fd: int = -1) -> None:
    """The watching terminal: the game screen up, then its bytes counted
    (SIGUSR1 starts the profile, SIGURG pauses it, SIGUSR2 ends it and the
    process; a byte on ``moves_fd`` plays a move of its person's, once it is theirs)."""
    from textual.drivers.headless_driver import HeadlessDriver

    counter = out.with_suffix(".bytes")
    counter.write_bytes(bytes(8))
    with counter.open("r+b") as handle:
        written = mmap.mmap(handle.fileno(), 8)  # read by this script's side as it goes, at no cost

    def write(self, data: str) -> None:
        total = int.from_bytes(written[:8], "little") + len(data.encode("utf-8", "replace"))
        written[:8] = total.to_bytes(8, "little")

    HeadlessDriver.is_headless = property(lambda self: False)  # the app renders its frames
    HeadlessDriver.write = write

    from castletui.app import Start
    from castletui.screens.game import GameScreen
    from castletui.shared import SharedApp

    profiler = cProfile.Profile(time.thread_time)  # CPU time: a busy machine does not stretch it

    async def watch() -> None:
        app = SharedApp(
            Start("join", path=table, new_game={"seat": seat}),
            who=who,
            table_dir=table.parent,
            lobby_only=True,
            bot_delay=0,
            save_dir=table.parent.parent / who,
        )
        done = asyncio.Event()
        loop = asyncio.get_running_loop()
        chooser = random.Random(seat)

        def move_here(tries: int = 100) -> None:
            # As a key plays it (GameScreen.play), once this terminal has seen that it is its move.
            screen = next(screen for screen in app.screen_stack if isinstance(screen, GameScreen))
            if screen.session.to_move() != seat:
                if tries:
                    app.set_timer(0.01, lambda: move_here(tries - 1))
                return
            screen.play(chooser.choice(screen.session.legal_actions()))

        loop.add_signal_handler(signal.SIGUSR1, lambda: profile and profiler.enable())
        loop.add_signal_handler(signal.SIGUSR2, done.set)
        if moves_fd >= 0:  # a byte on it: a move (in the app's context, as a key's)
            loop.add_reader(moves_fd, lambda: os.read(moves_fd, 1) and app.call_later(move_here))
        loop.add_signal_handler(signal.SIGURG, lambda: profile and profiler.disable())
        async with app.run_test(size=SIZE):
            while not any(isinstance(screen, GameScreen) for screen in app.screen_stack):
                await asyncio.sleep(0.05)
            await asyncio.sleep(1.0)  # its first frame drawn
            out.with_suffix(".ready").write_text("")
            await done.wait()
            if profile:
                profiler.disable()
                profiler.dump_stats(profile)
            out.write_text("done")

    asyncio.run(watch())


class Table:
    """A table's four seats, played headless from here."""

    def __init__(self, path: Path, make_table, seed: int) -> None:
        from castletui.driver import Driver
        from castletui.session import Session

        table = make_table(path)
        names = people(seed)
        self.drivers = [Driver(Session.at_table(table, seat, who)) for seat, who in enumerate(names)]
        self.rng = random.Random(seed)

    def move(self, here=None) -> bool | str:
        """One person's move (and the draws after it); False when the game is
        over. ``here(seat)`` plays the seats it takes (True: "here" is said)."""
        from castletui.driver import Person

        for driver in self.drivers:
            driver.session.sync()
        now = self.drivers[0].step()  # the draws due, before anybody decides
        if now is None or self.drivers[0].session.over:
            return False
        seat = self.drivers[0].session.to_move()
        if here is not None and here(seat):
            return "here"
        driver = self.drivers[seat]
        driver.session.sync()
        now = driver.step()
        if not isinstance(now, Person):
            return False
        action = self.rng.choice(driver.session.legal_actions())
        played = driver.acts(action)
        if played.done:
            driver.step()  # the draws the move brings, at once
        return True


def measure(options: argparse.Namespace) -> dict:
    from castletui.saves.table import Table as TableFile

    from castletui import saves
    from castletui.shared import create_table

    server = None
    store = None
    environment = dict(os.environ)
    if options.store:
        from castletui.saves.stores import open_store
        from castletui.saves.stores.shared import StoreTable

        url = options.store
        if url == "test":
            from tests.stores.server import Server

            server = Server(durable=True)
            url = server.fresh_database()
        store = open_store(url)
        environment["CASTLETUI_STORE"] = url
    try:
        with tempfile.TemporaryDirectory() as folder:
            directory = Path(folder) / "tables"
            directory.mkdir(mode=0o700)
            environment["CASTLETUI_DATA_DIR"] = folder
            paths = []
            for index in range(1 + options.tables_beside):
                players = [saves.Player(f"Seat {n + 1}") for n in range(len(NAMES))]
                names = people(index)
                made, _, _ = create_table(
                    directory, names[0], "castlecards", "multi-player", players, name=f"t{index}", store=store
                )
                for seat in range(1, len(NAMES)):
                    made.take_seat(seat, names[seat])
                paths.append(made.path)
            make = TableFile if store is None else (lambda path: StoreTable(store, Path(path).name))
            tables = [Table(path, make, index) for index, path in enumerate(paths)]
            out = Path(folder) / "watcher.json"
            moves_fd, options.moves_to = os.pipe()
            process = subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--watcher",
                    str(paths[0]),
                    str(WATCHING_SEAT),
                    NAMES[WATCHING_SEAT],
                    str(out),
                    options.profile or "",
                    str(moves_fd),
                ],
                env=environment,
                pass_fds=(moves_fd,),
            )
            try:
                return watch_moves(options, process, out, tables)
            finally:
                if process.poll() is None:
                    process.kill()
    finally:
        if store is not None:
            store.close()
        if server is not None:
            server.stop()


def watch_moves(options: argparse.Namespace, process: subprocess.Popen, out: Path, tables: list) -> dict:
    deadline = time.monotonic() + 60
    while not out.with_suffix(".ready").exists():
        if time.monotonic() > deadline or process.poll() is not None:
            raise SystemExit("the watching terminal did not open its game")
        time.sleep(0.1)
    pid = process.pid

    def written() -> int:
        return int.from_bytes(out.with_suffix(".bytes").read_bytes()[:8], "little")

    time.sleep(1.0)
    started, cpu = time.monotonic(), thread_cpu_ns(pid)
    time.sleep(options.idle)
    idle_per_second = (thread_cpu_ns(pid) - cpu) / (time.monotonic() - started) / 1e6  # ms per s
    if options.role == "watcher":
        process.send_signal(signal.SIGUSR1)
    per_move, per_move_less_idle, bytes_per_move, own = [], [], [], []
    gap = options.every / len(tables)
    watched = tables[0]

    def here(seat: int) -> bool:
        # The terminal's person moves: told to, then waited for (the table's ply grows).
        if options.role != "mover" or seat != WATCHING_SEAT:
            return False
        session = watched.drivers[0].session
        start, deadline = session.ply, time.monotonic() + 10
        process.send_signal(signal.SIGUSR1)  # the profile: its own moves only
        os.write(options.moves_to, b"m")
        while session.ply == start:
            if time.monotonic() > deadline:
                raise SystemExit("the moving terminal did not move")
            time.sleep(0.005)
            session.sync()
        return True

    def measured() -> bool:
        # A mover also needs one move of another seat: its own person may move several times in a row.
        if options.role == "mover":
            return len(own) >= options.moves and bool(per_move)
        return len(per_move) >= options.moves

    while not measured():
        moment, cpu, sent = time.monotonic(), thread_cpu_ns(pid), written()
        moved = None
        for index, table in enumerate(tables):
            played = table.move(here if index == 0 else None)
            if not played:
                raise SystemExit("a game ended: fewer --moves")
            moved = played if index == 0 else moved
            time.sleep(max(0.0, moment + gap * (index + 1) - time.monotonic()))
        spent = (thread_cpu_ns(pid) - cpu) / 1e6
        if moved == "here":
            process.send_signal(signal.SIGURG)
            own.append(spent)
            continue
        per_move.append(spent)
        per_move_less_idle.append(spent - idle_per_second * (time.monotonic() - moment))
        bytes_per_move.append(written() - sent)
    process.send_signal(signal.SIGUSR2)
    process.wait(timeout=60)
    return {
        "idle_ms_per_s": idle_per_second,
        "per_move": per_move,
        "per_move_less_idle": per_move_less_idle,
        "bytes": bytes_per_move,
        "own": own,
    }


def idle_per_second_times(result: dict, options: argparse.Namespace) -> float:
    """What idling costs over one move's time, in ms."""
    return result["idle_ms_per_s"] * options.every


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


def print_profile(path: str, lines: int) -> None:
    for order in ("tottime", "cumulative"):
        print(f"--- the terminal's profile by {order} ---")
        pstats.Stats(path).strip_dirs().sort_stats(order).print_stats(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="moves at the watched table")
    parser.add_argument("--every", type=float, default=0.5, help="seconds between a table's moves")
    parser.add_argument("--tables", type=int, default=1, help="tables in all, the watched one first")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of nobody moving, first")
    parser.add_argument(
        "--role", choices=("watcher", "mover"), default="watcher", help="what the terminal is"
    )
    parser.add_argument("--store", default="", help="test (the tests' PostgreSQL, started here) or a URL")
    parser.add_argument("--profile", default="", help="the watcher's cProfile over the moves, to this file")
    parser.add_argument("--profile-lines", type=int, default=25)
    parser.add_argument("--watcher", nargs=6, help=argparse.SUPPRESS)
    parser.add_argument("--quick", action="store_true", help=QUICK)
    options = parser.parse_args()
    if options.watcher:
        table, seat, who, out, profile, moves_fd = options.watcher
        watcher(Path(table), int(seat), who, Path(out), profile, int(moves_fd))
        return
    if options.quick:
        options.moves, options.idle, options.every = 3, 1.0, 0.3
    options.tables_beside = max(0, options.tables - 1)
    load = os.getloadavg()[0]
    result = measure(options)
    moves = result["per_move"]
    print(
        f"a watching castletui (80x24, Castlecards, 4 seats), {options.tables} table(s) moving every "
        f"{options.every:g} s, {'PostgreSQL' if options.store else 'the file store'}; load {load:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after ({os.cpu_count()} CPUs)"
    )
    print(f"  nobody moving: {result['idle_ms_per_s']:.2f} ms of CPU a second")
    print(
        f"  per move at its table: CPU median {statistics.median(moves):.1f} ms, p90 {p90(moves):.1f} ms "
        f"(n={len(moves)}); less idling: median {statistics.median(result['per_move_less_idle']):.1f} ms; "
        f"{statistics.median(result['bytes']):.0f} bytes to the terminal (median)"
    )
    if result["own"]:
        own = result["own"]
        print(
            f"  per move of its own person's: CPU median {statistics.median(own):.1f} ms, "
            f"p90 {p90(own):.1f} ms (n={len(own)}); less idling: median "
            f"{statistics.median(own) - idle_per_second_times(result, options):.1f} ms"
        )
    if options.profile:
        print_profile(options.profile, options.profile_lines)


if __name__ == "__main__":
    main()
