"""Reviewing a game, one decision at a time: the seat's chance to win before
and after its choice, as the hard bots' search (:mod:`rules.core.search`)
estimates it from the seat's view at that moment, never from what the seat
could not know; what a chance step did to each seat's chance; and the luck
ledger (what chance gave each seat against what was to be expected).

Plain functions over the protocol, no I/O: castletui/review.py runs them
over a save, on a process pool. Every estimate takes its own
``random.Random`` seeded from the ply and the seat alone (never from the
state, which holds what the seat could not see), and a number of rounds,
so a review is the same on every machine and for every deal the seat's
view allows.

The hooks are the ones the game's hard bot searches with at that
decision (the game's ``search_hooks``), or in a co-operative or solo game
the game's ``coop_hooks``, whose value is the table's win (every seat's
chance is then the table's): a decision neither searches (a table-mode
game, a rule of thumb's decision) has no estimate.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
from castletui.rules.core.hooks import Hooks as GameHooks
from castletui.rules.core.protocol import CHANCE, Game
from castletui.rules.core.search import (
    Hooks,
    action_estimate,
    ended_value,
    position_estimate,
    root_estimates,
)

DEFAULT_BUDGET = 48
"""Rounds of search per decision (:func:`.search.work_budget`'s unit)."""

TURNING = 0.03
"""A choice this much (in win chance) below the search's preferred one is a
turning point candidate; smaller differences are the search's noise."""


class Decision(msgspec.Struct, frozen=True, omit_defaults=True):
    """A seat's choice at step ``ply`` (from 1) and what the search made of
    it: ``before`` the chance as the seat stood (the mean over the choices
    tried), ``after`` its choice's, ``best`` the preferred choice's."""

    ply: int
    seat: int
    before: float
    after: float
    best: float
    chosen: str
    stronger: str = ""
    choices: int = 0

    @property
    def loss(self) -> float:
        return max(0.0, self.best - self.after) if self.stronger else 0.0

    def words(self) -> str:
        """The turning point in the game's own words."""
        text = f"{self.chosen}: {self.before:.0%} -> {self.after:.0%}."
        return text + (f" Stronger: {self.stronger} ({self.best:.0%})." if self.stronger else "")


def _rng(kind: str, ply: int, seat: int) -> random.Random:
    # From the ply and seat alone: a state's hidden cards must not seed anything.
    return random.Random(f"review:{kind}:{ply}:{seat}")


def hooks_at(game: Game, seen: Any, seat: int) -> Hooks | None:
    """The search hooks the game's hard bot uses for ``seat`` from its
    view ``seen``, else, in a co-operative or solo game, those whose value
    is the table's win (the game's ``coop_hooks``); None: neither searches
    there."""
    hooks = GameHooks(game)
    own = hooks.search_hooks(seen, seat)
    return own if own is not None else hooks.coop_hooks(seen, seat)


def _label(game: Game, seen: Any, action: Any) -> str:
    try:
        return GameHooks(game).label(seen, action)
    except Exception:  # noqa: BLE001 - a canonical form may have no words of its own
        try:
            return game.describe(seen, action)
        except Exception:  # noqa: BLE001
            return type(action).__name__


def review_decision(game: Game, state: Any, action: Any, ply: int, rounds: int) -> Decision | None:
    """The review of the choice ``action`` of the seat to move in ``state``
    (step ``ply``), from that seat's view alone, with ``rounds`` rounds of
    search (None: a forced move, or one its hard bot does not search)."""
    seat = game.to_move(state)
    if seat is None or seat == CHANCE or len(game.legal_actions(state)) < 2:
        return None
    seen = game.view(state, seat)
    hooks = hooks_at(game, seen, seat)
    if hooks is None:
        return None
    rng = _rng("decision", ply, seat)
    estimates = root_estimates(hooks, seen, seat, rng, rounds)
    if len(estimates) < 2:
        return None
    chosen = hooks.canonical(action) if hooks.canonical else action
    by_action = {estimate.action: estimate for estimate in estimates}
    mine = by_action.get(chosen)
    if mine is None or mine.visits < hooks.enough:
        mine = action_estimate(hooks, seen, seat, chosen, rng, max(hooks.enough, rounds // 4)) or mine
    # The position's worth is its most searched choice's (the usual root value of
    # a tree search): the mean over every choice tried drags it down by the
    # poor ones tried once (measured: a Catapult Castle seat's chance 0.25 on
    # average in a 2-player game, against 0.5 so).
    before = max(estimates, key=lambda estimate: (estimate.visits, estimate.chance)).chance
    after = mine.chance if mine is not None else before
    tried = [e for e in estimates if e.visits >= hooks.enough and e.action != chosen]
    best = max(tried, key=lambda estimate: estimate.chance, default=None)
    stronger = best is not None and best.chance > after + TURNING
    if stronger:
        # The tree's best is flattered by the luck that made it best: the two
        # are played again on the same fresh worlds, and must still differ.
        pair = max(hooks.enough, rounds // 2)
        again = [
            action_estimate(hooks, seen, seat, one, _rng("pair", ply, seat), pair)
            for one in (chosen, best.action)
        ]
        if None not in again:
            after, best = again[0].chance, again[1]
            stronger = best.chance > after + TURNING
    return Decision(
        ply=ply,
        seat=seat,
        before=before,
        after=after,
        best=best.chance if stronger else after,
        chosen=_label(game, seen, action),
        stronger=_label(game, seen, best.action) if stronger else "",
        choices=len(estimates),
    )


def review_position(game: Game, state: Any, seat: int, hooks: Hooks, ply: int, rounds: int) -> float | None:
    """``seat``'s chance after ``ply`` steps, from its view, whoever is to move."""
    seen = game.view(state, seat)
    return position_estimate(hooks, seen, seat, _rng("position", ply, seat), rounds)


def table_outcome(game: Game, states: list[Any], seat: int) -> float | None:
    """A finished co-operative or solo game's result for the table, as the
    search scores it (1: won; a solo's win is the game's own, as clearing
    Catapult Castle's table), from ``seat``'s last decision the search
    estimates; None when the game goes on or none is estimated."""
    if not states or game.to_move(states[-1]) is not None:
        return None
    for state in reversed(states[:-1]):
        if game.to_move(state) != seat:
            continue
        hooks = hooks_at(game, game.view(state, seat), seat)
        if hooks is not None:
            return ended_value(hooks, states[-1], seat)
    return None


def turning_points(decisions: list[Decision], seat: int, most: int = 3) -> list[Decision]:
    """The seat's choices that cost it most against the search's preferred
    one, in the order they were played."""
    mine = [decision for decision in decisions if decision.seat == seat and decision.loss > 0]
    worst = sorted(mine, key=lambda decision: -decision.loss)[:most]
    return sorted(worst, key=lambda decision: decision.ply)


# --- the luck ledger -----------------------------------------------------------


class Luck(msgspec.Struct, frozen=True):
    """What one kind of chance step (``step``: the action's name, as "Dice")
    gave ``seat`` over the game: ``count`` steps, and ``luck``, the sum over
    them of the game's evaluation (its bots' ``evaluate``) after each against
    what its odds led to expect: above 0, chance was kind to the seat."""

    seat: int
    step: str
    count: int
    luck: float


class Tally(msgspec.Struct, frozen=True):
    """How often each outcome of a kind of chance step with few outcomes came
    up (a dice total), against its odds."""

    step: str
    outcomes: list[str]
    counts: list[int]
    expected: list[float]


def _outcome_words(action: Any) -> str:
    values = [value for value in msgspec.structs.astuple(action)]
    return " ".join(str(value) for value in values) or type(action).__name__


FEW = 12
"""A kind of chance step with at most this many outcomes gets a tally (2d6 has 11)."""


def luck_ledger(
    game: Game, states: list[Any], actions: list[Any], seats: list[int], viewer: int | None
) -> tuple[list[Luck], list[Tally]]:
    """Per seat in ``seats`` and kind of chance step, the game's evaluation
    chance gave it against the expectation, and the tallies of few-outcome
    kinds. ``viewer`` None reads the whole record; a seat, or the table
    (CHANCE), reads only the chance steps whose odds its view shows (a die,
    a shot: not a card drawn from a deck it cannot count), and evaluates
    every position on its view."""
    evaluate = GameHooks(game).own("evaluate")
    sums: dict[tuple[int, str], list[float]] = {}
    tallies: dict[str, tuple[list[tuple[Any, float]], Counter, list[float]]] = {}
    mixed: set[str] = set()

    def seen(state: Any) -> Any:
        return state if viewer is None else game.view(state, viewer)

    for ply, action in enumerate(actions, start=1):
        before = states[ply - 1]
        if game.to_move(before) != CHANCE:
            continue
        outcomes = game.chance_outcomes(before)
        if viewer is not None:
            try:
                if game.chance_outcomes(seen(before)) != outcomes:
                    continue
            except Exception:  # noqa: BLE001 - a view that hides the odds hides the step
                continue
        kind = type(action).__name__
        if len(outcomes) <= FEW and kind not in mixed:
            known = tallies.setdefault(kind, (outcomes, Counter(), [0.0] * len(outcomes)))
            if outcomes == known[0]:
                known[1][action] += 1
                for index, (_, probability) in enumerate(outcomes):
                    known[2][index] += probability
            else:  # odds that change (a deck drawn from) make no tally
                mixed.add(kind)
        elif len(outcomes) > FEW:
            mixed.add(kind)
        if evaluate is None:
            continue
        full = [(game.apply(before, outcome), probability) for outcome, probability in outcomes]
        if any(game.to_move(world) is None for world, _ in full):
            continue  # a step that ends the game: its evaluation is the result, not luck
        worlds = [(seen(world), probability) for world, probability in full]
        after = seen(states[ply])
        for seat in seats:
            try:
                expected = sum(probability * evaluate(world, seat) for world, probability in worlds)
                got = evaluate(after, seat)
            except Exception:  # noqa: BLE001 - an evaluation that needs what the view hides
                continue
            entry = sums.setdefault((seat, kind), [0, 0.0])
            entry[0] += 1
            entry[1] += got - expected
    ledger = [Luck(seat, kind, int(n), luck) for (seat, kind), (n, luck) in sorted(sums.items())]
    tally_list = [
        Tally(kind, [_outcome_words(o) for o, _ in outcomes], [counts[o] for o, _ in outcomes], expected)
        for kind, (outcomes, counts, expected) in tallies.items()
        if kind not in mixed and sum(counts.values()) > 1
    ]
    return ledger, tally_list


class Produced(msgspec.Struct, frozen=True):
    """What chance produced for ``seat`` over the game, as the game counts
    it (its ``produced`` hook: GoT Catan's resource cards from the dice):
    ``got`` against the ``expected`` from the odds at each of the ``count``
    chance steps that could give or take something, and ``lost`` (a 7's
    cards given back) against ``lost_expected``."""

    seat: int
    count: int
    got: int
    expected: float
    lost: int = 0
    lost_expected: float = 0.0


def production_ledger(
    game: Game, states: list[Any], actions: list[Any], seats: list[int], viewer: int | None
) -> list[Produced]:
    """Per seat in ``seats``, what the chance steps produced for it against
    their odds (none where the game has no ``produced`` hook). Whose eyes as
    :func:`luck_ledger`: a chance step whose odds ``viewer``'s view hides is
    not counted, and the hook is given that seat's view alone."""
    hooks = GameHooks(game)
    if hooks.own("produced") is None:
        return []
    sums = {seat: [0, 0, 0.0, 0, 0.0] for seat in seats}
    for ply, action in enumerate(actions, start=1):
        before = states[ply - 1]
        if game.to_move(before) != CHANCE:
            continue
        outcomes = game.chance_outcomes(before)
        seen = before if viewer is None else game.view(before, viewer)
        if viewer is not None:
            try:
                if game.chance_outcomes(seen) != outcomes:
                    continue
            except Exception:  # noqa: BLE001 - a view that hides the odds hides the step
                continue
        for seat in seats:
            values = [
                (hooks.produced(seen, outcome, seat) or 0, probability) for outcome, probability in outcomes
            ]
            if not any(value for value, _ in values):
                continue
            got = hooks.produced(seen, action, seat) or 0
            entry = sums[seat]
            entry[0] += 1
            entry[1] += max(0, got)
            entry[2] += sum(probability * max(0, value) for value, probability in values)
            entry[3] += max(0, -got)
            entry[4] += sum(probability * max(0, -value) for value, probability in values)
    return [
        Produced(seat, count, got, expected, lost, lost_expected)
        for seat, (count, got, expected, lost, lost_expected) in sums.items()
        if count
    ]
