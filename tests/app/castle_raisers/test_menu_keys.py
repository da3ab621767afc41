"""Castle Raisers' app side reads a menu line's words only to draw them
(issue 44, item 4): it tells lines apart by key, action or command, never
by comparing, slicing or parsing their ``text``; and it takes from the
rules' state and view nothing at all, drawing the scene."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.python_source import parse as parse_python

FOLDER = Path(__file__).resolve().parents[3] / "castletui" / "games" / "castle_raisers"
PARSING = {"startswith", "endswith", "removesuffix", "removeprefix", "split", "rsplit", "partition", "find"}


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def texts_read(source: str) -> list[int]:
    """Lines where ``<something>.text`` is compared, sliced, searched or parsed."""
    tree = parse_python(source)
    parents = _parents(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.attr == "text"):
            continue
        parent = parents.get(node)
        compared = isinstance(parent, ast.Compare)
        sliced = isinstance(parent, ast.Subscript) and parent.value is node
        parsed = isinstance(parent, ast.Attribute) and parent.attr in PARSING
        if compared or sliced or parsed:
            found.append(node.lineno)
    return found


def test_the_scan_sees_a_line_matched_by_its_words():
    assert texts_read("x = [l for l in lines if l.text == 'Build...']") == [1]
    assert texts_read("y = line.text.removesuffix('...')") == [1]
    assert texts_read("z = line.text[:4]") == [1]
    assert texts_read("ok = Line(line.text, command='back')") == []


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.py")), ids=lambda path: path.name)
def test_no_module_matches_a_line_by_its_words(path):
    assert texts_read(path.read_text()) == [], f"{path.name} reads a line's text beyond drawing it"


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.py")), ids=lambda path: path.name)
def test_no_module_reads_a_view_or_a_rules_state(path):
    """The boards, panel, menu and screens draw the scene: no ``.view`` read, no State imported."""
    tree = parse_python(path.read_text())
    # the only view taken is the session's, handed straight to the rules' scene hook (result.py)
    views = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "view"
        and not (isinstance(node.value, ast.Name) and node.value.id == "session")
    ]
    states = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and (node.module or "").startswith("castletui.rules.castle_raisers")
        for alias in node.names
        if alias.name in ("State", "Castle", "Pending", "Line")
    ]
    assert views == [] and states == [], f"{path.name}: view read at {views}, imports {states}"
