"""Castlecards (Alberto Cano, Invedars 2016-17): storm rival fortresses with
village cards; the last castle standing wins.

The face of the package (``__all__``, tests/rules/test_game_plan.py checks
it) is the contract: the app takes these names and no other
(tests/test_layers.py):

- the protocol of ``rules.core``: ``INFO``, ``State``, ``Action``,
  ``setup``, ``to_move``, ``legal_actions``, ``chance_outcomes``,
  ``apply``, ``view``, ``result``, ``describe``;
- its optional hooks: ``label``, ``effects`` (log lines for what the rules
  did by themselves), ``evaluate``, ``bot_action``, ``turn_player`` (whose
  turn it is while a Thief, a supporter or the defender decides) and
  ``view_action`` (a card picked or given as each seat sees it), ``shown``
  (a Night attack's cards turned up: why undo leaves the move standing);
- the screen API (``rules.core.screen``), each hook given a seat's view:
  ``prompt``, ``spot`` (a fortress card or a card in hand), ``group``
  (Attack > target, Night attack > target, Defend, Throw a card away),
  ``preview`` (what a choice would do), ``refusals`` ("why not?"), the
  rules ``helpers``, ``scene`` (what the seat's screen draws, and the
  scene's types the boards name: ``CastlecardsScene``, ``Card``...) and
  ``menu`` (each menu level's lines with what the rules add, by key);
- table mode's questions (``rules.core.table_entry``): ``chance_prompt``
  (whose draw and which pile) and ``setup_form`` (who starts, the deal
  counted, never named);
- the actions the screens build: ``Attack``, ``NightAttack``, ``Pick``,
  ``Confirm``.

Reading order of the package (the plan, README "Adding a game"): edition,
info, state; decks (the piles to draw from) and fortress (shields, reach
and the weighing of an attack); chance, flow, legal, scoring, setup;
apply; view; text; queries (the screen API's hooks and what the scene
and menu weigh), scene, menu, table_entry, calc; bots.
"""

from __future__ import annotations

from .apply import apply
from .bots import bot_action, search_hooks
from .calc import helpers
from .chance import chance_outcomes
from .flow import to_move, turn_player
from .info import INFO
from .legal import legal_actions
from .menu import menu
from .queries import group, preview, prompt, refusals, spot
from .scene import Card, CastlecardsScene, Exploring, Fort, LastAttack, OngoingAttack, scene
from .scoring import evaluate, result
from .setup import setup
from .state import Action, Attack, Confirm, NightAttack, Pick, State
from .table_entry import chance_prompt, setup_form
from .text import describe, effects, label, shown
from .view import view, view_action

__all__ = [
    # the protocol
    "INFO",
    "Action",
    "State",
    "apply",
    "chance_outcomes",
    "describe",
    "legal_actions",
    "result",
    "setup",
    "to_move",
    "view",
    # optional hooks
    "bot_action",
    "search_hooks",
    "effects",
    "evaluate",
    "label",
    "shown",
    "turn_player",
    "view_action",
    # the screen API, on a seat's view
    "prompt",
    "spot",
    "group",
    "preview",
    "refusals",
    "helpers",
    "scene",
    "menu",
    # the scene's types the boards name (rules/castlecards/scene.py)
    "Card",
    "CastlecardsScene",
    "Exploring",
    "Fort",
    "LastAttack",
    "OngoingAttack",
    # table mode's entry
    "chance_prompt",
    "setup_form",
    # the actions the screens build
    "Attack",
    "Confirm",
    "NightAttack",
    "Pick",
]
