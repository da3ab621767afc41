"""The scans behind each game's contract test (tests/app/<game>/test_contract.py,
issue 44 items 1 and 4): a game's app side (castletui/games/<game>/: its
screen, menu, side, boards and replay) draws the frame's scene, never a
view or a rules state's fields, and reads a menu line's text only to draw it."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import msgspec

from tests.python_source import parse as parse_python

GAMES = Path(__file__).resolve().parents[2] / "castletui" / "games"

WORDS_READ = {
    *("startswith", "endswith", "removesuffix", "removeprefix", "split", "rsplit"),
    *("partition", "rpartition", "strip", "rstrip", "lstrip", "find", "rfind"),
    *("index", "count", "replace"),
}
"""What a module would call on a line's words to read a fact out of them."""


def a_menu_line(node: ast.expr) -> bool:
    """Whether ``node`` names a menu line: ``line``, ``...chosen`` or ``...lines[i]``
    (a scene part's words, a tile's or a hero's ``.text``, are the scene's to say)."""
    if isinstance(node, ast.Name):
        return node.id in ("line", "chosen", "choice")
    if isinstance(node, ast.Attribute):
        return node.attr == "chosen"
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "lines"
    )


def text_read_not_drawn(source: str, menu_lines_only: bool = True) -> list[int]:
    """The lines of ``source`` where a menu line's ``.text`` (any ``.text``
    unless ``menu_lines_only``) is compared, sliced, parsed or reworded (put
    in an f-string) rather than drawn."""
    tree = parse_python(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.attr == "text"):
            continue
        if menu_lines_only and not a_menu_line(node.value):
            continue
        parent = parents.get(node)
        if (
            isinstance(parent, ast.Compare | ast.FormattedValue)
            or (isinstance(parent, ast.Attribute) and parent.attr in WORDS_READ)
            or (isinstance(parent, ast.Subscript) and parent.value is node)
        ):
            found.append(node.lineno)
    return found


def outside_the_scene(source: str, fields: set[str]) -> list[tuple[int, str]]:
    """Where ``source`` reads a view (``.view``, not the call ``session.view(seat)``)
    or one of ``fields`` (a method called by the same name is not a read)."""
    tree = parse_python(source)
    calls = {node.func for node in ast.walk(tree) if isinstance(node, ast.Call)}
    return sorted(
        (node.lineno, node.attr)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Load)
        and node not in calls
        and (node.attr == "view" or node.attr in fields)
    )


def state_fields(game: str, kinds: tuple[str, ...], scenes: tuple[str, ...]) -> set[str]:
    """Fields of the rules' state Structs ``kinds`` (rules/<game>/state.py)
    that no Struct of the scene modules ``scenes`` has by the same name."""
    state = importlib.import_module(f"castletui.rules.{game}.state")
    rules = {field.name for kind in kinds for field in msgspec.structs.fields(getattr(state, kind))}
    modules = [importlib.import_module(name) for name in scenes]
    drawn = {
        field.name
        for module in modules
        for thing in vars(module).values()
        if isinstance(thing, type)
        and issubclass(thing, msgspec.Struct)
        and thing.__module__ == module.__name__
        for field in msgspec.structs.fields(thing)
    }
    return rules - drawn


def app_side_reads(game: str, fields: set[str]) -> dict[str, list[str]]:
    """Each module of the game's app side, with what it reads outside the scene."""
    return {
        path.name: [attribute for _, attribute in outside_the_scene(path.read_text(), fields)]
        for path in sorted((GAMES / game).glob("*.py"))
    }


def text_reads(game: str) -> list[str]:
    return [
        f"{path.name}:{line}"
        for path in sorted((GAMES / game).glob("*.py"))
        for line in text_read_not_drawn(path.read_text())
    ]
