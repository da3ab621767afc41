"""Catapult Castle queries for the screens and widgets: read-only functions
of a state (where squares are, whose catapult fires, the odds of an aimed
shot, how a tower is named), the square and deck names, and the kinds of
action the screen tells apart. The app reads the game only through these and
the protocol (``rules.catapult_castle``)."""

from __future__ import annotations

from collections.abc import Iterable

from rules.catapult_castle.chance import aimed_odds, towers_next_to
from rules.catapult_castle.edition import (
    DECK_NAMES,
    DISTANCES,
    KIND_INDEX,
    SQUARE_NAMES,
    square_index,
    square_point,
)
from rules.catapult_castle.shots import LandingOdds, sweet_spot_width
from rules.catapult_castle.state import (
    Aim,
    Land,
    MoveTower,
    Pending,
    Place,
    PlayCard,
    Shoot,
    SkipExtraShot,
    State,
)
from rules.catapult_castle.table import shooter_mat
from rules.catapult_castle.text import tower_name

__all__ = [
    "DECK_NAMES",
    "SQUARE_NAMES",
    "Aim",
    "Land",
    "LandingOdds",
    "MoveTower",
    "Place",
    "PlayCard",
    "Shoot",
    "SkipExtraShot",
    "in_card_order",
    "shooter_mat",
    "shot_difficulty",
    "shot_odds",
    "square_index",
    "square_point",
    "tower_name",
]


def _aimed(state: State, aim: Aim, accuracy: int = -1) -> Pending:
    """The landing an Aim would leave on the stack."""
    seat = state.pending[-1].seat if state.pending else -1
    return Pending(
        "land", seat, square=square_index(aim.mat, aim.square), accuracy=accuracy, from_mat=aim.from_mat
    )


def shot_odds(state: State, aim: Aim, accuracy: int) -> LandingOdds:
    """For the aiming mini-game: the chances of each kind of landing if the
    shooter aims at ``aim``'s tower with ``accuracy``."""
    land = _aimed(state, aim, accuracy)
    return aimed_odds(state, land, towers_next_to(state, land.square))


def shot_difficulty(state: State, aim: Aim) -> tuple[float, int, int]:
    """For the aiming mini-game: (distance in square widths, stack height,
    sweet-spot width in % of the power bar) of a shot at ``aim``'s tower."""
    land = _aimed(state, aim)
    distance = DISTANCES[shooter_mat(state, land)][land.square]
    height = len(state.stacks[land.square].towers)
    return distance, height, sweet_spot_width(distance, height, state.magic_toss)


def in_card_order(kinds: Iterable[str]) -> list[str]:
    """Card kinds in the rulebook's order (Extra Shot, Magic Toss, Strong
    Ammo, Reinforced Roof), as a hand is shown; hidden cards last."""
    return sorted(kinds, key=lambda kind: KIND_INDEX.get(kind, len(KIND_INDEX)))
