"""Castle Raisers score sheet: ability counts, wolves entering, Village conditions
and the Game End score sheet.

Everything here reads :class:`Castle` values only, so a table-mode calculator
can build castles from a board typed in (``Castle(heights=..., village=...,
wolves=..., prestige=..., attack=..., arrows=...)``) and call
:func:`score_sheet` without playing a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import msgspec
from castletui.rules.castle_raisers.edition import (
    ABILITIES,
    COLOURS,
    EDITION,
    KIND_COUNT,
    LADDER,
    LOCATIONS,
    RULES,
    SECTION_LOCATIONS,
    SECTIONS,
    TOKENS,
)
from castletui.rules.castle_raisers.state import Castle
from castletui.rules.core import ScoreLine

MIDDLE_AREA = frozenset(EDITION.middle_area)
CONDITION_TITLES = {
    "colour": "Village: colours",
    "empty": "Village: empty locations",
    "no_wolves": "Village: no wolves enter",
    "attack": "Village: Attack tokens",
    "prestige": "Village: Prestige tokens",
    "wall": "Village: wall levels",
}


def ability_count(castle: Castle, ability: str, section: int) -> int:
    """How strongly ``ability`` fires in ``section``: 1 for the middle area's icon,
    plus 1 per Village token in the section (border tokens included) topped by it.
    Icons on the wall itself never count."""
    return _section_ability_counts(castle.village, section)[ability]


def ability_counts(castle: Castle) -> tuple[dict[str, int], ...]:
    """Per section (``SECTIONS`` order), the count of each ability (:func:`ability_count`)."""
    return tuple(_section_ability_counts(castle.village, section) for section in range(len(SECTIONS)))


@lru_cache(maxsize=4096)
def _section_ability_counts(village: tuple[str, ...], section: int) -> dict[str, int]:
    """:func:`ability_count` of every ability in one pass over the section's locations,
    kept per Village layout: a bot's playouts ask it thousands of times a decision, and
    a layout changes only when a token is placed. Callers must not change the dict."""
    count = {ability: 1 if ability in MIDDLE_AREA else 0 for ability in ABILITIES}
    for location in SECTION_LOCATIONS[section]:
        token = village[location]
        if token:
            count[TOKENS[token].ability] += 1
    return count


def wolves_in_region(castle: Castle, region: int) -> int:
    base = region * KIND_COUNT
    wolves = castle.wolves
    return sum(wolves[base : base + KIND_COUNT])


def wolves_around(castle: Castle) -> int:
    """Every Wolf token still around the castle (the winner's tie-break)."""
    return sum(castle.wolves)


def wolves_entering(castle: Castle, section: int) -> int:
    """Wolves that enter in ``section`` at Game End: each level of the section's
    highest portion repels one, unless a soldier with a ladder is there (all enter)."""
    total = wolves_in_region(castle, section)
    if castle.wolves[section * KIND_COUNT + LADDER] > 0:
        return total
    return max(0, total - castle.heights[section])


def condition_points(castle: Castle, token_id: str, section: int) -> int:
    """What one Village token's condition scores in one section."""
    token = TOKENS[token_id]
    condition = token.condition
    if condition == "colour":
        return token.points * sum(
            1
            for loc in SECTION_LOCATIONS[section]
            if castle.village[loc] and TOKENS[castle.village[loc]].colour == token.target
        )
    if condition == "empty":
        return token.points * sum(1 for loc in SECTION_LOCATIONS[section] if not castle.village[loc])
    if condition == "no_wolves":
        return token.points if wolves_entering(castle, section) == 0 else 0
    if condition == "attack":
        return token.points * castle.attack[section]
    if condition == "prestige":
        return token.points * castle.prestige[section]
    if condition == "wall":
        return token.points * castle.heights[section]
    raise ValueError(f"unknown Village condition {condition!r}")


class VillageScore(msgspec.Struct, frozen=True):
    """One Village token scored in one section (border tokens appear twice)."""

    location: str
    section: str
    token: str
    condition: str
    points: int


def village_breakdown(castle: Castle) -> tuple[VillageScore, ...]:
    """Every Village token's condition in every section it touches."""
    found = []
    for section, locations in enumerate(SECTION_LOCATIONS):
        for location in locations:
            token = castle.village[location]
            if token:
                found.append(
                    VillageScore(
                        LOCATIONS[location],
                        SECTIONS[section],
                        token,
                        TOKENS[token].condition,
                        condition_points(castle, token, section),
                    )
                )
    return tuple(found)


def assault_penalties(entered: Sequence[int]) -> tuple[int, ...]:
    """The wolf-assault points of one section for every player.

    Most wolves entered -10 (every player tied there), then the next number
    -5 (every player tied there) unless the top was shared; 2 players: more
    -10, fewer -5, a tie both -10. A player whose wolves did not enter scores 0.
    """
    if len(entered) == 1:
        return (0,)
    positive = sorted({n for n in entered if n > 0}, reverse=True)
    if not positive:
        return tuple(0 for _ in entered)
    top = positive[0]
    most, next_ = RULES.most_wolves_points, RULES.next_wolves_points
    if len(entered) == 2:
        return tuple(most if n == top else (next_ if n > 0 else 0) for n in entered)
    top_shared = sum(1 for n in entered if n == top) > 1
    second = positive[1] if len(positive) > 1 and not top_shared else -1
    return tuple(most if n == top else (next_ if n == second else 0) for n in entered)


def score_sheet(castles: Sequence[Castle], cooperative: bool = False) -> tuple[ScoreLine, ...]:
    """Every line of the Game End score sheet, points per seat.

    Competitive: the wolf assault per section by ranking. Co-operative and
    solo: each wolf that entered scores ``coop.points_per_wolf_entered``.
    """
    lines: list[ScoreLine] = []
    if cooperative:
        per_wolf = EDITION.coop.points_per_wolf_entered
        lines.append(
            ScoreLine(
                "Wolves entered",
                tuple(
                    float(per_wolf * sum(wolves_entering(c, s) for s in range(len(SECTIONS))))
                    for c in castles
                ),
            )
        )
    else:
        for section, name in enumerate(SECTIONS):
            penalties = assault_penalties([wolves_entering(c, section) for c in castles])
            lines.append(ScoreLine(f"Wolf assault: {name}", tuple(float(p) for p in penalties)))
    lines.append(ScoreLine("Arrow tokens", tuple(float(-c.arrows) for c in castles)))
    lines.append(
        ScoreLine("Prestige tokens", tuple(float(RULES.prestige_points * sum(c.prestige)) for c in castles))
    )
    lines.append(
        ScoreLine("Attack tokens", tuple(float(RULES.attack_points * sum(c.attack)) for c in castles))
    )
    lines.append(
        ScoreLine("Wall levels", tuple(float(RULES.wall_level_points * max(c.heights)) for c in castles))
    )
    breakdowns = [village_breakdown(c) for c in castles]
    for condition, title in CONDITION_TITLES.items():
        lines.append(
            ScoreLine(
                title,
                tuple(float(sum(v.points for v in b if v.condition == condition)) for b in breakdowns),
            )
        )
    return tuple(lines)


def totals(lines: Sequence[ScoreLine], seats: int) -> tuple[float, ...]:
    return tuple(sum(line.points[seat] for line in lines) for seat in range(seats))


def competitive_winners(castles: Sequence[Castle], scores: Sequence[float]) -> tuple[tuple[int, ...], str]:
    """The winners and what decided it: most points, then fewest wolves around the castle."""
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    if len(leaders) == 1:
        return (leaders[0],), "most points"
    fewest = min(wolves_around(castles[seat]) for seat in leaders)
    remaining = [seat for seat in leaders if wolves_around(castles[seat]) == fewest]
    if len(remaining) == 1:
        return (remaining[0],), "tie on points, broken by fewest wolves around the castle"
    return tuple(remaining), "tie on points and on wolves around the castle: the victory is shared"


__all__ = [
    "COLOURS",
    "ability_count",
    "ability_counts",
    "assault_penalties",
    "competitive_winners",
    "condition_points",
    "score_sheet",
    "village_breakdown",
    "wolves_around",
    "wolves_entering",
    "wolves_in_region",
]
