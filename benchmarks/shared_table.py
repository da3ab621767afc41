"""How soon another terminal shows a move on a shared table (issue 13's
target: within 300 ms, median over 50 moves, two processes on one machine).

    .venv/bin/python benchmarks/shared_table.py [--moves 50] [--polling]

Two castletui processes (headless apps driven by Pilot, each at its own
seat of one Castlecards table) play until the table has the given number of
moves, each pressing Enter on its own decisions. Each records the wall-clock
time it committed a move and the time its screen had redrawn a move that the
other made (after the refresh that paints it). The latency of a move is the
second minus the first; the median, 90th percentile and worst are printed.
``--polling`` turns inotify off (the fallback's figure).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def terminal(table: Path, seat: int, who: str, moves: int, out: Path, polling: bool) -> None:
    """One player's castletui: play our seat, note commit and redraw times."""
    import castletui.shared as shared
    from castletui.app import Start
    from castletui.screens.game import GameScreen
    from castletui.session import Session

    if polling:
        shared._inotify_library = lambda: None
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

    async def play() -> None:
        app = shared.SharedApp(
            Start("join", path=table, new_game={"seat": seat}),
            who=who,
            table_dir=table.parent,
            bot_delay=0,
            save_dir=table.parent / who,
        )
        async with app.run_test(size=(100, 34)) as pilot:
            for _ in range(100_000):
                await pilot.pause()
                screens = [s for s in app.screen_stack if isinstance(s, GameScreen)]
                session = screens[-1].session if screens else None
                if session is None or session.over or session.ply >= moves:
                    await asyncio.sleep(0.5)  # the last redraws
                    break
                screen = screens[-1]
                if app.screen is screen and screen.choice_list and session.to_move() == seat:
                    await pilot.press("enter")
                else:
                    await asyncio.sleep(0.005)

    asyncio.run(play())
    out.write_text(json.dumps({"committed": committed, "shown": shown}))


def measure(moves: int, polling: bool) -> list[float]:
    import saves
    from castletui.shared import create_table
    from saves.table import Table

    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder) / "tables"
        directory.mkdir(mode=0o700)
        players = [saves.Player("Seat 1"), saves.Player("Seat 2")]
        table, _, _ = create_table(directory, "ann", "castlecards", "two-player", players)
        Table(table.path).take_seat(1, "bo")
        outputs = [Path(folder) / f"seat{seat}.json" for seat in (0, 1)]
        environment = dict(os.environ, CASTLETUI_DATA_DIR=folder)
        processes = [
            subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--terminal",
                    str(seat),
                    str(table.path),
                    who,
                    str(moves),
                    str(out),
                ]
                + (["--polling"] if polling else []),
                env=environment,
            )
            for seat, who, out in zip((0, 1), ("ann", "bo"), outputs, strict=True)
        ]
        for process in processes:
            process.wait(timeout=600)
        timings = [json.loads(out.read_text()) for out in outputs]
    latencies = []
    for mover, watcher in ((0, 1), (1, 0)):
        committed, shown = timings[mover]["committed"], timings[watcher]["shown"]
        latencies += [(int(ply), shown[ply] - committed[ply]) for ply in committed if ply in shown]
    return [latency for _, latency in sorted(latencies)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=50)
    parser.add_argument("--polling", action="store_true", help="without inotify")
    parser.add_argument("--terminal", nargs=5, metavar=("SEAT", "TABLE", "WHO", "MOVES", "OUT"))
    args = parser.parse_args()
    if args.terminal:
        seat, table, who, moves, out = args.terminal
        terminal(Path(table), int(seat), who, int(moves), Path(out), args.polling)
        return
    # A move is any the other terminal made (a decision, or a draw it played
    # first); play on far enough for that many, and take the first ones.
    latencies = measure(args.moves * 3, args.polling)[: args.moves]
    if not latencies:
        print("no move was seen by the other terminal")
        return
    milliseconds = sorted(value * 1000 for value in latencies)
    ninetieth = milliseconds[int(len(milliseconds) * 0.9) - 1]
    kind = "polling" if args.polling else "inotify"
    print(
        f"shared table ({kind}): another terminal shows a move in {statistics.median(milliseconds):.0f} ms "
        f"median, {ninetieth:.0f} ms 90th percentile, {max(milliseconds):.0f} ms worst "
        f"({len(milliseconds)} moves; target: 300 ms median)"
    )


if __name__ == "__main__":
    main()
