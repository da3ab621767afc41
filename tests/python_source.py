"""Python source read as a tree, for the tests that scan castletui's own
code (the layers, the faces, the menus, Textual's private API)."""

from __future__ import annotations

import ast

ATTEMPTS = 3


def parse(source: str, filename: str = "<unknown>") -> ast.Module:
    """``ast.parse``, tried again after CPython 3.11's spurious SystemError
    "AST constructor recursion depth mismatch" (python/cpython#106905,
    fixed in 3.11.8 and 3.12.1): its check counts depth in state that
    another thread's parse may have moved, so the same source parses on
    the next try."""
    for attempt in range(ATTEMPTS):
        try:
            return ast.parse(source, filename)
        except SystemError:
            if attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")
