"""Castlecards (Alberto Cano, Invedars 2016-17): storm rival fortresses with
village cards; the last castle standing wins.

The face of the package, the only names the app imports:

- the protocol of ``rules.core``: ``INFO``, ``State``, ``Action``,
  ``setup``, ``to_move``, ``legal_actions``, ``chance_outcomes``, ``apply``,
  ``view``, ``result``, ``describe``;
- its optional hooks: ``label``, ``chance_prompt`` (the question table mode
  asks at a draw, naming whose draw and which pile), ``setup_form`` (table
  mode's set-up on one form: who starts, the deal counted, never named),
  ``effects`` (log lines for what the rules did by themselves),
  ``evaluate``, ``bot_action``, ``turn_player`` (whose turn it is while a
  Thief, a supporter or the defender decides), and the screen
  API's ``prompt``, ``spot`` (a fortress card or a card in hand), ``group``
  (Attack > target, Night attack > target, Defend, Throw a card away) and
  ``preview`` (what a choice would do), from ``queries``;
- the queries the screens ask (``queries``): ``attack_outlook`` /
  ``pick_outlook`` / ``Outlook``, ``attack_total`` / ``defence_total``,
  ``explore_torches`` / ``explore_succeeds``, ``refusal`` (why any action
  is refused, in ``apply``'s words), ``card_shields`` / ``base_shields``,
  ``attack_parts`` (each card of an attack under what it does),
  ``pile_sizes``, ``build_paid``, ``pick_words``, the card words
  (``card_name``, ``card_face``, ``unit_name``, ``versus``...),
  and the names they read: the card tables ``CARDS``, ``COLOUR``, ``KIND``,
  ``STRENGTH``, ``TORCHES``, ``ACADEMY_CARDS``, ``HIDDEN``, ``title``,
  ``FortressCard`` and the action Structs the screens build.

Reading order of the package: info, edition, state, setup, flow, legal,
apply, chance, view, scoring, text, queries, bots; beside them decks (the
piles to draw from) and fortress (shields, reach and the weighing of an
attack).
"""

from __future__ import annotations

from .apply import apply
from .bots import bot_action
from .calc import helpers
from .chance import chance_outcomes
from .flow import to_move, turn_player
from .info import INFO
from .legal import legal_actions, refusals
from .queries import *  # noqa: F403 - the public queries, listed in queries.__all__
from .queries import __all__ as _queries
from .scoring import evaluate, result
from .setup import setup
from .state import Action, State
from .table_entry import chance_prompt, setup_form
from .text import describe, effects, label
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
    "chance_prompt",
    "setup_form",
    "effects",
    "evaluate",
    "label",
    "turn_player",
    "view_action",
    # the screen API: why not, and the rules helpers
    "refusals",
    "helpers",
    # queries for the screens
    *_queries,
]
