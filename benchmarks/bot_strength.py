"""How strong the hard bot is: seeded games of one hard bot against normal bots.

    .venv/bin/python benchmarks/bot_strength.py GAME VARIANT --seats N --games G [--seed S] [--jobs J] [--budget B]
    .venv/bin/python benchmarks/bot_strength.py castlecards two-player --seats 2 --games 40 --jobs 1

Game ``i`` uses seed ``S + i``; the hard bot sits at seat ``i mod N`` (every
seat in turn, so who starts does not decide), normal bots everywhere else.
Chance is drawn as the app draws it (``chance_rng(seed, ply)``) and every
bot gets the app's ``random.Random(f"{seed}:bot:{ply}")``; the hard bot
searches ``--budget`` rounds (default: its game's own), never a time, so
a seed plays the same game on every machine. ``--level`` measures another
level in the hard bot's place (``--level easy --against normal``).

A co-operative variant seats hard bots everywhere (a team has no rival to
beat) and reports how often the team wins and its mean score; ``--team
normal`` plays the same seeds with normal bots for the comparison. Castle
Raisers' co-op search reads ``--budget`` as playouts a searched decision
(a tile choice, a line pick); what the app's thinking time buys on a
machine is about the playouts its decisions finish in that time.

It prints the hard bot's decision time (median and 95th percentile of the
wall time of every decision with a choice; on a busy machine say so), and
``--think-ms T`` plays the app's way instead: every decision gets T ms of
thinking time and no work budget (the decision times to hold against the
app's thinking time, and how far past it they go, p50 and p99; a seed then
plays the same only on an idle machine). ``--progress`` prints each game's
outcome as it ends, so a long run cut short still says what it played.

Last, the line the issue asks for::

    GAME VARIANT Np: hard won W of G (P%, 95% CI LO-HI%) against normal

with a Wilson score interval.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from castletui.rules import registry  # noqa: E402
from castletui.rules.core import CHANCE, Config, bots, chance_rng, sample_outcome  # noqa: E402
from castletui.rules.core.search import work_budget  # noqa: E402

PLY_LIMIT = 20_000


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` in ``games`` (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], share: float) -> float:
    """The value ``share`` of the way up ``values`` (sorted)."""
    return values[min(len(values) - 1, int(share * len(values)))]


def play(
    job: tuple[str, str, int, int, int, int | None, str, float | None, str],
) -> tuple[bool, float, list[float], bool]:
    """One seeded game: (the measured seat won, its score, its decision times, finished)."""
    game_id, variant, seats, seed, hard_seat, budget, others, think, level = job
    game = registry.get(game_id)
    coop = variant in ("cooperative", "solo")
    levels = [others] * seats  # co-op: the whole team at one level
    if not coop:
        levels[hard_seat] = level
    state = game.setup(Config(variant, seats))
    times: list[float] = []
    with work_budget(None if think is not None else budget):
        for ply in range(PLY_LIMIT):
            seat = game.to_move(state)
            if seat is None:
                break
            if seat == CHANCE:
                action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
            else:
                rng = random.Random(f"{seed}:bot:{ply}")
                started = time.perf_counter()
                action = bots.choose(game, state, levels[seat], rng, think)
                if (coop or seat == hard_seat) and len(game.legal_actions(state)) > 1:
                    times.append(time.perf_counter() - started)
            state = game.apply(state, action)
    result = game.result(state)
    finished = game.to_move(state) is None
    won = bool(result.winners) and (
        all(s in result.winners for s in range(seats)) if coop else hard_seat in result.winners
    )
    # co-op: the team's total (what beats the wolves' score), else the hard seat's own
    score = sum(result.scores) if coop else (result.scores[hard_seat] if result.scores else 0)
    return won, float(score), times, finished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("variant", nargs="?")
    parser.add_argument("--seats", type=int)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--budget", type=int, default=None, help="search rounds per decision (default: the game's)"
    )
    parser.add_argument("--level", default="hard", help="the measured seat's level")
    parser.add_argument("--against", default="normal", help="the other seats' level")
    parser.add_argument("--team", default="hard", help="co-op: the whole team's level")
    parser.add_argument(
        "--think-ms",
        type=float,
        default=None,
        help="the app's way: each decision gets this thinking time and no budget (then a seed "
        "plays the same only on an idle machine of the same speed); for decision times",
    )
    parser.add_argument("--progress", action="store_true", help="a line per game as it ends")
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    if args.quick:
        args.game, args.variant, args.seats = args.game or "castlecards", args.variant or "two-player", 2
        args.games, args.budget = 2, 1
    elif not (args.game and args.variant and args.seats):
        parser.error("GAME, VARIANT and --seats are needed (or --quick)")
    coop = args.variant in ("cooperative", "solo")
    others = args.team if coop else args.against
    jobs = [
        (
            args.game,
            args.variant,
            args.seats,
            args.seed + i,
            i % args.seats,
            args.budget,
            others,
            None if args.think_ms is None else args.think_ms / 1000,
            args.level,
        )
        for i in range(args.games)
    ]
    started = time.monotonic()
    outcomes = []
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
        played = pool.imap(play, jobs, chunksize=1) if pool else map(play, jobs)
        for job, outcome in zip(jobs, played, strict=True):
            outcomes.append(outcome)
            if args.progress:  # a long run stopped early still says what it played
                wins = sum(won for won, _, _, _ in outcomes)
                print(
                    f"game {len(outcomes)} (seed {job[3]}, hard seat {job[4] + 1}): "
                    f"{'won' if outcome[0] else 'lost'}; {wins} of {len(outcomes)} so far",
                    flush=True,
                )
    wins = sum(won for won, _, _, _ in outcomes)
    times = sorted(t for _, _, ts, _ in outcomes for t in ts)
    unfinished = sum(not done for _, _, _, done in outcomes)
    if times:
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        measured = args.team if coop else args.level
        print(
            f"{measured} decisions: {len(times)}, median {statistics.median(times) * 1e3:.0f} ms, "
            f"p95 {p95 * 1e3:.0f} ms, max {times[-1] * 1e3:.0f} ms (wall time; {args.jobs} job(s))"
        )
        if args.think_ms is not None:
            over = [t * 1e3 - args.think_ms for t in times]
            print(
                f"past the thinking time of {args.think_ms:.0f} ms: p50 {percentile(over, 0.5):.0f} ms, "
                f"p99 {percentile(over, 0.99):.0f} ms, max {over[-1]:.0f} ms"
            )
    print(f"{args.games} games in {time.monotonic() - started:.0f} s; unfinished: {unfinished}")
    low, high = wilson(wins, args.games)
    name = f"{args.game} {args.variant} {args.seats}p"
    if coop:
        mean = statistics.mean(score for _, score, _, _ in outcomes)
        print(
            f"{name}: {args.team} team won {wins} of {args.games} ({100 * wins / args.games:.0f}%, "
            f"95% CI {100 * low:.0f}-{100 * high:.0f}%), mean team score {mean:.1f}"
        )
    else:
        print(
            f"{name}: {args.level} won {wins} of {args.games} ({100 * wins / args.games:.0f}%, "
            f"95% CI {100 * low:.0f}-{100 * high:.0f}%) against {args.against}"
        )


if __name__ == "__main__":
    main()
