"""Catapult Castle (Imperial Publishing, 2020) for castletui: the face of the
rules package, all the app and the other layers use.

The protocol (``rules.core``): ``INFO``, ``State``, ``Action``, ``setup``,
``to_move``, ``legal_actions``, ``chance_outcomes``, ``apply``, ``view``,
``result``, ``describe``, and the optional hooks ``label``,
``chance_prompt``, ``effects``, ``evaluate``, ``bot_action`` and
``view_action`` (a card drawn or given as each seat sees it); the screen
API's ``refusals`` and ``helpers``, and table mode's ``chance_batch`` and
``setup_form`` (``rules.core.table_entry``).

The queries the screens use (``queries``): ``DECK_NAMES``, ``SQUARE_NAMES``,
``square_index``, ``square_point``, ``shooter_mat``, ``shot_odds``,
``shot_difficulty``, ``LandingOdds``, ``tower_name``, ``in_card_order``,
``hand_words`` (a hand as the side panel lists it, unseen cards too), and
the action kinds the screen tells apart (``Aim``, ``Land``, ``MoveTower``,
``Place``, ``PlayCard``, ``Shoot``, ``SkipExtraShot``).

Inside, in reading order: ``info``, ``edition`` (component data and
geometry), ``state``, ``setup``, ``flow`` (whose decision, the automatic
steps), ``legal``, ``apply``, ``chance``, ``view``, ``scoring``, ``text``,
``queries``, ``bots``; with ``pieces`` (where the pieces are, shared by the rules)
and ``shots`` (the digital shot model).
"""

from rules.catapult_castle.apply import apply
from rules.catapult_castle.bots import bot_action
from rules.catapult_castle.calc import helpers
from rules.catapult_castle.chance import chance_outcomes
from rules.catapult_castle.flow import to_move
from rules.catapult_castle.info import INFO
from rules.catapult_castle.legal import legal_actions, refusals
from rules.catapult_castle.queries import *  # noqa: F403 - the public queries, listed in queries.__all__
from rules.catapult_castle.queries import __all__ as _queries
from rules.catapult_castle.scoring import evaluate, result
from rules.catapult_castle.setup import setup
from rules.catapult_castle.state import Action, State
from rules.catapult_castle.table_entry import chance_batch, chance_prompt, setup_form
from rules.catapult_castle.text import describe, effects, label
from rules.catapult_castle.view import view, view_action

__all__ = [
    "INFO",
    "Action",
    "State",
    "apply",
    "bot_action",
    "chance_outcomes",
    "chance_prompt",
    "describe",
    "effects",
    "evaluate",
    "label",
    "legal_actions",
    "result",
    "setup",
    "to_move",
    "view",
    "view_action",
    # the screen API: why not, the rules helpers, table mode's typed entry
    "refusals",
    "helpers",
    "chance_batch",
    "setup_form",
    # queries for the screens
    *_queries,
]
