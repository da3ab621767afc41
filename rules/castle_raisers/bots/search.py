"""Castle Raisers co-operative and solo bot, level hard: Monte Carlo rollouts.

The hand-written estimate of :mod:`.coop` judges a position well enough to
play most small decisions, but not the big one of each turn: which Wall tile
to take and where to put it. Its worth shows only ages later (a wall grown
tall enough to hold the wolves, a Village token scoring in two sections, a
Threat card met or not). So for that decision the bot plays the game out.

The candidates are the few (tile, slot) pairs the estimate likes best, after
the turn's effects are played out greedily. Each is played out several times:
chance is drawn at random (a game of Castle Raisers has no hidden order, every
stack is a known multiset, so a drawn future is a fair sample of what may
come), and every player's decisions are taken by a quick policy
(:func:`quick_action`: the estimate one step ahead, for a draft two of the
face-up tiles at their best slot). Every candidate sees the same random draws
(common random numbers), so their means differ by the choice and less by luck.

The playouts go by successive halving: all candidates a few playouts each,
then the better half as many again, until two are left; the best mean is
played. Solo and 2-player playouts go to Game End (a failed Threat card costs
as much as a lost game, and more the further it fell short; a win adds a
bonus); 3-4 player ones stop at the next age, where the estimate judges, as a
playout to Game End is too long for a team that size to get enough of them.
How many playouts a round takes is a budget of work (turns played out), so
the late decisions, whose playouts are short, get more of them. A playout's
placement takes the slot its draft already found best for the tile. Where
the time goes (a solo draft, profiled): about two thirds in the estimate the
quick policy asks, a fifth in the engine's own steps.

How much work a decision gets: a work budget in playouts when the driver gives one
(``rules.core.search.work_budget``: tests and benchmarks, so the same state and seed
always give the same choice), else the thinking time the app gives
(``rules.core.bots.thinking_time``): the first draw says how long a playout takes and the
halving is planned to fill the time left, the clock asked after every playout; with
neither, :data:`PLAYOUT_WORK`. Teams of 3 and 4 also play out their End of Age line picks
(:func:`search_line`), where one step ahead each player took the line best for the team
at once, whatever it left the players still to pick.
"""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

import msgspec
from castletui.rules.castle_raisers import geometry
from castletui.rules.castle_raisers.apply import apply
from castletui.rules.castle_raisers.bots import coop
from castletui.rules.castle_raisers.bots.pouring import planned_pour
from castletui.rules.castle_raisers.chance import chance_outcomes
from castletui.rules.castle_raisers.edition import THREATS
from castletui.rules.castle_raisers.flow import to_move
from castletui.rules.castle_raisers.legal import legal_actions
from castletui.rules.castle_raisers.queries import wolves_score
from castletui.rules.castle_raisers.scoring import result, threat_met
from castletui.rules.castle_raisers.sheet import wolves_entering
from castletui.rules.castle_raisers.state import (
    Action,
    Castle,
    DraftTile,
    Pending,
    PlaceTile,
    State,
    TakeVillage,
)
from castletui.rules.core import CHANCE, sample_outcome
from castletui.rules.core.bots import has_thinking_time, time_up, time_used
from castletui.rules.core.search import MOST_ROUNDS, rounds_for

replace = msgspec.structs.replace

CANDIDATES = 5
"""How many (tile, slot) pairs, best first by the estimate, are played out. 5 halve to 2 in
one round where 6 took two (6, 3, 2): a draft costs about a third less, which keeps the median
under 300 ms with 2 to 4 players (it was 294-319 ms at 6 on an idle machine). Seeds 0-99 at
5 won 47 solo and 23 with 2 players, at 6 (before the estimate valued two covered icons) 44
and 11; 12 candidates won no more than 6 (10 and 14 of solo seeds 3000-3047)."""
PLAYOUT_WORK = 48
"""The work a candidate's playouts get in each round of the halving, in turns played out
(a turn is one player's tile: a playout from a decision runs about ``seats * (tiles left + 1)``
of them). So a decision late in the game, whose playouts are short, gets more of them, and
an early one, whose playouts are long, fewer: every decision costs about the same, and the
late ones, where a wrong tile can no longer be made up for, are judged on more draws.
With :data:`CANDIDATES` at 5, a draft's median CPU on an idle machine was 147, 180, 190 and
200 ms with 1 to 4 players, all playouts to Game End at 2 or more a round
(``benchmarks/castle_raisers_coop.py`` reports it under load). Since then a playout's
placement reuses its draft's slot (about a tenth less work) and 3-4 player playouts stop at
the next age (:data:`PLAYOUTS_MIN_BY_SEATS` gives the work that costs); the machine of
2026-12-01 is about 3 times slower than that one.
More work bought no measurable strength: solo seeds 2000-2023 won 10, 12 and 12 of 24
at 24, 72 and 216 (means 72.9, 81.8, 77.4), and seeds 3000-3047 won 14 of 48 at 36,
with 12 candidates instead of 6: 10; weighing 3 tiles a playout instead of 2: 14.
What did help there was a stronger playout policy (the level-normal drafts and
placements, every turn played out: 21 of 48) at four times the cost."""
PLAYOUTS_MIN_BY_SEATS = (2, 2, 6, 6)
"""Never fewer playouts a round than this, by team size (two draws at least, so luck does not
decide alone). Teams of 3 and 4 cut their playouts at the next age (:data:`HORIZON_BY_SEATS`),
and then this minimum is what nearly every decision of the first two ages gets
(:data:`PLAYOUT_WORK` still counts turns to Game End). 3 players, seeds 0-59: at 6, 8 won
and mean 204.1, against 4 and 190.0 with playouts to Game End at 2; to Game End at 6 (three
times the work) 12 and 209.3.
4 players, the first 10 seeds: at 6, 1 won and mean 269.3; at 4, none and 237.9, as to Game End
at 2 (about 240). The work of a draft, counted (median engine steps on the draft states of 3
level-normal games, seeds 100-102): 3 players 5,960 against 10,128 to Game End at 2, 4 players
11,969 against 10,452."""
PLAYOUTS_MAX = 12
"""Never more playouts a round than this (the last decisions of a game are cheap but matter less)."""
HORIZON_BY_SEATS = (99, 99, 1, 1)
"""How many ages a playout goes on, by team size: solo and 2 players to Game End, 3 and 4
players to the next age's first decision, where the estimate judges (from the third age
that is Game End). A 3-player playout from the first draft runs 36 turns, so to Game End
almost every decision got the minimum of 2 playouts a candidate: too few draws to tell
the candidates apart (3 players, seeds 0-59: 4 won, mean 190.0). Cut at the next age they
are short enough for 6 (8 won, 204.1). At 2 players cutting lost (seeds 0-59, at 6: 10 won,
135.6, against 18 and 139.6 to Game End), as it did before the estimate valued a covered
icon (121.7 where level normal made 123.3). Solo playouts are short enough already."""
ROLLOUT_TILES = 2
"""In a playout, how many of the face-up Wall tiles (drawn at random) a drafting player weighs."""
TOKENS_TRIED = 3
"""In a playout, how many face-up Village tokens (drawn at random) are weighed for a Settle."""


THREAT_FAILED = 60.0
"""What a failed Threat card costs a playout: the game is lost whatever the score."""
THREAT_SHORT = 6.0
"""And what each step a failed card fell short costs on top (a tile missing from the cheapest
wall meeting a wall card, a wolf that did not enter for a card asking wolves in). Without it
every playout of a hard card failed alike, the candidates tied on the penalty and the search
played for points as if the card were not there: at 2 players the 8 wall cards of seeds 0-19
all failed, on walls of 13 to 16 tiles (Towering then asked 6 levels: 21 tiles). With it,
the candidate whose playouts come nearer is preferred, and the one that meets the card in
some playouts most."""
WIN_BONUS = 10.0
"""What beating the wolves adds to a playout: a win is worth more than its points."""


def threat_shortfall(castle: Castle, name: str) -> int:
    """How far ``castle`` is from meeting Threat card ``name`` at Game End, in steps:
    tiles for a wall card (levels for a castle typed in without its wall), wolves for a
    card asking wolves in, icons for Iconoclast; 1 for any other card not met, 0 if met."""
    if threat_met(castle, name):
        return 0
    threat = THREATS[name]
    check = threat.check
    if check in ("highest_wall_at_least", "each_section_at_least"):
        if castle.wall:
            return coop.tiles_missing(castle.wall, check, threat.amount)
        if check == "highest_wall_at_least":
            return threat.amount - max(castle.heights)
        return sum(max(0, threat.amount - height) for height in castle.heights)
    entering = [wolves_entering(castle, section) for section in range(3)]
    if check == "wolves_enter_each_section":
        return sum(max(0, threat.amount - n) for n in entering)
    if check == "wolves_enter_total_at_least":
        return threat.amount - sum(entering)
    if check == "no_starting_icon_visible":
        return len(geometry.visible_starting_icons(castle.board, castle.wall))
    return 1


def outcome_value(state: State) -> float:
    """How good a finished game is for the team."""
    sheet = result(state)
    value = float(sum(sheet.scores))
    short = [threat_shortfall(castle, name) for castle in state.castles for name in castle.threats]
    if any(short):
        value -= THREAT_FAILED + THREAT_SHORT * sum(short)
    elif value > wolves_score(state.seats):
        value += WIN_BONUS
    return value


def _best_placement(state: State, seat: int, tiles: list[str]) -> tuple[str, PlaceTile] | None:
    """The (tile, slot) whose placement the estimate likes best, effects pending.
    Only the placing player's castle changes, so only its share is worked out."""
    incoming, future = coop._incoming(state)
    best, best_value = None, float("-inf")
    for tile in tiles:
        drafted = apply(state, DraftTile(tile)) if state.pending[-1].kind == "draft" else state
        for action in legal_actions(drafted):
            value = coop.castle_estimate(apply(drafted, action), seat, incoming, future)
            if value > best_value:
                best, best_value = (tile, action), value
    return best


def _one_step(state: State, actions: list[Action], rng: random.Random, seat: int = -1) -> Action:
    """The action the estimate likes best one step ahead: the team's, or only
    ``seat``'s castle when nothing else can change."""
    if seat >= 0:
        incoming, future = coop._incoming(state)

        def judge(after: State) -> float:
            return coop.castle_estimate(after, seat, incoming, future)
    else:
        judge = coop.team_estimate
    best: list[Action] = []
    best_value = float("-inf")
    for action in actions:
        value = judge(apply(state, action))
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


REMOVE_FIRST = ("ladder", "vicious", "archer", "soldier")
"""Co-op Dispatch in a playout: the wolves sent back first (a ladder lets a whole region in)."""


def _token_choice(state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """A face-up Village token at its best location for the castle (a blind draw
    only when no face-up token may be taken)."""
    face_up = [action for action in actions if isinstance(action, TakeVillage) and action.token]
    if not face_up:
        return rng.choice(actions)
    if len(face_up) > TOKENS_TRIED:
        face_up = rng.sample(face_up, TOKENS_TRIED)
    incoming, future = coop._incoming(state)
    best, best_value = face_up[0], float("-inf")
    for action in face_up:
        trial = replace(state, pending=(Pending("village_place", seat=seat, tile=action.token),))
        for place in legal_actions(trial):
            value = coop.castle_estimate(apply(trial, place), seat, incoming, future)
            if value > best_value:
                best, best_value = action, value
    return best


def _quick_draft(
    state: State, seat: int, actions: list[Action], rng: random.Random
) -> tuple[Action, PlaceTile | None]:
    """A playout's draft: the best of :data:`ROLLOUT_TILES` face-up tiles at its best
    slot, and that slot (the placement that follows takes it without looking again)."""
    tiles = list(dict.fromkeys(action.tile for action in actions if isinstance(action, DraftTile)))
    if len(tiles) > ROLLOUT_TILES:
        tiles = rng.sample(tiles, ROLLOUT_TILES)
    best = _best_placement(state, seat, tiles)
    return (DraftTile(best[0]), best[1]) if best else (actions[0], None)


def quick_action(state: State, rng: random.Random) -> Action:
    """The playout policy for whoever is to move: quick, and good enough to tell
    a strong position from a weak one."""
    seat = to_move(state)
    if seat == CHANCE:
        return sample_outcome(chance_outcomes(state), rng)
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    kind = state.pending[-1].kind
    if kind == "draft":
        return _quick_draft(state, seat, actions, rng)[0]
    if kind == "place":
        best = _best_placement(state, seat, [state.pending[-1].tile])
        return best[1] if best else actions[0]
    if kind == "pour":
        if coop._wants_wolves_in(state.castles[seat]):
            # a Threat card asks for wolves in: the estimate weighs it, a fixed plan would not
            return _one_step(state, actions, rng, seat)
        return planned_pour(state, seat, actions) or _one_step(state, actions, rng, seat)
    if kind == "village_take":
        return _token_choice(state, seat, actions, rng)
    if kind == "remove_wolf":
        return min(
            actions,
            key=lambda action: (REMOVE_FIRST.index(action.wolf), -sum(state.lines[action.line].wolves)),
        )
    if kind in ("village_place", "fortify", "order", "start_village"):
        return _one_step(state, actions, rng, seat)
    return _one_step(state, actions, rng)


def playout(state: State, rng: random.Random, horizon: int = 99) -> State:
    """The game played on by :func:`quick_action` for everyone: to its end, or
    to the first decision of a person in age ``horizon`` (its lines laid out)."""
    planned: PlaceTile | None = None
    while (who := to_move(state)) is not None:
        if state.age >= horizon and who != CHANCE:
            break
        top = state.pending[-1]
        if top.kind == "draft" and len(actions := legal_actions(state)) > 1:
            action, planned = _quick_draft(state, who, actions, rng)
        elif planned is not None and top.kind == "place":
            # the draft just weighed every slot for this tile: the same choice, not weighed again
            action, planned = planned, None
        else:
            action, planned = quick_action(state, rng), None
        state = apply(state, action)
    return state


def playout_value(state: State) -> float:
    """What a playout reached is worth: the outcome of a finished game, else the estimate."""
    return outcome_value(state) if state.finished else coop.team_estimate(state)


def _candidates(state: State, seat: int) -> list[tuple[str, PlaceTile]]:
    """The (tile, slot) pairs worth playing out, best first by the estimate after the turn."""
    top = state.pending[-1]
    tiles = list(dict.fromkeys(state.revealed)) if top.kind == "draft" else [top.tile]
    found = []
    for tile in tiles:
        for value, slot in coop._placement_values(state, seat, tile):
            found.append((value, tile, slot))
    found.sort(key=lambda item: -item[0])
    return [(tile, slot) for _, tile, slot in found[:CANDIDATES]]


def playouts_per_round(state: State) -> int:
    """How many playouts each candidate gets in a round of the halving (:data:`PLAYOUT_WORK`,
    within :data:`PLAYOUTS_MIN_BY_SEATS` and :data:`PLAYOUTS_MAX`)."""
    turns = state.seats * (coop.tiles_left(state) + 1)
    least = PLAYOUTS_MIN_BY_SEATS[state.seats - 1]
    return max(least, min(PLAYOUTS_MAX, round(PLAYOUT_WORK / turns)))


def halving_sizes(candidates: int) -> list[int]:
    """How many candidates are still in at each round of the halving (5: [5, 2])."""
    sizes = [candidates]
    while sizes[-1] > 2:
        sizes.append(max(2, sizes[-1] // 2))
    return sizes


def given_playouts() -> int | None:
    """The work the driver gave the decision (:func:`rules.core.search.work_budget`),
    read as playouts (one candidate played out on one draw); None when it gave none
    (then the thinking time, if any, or :data:`PLAYOUT_WORK` decides)."""
    given = rounds_for(_OWN_WORK)
    if given == _OWN_WORK.rounds or (given == MOST_ROUNDS and has_thinking_time()):
        return None
    return given


_OWN_WORK = SimpleNamespace(rounds=0)
"""Stands for this search's hooks when asking :func:`rules.core.search.rounds_for` what the
driver gave: 0 (a budget nobody gives) comes back when it gave no budget and no time."""


def planned_batches(playouts: int, sizes: list[int]) -> list[int]:
    """Draws per round of the halving for ``playouts`` in all: the same number every round,
    and what that leaves over to the last round (the finalists, whose gap is narrowest)."""
    per_round = max(1, playouts // sum(sizes))
    batches = [per_round] * len(sizes)
    batches[-1] += max(0, playouts - per_round * sum(sizes)) // sizes[-1]
    return batches


TIME_SHARE = 0.9
"""The share of the time left a timed search plans to fill (playouts vary in length; the
clock stops it in any case, after the playout that used the time)."""


def search_placement(state: State, seat: int, rng: random.Random) -> tuple[str, PlaceTile]:
    """The (tile, slot) with the best mean playout value (draft or place decision),
    by :func:`best_start` over the :func:`_candidates`."""
    started = time.monotonic()
    candidates = _candidates(state, seat)
    if len(candidates) == 1:
        return candidates[0]
    drafting = state.pending[-1].kind == "draft"
    starts = []
    for tile, slot in candidates:
        start = apply(state, DraftTile(tile)) if drafting else state
        starts.append(apply(start, slot))
    return candidates[best_start(state, starts, rng, started)]


def best_start(state: State, starts: list[State], rng: random.Random, started: float) -> int:
    """Which of ``starts`` (the states each candidate choice leads to from ``state``) has
    the best mean playout value.

    Successive halving: every candidate is played out a few times,
    the better half goes on with as many again, and so on until two are left,
    every survivor always judged on the same draws. How many a round: a work budget
    given by the driver (:func:`given_playouts`, spread by :func:`planned_batches`),
    else a thinking time (the same spread of as many playouts as the first draw says
    the time left holds; ``started``: when the decision began), else
    :func:`playouts_per_round`. The clock (:func:`rules.core.bots.time_up`) is asked after
    every playout, the budget once each candidate has had one draw; when it is used up, the
    best of those still in after the draws played out for every one of them is played (the
    first start, if the time ran out before every one was played out once: ``starts`` come
    best first by the estimate)."""
    horizon = state.age + HORIZON_BY_SEATS[state.seats - 1]
    sizes = halving_sizes(len(starts))
    given = given_playouts()
    timed = given is None and has_thinking_time()
    if given is not None:
        batches = planned_batches(given, sizes)
    elif timed:
        batches = [1] * len(sizes)  # until the first draw says how long a playout takes
    else:
        batches = [playouts_per_round(state)] * len(sizes)
    played = 0
    playing = time.monotonic()

    def spent() -> bool:
        if given is not None:
            return played >= given
        if time_up():
            return True
        # not another playout if the time left is shorter than one takes on average: the
        # clock stops the search after the playout that crossed it, so a player would wait
        # that much longer (on a busy machine a playout is a tenth of a second of wall time)
        used = time_used()
        now = time.monotonic()
        return used > 0 and (now - started) * (1.0 - used) / used < (now - playing) / played

    alive = list(range(len(starts)))
    totals = [0.0] * len(starts)
    judged = False  # every candidate has been played out on one draw at least
    for round_number in range(len(sizes)):
        # a draw at a time for every candidate alive, so that when the budget or the
        # time is used up they have all been judged on the same draws; a round's values
        # are summed apart and then added, as they always were (the same floats)
        sums = dict.fromkeys(alive, 0.0)
        stop = False
        draws = 0
        while draws < batches[round_number]:
            seed = rng.getrandbits(32)
            # a playout is up to a few tens of ms, and a draw not played out for every
            # candidate alive counts for none; the clock is asked in the first draw too (on
            # a busy machine it may be all the time holds: then the first start is played,
            # the one the estimate likes best), a budget only after it
            drawn = time.monotonic()
            values = {}
            for index in alive:
                values[index] = playout_value(playout(starts[index], random.Random(seed), horizon))
                played += 1
                if (judged or timed) and spent():
                    break
            if len(values) < len(alive):
                stop = True
                break
            draws += 1
            if not judged and timed:
                batches = timed_batches(started, drawn, time.monotonic(), time_used(), len(alive), sizes)
            judged = True
            for index in alive:
                sums[index] += values[index]
            if spent():
                stop = True
                break
        for index in alive:
            totals[index] += sums[index]
        if stop or round_number == len(sizes) - 1:
            break
        alive.sort(key=lambda index: (-totals[index], index))
        alive = alive[: sizes[round_number + 1]]
    return max(alive, key=lambda index: (totals[index], -index))


def timed_batches(
    started: float, drawn: float, now: float, used: float, alive: int, sizes: list[int]
) -> list[int]:
    """The draws per round a thinking time holds, worked out ``now`` (``time.monotonic``),
    once the first draw is played: it began at ``drawn`` and played ``alive`` playouts,
    and the decision, begun at ``started``, has used the share ``used`` of its time.
    The playouts the time left is good for (:data:`TIME_SHARE` of it), spread by
    :func:`planned_batches`."""
    if used >= 1.0:
        return [1] * len(sizes)
    per_playout = max(1e-6, (now - drawn) / alive)
    left = (now - started) * (1.0 - used) / max(used, 1e-6)
    return planned_batches(alive + int(TIME_SHARE * left / per_playout), sizes)


LINE_SEARCH_SEATS = 3
"""From how many players on the hard bot plays out its End of Age line picks too. Looking one
step ahead, each player took the line best for the team right now, whatever it left the
players still to pick; a playout has them all pick (a team of 4 shares 7 lines) and judges
where the wolves went together."""


def search_line(state: State, rng: random.Random) -> Action:
    """The End of Age line whose playouts (the rest of the picks, then on to the next
    age) are worth most to the team, by :func:`best_start`."""
    started = time.monotonic()
    # best first by the estimate: what is played if the time runs out before every line is played out
    actions = legal_actions(state)
    afters = [apply(state, action) for action in actions]
    order = sorted(range(len(actions)), key=lambda index: (-coop.team_estimate(afters[index]), index))
    best = best_start(state, [afters[index] for index in order], rng, started)
    return actions[order[best]]


_PLANNED: dict[bytes, PlaceTile] = {}
"""The slot chosen with each drafted tile, keyed by the state right after the draft,
so the placing decision that follows does not search again (a small, bounded memo:
a miss, after a save is reopened say, just searches the slots again)."""


def search_action(state: State, seat: int, rng: random.Random) -> Action:
    """The hard co-op bot's draft or placement."""
    top = state.pending[-1]
    if top.kind == "place":
        planned = _PLANNED.pop(msgspec.json.encode(state), None)
        if planned is not None and planned in legal_actions(state):
            return planned
        return search_placement(state, seat, rng)[1]
    tile, slot = search_placement(state, seat, rng)
    if len(_PLANNED) > 64:
        _PLANNED.clear()
    _PLANNED[msgspec.json.encode(apply(state, DraftTile(tile)))] = slot
    return DraftTile(tile)
