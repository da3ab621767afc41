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

from castletui.rules.castle_raisers.edition import (
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
from castletui.rules.castle_raisers.scoring import calculator_result, threat_met
from castletui.rules.castle_raisers.sheet import wolves_entering
from castletui.rules.castle_raisers.state import Castle
from castletui.rules.core import IllegalAction, Result, name_seats
from castletui.rules.core.screen import Helper, Question, parse_choice, parse_counts, parse_whole_numbers

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


def _location_words() -> dict[str, str]:
    """Each location as the printed board shows it (it has no codes): the
    first or second location inside a section, or the border of two."""
    words: dict[str, str] = {}
    inside: dict[int, int] = {}
    for index, location in enumerate(LOCATIONS):
        sections = LOCATION_SECTIONS[index]
        if len(sections) == 1:
            inside[sections[0]] = inside.get(sections[0], 0) + 1
            which = "first" if inside[sections[0]] == 1 else "second"
            words[location] = f"the {which} location inside the {SECTIONS[sections[0]]}"
        else:
            first, second = (SECTIONS[s] for s in sections)
            words[location] = f"the border of the {first} and the {second}"
    return words


LOCATION_WORDS = _location_words()


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


def _village_token(answers: Mapping[str, Any], key: str, names: Sequence[str]):
    """The reader of one location's Village token: empty (a blank answer),
    or a token no location typed before holds (there is one of each)."""

    def parse(text: str) -> str:
        if not text.strip() or text.strip().lower() in ("empty", "none", "-"):
            return ""
        token = parse_token(text)
        for other, held in answers.items():
            if held == token and other != key and ".village." in other:
                seat = int(other[1 : other.index(".")])
                where = LOCATION_WORDS[other.rsplit(".", 1)[1]]
                raise IllegalAction(
                    f"There is only one {TOKENS[token].colour} {condition_words(token)} token: "
                    f"{names[seat]} has it on {where}."
                )
        return token

    return parse


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


def _number(what: str):
    return lambda text: parse_whole_numbers(text, 1, what)[0]


def _wolves(text: str) -> tuple[int, ...]:
    return parse_counts(text, WOLF_KINDS)


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


def _castle_questions(
    name: str, key: str, cooperative: bool, answers: Mapping[str, Any], names: Sequence[str]
) -> list[Question]:
    """One castle's questions, one thing each, in the order of the
    scorepad's lines: the wall and the wolves of each section (the Wolf
    assault), Arrow tokens, Prestige and Attack tokens by section (their
    Village conditions count them there), each location's Village token."""
    questions = []
    for index, section in enumerate(SECTIONS):
        questions.append(
            Question(
                f"{key}.heights.{index}",
                f"{name}, {section}: how many levels has the highest portion of the wall there "
                "(a level counts even if not complete)?",
                _number(f"wall levels over the {section}"),
            )
        )
    for index, section in enumerate(SECTIONS):
        questions.append(
            Question(
                f"{key}.wolves.{index}",
                f"{name}, {section}: Wolf tokens still around the castle in that region "
                "(e.g. '2 soldier 1 archer'; a soldier with a ladder is 'ladder'; Enter: none)?",
                _wolves,
            )
        )
    questions.append(Question(f"{key}.arrows", f"{name}: Arrow tokens?", _number("Arrow tokens"), "0"))
    for what in ("prestige", "attack"):
        for index, section in enumerate(SECTIONS):
            tokens = f"{what.capitalize()} tokens"
            questions.append(
                Question(
                    f"{key}.{what}.{index}",
                    f"{name}, {section}: {tokens} placed in that section?",
                    _number(f"{tokens} in the {section}"),
                    "0",
                )
            )
    for location in LOCATIONS:
        token_key = f"{key}.village.{location}"
        questions.append(
            Question(
                token_key,
                f"{name}: Village token on {LOCATION_WORDS[location]}? Its colour, then what its bottom "
                "scores (e.g. 'blue green /3', 'red no wolves', 'yellow prestige'; Enter: empty)",
                _village_token(answers, token_key, names),
            )
        )
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
        questions += _castle_questions(name, f"p{seat}", cooperative, answers, answers["names"])
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


def _by_section(answers: Mapping[str, Any], key: str) -> tuple:
    return tuple(answers[f"{key}.{index}"] for index in range(len(SECTIONS)))


def entries_from(answers: Mapping[str, Any]) -> list[CastleEntry]:
    """The castles the answers describe."""
    return [
        CastleEntry(
            heights=_by_section(answers, f"p{seat}.heights"),  # type: ignore[arg-type]
            wolves=_by_section(answers, f"p{seat}.wolves"),
            village={
                location: answers[f"p{seat}.village.{location}"]
                for location in LOCATIONS
                if answers[f"p{seat}.village.{location}"]
            },
            prestige=_by_section(answers, f"p{seat}.prestige"),  # type: ignore[arg-type]
            attack=_by_section(answers, f"p{seat}.attack"),  # type: ignore[arg-type]
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
    summary="Count each castle at Game End, one thing a question: every line of the scorepad, the winner, or the team against the wolves.",
    next_question=_next_question,
    report=_report,
)


def helpers() -> tuple[Helper, ...]:
    """The Castle Raisers rules helpers (the screen API's ``helpers`` hook)."""
    return (GAME_END,)
