"""Castle Raisers co-operative and solo bots: how often a team of bots wins.

Plays seeded games with every seat a bot at one level (default: hard) at the
default difficulty (one Threat card each, no house rules) and prints, per
player count, the win rate, the mean team score against the wolves' score to
beat, how many games were lost on a Threat card, and the bot's decision time
(median and 95th percentile, in ms, over every decision that had a choice).

    .venv/bin/python benchmarks/castle_raisers_coop.py [--games 200] [--seats 1 2 3 4] [--level hard]
    .venv/bin/python benchmarks/castle_raisers_coop.py --decision-times
    .venv/bin/python benchmarks/castle_raisers_coop.py --think-ms 250 --seats 3 4

``--think-ms`` gives every bot decision the thinking time the app gives
(``castletui.app.BOT_THINKING_TIME``): on a machine too slow to finish the
hard bot's work in it, this is the strength its players get. Without it the
work decides alone, and a seed plays the same game on every machine.

``--decision-times`` prints only how long the bots take to decide, against
their targets (these were timing asserts in the tests; a test does not time):
the competitive bot at level hard in a 4-player game (median under 100 ms,
worst under 500 ms) and the co-op bot at level normal, solo and with 2
players (median under 5 ms, worst under 250 ms).

Chance is drawn as the app draws it (``chance_rng(seed, ply)``), so a seed
always plays the same game; a game with seed ``s`` here is the game the app
would play with seed ``s`` and bots in every seat.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import castletui.rules.castle_raisers as game  # noqa: E402
from castletui.rules.castle_raisers.queries import threat_report, wolves_score  # noqa: E402
from castletui.rules.core import CHANCE, Config, bots, chance_rng, sample_outcome  # noqa: E402
from castletui.rules.core.bots import thinking_time  # noqa: E402


def play(
    seats: int,
    seed: int,
    level: str,
    times: list[float],
    cpu: list[float] | None = None,
    drafts: list[float] | None = None,
    think: float | None = None,
) -> tuple[bool, float, bool]:
    """One seeded bot game: (won, team score, lost on a Threat card). Every decision
    that had a choice adds its time to ``times`` (wall clock, ms) and ``cpu`` (the
    process's own CPU time, ms: what the bot costs on a machine busy with other work);
    a draft's CPU time also goes to ``drafts`` (the hard bot's searched decisions: most
    other decisions take well under a millisecond, so they alone say what a player waits).
    ``think``: each decision's thinking time in seconds, as the app gives it (None: no limit)."""
    variant = "solo" if seats == 1 else "cooperative"
    state = game.setup(Config(variant, seats))
    rng = random.Random(seed)
    ply = 0
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            choices = len(game.legal_actions(state))
            drafting = state.pending[-1].kind == "draft"
            started, started_cpu = time.perf_counter(), time.process_time()
            with thinking_time(think):
                action = bots.choose(game, state, level, rng)
            if choices > 1:
                times.append((time.perf_counter() - started) * 1000)
                if cpu is not None:
                    cpu.append((time.process_time() - started_cpu) * 1000)
                if drafts is not None and drafting:
                    drafts.append((time.process_time() - started_cpu) * 1000)
        state = game.apply(state, action)
        ply += 1
    result = game.result(state)
    failed = any(not met for _, _, met in threat_report(state))
    return bool(result.winners), sum(result.scores), failed


Outcome = tuple[bool, float, bool, list[float], list[float], list[float]]


def _play_one(job: tuple[int, int, str, float | None]) -> Outcome:
    """A worker's game (``--jobs``): its outcome and its decision times."""
    seats, seed, level, think = job
    times: list[float] = []
    cpu: list[float] = []
    drafts: list[float] = []
    won, score, failed = play(seats, seed, level, times, cpu, drafts, think)
    return won, score, failed, times, cpu, drafts


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def decision_times(variant: str, seats: int, level: str, seed: int, limit: int = 10_000) -> list[float]:
    """The bot's decision times (ms) along one seeded game, every seat a bot at ``level``."""
    state = game.setup(Config(variant, seats))
    rng = random.Random(seed)
    times: list[float] = []
    ply = 0
    while game.to_move(state) is not None and ply < limit:
        if game.to_move(state) == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            started = time.perf_counter()
            action = bots.choose(game, state, level, rng)
            times.append((time.perf_counter() - started) * 1000)
        state = game.apply(state, action)
        ply += 1
    return sorted(times)


def print_decision_times() -> None:
    print("Castle Raisers bot decision times (ms)")
    print(f"  {'game':<16} {'level':<7} {'median':>7} {'worst':>7}   target")
    for variant, seats, level, seed, limit, target in (
        ("competitive", 4, "hard", 2, 600, "median < 100, worst < 500"),
        ("solo", 1, "normal", 4, 10_000, "median < 5, worst < 250"),
        ("cooperative", 2, "normal", 4, 10_000, "median < 5, worst < 250"),
    ):
        times = decision_times(variant, seats, level, seed, limit)
        game_name = f"{variant} {seats}p"
        print(f"  {game_name:<16} {level:<7} {times[len(times) // 2]:>7.2f} {times[-1]:>7.1f}   {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games per player count")
    parser.add_argument("--seats", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, in worker processes")
    parser.add_argument("--decision-times", action="store_true", help="only the bots' decision times")
    parser.add_argument("--think-ms", type=float, help="each decision's thinking time, as the app gives it")
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    if args.quick:
        args.games, args.seats, args.level = 1, [1], "normal"
    if args.decision_times:
        print_decision_times()
        return
    print(
        f"Castle Raisers co-op/solo bots, level {args.level}, {args.games} games per player count "
        f"(seeds {args.first_seed}-{args.first_seed + args.games - 1}, {args.jobs} at once"
        + (f", {args.think_ms:g} ms to think)" if args.think_ms is not None else ")")
    )
    print(
        f"  {'players':>7} {'won':>6} {'mean team':>10} {'target':>6} {'threat lost':>11}"
        f" {'ms median':>9} {'p95':>6} {'cpu median':>10} {'p95':>6} {'draft cpu median':>16} {'p95':>6}"
    )
    # every game of every player count goes to the workers at once, so none waits for a
    # player count's last game; the results come back in order
    seeds = range(args.first_seed, args.first_seed + args.games)
    think = None if args.think_ms is None else args.think_ms / 1000
    jobs = [(seats, seed, args.level, think) for seats in args.seats for seed in seeds]
    results = []
    with multiprocessing.Pool(args.jobs) as pool:
        for (seats, *_), outcome in zip(jobs, pool.imap(_play_one, jobs), strict=True):
            results.append(outcome)
            played = len(results)
            if played % 10 == 0 and played < args.games:
                # long runs: a running tally, so a stopped run still says something
                wins = sum(won for won, *_ in results)
                mean = statistics.mean(score for _, score, *_ in results)
                print(f"    ... {seats} players, {played} games: won {wins}, mean {mean:.1f}", flush=True)
            if played == args.games:
                _report(seats, results)
                results = []


def _report(seats: int, results: list[Outcome]) -> None:
    """One player count's line: win rate, mean team score, Threat losses, decision times."""
    times = [t for *_, game_times, _, _ in results for t in game_times]
    cpu = [t for *_, game_cpu, _ in results for t in game_cpu]
    drafts = [t for *_, game_drafts in results for t in game_drafts] or [0.0]
    wins = sum(won for won, *_ in results)
    print(
        f"  {seats:>7} {wins / len(results):>6.0%} {statistics.mean(score for _, score, *_ in results):>10.1f}"
        f" {wolves_score(seats):>6} {sum(failed for _, _, failed, *_ in results):>11}"
        f" {statistics.median(times):>9.1f} {_percentile(times, 0.95):>6.1f}"
        f" {statistics.median(cpu):>10.1f} {_percentile(cpu, 0.95):>6.1f}"
        f" {statistics.median(drafts):>16.1f} {_percentile(drafts, 0.95):>6.1f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
