"""Castle Raisers flow: whose decision it is, and what the rules do by
themselves between decisions.

The automatic steps (:data:`AUTOMATIC`: set-up, rounds, ages, a covered icon
firing, End of Age, a line's wolves arriving) are taken by
``rules.core.run_automatic`` whenever one is on top of the stack. The rules
also skip a decision that cannot happen (an empty supply, nothing to pour
on): :data:`SKIPPED` says when, for each kind that may be skipped. Every
step that changes the game by itself records an event for the log
(``text.effects`` words them), and so does a skip a player would wonder
about. :func:`settle` runs both after every action until a real decision is
on top.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from castletui.rules.castle_raisers import geometry
from castletui.rules.castle_raisers.chance import CHANCE_KINDS
from castletui.rules.castle_raisers.edition import (
    ARCHER,
    COLOURS,
    EDITION,
    KIND_COUNT,
    LADDER,
    RULES,
    SECTIONS,
    THREATS,
    TILES_BY_AGE,
)
from castletui.rules.castle_raisers.legal import pour_targets, village_choices, village_locations
from castletui.rules.castle_raisers.sheet import ability_count, wolves_entering, wolves_in_region
from castletui.rules.castle_raisers.state import Line, Pending, State
from castletui.rules.castle_raisers.supplies import (
    bump,
    castles_with,
    clockwise_from,
    cooperative,
    dispatch_icons,
    face_up_of,
    has_threat,
    physical_attack_supply,
    stack_tokens,
    threat_amount,
    threat_name,
    threats_allowed,
)
from castletui.rules.core import CHANCE, pushed, recorded, run_automatic
from msgspec.structs import replace

ROUNDS_PER_AGE = RULES.rounds_per_age
AGES = RULES.ages


def to_move(state: State) -> int | None:
    pending = state.pending
    if not pending:
        return None
    step = pending[-1]  # asked at every ply: the top is read without a call
    return CHANCE if step.kind in CHANCE_KINDS else step.seat


def then(state: State, steps: Sequence[Pending] = (), **changes) -> State:
    """``state`` with ``steps`` pushed (the first of them taken first) and ``changes``."""
    if steps:
        changes["pending"] = pushed(state.pending, *steps)
    return replace(state, **changes)


# --- the automatic steps ---------------------------------------------------------


def _lay_out(state: State, step: Pending) -> State:
    """Set-up once the start player holds the Mother Pig: Castle boards, the
    Village board, each player's starting Village token (from the last player
    backwards), Threat cards, and six wolves each, two per region."""
    seats = state.seats
    last_first = tuple(reversed(clockwise_from(state, state.mother_pig)))
    new: list[Pending] = []
    if state.choose_boards:
        new += [Pending("choose_board", seat=seat) for seat in last_first]
    else:
        new += [Pending("draw_board", seat=seat) for seat in range(seats)]
    refill = [Pending("replenish", tile=colour) for colour in COLOURS for _ in range(RULES.village_face_up)]
    new += refill
    new += [Pending("start_village", seat=seat) for seat in last_first]
    # the Village board is refilled only once everyone has taken a starting token
    new += refill
    for seat, count in enumerate(state.threats_by_seat):
        new += [Pending("draw_threat", seat=seat)] * count
    for seat in range(seats):
        new += [
            Pending("wolf", seat=seat, section=region, count=RULES.starting_wolves)
            for region in range(len(SECTIONS))
        ]
    new.append(Pending("age_start"))
    return then(state, new)


def _age_start(state: State, step: Pending) -> State:
    age = state.age + 1
    new: list[Pending] = []
    if cooperative(state):
        new += _lay_out_lines(state, age)
    new.append(Pending("round_start"))
    state = then(state, new, age=age, round=0, wall_stack=TILES_BY_AGE[age], lines=())
    return recorded(state, "age_start", -1, age)


def _lay_out_lines(state: State, age: int) -> list[Pending]:
    """Co-op: X face-down Attack tokens, each with a line of 3/4/5 wolves by age."""
    wanted = EDITION.coop.lines_by_players[state.seats - 1]
    per_line = EDITION.coop.wolves_per_line_by_age[age - 1]
    available = min(wanted, sum(state.attack_supply))
    return [Pending("lay_lines", count=available)] + [
        Pending("line_wolf", section=line, count=per_line) for line in range(available)
    ]


def _lay_lines(state: State, step: Pending) -> State:
    state = then(state, (), lines=tuple(Line() for _ in range(step.count)))
    wanted = EDITION.coop.lines_by_players[state.seats - 1]
    per_line = EDITION.coop.wolves_per_line_by_age[state.age - 1]
    return recorded(state, "lines_laid", -1, step.count, wanted, per_line)


def _round_start(state: State, step: Pending) -> State:
    order = clockwise_from(state, state.mother_pig)
    reveal = EDITION.coop.solo_revealed if state.variant == "solo" else RULES.revealed_per_round
    new = [Pending("reveal") for _ in range(min(reveal, len(state.wall_stack)))]
    for position, seat in enumerate(order):
        new.append(Pending("draft", seat=seat))
        if position == 0 and state.seats == 2:
            new.append(Pending("discard", seat=seat))
    new.append(Pending("round_end"))
    state = then(state, new, round=state.round + 1, round_order=order, revealed=())
    return recorded(state, "round_start", order[0], state.round, state.age)


def _round_end(state: State, step: Pending) -> State:
    new: list[Pending] = []
    if state.seats == 2 and state.discard_attack:
        new += [Pending("wolves_attack") for tile in state.revealed if dispatch_icons(tile)]
    new.append(Pending("round_start") if state.round < ROUNDS_PER_AGE else Pending("end_age"))
    returned = state.revealed
    state = then(state, new, revealed=())
    for tile in returned:
        state = recorded(state, "tile_returned", -1, tile)
    return state


def _end_age(state: State, step: Pending) -> State:
    new: list[Pending] = []
    order = clockwise_from(state, state.mother_pig)
    if cooperative(state) and state.lines:
        picks = [seat for _ in range(2) for seat in order][: len(state.lines)]
        new += [Pending("pick_line", seat=seat) for seat in picks]
        new.append(Pending("return_lines"))
        new += [
            Pending("hungry_pack", seat=seat)
            for seat in order
            if has_threat(state.castles[seat], "extra_wolf_fewest_region")
        ]
    new.append(Pending("end_age_defenders"))
    new.append(Pending("arrows"))
    new.append(Pending("next_age"))
    return recorded(then(state, new, wall_stack=()), "end_age", -1, state.age)


def _end_age_defenders(state: State, step: Pending) -> State:
    """Each visible Defender on Wall tiles pours, separately, as many cauldrons as
    its section's Defender count (worked out now: End of Age adds no Village token)."""
    new = []
    for seat in clockwise_from(state, state.mother_pig):
        castle = state.castles[seat]
        for section in geometry.visible_defenders(castle.board, castle.wall, state.fortified_defenders_fire):
            new.append(
                Pending("pour", seat=seat, section=section, count=ability_count(castle, "DEF", section))
            )
    return then(state, new)


def _hungry_pack(state: State, step: Pending) -> State:
    castle = state.castles[step.seat]
    totals = [wolves_in_region(castle, region) for region in range(len(SECTIONS))]
    region = totals.index(min(totals))
    check = "extra_wolf_fewest_region"
    count = threat_amount(castle, check)
    state = then(state, [Pending("wolf", seat=step.seat, section=region, count=count)])
    return recorded(state, "hungry_pack", step.seat, threat_name(castle, check), count, region)


def _return_lines(state: State, step: Pending) -> State:
    supply = state.attack_supply
    for line in state.lines:
        if line.region >= 0:
            supply = bump(supply, line.region, 1)
    bag = state.bag
    for line in state.lines:
        bag = tuple(b + w for b, w in zip(bag, line.wolves, strict=True))
    tokens = sum(supply) - sum(state.attack_supply)
    wolves = sum(bag) - sum(state.bag)
    state = then(state, (), attack_supply=supply, lines=(), bag=bag)
    return recorded(state, "lines_returned", -1, tokens, wolves)


def _arrows(state: State, step: Pending) -> State:
    supply = state.arrow_supply
    castles = list(state.castles)
    told: list[tuple[int, int, int]] = []
    for seat in clockwise_from(state, state.mother_pig):
        castle = castles[seat]
        archers = sum(castle.wolves[region * KIND_COUNT + ARCHER] for region in range(len(SECTIONS)))
        taken = min(archers, supply)
        if taken:
            supply -= taken
            castles[seat] = replace(castle, arrows=castle.arrows + taken)
        if archers:
            told.append((seat, taken, archers))
    state = then(state, (), castles=tuple(castles), arrow_supply=supply)
    for seat, taken, archers in told:
        state = recorded(state, "arrows", seat, taken, archers)
    return state


def _next_age(state: State, step: Pending) -> State:
    if state.age < AGES:
        return then(state, [Pending("age_start")])  # the next age's own step says it begins
    state = recorded(then(state, (), finished=True), "game_end")
    for seat, castle in enumerate(state.castles):
        for section in range(len(SECTIONS)):
            entering = wolves_entering(castle, section)
            if entering:
                # a ladder helped when more enter than the wall alone lets in
                laddered = bool(
                    castle.wolves[section * KIND_COUNT + LADDER]
                    and entering > wolves_in_region(castle, section) - castle.heights[section]
                )
                state = recorded(state, "wolves_enter", seat, section, entering, laddered)
    return state


def _fire(state: State, step: Pending) -> State:
    """One covered icon fires for its section."""
    seat, section, ability = step.seat, step.section, step.ability
    castle = state.castles[seat]
    count = ability_count(castle, ability, section)
    if ability == "VIL":
        return then(state, [Pending("village_take", seat=seat)])
    if ability == "PRE":
        taken = min(count, state.prestige_supply)
        previous = state.mother_pig
        castle = replace(castle, prestige=bump(castle.prestige, section, taken))
        new = [Pending("reveal_line", seat=seat)] if cooperative(state) else []
        state = then(
            state,
            new,
            castles=castles_with(state, seat, castle),
            mother_pig=seat,
            prestige_supply=state.prestige_supply - taken,
        )
        if previous != seat:
            state = recorded(state, "mother_pig", seat, previous)
        return recorded(state, "prestige", seat, taken, count, section)
    if ability == "FOR":
        wanted = count
        if has_threat(castle, "fortify_at_most"):
            count = min(count, threat_amount(castle, "fortify_at_most"))
            if count < wanted:
                state = recorded(state, "fortify_capped", seat, threat_name(castle, "fortify_at_most"), count)
        taken = min(count, state.fortification_supply)
        state = then(
            state,
            [Pending("fortify", seat=seat, count=taken)],
            fortification_supply=state.fortification_supply - taken,
        )
        return recorded(state, "fortification", seat, taken, count)
    if ability == "DIS":
        if cooperative(state):
            return then(
                state,
                [
                    Pending("coop_dispatch", seat=seat, section=section),
                    Pending("remove_wolf", seat=seat, count=count),
                ],
            )
        return then(state, [Pending("dispatch", seat=seat, section=section, count=count)])
    if ability == "DEF":
        return then(state, [Pending("pour", seat=seat, section=section, count=count)])
    raise AssertionError(ability)


def _line_arrives(state: State, step: Pending) -> State:
    """The chosen line's wolves go into the player's region the token shows."""
    line = state.lines[step.section]
    castle = state.castles[step.seat]
    wolves = castle.wolves
    for kind in range(KIND_COUNT):
        wolves = bump(wolves, line.region * KIND_COUNT + kind, line.wolves[kind])
    lines = list(state.lines)
    lines[step.section] = replace(line, wolves=(0, 0, 0, 0), picked=True)
    castle = replace(castle, wolves=wolves)
    new = []
    coming_by_land = None
    if has_threat(castle, "extra_wolf_by_land"):
        threat = next(THREATS[n] for n in castle.threats if THREATS[n].check == "extra_wolf_by_land")
        if SECTIONS[line.region] in threat.regions:
            new.append(Pending("wolf", seat=step.seat, section=line.region, count=threat.amount))
            coming_by_land = threat
    state = then(state, new, castles=castles_with(state, step.seat, castle), lines=tuple(lines))
    state = recorded(state, "line_arrives", step.seat, step.section, line.region, *line.wolves)
    if coming_by_land is not None:
        state = recorded(
            state, "coming_by_land", step.seat, coming_by_land.name, coming_by_land.amount, line.region
        )
    return state


AUTOMATIC: dict[str, Callable[[State, Pending], State]] = {
    "lay_out": _lay_out,
    "age_start": _age_start,
    "lay_lines": _lay_lines,
    "round_start": _round_start,
    "round_end": _round_end,
    "end_age": _end_age,
    "end_age_defenders": _end_age_defenders,
    "hungry_pack": _hungry_pack,
    "return_lines": _return_lines,
    "arrows": _arrows,
    "next_age": _next_age,
    "fire": _fire,
    "line_arrives": _line_arrives,
}
"""Automatic step kind -> the function that takes it (the step already off the stack)."""


# --- decisions the rules skip ------------------------------------------------------


def _no_wolf_to_draw(state: State, step: Pending) -> bool:
    return step.count <= 0 or sum(state.bag) == 0


def _nothing_to_replenish(state: State, step: Pending) -> bool:
    return face_up_of(state, step.tile) >= RULES.village_face_up or not stack_tokens(state, step.tile)


def _nothing_to_pour_on(state: State, step: Pending) -> bool:
    return step.count <= 0 or not pour_targets(state, step)


def _no_villager(state: State, step: Pending) -> bool:
    return not village_choices(state, step.seat) or not village_locations(state, step.seat)


def _no_tile_to_fortify(state: State, step: Pending) -> bool:
    return step.count <= 0


def _no_wolf_to_remove(state: State, step: Pending) -> bool:
    return not any(sum(line.wolves) for line in state.lines) or step.count <= 0


def _no_attack_token(state: State, step: Pending) -> bool:
    return sum(state.attack_supply) == 0


def _no_attack_token_in_supply(state: State, step: Pending) -> bool:
    return physical_attack_supply(state) <= 0


def _stack_empty(state: State, step: Pending) -> bool:
    return not state.wall_stack


def _no_tile_face_up(state: State, step: Pending) -> bool:
    return not state.revealed


def _every_line_face_up(state: State, step: Pending) -> bool:
    return not any(line.region < 0 for line in state.lines)


def _every_line_picked(state: State, step: Pending) -> bool:
    return all(line.picked for line in state.lines)


def _no_threat_card(state: State, step: Pending) -> bool:
    return not threats_allowed(state, step.seat)


SKIPPED: dict[str, Callable[[State, Pending], bool]] = {
    "wolf": _no_wolf_to_draw,
    "line_wolf": _no_wolf_to_draw,
    "replenish": _nothing_to_replenish,
    "pour": _nothing_to_pour_on,
    "village_take": _no_villager,
    "fortify": _no_tile_to_fortify,
    "remove_wolf": _no_wolf_to_remove,
    "dispatch": _no_attack_token,
    "wolves_attack": _no_attack_token,
    "coop_dispatch": _no_attack_token_in_supply,
    "reveal": _stack_empty,
    "draft": _no_tile_face_up,
    "discard": _no_tile_face_up,
    "reveal_line": _every_line_face_up,
    "pick_line": _every_line_picked,
    "draw_threat": _no_threat_card,
}
"""Decision kind -> whether the rules skip it now (an empty supply, nothing to do)."""


# A run of skipped steps of one kind, one after the other on the stack, is
# told in one event ("{P1} and {P2} draw no more wolves"): each kind's key
# says which steps belong to one run (None: a step with nothing to take,
# which nobody would miss).
def _run_key(state: State, step: Pending) -> tuple | None:
    kind = step.kind
    if kind == "wolf":
        return (kind, step.section) if step.count > 0 else None
    if kind == "line_wolf":
        return (kind,) if step.count > 0 else None
    if kind == "pour":
        if step.count <= 0:
            return None
        empty = wolves_in_region(state.castles[step.seat], step.section) == 0
        return (kind, step.seat, step.section, step.count, empty)
    return (kind, state.age)  # reveal


def _skip_run(state: State, step: Pending) -> State:
    """Skip the top step and the steps just under it that the same event tells."""
    key = _run_key(state, step)
    pending = state.pending
    end = len(pending) - 1
    start = end
    if key is not None:
        while (
            start > 0
            and pending[start - 1].kind == step.kind
            and SKIPPED[step.kind](state, pending[start - 1])
            and _run_key(state, pending[start - 1]) == key
        ):
            start -= 1
    run = pending[start:][::-1]
    state = replace(state, pending=pending[:start])
    if key is None:
        return state
    if step.kind == "wolf":
        return recorded(state, "no_wolves_drawn", -1, step.section, *(s.seat for s in run))
    if step.kind == "line_wolf":
        return recorded(state, "lines_unfilled", -1, *(s.section for s in run))
    if step.kind == "pour":
        _, seat, section, count, empty = key
        return recorded(state, "cauldrons_unused", seat, section, count, empty, len(run))
    return recorded(state, "stack_empty", -1, state.age)


def _skip_replenish(state: State, step: Pending) -> State:
    state = replace(state, pending=state.pending[:-1])
    if face_up_of(state, step.tile) < RULES.village_face_up:  # else the board is full: nothing to say
        state = recorded(state, "no_replenish", -1, step.tile)
    return state


def _skip_village_take(state: State, step: Pending) -> State:
    told = "no_village_token" if not village_choices(state, step.seat) else "no_village_location"
    return recorded(replace(state, pending=state.pending[:-1]), told, step.seat)


def _skip_remove_wolf(state: State, step: Pending) -> State:
    state = replace(state, pending=state.pending[:-1])
    return recorded(state, "no_wolf_removed", step.seat) if step.count > 0 else state


def _skip_told(told: str) -> Callable[[State, Pending], State]:
    def skip(state: State, step: Pending) -> State:
        return recorded(replace(state, pending=state.pending[:-1]), told, step.seat)

    return skip


def _skip_silently(state: State, step: Pending) -> State:
    # Fortify with no tiles was told when Fortify fired; a line is always left to pick in play.
    return replace(state, pending=state.pending[:-1])


SKIP: dict[str, Callable[[State, Pending], State]] = {
    "wolf": _skip_run,
    "line_wolf": _skip_run,
    "pour": _skip_run,
    "reveal": _skip_run,
    "replenish": _skip_replenish,
    "village_take": _skip_village_take,
    "remove_wolf": _skip_remove_wolf,
    "dispatch": _skip_told("no_dispatch"),
    "wolves_attack": _skip_told("no_attack"),
    "coop_dispatch": _skip_told("no_coop_dispatch"),
    "draft": _skip_told("no_draft"),
    "discard": _skip_told("no_discard"),
    "reveal_line": _skip_told("lines_face_up"),
    "draw_threat": _skip_told("no_threat"),
    "fortify": _skip_silently,
    "pick_line": _skip_silently,
}
"""Decision kind -> how skipping it is taken (off the stack) and told."""


def settle(state: State) -> State:
    """Take the automatic steps and skip what cannot happen, until a decision is on top."""
    while True:
        pending = state.pending
        if not pending:
            return state
        step = pending[-1]
        if step.kind in AUTOMATIC:
            state = run_automatic(state, AUTOMATIC)
            continue
        skipped = SKIPPED.get(step.kind)
        if skipped is None or not skipped(state, step):
            return state
        state = SKIP[step.kind](state, step)
