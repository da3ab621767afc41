"""Catapult Castle component data: decks, mats, the table geometry and the
shot model's numbers, decoded once from ``edition.toml``.

Squares are numbered ``4 * mat + position`` with positions in
``SQUARE_NAMES`` order (inner, left, right, outer); mats go clockwise.
"""

from __future__ import annotations

import msgspec
from castletui.rules.core import load_edition

KINDS = ("Extra Shot", "Magic Toss", "Strong Ammo", "Reinforced Roof")
EXTRA_SHOT, MAGIC_TOSS, STRONG_AMMO, ROOF = KINDS
KIND_INDEX = {kind: index for index, kind in enumerate(KINDS)}
SHORT_NAMES = {kind: "Roof" if kind == ROOF else kind for kind in KINDS}
"""A card's name where a line is narrow or typed (the side panel at 80 columns, counts typed at a real table)."""
HIDDEN = "hidden"
"""The kind shown for a card a seat may not see (others' hands, face-down cards)."""
UNSEEN = "unseen"
"""Table mode: a card nobody has typed in yet (a card drawn into a hand,
one put face down under a tower). Its owner has seen it, the app has not;
it is named when it is played or turned face up (``pieces.unseen_pool``)."""

NEUTRAL = -1
"""``mat_owner`` of a mat nobody owns (the two side mats with 2 players)."""
ABSENT = -2
"""``mat_owner`` of a quadrant with no mat (the empty one with 3 players)."""


class DeckData(msgspec.Struct, frozen=True):
    name: str
    cards: dict[str, int]


class MatData(msgspec.Struct, frozen=True):
    index: int
    quadrant: str
    deck: str
    corner: tuple[float, float]
    squares: dict[str, tuple[float, float]]


class Rating(msgspec.Struct, frozen=True):
    low: int
    high: int
    label: str


class AimModel(msgspec.Struct, frozen=True):
    reach_base: float
    near_distance: float
    reach_per_distance: float
    reach_per_level: float
    reach_min: float
    reach_max: float
    magic_reach: float
    magic_forgiveness: float
    near_base: float
    near_per_accuracy: float
    table_nowhere: float
    spot_base: float
    spot_per_distance: float
    spot_per_level: float
    spot_magic: float
    spot_min: int
    spot_max: int


class Edition(msgspec.Struct, frozen=True):
    name: str
    total_towers: int
    total_ammo: int
    three_player_boxed_towers: int
    square_names: tuple[str, ...]
    skilled_removed_square: str
    card_kinds: tuple[str, ...]
    solo_ammo: int
    solo_hand: tuple[str, ...]
    solo_rearrangements: int
    solo_max_stack: int
    rearrange_move_limit: int
    decks: tuple[DeckData, ...]
    seat_mats: dict[str, tuple[int, ...]]
    solo_ratings: tuple[Rating, ...]
    aim: AimModel
    mats: tuple[MatData, ...]
    distances: tuple[tuple[float, ...], ...]
    neighbours: tuple[tuple[int, ...], ...]


EDITION, EDITION_TAG = load_edition(__package__, Edition)

SQUARE_NAMES: tuple[str, ...] = EDITION.square_names
SQUARE_POSITION = {name: index for index, name in enumerate(SQUARE_NAMES)}
SQUARES_PER_MAT = len(SQUARE_NAMES)
"""The squares of one mat; square ``q`` is on mat ``q // SQUARES_PER_MAT``."""
DECK_NAMES: tuple[str, ...] = tuple(deck.name for deck in EDITION.decks)
DECK_COUNTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(deck.cards.get(kind, 0) for kind in KINDS) for deck in EDITION.decks
)
DISTANCES = EDITION.distances
NEIGHBOURS = EDITION.neighbours
AIM = EDITION.aim
SKILLED_REMOVED = SQUARE_POSITION[EDITION.skilled_removed_square]
SQUARE_COUNT = SQUARES_PER_MAT * len(EDITION.mats)


def square_index(mat: int, square: str) -> int:
    """The square number of ``square`` (a name) on ``mat``; -1 if unknown."""
    position = SQUARE_POSITION.get(square, -1)
    if position < 0 or not 0 <= mat < len(EDITION.mats):
        return -1
    return SQUARES_PER_MAT * mat + position


def name_of(index: int) -> str:
    """The square name (inner, left, right, outer) of a square number."""
    return SQUARE_NAMES[index % SQUARES_PER_MAT]


def square_point(index: int) -> tuple[float, float]:
    """Where a square's centre lies on the table (for boards and tests)."""
    return EDITION.mats[index // SQUARES_PER_MAT].squares[SQUARE_NAMES[index % SQUARES_PER_MAT]]


def rating_for(score: int) -> str:
    """The solo band label for a score (0 falls in the lowest band)."""
    for band in EDITION.solo_ratings:
        if band.low <= score <= band.high:
            return band.label
    return EDITION.solo_ratings[0].label if score < 0 else EDITION.solo_ratings[-1].label
