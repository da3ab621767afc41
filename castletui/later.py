"""Modules loaded by name the first time they are needed, not when the
module that uses them loads: a command's module, a screen nobody has opened
yet. Each user keeps a module-level table, name -> module (``LATER``), a
declared load that tests/test_imports.py follows like an import, and reads
it through :func:`loader`."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType


def loader(table: Mapping[str, str]) -> Callable[[str], ModuleType]:
    """``later(name)``: the module ``table`` names, loaded when first asked for."""

    def later(name: str) -> ModuleType:
        return importlib.import_module(table[name])

    return later
