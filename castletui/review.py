"""Reviewing a saved game: each reviewed seat's chance to win decision by
decision, its turning points, what chance did to it and the luck ledger
(the estimates: rules/core/review.py). No textual here: ``castletui review``
and the replay screen share it.

Whose eyes: a replay's (castletui/replay.py). Seen by everyone (a local
game over), every seat is reviewed; seen through one seat's eyes (an
unfinished game, a shared table, ``--as``), that seat alone; through the
table's, no seat's decisions, only the luck of what everyone saw.

The work is one task per decision and per position around a chance step,
run on a process pool (every core; each worker rebuilds the game from the
save once) and cancellable between tasks. Results are cached beside the
save, as ``.NAME.review-SEATS.json`` (never inside it; one file per set of
eyes, so two players of a table folder never overwrite or read each
other's), keyed by a fingerprint
of the whole record, the budget and the seats reviewed: a cache that does
not match, or does not decode, is ignored and written again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from multiprocessing import get_all_start_methods, get_context
from pathlib import Path
from typing import Any

import msgspec

from castletui import saves
from castletui.replay import EVERYONE, Replay
from castletui.rules import registry
from castletui.rules.core import CHANCE, name_seats
from castletui.rules.core.review import (
    DEFAULT_BUDGET,
    Decision,
    Luck,
    Produced,
    Tally,
    hooks_at,
    luck_ledger,
    production_ledger,
    review_decision,
    review_position,
    table_outcome,
    turning_points,
)
from castletui.saves import SaveFile
from castletui.saves.guarded import read_guarded

CACHE_FORMAT = 3


class Move(msgspec.Struct, frozen=True, array_like=True):
    """``seat``'s chance before and after chance step ``ply``."""

    ply: int
    seat: int
    before: float
    after: float


class Report(msgspec.Struct, omit_defaults=True):
    """A whole review, as cached: see the module docstring."""

    key: str
    budget: int
    seats: list[int]
    decisions: list[Decision] = []
    moves: list[Move] = []
    final: list[float] = []
    """Each seat's share of the win, once the game is over (after ``plies`` steps)."""
    plies: int = 0
    luck: list[Luck] = []
    tallies: list[Tally] = []
    produced: list[Produced] = []
    """What chance produced for each seat against its odds (GoT Catan: resources from the dice)."""
    together: bool = False
    """A co-operative or solo game: every chance is the table's (one curve, "the table")."""
    format: int = CACHE_FORMAT

    def curve(self, seat: int) -> list[float]:
        """The seat's chance step by step, as far as it was estimated."""
        return [chance for _, chance in self.curve_points(seat)]

    def curve_points(self, seat: int) -> list[tuple[int, float]]:
        """(ply, chance) wherever the seat's chance was estimated (played
        together: the table's, whichever seat's decision or view)."""
        marks: dict[int, float] = {}
        for decision in self.decisions:
            if decision.seat == seat or self.together:
                marks[decision.ply - 1] = decision.before
                marks[decision.ply] = decision.after
        for move in self.moves:
            if move.seat == seat or self.together:
                marks.setdefault(move.ply - 1, move.before)
                marks[move.ply] = move.after
        if self.final:
            marks[self.plies] = self.final[seat]
        return sorted(marks.items())

    def chance_moves(self, seat: int) -> list[tuple[int, float]]:
        """Per chance step reviewed, how much it moved the seat's chance."""
        return [(move.ply, move.after - move.before) for move in self.moves if move.seat == seat]

    def curve_seats(self) -> list[int]:
        """The seats with a curve of their own: played together, the first
        reviewed seat's stands for the table."""
        return self.seats[:1] if self.together else self.seats

    def turning_points(self, seat: int) -> list[Decision]:
        return turning_points(self.decisions, seat)

    def turning_plies(self) -> list[int]:
        """Every reviewed seat's turning points, in game order."""
        return sorted({d.ply for seat in self.seats for d in self.turning_points(seat)})


def reviewed_seats(replay: Replay) -> list[int]:
    """Whose decisions the replay's eyes allow reviewing."""
    if replay.viewer is EVERYONE:
        return list(range(len(replay.names)))
    if replay.viewer == CHANCE:
        return []
    return [replay.viewer]


def fingerprint(save: SaveFile) -> str:
    """The whole record's check (header and every line)."""
    return hashlib.sha256(msgspec.json.encode(save)).hexdigest()[:24]


def cache_path(path: Path, seats: list[int]) -> Path:
    """Where a save's review for ``seats`` is kept: beside it, never
    inside it, named by the seats (counted from 1) it was made for."""
    return path.parent / f".{path.name}.review-{'-'.join(str(seat + 1) for seat in seats)}.json"


def read_cache(path: Path | None, key: str, budget: int, seats: list[int]) -> Report | None:
    """The cached review if it is this record's, at this budget, for these seats."""
    if path is None:
        return None
    try:
        report = msgspec.json.decode(_own_file_bytes(cache_path(path, seats)), type=Report)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    if report.format != CACHE_FORMAT or report.key != key or report.budget != budget or report.seats != seats:
        return None
    return report


LARGEST_CACHE = 16 * 1024 * 1024
"""A review larger than this is not read (a long game's is some 100 KB)."""


def _own_file_bytes(path: Path) -> bytes:
    """The bytes of ``path`` if it is a regular file this Unix user wrote
    and no one else may write (as write_cache makes it), not reached
    through a link; OSError otherwise. In a group's table folder another
    member could plant a pipe (the review would wait on it for ever), a
    link, or a review of their own making under its name."""
    return read_guarded(path, LARGEST_CACHE, unwritable_by=0o022)[0]


def write_cache(path: Path | None, report: Report) -> None:
    if path is None:
        return
    target = cache_path(path, report.seats)
    spare = None
    try:
        # Private as a hand is (mkstemp makes it 0600): the review names
        # the cards its seats held. A name of its own, so two castletuis
        # writing at once never write into one file.
        handle, spare = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
        with os.fdopen(handle, "wb") as out:
            out.write(msgspec.json.encode(report))
        os.replace(spare, target)
        spare = None
    except OSError:
        pass  # a folder we may not write to: the review is simply not kept
    finally:
        if spare is not None:
            with contextlib.suppress(OSError):
                os.unlink(spare)


# --- the work -----------------------------------------------------------------

Task = tuple[str, int, int, int]
"""("decision", ply, seat, 0), or ("chance", ply, seat, hook_ply): the
seat's chance before and after chance step ``ply``, with the hooks of its
decision at ``hook_ply``."""


def plan(game: Any, states: list[Any], seats: list[int], together: bool = False) -> list[Task]:
    """The tasks of a review: every decision of the seats, and every chance
    step for each of them (played together, for the first seat with a
    decision: the table's chance is the same whoever looks)."""
    movers = [game.to_move(state) for state in states[:-1]]
    tasks: list[Task] = []
    decisions: dict[int, list[int]] = {seat: [] for seat in seats}
    for ply, mover in enumerate(movers, start=1):
        if mover in decisions:
            decisions[mover].append(ply)
            tasks.append(("decision", ply, mover, 0))
    chance = {ply for ply, mover in enumerate(movers, start=1) if mover == CHANCE}
    if together:
        seats = [seat for seat in seats if decisions[seat]][:1]
    for ply in sorted(chance):
        for seat in seats:
            mine = decisions[seat]
            if mine:
                earlier = [one for one in mine if one <= ply]
                tasks.append(("chance", ply, seat, earlier[-1] if earlier else mine[0]))
    return tasks


def played_together(replay: Replay) -> bool:
    """A co-operative or solo game: the seats win or lose as one table."""
    variant = replay.game.INFO.variant(replay.save.config.variant)
    return variant.cooperative or len(replay.names) == 1


def final_shares(replay: Replay) -> list[float] | None:
    """Each seat's share of the win once the game is over (None: going on);
    played together, the table's result, as its search scores it (a solo
    Catapult Castle game is won by clearing the table)."""
    if not replay.finished:
        return None
    if played_together(replay):
        outcomes = [table_outcome(replay.game, replay.states, seat) for seat in range(len(replay.names))]
        known = [outcome for outcome in outcomes if outcome is not None]
        if known:
            return [known[0]] * len(replay.names)
    winners = replay.game.result(replay.states[-1]).winners
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(replay.names))]


_WORKER: dict[str, Any] = {}


def _start(game_id: str, encoded: bytes) -> None:
    """A worker's set-up: the game rebuilt once from the save."""
    save = msgspec.json.decode(encoded, type=SaveFile)
    _WORKER["game"] = registry.get(game_id)
    _WORKER["states"] = saves.replay_states(save)
    _WORKER["actions"] = saves.decode_actions(_WORKER["game"], save.log)
    _WORKER["hooks"] = {}


def _run(task: Task, budget: int) -> tuple[Task, Any]:
    game, states, actions = _WORKER["game"], _WORKER["states"], _WORKER["actions"]
    kind, ply, seat, hook_ply = task
    if kind == "decision":
        return task, review_decision(game, states[ply - 1], actions[ply - 1], ply, budget)
    key = (seat, hook_ply)
    if key not in _WORKER["hooks"]:
        _WORKER["hooks"][key] = hooks_at(game, game.view(states[hook_ply - 1], seat), seat)
    hooks = _WORKER["hooks"][key]
    if hooks is None:
        return task, None
    rounds = max(1, budget // 2)
    # The same seed before and after: the step's own effect, not the playouts' luck.
    before = review_position(game, states[ply - 1], seat, hooks, ply, rounds)
    after = review_position(game, states[ply], seat, hooks, ply, rounds)
    return task, None if before is None or after is None else (before, after)


def _assemble(
    key: str, budget: int, seats: list[int], results: list[tuple[Task, Any]], final: list[float] | None
) -> Report:
    """The report of the tasks' results; ``final``: each seat's share of the
    win when the game is over (the curve's last point)."""
    decisions = sorted(
        (value for (kind, *_), value in results if kind == "decision" and value is not None),
        key=lambda decision: decision.ply,
    )
    moves = sorted(
        (
            Move(ply, seat, *value)
            for (kind, ply, seat, _), value in results
            if kind == "chance" and value is not None
        ),
        key=lambda move: (move.ply, move.seat),
    )
    report = Report(key=key, budget=budget, seats=seats, decisions=decisions, moves=moves)
    if final is not None:
        report.final = final
    return report


@contextmanager
def _stderr_with_a_file() -> Iterator[None]:
    """While the pool's processes start: a standard error that is a file.
    Under the app it is Textual's capture, with no file descriptor, which
    multiprocessing hands its new processes (and refuses: "bad value(s) in
    fds_to_keep"); they get the null device instead."""
    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable:
        yield
        return
    captured = sys.stderr
    with open(os.devnull, "w") as null:
        sys.stderr = null
        try:
            yield
        finally:
            sys.stderr = captured


def _start_method() -> str:
    """Fork where this process runs no other thread (the command line: quick,
    and no resource tracker left behind); a fresh interpreter under the
    app's threads, which a fork would copy in the middle of their work."""
    if threading.active_count() == 1 and "fork" in get_all_start_methods():
        return "fork"
    return "spawn"


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def analyse(
    replay: Replay,
    budget: int = DEFAULT_BUDGET,
    *,
    workers: int | None = None,
    cancel: threading.Event | None = None,
    progress: Callable[[int, int], None] | None = None,
    use_cache: bool = True,
) -> Report | None:
    """The review of ``replay`` as its eyes allow (None: cancelled). From
    the cache when it holds this record's; else computed on ``workers``
    processes (None: every core; 0: in this process) and cached."""
    seats = reviewed_seats(replay)
    key = fingerprint(replay.save)
    cached = read_cache(replay.path, key, budget, seats) if use_cache else None
    if cached is not None:
        if progress:
            progress(1, 1)
        return cached
    together = played_together(replay)
    tasks = plan(replay.game, replay.states, seats, together)
    results = _compute(replay, tasks, budget, workers, cancel, progress)
    if results is None:
        return None
    report = _assemble(key, budget, seats, results, final_shares(replay))
    report.plies, report.together = replay.plies, together
    viewer = None if replay.viewer is EVERYONE else replay.viewer
    # Through the table's eyes (table mode) every seat's luck is public.
    ledger_seats = seats if replay.viewer != CHANCE else list(range(len(replay.names)))
    report.luck, report.tallies = luck_ledger(
        replay.game, replay.states, replay.actions, ledger_seats, viewer
    )
    report.produced = production_ledger(replay.game, replay.states, replay.actions, ledger_seats, viewer)
    if use_cache:
        write_cache(replay.path, report)
    return report


def _compute(
    replay: Replay,
    tasks: list[Task],
    budget: int,
    workers: int | None,
    cancel: threading.Event | None,
    progress: Callable[[int, int], None] | None,
) -> list[tuple[Task, Any]] | None:
    cancel = cancel or threading.Event()
    total = len(tasks)
    if progress:
        progress(0, total)
    if workers == 0:
        _WORKER.update(game=replay.game, states=replay.states, actions=replay.actions, hooks={})
        done = []
        for task in tasks:
            if cancel.is_set():
                return None
            done.append(_run(task, budget))
            if progress:
                progress(len(done), total)
        return done
    with _stderr_with_a_file():
        pool = ProcessPoolExecutor(
            max_workers=workers or default_workers(),
            mp_context=get_context(_start_method()),
            initializer=_start,
            initargs=(replay.save.game, msgspec.json.encode(replay.save)),
        )
        pending: set[Future] = {pool.submit(_run, task, budget) for task in tasks}
    try:
        done_results: list[tuple[Task, Any]] = []
        while pending:
            if cancel.is_set():
                return None
            finished, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for future in finished:
                done_results.append(future.result())
            if finished and progress:
                progress(len(done_results), total)
        return done_results
    finally:
        if cancel.is_set():
            # The tasks already handed to a process would run on for seconds:
            # a cancelled review stops using the cores now.
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        pool.shutdown(wait=not cancel.is_set(), cancel_futures=True)


# --- as text --------------------------------------------------------------------

BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float], width: int = 60) -> str:
    """Chances 0 to 1 as a line of bars, at most ``width`` wide (averaged)."""
    if not values:
        return ""
    if len(values) > width:
        step = len(values) / width
        values = [
            sum(values[int(i * step) : max(int((i + 1) * step), int(i * step) + 1)])
            / len(values[int(i * step) : max(int((i + 1) * step), int(i * step) + 1)])
            for i in range(width)
        ]
    return "".join(BARS[min(len(BARS) - 1, int(value * len(BARS)))] for value in values)


def kind_words(kind: str) -> str:
    """A chance action's name in words: "FirstPlayer" -> "first player"."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", kind).lower()


def production_words(entry: Produced) -> str:
    """ "Produced 23 (expected 19.4) in 40 rolls; lost 4 (expected 3.1)"."""
    words = f"Produced {entry.got} (expected {entry.expected:.1f}) over {entry.count} chance steps"
    if entry.lost or entry.lost_expected:
        words += f"; lost {entry.lost} (expected {entry.lost_expected:.1f})"
    return words


TABLE = "The table"
"""The one curve of a co-operative or solo game."""


def text(replay: Replay, report: Report) -> str:
    """The review as text: per seat its chance curve (played together, the
    table's, once), turning points, the
    chance steps that moved it most, and its luck; then the tallies."""
    names = replay.names
    out = [
        f"Review of {replay.game.INFO.title}: {', '.join(names)}",
        f"Seen by {replay.seen_by}; {report.budget} rounds of search a decision.",
    ]
    if not report.seats:
        out.append("No seat's decisions are reviewed through the table's eyes.")

    def where(ply: int) -> str:
        turn = replay.turns[replay.turn_of(ply)] if replay.turns else None
        return f"turn {turn.number}, move {ply}" if turn else f"move {ply}"

    table = report.curve(report.seats[0]) if report.together and report.seats else []
    if table:
        out += ["", f"{TABLE}: {table[0]:.0%} -> {table[-1]:.0%}", f"  chance {sparkline(table)}"]
    for seat in report.seats or sorted({entry.seat for entry in [*report.luck, *report.produced]}):
        out.append("")
        curve = [] if report.together else report.curve(seat)
        if report.together:
            out.append(f"{names[seat]} (the table's chance at each decision):")
        elif curve:
            out.append(f"{names[seat]}: {curve[0]:.0%} -> {curve[-1]:.0%}")
            out.append(f"  chance {sparkline(curve)}")
        elif seat in report.seats:
            out.append(f"{names[seat]}: no decision of theirs the search reviews.")
        else:
            out.append(f"{names[seat]}:")
        turning = report.turning_points(seat)
        if turning:
            out.append("  Turning points:")
            out += [f"    {where(d.ply)}: {name_seats(d.words(), names)}" for d in turning]
        moves = sorted(report.chance_moves(seat), key=lambda move: -abs(move[1]))[:3]
        if moves:
            out.append("  Chance that moved it most:")
            for ply, moved in sorted(moves):
                words = " ".join(replay.lines_at(ply)) or "chance"
                out.append(f"    {where(ply)}: {moved:+.0%} ({words})")
        for entry in report.produced:
            if entry.seat == seat:
                out.append(f"  {production_words(entry)}")
        luck = [entry for entry in report.luck if entry.seat == seat and abs(entry.luck) >= 0.05]
        if luck:
            out.append("  Luck (the game's evaluation, against what the odds led to expect):")
            out += [f"    {kind_words(entry.step)} x{entry.count}: {entry.luck:+.1f}" for entry in luck]
    for tally in report.tallies:
        out.append("")
        out.append(f"{kind_words(tally.step).capitalize()}: came up (expected)")
        out += [
            f"  {outcome}: {count} ({expected:.1f})"
            for outcome, count, expected in zip(tally.outcomes, tally.counts, tally.expected, strict=True)
        ]
    return "\n".join(out) + "\n"
