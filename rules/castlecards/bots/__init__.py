"""The Castlecards bots: ``bot_action(state, level, rng)`` plays by plain
rules (``plain``), at the levels ``easy``, ``normal`` and ``hard``."""

from __future__ import annotations

from .plain import bot_action

__all__ = ["bot_action"]
