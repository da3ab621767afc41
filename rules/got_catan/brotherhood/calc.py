"""Brotherhood of the Watch's rules helpers for a table playing the real
box (added to ``calc.HELPERS``): the **wildling die** (a face, the hottest
camp of its clan, the clearing and the Wall south of it: what happens now,
by ``wall.advanced`` on a state holding the north of the Wall as typed);
and what its score sheet counts beyond the base game's (the guards on the
Wall: ``calc.SCORE_COUNTS``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from castletui.rules.core import Config
from castletui.rules.core.screen import Helper, Question, parse_choice
from msgspec.structs import replace

from ..calc import ScoreCount, whole_number
from ..edition import BROTHERHOOD, CLANS, CLEARINGS, TRAIL_OF_FACE, WATCH, WILDLINGS
from ..setup import setup
from ..state import State
from .text import clearing_name, section_name
from .wall import advanced


def _guards_asked(name: str) -> list:
    return [("guards", f"{name}: guards on the Wall?", whole_number("guards on the Wall", WATCH.guards), "0")]


def _guards_counted(state: State, answers: Mapping[str, Any]) -> State:
    # Where a guard stands does not count for points: each player's on a section.
    seats = len(state.players)
    return replace(state, wall=tuple(tuple([seat] * answers[f"guards.{seat}"]) for seat in range(seats)))


SCORE_COUNT = ScoreCount(
    questions=_guards_asked,
    counted=_guards_counted,
    note=", guard tokens: 1 for 3 guards on the Wall, 2 for 5 or more",
)
"""Added to ``calc.SCORE_COUNTS``."""


def _face(text: str) -> int:
    return whole_number("the wildling die", WATCH.die_faces, 1)(text)


def _hottest(text: str) -> str:
    choices = {kind: kind for kind in WILDLINGS}
    choices.update({"none": "", "empty": ""})
    return parse_choice(text, choices, "regular, climber, giant, or none")


def _wildling_question(answers: Mapping[str, Any]) -> Question | None:
    if "face" not in answers:
        return Question("face", "What does the wildling die show?", _face)
    trail = TRAIL_OF_FACE.get(answers["face"])
    if trail is None:
        return None
    clan, rank = trail
    clearing = CLANS[clan].trails[rank].clearing
    if "hottest" not in answers:
        return Question(
            "hottest",
            f"The {CLANS[clan].title}: which wildling stands in the hottest camp, the one nearest the Wall? "
            "(regular, climber, giant; Enter: none)",
            _hottest,
            "none",
        )
    walker = answers["hottest"]
    if not walker or walker == "climber":
        return None
    if walker == "regular" and "waiting" not in answers:
        return Question(
            "waiting",
            f"Regular wildlings already waiting in {clearing_name(clearing)}?",
            whole_number("regulars waiting", WATCH.figures["regular"]),
            "0",
        )
    if "guards" not in answers:
        return Question(
            "guards",
            f"Guards on {section_name(clearing)}, the section south of that clearing?",
            whole_number("guards on the section", WATCH.guard_spaces),
        )
    return None


def wildling_state(answers: Mapping[str, Any]) -> tuple[State, State]:
    """The north of the Wall as typed (4 players; the Gift without a
    wildling yet), and the state after the die's advance."""
    state = setup(Config(BROTHERHOOD, 4, {}, mode="table"))
    face = answers["face"]
    trail = TRAIL_OF_FACE.get(face)
    camps = [()] * len(CLANS)
    clearings = [()] * len(CLEARINGS)
    wall = [()] * WATCH.sections
    if trail is not None and answers.get("hottest"):
        clan, rank = trail
        camps[clan] = (answers["hottest"],)
        clearing = CLANS[clan].trails[rank].clearing
        clearings[clearing] = ("regular",) * answers.get("waiting", 0)
        wall[clearing] = (0,) * answers.get("guards", 0)
    state = replace(
        state,
        camps=tuple(camps),
        clearings=tuple(clearings),
        wall=tuple(wall),
        blocked=("",) * len(state.terrain),
        events=(),
    )
    return state, advanced(state, face)


def _wildling_report(answers: Mapping[str, Any]) -> list[str]:
    _, after = wildling_state(answers)
    lines = []
    for event in after.events:
        line = _wildling_line(event.kind, event.detail)
        if line:
            lines.append(line)
    return lines


def _wildling_line(kind: str, detail: tuple) -> str:
    """A wildling event in the table's words: no seat (the helper was not
    told whose guards stand where) and no hex of our own map."""
    if kind == "no-advance":
        return f"The wildling die's {detail[0]} is on no trail: no wildling advances."
    if kind == "camps-empty":
        title = next(clan.title for clan in CLANS if clan.name == detail[1])
        return f"The wildling die's {detail[0]} points at the {title}, whose camps are empty: no wildling advances."
    if kind == "advance":
        walker, _, clearing = detail
        return (
            f"The {walker} in the hottest camp walks the trail to {clearing_name(clearing)}; "
            "the wildlings in the colder camps move up one camp."
        )
    if kind == "giant-kills":
        return (
            f"The giant kills the guard on space 1 of {section_name(detail[0])} (the others move down) and "
            "goes back to the Frostfangs."
        )
    if kind == "wildlings-wait":
        clearing, regulars, guards = detail
        return (
            f"{regulars} regular{'s' if regulars != 1 else ''} in {clearing_name(clearing)} against "
            f"{guards} guard{'s' if guards != 1 else ''}: not more than the guards, so they wait."
        )
    if kind == "breach":
        section, count, _ = detail
        return (
            f"A breach at {section_name(section)}: more wildlings than guards. The guard on space 1 falls "
            f"(the others move down), {count} wildling{'s' if count != 1 else ''} cross the Wall, and the "
            "breach marker moves one space (the third breach ends the game)."
        )
    if kind == "blocks":
        return (
            f"A {detail[0]} blocks the first free hex of that section's lane south of the Wall: it produces "
            "nothing (8 wildlings in the Gift end the game)."
        )
    return ""


WILDLING_DIE = Helper(
    name="wildling-die",
    title="Wildling die",
    summary="Brotherhood of the Watch: a wildling die face, the camp and the Wall it reaches: what happens now.",
    next_question=_wildling_question,
    report=_wildling_report,
)
