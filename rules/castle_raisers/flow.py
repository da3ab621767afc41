"""Castle Raisers game flow: the bookkeeping tasks that run by themselves
(rounds, ages, firing a covered icon, End of Age) and the decisions the rules
skip (an empty supply, nothing to pour on). :func:`settle` runs them after
every action until a real decision is on top."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from rules.castle_raisers import geometry
from rules.castle_raisers.common import (
    bump,
    clockwise_from,
    cooperative,
    dispatch_icons,
    face_up_of,
    has_threat,
    physical_attack_supply,
    push,
    set_castle,
    stack_tokens,
    threat_amount,
    threats_allowed,
)
from rules.castle_raisers.decisions import (
    pour_targets,
    village_choices,
    village_locations,
)
from rules.castle_raisers.edition import (
    ARCHER,
    COLOURS,
    EDITION,
    SECTIONS,
    THREATS,
    TILES_BY_AGE,
)
from rules.castle_raisers.scoring import ability_count
from rules.castle_raisers.state import (
    Line,
    State,
    Task,
)

replace = msgspec.structs.replace

ROUNDS_PER_AGE = 4
AGES = 3


def settle(state: State) -> State:
    while state.tasks:
        top = state.tasks[0]
        auto = AUTO.get(top.kind)
        if auto is not None:
            state = auto(state, top)
            continue
        if skipped(state, top):
            state = replace(state, tasks=state.tasks[1:])
            continue
        break
    return state


def skipped(state: State, top: Task) -> bool:
    """A decision the rules skip: the supply is empty, or nothing can be done."""
    kind = top.kind
    if kind in ("wolf", "line_wolf"):
        return top.count <= 0 or sum(state.bag) == 0
    if kind == "replenish":
        return face_up_of(state, top.tile) >= 2 or not stack_tokens(state, top.tile)
    if kind == "pour":
        return top.count <= 0 or not pour_targets(state, top)
    if kind == "village_take":
        return not village_choices(state, top.seat) or not village_locations(state, top.seat)
    if kind in ("fortify", "remove_wolf"):
        if kind == "remove_wolf" and not any(sum(line.wolves) for line in state.lines):
            return True
        return top.count <= 0
    if kind in ("dispatch", "wolves_attack"):
        return sum(state.attack_supply) == 0
    if kind == "coop_dispatch":
        return physical_attack_supply(state) <= 0
    if kind == "reveal":
        return not state.wall_stack
    if kind in ("draft", "discard"):
        return not state.revealed
    if kind == "reveal_line":
        return not any(line.region < 0 for line in state.lines)
    if kind == "pick_line":
        return all(line.picked for line in state.lines)
    if kind == "draw_threat":
        return not threats_allowed(state, top.seat)
    return False


def _lay_out(state: State, top: Task) -> State:
    """Set-up once the start player holds the Mother Pig: Castle boards, the
    Village board, each player's starting Village token (from the last player
    backwards), Threat cards, and six wolves each, two per region."""
    seats = state.seats
    last_first = tuple(reversed(clockwise_from(state, state.mother_pig)))
    new: list[Task] = []
    if state.choose_boards:
        new += [Task("choose_board", seat=seat) for seat in last_first]
    else:
        new += [Task("draw_board", seat=seat) for seat in range(seats)]
    new += [Task("replenish", tile=colour) for colour in COLOURS for _ in range(2)]
    new += [Task("start_village", seat=seat) for seat in last_first]
    # the Village board is refilled only once everyone has taken a starting token
    new += [Task("replenish", tile=colour) for colour in COLOURS for _ in range(2)]
    for seat, count in enumerate(state.threats_by_seat):
        new += [Task("draw_threat", seat=seat)] * count
    for seat in range(seats):
        new += [Task("wolf", seat=seat, section=region, count=2) for region in range(len(SECTIONS))]
    new.append(Task("age_start"))
    return push(state, new)


def _age_start(state: State, top: Task) -> State:
    age = state.age + 1
    new: list[Task] = []
    if cooperative(state):
        new += _lay_out_lines(state, age)
    new.append(Task("round_start"))
    return push(state, new, age=age, round=0, wall_stack=TILES_BY_AGE[age], lines=())


def _lay_out_lines(state: State, age: int) -> list[Task]:
    """Co-op: X face-down Attack tokens, each with a line of 3/4/5 wolves by age."""
    wanted = EDITION.coop.lines_by_players[state.seats - 1]
    per_line = EDITION.coop.wolves_per_line_by_age[age - 1]
    available = min(wanted, sum(state.attack_supply))
    return [Task("lay_lines", count=available)] + [
        Task("line_wolf", section=line, count=per_line) for line in range(available)
    ]


def _lay_lines(state: State, top: Task) -> State:
    return push(state, (), lines=tuple(Line() for _ in range(top.count)))


def _round_start(state: State, top: Task) -> State:
    order = clockwise_from(state, state.mother_pig)
    reveal = EDITION.coop.solo_revealed if state.variant == "solo" else 4
    new = [Task("reveal") for _ in range(min(reveal, len(state.wall_stack)))]
    for position, seat in enumerate(order):
        new.append(Task("draft", seat=seat))
        if position == 0 and state.seats == 2:
            new.append(Task("discard", seat=seat))
    new.append(Task("round_end"))
    return push(state, new, round=state.round + 1, round_order=order, revealed=())


def _round_end(state: State, top: Task) -> State:
    new: list[Task] = []
    if state.seats == 2 and state.discard_attack:
        new += [Task("wolves_attack") for tile in state.revealed if dispatch_icons(tile)]
    new.append(Task("round_start") if state.round < ROUNDS_PER_AGE else Task("end_age"))
    return push(state, new, revealed=())


def _end_age(state: State, top: Task) -> State:
    new: list[Task] = []
    order = clockwise_from(state, state.mother_pig)
    if cooperative(state) and state.lines:
        picks = [seat for _ in range(2) for seat in order][: len(state.lines)]
        new += [Task("pick_line", seat=seat) for seat in picks]
        new.append(Task("return_lines"))
        new += [
            Task("hungry_pack", seat=seat)
            for seat in order
            if has_threat(state.castles[seat], "extra_wolf_fewest_region")
        ]
    new.append(Task("end_age_defenders"))
    new.append(Task("arrows"))
    new.append(Task("next_age"))
    return push(state, new, wall_stack=())


def _end_age_defenders(state: State, top: Task) -> State:
    """Each visible Defender on Wall tiles pours, separately, as many cauldrons as
    its section's Defender count (worked out now: End of Age adds no Village token)."""
    new = []
    for seat in clockwise_from(state, state.mother_pig):
        castle = state.castles[seat]
        for section in geometry.visible_defenders(castle.board, castle.wall, state.fortified_defenders_fire):
            new.append(Task("pour", seat=seat, section=section, count=ability_count(castle, "DEF", section)))
    return push(state, new)


def _hungry_pack(state: State, top: Task) -> State:
    castle = state.castles[top.seat]
    totals = [sum(castle.wolves[r * 4 : r * 4 + 4]) for r in range(len(SECTIONS))]
    region = totals.index(min(totals))
    return push(
        state,
        [
            Task(
                "wolf", seat=top.seat, section=region, count=threat_amount(castle, "extra_wolf_fewest_region")
            )
        ],
    )


def _return_lines(state: State, top: Task) -> State:
    supply = state.attack_supply
    for line in state.lines:
        if line.region >= 0:
            supply = bump(supply, line.region, 1)
    bag = state.bag
    for line in state.lines:
        bag = tuple(b + w for b, w in zip(bag, line.wolves, strict=True))
    return push(state, (), attack_supply=supply, lines=(), bag=bag)


def _arrows(state: State, top: Task) -> State:
    supply = state.arrow_supply
    castles = list(state.castles)
    for seat in clockwise_from(state, state.mother_pig):
        castle = castles[seat]
        archers = sum(castle.wolves[region * 4 + ARCHER] for region in range(len(SECTIONS)))
        taken = min(archers, supply)
        if taken:
            supply -= taken
            castles[seat] = replace(castle, arrows=castle.arrows + taken)
    return push(state, (), castles=tuple(castles), arrow_supply=supply)


def _next_age(state: State, top: Task) -> State:
    if state.age >= AGES:
        return push(state, (), finished=True)
    return push(state, [Task("age_start")])


def _fire(state: State, top: Task) -> State:
    """One covered icon fires for its section."""
    seat, section, ability = top.seat, top.section, top.ability
    castle = state.castles[seat]
    count = ability_count(castle, ability, section)
    if ability == "VIL":
        return push(state, [Task("village_take", seat=seat)])
    if ability == "PRE":
        taken = min(count, state.prestige_supply)
        castle = replace(castle, prestige=bump(castle.prestige, section, taken))
        state = set_castle(
            state, seat, castle, mother_pig=seat, prestige_supply=state.prestige_supply - taken
        )
        new = [Task("reveal_line", seat=seat)] if cooperative(state) else []
        return push(state, new)
    if ability == "FOR":
        if has_threat(castle, "fortify_at_most"):
            count = min(count, threat_amount(castle, "fortify_at_most"))
        taken = min(count, state.fortification_supply)
        return push(
            state,
            [Task("fortify", seat=seat, count=taken)],
            fortification_supply=state.fortification_supply - taken,
        )
    if ability == "DIS":
        if cooperative(state):
            return push(
                state,
                [
                    Task("coop_dispatch", seat=seat, section=section),
                    Task("remove_wolf", seat=seat, count=count),
                ],
            )
        return push(state, [Task("dispatch", seat=seat, section=section, count=count)])
    if ability == "DEF":
        return push(state, [Task("pour", seat=seat, section=section, count=count)])
    raise AssertionError(ability)


def _line_arrives(state: State, top: Task) -> State:
    """The chosen line's wolves go into the player's region the token shows."""
    line = state.lines[top.section]
    castle = state.castles[top.seat]
    wolves = castle.wolves
    for kind in range(4):
        wolves = bump(wolves, line.region * 4 + kind, line.wolves[kind])
    lines = list(state.lines)
    lines[top.section] = replace(line, wolves=(0, 0, 0, 0), picked=True)
    castle = replace(castle, wolves=wolves)
    new = []
    if has_threat(castle, "extra_wolf_by_land"):
        threat = next(THREATS[n] for n in castle.threats if THREATS[n].check == "extra_wolf_by_land")
        if SECTIONS[line.region] in threat.regions:
            new.append(Task("wolf", seat=top.seat, section=line.region, count=threat.amount))
    return push(set_castle(state, top.seat, castle), new, lines=tuple(lines))


AUTO: dict[str, Callable[[State, Task], State]] = {
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
