"""Issue 44, item 4: A Game of Thrones Catan's app side tells the action
bar's lines apart by their ``key`` (rules/got_catan/menu.py), never by
their words: no module of castletui/games/got_catan/ compares, slices or
parses a line's ``text`` (or ``note``); it only draws them."""

import ast
from pathlib import Path

import castletui.games.got_catan as package
from tests.python_source import parse as parse_python

WORDS = ("text", "note")


def reads_of_words(source: str) -> list[int]:
    """The lines of ``source`` where a ``.text`` or ``.note`` is compared
    (``==``, ``!=``, ``in``), sliced or indexed, or has a method called on
    it (``startswith``, ``split``, ``removesuffix``...)."""
    tree = parse_python(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in WORDS:
            parent = parents.get(node)
            if isinstance(parent, (ast.Compare, ast.Subscript, ast.Attribute)):
                found.append(node.lineno)
    return found


def test_the_check_sees_a_line_told_by_its_words():
    # As castletui/games/got_catan/menu.py did before the menu hook.
    assert reads_of_words('shown = [line for line in shown if line.text != f"{BUILD}..."]') == [1]
    assert reads_of_words('if line.text == "Offer to players...": pass') == [1]
    assert reads_of_words("name = line.text.removesuffix('...')") == [1]
    assert reads_of_words("why = [l for l in lines if l.note in TRADE_REFUSALS]") == [1]
    assert reads_of_words("first = line.text[:3]") == [1]
    assert reads_of_words('text.append(f"{line.text}")') == []
    assert reads_of_words("if line.key == OFFER: pass") == []


def test_no_module_of_the_game_reads_a_lines_words():
    folder = Path(package.__file__).parent
    found = {
        path.name: lines
        for path in sorted(folder.glob("*.py"))
        if (lines := reads_of_words(path.read_text()))
    }
    assert found == {}
