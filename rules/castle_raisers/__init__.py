"""Castle Raisers (Wonderful World Board Games) for castletui: the face of
the rules package, the only names the app and the other layers use.

Competitive (2-4 players), co-operative (2-4) and solo, over the component
data in ``edition.toml``.

- the protocol of ``rules.core``: ``INFO``, ``State``, ``Action``,
  ``setup``, ``to_move``, ``legal_actions``, ``chance_outcomes``, ``apply``,
  ``view``, ``result``, ``describe``;
- its optional hooks: ``label``, ``effects`` (log lines for what the rules
  did by themselves), ``evaluate`` and ``bot_action``;
- table mode's questions (``table_entry``): ``chance_prompt`` (one draw,
  named: whose castle, which region, stack, line or deck),
  ``chance_batch`` (pieces drawn together, typed as counts) and
  ``setup_form`` (the set-up's draws on one form);
- the queries the screens ask (``queries``): the decision on top
  (``decision``), ``region_wolves``, ``cauldrons_needed``,
  ``discard_makes_wolves_attack``, ``location_sections``,
  ``team_standing`` / ``wolves_score``, ``ROUNDS_PER_AGE``; the ring wall
  (``legal_slots``, ``why_not_legal``, ``covered_icons``, ``slot_columns``,
  ``levels``, ``piece_at``, ``section_heights`` and the visible icons); the
  score sheet, usable as a table-mode calculator (``score_sheet``,
  ``calculator_result``, ``ability_count(s)``, ``wolves_entering``,
  ``wolves_around``, ``village_breakdown``, ``assault_penalties``,
  ``threat_met``, ``threat_report``); what is left (``stack_tokens``,
  ``physical_attack_supply``); the words ``tile_text`` and ``token_text``;
  and the component tables, ``Castle``, ``Line``, ``Pending`` and the
  action Structs the screens tell apart.

Reading order of the package: info, edition, state, setup, flow (whose
decision, the automatic steps and the decisions the rules skip), legal,
apply, chance, view, scoring, text, queries, table_entry, bots; beside
them geometry (the ring wall), sheet (the score sheet) and supplies
(supplies, stacks and Threat cards held, shared by the rules modules).
"""

from rules.castle_raisers.apply import apply
from rules.castle_raisers.bots import bot_action, evaluate
from rules.castle_raisers.calc import helpers
from rules.castle_raisers.chance import chance_outcomes
from rules.castle_raisers.flow import to_move
from rules.castle_raisers.info import INFO
from rules.castle_raisers.legal import legal_actions, refusals
from rules.castle_raisers.queries import *  # noqa: F403 - the public queries, listed in queries.__all__
from rules.castle_raisers.queries import __all__ as _queries
from rules.castle_raisers.scoring import result
from rules.castle_raisers.setup import setup
from rules.castle_raisers.state import Action, State
from rules.castle_raisers.table_entry import chance_batch, chance_prompt, setup_form
from rules.castle_raisers.text import describe, effects, label
from rules.castle_raisers.view import view

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
    "effects",
    "evaluate",
    "label",
    # the screen API: why not, the rules helpers, and table mode's entry
    "refusals",
    "helpers",
    "chance_prompt",
    "chance_batch",
    "setup_form",
    # queries for the screens
    *_queries,
]
