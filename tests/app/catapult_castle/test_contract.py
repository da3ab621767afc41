"""Issue 44, items 1 and 4 for Catapult Castle's app side
(castletui/games/catapult_castle/): it draws the scene, never a view, and
tells the action bar's lines apart by key, action or command, never by
their words."""

from __future__ import annotations

import ast
from pathlib import Path

import castletui.games.catapult_castle as package
from tests.python_source import parse as parse_python

FOLDER = Path(package.__file__).parent


def reads(source: str, attribute: str) -> list[int]:
    """The lines where ``source`` reads ``.attribute`` of anything."""
    return [
        node.lineno
        for node in ast.walk(parse_python(source))
        if isinstance(node, ast.Attribute) and node.attr == attribute and isinstance(node.ctx, ast.Load)
    ]


def found(attribute: str) -> list[str]:
    return [
        f"{path.name}:{line}"
        for path in sorted(FOLDER.glob("*.py"))
        for line in reads(path.read_text(), attribute)
    ]


def test_the_scan_sees_a_read():
    assert reads("if line.text.startswith('Aim'):\n    pass\n", "text") == [1]
    assert reads("line = replace(line, text='x')\nframe.view.hands\n", "text") == []
    assert reads("frame.view.hands\n", "view") == [1]


def test_no_line_is_told_apart_by_its_words():
    """The app's menu never compares, slices or parses a line's ``text``:
    the rules' menu hook gives it each line's key, action and spot."""
    assert found("text") == []


def test_the_boards_panel_and_replay_draw_the_scene_not_the_view():
    assert found("view") == []
