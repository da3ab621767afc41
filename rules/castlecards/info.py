"""What the wizard shows about Castlecards: variants and options."""

from __future__ import annotations

from castletui.rules.core import GameInfo, Option, Variant

from .edition import EDITION_TAG

INFO = GameInfo(
    id="castlecards",
    title="Castlecards",
    summary="Storm your rivals' Walls and Castles with a hand of village cards: the last castle standing wins.",
    # "rules 2": the state took the kit's shape (one decision stack, an event
    # log), so a save made before is replayed but not held to its old hash.
    edition=f"{EDITION_TAG} rules 2",
    variants=(
        Variant(
            "two-player",
            2,
            2,
            title="2 players",
            help="A Castle and 3 Walls each; 4 Village cards and 1 Academy card to start; loot goes to hand.",
        ),
        Variant(
            "multi-player",
            3,
            4,
            title="3-4 players",
            help="A Castle and 2 Walls each; 5 Village cards to start; others may support an attack; "
            "loot lies face down until two castles remain.",
        ),
    ),
    options=(
        Option(
            "weapons_defend",
            True,
            "Siege weapons other than the assault weapons (Battering Ram, Siege Tower) may be stationed "
            "as colourless defenders, one slot each, their swords counting as shields.",
            title="Weapons may defend",
        ),
        Option(
            "round_limit",
            0,
            "End the game after this many rounds (0: no limit, the last castle standing wins). At the limit "
            "the most shields still standing wins; then the most cards in hand; then a shared win.",
            title="Round limit",
            # Normal bots finish in a median 6-14 rounds (at most 29 in 20 seeded games per seat count);
            # 200 leaves slow human games plenty of room.
            minimum=0,
            maximum=200,
        ),
        Option(
            "ask_everyone",
            True,
            "Ask every player holding cards at each Thief, support and reaction step, even one without "
            "the card (they just pass), so nobody learns who holds a Thief, attack cards or Academy "
            "cards from who is asked. Off: only holders are asked (quicker, but it gives them away).",
            title="Ask everyone",
        ),
        Option(
            "teams",
            False,
            "4 players in two teams, partners sitting opposite (seats 1 and 3 against 2 and 4). The team "
            "with the last castles standing wins together, a fallen partner included.",
            title="Team play",
            variants=("multi-player",),
        ),
    ),
)
