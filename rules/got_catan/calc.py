"""A Game of Thrones Catan rules helpers: what a table playing the real box
asks the rulebook, each answer explained.

- **Longest Road**: each player's roads typed as the paths between corners
  the table names as it likes ("a-b, b-c"), with the corners where another
  player's settlement or keep breaks them; who holds the card.
- **Production**: a roll, the hexes showing it (terrain, Tormund or a
  wildling on it, the settlements and keeps on their corners) and the
  supply left: what each player collects.
- **Discards on a 7**: the cards in each hand: how many each returns.
- **Score**: settlements, keeps, Longest Road, Largest Patrol, Victory
  Point cards and (Brotherhood) guards on the Wall: the score sheet.
- **Wildling die** (Brotherhood): added by ``brotherhood.calc``.

Pure functions over the game's own rules: ``roads.road_length`` and
``longest_road_holder`` on a network built from what was typed,
``flow.share_out`` and ``PRODUCED_BY``, ``flow.must_discard``, and
``scoring.result`` on a game state holding the counted pieces. Nothing
here weighs a rule again. :func:`helpers` is the screen API's hook
(``castletui calc got-catan``).

Registration points: a variant adds its helpers to ``HELPERS`` and what
its score sheet counts beyond the base game's to ``SCORE_COUNTS``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from castletui.rules.core import Config, IllegalAction
from castletui.rules.core.screen import Helper, Question, parse_choice, parse_whole_numbers
from msgspec.structs import replace

from .edition import (
    BROTHERHOOD,
    DICE_HIGH,
    DICE_LOW,
    RESOURCES,
    ROBBER_ROLL,
    RULES,
    TERRAIN_RESOURCE,
    VICTORY_POINT,
    WATCH,
)
from .flow import PRODUCED_BY, must_discard, share_out
from .layers import LAYERS
from .roads import longest_road_holder, road_length
from .scoring import result
from .setup import setup
from .state import Player, State

BASE = "base"
NOBODY = -1

# --- who played (every helper asks it first) ------------------------------------------


def _names(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    if not 3 <= len(names) <= 4:
        raise IllegalAction(
            "A Game of Thrones Catan is for 3 or 4 players: type 3 or 4 names apart by commas."
        )
    if len({name.lower() for name in names}) != len(names):
        raise IllegalAction("Give each player a different name.")
    return names


NAMES = Question("names", "Who plays, in turn order? Names apart by commas, e.g. 'Milo, Wei, Coco'", _names)


def _player(names: Sequence[str], nobody: bool = True) -> Callable[[str], int]:
    """A player typed by (the start of) their name; a blank is nobody."""
    choices = {name: seat for seat, name in enumerate(names)}

    def parse(text: str) -> int:
        if nobody and text.strip().lower() in ("", "nobody", "none", "-"):
            return NOBODY
        return parse_choice(text, choices, "a player's name" + (", or Enter for nobody" if nobody else ""))

    return parse


def _variant(text: str) -> str:
    return parse_choice(
        text, {"base": BASE, "brotherhood": BROTHERHOOD, "watch": BROTHERHOOD}, "the base game or Brotherhood"
    )


VARIANT = Question("variant", "Base game or Brotherhood of the Watch?", _variant, "base")


def whole_number(what: str, most: int | None = None, least: int = 0) -> Callable[[str], int]:
    """A parser of a whole number from ``least`` to ``most``, refused in the words of ``what``."""

    def parse(text: str) -> int:
        number = parse_whole_numbers(text, 1, what)[0]
        if number < least or (most is not None and number > most):
            raise IllegalAction(f"{what.capitalize()}: from {least} to {most}.")
        return number

    return parse


# --- Longest Road ------------------------------------------------------------------------


class Network(NamedTuple):
    """A player's roads as typed: the corners each path joins and the paths
    at each corner, by number (the shape ``road_length`` walks), and the
    names the table gave the corners."""

    corner_edges: tuple[tuple[int, ...], ...]
    edge_corners: tuple[tuple[int, int], ...]
    corners: tuple[str, ...]

    @property
    def roads(self) -> tuple[int, ...]:
        return tuple(range(len(self.edge_corners)))


def parse_roads(text: str) -> Network:
    """Roads typed as paths, each the two corners it joins, apart by commas
    ("a-b, b-c, c-d"; corners named as the table likes)."""
    corners: list[str] = []
    paths: list[tuple[int, int]] = []
    for part in text.split(","):
        if not part.strip():
            continue
        ends = [end.strip().lower() for end in re.split(r"\s*-\s*|\s+", part.strip()) if end.strip()]
        if len(ends) != 2 or ends[0] == ends[1]:
            raise IllegalAction(
                f"Type each road as the two corners its path joins, e.g. 'a-b', not {part.strip()!r}."
            )
        for end in ends:
            if end not in corners:
                corners.append(end)
        path = tuple(sorted(corners.index(end) for end in ends))
        if path in paths:
            raise IllegalAction(f"The path {part.strip()} is typed twice: a path holds one road.")
        paths.append(path)  # type: ignore[arg-type]
    if len(paths) > RULES.roads:
        raise IllegalAction(f"A player has {RULES.roads} roads: {len(paths)} were typed.")
    corner_edges = tuple(
        tuple(edge for edge, path in enumerate(paths) if corner in path) for corner in range(len(corners))
    )
    for corner, edges in enumerate(corner_edges):
        if len(edges) > 3:
            raise IllegalAction(
                f"Corner {corners[corner]} joins {len(edges)} paths: a corner joins at most 3."
            )
    return Network(corner_edges, tuple(paths), tuple(corners))  # type: ignore[arg-type]


def _breaks(network: Network) -> Callable[[str], frozenset[int]]:
    def parse(text: str) -> frozenset[int]:
        found = set()
        for part in text.replace(",", " ").split():
            name = part.strip().lower()
            if name not in network.corners:
                raise IllegalAction(
                    f"{part} is not a corner of these roads (they join {', '.join(network.corners)})."
                )
            found.add(network.corners.index(name))
        return frozenset(found)

    return parse


def road_lengths(network: Network, breaks: frozenset[int]) -> tuple[int, int]:
    """The longest road of ``network`` as it stands, and without the breaks."""
    return road_length(network, network.roads, breaks), road_length(network, network.roads, frozenset())  # type: ignore[arg-type]


def _longest_question(answers: Mapping[str, Any]) -> Question | None:
    if "names" not in answers:
        return NAMES
    names = answers["names"]
    for seat, name in enumerate(names):
        if f"roads.{seat}" not in answers:
            return Question(
                f"roads.{seat}",
                f"{name}'s roads: each path as the two corners it joins, apart by commas, naming the "
                "corners as you like (e.g. 'a-b, b-c, c-d, c-e'; Enter: none)?",
                parse_roads,
            )
        network = answers[f"roads.{seat}"]
        if network.edge_corners and f"breaks.{seat}" not in answers:
            return Question(
                f"breaks.{seat}",
                f"{name}: corners of those roads where another player's settlement or keep stands "
                "(it breaks the road there; e.g. 'c'; Enter: none)?",
                _breaks(network),
            )
    if "holder" not in answers:
        return Question(
            "holder", "Who holds the Longest Road card now? (a name; Enter: nobody)", _player(names)
        )
    return None


def _longest_report(answers: Mapping[str, Any]) -> list[str]:
    names = answers["names"]
    lines = []
    lengths = []
    for seat, name in enumerate(names):
        network = answers[f"roads.{seat}"]
        breaks = answers.get(f"breaks.{seat}", frozenset())
        length, unbroken = road_lengths(network, breaks)
        lengths.append(length)
        roads = f"{len(network.edge_corners)} road{'s' if len(network.edge_corners) != 1 else ''}"
        if unbroken > length:
            where = ", ".join(network.corners[corner] for corner in sorted(breaks))
            lines.append(
                f"{name}: {roads}; longest {unbroken} without the break at {where}, {length} with it."
            )
        else:
            lines.append(f"{name}: {roads}; the longest unbroken road is {length}.")
    before = answers["holder"]
    holder = longest_road_holder(lengths, before)
    minimum = RULES.longest_road_minimum
    points = f"{RULES.longest_road_points} VP ({WATCH.longest_road_points} in Brotherhood of the Watch)"
    best = max(lengths)
    if holder == NOBODY:
        if best < minimum:
            lines.append(f"Nobody holds Longest Road: it takes an unbroken road of {minimum} or more.")
        else:
            tied = " and ".join(names[seat] for seat, n in enumerate(lengths) if n == best)
            lines.append(
                f"Nobody holds Longest Road: {tied} tie on {best}, and the card is set aside until one road "
                "is longer than every other."
            )
    elif holder == before:
        lines.append(
            f"{names[holder]} keeps Longest Road ({points}): {lengths[holder]} is still the longest "
            "(another player takes it only with a longer road)."
        )
    else:
        was = f" from {names[before]}" if before != NOBODY else ""
        lines.append(
            f"{names[holder]} takes Longest Road{was} ({points}): {lengths[holder]}, the only longest road "
            f"of {minimum} or more."
        )
    return lines


LONGEST_ROAD = Helper(
    name="longest-road",
    title="Longest Road",
    summary="Each player's roads as paths between corners, and where they are broken: who holds Longest Road.",
    next_question=_longest_question,
    report=_longest_report,
)


# --- production on a roll ----------------------------------------------------------------

TERRAINS = tuple(TERRAIN_RESOURCE)


def _terrain(text: str) -> str:
    choices = {terrain: terrain for terrain in TERRAINS}
    choices.update({resource: terrain for terrain, resource in TERRAIN_RESOURCE.items()})
    return parse_choice(text, choices, "the hex's terrain, or the resource it gives")


def _roll(text: str) -> int:
    return whole_number("the two dice", DICE_HIGH, DICE_LOW)(text)


def _on_hex(text: str) -> str:
    return parse_choice(
        text,
        {"nothing": "", "no": "", "tormund": "tormund", "wildling": "wildling"},
        "nothing, Tormund or a wildling",
    )


def _buildings(names: Sequence[str]) -> Callable[[str], tuple[tuple[int, str], ...]]:
    """Buildings on a hex's corners: "Milo settlement, Wei keep" ("2
    settlements" for two of one player's)."""
    players = _player(names, nobody=False)

    def parse(text: str) -> tuple[tuple[int, str], ...]:
        found: list[tuple[int, str]] = []
        for part in text.split(","):
            words = part.split()
            if not words:
                continue
            count = 1
            numbers = [word for word in words if word.isdigit()]
            if numbers:
                count = int(numbers[0])
            rest = [word for word in words if not word.isdigit()]
            building = ""
            if rest and rest[-1].lower().startswith(("settlement", "keep")):
                building = "keep" if rest.pop().lower().startswith("keep") else "settlement"
            if not rest or not building:
                raise IllegalAction(
                    f"Type each as a player and a building, e.g. 'Milo settlement, Wei keep', not {part.strip()!r}."
                )
            found += [(players(" ".join(rest)), building)] * count
        if len(found) > 6:
            raise IllegalAction("A hex has 6 corners: at most 6 buildings touch it.")
        return tuple(found)

    return parse


def _production_question(answers: Mapping[str, Any]) -> Question | None:
    if "names" not in answers:
        return NAMES
    if "roll" not in answers:
        return Question("roll", "What did the two dice show?", _roll)
    if answers["roll"] == ROBBER_ROLL:
        return None
    roll = answers["roll"]
    if "hexes" not in answers:
        return Question(
            "hexes", f"How many terrain hexes show a {roll}?", whole_number(f"hexes showing {roll}", 4, 1)
        )
    for index in range(answers["hexes"]):
        hex_words = f"Hex {index + 1} showing {roll}"
        if f"hex.{index}.terrain" not in answers:
            return Question(
                f"hex.{index}.terrain",
                f"{hex_words}: its terrain (forest, hills, pasture, fields, mountains)?",
                _terrain,
            )
        if f"hex.{index}.on" not in answers:
            return Question(
                f"hex.{index}.on",
                f"{hex_words}: is Tormund or a wildling on it? (nothing, Tormund, wildling)",
                _on_hex,
                "nothing",
            )
        if f"hex.{index}.buildings" not in answers:
            return Question(
                f"hex.{index}.buildings",
                f"{hex_words}: the settlements and keeps on its corners, e.g. 'Milo settlement, Wei keep' (Enter: none)?",
                _buildings(answers["names"]),
            )
    for resource in _resources_owed(answers):
        if f"supply.{resource}" not in answers:
            return Question(
                f"supply.{resource}",
                f"{resource.capitalize()} cards left in the supply?",
                whole_number(f"{resource} cards left", RULES.resource_cards),
                str(RULES.resource_cards),
            )
    return None


def _owed(answers: Mapping[str, Any]) -> list[list[int]]:
    """Per seat, per resource: the cards the buildings on producing hexes are owed."""
    owed = [[0] * len(RESOURCES) for _ in answers["names"]]
    for index in range(answers["hexes"]):
        if answers[f"hex.{index}.on"]:
            continue
        resource = RESOURCES.index(TERRAIN_RESOURCE[answers[f"hex.{index}.terrain"]])
        for seat, building in answers[f"hex.{index}.buildings"]:
            owed[seat][resource] += PRODUCED_BY[building]
    return owed


def _resources_owed(answers: Mapping[str, Any]) -> list[str]:
    if any(f"hex.{index}.buildings" not in answers for index in range(answers["hexes"])):
        return []
    owed = _owed(answers)
    return [resource for index, resource in enumerate(RESOURCES) if any(row[index] for row in owed)]


def _cards(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {resource}" for resource, n in counts.items() if n) or "nothing"


def _production_report(answers: Mapping[str, Any]) -> list[str]:
    names = answers["names"]
    roll = answers["roll"]
    if roll == ROBBER_ROLL:
        return [
            f"A {ROBBER_ROLL}: nobody collects anything. Everyone with more than {RULES.hand_limit} cards "
            "returns half of them, rounded "
            "down (the Discards on a 7 helper counts them); then the roller moves Tormund and steals.",
        ]
    lines = []
    for index in range(answers["hexes"]):
        terrain = answers[f"hex.{index}.terrain"]
        resource = TERRAIN_RESOURCE[terrain]
        buildings = answers[f"hex.{index}.buildings"]
        where = f"Hex {index + 1} ({terrain}, {resource})"
        on = answers[f"hex.{index}.on"]
        if on:
            stopper = "Tormund stands" if on == "tormund" else "a wildling blocks it"
            lines.append(f"{where}: {stopper}: it produces nothing.")
            continue
        if not buildings:
            lines.append(f"{where}: no settlement or keep touches it.")
            continue
        parts = []
        for seat, name in enumerate(names):
            settlements = buildings.count((seat, "settlement"))
            keeps = buildings.count((seat, "keep"))
            owed = settlements * PRODUCED_BY["settlement"] + keeps * PRODUCED_BY["keep"]
            if owed:
                held = " and ".join(
                    f"{n} {kind}{'s' if n != 1 else ''}"
                    for n, kind in ((settlements, "settlement"), (keeps, "keep"))
                    if n
                )
                parts.append(f"{name} {owed} {resource} ({held})")
        lines.append(f"{where}: " + "; ".join(parts) + ".")
    owed = _owed(answers)
    supply = [answers.get(f"supply.{resource}", RULES.resource_cards) for resource in RESOURCES]
    gains, _, notes = share_out(owed, supply)
    for note in notes:
        if note[0] == "short-one":
            _, seat, resource, left, total = note
            lines.append(
                f"The supply holds {left} {resource} for {total} owed: only {names[seat]} is owed it and takes "
                "what is left."
            )
        else:
            _, resource, left, total = note
            lines.append(
                f"The supply holds {left} {resource} for {total} owed to several players: nobody gets {resource}."
            )
    lines.append("")
    for seat, name in enumerate(names):
        counts = {resource: gains[seat].count(resource) for resource in RESOURCES}
        lines.append(f"{name} collects {_cards(counts)}.")
    return lines


PRODUCTION = Helper(
    name="production",
    title="Production on a roll",
    summary="The roll, the hexes showing it, Tormund and the buildings on them: what each player collects.",
    next_question=_production_question,
    report=_production_report,
)


# --- discards on a 7 ---------------------------------------------------------------------


def _discard_question(answers: Mapping[str, Any]) -> Question | None:
    if "names" not in answers:
        return NAMES
    for seat, name in enumerate(answers["names"]):
        if f"hand.{seat}" not in answers:
            return Question(
                f"hand.{seat}",
                f"{name}: resource cards in hand?",
                whole_number("resource cards", 5 * RULES.resource_cards),
            )
    return None


def _discard_report(answers: Mapping[str, Any]) -> list[str]:
    lines = []
    for seat, name in enumerate(answers["names"]):
        hand = answers[f"hand.{seat}"]
        returned = must_discard(hand)
        if returned:
            lines.append(
                f"{name} holds {hand}, more than {RULES.hand_limit}: returns {returned} to the supply "
                f"(half, rounded down), keeping {hand - returned}."
            )
        else:
            lines.append(f"{name} holds {hand}, not more than {RULES.hand_limit}: returns nothing.")
    lines.append("Then the roller moves Tormund and steals a card.")
    return lines


DISCARDS = Helper(
    name="discards",
    title="Discards on a 7",
    summary="The cards in each hand on a 7: how many each player returns.",
    next_question=_discard_question,
    report=_discard_report,
)


# --- the score ---------------------------------------------------------------------------


class ScoreCount(NamedTuple):
    """What a variant's score sheet counts beyond the base game's pieces."""

    questions: Callable[[str], list[tuple[str, str, Callable[[str], int], str]]]
    """(a player's name) -> (key, question, parse, default) asked per player."""
    counted: Callable[[State, Mapping[str, Any]], State]
    """(the state with the base pieces, the answers) -> with the variant's."""
    note: str
    """How its lines score, after the base game's (", guard tokens: ...")."""


SCORE_COUNTS: dict[str, ScoreCount] = {}
"""Each variant's extra counts, by variant name."""


def _score_question(answers: Mapping[str, Any]) -> Question | None:
    if "variant" not in answers:
        return VARIANT
    if "names" not in answers:
        return NAMES
    names = answers["names"]
    extra = SCORE_COUNTS.get(answers["variant"])
    for seat, name in enumerate(names):
        asked = [
            (
                "settlements",
                f"{name}: settlements on the board?",
                whole_number("settlements", RULES.settlements),
                "",
            ),
            ("keeps", f"{name}: keeps on the board?", whole_number("keeps", RULES.keeps), "0"),
            (
                "cards",
                f"{name}: Victory Point cards (played or in hand)?",
                whole_number("Victory Point cards", 5),
                "0",
            ),
        ]
        if extra is not None:
            asked += extra.questions(name)
        for what, prompt, parse, default in asked:
            if f"{what}.{seat}" not in answers:
                return Question(f"{what}.{seat}", prompt, parse, default)
    for card in ("Longest Road", "Largest Patrol"):
        key = card.lower().replace(" ", "-")
        if key not in answers:
            return Question(key, f"Who holds the {card} card? (a name; Enter: nobody)", _player(names))
    return None


def score_state(answers: Mapping[str, Any]) -> State:
    """A game state holding the counted pieces, for the rules' score sheet."""
    names = answers["names"]
    seats = len(names)
    state = setup(Config(answers["variant"], seats, {}, mode="table"))
    players = tuple(
        Player(
            settlements=tuple(range(answers[f"settlements.{seat}"])),
            keeps=tuple(range(100, 100 + answers[f"keeps.{seat}"])),
            development=(VICTORY_POINT,) * answers[f"cards.{seat}"],
        )
        for seat in range(seats)
    )
    state = replace(
        state,
        players=players,
        longest_road=answers["longest-road"],
        largest_patrol=answers["largest-patrol"],
    )
    extra = SCORE_COUNTS.get(answers["variant"])
    return extra.counted(state, answers) if extra is not None else state


def _score_report(answers: Mapping[str, Any]) -> list[str]:
    names = answers["names"]
    sheet = result(score_state(answers))
    width = max(len(line.label) for line in sheet.lines) + 2
    column = max([6] + [len(name) + 2 for name in names])
    out = ["".ljust(width) + "".join(name.rjust(column) for name in names)]
    for line in (line for line in sheet.lines if line.in_total):  # the guards are asked, not told
        label = "Guard tokens (VP)" if line.label == "Guard tokens" else line.label
        out.append(label.ljust(width) + "".join(f"{points:g}".rjust(column) for points in line.points))
    out.append("Total".ljust(width) + "".join(f"{score:g}".rjust(column) for score in sheet.scores))
    layer = LAYERS.get(answers["variant"], LAYERS[BASE])
    extra = SCORE_COUNTS.get(answers["variant"])
    out.append(
        f"(settlement 1, keep 2, Longest Road and Largest Patrol {layer.longest_road_points} each, "
        "Victory Point card 1" + (extra.note if extra is not None else "") + ")"
    )
    reached = [names[seat] for seat, score in enumerate(sheet.scores) if score >= RULES.points_to_win]
    when = layer.won_words.rstrip(".")
    if reached:
        out.append(f"{' and '.join(reached)}: {RULES.points_to_win} or more, which wins {when}.")
    else:
        out.append(f"Nobody has {RULES.points_to_win} yet ({RULES.points_to_win} win {when}).")
    return out


SCORE = Helper(
    name="score",
    title="Score",
    summary="Settlements, keeps, the two cards, Victory Point cards and guards: each player's points.",
    next_question=_score_question,
    report=_score_report,
)


HELPERS: list[Helper] = [LONGEST_ROAD, PRODUCTION, DISCARDS, SCORE]
"""The helpers, in the order the table sees them (a variant adds its own)."""


def helpers() -> tuple[Helper, ...]:
    """The GoT Catan rules helpers (the screen API's ``helpers`` hook)."""
    return tuple(HELPERS)


__all__ = ["helpers"]
