"""One home for every rule number (issue 44, item 7): a cost, a count of
pieces, a hand size or a die's faces is edition data (rules/<game>/
edition.toml, read by edition.py), and the modules that check, carry out
and tell the rules read it from there.

The scan looks for each moved number, as its edition says it today, among
the int literals of the modules that used to restate it: writing the
number again (a 4 for Castlecards' build cost in legal.py) fails here. A
module is scanned only for the numbers it has no other use for, so the
lists below have no exceptions."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import castletui.rules as rules
import pytest
from castletui.rules.castle_raisers import edition as castle_raisers
from castletui.rules.castlecards import edition as castlecards
from castletui.rules.catapult_castle import edition as catapult_castle
from castletui.rules.got_catan import edition as got_catan

from tests.python_source import parse as parse_python

RULES = Path(rules.__file__).parent

_CC = castlecards.RULES
_GOT = got_catan.RULES
_CR = castle_raisers.RULES

MOVED: dict[str, dict[str, int]] = {
    "castlecards/legal.py": {"build cost": _CC.build_cards, "Academy gold": _CC.academy_gold},
    "castlecards/apply.py": {
        "build cost": _CC.build_cards,
        "Academy gold": _CC.academy_gold,
        "cards a Gold buys": _CC.buy_cards,
        "King's actions": _CC.king_actions,
    },
    "castlecards/queries.py": {
        "build cost": _CC.build_cards,
        "Academy gold": _CC.academy_gold,
        "cards a Gold buys": _CC.buy_cards,
        "King's actions": _CC.king_actions,
    },
    "castlecards/text.py": {
        "build cost": _CC.build_cards,
        "Academy gold": _CC.academy_gold,
        "cards a Gold buys": _CC.buy_cards,
        "King's actions": _CC.king_actions,
    },
    "castlecards/setup.py": {
        "Walls (2 players)": _CC.walls_two_player,
        "Walls": _CC.walls,
        "hand (2 players)": _CC.hand_two_player,
        "hand": _CC.hand,
    },
    "castlecards/calc.py": {"most Walls": _CC.walls_two_player},
    "got_catan/apply.py": {
        "highest roll": got_catan.DICE_HIGH,
        "the robber's roll": _GOT.robber_roll,
        "points to win": _GOT.points_to_win,
    },
    "got_catan/chance.py": {
        "die faces": _GOT.die_faces,
        "the robber's roll": _GOT.robber_roll,
        "highest roll": got_catan.DICE_HIGH,
    },
    "got_catan/legal.py": {
        "best trade rate": got_catan.BEST_RATE,
        "supply rate": _GOT.supply_rate,
        "hand limit": _GOT.hand_limit,
        "points to win": _GOT.points_to_win,
    },
    "got_catan/flow.py": {"the robber's roll": _GOT.robber_roll, "points to win": _GOT.points_to_win},
    "got_catan/text.py": {
        "supply rate": _GOT.supply_rate,
        "the robber's roll": _GOT.robber_roll,
        "points to win": _GOT.points_to_win,
    },
    "got_catan/calc.py": {"the robber's roll": _GOT.robber_roll, "highest roll": got_catan.DICE_HIGH},
    "got_catan/info.py": {"roads": _GOT.roads},
    "castle_raisers/flow.py": {
        "ages": _CR.ages,
        "rounds per age": _CR.rounds_per_age,
        "tiles revealed a round": _CR.revealed_per_round,
        "wolf kinds": castle_raisers.KIND_COUNT,
    },
    "castle_raisers/sheet.py": {
        "Attack token points": _CR.attack_points,
        "wall level points": _CR.wall_level_points,
        "most wolves' points": abs(_CR.most_wolves_points),
        "wolf kinds": castle_raisers.KIND_COUNT,
    },
    "castle_raisers/apply.py": {"wolf kinds": castle_raisers.KIND_COUNT},
    "castle_raisers/legal.py": {"wolf kinds": castle_raisers.KIND_COUNT},
    "castle_raisers/queries.py": {"wolf kinds": castle_raisers.KIND_COUNT},
    **{
        f"catapult_castle/{module}.py": {"squares per mat": catapult_castle.SQUARES_PER_MAT}
        for module in (
            "legal",
            "apply",
            "text",
            "queries",
            "pieces",
            "scoring",
            "setup",
            "state",
            "table_entry",
        )
    },
}
"""Each module, and the rule numbers it reads from the edition (by what they are)."""


def int_literals(path: Path) -> list[tuple[int, int]]:
    """(line, value) of every int literal in a module (True and False are not ints here)."""
    tree = parse_python(path.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and type(node.value) is int
    ]


@pytest.mark.parametrize("module", sorted(MOVED))
def test_a_rule_number_is_read_from_the_edition_not_written_again(module):
    numbers = MOVED[module]
    found = [
        f"{module}:{line}: {value} (the {what}?)"
        for line, value in int_literals(RULES / module)
        for what, number in numbers.items()
        if value == number
    ]
    assert not found, "read these from the edition instead:\n" + "\n".join(found)


def test_the_scan_finds_a_number_written_again(tmp_path):
    """The scan itself: a literal build cost is caught, the edition's name is not."""
    module = tmp_path / "legal.py"
    module.write_text("COST = 4\nREAD = BUILD_COST\nFLAG = True\n", encoding="utf-8")
    assert int_literals(module) == [(1, 4)]


N = r"(?:[2-9]|\d\d+)"
"""A number a rule states (a lone 1, "1 Gold", "1 point", is a card, not a rule number)."""

STATED: dict[str, str] = {
    "castlecards/legal.py": rf"\b{N} (Gold|cards of Builders|Builders and Gold)",
    "castlecards/queries.py": rf"\b{N} (Gold|Village cards|more actions|Builders or Gold)",
    "castlecards/text.py": rf"\b({N}|two|three|four) (Gold|Village cards|cards|more actions)|[-+]{N} (actions|swords|shields)",
    "castlecards/calc.py": rf"at most {N} Walls",
    "got_catan/apply.py": rf"from {N} to {N}",
    "got_catan/calc.py": rf"\bA {N}:|more than {N} cards",
    "got_catan/info.py": rf"\b{N} victory points|\b{N} plastic roads",
    "got_catan/queries.py": rf"\b{N} (roads for free|resource cards)",
}
"""Each module, and the words in which its strings state a rule number:
the number is filled in from the edition (an f-string), never typed."""


def string_parts(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string literal, and every literal part of an
    f-string; docstrings aside (their examples are not what a player reads)."""
    tree = parse_python(path.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


@pytest.mark.parametrize("module", sorted(STATED))
def test_a_text_fills_a_rule_number_in_from_the_edition(module):
    pattern = re.compile(STATED[module])
    found = [
        f"{module}:{line}: {text!r}" for line, text in string_parts(RULES / module) if pattern.search(text)
    ]
    assert not found, "fill these in from the edition:\n" + "\n".join(found)


def test_the_scan_finds_a_number_typed_into_words(tmp_path):
    module = tmp_path / "text.py"
    module.write_text('A = "Academy: Duke + 2 Gold"\nB = f"Academy: Duke + {GOLD} Gold"\n', encoding="utf-8")
    pattern = re.compile(STATED["castlecards/text.py"])
    assert [line for line, text in string_parts(module) if pattern.search(text)] == [1]


@pytest.mark.parametrize("game", ["castle_raisers", "castlecards", "catapult_castle", "got_catan"])
def test_the_log_never_applies_an_action_to_tell_it(game):
    """Log lines come from the action and the events the rules recorded:
    text.py neither calls ``apply`` nor swallows the errors of trying."""
    tree = parse_python((RULES / game / "text.py").read_text(encoding="utf-8"))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert "apply" not in names
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.Try)]
