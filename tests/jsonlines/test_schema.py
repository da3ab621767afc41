"""Issue 48 item 2: the view's schema is versioned and tested. Each game's
view schema (``castletui schema GAME``) is msgspec's JSON Schema of its
scene type; its version is kept with a hash of that schema, and this test
fails when a scene type changes and the version is not bumped with it.
(That every view a game tells decodes into its scene type:
tests/jsonlines/test_whole_games.py.)"""

from __future__ import annotations

import json

import msgspec
import pytest
from castletui.rules import registry

from castletui import cli
from castletui.jsonlines import protocol, schema


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_schema_of_each_view_is_the_one_its_version_names(game_id):
    version, pinned = schema.pinned(game_id)
    assert version >= 1, f"{game_id}'s scene module has no VIEW_VERSION"
    assert schema.schema_hash(game_id) == pinned, (
        f"{game_id}'s scene types changed: its view schema changed. Set VIEW_VERSION in its "
        f"scene module to ({version + 1}, {schema.schema_hash(game_id)!r})."
    )


def test_the_messages_are_the_ones_the_protocol_version_names():
    assert schema.protocol_hash() == protocol.PROTOCOL_SHAPE, (
        "the protocol's messages changed: bump PROTOCOL in castletui/jsonlines/protocol.py and set "
        f"PROTOCOL_SHAPE to {schema.protocol_hash()!r}."
    )


def test_the_hash_follows_the_shape_not_the_words(monkeypatch):
    scene = schema.scene_type("castlecards")
    before = schema.schema_hash("castlecards")

    class Worded(scene, frozen=True, kw_only=True):
        """Other words for the same shape."""

    Worded.__name__ = scene.__name__
    monkeypatch.setattr(schema, "scene_type", lambda game_id: Worded)
    assert schema.schema_hash("castlecards") == before

    class Grown(scene, frozen=True, kw_only=True):
        extra: int = 0

    Grown.__name__ = scene.__name__
    monkeypatch.setattr(schema, "scene_type", lambda game_id: Grown)
    assert schema.schema_hash("castlecards") != before


@pytest.mark.parametrize("game_id", registry.ids())
def test_castletui_schema_prints_the_versioned_schema(capsys, game_id):
    assert cli.main(["schema", game_id]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["x-castletui-view-version"] == schema.version(game_id)
    assert printed["$ref"] == f"#/$defs/{schema.scene_type(game_id).__name__}"
    expected = msgspec.json.decode(msgspec.json.encode(msgspec.json.schema(schema.scene_type(game_id))))
    assert {name: printed["$defs"][name] for name in expected["$defs"]} == expected["$defs"]
    # The protocol beside it: each message, a decision's view being the game's.
    kinds = {ref["$ref"].rsplit("/", 1)[1] for ref in printed["x-castletui-messages"]["anyOf"]}
    assert kinds == {"Start", "Log", "Decision", "Error", "Undone", "Refused", "End"}
    assert printed["$defs"]["Decision"]["properties"]["view"] == {"$ref": printed["$ref"]}
    assert printed["x-castletui-answer"] == {"$ref": "#/$defs/Answer"}


def test_castletui_schema_refuses_an_unknown_game(capsys):
    assert cli.main(["schema", "chess"]) == 2
    assert capsys.readouterr().out == ""
