"""Castle Raisers rules helper: the Game End score sheet for castles typed
in at a real table (walls, Village tokens, Prestige, Attack and Arrow
tokens, the wolves left around each castle, Threat cards), every line as
the printed scorepad has it, the winner, and in co-operative and solo play
the team total against the wolves' target.

Pure functions over the rules' own scoring (``scoring.calculator_result``,
``sheet.score_sheet``, ``threat_met``): nothing here weighs a rule again.
:func:`helpers` gives the conversation a table has with it (the screen
API's ``helpers`` hook, ``castletui calc castle-raisers``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from rules.castle_raisers.edition import (
    COLOURS,
    EDITION,
    LOCATION_INDEX,
    LOCATION_SECTIONS,
    LOCATIONS,
    SECTIONS,
    THREATS,
    TOKENS,
    WOLF_KINDS,
)
from rules.castle_raisers.scoring import calculator_result, threat_met
from rules.castle_raisers.sheet import wolves_entering
from rules.castle_raisers.state import Castle
from rules.core import IllegalAction, Result, name_seats
from rules.core.screen import Helper, Question, parse_choice, parse_counts, parse_whole_numbers

COOPERATIVE = "cooperative"
COMPETITIVE = "competitive"


class CastleEntry(NamedTuple):
    """One castle as a table counts it at Game End (sections in ``SECTIONS``
    order: forests, sea, farmlands)."""

    heights: tuple[int, int, int]
    """The highest wall level over each section."""
    wolves: tuple[tuple[int, int, int, int], ...] = ((0, 0, 0, 0),) * 3
    """Per region, the wolves left: soldiers, soldiers with ladders, archers, vicious wolves."""
    village: Mapping[str, str] = {}
    """Location name -> Village token id."""
    prestige: tuple[int, int, int] = (0, 0, 0)
    attack: tuple[int, int, int] = (0, 0, 0)
    arrows: int = 0
    threats: tuple[str, ...] = ()
    starting_icons_visible: bool | None = None
    """Co-operative: whether a starting icon is still visible (only asked for Iconoclast)."""


class Scorepad(NamedTuple):
    """The score sheet: ``result`` (lines, totals, winners, the verdict),
    each section's wolves entering per castle, the co-operative target
    (0 in competitive play) and the Threat cards as (seat, name, met)."""

    result: Result
    entering: tuple[tuple[int, int, int], ...]
    target: int
    threats: tuple[tuple[int, str, bool], ...]


def castle_of(entry: CastleEntry) -> Castle:
    """The rules' Castle for a castle typed in (no wall tile by tile: only its heights)."""
    village = [""] * len(LOCATIONS)
    for location, token in entry.village.items():
        village[LOCATION_INDEX[location]] = token
    return Castle(
        heights=tuple(entry.heights),
        village=tuple(village),
        wolves=tuple(count for region in entry.wolves for count in region),
        prestige=tuple(entry.prestige),
        attack=tuple(entry.attack),
        arrows=entry.arrows,
        threats=tuple(entry.threats),
    )


def game_end_scores(entries: Sequence[CastleEntry], cooperative: bool = False) -> Scorepad:
    """Score castles typed in at Game End with the rules' own score sheet."""
    castles = tuple(castle_of(entry) for entry in entries)
    if not castles:
        raise IllegalAction("Score at least one castle.")
    if not cooperative and len(castles) < 2:
        raise IllegalAction(
            "The competitive game is for 2 to 4 players (one player plays solo, co-operatively)."
        )
    if len(castles) > 4:
        raise IllegalAction("Castle Raisers is for 1 to 4 players.")
    visible = tuple(entry.starting_icons_visible for entry in entries)
    variant = ("solo" if len(castles) == 1 else COOPERATIVE) if cooperative else COMPETITIVE
    result = calculator_result(castles, variant, visible)
    entering = tuple(
        tuple(wolves_entering(castle, section) for section in range(len(SECTIONS))) for castle in castles
    )
    target = EDITION.coop.wolves_score_by_players[len(castles) - 1] if cooperative else 0
    threats = tuple(
        (seat, name, threat_met(castle, name, visible[seat]))
        for seat, castle in enumerate(castles)
        for name in castle.threats
    )
    return Scorepad(result, entering, target, threats)  # type: ignore[arg-type]


def report_lines(pad: Scorepad, names: Sequence[str]) -> list[str]:
    """The score sheet as text: a column per player, a line per score line,
    the totals, and the verdict."""
    result = pad.result
    width = max([len("Wolves entering") + 2] + [len(line.label) + 2 for line in result.lines])
    column = max([7] + [len(name) + 2 for name in names])
    out = ["".ljust(width) + "".join(name.rjust(column) for name in names)]
    out.append(
        "Wolves entering".ljust(width)
        + "".join("/".join(str(n) for n in entering).rjust(column) for entering in pad.entering)
    )
    for line in result.lines:
        out.append(line.label.ljust(width) + "".join(f"{points:g}".rjust(column) for points in line.points))
    out.append("Total".ljust(width) + "".join(f"{score:g}".rjust(column) for score in result.scores))
    out.append("(wolves entering: forests/sea/farmlands)")
    for seat, name, met in pad.threats:
        out.append(f"Threat card {name} ({names[seat]}): {'met' if met else 'NOT met'}")
    if pad.target:
        team = sum(result.scores)
        out.append(f"Team total {team:g} against the wolves' {pad.target}.")
        out.append(("Won: " if not result.lost else "Lost: ") + name_seats(result.decided_by, names) + ".")
    else:
        winners = " and ".join(names[seat] for seat in result.winners)
        out.append(f"Winner: {winners} ({name_seats(result.decided_by, names)}).")
    return out


# --- reading what the table types ---------------------------------------------------

_CONDITION_WORDS = {
    "empty": "empty",
    "no_wolves": "wolves",
    "attack": "attack",
    "prestige": "prestige",
    "wall": "wall",
}


def _location_names() -> dict[str, str]:
    """Every way a location may be typed: its code (T1), "forests 1" / "forests 2"
    inside a section, and "forests/sea" (either order) for a border."""
    names: dict[str, str] = {}
    inside: dict[int, int] = {}
    for index, location in enumerate(LOCATIONS):
        names[location.lower()] = location
        sections = LOCATION_SECTIONS[index]
        if len(sections) == 1:
            inside[sections[0]] = inside.get(sections[0], 0) + 1
            names[f"{SECTIONS[sections[0]]} {inside[sections[0]]}"] = location
        else:
            first, second = (SECTIONS[s] for s in sections)
            names[f"{first}/{second}"] = names[f"{second}/{first}"] = location
    return names


LOCATION_NAMES = _location_names()
LOCATION_HELP = "; ".join(
    f"{name} = {next(words for words, code in LOCATION_NAMES.items() if code == name and words != name.lower())}"
    for name in LOCATIONS
)


def parse_location(text: str) -> str:
    """A Village location typed as its code or in words ("sea 2", "farmlands/forests")."""
    typed = " ".join(text.strip().lower().replace("|", "/").replace(" / ", "/").split())
    if typed in LOCATION_NAMES:
        return LOCATION_NAMES[typed]
    raise IllegalAction(f"There is no location {text.strip()!r}: the locations are {LOCATION_HELP}.")


def condition_words(token: str) -> str:
    """How the table reads a token's scoring condition: "green /3", "no wolves /10"."""
    data = TOKENS[token]
    if data.condition == "colour":
        return f"{data.target} /{data.points}"
    word = "no wolves" if data.condition == "no_wolves" else _CONDITION_WORDS[data.condition]
    return f"{word} /{data.points}"


def parse_token(text: str) -> str:
    """A Village token typed as its colour and its scoring condition ("blue
    green/3", "yellow prestige", "red no wolves /10") or its id ("V-B5")."""
    typed = text.strip()
    if typed.upper() in TOKENS:
        return typed.upper()
    words = typed.lower().replace("/", " /").split()
    if not words or words[0] not in COLOURS:
        raise IllegalAction(
            f"Say a Village token by its colour ({', '.join(COLOURS)}) and its scoring "
            f"condition, e.g. 'blue green /3' or 'yellow prestige /1', not {typed!r}."
        )
    colour, rest = words[0], words[1:]
    points = [int(word[1:]) for word in rest if word.startswith("/") and word[1:].isdigit()]
    rest = [word for word in rest if not word.startswith("/") and word not in ("no", "tokens", "levels")]
    fits = []
    for token, data in TOKENS.items():
        if data.colour != colour or (points and data.points != points[0]):
            continue
        wanted = data.target if data.condition == "colour" else _CONDITION_WORDS[data.condition]
        if rest and all(wanted.startswith(word) or word.startswith(wanted) for word in rest):
            fits.append(token)
    if len(fits) != 1:
        choices = ", ".join(condition_words(token) for token, data in TOKENS.items() if data.colour == colour)
        raise IllegalAction(f"A {colour} Village token scores one of: {choices}.")
    return fits[0]


def parse_village(text: str) -> dict[str, str]:
    """Village tokens typed as ``location=token`` pairs apart by commas."""
    found: dict[str, str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise IllegalAction(
                f"Type each token as location=token, e.g. 'T1=blue green /3', not {part.strip()!r}."
            )
        location, token = part.split("=", 1)
        location = parse_location(location)
        if location in found:
            raise IllegalAction(f"Location {location} holds one token only.")
        found[location] = parse_token(token)
    used = [token for token in found.values()]
    for token in set(used):
        if used.count(token) > 1:
            raise IllegalAction(f"There is only one {TOKENS[token].colour} {condition_words(token)} token.")
    return found


def parse_threats(text: str) -> tuple[str, ...]:
    names = {name.lower(): name for name in THREATS}
    found = []
    for part in text.split(","):
        typed = part.strip().lower()
        if not typed:
            continue
        fits = [name for key, name in names.items() if key == typed] or [
            name for key, name in names.items() if key.startswith(typed)
        ]
        if len(fits) != 1:
            raise IllegalAction(f"Threat cards are: {', '.join(THREATS)}.")
        found.append(fits[0])
    return tuple(found)


def _yes_no(text: str) -> bool:
    return parse_choice(text, {"yes": True, "no": False}, "yes or no")


def _names(text: str, cooperative: bool) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    fewest = 1 if cooperative else 2
    if not fewest <= len(names) <= 4:
        raise IllegalAction(
            f"Type {fewest} to 4 names apart by commas, e.g. 'Milo, Howard, Coco, Wei'"
            + (" (one player plays solo: co-operative)." if not cooperative else ".")
        )
    if len(set(names)) != len(names):
        raise IllegalAction("Give each player a different name.")
    return names


def _sections(what: str):
    return lambda text: parse_whole_numbers(text, 3, f"{what} in the forests, the sea and the farmlands")


def _wolves(text: str) -> tuple[int, ...]:
    return parse_counts(text, WOLF_KINDS)


def _arrows(text: str) -> int:
    return parse_whole_numbers(text, 1, "Arrow tokens")[0]


def _mode(text: str) -> str:
    return parse_choice(
        text,
        {
            COMPETITIVE: COMPETITIVE,
            "co-operative": COOPERATIVE,
            COOPERATIVE: COOPERATIVE,
            "solo": COOPERATIVE,
        },
        "how you played",
    )


def _castle_questions(name: str, key: str, cooperative: bool) -> list[Question]:
    questions = [
        Question(
            f"{key}.heights",
            f"{name}: highest wall level over the forests, sea and farmlands?",
            _sections("wall levels"),
        ),
    ]
    for region, section in enumerate(SECTIONS):
        questions.append(
            Question(
                f"{key}.wolves.{region}",
                f"{name}: wolves left in the {section} (e.g. '2 soldier 1 archer'; ladder = soldier with a ladder; Enter: none)?",
                _wolves,
            )
        )
    questions += [
        Question(
            f"{key}.village",
            f"{name}: Village tokens as location=colour condition, apart by commas "
            f"(e.g. 'forests 1=blue green /3, forests/sea=red no wolves'; Enter: none)? Locations: {LOCATION_HELP}.",
            parse_village,
        ),
        Question(
            f"{key}.prestige",
            f"{name}: Prestige tokens in the forests, sea and farmlands?",
            _sections("Prestige tokens"),
            "0 0 0",
        ),
        Question(
            f"{key}.attack",
            f"{name}: Attack tokens in the forests, sea and farmlands?",
            _sections("Attack tokens"),
            "0 0 0",
        ),
        Question(f"{key}.arrows", f"{name}: Arrow tokens?", _arrows, "0"),
    ]
    if cooperative:
        questions.append(
            Question(f"{key}.threats", f"{name}: Threat cards, apart by commas (Enter: none)?", parse_threats)
        )
    return questions


def _questions(answers: Mapping[str, Any]) -> list[Question]:
    questions = [Question("mode", "Competitive, co-operative or solo?", _mode, COMPETITIVE)]
    if "mode" not in answers:
        return questions
    cooperative = answers["mode"] == COOPERATIVE
    questions.append(
        Question(
            "names",
            "Who played? Names apart by commas, e.g. 'Milo, Howard'",
            lambda text: _names(text, cooperative),
        )
    )
    if "names" not in answers:
        return questions
    for seat, name in enumerate(answers["names"]):
        questions += _castle_questions(name, f"p{seat}", cooperative)
        threats = answers.get(f"p{seat}.threats", ())
        if any(THREATS[threat].check == "no_starting_icon_visible" for threat in threats):
            questions.append(
                Question(
                    f"p{seat}.icons",
                    f"{name}: is any starting icon of the castle board still visible (Iconoclast)? yes or no",
                    _yes_no,
                )
            )
    return questions


def _next_question(answers: Mapping[str, Any]) -> Question | None:
    for question in _questions(answers):
        if question.key not in answers:
            return question
    return None


def entries_from(answers: Mapping[str, Any]) -> list[CastleEntry]:
    """The castles the answers describe."""
    return [
        CastleEntry(
            heights=answers[f"p{seat}.heights"],
            wolves=tuple(answers[f"p{seat}.wolves.{region}"] for region in range(len(SECTIONS))),
            village=answers[f"p{seat}.village"],
            prestige=answers[f"p{seat}.prestige"],
            attack=answers[f"p{seat}.attack"],
            arrows=answers[f"p{seat}.arrows"],
            threats=answers.get(f"p{seat}.threats", ()),
            starting_icons_visible=answers.get(f"p{seat}.icons"),
        )
        for seat in range(len(answers["names"]))
    ]


def _report(answers: Mapping[str, Any]) -> list[str]:
    pad = game_end_scores(entries_from(answers), cooperative=answers["mode"] == COOPERATIVE)
    return report_lines(pad, answers["names"])


GAME_END = Helper(
    name="score",
    title="Game End scoring",
    summary="Type in each castle at Game End: every line of the scorepad, the winner, or the team against the wolves.",
    next_question=_next_question,
    report=_report,
)


def helpers() -> tuple[Helper, ...]:
    """The Castle Raisers rules helpers (the screen API's ``helpers`` hook)."""
    return (GAME_END,)
