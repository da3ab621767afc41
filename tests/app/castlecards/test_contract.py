"""Castlecards' app side against the face (issue 44, items 1 and 4): its
modules draw the frame's scene and never read a view or a rules state's
fields; they tell menu lines apart by key, action or command and read a
line's text only to draw it; every line the driver hands them has a key."""

from __future__ import annotations

import ast
import importlib
import random
from pathlib import Path

import msgspec
from castletui.rules.castlecards.queries import GROUPS
from castletui.rules.castlecards.state import Assault, FortressCard, Pick, Player, State
from castletui.rules.core.scene import Scene

from castletui import saves
from castletui.driver import Driver
from castletui.games.castlecards.menu import THROW_AWAY
from castletui.session import Session
from tests.app import contract
from tests.python_source import parse as parse_python

PACKAGE = Path(__file__).resolve().parents[3] / "castletui" / "games" / "castlecards"


def text_read_not_drawn(source: str) -> list[int]:
    """Castlecards' check is the strictest: any ``.text`` read, not only a menu line's."""
    return contract.text_read_not_drawn(source, menu_lines_only=False)


def test_the_text_check_sees_a_line_matched_by_its_words():
    assert text_read_not_drawn('name = line.text.removesuffix("...")') == [1]
    assert text_read_not_drawn('ok = line.text == "Build..."') == [1]
    assert text_read_not_drawn('head = line.text.split(":")[0]') == [1]
    assert text_read_not_drawn('more = f"{line.text} (3 shields)"') == [1]
    assert text_read_not_drawn("piece = line.text.copy()\nrow.append_text(line.text)") == []


def test_the_app_side_reads_a_lines_text_only_to_draw_it():
    found = [
        f"{path.name}:{line}"
        for path in sorted(PACKAGE.glob("*.py"))
        for line in text_read_not_drawn(path.read_text())
    ]
    assert not found, found


def state_fields() -> set[str]:
    """Fields of the rules' state a scene does not have by the same name."""
    rules = {
        field.name
        for kind in (State, Player, FortressCard, Assault)
        for field in msgspec.structs.fields(kind)
    }
    drawn = {
        field.name
        # The module, not the face's scene() of the same name.
        for thing in vars(importlib.import_module("castletui.rules.castlecards.scene")).values()
        if isinstance(thing, type) and issubclass(thing, Scene)
        for field in msgspec.structs.fields(thing)
    }
    return rules - drawn


def test_the_app_side_draws_the_scene_and_reads_no_view():
    """No ``frame.view`` or ``shown.view`` (a view handed on to a rules hook
    is a call, ``session.view(seat)``), and no field of a rules state."""
    fields = state_fields()
    assert {"players", "pending", "ended_by", "village_deck"} <= fields
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        tree = parse_python(path.read_text())
        calls = {node.func for node in ast.walk(tree) if isinstance(node, ast.Call)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "view" and node not in calls:
                found.append(f"{path.name}:{node.lineno} .view")
            elif isinstance(node, ast.Attribute) and node.attr in fields:
                found.append(f"{path.name}:{node.lineno} .{node.attr}")
    assert not found, found


def test_the_group_hidden_from_the_cursor_is_the_rules_throw_away_group():
    assert GROUPS["discard"] == THROW_AWAY


def test_every_line_of_the_action_bar_has_a_key_and_confirm_is_greyed_once():
    """Along a seeded hot-seat game: each line the seat to move is shown, at
    the first menu and inside each group, has a key (or is a command of the
    screen's, Back); a greyed Confirm stands in the rules' own "why not?"
    line, never beside it."""
    players = [saves.Player("Coco"), saves.Player("Wei")]
    session = Session.new("castlecards", "two-player", players, seed=9, path=None)
    rng = random.Random(9)
    greyed_confirms = 0
    for _ in range(150):
        session.run_automatic()
        seat = session.to_move()
        if seat is None:
            break
        driver = Driver(session, viewer=seat)
        frame = driver.frame(seat)
        frames = [frame] + [driver.frame(seat, line.group) for line in frame.lines if line.group]
        for shown in frames:
            for line in shown.lines:
                assert line.key or line.command, (line, shown.path)
            # The rules' "why not?" line has the key Confirm too: one greyed line at most.
            confirms = [line for line in shown.lines if line.key == "Confirm" and line.disabled]
            assert len(confirms) <= 1
            greyed_confirms += len(confirms)
            picks = [line for line in shown.lines if isinstance(line.action, Pick)]
            assert all(line.key == f"Pick:{line.action.card}" for line in picks)
        session.act(rng.choice(session.legal_actions()))
    assert greyed_confirms
