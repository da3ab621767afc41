"""Catapult Castle (Imperial Publishing, 2020) for castletui: the rules as
plain functions over msgspec Structs (see ``rules/core.py`` for the protocol).

Modules: ``edition`` (component data and geometry), ``state`` (state and
actions), ``table`` (queries on a state), ``engine`` (set-up, whose turn,
legal actions, chance, view), ``resolve`` (``apply``), ``shots`` (the digital
shot model), ``scoring`` (result and tie-break), ``text`` (log lines and
labels), ``bots``, ``info`` (``INFO``).
"""

from rules.catapult_castle.bots import bot_action, evaluate
from rules.catapult_castle.edition import EDITION, EDITION_ID
from rules.catapult_castle.engine import (
    ACCURACIES,
    chance_outcomes,
    landing_outcomes,
    legal_actions,
    placement,
    setup,
    shot_difficulty,
    shot_odds,
    to_move,
    view,
)
from rules.catapult_castle.info import INFO
from rules.catapult_castle.resolve import apply
from rules.catapult_castle.scoring import ranking, result, solo_score, tie_break_lines
from rules.catapult_castle.shots import LandingOdds, landing_odds, sweet_spot_width
from rules.catapult_castle.state import (
    Action,
    Aim,
    Card,
    ChooseStart,
    DoneRearranging,
    Draw,
    GiveCard,
    Land,
    MoveTower,
    Pending,
    Pile,
    Place,
    PlayCard,
    Rearrange,
    ReturnToBox,
    Shoot,
    SkipExtraShot,
    Stack,
    State,
)
from rules.catapult_castle.text import chance_prompt, describe, label

__all__ = [
    "ACCURACIES",
    "EDITION",
    "EDITION_ID",
    "INFO",
    "Action",
    "Aim",
    "Card",
    "ChooseStart",
    "DoneRearranging",
    "Draw",
    "GiveCard",
    "Land",
    "LandingOdds",
    "MoveTower",
    "Pending",
    "Pile",
    "Place",
    "PlayCard",
    "Rearrange",
    "ReturnToBox",
    "Shoot",
    "SkipExtraShot",
    "Stack",
    "State",
    "apply",
    "bot_action",
    "chance_outcomes",
    "chance_prompt",
    "describe",
    "evaluate",
    "label",
    "landing_odds",
    "landing_outcomes",
    "legal_actions",
    "placement",
    "ranking",
    "result",
    "setup",
    "shot_difficulty",
    "shot_odds",
    "solo_score",
    "sweet_spot_width",
    "tie_break_lines",
    "to_move",
    "view",
]
