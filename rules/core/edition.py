"""The one edition loader: a game's component data decoded once into the
game's typed Structs, and the tag saves record (the edition's name and a hash
of its data, so a save made with other data says so when it is loaded).

The data is written in ``edition.toml`` beside the game's code: that is the
file people read and edit. What a game loads is its twin, ``edition.json``,
the same data as JSON with the TOML's hash, made from it by
``python -m castletui.rules.core.edition_twin`` (tests/rules/core/
test_edition_twin.py fails while a twin is not its TOML's). Parsing the TOML
cost every start of a game 2-6 ms (Castle Raisers' 14 KB: 5 ms, tomllib is
pure Python) and the imports of tomllib and hashlib; the JSON decodes in
0.05 ms."""

from __future__ import annotations

import sys
from os import path
from typing import TypeVar

import msgspec

E = TypeVar("E")

DATA = "edition.toml"
"""The file a game's data is written in."""

TWIN = "edition.json"
"""The file a game loads: :class:`Twin`, made from :data:`DATA`."""


class Twin(msgspec.Struct, frozen=True):
    """``edition.json``: the TOML's data, and the SHA-256 of the TOML's bytes
    (the tag is made from it, as when the TOML itself was read)."""

    sha256: str
    edition: msgspec.Raw


def load_edition(package: str, edition_type: type[E]) -> tuple[E, str]:
    """(the decoded edition, its tag "NAME #hash8") of ``package``'s data.
    The type must have a ``name`` field."""
    # Read by the package's own loader (a folder, or a zip as importlib.resources
    # would): importlib.resources costs every start some 2 ms of imports (zipfile).
    module = sys.modules[package]
    twin = msgspec.json.decode(
        module.__spec__.loader.get_data(path.join(path.dirname(module.__file__), TWIN)), type=Twin
    )
    edition = msgspec.json.decode(twin.edition, type=edition_type)
    return edition, tag_of(edition.name, twin.sha256)  # type: ignore[attr-defined]


def tag_of(name: str, sha256: str) -> str:
    """The tag saves record: the edition's name and the start of its data's hash."""
    return f"{name} #{sha256[:8]}"
