"""castletui's performance figures (design.md section 8). Prints medians of
several runs; run it on an otherwise idle machine:

    .venv/bin/python benchmarks/run.py [--quick] [--first-frame]

- random play through the protocol: playouts/s and actions/s per game,
  variant and seat count;
- bot decision time per game;
- loading a 1,000-action save (read, replay, hash check);
- process start to the first frame of the menu and of each game screen,
  at 80x24 and 120x40, next to a bare Textual app with a Header and a
  Footer at the same size, in the same run: wall time and the CPU time of
  the process (user + system), which a busy machine changes less
  (``--first-frame``: only these).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from castletui.rules import registry  # noqa: E402
from castletui.rules.core import (  # noqa: E402
    CHANCE,
    Config,
    bots,  # noqa: E402
    chance_rng,
    sample_outcome,
)
from castletui.rules.core.search import work_budget  # noqa: E402

from castletui import saves  # noqa: E402


def random_game(game, config: Config, seed: int) -> int:
    """Play one seeded random game; returns the number of actions."""
    chooser = random.Random(seed)
    state = game.setup(config)
    plies = 0
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, plies))
        else:
            action = chooser.choice(game.legal_actions(state))
        state = game.apply(state, action)
        plies += 1
    return plies


def playout_speed(game, config: Config, seconds: float, repeats: int) -> tuple[float, float]:
    """Median playouts/s and actions/s over ``repeats`` timed batches."""
    games_per_second, actions_per_second = [], []
    seed = 0
    for _ in range(repeats):
        started = time.perf_counter()
        games = actions = 0
        while time.perf_counter() - started < seconds / repeats:
            actions += random_game(game, config, seed)
            games += 1
            seed += 1
        elapsed = time.perf_counter() - started
        games_per_second.append(games / elapsed)
        actions_per_second.append(actions / elapsed)
    return statistics.median(games_per_second), statistics.median(actions_per_second)


def bot_decision_times(game, config: Config, decisions: int, level: str = "normal") -> list[float]:
    """Milliseconds per bot decision at the states of seeded random games."""
    times = []
    seed = 0
    while len(times) < decisions:
        chooser = random.Random(seed)
        state = game.setup(config)
        plies = 0
        while (seat := game.to_move(state)) is not None and len(times) < decisions:
            if seat == CHANCE:
                action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, plies))
            else:
                started = time.perf_counter()
                action = bots.choose(game, state, level, chooser)
                times.append((time.perf_counter() - started) * 1000)
            state = game.apply(state, action)
            plies += 1
        seed += 1
    return times


def patient_chance(outcomes: list, chooser: random.Random):
    """A legal chance outcome, but nine Catapult Castle shots in ten miss:
    a long, real-looking game (random games of every castletui game end
    within a few hundred actions, short of the 1,000 the figure needs)."""
    misses = [action for action, _ in outcomes if type(action).__name__ == "Land" and action.mat < 0]
    if misses and chooser.random() < 0.9:
        return misses[0]
    return sample_outcome(outcomes, chooser)


def long_save(game_id: str, config: Config, plies: int) -> saves.SaveFile:
    """A save of ``plies`` actions from a seeded game (see patient_choice)."""
    game = registry.get(game_id)
    for seed in range(50):
        chooser = random.Random(seed)
        state = game.setup(config)
        save = saves.new_save(game_id, config, [saves.Player(f"P{n}") for n in range(config.seats)], seed)
        while (seat := game.to_move(state)) is not None and len(save.log) < plies:
            if seat == CHANCE:
                action = patient_chance(game.chance_outcomes(state), chooser)
            else:
                action = chooser.choice(game.legal_actions(state))
            state = game.apply(state, action)
            save = saves.append(save, seat, action, state, "2026-01-01T00:00:00+00:00")
        if len(save.log) >= plies:
            return save
    raise RuntimeError(f"no game of {game_id} reached {plies} actions")


def load_times(path: Path, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        saves.load(path)
        times.append((time.perf_counter() - started) * 1000)
    return times


FRAME_SIZES = ("80x24", "120x40")
"""The terminal sizes of the first-frame figures (the smallest castletui
plays in, and a common larger one)."""


BYTECODE = Path(tempfile.gettempdir()) / "castletui-benchmark-bytecode"
"""Where the first-frame processes keep their compiled modules: an installed
castletui has them (pip compiles a wheel's modules), so a player's start
never compiles castletui from source; a checkout run with
PYTHONDONTWRITEBYTECODE set would, every time (some 0.1 s of a game's
first frame)."""


def first_frame_once(target: str, size: str, environment: dict) -> tuple[float, float, float]:
    """One process from its start to its first frame (headless, at ``size``):
    wall seconds, CPU seconds of the process (user + system: a busy machine
    changes it far less than wall time) and its peak memory in MiB. The clock
    stops when the process says its frame is drawn (benchmarks/first_frame.py),
    not when it has shut down."""
    started = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "first_frame.py"), target, size],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
    ) as process:
        wall = cpu = None
        memory = 0.0
        for line in process.stdout:
            if line.startswith("first_frame") and wall is None:
                wall, cpu = time.perf_counter() - started, float(line.split()[1])
            elif line.startswith("max_rss_kb"):
                memory = int(line.split()[1]) / 1024
    if process.returncode or wall is None:
        raise RuntimeError(f"first_frame.py {target} {size} failed ({process.returncode})")
    return wall, cpu, memory


def first_frames(repeats: int, sizes=FRAME_SIZES, targets: list[str] | None = None) -> None:
    """The bare app, the menu and each game screen at each size, in one run:
    each round starts every one of them once, so a machine getting busier
    weighs on all of them alike; medians of ``repeats`` rounds, after one
    untimed round that compiles the modules (:data:`BYTECODE`)."""
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    environment["PYTHONPYCACHEPREFIX"] = str(BYTECODE)
    targets = targets or ["bare", "menu", *registry.ids()]
    print("\nFirst frame, process start to drawn (headless): wall s, CPU s (user+sys), peak MiB")
    print(f"  load average before {' '.join(f'{n:.2f}' for n in os.getloadavg())}")
    for size in sizes:
        runs: dict[str, list[tuple[float, float, float]]] = {target: [] for target in targets}
        for round_ in range(repeats + 1):
            for target in targets:
                figures = first_frame_once(target, size, environment)
                if round_:  # round 0 compiled the modules: a player's castletui comes compiled
                    runs[target].append(figures)
        bare_wall, bare_cpu = (statistics.median(run[i] for run in runs["bare"]) for i in (0, 1))
        for target in targets:
            wall, cpu, memory = (statistics.median(run[i] for run in runs[target]) for i in (0, 1, 2))
            label = {"bare": "bare Textual app (Header+Footer)", "menu": "castletui menu"}.get(
                target, f"{target} screen"
            )
            print(
                f"  {size:<7} {label:<34} {wall:.3f} ({wall / bare_wall:.2f}x)"
                f"  {cpu:.3f} ({cpu / bare_cpu:.2f}x)  {memory:5.1f}"
            )
    print(f"  load average after  {' '.join(f'{n:.2f}' for n in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=QUICK)
    parser.add_argument("--first-frame", action="store_true", help="only the first-frame figures")
    args = parser.parse_args()
    seconds, repeats = (0.05, 1) if args.quick else (3.0, 5)
    frame_repeats = 1 if args.quick else 7
    sizes = FRAME_SIZES[:1] if args.quick else FRAME_SIZES
    targets = ["bare", "menu", *registry.ids()[:1]] if args.quick else ["bare", "menu", *registry.ids()]
    plies = 50 if args.quick else 1000
    if args.first_frame:
        first_frames(frame_repeats, sizes, targets)
        return

    print("Random play through the protocol (median of batches)")
    print(f"  {'game':<16} {'variant':<14} {'seats':>5} {'playouts/s':>11} {'actions/s':>11}")
    for game_id in registry.ids():
        game = registry.get(game_id)
        for variant in game.INFO.variants:
            for seats in range(variant.min_seats, variant.max_seats + 1):
                config = Config(variant.name, seats)
                games, actions = playout_speed(game, config, seconds, repeats)
                print(f"  {game_id:<16} {variant.name:<14} {seats:>5} {games:>11.1f} {actions:>11.0f}")

    print("\nBot decisions (ms)")
    for game_id in registry.ids():
        game = registry.get(game_id)
        for variant in game.INFO.variants:
            config = Config(variant.name, max(2, variant.min_seats) if variant.max_seats >= 2 else 1)
            for level in ("normal", "hard"):
                # a smoke run's hard bot searches one round, not its thinking time
                with work_budget(1) if args.quick else contextlib.nullcontext():
                    times = bot_decision_times(game, config, 3 if args.quick else 200, level)
                print(
                    f"  {game_id:<16} {variant.name:<13} {level:<6} median {statistics.median(times):6.2f}  "
                    f"p95 {sorted(times)[int(len(times) * 0.95)]:6.2f}  max {max(times):6.2f}"
                )

    print("\nLoading a 1,000-action save (read + replay + hash check; ms)")
    with tempfile.TemporaryDirectory() as folder:
        for game_id in registry.ids():
            game = registry.get(game_id)
            variant = game.INFO.variants[0]
            config = Config(variant.name, variant.max_seats)
            try:
                save = long_save(game_id, config, plies)
            except RuntimeError as error:
                print(f"  {game_id:<16} {error}")
                continue
            for suffix in (".toml", ".json"):
                path = saves.dump(save, Path(folder) / f"{game_id}{suffix}")
                times = load_times(path, 1 if args.quick else 15)
                print(
                    f"  {game_id:<16} {suffix:<6} {len(save.log)} actions: median {statistics.median(times):6.1f}"
                )

    first_frames(frame_repeats, sizes, targets)


if __name__ == "__main__":
    main()
