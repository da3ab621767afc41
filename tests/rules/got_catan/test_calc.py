"""GoT Catan rules helpers (``calc got-catan``, issue 28 item 13): Longest
Road from roads typed as paths, production on a roll, discards on a 7, the
score and the wildling die, each checked against the rulebook's examples
where it has them (seeds/002_db7b18d8a33c8d80.txt; the worked examples
listed in games/got-catan.md, "Worked examples to test")."""

from __future__ import annotations

import pytest
from castletui.rules.core import IllegalAction, screen
from castletui.rules.got_catan import helpers
from castletui.rules.got_catan.brotherhood.calc import WILDLING_DIE
from castletui.rules.got_catan.calc import (
    DISCARDS,
    LONGEST_ROAD,
    PRODUCTION,
    SCORE,
    parse_roads,
    road_lengths,
)


def converse(helper: screen.Helper, typed: list[str], refused: list[str] | None = None) -> list[str]:
    """The helper's report for the lines ``typed``, a refused line noted in
    ``refused`` and its question asked again (as calc and the screen do)."""
    answers: dict = {}
    typed = list(typed)
    while (question := helper.next_question(answers)) is not None:
        text = typed.pop(0)
        try:
            answers[question.key] = question.parse(text or question.default)
        except IllegalAction as refusal:
            if refused is None:
                raise
            refused.append(f"{question.key}: {refusal.reason}")
    assert not typed, f"answers left over: {typed}"
    return helper.report(answers)


def test_the_game_lists_its_helpers():
    assert [helper.name for helper in helpers()] == [
        "longest-road",
        "production",
        "discards",
        "score",
        "wildling-die",
    ]


# --- Longest Road ------------------------------------------------------------------------

# Rulebook, "Longest Road Example": Red has a continuous connection of 6 roads
# (not counting the fork); Blue's 7-road linkage is interrupted by one of Red's
# settlements, so Blue's longest road is 5.
RED = "a-b, b-c, c-d, d-e, e-f, f-g, c-x"  # 6 in a line and a fork at c
BLUE = "p-q, q-r, r-s, s-t, t-u, u-v, v-w"  # 7 in a line, Red's settlement at r


def test_the_rulebooks_longest_road_example():
    """Rulebook, Longest Road Example: Red's 6 (the fork not counted) holds the
    card; Blue's 7 roads broken by Red's settlement count 5."""
    red = parse_roads(RED)
    blue = parse_roads(BLUE)
    assert road_lengths(red, frozenset()) == (6, 6)
    assert road_lengths(blue, frozenset({blue.corners.index("r")})) == (5, 7)
    report = converse(LONGEST_ROAD, ["Red, Blue, White", RED, "", BLUE, "r", "", "Red"])
    assert report[0] == "Red: 7 roads; the longest unbroken road is 6."
    assert report[1] == "Blue: 7 roads; longest 7 without the break at r, 5 with it."
    assert report[2] == "White: 0 roads; the longest unbroken road is 0."
    assert report[-1].startswith("Red keeps Longest Road (2 VP (1 in Brotherhood of the Watch)): 6")


def test_longest_road_is_taken_only_by_a_longer_road_and_a_tie_sets_it_aside():
    unbroken_blue = ["Red, Blue, White", RED, "", BLUE, "", "", "Red"]
    assert converse(LONGEST_ROAD, unbroken_blue)[-1].startswith("Blue takes Longest Road from Red")
    # Nobody held it and two roads of 5 tie: nobody takes it.
    five = "a-b, b-c, c-d, d-e, e-f"
    report = converse(LONGEST_ROAD, ["Red, Blue, White", five, "", five, "", "", ""])
    assert report[-1].startswith("Nobody holds Longest Road: Red and Blue tie on 5")
    # Four roads are too few.
    report = converse(LONGEST_ROAD, ["Red, Blue, White", "a-b, b-c, c-d, d-e", "", "", "", ""])
    assert report[-1] == "Nobody holds Longest Road: it takes an unbroken road of 5 or more."


def test_a_ring_counts_whole():
    ring = parse_roads("a-b, b-c, c-d, d-e, e-f, f-a")
    assert road_lengths(ring, frozenset()) == (6, 6)


def test_roads_that_cannot_be_are_refused_as_they_are_typed():
    refused: list[str] = []
    typed = ["Red, Blue, White", "a-b, b-a", "a-b, a-c, a-d, a-e", "a b, b c", "z", "b", "", "", "Blue"]
    report = converse(LONGEST_ROAD, typed, refused)
    assert refused == [
        "roads.0: The path b-a is typed twice: a path holds one road.",
        "roads.0: Corner a joins 4 paths: a corner joins at most 3.",
        "breaks.0: z is not a corner of these roads (they join a, b, c).",
    ]
    assert report[0] == "Red: 2 roads; longest 2 without the break at b, 1 with it."


# --- production ----------------------------------------------------------------------------


def test_the_rulebooks_production_example_with_a_6():
    """Rulebook, Producing Resources, Example: "When I roll a 6, I get 2 brick
    for my 2 settlements, and my opponent, Blue, gets 1 brick for his 1
    settlement." """
    typed = ["Red, Blue, White", "6", "1", "hills", "", "Red settlement, Red settlement, Blue settlement", ""]
    report = converse(PRODUCTION, typed)
    assert report[0] == "Hex 1 (hills, brick): Red 2 brick (2 settlements); Blue 1 brick (1 settlement)."
    assert report[-3:] == ["Red collects 2 brick.", "Blue collects 1 brick.", "White collects nothing."]


@pytest.mark.parametrize(("building", "grain"), [("settlement", 1), ("keep", 2)])
def test_the_rulebooks_production_example_with_a_4_and_a_keep(building, grain):
    """Rulebook, same example: "If I roll a 4, Blue gets 1 grain. But if Blue
    had a keep instead of a settlement, he would get 2 grain." """
    report = converse(PRODUCTION, ["Red, Blue, White", "4", "1", "fields", "", f"Blue {building}", ""])
    assert f"Blue collects {grain} grain." in report


def test_tormund_and_a_wildling_stop_a_hex_and_a_short_supply_pays_nobody():
    """Rulebook, Rolling a 7 and Activating Tormund: the hex with Tormund
    produces nothing; Brotherhood: a blocked hex produces nothing; the
    shortage rule (games/got-catan.md): several owed and too few, nobody."""
    typed = ["Red, Blue, White", "8", "3"]
    typed += ["mountains", "tormund", "Red keep"]
    typed += ["forest", "wildling", "Blue settlement"]
    typed += ["pasture", "", "Red 2 settlements, White keep"]
    typed += ["3"]  # wool left in the supply: 4 owed to two players
    report = converse(PRODUCTION, typed)
    assert report[0] == "Hex 1 (mountains, ore): Tormund stands: it produces nothing."
    assert report[1] == "Hex 2 (forest, lumber): a wildling blocks it: it produces nothing."
    assert "The supply holds 3 wool for 4 owed to several players: nobody gets wool." in report
    assert report[-3:] == ["Red collects nothing.", "Blue collects nothing.", "White collects nothing."]
    # Owed alone, a player takes what is left.
    typed = ["Red, Blue, White", "8", "1", "pasture", "", "White keep", "1"]
    report = converse(PRODUCTION, typed)
    assert "White collects 1 wool." in report


def test_a_7_produces_nothing():
    assert converse(PRODUCTION, ["Red, Blue, White", "7"])[0].startswith("A 7: nobody collects anything.")


def test_buildings_are_refused_as_they_are_typed():
    refused: list[str] = []
    typed = [
        "Red, Blue, White",
        "13",
        "6",
        "1",
        "swamp",
        "hills",
        "",
        "Green settlement",
        "Red castle",
        "",
    ]
    converse(PRODUCTION, typed, refused)
    assert [line.split(":")[0] for line in refused] == [
        "roll",
        "hex.0.terrain",
        "hex.0.buildings",
        "hex.0.buildings",
    ]


# --- discards on a 7 -----------------------------------------------------------------------


def test_discards_on_a_7():
    """Rulebook, Rolling a 7: more than 7 resource cards returns half of them,
    rounded down."""
    report = converse(DISCARDS, ["Red, Blue, White, Orange", "7", "8", "9", "15"])
    assert report[0] == "Red holds 7, not more than 7: returns nothing."
    assert report[1] == "Blue holds 8, more than 7: returns 4 to the supply (half, rounded down), keeping 4."
    assert report[2].startswith("White holds 9, more than 7: returns 4")
    assert report[3].startswith("Orange holds 15, more than 7: returns 7")


# --- the score -----------------------------------------------------------------------------


def test_the_score_in_the_base_game():
    """Rulebook: a settlement is 1 VP, a keep 2, Longest Road and Largest Patrol
    2 each in the base game, a Victory Point card 1; 10 wins on your own turn."""
    typed = ["base", "Red, Blue, White"]
    typed += ["2", "2", "1"]  # Red: 2 + 4 + 1
    typed += ["3", "", ""]  # Blue: 3
    typed += ["1", "1", "0"]  # White: 1 + 2
    typed += ["Red", "White"]
    report = converse(SCORE, typed)
    rows = {line[:22].strip(): line[22:].split() for line in report[1:-2]}
    assert rows["Settlements"] == ["2", "3", "1"] and rows["Keeps"] == ["4", "0", "2"]
    assert rows["Longest Road"] == ["2", "0", "0"] and rows["Largest Patrol"] == ["0", "0", "2"]
    assert rows["Total"] == ["9", "3", "5"]
    assert report[-1] == "Nobody has 10 yet (10 win on their own turn)."


def test_the_score_in_brotherhood_counts_guard_tokens_and_the_cards_at_1():
    """Rulebook, Brotherhood set-up: Longest Road and Largest Patrol with their
    1 VP side up; games/got-catan.md: 3 guards on the Wall give 1 VP, 5 or more 2."""
    typed = ["brotherhood", "Red, Blue, White"]
    typed += ["3", "2", "1", "5"]  # Red: 3 + 4 + 1 + 2 guard points
    typed += ["2", "0", "0", "3"]  # Blue: 2 + 1
    typed += ["2", "0", "0", "2"]  # White: 2
    typed += ["Red", "Blue"]
    report = converse(SCORE, typed)
    rows = {line[:22].strip(): line[22:].split() for line in report[1:-2]}
    assert rows["Guard tokens (VP)"] == ["2", "1", "0"]
    assert rows["Longest Road"] == ["1", "0", "0"] and rows["Largest Patrol"] == ["0", "1", "0"]
    assert rows["Total"] == ["11", "4", "2"]
    assert report[-1] == "Red: 10 or more, which wins at the end of their own turn."


def test_pieces_beyond_the_box_are_refused():
    refused: list[str] = []
    typed = ["base", "Red, Blue, White", "6", "5", "5", "1", "", "2", "", "", "2", "", "", "", ""]
    converse(SCORE, typed, refused)
    assert refused == ["settlements.0: Settlements: from 0 to 5.", "keeps.0: Keeps: from 0 to 4."]


# --- the wildling die ----------------------------------------------------------------------


def test_the_rulebooks_breach_example_at_the_5_6_clearing():
    """Rulebook, Brotherhood, Wildlings Advance: 2 regulars wait in the 5/6
    clearing against 2 guards; the die shows 5 and the cave people's hottest
    camp holds a regular: 3 against 2 breach (games/got-catan.md: guard 2
    moves to space 1, 3 hexes blocked)."""
    report = converse(WILDLING_DIE, ["5", "regular", "2", "2"])
    assert report[0].startswith("The regular in the hottest camp walks the trail to the 5/6 clearing")
    assert report[1].startswith("A breach at")
    assert "The guard on space 1 falls (the others move down), 3 wildlings cross the Wall" in report[1]
    assert sum(line.startswith("A regular blocks the first free hex") for line in report) == 3


def test_the_wildling_die_on_4_and_faces_that_move_nobody():
    """Rulebook, Brotherhood: "you roll the wildling die and it lands on a 4":
    the wildling in the camp by the 4 trail walks to its clearing."""
    report = converse(WILDLING_DIE, ["4", "regular", "0", "1"])
    assert report[0].startswith("The regular in the hottest camp walks the trail to the 3/4 clearing")
    assert (
        report[1] == "1 regular in the 3/4 clearing against 1 guard: not more than the guards, so they wait."
    )
    assert converse(WILDLING_DIE, ["11"]) == ["The wildling die's 11 is on no trail: no wildling advances."]
    assert converse(WILDLING_DIE, ["4", ""])[0].endswith("whose camps are empty: no wildling advances.")


def test_a_giant_kills_a_guard_and_a_climber_jumps_the_wall():
    giant = converse(WILDLING_DIE, ["7", "giant", "2"])
    assert giant[1].startswith("The giant kills the guard on space 1")
    climber = converse(WILDLING_DIE, ["1", "climber"])
    assert climber[1].startswith("A climber blocks the first free hex")
    assert not any("breach" in line for line in climber)
