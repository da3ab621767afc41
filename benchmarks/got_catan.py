"""A Game of Thrones Catan (base game and Brotherhood of the Watch): how
fast random play runs through the protocol, how long a bot takes to decide,
how strong the planner is, and catanatron's random game for comparison.

    .venv/bin/python benchmarks/got_catan.py [--games 20] [--batches 5]
        [--strength 100] [--catanatron-python /tmp/catan-venv/bin/python]
        [--variant base|brotherhood] [--watch-games 100]

- Random play: seeded 4-player games through ``setup``/``legal_actions``/
  ``apply`` (chance drawn as the app draws it, ``chance_rng(seed, ply)``),
  in batches; prints actions per second, the median of the batches.
- Bot decision time: every decision with a choice in seeded bot games
  (median and 95th percentile, ms), for ``easy`` (the kit's greedy bot)
  and ``normal`` (the planner).
- Strength: seeded 4-player games with one planner (``normal``) against
  three greedy bots (``easy``), the planner's seat rotating; its win rate
  against the 25% of an even table.
- Map redraw: the Gift's map widget redrawn after each move of a seeded
  4-player game (its render into styled text and that text into the
  terminal's lines), at the compact scale (80x24) and the large one
  (120x40); the median, in ms (a frame at 60 Hz is 16 ms).
- Brotherhood of the Watch (``--variant brotherhood`` times random play
  and the bots on the full game): over ``--watch-games`` seeded 4-player
  games of four planners, how many end by a breach (or 8 wildlings in the
  Gift) and how many by 10 points; and the planner that defends the Wall
  (one seat, rotating) against three planners playing the base game's
  plans alone (no guards but the set-up's, no heroes): its win rate.
- catanatron (PyPI, not a castletui dependency): its random 4-player
  game, actions per second in the same run, when a Python with catanatron
  installed is given (``pip install catanatron`` in a throwaway venv).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import castletui.rules.got_catan as game  # noqa: E402
from castletui.rules.core import (  # noqa: E402
    CHANCE,
    Config,
    bots,  # noqa: E402
    chance_rng,
    sample_outcome,
)


def random_game(seats: int, seed: int, variant: str = "base") -> int:
    """One seeded random game; the number of actions (chance included)."""
    state = game.setup(Config(variant, seats))
    rng = random.Random(seed)
    ply = 0
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        ply += 1
    return ply


def random_speed(games: int, batches: int, seats: int = 4, variant: str = "base") -> float:
    rates = []
    for batch in range(batches):
        started = time.perf_counter()
        actions = sum(random_game(seats, batch * games + seed, variant) for seed in range(games))
        rates.append(actions / (time.perf_counter() - started))
    return statistics.median(rates)


def bot_game(
    levels: list[str],
    seed: int,
    times: dict[str, list[float]] | None = None,
    cap: int = 3000,
    variant: str = "base",
) -> int:
    """One seeded game with a bot of ``levels[seat]`` in each seat; the
    winner (-1 if it ran past ``cap`` decisions)."""
    state = game.setup(Config(variant, len(levels)))
    rng = random.Random(seed)
    ply = 0
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            level = levels[seat]
            choices = len(game.legal_actions(state))
            started = time.perf_counter()
            action = bots.choose(game, state, level, rng)
            if times is not None and choices > 1:
                times.setdefault(level, []).append((time.perf_counter() - started) * 1000)
        state = game.apply(state, action)
        ply += 1
        if ply > cap * 4:
            return -1
    return state.winner


def strength(games: int) -> tuple[int, int, int]:
    """(planner wins, games decided, games) over seeded 4-player games
    against three greedy bots, the planner's seat rotating."""
    wins = decided = 0
    for seed in range(games):
        seat = seed % 4
        levels = ["easy"] * 4
        levels[seat] = "normal"
        winner = bot_game(levels, 10_000 + seed)
        decided += winner >= 0
        wins += winner == seat
    return wins, decided, games


def watch_game(seed: int, watchers: set[int], seats: int = 4):
    """A seeded Brotherhood game of planners; those in ``watchers`` defend
    the Wall, the others play the base game's plans. The final state."""
    from castletui.rules.got_catan.bots.planner import planned_action

    state = game.setup(Config("brotherhood", seats))
    rng = random.Random(seed)
    ply = 0
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = planned_action(
                game.view(state, seat), rng, watch=seat in watchers
            )  # a bot sees its view
        state = game.apply(state, action)
        ply += 1
        if ply > 20_000:
            break
    return state


def watch_strength(games: int) -> tuple[dict[str, int], int, dict[str, int]]:
    """(how four Wall-defending planners' games end, the defender's wins
    against three base-plan planners, how those games end)."""
    ends: dict[str, int] = {}
    for seed in range(games):
        state = watch_game(20_000 + seed, {0, 1, 2, 3})
        ends[state.ended_by or "unfinished"] = ends.get(state.ended_by or "unfinished", 0) + 1
    wins = 0
    mixed: dict[str, int] = {}
    for seed in range(games):
        seat = seed % 4
        state = watch_game(30_000 + seed, {seat})
        mixed[state.ended_by or "unfinished"] = mixed.get(state.ended_by or "unfinished", 0) + 1
        wins += seat in game.result(state).winners
    return ends, wins, mixed


CATANATRON = """
import time, statistics
from catanatron import Game, RandomPlayer, Color
rates = []
for batch in range({batches}):
    started = time.perf_counter(); actions = 0
    for seed in range({games}):
        g = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)], seed=batch * {games} + seed)
        g.play(); actions += len(g.state.actions)
    rates.append(actions / (time.perf_counter() - started))
print(statistics.median(rates))
"""


def catanatron_speed(python: str, games: int, batches: int) -> float | None:
    try:
        out = subprocess.run(
            [python, "-c", CATANATRON.format(games=games, batches=batches)],
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return float(out.stdout.strip())


def map_redraw(moves: int = 300) -> dict[str, float]:
    """Median ms to redraw the map after a move, per scale."""
    import asyncio

    from textual.app import App

    from castletui.games.got_catan.map import GotCatanMap, MapMarks

    class MapOnly(App):
        def compose(self):
            yield GotCatanMap()

    states = []
    state = game.setup(Config("base", 4, {}))
    rng = random.Random(5)
    for ply in range(moves):
        if game.to_move(state) is None:
            break
        if game.to_move(state) == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(5, ply))
        else:
            action = bots.choose(game, state, "normal", rng)
        state = game.apply(state, action)
        states.append(state)

    async def timed(size: tuple[int, int]) -> float:
        app = MapOnly()
        times = []
        async with app.run_test(size=size) as pilot:
            gift = app.query_one(GotCatanMap)
            await pilot.pause()
            options = app.console.options.update_dimensions(*size)
            for state in states:
                gift.gift, gift.marks = game.scene(state, 0).gift, MapMarks(["Ann", "Bran", "Cat", "Dany"])
                started = time.perf_counter()
                text = gift.render()
                app.console.render_lines(text, options, pad=False)
                times.append((time.perf_counter() - started) * 1000)
        return statistics.median(times)

    return {
        "compact (80x24)": asyncio.run(timed((52, 14))),
        "large (120x40)": asyncio.run(timed((80, 30))),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per batch")
    parser.add_argument("--batches", type=int, default=5)
    parser.add_argument("--bot-games", type=int, default=4, help="bot games timed per level")
    parser.add_argument("--strength", type=int, default=100, help="games of the planner against greedy bots")
    parser.add_argument("--catanatron-python", default="", help="a Python with catanatron installed")
    parser.add_argument("--variant", default="base", choices=("base", "brotherhood"))
    parser.add_argument("--watch-games", type=int, default=0, help="Brotherhood games for the Wall figures")
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    if args.quick:
        args.games, args.batches, args.bot_games, args.strength, args.watch_games = 1, 1, 1, 0, 0
    variant = args.variant

    ours = random_speed(args.games, args.batches, variant=variant)
    print(
        f"random play ({variant}), 4 players: {ours:,.0f} actions/s "
        f"(median of {args.batches} batches of {args.games} games)"
    )
    if args.catanatron_python:
        theirs = catanatron_speed(args.catanatron_python, args.games, args.batches)
        if theirs is None:
            print("catanatron: could not run it with", args.catanatron_python)
        else:
            print(
                f"catanatron random play, 4 players: {theirs:,.0f} actions/s; castletui is {ours / theirs:.1f}x"
            )

    times: dict[str, list[float]] = {}
    for seed in range(args.bot_games):
        bot_game(["normal", "easy", "normal", "easy"], seed, times, variant=variant)
    for level, values in sorted(times.items()):
        values.sort()
        print(
            f"bot {level} ({variant}): median {statistics.median(values):.2f} ms, "
            f"95th percentile {values[int(len(values) * 0.95)]:.2f} ms over {len(values)} decisions"
        )

    for scale, median in map_redraw(30 if args.quick else 300).items():
        print(f"map redraw after a move, {scale}: median {median:.2f} ms")

    if args.watch_games:
        ends, wins, mixed = watch_strength(args.watch_games)
        games = args.watch_games
        print(f"Brotherhood, 4 Wall-defending planners, {games} games, ended by: {ends}")
        print(
            f"Brotherhood, 1 Wall-defending planner against 3 base-plan planners: won {wins} of {games} "
            f"({wins / games:.0%}; an even table gives 25%); ended by: {mixed}"
        )

    if args.strength:
        wins, decided, games = strength(args.strength)
        print(
            f"strength: the planner (normal) won {wins} of {games} 4-player games against 3 greedy bots "
            f"({wins / games:.0%}; an even table gives 25%; {games - decided} unfinished)"
        )


if __name__ == "__main__":
    main()
