"""Castlecards' menu hook (rules/castlecards/menu.py): given a level's
lines as the driver makes them, the turn's groups say how many ways they
open and Throw a card away comes last, each target says its shields, and
Confirm is greyed under the key of the rules' own "why not?" line; every
line has a stable key."""

import castletui.rules.castlecards as game
from castletui.rules.castlecards.menu import action_key
from castletui.rules.castlecards.state import Attack, Buy, Confirm, Explore, Pick
from castletui.rules.core.menu import Line

from tests.rules.castlecards.helpers import run, table


def driver_lines(view, seat, path=()):
    """A level's lines as castletui/driver.py makes them (labels, groups, refusals)."""
    lines, opened = [], set()
    for action in game.legal_actions(view):
        where = game.group(view, action)
        if where[: len(path)] != path:
            continue
        if len(where) == len(path):
            lines.append(Line(game.label(view, action), action, spot=game.spot(view, action)))
        elif where[len(path)] not in opened:
            opened.add(where[len(path)])
            lines.append(
                Line(f"{where[len(path)]}...", group=(*path, where[len(path)]), key=where[len(path)])
            )
    if not path:
        for label, reason in game.refusals(view, seat):
            lines.append(Line(f"x {label}: {reason}", why_not=reason, note=label, key=label))
    return lines


def shown(state, seat, path=()):
    view = game.view(state, seat)
    return game.menu(view, seat, path, driver_lines(view, seat, path))


def test_an_action_s_key_is_its_kind_and_fields():
    assert action_key(Attack(1, 0)) == "Attack:1:0:False"
    assert action_key(Pick("gold")) == "Pick:gold"
    assert action_key(Buy()) == "Buy"


def test_the_turn_s_groups_say_how_many_ways_they_open_and_throwing_away_is_last():
    state = table(2, hands={0: ["soldiers-red-2", "gold"]})
    lines = shown(state, 0)
    groups = [line for line in lines if line.group is not None]
    assert [line.key for line in groups] == ["Attack", "Defend", "Throw a card away"]
    assert lines[-1].key == "Throw a card away" or lines[-1].why_not
    assert groups[0].text == "Attack... (3 targets)"
    assert groups[-1].text == "Throw a card away... (no effect)"
    assert all(line.key for line in lines)


def test_each_target_says_its_shields():
    state = table(2, hands={0: ["soldiers-red-2"]}, stationed={(1, 1): ["bowmen-blue"]})
    lines = {line.action: line for line in shown(state, 0, ("Attack",))}
    assert lines[Attack(1, 1)].text.endswith("(3 shields)")
    assert lines[Attack(1, 1, True)].text.endswith("(1 shield)")
    assert lines[Attack(1, 1)].key == "Attack:1:1:False"


def test_confirm_is_greyed_in_place_of_the_rules_why_not_line():
    state = run(table(2, hands={0: ["soldiers-red-2", "gold"]}), Attack(1, 1))
    lines = shown(state, 0)
    assert [line.key for line in lines] == ["Pick:soldiers-red-2", "Confirm"]
    confirm = lines[-1]
    assert confirm.disabled and confirm.text == "Confirm: pick a card first"
    assert lines[0].text.startswith("+ Soldiers red 2 (2 swords)")
    lines = shown(run(state, Pick("soldiers-red-2")), 0)
    assert lines[-1].action == Confirm() and lines[-1].key == "Confirm" and not lines[-1].disabled
    assert lines[-1].text == "Confirm: attack, 2 swords vs 2 shields: fails"


def test_an_explorer_says_its_torches_then_the_torches_in_all_with_an_arrow():
    # "+ Explorers (1 torch)  2 torches in all" ran its two counts together.
    state = run(table(2, hands={0: ["explorers-1", "explorers-2"]}), Explore())
    texts = [line.text for line in shown(state, 0) if isinstance(line.action, Pick)]
    assert texts == [
        "+ Explorers (1 torch)  \u2192 1 torch in all",
        "+ Explorers (2 torches)  \u2192 2 torches in all",
    ]
