"""Stepping back and forward at the end of a 1,000-action game (issue 29,
item 4: "instant", under 50 ms), for every game.

    .venv/bin/python benchmarks/replay.py [--plies 1000] [--repeats 41]

For each game, a seeded save of ``--plies`` actions (benchmarks/save_cost.py's
long games: Castle Raisers ends sooner, at the longest game the seeds give)
is written, then:

- **open**: ``Replay.open`` (read, decode, replay and check the save once;
  every state is kept), median ms;
- **step**: one step back then forward at the end, headless
  (``Replay.step``: the view, the log lines, the spot and the score, with
  the replay's caches emptied before each step, so each is worked out
  anew), median ms per step;
- **screen**: the same on the replay screen at 80x24 (``show_step``, then
  each board and panel drawn: what a key press costs before the terminal
  is written), median ms per step;
- **key**: a Left or Right key through Textual's Pilot until the app is
  idle again, in CPU ms of this process (a busy machine's waits for a core
  left out): the whole frame, layout and every line of the screen drawn,
  and the harness's own work; **idle**: the same for a key nothing is bound
  to (the harness alone). key - idle is what a step costs the app.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from save_cost import LONGEST, long_game  # noqa: E402

from castletui import saves  # noqa: E402
from castletui.app import CastleApp, Start  # noqa: E402
from castletui.replay import Replay  # noqa: E402


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def open_times(path: Path, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        Replay.open(path)
        times.append(time.perf_counter() - started)
    return median_ms(times)


def step_times(replay: Replay, repeats: int) -> float:
    times = []
    end = replay.plies
    for index in range(repeats):
        replay._lines.clear()
        replay._standings.clear()
        ply = end - 1 if index % 2 == 0 else end
        started = time.perf_counter()
        replay.step(ply)
        times.append(time.perf_counter() - started)
    return median_ms(times)


async def screen_times(path: Path, repeats: int) -> tuple[float, float]:
    replay = Replay.open(path)
    app = CastleApp(Start("replay", new_game={"replay": replay}), save_dir=path.parent, bot_delay=0)
    drawn, keys = [], []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(500):
            await pilot.pause()
            # the screen shown and its turns listed (mounted), not just pushed
            turns = app.screen.query("#replay-turns")
            if type(app.screen).__name__ == "ReplayScreen" and turns and turns.first().option_count:
                break
        else:
            raise RuntimeError("the replay screen never showed")
        screen = app.screen
        widgets = [widget for widget in screen.query("*") if widget.display and widget.region.area]
        for index in range(repeats):
            screen.ply = replay.plies - 1 if index % 2 == 0 else replay.plies
            started = time.perf_counter()
            screen.show_step()
            for widget in widgets:
                widget.render()
            drawn.append(time.perf_counter() - started)
        idle = []
        for index in range(repeats):
            started = time.process_time()
            await pilot.press("left" if index % 2 == 0 else "right")
            keys.append(time.process_time() - started)
            started = time.process_time()
            await pilot.press("z")  # a key nothing is bound to: the harness's own cost
            idle.append(time.process_time() - started)
    return median_ms(drawn), median_ms(keys), median_ms(idle)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plies", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=41)
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    if args.quick:
        args.plies, args.repeats = 40, 1
    print(
        f"{'game':<18}{'actions':>8}{'open ms':>9}{'step ms':>9}{'screen ms':>11}{'key ms':>8}{'idle ms':>9}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for game_id in LONGEST:
            save, _ = long_game(game_id, args.plies)
            path = Path(folder) / f"{game_id}.toml"
            saves.dump(save, path)
            replay = Replay.open(path)
            opened = open_times(path, 5)
            stepped = step_times(replay, args.repeats)
            drawn, key, idle = asyncio.run(screen_times(path, args.repeats))
            print(
                f"{game_id:<18}{replay.plies:>8}{opened:>9.1f}{stepped:>9.2f}{drawn:>11.2f}{key:>8.1f}{idle:>9.1f}"
            )


if __name__ == "__main__":
    main()
