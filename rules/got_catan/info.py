"""What the wizard shows about A Game of Thrones Catan: variants and options."""

from __future__ import annotations

from castletui.rules.core import GameInfo, Option, Variant

from .edition import EDITION_TAG, RULES

INFO = GameInfo(
    id="got-catan",
    title="A Game of Thrones Catan",
    summary="Settle the Gift south of the Wall: roads, settlements and keeps, trade and Tormund; "
    f"first to {RULES.points_to_win} victory points on their own turn wins. Brotherhood of the Watch adds the Wall: "
    "guards, wildlings and heroes.",
    edition=f"{EDITION_TAG} rules 1",
    variants=(
        Variant(
            "base",
            3,
            4,
            title="Base game",
            help="Catan in the Gift, with Tormund as the robber: 21 hexes with 4 players, 16 with 3.",
        ),
        Variant(
            "brotherhood",
            3,
            4,
            title="Brotherhood of the Watch",
            help="The full game: guards on the Wall, wildlings coming south on the wildling die, "
            "heroes; the third breach ends the game and the most guards win.",
        ),
    ),
    options=(
        Option(
            "board",
            "variable",
            "variable: the terrain hexes are shuffled (the number tokens stay where they are printed); "
            "beginner: the fixed set-up, every hex as printed.",
            choices=("variable", "beginner"),
            title="Set-up",
        ),
        Option(
            "roads",
            RULES.roads,
            f"Roads per player: {RULES.roads} plastic roads come in the box (errata), the rulebook text says 15.",
            title="Roads per player",
            minimum=RULES.roads,
            maximum=15,
        ),
        Option(
            "trade_offers",
            3,
            "How many trade offers the player to move may make to other players in one turn "
            "(a counter-offer is a new offer). 0: no trading between players.",
            title="Trade offers per turn",
            minimum=0,
            maximum=10,
        ),
        Option(
            "heroes",
            "rulebook",
            "Which hero each seat starts with, seat 1 first. rulebook: with 4 players A4 Othell "
            "Yarwyck, A3 Samwell Tarly, A2 Bowen Marsh, A1 Jeor Mormont; with 3 players A3, A2, A1 "
            "(Yarwyck stays on the display). reversed: the same heroes the other way round, so seat 1 "
            "takes A1 (as catan.de prints it).",
            choices=("rulebook", "reversed"),
            variants=("brotherhood",),
            title="Starting heroes",
        ),
    ),
)
