"""Castle Raisers (Wonderful World Board Games): the rules engine.

Competitive (2-4 players), co-operative (2-4) and solo, over the component
data in ``edition.toml``. The protocol functions are in :mod:`.engine`; the
wall geometry in :mod:`.geometry`; scoring (usable as a table calculator) in
:mod:`.scoring`; log lines in :mod:`.text`; the bot in :mod:`.bots`.
"""

from rules.castle_raisers.bots import bot_action, evaluate
from rules.castle_raisers.engine import (
    INFO,
    apply,
    chance_outcomes,
    legal_actions,
    result,
    setup,
    threat_met,
    to_move,
    view,
)
from rules.castle_raisers.geometry import covered_icons, legal_slots, section_heights, visible_defenders
from rules.castle_raisers.scoring import (
    ability_count,
    ability_counts,
    score_sheet,
    village_breakdown,
    wolves_entering,
)
from rules.castle_raisers.state import Action, Castle, State
from rules.castle_raisers.text import describe, label

__all__ = [
    "INFO",
    "Action",
    "Castle",
    "State",
    "ability_count",
    "ability_counts",
    "apply",
    "bot_action",
    "chance_outcomes",
    "covered_icons",
    "describe",
    "evaluate",
    "label",
    "legal_actions",
    "legal_slots",
    "result",
    "score_sheet",
    "section_heights",
    "setup",
    "threat_met",
    "to_move",
    "view",
    "village_breakdown",
    "visible_defenders",
    "wolves_entering",
]
