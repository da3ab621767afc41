"""The in-app rules (rules/<game>/rules_text.md, static markdown) and the
help screens state rule numbers in words: each one stated here must agree
with the edition the game plays (issue 44, item 7), so a number changed in
edition.toml and not in the words (or the other way round) fails.

Each check finds its sentence by its words and reads the number in it; a
sentence no longer found fails too, so a rewording comes back here."""

from __future__ import annotations

import re
from pathlib import Path

import castletui.rules as rules
import pytest
from castletui.rules.castle_raisers import edition as castle_raisers
from castletui.rules.castlecards import edition as castlecards
from castletui.rules.catapult_castle import edition as catapult_castle
from castletui.rules.got_catan import edition as got_catan

import castletui

RULES = Path(rules.__file__).parent
APP = Path(castletui.__file__).parent

_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}

_CC, _GOT, _CR = castlecards.RULES, got_catan.RULES, castle_raisers.RULES

STATED: dict[str, list[tuple[str, tuple[int, ...]]]] = {
    "castlecards": [
        (
            r"a Castle \((\d+) shields\) and (\d+) Walls \((\d+) shields each\)",
            (castlecards.CASTLE_SHIELDS, castlecards.WALLS_PER_COLOUR, castlecards.WALL_SHIELDS),
        ),
        (r"The (\d+) cards form five decks", (castlecards.total_cards(),)),
        (
            r"\*\*2 players\*\*: each builds a Castle behind (\d+) Walls and is dealt (\d+) Village",
            (_CC.walls_two_player, _CC.hand_two_player),
        ),
        (
            r"\*\*3-4 players\*\*: each builds a Castle behind (\d+) Walls and is dealt (\d+) Village",
            (_CC.walls, _CC.hand),
        ),
        (r"Play 1 Gold and draw (\d+) Village cards", (_CC.buy_cards,)),
        (r"Play (\d+) cards of Builders and Gold", (_CC.build_cards,)),
        (r"Play a Duke and (\d+) Gold", (_CC.academy_gold,)),
        (r"Play the King to take (\w+) more actions", (_CC.king_actions,)),
        (r"\*\*Trap\*\*: the attack loses (\d+) swords", (castlecards.CARDS["trap"].effect,)),
        (r"\*\*Shield Wall\*\*: the target gains (\d+) shields", (castlecards.CARDS["shield-wall"].effect,)),
        (r"\*Team play\* \((\d+) players", (_CC.team_seats,)),
    ],
    "got_catan": [
        (r"Be the first with \*\*(\d+) victory points", (_GOT.points_to_win,)),
        (r"Settlement: (\d+) point\. Keep: (\d+) points", (_GOT.settlement_points, _GOT.keep_points)),
        (
            r"Longest Road: (\d+) points, for the first unbroken road of (\d+) or more",
            (_GOT.longest_road_points, _GOT.longest_road_minimum),
        ),
        (
            r"Largest Patrol: (\d+) points, for the first to have played (\d+) Ranger",
            (_GOT.largest_patrol_points, _GOT.largest_patrol_minimum),
        ),
        (r"number token from (\d+) to (\d+)", (got_catan.DICE_LOW, got_catan.DICE_HIGH)),
        (r"### Rolling a (\d+)", (_GOT.robber_roll,)),
        (r"holding more than (\d+) resource cards", (_GOT.hand_limit,)),
        (r"\*\*With the supply\*\*: (\d+) cards of one resource", (_GOT.supply_rate,)),
        (
            r"Each colour has (\d+) settlements, (\d+) keeps and (\d+) roads",
            (_GOT.settlements, _GOT.keeps, _GOT.roads),
        ),
        (r"\*\*Road Building\*\*: build (\d+) roads", (_GOT.road_building_roads,)),
        (r"\*\*Winter is Coming\*\*: take any (\d+) resource cards", (_GOT.winter_cards,)),
        (r"Each player has (\d+) guards", (got_catan.WATCH.guards,)),
        (r"\*\*Trading\*\* with the supply is (\d+) for 1", (got_catan.WATCH.supply_rate,)),
        (r"the wildling die \(a d(\d+)\)", (got_catan.WATCH.die_faces,)),
        (r"\((\d+) spaces each\)", (got_catan.WATCH.guard_spaces,)),
    ],
    "castle_raisers": [
        (
            r"draws (\d+) wolves from the bag, (\d+) into each region",
            (_CR.starting_wolves * len(castle_raisers.SECTIONS), _CR.starting_wolves),
        ),
        (
            r"An age has (\w+) rounds\. At the start of a round, (\d+) Wall tiles",
            (_CR.rounds_per_age, _CR.revealed_per_round),
        ),
        (
            r"scores -(\d+) \(everyone tied there scores -\d+, and then nobody scores -(\d+)\)",
            (-_CR.most_wolves_points, -_CR.next_wolves_points),
        ),
        (
            r"Prestige tokens \+(\d+) each; Attack tokens \+(\d+) each",
            (_CR.prestige_points, _CR.attack_points),
        ),
        (r"Your highest wall: \+(\d+) per level", (_CR.wall_level_points,)),
        (r"\*\*Scoring\*\*: -(\d+) for every wolf", (-castle_raisers.EDITION.coop.points_per_wolf_entered,)),
        (r"\*\*Solo drafting\*\*: (\d+) tiles are turned up", (castle_raisers.EDITION.coop.solo_revealed,)),
    ],
    "catapult_castle": [
        (
            r"all (\d+) towers, exactly (\d+) ammo",
            (catapult_castle.EDITION.total_towers, catapult_castle.EDITION.solo_ammo),
        ),
        (r"- (\d+) ammo form the supply", (catapult_castle.EDITION.total_ammo,)),
        (
            r"\((\d+) towers in all",
            (catapult_castle.EDITION.total_towers - catapult_castle.EDITION.three_player_boxed_towers,),
        ),
        (r"stacks up to (\d+) high", (catapult_castle.EDITION.solo_max_stack,)),
    ],
}
"""Each game's sentences stating rule numbers (a regular expression whose
groups are the numbers), and what the edition says they are."""

HELP: list[tuple[str, tuple[int, ...]]] = [
    (r"the first to (\d+) victory points on their own turn", (_GOT.points_to_win,)),
    (r"whoever holds more than (\d+) cards returns half", (_GOT.hand_limit,)),
]
"""The numbers the help screens (castletui's HELP texts) state, found
wherever the app keeps them."""


def number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word]


def check(text: str, where: str, pattern: str, expected: tuple[int, ...]) -> list[str]:
    """The disagreements of every sentence ``pattern`` finds in ``text``;
    one if it finds none."""
    found = [tuple(number(group) for group in match.groups()) for match in re.finditer(pattern, text)]
    if not found:
        return [f"{where}: no longer says {pattern!r}"]
    return [f"{where}: {pattern!r} says {said}, the edition {expected}" for said in found if said != expected]


@pytest.mark.parametrize("game", sorted(STATED))
def test_the_rules_text_states_the_editions_numbers(game):
    text = " ".join((RULES / game / "rules_text.md").read_text(encoding="utf-8").split())
    wrong = [line for pattern, expected in STATED[game] for line in check(text, game, pattern, expected)]
    assert not wrong, "\n".join(wrong)


def test_the_help_states_the_editions_numbers():
    text = " ".join(
        " ".join(path.read_text(encoding="utf-8").split()) for path in sorted(APP.rglob("*.py"))
    ).replace('" "', "")  # a help text is written as adjacent string literals
    wrong = [line for pattern, expected in HELP for line in check(text, "castletui", pattern, expected)]
    assert not wrong, "\n".join(wrong)


def test_a_number_the_edition_does_not_say_is_caught():
    assert check("Play 3 cards of Builders and Gold", "t", r"Play (\d+) cards of Builders", (4,))
    assert check("nothing to find", "t", r"Play (\d+) cards", (4,))
    assert not check("Play 4 cards of Builders and Gold", "t", r"Play (\d+) cards of Builders", (4,))
