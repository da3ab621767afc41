"""Reviewing a game (issue 47): how long a review takes, and how honest its
chances are.

    .venv/bin/python benchmarks/review.py [--budget 48] [--workers 2] [--repeats 3]
        [--games 50] [--minutes 15] [--every 5] [--calibrate castlecards,catapult-castle,got-catan,castle-raisers]

- **speed**: a seeded Castlecards game of two normal bots and a seeded
  4-player A Game of Thrones Catan game of normal bots, each reviewed whole
  (every seat, no cache) at ``--budget`` rounds a decision on ``--workers``
  processes; the median wall time of ``--repeats`` reviews, with the number
  of decisions and chance steps reviewed.
- **calibration**: ``--games`` seeded games of normal bots of each game in
  ``--calibrate`` (or as many as fit each game's share of ``--minutes`` of
  CPU), one decision in ``--every`` of each reviewed in this process; each
  such decision's chance (the seat's, before its choice) against whether
  that seat won: the Brier score (0 is
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
from castletui.rules.core import review as rules_review  # noqa: E402
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


def sampled(path: Path, every: int) -> tuple[Replay, list]:
    """One decision in ``every`` of a saved game (its seats' and plies in
    turn, from the first), as the seats saw them: the ones to review."""
    replay = Replay.open(path, "all")
    plies = [ply for ply in range(1, replay.plies + 1) if replay.to_move_at(ply - 1) not in (None, CHANCE)]
    return replay, plies[::every]


def calibration(folder: Path, args: argparse.Namespace) -> None:
    """Per game, seeded games until ``--games`` or its share of ``--minutes``
    of CPU (this process alone: the decisions are reviewed here, one worker),
    one decision in ``--every`` of each reviewed: more games for the time,
    and the games, not the decisions, are what is independent."""
    games = args.calibrate.split(",")
    share = args.minutes * 60 / len(games) if args.minutes else None
    print(
        f"Calibration: up to {args.games} games of normal bots a game"
        + (f" or {share:.0f} CPU seconds" if share else "")
        + f", {args.budget} rounds a decision, one decision in {args.every}"
    )
    for game in games:
        variant, seats = CALIBRATION[game]
        pairs: list[tuple[float, float]] = []
        start, played_games = _cpu(), 0
        for seed in range(1, args.games + 1):
            if share is not None and _cpu() - start > share:
                break
            path = played(folder, game, variant, seats, seed=1000 + seed, plies=None)
            replay, plies = sampled(path, args.every)
            final = review.final_shares(replay)
            assert final is not None
            for ply in plies:
                decision = rules_review.review_decision(
                    replay.game, replay.states[ply - 1], replay.actions[ply - 1], ply, args.budget
                )
                if decision is not None:
                    pairs.append((decision.before, final[decision.seat]))
            played_games += 1
        used = _cpu() - start
        if not pairs:
            print(f"  {game}: no decision reviewed")
            continue
        brier = statistics.fmean((p - won) ** 2 for p, won in pairs)
        base = statistics.fmean((1 / seats - won) ** 2 for _, won in pairs)
        print(
            f"  {game} ({seats} players): Brier {brier:.3f} (base {base:.3f}) over {played_games} games, "
            f"{len(pairs)} decisions, budget {args.budget}; {used:.0f} CPU seconds"
        )
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
        sys.stdout.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--calibrate", default=",".join(CALIBRATION))
    parser.add_argument("--every", type=int, default=1, help="calibration: review one decision in EVERY")
    parser.add_argument(
        "--minutes", type=float, default=0, help="calibration: CPU minutes in all (0: no limit)"
    )
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
