"""Catapult Castle (Imperial Publishing, 2020) for castletui: the face of the
rules package, all the app and the other layers use.

The face (``__all__``, tests/rules/test_game_plan.py checks it):

- the protocol of ``rules.core``: ``INFO``, ``State`` (a seat's ``view``
  is one too: the read model the screens are given), ``Action``,
  ``setup``, ``to_move``, ``legal_actions``, ``chance_outcomes``,
  ``apply``, ``view``, ``result``, ``describe``;
- its optional hooks: ``label``, ``effects``, ``evaluate``,
  ``bot_action`` and ``view_action`` (a card drawn or given as each seat
  sees it);
- the screen API (``rules.core.screen``), each hook given a seat's view:
  ``prompt``, ``spot``, ``group``, ``preview``, ``refusals``, ``scene``
  (what the screen draws: ``scene.CatapultCastleScene``), ``menu`` (the
  action bar's lines, with keys) and the rules ``helpers``;
- play by lines (plain, JSON, a program seat): ``steady_choice`` (an
  Aim shot with a steady hand instead of the mini-game) and the hand
  itself, ``steady_aim`` (the bots aim with it too);
- table mode's questions (``rules.core.table_entry``): ``chance_prompt``,
  ``chance_batch`` (the cards freed from one stack) and ``setup_form``;
- the scene's types the app names: ``CatapultCastleScene``, ``Square``;
- the action the screens build: ``Aim`` (the aiming mini-game's accuracy).

Reading order of the package (the plan, README "Adding a game"):
``edition`` (component data and geometry), ``info``, ``state``;
``pieces`` (where the pieces are) and ``shots`` (the digital shot model);
``chance``, ``flow``, ``legal``, ``scoring``, ``setup``; ``apply``;
``view``; ``text``; ``queries`` (the screen API), ``scene`` (what the
screens draw), ``menu`` (the action bar), ``table_entry``, ``calc``;
``bots``.
"""

from castletui.rules.catapult_castle.apply import apply
from castletui.rules.catapult_castle.bots import bot_action, coop_hooks, search_hooks
from castletui.rules.catapult_castle.calc import helpers
from castletui.rules.catapult_castle.chance import chance_outcomes
from castletui.rules.catapult_castle.flow import to_move
from castletui.rules.catapult_castle.info import INFO
from castletui.rules.catapult_castle.legal import legal_actions
from castletui.rules.catapult_castle.menu import menu
from castletui.rules.catapult_castle.queries import group, preview, prompt, refusals, spot, steady_choice
from castletui.rules.catapult_castle.scene import CatapultCastleScene, Square, scene
from castletui.rules.catapult_castle.scoring import evaluate, result
from castletui.rules.catapult_castle.setup import setup
from castletui.rules.catapult_castle.shots import steady_aim
from castletui.rules.catapult_castle.state import Action, Aim, State
from castletui.rules.catapult_castle.table_entry import chance_batch, chance_prompt, setup_form
from castletui.rules.catapult_castle.text import describe, effects, label
from castletui.rules.catapult_castle.view import view, view_action

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
    "coop_hooks",
    "effects",
    "evaluate",
    "label",
    "view_action",
    # the screen API, on a seat's view
    "prompt",
    "spot",
    "group",
    "preview",
    "refusals",
    "scene",
    "menu",
    "helpers",
    # play by lines
    "steady_choice",
    "steady_aim",
    # table mode's entry
    "chance_prompt",
    "chance_batch",
    "setup_form",
    # the scene's types the app names
    "CatapultCastleScene",
    "Square",
    # the action the screens build
    "Aim",
]
