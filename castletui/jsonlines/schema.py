"""The view a seat is given, as a versioned JSON Schema per game.

The view is the seat's scene (``rules/<game>/scene.py``), so its schema
is ``msgspec.json.schema`` of the game's scene type. Each game's schema
has a version: its scene module's ``VIEW_VERSION`` keeps it with a hash of
the schema it was given for, and tests/jsonlines/test_schema.py fails when
the scene types change and the hash does not: whoever changes a scene
bumps the version (a bot may rely on the shape it was written for).
"""

from __future__ import annotations

import hashlib
import sys
import typing
from typing import Any

import msgspec

from castletui.jsonlines.protocol import PROTOCOL, Answer, Message
from castletui.rules import registry


def scene_type(game_id: str) -> type:
    """The Struct a game's ``scene(view, seat)`` returns."""
    return typing.get_type_hints(registry.get(game_id).scene)["return"]


def pinned(game_id: str) -> tuple[int, str]:
    """The game's view version and the hash of the schema it names (its
    scene module's ``VIEW_VERSION``; (0, "") for a game without one)."""
    module = sys.modules[registry.get(game_id).scene.__module__]
    return getattr(module, "VIEW_VERSION", (0, ""))


def view_schema(game_id: str) -> dict[str, Any]:
    """The JSON Schema of a seat's view in ``game_id``, with its version;
    beside it (``x-castletui-messages``, ``x-castletui-answer``) the
    protocol's messages, a decision's view being this game's."""
    scene = scene_type(game_id)
    messages = typing.get_args(Message)
    (view, answer, *kinds), definitions = msgspec.json.schema_components(
        [scene, Answer, *messages], ref_template="#/$defs/{name}"
    )
    definitions["Decision"]["properties"]["view"] = view
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"castletui {game_id} view",
        "description": f"What one seat sees in {registry.get(game_id).INFO.title}: the 'view' of a "
        f"decision message (protocol {PROTOCOL}, view version {version(game_id)}). Text may hold seat "
        "references such as {P0}: the name of seat 0 (the 'seats' of the start message). "
        "x-castletui-messages: each line castletui writes; x-castletui-answer: each line it reads.",
        "x-castletui-view-version": version(game_id),
        "x-castletui-protocol": PROTOCOL,
        **view,
        "x-castletui-messages": {"anyOf": kinds},
        "x-castletui-answer": answer,
        "$defs": definitions,
    }


def schema_hash(game_id: str) -> str:
    """A hash of the shape of ``game_id``'s view: its schema without the
    descriptions (a docstring's words change no bot's input)."""
    shape = _without_descriptions(msgspec.json.schema(scene_type(game_id)))
    return hashlib.sha256(msgspec.json.encode(shape, order="sorted")).hexdigest()[:16]


def protocol_hash() -> str:
    """A hash of the shape of the protocol's messages and answer (their
    views aside): protocol.PROTOCOL_SHAPE pins it to PROTOCOL."""
    _, definitions = msgspec.json.schema_components([Answer, *typing.get_args(Message)])
    shape = _without_descriptions(definitions)
    return hashlib.sha256(msgspec.json.encode(shape, order="sorted")).hexdigest()[:16]


def version(game_id: str) -> str:
    """The view version a message names: the game id, a slash, the number."""
    return f"{game_id}/{pinned(game_id)[0]}"


def _without_descriptions(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: _without_descriptions(value) for key, value in node.items() if key != "description"}
    if isinstance(node, list):
        return [_without_descriptions(value) for value in node]
    return node
