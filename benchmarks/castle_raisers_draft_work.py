"""Castle Raisers' hard co-op bot: the work of one draft, counted rather than timed.

A draft's CPU time moves with the machine and with whatever else it is doing
(the same draft measured 445 and 608 ms minutes apart on one machine), so two
versions of the search are best compared by the work they do: the engine
steps their playouts take and the estimates they ask for. This takes the
draft states of three level-normal games (seeds 100-102, every third ply that
is a draft with a choice, every other one of those) and prints, per player
count, the median engine steps, estimates and CPU ms of the hard bot's
search on them.

    .venv/bin/python benchmarks/castle_raisers_draft_work.py [--seats 1 2 3 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import castletui.rules.castle_raisers as game  # noqa: E402
from castletui.rules.castle_raisers.bots import coop, search  # noqa: E402
from castletui.rules.core import (  # noqa: E402
    CHANCE,
    Config,
    bots,  # noqa: E402
    chance_rng,
    sample_outcome,
)

COUNTS = {"steps": 0, "estimates": 0}


def _counted(function, key: str):
    """``function``, counting its calls under ``key``."""

    def counting(*args, **kwargs):
        COUNTS[key] += 1
        return function(*args, **kwargs)

    return counting


def draft_states(seats: int, seeds=(100, 101, 102)) -> list:
    """Draft states (with a choice) along seeded level-normal games."""
    found = []
    for seed in seeds:
        state = game.setup(Config("solo" if seats == 1 else "cooperative", seats))
        rng, ply = random.Random(seed), 0
        while (seat := game.to_move(state)) is not None:
            if seat == CHANCE:
                action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
            else:
                if state.pending[-1].kind == "draft" and len(game.legal_actions(state)) > 1 and ply % 3 == 0:
                    found.append(state)
                action = bots.choose(game, state, "normal", rng)
            state = game.apply(state, action)
            ply += 1
    return found[::2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    seeds = (100,) if args.quick else (100, 101, 102)
    states = {seats: draft_states(seats, seeds) for seats in ([1] if args.quick else args.seats)}
    if args.quick:
        states = {seats: found[:2] for seats, found in states.items()}
    # count only the search's own calls, not those of the level-normal games above
    search.apply = _counted(search.apply, "steps")
    coop.castle_estimate = _counted(coop.castle_estimate, "estimates")
    coop.team_estimate = _counted(coop.team_estimate, "estimates")
    print("Castle Raisers hard co-op bot, work of a draft (medians)")
    print(f"  {'players':>7} {'drafts':>6} {'engine steps':>12} {'estimates':>9} {'cpu ms':>7}")
    for seats, found in states.items():
        steps, estimates, cpu = [], [], []
        for index, state in enumerate(found):
            COUNTS.update(steps=0, estimates=0)
            started = time.process_time()
            search.search_action(state, game.to_move(state), random.Random(index))
            cpu.append((time.process_time() - started) * 1000)
            steps.append(COUNTS["steps"])
            estimates.append(COUNTS["estimates"])
        print(
            f"  {seats:>7} {len(found):>6} {statistics.median(steps):>12.0f}"
            f" {statistics.median(estimates):>9.0f} {statistics.median(cpu):>7.0f}"
        )


if __name__ == "__main__":
    main()
