"""Castle Raisers co-operative and solo bots: how often a team of bots wins.

Plays seeded games with every seat a bot at one level (default: hard) at the
default difficulty (one Threat card each, no house rules) and prints, per
player count, the win rate, the mean team score against the wolves' score to
beat, how many games were lost on a Threat card, and the bot's decision time
(median and 95th percentile, in ms, over every decision that had a choice).

    .venv/bin/python benchmarks/castle_raisers_coop.py [--games 200] [--seats 1 2 3 4] [--level hard]

Chance is drawn as the app draws it (``chance_rng(seed, ply)``), so a seed
always plays the same game; a game with seed ``s`` here is the game the app
would play with seed ``s`` and bots in every seat.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules.castle_raisers as game  # noqa: E402
from rules.castle_raisers.ui_queries import wolves_score  # noqa: E402
from rules.core import CHANCE, Config, chance_rng, sample_outcome  # noqa: E402


def play(seats: int, seed: int, level: str, times: list[float]) -> tuple[bool, float, bool]:
    """One seeded bot game: (won, team score, lost on a Threat card)."""
    variant = "solo" if seats == 1 else "cooperative"
    state = game.setup(Config(variant, seats))
    rng = random.Random(seed)
    ply = 0
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            choices = len(game.legal_actions(state))
            started = time.perf_counter()
            action = game.bot_action(state, level, rng)
            if choices > 1:
                times.append((time.perf_counter() - started) * 1000)
        state = game.apply(state, action)
        ply += 1
    result = game.result(state)
    failed = any(not met for _, _, met, _ in game.threat_report(state))
    return bool(result.winners), sum(result.scores), failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games per player count")
    parser.add_argument("--seats", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    print(f"Castle Raisers co-op/solo bots, level {args.level}, {args.games} games per player count")
    print(
        f"  {'players':>7} {'won':>6} {'mean team':>10} {'target':>6} {'threat lost':>11} {'ms median':>9} {'p95':>6}"
    )
    for seats in args.seats:
        times: list[float] = []
        wins = threat_losses = 0
        scores = []
        for played, seed in enumerate(range(args.first_seed, args.first_seed + args.games), start=1):
            won, score, failed = play(seats, seed, args.level, times)
            wins += won
            threat_losses += failed
            scores.append(score)
            if played % 25 == 0 and played < args.games:
                # long runs: a running tally, so a stopped run still says something
                print(
                    f"    ... {seats} players, {played} games: won {wins}, mean {statistics.mean(scores):.1f}",
                    flush=True,
                )
        target = wolves_score(seats)
        print(
            f"  {seats:>7} {wins / args.games:>6.0%} {statistics.mean(scores):>10.1f} {target:>6} "
            f"{threat_losses:>11} {statistics.median(times):>9.1f} {sorted(times)[int(len(times) * 0.95)]:>6.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
