"""Castle Raisers' ``GameInfo``: its variants and options (house rules and
the rulebook's open choices: who starts, Castle boards, Threat cards)."""

from __future__ import annotations

from castletui.rules.castle_raisers.edition import EDITION_TAG
from castletui.rules.core import GameInfo, Option, Variant

START_PLAYER_CHOICES = ("random", "player 1", "player 2", "player 3", "player 4")
"""Who starts: the rulebook gives the Mother Pig to whoever last heard the fable
of the three little pigs, "or choose randomly". castletui cannot know who that
is, so the players say which seat it is, or chance decides."""

THREAT_CHOICES = (0, 1, 2, 3, 4)
"""Threat cards one player may draw. The rulebook says "2 (or more)"; 4 each is
already more than the deck holds for a team of four, and a draw the deck cannot
give is skipped like any empty supply."""

INFO = GameInfo(
    id="castle-raisers",
    title="Castle Raisers",
    summary="Three little pigs raise castle walls over three ages; covering an icon fires its ability.",
    # "rules 2": the state took the kit's shape (one decision stack, top last,
    # and an event log), so saves made before hold other state hashes; their
    # actions still replay to the same game.
    edition=f"{EDITION_TAG} rules 2",
    variants=(
        Variant("competitive", 2, 4, title="Competitive", help="2-4 players; most points wins."),
        Variant(
            "cooperative",
            2,
            4,
            title="Co-operative",
            help="2-4 players against the wolves: meet every Threat card and beat the wolves' score.",
            cooperative=True,
        ),
        Variant(
            "solo",
            1,
            1,
            title="Solo",
            help="One player against the wolves, with Threat cards.",
            cooperative=True,
        ),
    ),
    options=(
        Option(
            "fortified_defenders_fire",
            True,
            "A Defender icon under a Fortification tile is still visible, so it pours at the End of Age.",
            title="Defenders under Fortification tiles fire",
        ),
        Option(
            "start_player",
            "random",
            "Who starts with the Mother Pig: the player who last heard the fable of the three little "
            "pigs, or one drawn at random.",
            choices=START_PLAYER_CHOICES,
            variants=("competitive", "cooperative"),
            title="Start player",
        ),
        Option(
            "choose_boards",
            False,
            "Players choose their Castle boards, from the last player backwards, instead of drawing them.",
            title="Choose Castle boards",
        ),
        Option(
            "discard_attack_in_coop",
            False,
            "2 players co-operative: a discarded or returned tile with a Dispatch icon still makes the wolves attack.",
            variants=("cooperative",),
            title="Wolves attack on discards (co-op)",
        ),
        Option(
            "own_threat_cards",
            False,
            "Shuffle castletui's own three Threat cards (Hungry Pack, Short Supply, Stubborn Villagers) "
            "into the deck with the ten the rulebook names.",
            variants=("cooperative", "solo"),
            title="castletui's own Threat cards",
        ),
        *(
            Option(
                f"threats_player_{number}",
                1,
                f"Threat cards player {number} draws: 0 is easier, 2 or more harder. The rulebook lets "
                "each player choose" + (" (ignored when fewer play)." if number > 2 else "."),
                choices=THREAT_CHOICES,
                variants=("cooperative", "solo") if number == 1 else ("cooperative",),
                title=f"Threat cards: player {number}",
                minimum=THREAT_CHOICES[0],
                maximum=THREAT_CHOICES[-1],
            )
            for number in range(1, 5)
        ),
    ),
)
