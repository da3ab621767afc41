"""Castlecards (Alberto Cano, Invedars 2016-17): storm rival fortresses with
village cards; the last castle standing wins.

The game protocol of ``rules.core`` plus helpers the screens use:
``attack_total`` / ``defence_total`` (the attack in progress),
``refusal(state, action)`` (why any action is refused, in ``apply``'s words),
``chance_prompt`` (the question table mode asks at a draw),
``action_reason`` / ``station_reason`` / ``refusals`` (why a turn action is
not possible now, per kind of action for the menu), ``shields_standing`` and
``slot_name``.
"""

from __future__ import annotations

from .bots import bot_action
from .engine import apply, refusal, setup
from .fortress import (
    attack_total,
    base_shields,
    card_shields,
    castle_reach,
    defence_total,
    settle,
    standing,
    station_reason,
)
from .info import INFO
from .legal import action_reason, chance_outcomes, legal_actions, refusals, to_move, turn_player
from .scoring import evaluate, result, shields_standing
from .state import Action, State
from .text import chance_prompt, describe, label, slot_name
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
    "chance_prompt",
    "defence_total",
    "describe",
    "evaluate",
    "label",
    "legal_actions",
    "refusal",
    "refusals",
    "result",
    "settle",
    "setup",
    "shields_standing",
    "slot_name",
    "standing",
    "station_reason",
    "turn_player",
    "to_move",
    "view",
]
