"""What a save costs as a game grows (issue 25, item 9): the autosave after
one move at moves 1, 100 and 1,000, and loading a 1,000-action save, for
every game in TOML and in JSON.

    .venv/bin/python benchmarks/save_cost.py [--samples 15] [--repeats 9]

- **write**: a session at move n-1 with its file written, one more move
  logged in memory, then ``Session.write()`` (the autosave after every
  action) timed: the median over ``--samples`` consecutive moves from n on,
  in milliseconds of wall clock (fsync included: the disk's figure) and of
  CPU;
- **load**: ``saves.load`` of a save of 1,000 actions (read, decode, replay
  through ``apply``, hash check), median CPU milliseconds, and next to it
  what the replay through the rules alone costs (``to_move`` and ``apply``
  per action), so ``other`` is everything that is the file's (reading,
  parsing, decoding the actions, checking); ``chain`` is the part of it
  that checks every line's check against the one before (saves.chain).
  ``--load-only`` prints just this table (issue 42: before and after the
  chain, run it with each castletui).

- **table**: a shared table (saves.table) at move n-1, one more move
  committed by the terminal that owns it (``Table.commit``: checks, then
  the move's line written under the lock) and taken in by a watching
  terminal (``Table.read`` of what was added), median wall ms of each.

Castle Raisers games end sooner (a random 4-player co-op game lasts about
400-470 actions): it is measured at the longest game the seeds give, and
the table says how many actions that is.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from unittest import mock

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402
from castletui.rules import registry  # noqa: E402
from castletui.rules.core import CHANCE, Config  # noqa: E402
from castletui.saves.table import Table  # noqa: E402

from castletui import saves  # noqa: E402
from castletui.session import Session  # noqa: E402

# The longest random games of each game: the variant and seats to play.
LONGEST = {
    "catapult-castle": ("standard", 2),
    "castle-raisers": ("cooperative", 4),
    "castlecards": ("multi-player", 4),
    "got-catan": ("brotherhood", 4),
}
STAMP = "2026-01-01T00:00:00+00:00"


def patient_chance(outcomes: list, chooser: random.Random):
    """A legal chance outcome, but nine Catapult Castle shots in ten miss (a
    long game; see benchmarks/run.py)."""
    misses = [action for action, _ in outcomes if type(action).__name__ == "Land" and action.mat < 0]
    if misses and chooser.random() < 0.9:
        return misses[0]
    total = sum(weight for _, weight in outcomes)
    pick = chooser.random() * total
    for action, weight in outcomes:
        pick -= weight
        if pick <= 0:
            return action
    return outcomes[-1][0]


def long_game(game_id: str, plies: int) -> tuple[saves.SaveFile, list]:
    """A save of ``plies`` actions (or the longest the seeds give) and its states."""
    game = registry.get(game_id)
    variant, seats = LONGEST.get(game_id, (game.INFO.variants[0].name, game.INFO.variants[0].max_seats))
    config = Config(variant, seats)
    best: tuple[saves.SaveFile, list] | None = None
    for seed in range(40):
        chooser = random.Random(seed)
        state = game.setup(config)
        save = saves.new_save(game_id, config, [saves.Player(f"P{n}") for n in range(seats)], seed)
        states = [state]
        while (seat := game.to_move(state)) is not None and len(save.log) < plies:
            if seat == CHANCE:
                action = patient_chance(game.chance_outcomes(state), chooser)
            else:
                action = chooser.choice(game.legal_actions(state))
            state = game.apply(state, action)
            states.append(state)
            save = saves.append(save, seat, action, state, STAMP)
        if best is None or len(save.log) > len(best[0].log):
            best = (save, states)
        if len(save.log) >= plies:
            break
    assert best is not None
    return best


def write_times(
    save: saves.SaveFile, states: list, start: int, samples: int, path: Path
) -> tuple[float, float]:
    """Median wall and CPU ms of the autosave after moves start..start+samples-1."""
    first = saves.truncated(save, start - 1, states[start - 1])
    session = Session(first, list(states[:start]), path)
    session.write()  # the file as it stands before move ``start``
    walls, cpus = [], []
    for ply in range(start, start + samples):
        entry = save.log[ply - 1]
        action = msgspec.convert(entry.action, session.game.Action)
        session.states.append(states[ply])
        session.save = saves.append(session.save, entry.seat, action, states[ply], STAMP)
        wall, cpu = time.perf_counter(), time.process_time()
        session.write()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
        assert not session.last_save_error, session.last_save_error
    return statistics.median(walls), statistics.median(cpus)


def table_times(
    save: saves.SaveFile, states: list, start: int, samples: int, folder: Path
) -> tuple[float, float]:
    """Median wall ms of a table's commit of moves start..start+samples-1,
    and of a watching terminal's read of each."""
    owners = [f"p{seat}" for seat in range(len(save.players))]
    first = saves.truncated(save, start - 1, states[start - 1])
    table = Table.create(folder, first, owners, stem=f"table-{save.game}-{start}")
    watcher = Table(table.path)
    watcher.read()
    commits, reads = [], []
    # The long game's draws are patient ones, not the table's by seed and
    # ply: the table still draws and compares (the same cost), but takes them.
    taken = mock.patch("castletui.saves.table.sample_outcome", return_value=_Any())
    taken.start()
    for ply in range(start, start + samples):
        seen, _ = table.read()
        entry = save.log[ply - 1]
        new = msgspec.structs.replace(seen, log=[*seen.log, entry])
        who = owners[entry.seat] if entry.seat >= 0 else owners[0]
        wall = time.perf_counter()
        table.commit(seen.check, new, who)
        commits.append((time.perf_counter() - wall) * 1000)
        wall = time.perf_counter()
        watcher.read()
        reads.append((time.perf_counter() - wall) * 1000)
    taken.stop()
    return statistics.median(commits), statistics.median(reads)


class _Any:
    """A draw equal to every draw."""

    def __ne__(self, other: object) -> bool:
        return False

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


def load_times(path: Path, repeats: int) -> float:
    cpus = []
    for _ in range(repeats):
        started = time.process_time()
        saves.load(path)
        cpus.append((time.process_time() - started) * 1000)
    return statistics.median(cpus)


def replay_time(save: saves.SaveFile, repeats: int) -> float:
    """Median CPU ms of the replay through the rules alone, as loading does
    it (set-up, then ``to_move`` to check the seat and ``apply`` for each
    action), with the actions decoded beforehand and no hash check."""
    game = registry.get(save.game)
    actions = [msgspec.convert(entry.action, game.Action) for entry in save.log]
    cpus = []
    for _ in range(repeats):
        started = time.process_time()
        state = game.setup(save.rules_config())
        for entry, action in zip(save.log, actions, strict=True):
            assert game.to_move(state) == entry.seat
            state = game.apply(state, action)
        cpus.append((time.process_time() - started) * 1000)
    return statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=15, help="moves timed per point (median)")
    parser.add_argument("--repeats", type=int, default=9, help="loads timed per save (median)")
    parser.add_argument(
        "--load-only", action="store_true", help="only the loading figures (the chain's cost)"
    )
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    moves = (1, 100, 1000)
    if args.quick:
        args.samples, args.repeats, moves = 2, 1, (1, 10)
    if args.load_only:
        with tempfile.TemporaryDirectory() as folder:
            games = {game_id: long_game(game_id, max(moves)) for game_id in registry.ids()}
            print_load_times(games, Path(folder), args.repeats, max(moves))
        return
    print(f"save format {saves.VERSION}; per-move autosave ms (median of {args.samples} moves): wall / CPU")
    print(f"  {'game':<16} {'file':<5} " + " ".join(f"{'move ' + format(n, ','):>15}" for n in moves))
    games = {}
    with tempfile.TemporaryDirectory() as folder:
        for game_id in registry.ids():
            save, states = long_game(game_id, max(moves) + args.samples)
            games[game_id] = (save, states)
            for suffix in (".toml", ".json"):
                cells = []
                for start in moves:
                    if start + args.samples - 1 > len(save.log):
                        start = len(save.log) - args.samples + 1
                    path = Path(folder) / f"{game_id}-{start}{suffix}"
                    wall, cpu = write_times(save, states, start, args.samples, path)
                    cells.append(f"{wall:6.2f} / {cpu:5.2f}" + ("*" if start not in moves else " "))
                print(f"  {game_id:<16} {suffix[1:]:<5} " + " ".join(f"{cell:>15}" for cell in cells))
        print("  (* the game's last moves: its longest game is shorter)")

        print(f"\na shared table: per-move commit / watcher's read, wall ms (median of {args.samples} moves)")
        print(f"  {'game':<16} " + " ".join(f"{'move ' + format(n, ','):>15}" for n in moves))
        for game_id, (save, states) in games.items():
            cells = []
            for start in moves:
                if start + args.samples - 1 > len(save.log):
                    start = len(save.log) - args.samples + 1
                commit, read = table_times(save, states, start, args.samples, Path(folder))
                cells.append(f"{commit:6.2f} / {read:5.2f}" + ("*" if start not in moves else " "))
            print(f"  {game_id:<16} " + " ".join(f"{cell:>15}" for cell in cells))

        print_load_times(games, Path(folder), args.repeats, max(moves))


def print_load_times(games: dict, folder: Path, repeats: int, most: int = 1000) -> None:
    print("\nloading a 1,000-action save: median CPU ms (saves.load), the replay through apply, the rest")
    print(f"  {'game':<16} {'file':<5} {'actions':>7} {'load':>7} {'replay':>7} {'other':>7} {'chain':>7}")
    for game_id, (save, states) in games.items():
        plies = min(most, len(save.log))
        save = saves.truncated(save, plies, states[plies])
        replay = replay_time(save, repeats)
        chain = chain_time(save, repeats)
        for suffix in (".toml", ".json"):
            path = saves.dump(save, folder / f"load-{game_id}{suffix}")
            load = load_times(path, repeats)
            print(
                f"  {game_id:<16} {suffix[1:]:<5} {plies:>7} {load:7.1f} {replay:7.1f} {load - replay:7.1f} "
                f"{chain:7.1f}"
            )


def chain_time(save: saves.SaveFile, repeats: int) -> float:
    """Median CPU ms of checking every line's check against the one before
    (saves.chain.first_break), as a load does; nan before format 3."""
    try:
        from castletui.saves.chain import first_break, line_check
        from castletui.saves.schema import Line
    except ImportError:
        return float("nan")
    lines, check = [], "header"
    for entry in save.log:
        line = Line(entry.seat, entry.action, entry.at, entry.hash)
        check = line_check(check, line)
        lines.append(msgspec.structs.replace(line, chain=check))
    cpus = []
    for _ in range(repeats):
        started = time.process_time()
        assert first_break("header", lines)[0] == -1
        cpus.append((time.process_time() - started) * 1000)
    return statistics.median(cpus)


if __name__ == "__main__":
    main()
