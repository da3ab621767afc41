"""Each game loads ``edition.json``, the twin of its ``edition.toml``
(rules/core/edition.py): the twin must be the one made from the TOML as it
is now. After editing an edition.toml, remake the twins:

    .venv/bin/python -m castletui.rules.core.edition_twin
"""

from __future__ import annotations

import hashlib
import importlib
import sys
from pathlib import Path

import msgspec
import pytest
from castletui.rules import registry
from castletui.rules.core.edition import DATA, TWIN, tag_of
from castletui.rules.core.edition_twin import game_folders, twin_of

FOLDERS = game_folders()


@pytest.mark.parametrize("folder", FOLDERS, ids=[folder.name for folder in FOLDERS])
def test_each_twin_is_made_from_its_toml_as_it_is_now(folder):
    assert (folder / TWIN).read_bytes() == twin_of((folder / DATA).read_bytes()), (
        f"{folder / TWIN} is not made from {folder / DATA}: run python -m castletui.rules.core.edition_twin"
    )


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_game_loads_from_its_twin_what_its_toml_says_with_the_tomls_tag(game_id):
    game = registry.get(game_id)
    edition_module = importlib.import_module(f"{game.__name__}.edition")
    toml = (game_folder(game) / DATA).read_bytes()
    edition = msgspec.toml.decode(toml, type=type(edition_module.EDITION))
    assert edition == edition_module.EDITION
    assert tag_of(edition.name, hashlib.sha256(toml).hexdigest()) == edition_module.EDITION_TAG


def test_a_twin_made_from_other_data_says_so_in_its_hash():
    """Saves record the tag: an edited TOML gives a new one."""
    folder = FOLDERS[0]
    toml = (folder / DATA).read_bytes()
    assert twin_of(toml) != twin_of(toml + b"\n# an edit\n")


def game_folder(game) -> Path:
    return Path(sys.modules[game.__name__].__file__).parent
