"""A Game of Thrones Catan (Catan Studio / Fantasy Flight, 2017), the base
game: settle the Gift south of the Wall with roads, settlements and keeps,
trade, and keep Tormund away; the first to 10 victory points on their own
turn wins. Brotherhood of the Watch, with the Wall, the wildlings and the
heroes, is the second variant: a layer in its own subpackage
(:mod:`.brotherhood`) that this face switches on (``brotherhood.register()``
below); the base modules never import it (``layers`` lists where it plugs in).

The face of the package (``__all__``, tests/rules/test_game_plan.py checks
it), the only names the app imports:

- the protocol of ``rules.core``: ``INFO``, ``State`` (a seat's ``view``
  is one too: the read model the screens are given), ``Action``,
  ``setup``, ``to_move``, ``legal_actions``, ``chance_outcomes``,
  ``apply``, ``view``, ``result``, ``describe``;
- its optional hooks: ``label``, ``effects``, ``shown`` (what a move
  showed its player of hidden cards: undo's reason), ``evaluate``,
  ``bot_action``, ``random_action``, ``search_hooks`` (the review's),
  ``produced`` (the resources a roll gives a seat: the review's luck
  ledger), ``turn_player``, ``view_action`` (a stolen card as each seat
  sees it);
- the screen API (``rules.core.screen``), each hook given a seat's view:
  ``prompt``, ``spot``, ``group``, ``preview``, ``refusals`` ("why not?"),
  ``scene`` (what the seat's screen draws: the Gift, the players panel,
  the trade desk, Brotherhood's Wall; ``scene.py``), ``menu`` (the action
  bar's lines with their keys: the build menu, the offer; ``menu.py``)
  and the rules ``helpers`` (Longest Road, production, discards, score,
  wildling die);
- table mode's questions (``rules.core.table_entry``): ``chance_prompt``,
  ``chance_batch`` (wildling tokens turned up together) and ``setup_form``
  (the variable set-up's terrain on one form);
- the action the screens build: ``OfferTrade`` (the trade dialog's).

Nothing else: the app draws the scene and asks the hooks
(tests/test_layers.py checks it takes no other name from here).

Reading order (the plan, README "Adding a game"): edition, info, state;
board (the geometry), roads (Longest Road and Largest Patrol) and layers
(where a variant plugs in); chance, flow, legal, scoring, setup; apply;
view; text; queries (the screen API), scene and menu (what the screens
draw), table_entry, calc; bots; then brotherhood/ (its face lists its modules).
Importing any module of the package runs this face first, so the layer is
always registered.
"""

from __future__ import annotations

from . import brotherhood
from .apply import apply
from .bots import bot_action, random_action, search_hooks
from .calc import helpers
from .chance import chance_outcomes
from .flow import produced, to_move, turn_player
from .info import INFO
from .legal import legal_actions
from .menu import menu
from .queries import group, preview, prompt, refusals, spot
from .scene import scene
from .scoring import evaluate, result
from .setup import setup
from .state import Action, OfferTrade, State
from .table_entry import chance_batch, chance_prompt, setup_form
from .text import describe, effects, label, shown
from .view import view, view_action

brotherhood.register()  # the full game's layer: its steps and hooks into the base modules

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
    "produced",
    "effects",
    "shown",
    "evaluate",
    "label",
    "random_action",
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
    # table mode's entry
    "chance_prompt",
    "chance_batch",
    "setup_form",
    # the action the screens build
    "OfferTrade",
]
