"""Making a game's ``edition.json`` from its ``edition.toml`` (see
rules/core/edition.py): the TOML's data as JSON, and the hash of the TOML's
bytes. Run after editing an edition.toml:

    .venv/bin/python -m castletui.rules.core.edition_twin

tests/rules/core/test_edition_twin.py checks every twin against its TOML."""

from __future__ import annotations

import hashlib
import tomllib
from importlib.util import find_spec
from pathlib import Path

import msgspec
from castletui.rules import registry
from castletui.rules.core.edition import DATA, TWIN, Twin


def twin_of(toml: bytes) -> bytes:
    """The ``edition.json`` made from an ``edition.toml``'s bytes."""
    data = tomllib.loads(toml.decode("utf-8"))
    twin = Twin(hashlib.sha256(toml).hexdigest(), msgspec.Raw(msgspec.json.encode(data)))
    return msgspec.json.format(msgspec.json.encode(twin), indent=1) + b"\n"


def game_folders() -> list[Path]:
    """The folder of each registered game (where its edition.toml is), found
    without importing the game (which loads its twin)."""
    return [Path(find_spec(entry.rules).submodule_search_locations[0]) for entry in registry.ENTRIES.values()]


def main() -> int:
    for folder in game_folders():
        twin = twin_of((folder / DATA).read_bytes())
        if not (folder / TWIN).is_file() or (folder / TWIN).read_bytes() != twin:
            (folder / TWIN).write_bytes(twin)
            print(f"wrote {folder / TWIN}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
