"""Reviewing a game (issue 47): how long a review takes, and how honest its
chances are.

    .venv/bin/python benchmarks/review.py [--budget 48] [--workers 2] [--repeats 3]
        [--games 50] [--calibrate castlecards,catapult-castle,got-catan,castle-raisers]

- **speed**: a seeded Castlecards game of two normal bots and a seeded
  4-player A Game of Thrones Catan game of normal bots, each reviewed whole
  (every seat, no cache) at ``--budget`` rounds a decision on ``--workers``
  processes; the median wall time of ``--repeats`` reviews, with the number
  of decisions and chance steps reviewed.
- **calibration**: ``--games`` seeded games of normal bots of each game in
  ``--calibrate``, each reviewed whole; every decision's chance (the seat's,
  before its choice) against whether that seat won: the Brier score (0 is
  perfect; always saying 1/seats scores the "base" line printed beside it)
  and a reliability table by decile (predicted, observed, count).

``--quick``: short games, a budget of 2, one game of Castlecards.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from castletui.rules.core import CHANCE  # noqa: E402
from castletui.rules.core.review import DEFAULT_BUDGET  # noqa: E402

from castletui import review, saves  # noqa: E402
from castletui.replay import Replay  # noqa: E402
from castletui.session import Session  # noqa: E402

SPEED = (("castlecards", "two-player", 2), ("got-catan", "base", 4))
CALIBRATION = {
    "castlecards": ("two-player", 2),
    "catapult-castle": ("standard", 2),
    "got-catan": ("base", 4),
    "castle-raisers": ("competitive", 3),
}


def played(folder: Path, game: str, variant: str, seats: int, seed: int, plies: int | None) -> Path:
    """A seeded game of normal bots, saved; its path."""
    path = folder / f"{game}-{seed}.toml"
    players = [saves.Player(f"Bot{n + 1}", "bot", "normal") for n in range(seats)]
    session = Session.new(game, variant, players, seed=seed, path=path)
    while session.to_move() is not None and (plies is None or session.ply < plies):
        if session.to_move() == CHANCE:
            session.draw()
        else:
            session.bot_plays(session.bot_decision())
    return path


def _cpu() -> float:
    """CPU seconds of this process and its ended children (the pool's)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def speed(folder: Path, args: argparse.Namespace) -> None:
    print(f"Speed: a whole review, every seat, {args.budget} rounds a decision, {args.workers} workers")
    for game, variant, seats in SPEED:
        path = played(folder, game, variant, seats, seed=11, plies=60 if args.quick else None)
        replay = Replay.open(path, None if args.quick else "all")  # a game going on: the first seat's eyes
        times, cpu = [], []
        for _ in range(args.repeats):
            start, used = time.perf_counter(), _cpu()
            report = review.analyse(replay, args.budget, workers=args.workers, use_cache=False)
            times.append(time.perf_counter() - start)
            cpu.append(_cpu() - used)
        assert report is not None
        # CPU seconds (this process and its workers) over the workers: the wall time on idle cores.
        print(
            f"  {game} ({seats} players, {replay.plies} steps): median {statistics.median(times):.1f} s "
            f"of {args.repeats} (CPU {statistics.median(cpu):.1f} s: {statistics.median(cpu) / args.workers:.1f} s "
            f"on {args.workers} idle cores); {len(report.decisions)} decisions, {len(report.moves)} chance moves"
        )


def calibration(folder: Path, args: argparse.Namespace) -> None:
    print(f"Calibration: {args.games} games of normal bots a game, {args.budget} rounds a decision")
    for game in args.calibrate.split(","):
        variant, seats = CALIBRATION[game]
        pairs: list[tuple[float, float]] = []
        for seed in range(1, args.games + 1):
            path = played(folder, game, variant, seats, seed=1000 + seed, plies=None)
            replay = Replay.open(path, "all")
            report = review.analyse(replay, args.budget, workers=args.workers, use_cache=False)
            assert report is not None and report.final
            pairs += [(decision.before, report.final[decision.seat]) for decision in report.decisions]
        if not pairs:
            print(f"  {game}: no decision reviewed")
            continue
        brier = statistics.fmean((p - won) ** 2 for p, won in pairs)
        base = statistics.fmean((1 / seats - won) ** 2 for _, won in pairs)
        print(f"  {game} ({seats} players): Brier {brier:.3f} (base {base:.3f}) over {len(pairs)} decisions")
        for decile in range(10):
            inside = [
                (p, won)
                for p, won in pairs
                if decile / 10 <= p < (decile + 1) / 10 or (decile == 9 and p == 1)
            ]
            if inside:
                predicted = statistics.fmean(p for p, _ in inside)
                observed = statistics.fmean(won for _, won in inside)
                print(
                    f"    {decile * 10:3d}-{decile * 10 + 10}%: predicted {predicted:.2f}, won {observed:.2f}, n {len(inside)}"
                )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--calibrate", default=",".join(CALIBRATION))
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-calibration", action="store_true")
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    if args.quick:
        args.budget, args.repeats, args.games, args.calibrate = 2, 1, 1, "castlecards"
    with tempfile.TemporaryDirectory() as folder:
        if not args.skip_speed:
            speed(Path(folder), args)
        if not args.skip_calibration:
            calibration(Path(folder), args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
