"""Castle Raisers narration: the log lines for what ``apply`` resolves by itself.

``describe(state, action)`` gives one line for the action a player (or chance)
took. Much of Castle Raisers then happens automatically inside ``apply``: a
covered icon fires (Prestige tokens, the Mother Pig, Fortification tiles), a
round or an age begins, the End of Age hands out Arrow tokens, a line's wolves
arrive, an effect is skipped because its supply is empty, wolves enter at Game
End. :func:`effects` returns those as extra log lines, in the order they
happened, never repeating the action's own line.

How: the action is replayed through the engine's own pure steps (the decision
handler, then each automatic task or skipped decision that ``settle`` runs), and
each step is narrated by comparing the state before and after it (supplies,
castles, wolves, lines, age and round). Knowing the step says *why* something
changed, and also what did not happen (an empty supply leaves no trace in the
final state). If the replay does not land on ``after`` (it always should), the
two states are compared directly instead, with fewer details.
"""

from __future__ import annotations

import msgspec

from rules.castle_raisers import flow
from rules.castle_raisers.common import clockwise_from, face_up_of, stack_tokens
from rules.castle_raisers.decisions import APPLY, village_choices
from rules.castle_raisers.edition import (
    ARCHER,
    EDITION,
    LADDER,
    SECTIONS,
    THREATS,
    WOLF_KINDS,
    WOLF_TITLES,
)
from rules.castle_raisers.scoring import ability_count, wolves_entering, wolves_in_region
from rules.castle_raisers.state import Action, DrawAttack, DrawWolf, State, Task
from rules.castle_raisers.text import tile_text
from rules.core import seat_ref

__all__ = ["effects"]

replace = msgspec.structs.replace

ROMAN = ("0", "I", "II", "III", "IV")
WOLF_PLURALS = ("soldiers", "soldiers with ladders", "archers", "vicious wolves")

# A step of the replay: (what ran: "action" / "auto" / "skip", the task, state before, state after).
Step = tuple[str, Task, State, State]


def effects(before: State, action: Action, after: State) -> list[str]:
    """Extra log lines for what changed from ``before`` to ``after`` (= ``apply(before,
    action)``) that ``describe(before, action)`` does not already say; ``[]`` if nothing."""
    steps = _trace(before, action, after)
    if steps is None:
        return _compare(before, action, after)
    return _narrate(steps, action)


# --- the replay ---------------------------------------------------------------------------


def _trace(before: State, action: Action, after: State) -> list[Step] | None:
    """``apply`` step by step (the same pure functions, so the same states), or
    None if it cannot be replayed or does not end on ``after``."""
    if not before.tasks:
        return None
    top = before.tasks[0]
    handler = APPLY.get(top.kind)
    if handler is None:
        return None
    try:
        state = handler(before, top, action)
        steps: list[Step] = [("action", top, before, state)]
        # flow.settle, one task at a time
        while state.tasks:
            task = state.tasks[0]
            auto = flow.AUTO.get(task.kind)
            if auto is not None:
                new = auto(state, task)
                steps.append(("auto", task, state, new))
            elif flow.skipped(state, task):
                new = replace(state, tasks=state.tasks[1:])
                steps.append(("skip", task, state, new))
            else:
                break
            state = new
    except Exception:  # noqa: BLE001 - any failure to replay falls back to a plain comparison
        return None
    if state != after:
        return None
    return steps


# --- narrating the steps ----------------------------------------------------------------


def _narrate(steps: list[Step], action: Action) -> list[str]:
    lines: list[str] = []
    group_key: tuple = ()
    group: list[str] = []
    for step in steps:
        kind, task, s0, s1 = step
        if kind == "skip" and task.kind in _GROUPED:
            key = _GROUPED[task.kind](task, s0)
            if key is not None:
                if key[:2] != group_key[:2]:
                    _flush(lines, group_key, group)
                    group_key, group = key, []
                group.append(key[2])
                continue
        _flush(lines, group_key, group)
        group_key, group = (), []
        if kind == "action":
            _action_lines(lines, task, s0, s1, action)
        elif kind == "auto":
            narrator = _AUTO_LINES.get(task.kind)
            if narrator is not None:
                narrator(lines, task, s0, s1)
        else:
            _skip_lines(lines, task, s0)
    _flush(lines, group_key, group)
    return lines


def _flush(lines: list[str], key: tuple, items: list[str]) -> None:
    """Several skips of one kind in a row make one line ("{P1} and {P2} draw no more wolves")."""
    if not items:
        return
    what, param = key[0], key[1]
    if what == "wolf":
        verb = "draws" if len(items) == 1 else "draw"
        lines.append(f"The bag is empty: {_and(items)} {verb} no more wolves into the {SECTIONS[param]}")
    elif what == "line_wolf":
        word = "line" if len(items) == 1 else "lines"
        verb = "gets" if len(items) == 1 else "get"
        lines.append(f"The bag is empty: {word} {_and(items)} {verb} no more wolves")
    elif what == "pour":
        seat, section, count, empty = param
        who, where = seat_ref(seat), SECTIONS[section]
        unused = _count(count, "cauldron")
        if len(items) > 1:
            unused = f"{len(items)} pourings of {unused}"
        if empty:
            lines.append(f"No wolves in {who}'s {where}: {unused} unused")
        else:
            lines.append(f"{who}'s {unused} cannot defeat any wolf left in the {where}")
    elif what == "reveal":
        lines.append(f"The Age {ROMAN[param]} stack is empty: no more Wall tiles are revealed")


def _group_wolf(task: Task, state: State) -> tuple | None:
    if task.count <= 0:
        return None
    return ("wolf", task.section, seat_ref(task.seat))


def _group_line_wolf(task: Task, state: State) -> tuple | None:
    if task.count <= 0:
        return None
    return ("line_wolf", 0, str(task.section + 1))


def _group_reveal(task: Task, state: State) -> tuple | None:
    return ("reveal", state.age, "")


def _group_pour(task: Task, state: State) -> tuple | None:
    """Cauldrons with nothing they may defeat (several pourings in a row make one line)."""
    if task.count <= 0:
        return None
    empty = wolves_in_region(state.castles[task.seat], task.section) == 0
    return ("pour", (task.seat, task.section, task.count, empty), "")


_GROUPED = {"pour": _group_pour, "wolf": _group_wolf, "line_wolf": _group_line_wolf, "reveal": _group_reveal}


def _action_lines(lines: list[str], task: Task, s0: State, s1: State, action: Action) -> None:
    """What the decision itself did beyond its ``describe`` line."""
    if task.kind in ("dispatch", "coop_dispatch") and isinstance(action, DrawAttack):
        # describe names the region the token shows; where it is kept (it scores there) is new
        lines.append(f"{seat_ref(task.seat)} keeps the Attack token in the {SECTIONS[task.section]} section")


# --- automatic steps ------------------------------------------------------------------------


def _age_start(lines: list[str], task: Task, s0: State, s1: State) -> None:
    lines.append(f"Age {ROMAN[s1.age]} begins")


def _lay_lines(lines: list[str], task: Task, s0: State, s1: State) -> None:
    wanted = EDITION.coop.lines_by_players[s1.seats - 1]
    laid = len(s1.lines)
    per_line = EDITION.coop.wolves_per_line_by_age[s1.age - 1]
    if laid == 0:
        lines.append("No Attack tokens are left: no lines of wolves this age")
        return
    if laid < wanted:
        lines.append(f"Only {laid} Attack tokens are left: {laid} lines instead of {wanted}")
    lines.append(
        f"{_count(laid, 'Attack token')} {_be(laid)} laid face down, each with a line of {per_line} wolves"
    )


def _round_start(lines: list[str], task: Task, s0: State, s1: State) -> None:
    first = s1.round_order[0] if s1.round_order else s1.mother_pig
    lines.append(f"Round {s1.round} of Age {ROMAN[s1.age]} begins: {seat_ref(first)} goes first")


def _round_end(lines: list[str], task: Task, s0: State, s1: State) -> None:
    for tile in s0.revealed:
        lines.append(f"Wall tile {tile_text(tile)} returns to the box")


def _end_age(lines: list[str], task: Task, s0: State, s1: State) -> None:
    lines.append(f"End of Age {ROMAN[s0.age]}")


def _hungry_pack(lines: list[str], task: Task, s0: State, s1: State) -> None:
    pushed = s1.tasks[0] if s1.tasks else None
    if pushed is None or pushed.kind != "wolf":
        return
    name = _threat_name(s0, task.seat, "extra_wolf_fewest_region")
    lines.append(
        f"{name}: {seat_ref(task.seat)} draws {_count(pushed.count, 'more wolf', 'more wolves')} "
        f"into the {SECTIONS[pushed.section]}"
    )


def _return_lines(lines: list[str], task: Task, s0: State, s1: State) -> None:
    tokens = sum(s1.attack_supply) - sum(s0.attack_supply)
    if tokens:
        lines.append(f"{_count(tokens, 'Attack token')} of the lines {_go(tokens)} back to the supply")
    wolves = sum(s1.bag) - sum(s0.bag)
    if wolves:
        lines.append(f"{_count(wolves, 'wolf', 'wolves')} left in the lines {_go(wolves)} back to the bag")


def _arrows(lines: list[str], task: Task, s0: State, s1: State) -> None:
    for seat in clockwise_from(s0, s0.mother_pig):
        castle = s0.castles[seat]
        wolves = castle.wolves
        archers = wolves[ARCHER] + wolves[4 + ARCHER] + wolves[8 + ARCHER]
        if not archers:
            continue
        taken = s1.castles[seat].arrows - castle.arrows
        who = seat_ref(seat)
        if taken == archers:
            lines.append(f"{who} takes {_count(taken, 'Arrow token')} for {_count(archers, 'archer')}")
        elif taken == 0:
            lines.append(f"No Arrow tokens are left: {who} gets none for {_count(archers, 'archer')}")
        else:
            lines.append(
                f"Only {_count(taken, 'Arrow token')} {_be(taken)} left: {who} takes {taken} of {archers}"
            )


def _next_age(lines: list[str], task: Task, s0: State, s1: State) -> None:
    if not s1.finished:
        return  # the next age's own step says it begins
    lines.append("The game ends")
    for seat, castle in enumerate(s1.castles):
        for section, region in enumerate(SECTIONS):
            entering = wolves_entering(castle, section)
            if not entering:
                continue
            line = f"{_count(entering, 'wolf', 'wolves')} {_verb(entering, 'enter')} {seat_ref(seat)}'s castle from the {region}"
            if (
                castle.wolves[section * 4 + LADDER]
                and entering > wolves_in_region(castle, section) - castle.heights[section]
            ):
                line += ", helped by a ladder"
            lines.append(line)


def _fire(lines: list[str], task: Task, s0: State, s1: State) -> None:
    """A covered icon fired: say what it gave (its follow-up decisions are logged by themselves)."""
    ability, seat, section = task.ability, task.seat, task.section
    who = seat_ref(seat)
    castle = s0.castles[seat]
    if ability == "PRE":
        if s1.mother_pig != s0.mother_pig:
            lines.append(f"{who} takes the Mother Pig from {seat_ref(s0.mother_pig)}")
        wanted = ability_count(castle, "PRE", section)
        taken = s1.castles[seat].prestige[section] - castle.prestige[section]
        where = f"into the {SECTIONS[section]} section"
        if taken == wanted:
            lines.append(f"{who} takes {_count(taken, 'Prestige token')} {where}")
        elif taken == 0:
            lines.append(f"No Prestige tokens are left: {who} gets none")
        else:
            lines.append(
                f"Only {_count(taken, 'Prestige token')} {_be(taken)} left: {who} takes {taken} of {wanted} {where}"
            )
    elif ability == "FOR":
        wanted = ability_count(castle, "FOR", section)
        taken = s0.fortification_supply - s1.fortification_supply
        capped = wanted
        if castle.threats:
            for name in castle.threats:
                if THREATS[name].check == "fortify_at_most" and THREATS[name].amount < capped:
                    capped = THREATS[name].amount
                    lines.append(f"{name}: {who} may take only {_count(capped, 'Fortification tile')}")
        if taken == capped:
            lines.append(f"{who} gets {_count(taken, 'Fortification tile')} to place")
        elif taken == 0:
            lines.append(f"No Fortification tiles are left: {who} gets none")
        else:
            lines.append(
                f"Only {_count(taken, 'Fortification tile')} {_be(taken)} left: {who} gets {taken} of {capped}"
            )


def _line_arrives(lines: list[str], task: Task, s0: State, s1: State) -> None:
    line = s0.lines[task.section]
    region = SECTIONS[line.region]
    who = seat_ref(task.seat)
    total = sum(line.wolves)
    if total:
        kinds = ", ".join(
            f"{n} {WOLF_PLURALS[kind] if n > 1 else WOLF_TITLES[kind]}"
            for kind, n in enumerate(line.wolves)
            if n
        )
        lines.append(
            f"{_count(total, 'wolf', 'wolves')} {_verb(total, 'arrive')} in {who}'s {region}: {kinds}"
        )
    else:
        lines.append(f"Line {task.section + 1} is empty: no wolf arrives in {who}'s {region}")
    pushed = s1.tasks[0] if s1.tasks else None
    if pushed is not None and pushed.kind == "wolf" and len(s1.tasks) > len(s0.tasks) - 1:
        name = _threat_name(s0, task.seat, "extra_wolf_by_land")
        lines.append(
            f"{name}: {who} draws {_count(pushed.count, 'more wolf', 'more wolves')} into the {region}"
        )


_AUTO_LINES = {
    "age_start": _age_start,
    "lay_lines": _lay_lines,
    "round_start": _round_start,
    "round_end": _round_end,
    "end_age": _end_age,
    "hungry_pack": _hungry_pack,
    "return_lines": _return_lines,
    "arrows": _arrows,
    "next_age": _next_age,
    "fire": _fire,
    "line_arrives": _line_arrives,
}


# --- skipped decisions ----------------------------------------------------------------------


def _skip_lines(lines: list[str], task: Task, state: State) -> None:
    """A decision the rules skip: say why, when a player would wonder."""
    kind = task.kind
    who = seat_ref(task.seat)
    if kind == "replenish":
        if face_up_of(state, task.tile) < 2 and not stack_tokens(state, task.tile):
            lines.append(f"The {task.tile} stack is empty: no Village token replaces the one taken")
    elif kind == "village_take":
        if not village_choices(state, task.seat):
            lines.append(f"No Village tokens are left: {who} settles no villager")
        else:
            lines.append(f"{who} has no location left for a Village token: no villager settles")
    elif kind == "remove_wolf":
        if task.count > 0:
            lines.append(f"No wolves are left in the lines: {who} removes none")
    elif kind == "dispatch":
        lines.append(f"No Attack tokens are left: {who}'s Dispatch sends no wolves")
    elif kind == "wolves_attack":
        lines.append("No Attack tokens are left: the wolves do not attack")
    elif kind == "coop_dispatch":
        lines.append(f"No Attack tokens are left in the supply: {who} takes none")
    elif kind == "draft":
        lines.append(f"No Wall tile is left for {who}")
    elif kind == "discard":
        lines.append(f"No Wall tile is left for {who} to discard")
    elif kind == "reveal_line":
        lines.append(f"Every line's Attack token is already face up: {who} reveals none")
    elif kind == "draw_threat":
        lines.append(f"No Threat card can be drawn for {who}")
    # "fortify" with no tiles was said when Fortify fired; "pick_line" never skips in play


# --- the plain comparison (fallback) ------------------------------------------------------


def _compare(before: State, action: Action, after: State) -> list[str]:
    """The two states compared directly, when the replay is not possible."""
    lines: list[str] = []
    if after.age != before.age:
        lines.append(f"Age {ROMAN[min(after.age, 4)]} begins")
    if after.round != before.round and after.round:
        lines.append(f"Round {after.round} of Age {ROMAN[min(after.age, 4)]} begins")
    if after.mother_pig != before.mother_pig:
        lines.append(f"{seat_ref(after.mother_pig)} takes the Mother Pig from {seat_ref(before.mother_pig)}")
    top = before.tasks[0] if before.tasks else None
    drawn = -1  # the wolf describe already logs (castle seat * 12 + index)
    if isinstance(action, DrawWolf) and top is not None and top.kind == "wolf" and action.kind in WOLF_KINDS:
        drawn = top.seat * 12 + top.section * 4 + WOLF_KINDS.index(action.kind)
    for seat, (old, new) in enumerate(zip(before.castles, after.castles, strict=False)):
        if old is new:
            continue
        who = seat_ref(seat)
        for section, name in enumerate(SECTIONS):
            gained = new.prestige[section] - old.prestige[section]
            if gained > 0:
                lines.append(f"{who} takes {_count(gained, 'Prestige token')} into the {name} section")
            kept = new.attack[section] - old.attack[section]
            if kept > 0:
                lines.append(f"{who} keeps {_count(kept, 'Attack token')} in the {name} section")
            arrived = [
                new.wolves[section * 4 + kind]
                - old.wolves[section * 4 + kind]
                - (seat * 12 + section * 4 + kind == drawn)
                for kind in range(4)
            ]
            total = sum(n for n in arrived if n > 0)
            if total:
                kinds = ", ".join(
                    f"{n} {WOLF_PLURALS[kind] if n > 1 else WOLF_TITLES[kind]}"
                    for kind, n in enumerate(arrived)
                    if n > 0
                )
                lines.append(
                    f"{_count(total, 'wolf', 'wolves')} {_verb(total, 'arrive')} in {who}'s {name}: {kinds}"
                )
        if new.arrows > old.arrows:
            lines.append(f"{who} takes {_count(new.arrows - old.arrows, 'Arrow token')}")
    fortified = before.fortification_supply - after.fortification_supply
    if fortified > 0 and after.tasks and after.tasks[0].kind == "fortify":
        lines.append(
            f"{seat_ref(after.tasks[0].seat)} gets {_count(fortified, 'Fortification tile')} to place"
        )
    if after.finished and not before.finished:
        lines.append("The game ends")
    return lines


# --- words ------------------------------------------------------------------------------------


def _count(n: int, singular: str, plural: str = "") -> str:
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def _be(n: int) -> str:
    return "is" if n == 1 else "are"


def _go(n: int) -> str:
    return "goes" if n == 1 else "go"


def _verb(n: int, verb: str) -> str:
    return verb + "s" if n == 1 else verb


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _threat_name(state: State, seat: int, check: str) -> str:
    for name in state.castles[seat].threats:
        if THREATS[name].check == check:
            return name
    return "A Threat card"
