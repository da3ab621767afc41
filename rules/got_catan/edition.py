"""The A Game of Thrones Catan component data: ``edition.toml`` decoded once
into typed Structs, and the tables the rules read on every action
(resources, costs, the development deck of each variant, the layouts)."""

from __future__ import annotations

import msgspec
from castletui.rules.core import load_edition

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
    dice: int
    die_faces: int
    robber_roll: int
    road_building_roads: int
    winter_cards: int


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
    lanes: tuple[tuple[str, ...], ...] = ()  # Brotherhood: each wall section's lane, first blocked first


class BrotherhoodData(msgspec.Struct, frozen=True):
    guards: int
    sections: int
    guard_spaces: int
    supply_rate: int
    longest_road_points: int
    largest_patrol_points: int
    guard_token_at: tuple[int, ...]
    card_settlement_spaces: int
    card_keep_spaces: int
    tokens_per_keep: int
    breaches_to_end: int
    gift_wildlings_to_end: int
    start_heroes_4: tuple[str, ...]
    start_heroes_3: tuple[str, ...]
    die_faces: int
    figures: dict[str, int]
    tokens_per_clan: dict[str, int]


class TrailData(msgspec.Struct, frozen=True):
    numbers: tuple[int, ...]
    clearing: int


class ClanData(msgspec.Struct, frozen=True):
    name: str
    title: str
    camps: int
    trails: tuple[TrailData, TrailData]  # the lower trail, then the higher


class ClearingData(msgspec.Struct, frozen=True):
    title: str


class HeroData(msgspec.Struct, frozen=True):
    name: str
    card: str
    title: str
    ability: str
    text: str
    when: str  # "turn", "any" (before or after the roll) or "production"


class Edition(msgspec.Struct, frozen=True):
    name: str
    terrain: dict[str, str]
    costs: dict[str, tuple[str, ...]]
    rules: RulesData
    development: tuple[DevelopmentData, ...]
    layouts: tuple[LayoutData, ...]
    brotherhood: BrotherhoodData
    brotherhood_clans: tuple[ClanData, ...]
    brotherhood_clearings: tuple[ClearingData, ...]
    heroes: tuple[HeroData, ...]


EDITION, EDITION_TAG = load_edition(__package__, Edition)
RULES = EDITION.rules

DICE_LOW = RULES.dice
"""The lowest sum the dice show (each shows 1)."""
DICE_HIGH = RULES.dice * RULES.die_faces
"""The highest sum the dice show."""
ROBBER_ROLL = RULES.robber_roll
"""The sum that produces nothing: the hand limit, then Tormund moves."""
BEST_RATE = min(
    (route.rate for layout in EDITION.layouts for route in layout.trade_routes), default=RULES.supply_rate
)
"""The cheapest trade with the supply any trade route offers."""

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
NEW_RECRUITS = "new-recruits"

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


# --- Brotherhood of the Watch ---------------------------------------------------

BROTHERHOOD = "brotherhood"
"""The full game's variant name."""
WATCH = EDITION.brotherhood
CLANS: tuple[ClanData, ...] = EDITION.brotherhood_clans
CLEARINGS: tuple[ClearingData, ...] = EDITION.brotherhood_clearings
HEROES: dict[str, HeroData] = {hero.name: hero for hero in EDITION.heroes}
WILDLINGS: tuple[str, ...] = ("climber", "giant", "regular")
"""The three kinds of wildling, in name order (``frostfangs`` counts them so)."""
WILDLING_INDEX = {kind: index for index, kind in enumerate(WILDLINGS)}
TRAIL_OF_FACE: dict[int, tuple[int, int]] = {
    number: (clan, rank)
    for clan, data in enumerate(CLANS)
    for rank, trail in enumerate(data.trails)
    for number in trail.numbers
}
"""Wildling die face -> (clan, 0 lower / 1 higher trail); faces not here advance nobody."""


def token_name(clan: str, kind: str) -> str:
    """A wildling token: its clan and its kind, "cave/giant"."""
    return f"{clan}/{kind}"


def token_parts(token: str) -> tuple[int, str]:
    """(clan index, wildling kind) of a token."""
    clan, kind = token.split("/")
    return CLAN_INDEX[clan], kind


CLAN_INDEX = {clan.name: index for index, clan in enumerate(CLANS)}
ALL_TOKENS: tuple[str, ...] = tuple(
    sorted(
        token_name(clan.name, kind)
        for clan in CLANS
        for kind, count in WATCH.tokens_per_clan.items()
        for _ in range(count)
    )
)
"""The 48 wildling tokens, a sorted multiset."""


def start_heroes(seats: int) -> tuple[str, ...]:
    return WATCH.start_heroes_4 if seats == 4 else WATCH.start_heroes_3
