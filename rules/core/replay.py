"""Rebuilding a state from its actions, and the fingerprint saves check."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

import msgspec
from castletui.rules.core.protocol import Config, Game


def replay(game: Game, config: Config, actions: Iterable[Any]) -> Any:
    """Rebuild a state from its set-up and the actions taken since."""
    state = game.setup(config)
    for action in actions:
        state = game.apply(state, action)
    return state


_encoder = msgspec.json.Encoder(order="deterministic")


def state_hash(state: Any) -> str:
    """A short stable fingerprint of a state (saved, and checked on load)."""
    return hashlib.sha256(_encoder.encode(state)).hexdigest()[:16]
