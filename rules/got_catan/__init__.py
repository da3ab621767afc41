"""A Game of Thrones Catan (Catan Studio / Fantasy Flight, 2017), the base
game: settle the Gift south of the Wall with roads, settlements and keeps,
trade, and keep Tormund away; the first to 10 victory points on their own
turn wins. Brotherhood of the Watch, with the Wall, the wildlings and the
heroes, is the second variant: a layer in its own subpackage
(:mod:`.brotherhood`) that this face switches on (``brotherhood.register()``
below); the base modules never import it (``layers`` lists where it plugs in).

The face of the package, the only names the app imports:

- the protocol of ``rules.core``: ``INFO``, ``State``, ``Action``,
  ``setup``, ``to_move``, ``legal_actions``, ``chance_outcomes``, ``apply``,
  ``view``, ``result``, ``describe``;
- its optional hooks: ``label``, ``chance_prompt``, ``effects``,
  ``evaluate``, ``bot_action``, ``random_action``, ``turn_player``,
  ``view_action`` (a stolen card as each seat sees it); the rules helpers
  (``helpers``: Longest Road, production, discards, score, wildling die); table mode's
  ``chance_batch`` (wildling tokens turned up together) and ``setup_form``
  (the variable set-up's terrain on one form);
- the queries the screens ask (``queries``): the screen API (``prompt``,
  ``spot``, ``group``), the Gift (``BOARDS``, ``board_of``, ``hex_name``,
  ``corner_name``, ``edge_name``, ``hex_resource``), points
  (``points``, ``public_points``, ``point_lines``), ``trade_rate``, where
  pieces may go, ``refusal`` (why any action is refused, in ``apply``'s
  words), ``refusals`` (the screen API's "why not?"), the tables they read
  and the action Structs the screens build;
- Brotherhood's queries (``brotherhood.queries``: the Wall board, the
  wildling die's forecast, the heroes).

Reading order: info, edition, board (the geometry), state, layers (where a
variant plugs in), setup, chance, scoring, roads (Longest Road and Largest
Patrol), legal, flow, apply, view, text, queries, calc, bots; then
brotherhood/ (its face lists its modules). Importing any module of the
package runs this face first, so the layer is always registered.
"""

from __future__ import annotations

from . import brotherhood
from .apply import apply
from .bots import bot_action, random_action
from .brotherhood.queries import (
    ClanInfo,
    HeroInfo,
    SectionInfo,
    advance_forecast,
    advance_outcomes,
    breach_track,
    clans,
    frostfangs,
    gift_wildlings,
    guards_of,
    hero_info,
    hero_state,
    is_watch,
    tokens,
    wall_sections,
)
from .calc import helpers
from .chance import chance_batch, chance_outcomes, chance_prompt, setup_form
from .flow import to_move, turn_player
from .info import INFO
from .legal import legal_actions
from .queries import *  # noqa: F403 - the public queries, listed in queries.__all__
from .queries import __all__ as _queries
from .scoring import evaluate, result
from .setup import setup
from .state import Action, State
from .text import describe, effects, label
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
    "random_action",
    "chance_batch",
    "chance_prompt",
    "effects",
    "evaluate",
    "helpers",
    "label",
    "setup_form",
    "turn_player",
    "view_action",
    # queries for the screens
    *_queries,
    # Brotherhood of the Watch's queries
    "ClanInfo",
    "HeroInfo",
    "SectionInfo",
    "advance_forecast",
    "advance_outcomes",
    "breach_track",
    "clans",
    "frostfangs",
    "gift_wildlings",
    "guards_of",
    "hero_info",
    "hero_state",
    "is_watch",
    "tokens",
    "wall_sections",
]
