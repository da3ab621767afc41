"""Catapult Castle's ``GameInfo``: variants and options."""

from __future__ import annotations

from castletui.rules.catapult_castle.edition import EDITION_TAG
from castletui.rules.core import GameInfo, Option, Variant

INFO = GameInfo(
    id="catapult-castle",
    title="Catapult Castle",
    variants=(
        Variant("standard", 2, 4, "Standard", "Shoot at each other's castles; most towers wins."),
        Variant("solo", 1, 1, "Solo", "18 shots to clear the table; score and rating."),
    ),
    options=(
        Option(
            "beginner",
            False,
            "Beginner rules: cards have no effects and are only used to stack towers.",
            variants=("standard",),
            title="Beginners",
        ),
        Option(
            "skilled",
            False,
            "Skilled players: mats with 3 squares (no outer square); each mat still starts with "
            "its towers, the extra one stacked on a card, and everyone draws a card.",
            variants=("standard",),
            title="Skilled players",
        ),
        Option(
            "may_decline_hit",
            True,
            "The shooter may leave a tower hit where it stands, the ammo inside; its owner then "
            "draws nothing. Off: every hit takes the tower.",
            variants=("standard",),
            title="Hits may be declined",
            # Every hit took its tower in the games saved before the option:
            # their logs answer no such question.
            before=False,
        ),
        Option(
            "max_stack",
            0,
            "House rule: the highest a stack may be. 0: no limit, as in the rulebook.",
            title="Highest stack",
            minimum=0,
            maximum=16,
        ),
    ),
    summary="A dexterity game of shooting ammo into castle towers and keeping what you hit.",
    # "rules 2": the state took the kit's shape (one decision stack with its
    # automatic steps, an event log), so saves made before hold other state
    # hashes; their actions still replay to the same game.
    edition=f"{EDITION_TAG} rules 2",
)
