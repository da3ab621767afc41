"""Castle Raisers competitive bot: a score estimate (:func:`evaluate`) and a
one-step greedy player on it (:func:`competitive_action`).

The estimate is the Game End score sheet as it would stand now, made smooth
(each wolf that would enter costs points instead of the all-or-nothing
ranking), plus the archers' future arrows and a value for the effects the
player still has to resolve (Fortification tiles to place, cauldrons to pour).
Drafting looks one step further: a tile is worth the best slot for it.

Co-operative and solo games use :mod:`.coop` instead: the team's expected
total as the estimate (also at level easy, through :func:`evaluate`), and at
levels normal and hard its own choices (whole-turn look-ahead when drafting).
At level hard the draft and its placement are played out to Game End
(:mod:`.search`).
"""

from __future__ import annotations

import random

import msgspec
from castletui.rules.castle_raisers.apply import apply
from castletui.rules.castle_raisers.bots import coop
from castletui.rules.castle_raisers.bots.pouring import planned_pour
from castletui.rules.castle_raisers.edition import ARCHER, SECTION_LOCATIONS, SECTIONS
from castletui.rules.castle_raisers.flow import AGES
from castletui.rules.castle_raisers.legal import legal_actions
from castletui.rules.castle_raisers.scoring import threat_met
from castletui.rules.castle_raisers.sheet import ability_count, condition_points, wolves_entering
from castletui.rules.castle_raisers.state import (
    Action,
    Castle,
    DiscardTile,
    DraftTile,
    Pending,
    PlaceTile,
    State,
    TakeVillage,
)
from castletui.rules.castle_raisers.supplies import stack_tokens

replace = msgspec.structs.replace

WOLF_ENTERING = 4.0
"""What one wolf that would enter costs (competitive: the -10/-5 ranking, smoothed)."""
WOLF_NEARBY = (0.25, 1.0, 0.6, 0.5)
"""A small cost per wolf still around the castle, by kind: it may enter later, a
ladder lets every wolf of its region in, a vicious wolf is hard to remove."""


def _castle_estimate(state: State, seat: int) -> float:
    castle: Castle = state.castles[seat]
    coop = state.variant != "competitive"
    value = 2.0 * sum(castle.prestige) + 3.0 * sum(castle.attack) - castle.arrows + 5.0 * max(castle.heights)
    per_wolf = 3.0 if coop else WOLF_ENTERING
    for section in range(len(SECTIONS)):
        value -= per_wolf * wolves_entering(castle, section)
        for kind in range(4):
            value -= WOLF_NEARBY[kind] * castle.wolves[section * 4 + kind]
        for location in SECTION_LOCATIONS[section]:
            token = castle.village[location]
            if token:
                value += condition_points(castle, token, section)
    # archers still around fire at every End of Age to come
    ends_left = max(0, AGES - state.age + (0 if state.finished else 1))
    archers = sum(castle.wolves[section * 4 + ARCHER] for section in range(len(SECTIONS)))
    value -= archers * ends_left * 0.8
    # stronger abilities are worth something while tiles remain to be placed
    if not state.finished:
        for section in range(len(SECTIONS)):
            for ability in ("PRE", "FOR", "DEF"):
                value += 0.3 * (ability_count(castle, ability, section) - 1)
    for task in reversed(state.pending):  # in the order they will be taken
        if task.seat != seat:
            continue
        value += _pending_value(state, castle, task)
    if coop:
        value -= 15.0 * sum(1 for name in castle.threats if not threat_met(castle, name))
    return value


def _pending_value(state: State, castle: Castle, task: Pending) -> float:
    """What an effect still to resolve is roughly worth to its player."""
    kind = task.kind
    if kind == "fortify":
        return 2.5 * task.count
    if kind == "pour" and task.section >= 0:
        base = task.section * 4
        return 1.5 * min(task.count, sum(castle.wolves[base : base + 4]))
    if kind in ("village_take", "village_blind", "village_place"):
        return 3.5
    if kind in ("dispatch", "coop_dispatch"):
        return 3.0
    if kind == "remove_wolf":
        return 1.5 * task.count
    return 0.0


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands: its estimate against the others' (competitive),
    or the team's estimate (co-operative and solo)."""
    if state.variant != "competitive":
        return coop.team_estimate(state)
    own = _castle_estimate(state, seat)
    others = [_castle_estimate(state, other) for other in range(state.seats) if other != seat]
    return own - (0.5 * max(others) + 0.5 * sum(others) / len(others))


def tile_value(state: State, seat: int, tile: str) -> tuple[float, PlaceTile]:
    """The best estimate ``seat`` reaches by placing ``tile`` now, and where."""
    trial = replace(state, pending=(Pending("place", seat=seat, tile=tile),))
    best_value, best_slot = float("-inf"), PlaceTile(1, 0)
    for action in legal_actions(trial):
        after = apply(trial, action)
        value = evaluate(after, seat)
        if value > best_value:
            best_value, best_slot = value, action
    return best_value, best_slot


def _greedy(state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
    best: list[Action] = []
    best_value = float("-inf")
    for action in actions:
        value = evaluate(apply(state, action), seat)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def competitive_action(
    state: State, seat: int, actions: list[Action], level: str, rng: random.Random
) -> Action:
    """The competitive bot's choice for ``seat`` among ``actions`` (more than
    one): ``easy`` plays greedily, ``normal`` greedily with a tile's best slot
    in mind, ``hard`` also weighs what a tile would give the next players."""
    kind = state.pending[-1].kind
    if kind == "draft" and level != "easy":
        return _best_draft(state, seat, actions, denial=level == "hard")
    if kind == "discard":
        return _best_discard(state, seat, actions)
    if kind == "pour":
        return _best_pour(state, seat, actions, rng)
    if kind == "village_take":
        return _best_village(state, seat, actions)
    return _greedy(state, seat, actions, rng)


def _best_draft(state: State, seat: int, actions: list[Action], denial: bool) -> Action:
    others = [other for other in state.round_order if other != seat]
    best, best_value = actions[0], float("-inf")
    for action in actions:
        assert isinstance(action, DraftTile)
        value, _ = tile_value(state, seat, action.tile)
        value -= evaluate(state, seat)
        if denial and others and state.variant == "competitive":
            gains = [tile_value(state, other, action.tile)[0] - evaluate(state, other) for other in others]
            value += 0.3 * max(gains)
        if value > best_value:
            best, best_value = action, value
    return best


def _best_discard(state: State, seat: int, actions: list[Action]) -> Action:
    """2 players: discard so the other player's best remaining tile is worth least to them,
    counting a Dispatch icon as wolves for both of us (a wash) but a little worse for the one behind."""
    other = (seat + 1) % state.seats
    best, best_value = actions[0], float("inf")
    for action in actions:
        assert isinstance(action, DiscardTile)
        remaining = [tile for tile in state.revealed if tile != action.tile]
        if remaining:
            value = max(tile_value(state, other, tile)[0] for tile in dict.fromkeys(remaining))
        else:
            value = 0.0
        if value < best_value:
            best, best_value = action, value
    return best


def _best_pour(state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """The planned pouring's first cauldron (:func:`.pouring.planned_pour`), or the
    greedy choice when no wolf is worth one."""
    return planned_pour(state, seat, actions) or _greedy(state, seat, actions, rng)


def _token_value(state: State, seat: int, token: str) -> float:
    """The best estimate reached by putting ``token`` on one of the seat's locations."""
    trial = replace(state, pending=(Pending("village_place", seat=seat, tile=token),))
    return max(
        (evaluate(apply(trial, action), seat) for action in legal_actions(trial)),
        default=float("-inf"),
    )


def _best_village(state: State, seat: int, actions: list[Action]) -> Action:
    """A face-up token is worth its best location; a blind draw the average of the
    stack's tokens at their best locations."""
    best, best_value = actions[0], float("-inf")
    for action in actions:
        assert isinstance(action, TakeVillage)
        if action.token:
            value = _token_value(state, seat, action.token)
        else:
            tokens = stack_tokens(state, action.colour)
            value = sum(_token_value(state, seat, token) for token in tokens) / len(tokens)
        if value > best_value:
            best, best_value = action, value
    return best
