"""A Game of Thrones Catan's ``menu`` hook (rules/got_catan/menu.py, issue
44 item 4): the action bar's lines as the game shows them, each with a
stable key: the build menu with every cost and why not, "Build..." first
when something can be built, the offer between players, the count of each
card to return, and the keys of the "why not?" lines."""

import castletui.rules.got_catan as game
from castletui.rules.core import screen
from castletui.rules.core.menu import Line
from castletui.rules.got_catan.menu import BUILD, OFFER, ROLL_FIRST
from castletui.rules.got_catan.state import BuyDevelopment, Discard, Step
from msgspec.structs import replace

from .helpers import corner, table

HOME = corner(4, "r1c3", "N")
SETTLEMENT = ["brick", "lumber", "wool", "grain"]


def level(state, seat, path=()):
    """The lines of ``path`` as the driver makes them, through the hook."""
    lines = []
    opened = set()
    for action in game.legal_actions(state):
        where = game.group(state, action)
        if where[: len(path)] != path:
            continue
        if len(where) == len(path):
            lines.append(Line(game.label(state, action), action))
        elif where[len(path)] not in opened:
            opened.add(where[len(path)])
            lines.append(
                Line(f"{where[len(path)]}...", group=(*path, where[len(path)]), key=where[len(path)])
            )
    if not path:
        for refusal in screen.refusals(game, state, seat):
            key = refusal.key or refusal.label
            lines.append(
                Line(
                    f"✗ {refusal.label}: {refusal.reason}",
                    why_not=refusal.reason,
                    note=refusal.label,
                    key=key,
                )
            )
    return game.menu(state, seat, path, lines)


def test_the_build_menu_keys_each_row_with_its_cost_or_reason():
    state = table(settlements={0: [HOME]}, hands={0: ["brick", "lumber", "ore", "wool", "grain"]})
    lines = level(state, 0, ("Build",))
    assert [line.key for line in lines] == ["settlement", "keep", "road", "development"]
    by_key = {line.key: line for line in lines}
    assert by_key["road"].group == ("Build", "Road") and "(1 brick, 1 lumber)" in by_key["road"].text
    assert by_key["development"].action == BuyDevelopment()
    assert by_key["keep"].why_not and "3 ore and 2 grain" in by_key["keep"].why_not


def test_build_comes_first_when_something_can_be_built_else_second():
    rich = table(settlements={0: [HOME]}, hands={0: ["brick", "lumber"]})
    poor = table(settlements={0: [HOME]}, hands={0: []})
    assert level(rich, 0)[0].key == BUILD
    lines = level(poor, 0)
    assert lines[1].key == BUILD and lines[1].group == ("Build",)
    # The rules' greyed lines carry the build rows' keys (a greyed row hides its twin).
    assert {"settlement", "road", "development"} <= {line.key for line in lines if line.why_not}


def test_the_offer_and_the_roll_first_lines_have_keys():
    state = table(settlements={0: [HOME]}, hands={0: ["brick"]})
    assert [line.key for line in level(state, 0, ("Trade",)) if line.group] == [OFFER]
    before = replace(state, pending=(Step("start", seat=0),))
    assert ROLL_FIRST in {line.key for line in level(before, 0) if line.why_not}
    broke = table(settlements={0: [HOME]}, hands={0: []})
    assert OFFER in {line.key for line in level(broke, 0) if line.why_not}


def test_each_card_to_return_says_how_many_are_held():
    state = table(hands={0: ["ore", "ore", "ore", "wool"] + SETTLEMENT})
    state = replace(state, pending=(Step("discard", seat=0, count=4),))
    lines = [line for line in level(state, 0) if isinstance(line.action, Discard)]
    assert {line.key: line.text for line in lines}["discard:ore"].endswith("(you hold 3)")
    assert {line.key for line in lines} == {
        f"discard:{r}" for r in ("brick", "grain", "lumber", "ore", "wool")
    }
