"""Castle Raisers bot for the co-operative and solo variants (levels normal and hard).

The team plays against the wolves, so every choice is judged by one number:
:func:`team_estimate`, the team's expected Game End total. It projects what the
score sheet does not yet show: the wolves of the Attack-token lines (this age's,
split over the team, face-down ones spread by the Attack tokens left, and the
lines of the ages still to come), the walls still to be raised, the Defenders
on the wall that will pour at every End of Age to come, the archers' arrows,
the chance that a ladder lets a whole region in, and how far each Threat card
still is from being met. Wolves that would enter are counted smoothly (a soft
hinge over wolves minus wall height, sharpening as the game nears its end) so a
level of wall or a removed wolf is worth something before the region overflows.
Icons left showing on the wall are worth part of what they give when a later
tile covers them, so a tile's own icons count as well as those it covers.

Choosing a tile (and where to place it) plays the rest of the turn out: every
covered icon fires, and its follow-up decisions (order, Village token,
Fortification tiles, cauldrons, wolves sent back) are answered greedily, chance
taking its likeliest outcome. With 2 players the first also weighs the best
tile it leaves its team-mate, and discards so the team-mate keeps the best one.
Other decisions look one step ahead, averaging over chance when it has few
outcomes (a face-down line revealed or picked, a blind Village token).
"""

from __future__ import annotations

import itertools
import math
import random
from functools import cache, lru_cache

import msgspec
from castletui.rules.castle_raisers import geometry
from castletui.rules.castle_raisers.apply import apply
from castletui.rules.castle_raisers.bots.pouring import planned_pour
from castletui.rules.castle_raisers.chance import chance_outcomes
from castletui.rules.castle_raisers.edition import (
    ARCHER,
    EDITION,
    LADDER,
    PORTIONS,
    SECTION_LOCATIONS,
    THREATS,
    TOKENS,
    VICIOUS,
    WOLVES_IN_BAG,
)
from castletui.rules.castle_raisers.flow import AGES, ROUNDS_PER_AGE, to_move
from castletui.rules.castle_raisers.legal import legal_actions
from castletui.rules.castle_raisers.scoring import threat_met
from castletui.rules.castle_raisers.sheet import ability_count, ability_counts, condition_points
from castletui.rules.castle_raisers.state import (
    Action,
    Castle,
    DiscardTile,
    DraftTile,
    Line,
    Pending,
    PlaceTile,
    State,
    TakeVillage,
)
from castletui.rules.castle_raisers.supplies import stack_tokens
from castletui.rules.core import CHANCE

replace = msgspec.structs.replace

PER_WOLF = float(-EDITION.coop.points_per_wolf_entered)
"""What a wolf that enters costs the team."""
LINES_BY_PLAYERS = EDITION.coop.lines_by_players
WOLVES_PER_LINE = EDITION.coop.wolves_per_line_by_age
_BAG_TOTAL = sum(WOLVES_IN_BAG)
KIND_SHARE = tuple(n / _BAG_TOTAL for n in WOLVES_IN_BAG)
"""The share of each wolf kind in a fresh bag: what an unseen future wolf is likely to be."""

FUTURE_REMOVED = 0.5
"""The share of the wolves of ages to come the team is expected to send back or defeat before they count."""
GROWTH_PER_TILE = 0.22
"""How much higher, on average, a section's wall gets for each tile the player still places."""
LADDER_STAYS = 0.85
"""The chance a ladder already in a region is still there at Game End (cauldrons go for it first)."""
DEFENDER_WORTH = 0.8
"""The share of a visible Defender's cauldrons, at every End of Age to come, that finds a wolf."""
THREAT_STEP = 12.0
"""What one step short of a Threat card costs (a failed card loses the game)."""
ENTER_WEIGHT = 2.5
"""Threat cards asking wolves in weigh more: the walls and cauldrons work against them all game."""
CRUMBLING_WEIGHT = 1.0
"""Crumbling Foundation: the weight of each level a section is short."""
ICON_COVER = 0.7
"""How likely an icon showing on the wall is to be covered by a later tile (scaled by tiles left)."""
ICON_BASE = {"VIL": 6.0, "PRE": 1.0, "FOR": 0.5, "DIS": 3.0, "DEF": 0.0}
ICON_PER_COUNT = {"VIL": 0.0, "PRE": 2.0, "FOR": 2.5, "DIS": 1.8, "DEF": 1.5}
"""What firing an icon is roughly worth to the team: a base and a part per icon of its count
(a Defender also pours at every End of Age while it shows: counted with the wolves)."""


def _softplus(x: float, temperature: float = 1.0) -> float:
    x /= temperature
    if x > 20:
        return x * temperature
    return temperature * math.log1p(math.exp(x))


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def tiles_left(state: State) -> int:
    """Wall tiles each player still places after the current one (an upper bound)."""
    if state.finished or state.age == 0:
        return 0 if state.finished else AGES * ROUNDS_PER_AGE
    return (AGES - state.age) * ROUNDS_PER_AGE + (ROUNDS_PER_AGE - state.round)


def _ends_left(state: State) -> int:
    """End of Age steps still to come (each pours the Defenders and fires the archers)."""
    if state.finished:
        return 0
    ends = max(0, AGES - state.age + 1)
    next_age = arrows = False
    for task in state.pending:
        kind = task.kind
        next_age = next_age or kind == "next_age"
        arrows = arrows or kind == "arrows"
    if next_age and not arrows:
        ends -= 1  # this age's End of Age has already fired
    return ends


def _incoming(state: State) -> tuple[list[list[float]], float]:
    """Per region and wolf kind, the wolves the lines are expected to bring to each player:
    this age's lines shared over the team, then the lines of the ages to come (also
    returned alone: the wolves per region the ages to come are expected to bring).
    Callers must not change the lists: they are kept per lines, supply, team and age."""
    return _incoming_for(state.lines, state.attack_supply, state.seats, state.age)


@lru_cache(maxsize=1024)
def _incoming_for(
    lines: tuple[Line, ...], supply: tuple[int, ...], seats: int, age: int
) -> tuple[list[list[float]], float]:
    """:func:`_incoming` from what it reads of the state: the quick policy asks it at
    every decision of a playout, and the lines change a few times a round."""
    share = 1.0 / seats
    total_supply = sum(supply) or 1
    incoming = [[0.0] * 4 for _ in range(3)]
    for line in lines:
        if line.picked:
            continue
        if line.region >= 0:
            weights = [0.0, 0.0, 0.0]
            weights[line.region] = 1.0
        else:
            weights = [n / total_supply for n in supply]
        for region in range(3):
            w = weights[region] * share
            if w:
                for kind in range(4):
                    incoming[region][kind] += w * line.wolves[kind]
    team_lines = LINES_BY_PLAYERS[seats - 1]
    future = sum(WOLVES_PER_LINE[later - 1] for later in range(age + 1, AGES + 1)) if age else 0
    if age == 0:
        future = sum(WOLVES_PER_LINE)
    per_region = team_lines * future * share * (1.0 - FUTURE_REMOVED) / 3.0
    if per_region:
        for region in range(3):
            for kind in range(4):
                incoming[region][kind] += per_region * KIND_SHARE[kind]
    return incoming, per_region


ESTIMATES_KEPT = 20_000
"""How many castle estimates :data:`_ESTIMATES` keeps before it starts again: a 4-player
draft search works out up to about 10,000, and the hits are nearly all within one search (each
entry keeps its castle, steps and lines alive: a few tens of MB at most)."""
_ESTIMATES: dict[tuple, tuple[list[list[float]], float]] = {}
"""Castle estimates already worked out (teams of 3 and 4), by everything the estimate reads.
A playout weighs a choice of one player (a line to pick, a slot) by the whole team's estimate,
and the other castles are judged again in the same position: about a third of the calls of a
3-player draft search. The entry holds ``incoming`` too: the key has its id, which no other
list can take while the entry keeps it alive."""
MEMO_SEATS = 3
"""From how many players on the estimates are kept: solo and with 2 the castle weighed has
nearly always just changed (5% of a solo search's calls are asked again), and the key would
cost more than it saves (10% more instructions in a solo search; 10% fewer with 3)."""


def castle_estimate(state: State, seat: int, incoming: list[list[float]], future: float = 0.0) -> float:
    """One castle's expected share of the team's Game End total (:func:`_castle_estimate`);
    with 3 or 4 players looked up when it was already worked out in the same position."""
    left = tiles_left(state)
    ends = _ends_left(state)
    if state.seats < MEMO_SEATS:
        return _castle_estimate(state, seat, incoming, future, left, ends)
    # what _castle_estimate reads: the castle, the steps pending for the seat, tiles_left,
    # _ends_left, the supplies and the lines (for a Dispatch pending), incoming and future
    key = (
        state.castles[seat],
        seat,
        tuple([task for task in state.pending if task.seat == seat]),
        left,
        ends,
        state.finished,
        state.fortified_defenders_fire,
        state.prestige_supply,
        state.fortification_supply,
        state.seats,
        state.lines,
        id(incoming),
        future,
    )
    known = _ESTIMATES.get(key)
    if known is not None:
        return known[1]
    value = _castle_estimate(state, seat, incoming, future, left, ends)
    if len(_ESTIMATES) >= ESTIMATES_KEPT:
        _ESTIMATES.clear()
    _ESTIMATES[key] = (incoming, value)
    return value


def _castle_estimate(
    state: State, seat: int, incoming: list[list[float]], future: float, left: int, ends: int
) -> float:
    """:func:`castle_estimate` worked out (``left``: :func:`tiles_left`, ``ends``: :func:`_ends_left`).

    The quick policy of the search asks this a hundred thousand times a draft, so
    what depends only on the Village layout (:func:`_village_features`) or the wall
    (:func:`geometry.visible_wall_icons`) is looked up, not worked out again. The
    terms are still added in the order they always were: the same floats, to the bit."""
    castle: Castle = state.castles[seat]
    heights = castle.heights
    value = 2.0 * sum(castle.prestige) + 3.0 * sum(castle.attack) - castle.arrows + 5.0 * max(heights)
    threats = castle.threats
    # only the older Towering reckoning (WALL_GOALS off) reads it: costly, so not worked out otherwise
    progress = peak_progress(castle.wall, left) if left and threats and not WALL_GOALS else 0.0
    counts, icon_worth, section_tokens, spread = _village_features(castle.village)
    open_end = bool(left or ends)
    growth = GROWTH_PER_TILE * left
    # the further the game, the more the hinge sharpens towards the real count
    temperature = 0.3 + 0.7 * min(1.0, (left + ends) / 6.0)
    defence = [0.0, 0.0, 0.0]
    if castle.wall and open_end:
        icons = geometry.visible_wall_icons(castle.board, castle.wall, state.fortified_defenders_fire)
        # an icon left showing may be covered (and fire) by a tile still to come
        cover = ICON_COVER * min(1.0, 2.0 * left / max(1, len(icons)))
        for ability, section, _, _ in icons:
            if cover:
                value += cover * icon_worth[section][ability]
            if ability == "DEF" and ends:
                defence[section] += DEFENDER_WORTH * ends * counts[section]["DEF"]
    wolves = castle.wolves
    entering_expected = [0.0, 0.0, 0.0]
    wants_in = bool(threats) and _threats_want_wolves(threats)
    for region in range(3):
        base = region * 4
        come = incoming[region]
        total = (
            (wolves[base] + wolves[base + 1] + wolves[base + 2] + wolves[base + 3])
            + sum(come)
            - defence[region]
        )
        capacity = heights[region] + growth
        ladder_now = wolves[base + LADDER] > 0
        p_ladder = LADDER_STAYS if ladder_now else 0.0
        if not open_end:
            p_ladder = 1.0 if ladder_now else 0.0
        p_ladder = 1.0 - (1.0 - p_ladder) * math.exp(-0.8 * come[LADDER])
        over = _softplus(total - capacity, temperature) if open_end else max(0.0, total - capacity)
        entering = p_ladder * max(total, 0.0) + (1.0 - p_ladder) * over
        entering_expected[region] = entering
        if wants_in:
            # Threat cards asking wolves in: count only on the wolves already seen
            seen = total - future
            entering_expected[region] = p_ladder * max(seen, 0.0) + (1.0 - p_ladder) * (
                _softplus(seen - capacity, temperature) if open_end else max(0.0, seen - capacity)
            )
        value -= PER_WOLF * entering
        # archers fire at every End of Age to come; the vicious ones are hard to clear
        value -= (wolves[base + ARCHER] + come[ARCHER]) * ends * 0.9
        value -= 0.3 * wolves[base + VICIOUS]
        tokens = section_tokens[region]
        if tokens:
            none_enter = (1.0 - p_ladder) * (
                _sigmoid((2.0 * (capacity - total) - 1.0) / temperature)
                if open_end
                else float(total <= capacity)
            )
            for token_id, condition, points, fixed in tokens:
                value += _token_estimate(castle, token_id, condition, points, fixed, region, none_enter)
    if left:
        weight = min(1.0, left / 6.0)
        for section in range(3):
            value += weight * spread[section]
    for task in reversed(state.pending):  # in the order they will be taken
        if task.seat == seat:
            value += _pending_value(state, castle, task)
    if threats:
        value -= _threat_shortfall(state, castle, entering_expected, progress, seat)
    return value


@lru_cache(maxsize=8192)
def _counts(village: tuple[str, ...]) -> tuple[dict[str, int], ...]:
    """Per section, each ability's count (:func:`ability_count`), kept per Village layout:
    the estimate asks for them thousands of times a decision, the layout seldom changes.
    Callers must not change the dicts."""
    return ability_counts(Castle(village=village))


FIXED_CONDITIONS = ("colour", "empty")
"""Village conditions whose points depend on the Village layout alone (worked out once per layout)."""


@lru_cache(maxsize=8192)
def _village_features(
    village: tuple[str, ...],
) -> tuple[
    tuple[dict[str, int], ...],
    tuple[dict[str, float], ...],
    tuple[tuple[tuple[str, str, int, float], ...], ...],
    tuple[float, ...],
]:
    """What the estimate reads of a Village layout, kept per layout (it seldom changes):
    the ability counts (:func:`_counts`); per section, what firing each ability is
    worth (``ICON_BASE`` and ``ICON_PER_COUNT`` at its count: an icon showing there
    counts it when a later tile may cover it); per section, each token on it in location
    order as (token, condition, points, fixed score), the fixed score being its
    :func:`condition_points` for the conditions that only the layout decides
    (:data:`FIXED_CONDITIONS`, else 0.0); and per section the worth of spreading
    the abilities (what a tile still to come gains from counts above 1)."""
    counts = _counts(village)
    castle = Castle(village=village)
    section_tokens = []
    for section in range(3):
        found = []
        for location in SECTION_LOCATIONS[section]:
            token_id = village[location]
            if token_id:
                token = TOKENS[token_id]
                fixed = 0.0
                if token.condition in FIXED_CONDITIONS:
                    fixed = float(condition_points(castle, token_id, section))
                found.append((token_id, token.condition, token.points, fixed))
        section_tokens.append(tuple(found))
    spread = tuple(
        0.4 * (count["PRE"] - 1)
        + 0.5 * (count["FOR"] - 1)
        + 0.6 * (count["DIS"] - 1)
        + 0.4 * (count["DEF"] - 1)
        for count in counts
    )
    icon_worth = tuple(
        {ability: ICON_BASE[ability] + ICON_PER_COUNT[ability] * count[ability] for ability in ICON_BASE}
        for count in counts
    )
    return counts, icon_worth, tuple(section_tokens), spread


@lru_cache(maxsize=8192)
def peak_progress(wall: tuple[str, ...], left: int) -> float:
    """How far the wall is towards its next level (0..1): the best share of a
    pyramid one level above the current top already built, if the missing tiles
    can still come (about 1.5 tiles a turn with Fortification tiles)."""
    top = max(
        (
            level
            for level in range(1, geometry.levels(wall) + 1)
            if any(geometry.filled(wall, level, slot) for slot in range(PORTIONS))
        ),
        default=0,
    )
    target = top + 1
    needed = target * (target + 1) // 2
    best = 0.0
    for slot in range(PORTIONS):
        have = sum(
            1
            for level in range(1, target + 1)
            for offset in range(target - level + 1)
            if geometry.filled(wall, level, slot + offset)
        )
        if needed - have <= 1.5 * left + 1:
            best = max(best, have / needed)
    return best


def _token_estimate(
    castle: Castle, token_id: str, condition: str, points: int, fixed: float, section: int, p_none: float
) -> float:
    """A Village token's score as the rules count it now (:func:`condition_points`),
    where the end is still open: weighted by the chance no wolf enters, and with half
    a token more of Attack or Prestige still to come. ``fixed`` is its score when the
    Village layout alone decides it (:data:`FIXED_CONDITIONS`, from :func:`_village_features`)."""
    if condition == "no_wolves":
        return points * p_none
    if condition in FIXED_CONDITIONS:
        return fixed
    score = float(condition_points(castle, token_id, section))
    if condition in ("attack", "prestige"):
        score += 0.5 * points
    return score


def _threat_shortfall(
    state: State, castle: Castle, entering: list[float], progress: float, seat: int = -1
) -> float:
    """How far the castle's Threat cards still are from being met, in points."""
    cost = 0.0
    for name in castle.threats:
        threat = THREATS[name]
        check = threat.check
        if check in ("highest_wall_at_least", "each_section_at_least"):
            if WALL_GOALS:
                cost += _wall_threat_cost(state, seat, castle, check, threat.amount)
            elif check == "highest_wall_at_least":
                short = max(0, threat.amount - max(castle.heights))
                cost += THREAT_STEP * (short - (progress if short else 0.0))
            else:
                cost += (
                    THREAT_STEP * CRUMBLING_WEIGHT * sum(max(0, threat.amount - h) for h in castle.heights)
                )
        elif check == "no_starting_icon_visible":
            cost += 0.6 * THREAT_STEP * len(geometry.visible_starting_icons(castle.board, castle.wall))
        elif check == "no_border_villagers" or check == "villagers_per_section_at_most":
            cost += 0.0 if threat_met(castle, name) else 3 * THREAT_STEP
        elif check == "wolves_enter_each_section":
            cost += THREAT_STEP * ENTER_WEIGHT * sum(max(0.0, threat.amount - e) for e in entering)
        elif check == "wolves_enter_total_at_least":
            cost += THREAT_STEP * ENTER_WEIGHT * max(0.0, threat.amount - sum(entering))
    return cost


WALL_GOALS = True
"""Wall Threat cards are judged by the tiles still missing from the cheapest wall that meets them."""
WALL_FAILED = 40.0
"""What a wall Threat card that can no longer be met costs the estimate (scaled by how likely)."""
WALL_PER_TILE = 2.0
"""What each tile still missing from the cheapest wall meeting a Threat card costs."""
FORTIFY_PER_TILE = 0.3
"""Fortification tiles a player is expected to gain for each Wall tile still to place
(no more than the team's share of the supply left)."""


def _support(level: int, slot: int) -> frozenset[tuple[int, int]]:
    """Every slot a tile at ``(level, slot)`` needs under it, itself included."""
    if level == 0:
        return frozenset()
    return frozenset({(level, slot % PORTIONS)}) | _support(level - 1, slot) | _support(level - 1, slot + 1)


@cache
def wall_goals(check: str, amount: int) -> tuple[frozenset[tuple[int, int]], ...]:
    """The smallest sets of slots whose tiles meet a wall Threat card: one tile at
    ``amount`` levels (Towering), or tiles at ``amount`` levels or more over all
    three sections (Crumbling Foundation); supersets a smaller set needs are dropped."""
    if check == "highest_wall_at_least":
        return tuple(_support(amount, slot) for slot in range(PORTIONS))
    tops = [(level, slot) for level in range(amount, amount + 3) for slot in range(PORTIONS)]
    sections = {top: {geometry.COLUMN_SECTION[c] for c in geometry.slot_columns(*top)} for top in tops}
    found: set[frozenset[tuple[int, int]]] = set()
    for size in (1, 2, 3):
        for combo in itertools.combinations(tops, size):
            if set().union(*(sections[top] for top in combo)) == {0, 1, 2}:
                found.add(frozenset().union(*(_support(*top) for top in combo)))
    smallest = min(len(goal) for goal in found)
    return tuple(sorted((goal for goal in found if len(goal) <= smallest + 2), key=len))


@cache
def _goal_masks(check: str, amount: int) -> tuple[int, ...]:
    """:func:`wall_goals` as bit masks over the wall's stored slots (bit ``(level - 1) * 6 + slot``)."""
    return tuple(
        sum(1 << ((level - 1) * PORTIONS + slot % PORTIONS) for level, slot in goal)
        for goal in wall_goals(check, amount)
    )


@lru_cache(maxsize=16384)
def tiles_missing(wall: tuple[str, ...], check: str, amount: int) -> int:
    """How many tiles the wall still lacks for the cheapest wall meeting the card
    (counted on bit masks: the estimate asks it for every wall a playout builds)."""
    have = 0
    for index, piece in enumerate(wall):
        if piece:
            have |= 1 << index
    return min((goal & ~have).bit_count() for goal in _goal_masks(check, amount))


def _wall_threat_cost(state: State, seat: int, castle: Castle, check: str, amount: int) -> float:
    """A wall Threat card: the tiles still missing against those still to come
    (Wall tiles, Fortification tiles pending or expected), as a chance of failing."""
    missing = tiles_missing(castle.wall, check, amount)
    if not missing:
        return 0.0
    left = tiles_left(state)
    pending = sum(task.count for task in state.pending if task.kind == "fortify" and task.seat == seat)
    placing = sum(1 for task in state.pending if task.kind in ("place", "draft") and task.seat == seat)
    fortify = min(FORTIFY_PER_TILE * left, state.fortification_supply / max(1, state.seats))
    coming = left + placing + pending + fortify
    if state.finished or (not left and not placing and not pending):
        return WALL_FAILED + WALL_PER_TILE * missing
    return WALL_FAILED * _sigmoid((missing - coming) / 1.5 + 0.5) + WALL_PER_TILE * missing


def _pending_value(state: State, castle: Castle, task: Pending) -> float:
    """What an effect still to resolve is roughly worth to the team."""
    kind = task.kind
    if kind == "fortify":
        return 3.0 * task.count
    if kind == "pour" and task.section >= 0:
        base = task.section * 4
        return 2.0 * min(task.count, sum(castle.wolves[base : base + 4]))
    if kind in ("village_take", "village_blind", "village_place"):
        return 3.5
    if kind == "coop_dispatch":
        return 3.0
    if kind == "remove_wolf":
        waiting = sum(sum(line.wolves) for line in state.lines)
        return 2.0 * min(task.count, waiting)
    if kind == "fire":
        return _fire_value(state, castle, task.ability, task.section)
    if kind == "order":
        # two icons covered, their order still to choose: both fire all the same. Valued at
        # nothing, a tile covering two icons looked worse than one covering one to every
        # judgement made before the order was chosen (the playouts' placements among them)
        return _fire_value(state, castle, task.ability, task.section) + _fire_value(
            state, castle, task.other_ability, task.other_section
        )
    return 0.0


def _fire_value(state: State, castle: Castle, ability: str, section: int) -> float:
    """What an icon about to fire is worth: what the steps it leaves (as ``flow`` fires
    it) are worth by :func:`_pending_value`; Prestige tokens are taken at once, 2 points each."""
    count = ability_count(castle, ability, section)
    if ability == "PRE":
        return 2.0 * min(count, state.prestige_supply)
    if ability == "VIL":
        steps: tuple[Pending, ...] = (Pending("village_take"),)
    elif ability == "FOR":
        steps = (Pending("fortify", count=min(count, state.fortification_supply)),)
    elif ability == "DIS":
        steps = (Pending("coop_dispatch"), Pending("remove_wolf", count=count))
    elif ability == "DEF":
        steps = (Pending("pour", section=section, count=count),)
    else:
        return 0.0
    return sum(_pending_value(state, castle, step) for step in steps)


def team_estimate(state: State) -> float:
    """The team's expected Game End total (co-operative and solo)."""
    incoming, future = _incoming(state)
    return sum(castle_estimate(state, seat, incoming, future) for seat in range(state.seats))


# --- choosing -------------------------------------------------------------------


def _chance_value(state: State, depth: int) -> float:
    """The estimate, averaged over the next chance step when it has few outcomes."""
    if depth > 0 and state.pending and to_move(state) == CHANCE:
        outcomes = chance_outcomes(state)
        if len(outcomes) <= 8:
            return sum(p * _chance_value(apply(state, a), depth - 1) for a, p in outcomes)
    return team_estimate(state)


def _greedy(state: State, actions: list[Action], rng: random.Random, depth: int = 1) -> Action:
    best: list[Action] = []
    best_value = float("-inf")
    for action in actions:
        value = _chance_value(apply(state, action), depth)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


def _likeliest(state: State) -> Action:
    outcomes = chance_outcomes(state)
    return max(outcomes, key=lambda pair: pair[1])[0]


def finish_turn(state: State, seat: int, budget: int = 12) -> State:
    """Play ``seat``'s pending effects out greedily (chance: its likeliest outcome),
    stopping at the next draft, discard or line pick, or at another seat's decision."""
    rng = random.Random(0)
    for _ in range(budget):
        if not state.pending:
            break
        top = state.pending[-1]
        who = to_move(state)
        if who == CHANCE:
            if top.kind not in ("village_blind", "replenish", "coop_dispatch", "line_region"):
                break
            state = apply(state, _likeliest(state))
            continue
        if who != seat or top.kind in ("draft", "discard", "pick_line", "place"):
            break
        actions = legal_actions(state)
        action = actions[0] if len(actions) == 1 else _quick_choice(state, top, actions, rng)
        state = apply(state, action)
    return state


def _wants_wolves_in(castle: Castle) -> bool:
    """A Threat card asks for wolves to enter: cauldrons then need thought, not a fixed plan."""
    return _threats_want_wolves(castle.threats)


@lru_cache(maxsize=256)
def _threats_want_wolves(threats: tuple[str, ...]) -> bool:
    """:func:`_wants_wolves_in` per hand of Threat cards (a handful of hands in a game)."""
    return any(
        THREATS[name].check in ("wolves_enter_each_section", "wolves_enter_total_at_least")
        for name in threats
    )


def _quick_choice(state: State, top: Pending, actions: list[Action], rng: random.Random) -> Action:
    if top.kind == "pour" and not _wants_wolves_in(state.castles[top.seat]):
        return planned_pour(state, top.seat, actions) or _greedy(state, actions, rng, depth=0)
    return _greedy(state, actions, rng, depth=0)


def _placement_values(state: State, seat: int, tile: str) -> list[tuple[float, PlaceTile]]:
    trial = replace(state, pending=state.pending[:-1] + (Pending("place", seat=seat, tile=tile),))
    found = []
    for action in legal_actions(trial):
        after = finish_turn(apply(trial, action), seat)
        found.append((team_estimate(after), action))
    return found


def tile_worth(state: State, seat: int, tile: str) -> float:
    """The best team estimate reached by placing ``tile`` now and resolving its effects."""
    return max((value for value, _ in _placement_values(state, seat, tile)), default=float("-inf"))


def _best_draft(state: State, seat: int, actions: list[Action]) -> Action:
    """The tile worth most to the team: with 2 players, the first also leaves the
    team-mate the best of what remains (they discard the worst for them)."""
    tiles = list(dict.fromkeys(action.tile for action in actions if isinstance(action, DraftTile)))
    mine = {tile: tile_worth(state, seat, tile) for tile in tiles}
    mate = state.round_order[1] if state.seats == 2 and state.round_order[:1] == (seat,) else -1
    theirs: dict[str, float] = {}
    if mate >= 0 and len(tiles) > 1:
        theirs = {tile: tile_worth(state, mate, tile) for tile in tiles}

    def worth(tile: str) -> float:
        value = mine[tile]
        if theirs:
            value += max(theirs[other] for other in tiles if other != tile)
        return value

    choice = max(tiles, key=worth)
    return next(action for action in actions if isinstance(action, DraftTile) and action.tile == choice)


def _best_place(state: State, seat: int) -> Action:
    tile = state.pending[-1].tile
    values = _placement_values(state, seat, tile)
    return max(values, key=lambda pair: pair[0])[1]


def _best_discard(state: State, seat: int, actions: list[Action]) -> Action:
    """2 players: leave the team-mate the best tile, so discard the one whose removal hurts least."""
    other = (seat + 1) % state.seats
    worth = {tile: tile_worth(state, other, tile) for tile in dict.fromkeys(state.revealed)}
    best, best_value = actions[0], float("-inf")
    for action in actions:
        assert isinstance(action, DiscardTile)
        remaining = [tile for tile in state.revealed if tile != action.tile]
        value = max((worth[tile] for tile in remaining), default=0.0)
        if value > best_value:
            best, best_value = action, value
    return best


def _best_village(state: State, actions: list[Action]) -> Action:
    seat = state.pending[-1].seat
    best, best_value = actions[0], float("-inf")
    for action in actions:
        assert isinstance(action, TakeVillage)
        if action.token:
            value = _token_worth(state, seat, action.token)
        else:
            tokens = stack_tokens(state, action.colour)
            value = sum(_token_worth(state, seat, token) for token in tokens) / len(tokens)
        if value > best_value:
            best, best_value = action, value
    return best


def _token_worth(state: State, seat: int, token: str) -> float:
    trial = replace(state, pending=(Pending("village_place", seat=seat, tile=token),))
    return max(
        (team_estimate(apply(trial, action)) for action in legal_actions(trial)),
        default=float("-inf"),
    )


def coop_action(state: State, seat: int, actions: list[Action], level: str, rng: random.Random) -> Action:
    """The co-operative bot's choice for ``seat`` among ``actions`` (more than one).
    ``hard`` averages over two chance steps after a one-step choice, ``normal`` over one."""
    top = state.pending[-1]
    kind = top.kind
    if kind == "draft":
        return _best_draft(state, seat, actions)
    if kind == "place":
        return _best_place(state, seat)
    if kind == "discard":
        return _best_discard(state, seat, actions)
    if kind == "pour" and not _wants_wolves_in(state.castles[seat]):
        return planned_pour(state, seat, actions) or _greedy(state, actions, rng, depth=0)
    if kind == "village_take":
        return _best_village(state, actions)
    return _greedy(state, actions, rng, depth=2 if level == "hard" else 1)
