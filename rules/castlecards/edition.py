"""The Castlecards card data: ``edition.toml`` decoded once into typed Structs,
plus the lookup tables the rules read on every action (strength, colour,
deck of each card name)."""

from __future__ import annotations

import msgspec
from castletui.rules.core import load_edition

HIDDEN = "hidden"
"""The placeholder name of a card a seat may not see (``view``)."""

FACE_DOWN = "face-down"
"""Table mode: a loot card taken face down, whose name nobody at the table
knows until it is turned up into a hand (then the table says what it is)."""


class FortressData(msgspec.Struct, frozen=True):
    colours: tuple[str, ...]
    castle_shields: int
    wall_shields: int
    walls_per_colour: int


class RulesData(msgspec.Struct, frozen=True):
    """The rule numbers (``[rules]`` in edition.toml)."""

    walls_two_player: int
    walls: int
    hand_two_player: int
    hand: int
    buy_cards: int
    build_cards: int
    academy_gold: int
    king_actions: int
    team_seats: int


class CardData(msgspec.Struct, frozen=True):
    name: str
    title: str
    deck: str
    kind: str
    count: int
    colour: str = ""
    strength: int = 0
    torches: int = 0
    assault: str = ""
    effect: int = 0
    danger: int = 0
    treasure: int = 0


class Edition(msgspec.Struct, frozen=True):
    name: str
    fortress: FortressData
    rules: RulesData
    cards: tuple[CardData, ...]


EDITION, EDITION_TAG = load_edition(__package__, Edition)

CARDS: dict[str, CardData] = {card.name: card for card in EDITION.cards}
COLOURS = EDITION.fortress.colours
CASTLE_SHIELDS = EDITION.fortress.castle_shields
WALL_SHIELDS = EDITION.fortress.wall_shields
WALLS_PER_COLOUR = EDITION.fortress.walls_per_colour
RULES = EDITION.rules

BUY_CARDS = RULES.buy_cards
"""Village cards a Gold buys."""
BUILD_COST = RULES.build_cards
"""Builders and Gold paid for a siege weapon, at least one of them Builders."""
ACADEMY_GOLD = RULES.academy_gold
"""Gold paid with a Duke at the Academy."""
ACADEMY_PRICE = ("duke",) + ("gold",) * ACADEMY_GOLD
"""The cards the Academy action shows."""
KING_ACTIONS = RULES.king_actions
"""The more actions the King grants."""

# Flat tables: the rules ask these on every action, a dict lookup is the
# cheapest way. Unknown names (the HIDDEN placeholder) fall back to 0 / "".
STRENGTH: dict[str, int] = {c.name: c.strength for c in EDITION.cards}
KIND: dict[str, str] = {c.name: c.kind for c in EDITION.cards}
KIND[HIDDEN] = ""
KIND[FACE_DOWN] = ""
COLOUR: dict[str, str] = {c.name: c.colour for c in EDITION.cards}
DECK: dict[str, str] = {c.name: c.deck for c in EDITION.cards}
TORCHES: dict[str, int] = {c.name: c.torches for c in EDITION.cards}
ASSAULT: dict[str, str] = {c.name: c.assault for c in EDITION.cards}

UNIT_KINDS = frozenset({"soldiers", "bowmen"})
ATTACK_KINDS = frozenset({"soldiers", "bowmen", "weapon"})
"""Cards that may be shown in an attack (any colour)."""

ATTACK_CARDS = frozenset(name for name, kind in KIND.items() if kind in ATTACK_KINDS)
ACADEMY_CARDS = frozenset(c.name for c in EDITION.cards if c.deck == "academy")


def deck_cards(deck: str) -> tuple[str, ...]:
    """The full sorted multiset of one deck, as set out at the start."""
    return tuple(sorted(c.name for c in EDITION.cards if c.deck == deck for _ in range(c.count)))


def title(name: str) -> str:
    """A card's printed name ("Soldiers (red, 2)"); "a hidden card" for the placeholder."""
    card = CARDS.get(name)
    if card is None:
        return "a face-down card" if name == FACE_DOWN else "a hidden card"
    return card.title


def total_cards() -> int:
    """All 110: the four decks plus the 16 fortress cards (a Castle and Walls per colour)."""
    fortress = len(COLOURS) * (1 + EDITION.fortress.walls_per_colour)
    return sum(c.count for c in EDITION.cards) + fortress
