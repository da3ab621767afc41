"""Castle Raisers (Wonderful World Board Games) for castletui: the face of
the rules package, the only names the app and the other layers use.

Competitive (2-4 players), co-operative (2-4) and solo, over the component
data in ``edition.toml``.

The face (``__all__``, tests/rules/test_game_plan.py checks it):

- the protocol of ``rules.core``: ``INFO``, ``State`` (a seat's ``view``
  is one too: the read model the screens are given), ``Action``,
  ``setup``, ``to_move``, ``legal_actions``, ``chance_outcomes``,
  ``apply``, ``view``, ``result``, ``describe``;
- its optional hooks: ``label``, ``effects`` (log lines for what the rules
  did by themselves), ``evaluate`` and ``bot_action``;
- the screen API (``rules.core.screen``), each hook given a seat's view:
  ``prompt``, ``spot`` (a slot, a location, a line), ``refusals`` ("why
  not?"), the rules ``helpers`` (the score sheet as a calculator),
  ``scene`` (everything the boards, the players panel and the replay draw,
  as typed data: scene.py) and ``menu`` (the action bar's lines, keyed:
  menu.py);
- table mode's questions (``rules.core.table_entry``): ``chance_prompt``
  (one draw, named: whose castle, which region, stack, line or deck),
  ``chance_batch`` (pieces drawn together, typed as counts) and
  ``setup_form`` (the set-up's draws on one form);
- the actions the screens build: ``DraftTile``, ``PlaceTile``,
  ``DiscardTile``, ``ResolveFirst``, ``PlaceVillage``, ``PourCauldron``,
  ``RevealLine``, ``PickLine``.

The face is this list and nothing else: the app takes no other name
(tests/test_layers.py). Tests may import the package's modules directly.

Reading order of the package (the plan, README "Adding a game"): edition,
info, state; geometry (the ring wall), sheet (the score sheet) and supplies
(stacks, tokens and Threat cards held); chance, flow, legal, scoring,
setup; apply; view; text; queries (the screen API), scene and menu (what
the screens draw), table_entry, calc; bots.
"""

from castletui.rules.castle_raisers.apply import apply
from castletui.rules.castle_raisers.bots import bot_action, coop_hooks, evaluate, search_hooks
from castletui.rules.castle_raisers.calc import helpers
from castletui.rules.castle_raisers.chance import chance_outcomes
from castletui.rules.castle_raisers.flow import to_move
from castletui.rules.castle_raisers.info import INFO
from castletui.rules.castle_raisers.legal import legal_actions
from castletui.rules.castle_raisers.menu import menu
from castletui.rules.castle_raisers.queries import prompt, refusals, spot
from castletui.rules.castle_raisers.scene import scene
from castletui.rules.castle_raisers.scoring import result
from castletui.rules.castle_raisers.setup import setup
from castletui.rules.castle_raisers.state import (
    Action,
    DiscardTile,
    DraftTile,
    PickLine,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    ResolveFirst,
    RevealLine,
    State,
)
from castletui.rules.castle_raisers.table_entry import chance_batch, chance_prompt, setup_form
from castletui.rules.castle_raisers.text import describe, effects, label
from castletui.rules.castle_raisers.view import view

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
    # the screen API, on a seat's view
    "prompt",
    "spot",
    "refusals",
    "helpers",
    "scene",
    "menu",
    # table mode's entry
    "chance_prompt",
    "chance_batch",
    "setup_form",
    # the actions the screens build
    "DiscardTile",
    "DraftTile",
    "PickLine",
    "PlaceTile",
    "PlaceVillage",
    "PourCauldron",
    "ResolveFirst",
    "RevealLine",
]
