"""What a move costs in each table store (saves/stores), headless: no
terminal, no SSH, the store alone.

For the file store (a folder of table files) and the PostgreSQL store, with
one writer committing Castlecards moves one after another at one table:

- commit: the time one commit takes (read, judge, write), its median and
  p90, and so the commits a second one table can take from one writer;
- reaches a watcher: from the commit's start to the watch the app uses
  waking in another thread (the file's inotify watch; the store's
  LISTEN on a connection of its own, as a second host's), median and p90.

    python benchmarks/stores.py                       the tests' PostgreSQL, started here
    python benchmarks/stores.py --store postgresql://...   your own (a database for it alone)
    python benchmarks/stores.py --quick               a smoke run

The server started here is the tests' (a temporary folder, the pgserver
wheel's PostgreSQL), with fsync at each commit as a real server has it; the
file store fsyncs each move too. Your own server's figures are the ones to
quote for a deployment (a network round trip is added to each).
"""

from __future__ import annotations

import argparse
import contextlib
import queue
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from castletui.saves.stores import open_store  # noqa: E402
from castletui.saves.stores.files import FileStore  # noqa: E402

from castletui.watch import StoreWatch, TableWatcher  # noqa: E402
from tests.stores.playing import NoMove, new_table, next_move  # noqa: E402
from tests.stores.server import Server  # noqa: E402


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def watcher_of(store, table: str, after: int):
    """What the app watches a table with: the file's inotify watch
    (castletui/watch.py's TableWatcher), or the store's notifications."""
    if isinstance(store, FileStore):
        return TableWatcher(Path(table))
    return StoreWatch(store, table, after)


def measure(url: str, moves: int) -> dict[str, list[float]]:
    writer, reader = open_store(url), open_store(url)
    commits: list[float] = []
    reached: list[float] = []
    table = new_table(writer)
    try:
        while len(commits) < moves:
            wakes: queue.Queue[float] = queue.Queue()
            watch = watcher_of(reader, table, writer.read(table)[0].check.plies)

            def follow(watch=watch, wakes=wakes) -> None:
                for _ in watch.changes():
                    wakes.put(time.perf_counter())

            thread = threading.Thread(target=follow, daemon=True)
            thread.start()
            time.sleep(0.2)  # the watch in place
            while len(commits) < moves:
                try:
                    save, new, who = next_move(writer, table)
                except NoMove:
                    break  # the game is over: the next move at a new table
                while not wakes.empty():
                    wakes.get()
                start = time.perf_counter()
                writer.commit(table, save.check, new, who)
                commits.append(time.perf_counter() - start)
                with contextlib.suppress(queue.Empty):  # a wake-up lost is a move not counted
                    reached.append(wakes.get(timeout=2) - start)
                time.sleep(0.03)  # moves apart: a watch gathers a burst of events into one
            watch.stop()
            thread.join(5)
            table = new_table(writer)
    finally:
        writer.close()
        reader.close()
    return {"commit": commits, "reaches a watcher": reached}


def report(name: str, figures: dict[str, list[float]]) -> None:
    for what, values in figures.items():
        if not values:
            continue
        p50, p90 = statistics.median(values) * 1000, percentile(values, 0.9) * 1000
        line = f"{name:<12} {what:<18} median {p50:7.2f} ms   p90 {p90:7.2f} ms   ({len(values)} moves)"
        if what == "commit":
            line += f"   {1000 / p50:6.0f} commits/s"
        print(line, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--store", metavar="URL", help="a PostgreSQL store of your own (default: one started here)"
    )
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    moves = 20 if args.quick else args.moves
    with tempfile.TemporaryDirectory() as folder:
        report("files", measure(str(Path(folder) / "tables"), moves))
    server = None if args.store else Server(durable=True)
    try:
        report("postgresql", measure(args.store or server.fresh_url(), moves))
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
