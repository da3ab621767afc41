"""Castle Raisers (Wonderful World Board Games): the rules engine.

Competitive (2-4 players), co-operative (2-4) and solo, over the component
data in ``edition.toml`` (:mod:`.edition`). The protocol is in :mod:`.engine`,
the task stack's automatic steps in :mod:`.flow`, each decision's legality and
effect in :mod:`.decisions`, the ring wall in :mod:`.geometry`, the score
sheet (usable as a table-mode calculator) in :mod:`.scoring`, results and
Threat cards in :mod:`.outcome`, log lines in :mod:`.text`, the bots in
:mod:`.bots` (competitive), :mod:`.bot_coop` (co-operative and solo) and
:mod:`.bot_search` (their hard level's playouts), sharing :mod:`.pouring`.
"""

from rules.castle_raisers.bots import bot_action, evaluate
from rules.castle_raisers.engine import (
    INFO,
    apply,
    calculator_result,
    chance_outcomes,
    legal_actions,
    result,
    setup,
    threat_met,
    threat_report,
    to_move,
    view,
)
from rules.castle_raisers.geometry import (
    covered_icons,
    legal_slots,
    section_heights,
    slot_columns,
    visible_defenders,
    visible_starting_icons,
    visible_wall_icons,
    why_not_legal,
)
from rules.castle_raisers.narrate import effects
from rules.castle_raisers.scoring import (
    ability_count,
    ability_counts,
    assault_penalties,
    score_sheet,
    village_breakdown,
    wolves_entering,
)
from rules.castle_raisers.state import Action, Castle, State
from rules.castle_raisers.text import describe, label, tile_text, token_text

__all__ = [
    "INFO",
    "Action",
    "Castle",
    "State",
    "ability_count",
    "ability_counts",
    "apply",
    "assault_penalties",
    "bot_action",
    "calculator_result",
    "chance_outcomes",
    "covered_icons",
    "describe",
    "effects",
    "evaluate",
    "label",
    "legal_actions",
    "legal_slots",
    "result",
    "score_sheet",
    "section_heights",
    "setup",
    "slot_columns",
    "threat_met",
    "threat_report",
    "tile_text",
    "token_text",
    "to_move",
    "view",
    "village_breakdown",
    "visible_defenders",
    "visible_starting_icons",
    "visible_wall_icons",
    "why_not_legal",
    "wolves_entering",
]
