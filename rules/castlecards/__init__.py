"""Castlecards (Alberto Cano, Invedars 2016-17): storm rival fortresses with
village cards; the last castle standing wins.

The game protocol of ``rules.core`` plus helpers the screens use:
``attack_total`` / ``defence_total`` (the attack in progress),
``action_reason`` / ``station_reason`` / ``refusals`` (why an action is not
possible now) and ``shields_standing``.
"""

from __future__ import annotations

from .bots import bot_action
from .engine import (
    action_reason,
    apply,
    attack_total,
    base_shields,
    card_shields,
    castle_reach,
    chance_outcomes,
    defence_total,
    legal_actions,
    refusals,
    setup,
    standing,
    station_reason,
    to_move,
)
from .info import INFO
from .scoring import evaluate, result, shields_standing
from .state import Action, State
from .text import describe, label, slot_name
from .view import view

__all__ = [
    "INFO",
    "Action",
    "State",
    "action_reason",
    "apply",
    "attack_total",
    "base_shields",
    "bot_action",
    "card_shields",
    "castle_reach",
    "chance_outcomes",
    "defence_total",
    "describe",
    "evaluate",
    "label",
    "legal_actions",
    "refusals",
    "result",
    "setup",
    "shields_standing",
    "slot_name",
    "standing",
    "station_reason",
    "to_move",
    "view",
]
