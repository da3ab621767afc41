"""The one edition loader: a game's component data (``edition.toml`` beside
its code) decoded once into the game's typed Structs, and the tag saves
record (the edition's name and a hash of its data, so a save made with other
data says so when it is loaded)."""

from __future__ import annotations

import hashlib
import sys
from os import path
from typing import TypeVar

import msgspec

E = TypeVar("E")


def load_edition(package: str, edition_type: type[E], file: str = "edition.toml") -> tuple[E, str]:
    """(the decoded edition, its tag "NAME #hash8") of ``package``'s data.
    The type must have a ``name`` field."""
    # Read by the package's own loader (a folder, or a zip as importlib.resources
    # would): importlib.resources costs every start some 2 ms of imports (zipfile).
    module = sys.modules[package]
    data = module.__spec__.loader.get_data(path.join(path.dirname(module.__file__), file))
    edition = msgspec.toml.decode(data, type=edition_type)
    return edition, f"{edition.name} #{hashlib.sha256(data).hexdigest()[:8]}"  # type: ignore[attr-defined]
