"""The A Game of Thrones Catan component data: ``edition.toml`` decoded once
into typed Structs, and the tables the rules read on every action
(resources, costs, the development deck of each variant, the layouts)."""

from __future__ import annotations

import msgspec

from rules.core import load_edition

HIDDEN = "hidden"
"""The placeholder name of a card a seat may not see (``view``)."""


class RulesData(msgspec.Struct, frozen=True):
    resource_cards: int
    settlements: int
    keeps: int
    roads: int
    supply_rate: int
    hand_limit: int
    settlement_points: int
    keep_points: int
    longest_road_points: int
    longest_road_minimum: int
    largest_patrol_points: int
    largest_patrol_minimum: int
    victory_card_points: int
    points_to_win: int


class DevelopmentData(msgspec.Struct, frozen=True):
    name: str
    title: str
    count: int
    variants: tuple[str, ...]


class HexData(msgspec.Struct, frozen=True):
    at: str  # "r0c3": row 0 (against the Wall), column 3
    terrain: str  # in the fixed (beginner) set-up
    number: int  # the number token, printed in place


class TradeRouteData(msgspec.Struct, frozen=True):
    hex: str
    side: str  # NE, E, SE, SW, W, NW
    resource: str  # "" for a route that takes any resource
    rate: int


class LayoutData(msgspec.Struct, frozen=True):
    seats: int
    rows: tuple[tuple[int, int], ...]  # first and last column of each row
    hexes: tuple[HexData, ...]
    trade_routes: tuple[TradeRouteData, ...]


class Edition(msgspec.Struct, frozen=True):
    name: str
    terrain: dict[str, str]
    costs: dict[str, tuple[str, ...]]
    rules: RulesData
    development: tuple[DevelopmentData, ...]
    layouts: tuple[LayoutData, ...]


EDITION, EDITION_TAG = load_edition(__package__, Edition)
RULES = EDITION.rules

TERRAIN_RESOURCE: dict[str, str] = dict(EDITION.terrain)
RESOURCES: tuple[str, ...] = tuple(sorted(TERRAIN_RESOURCE.values()))
"""The five resources in name order (the order of a sorted hand)."""
RESOURCE_INDEX = {name: index for index, name in enumerate(RESOURCES)}

COSTS: dict[str, tuple[str, ...]] = {name: tuple(sorted(cost)) for name, cost in EDITION.costs.items()}
"""What each thing costs, as a sorted multiset: road, settlement, keep, development."""
COST_ORDER: dict[str, tuple[str, ...]] = {
    name: tuple(dict.fromkeys(cost)) for name, cost in EDITION.costs.items()
}
"""The resources of each cost in the order the build cost card lists them."""

DEVELOPMENT: dict[str, DevelopmentData] = {card.name: card for card in EDITION.development}
RANGER_PATROL = "ranger-patrol"
VICTORY_POINT = "victory-point"
ROAD_BUILDING = "road-building"
WINTER_IS_COMING = "winter-is-coming"

LAYOUTS: dict[int, LayoutData] = {layout.seats: layout for layout in EDITION.layouts}


def development_deck(variant: str) -> tuple[str, ...]:
    """The full development deck of ``variant``, a sorted multiset."""
    return tuple(
        sorted(
            card.name for card in EDITION.development if variant in card.variants for _ in range(card.count)
        )
    )


def development_title(name: str) -> str:
    card = DEVELOPMENT.get(name)
    return card.title if card is not None else "a development card"
