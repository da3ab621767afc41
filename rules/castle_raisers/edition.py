"""Castle Raisers component data: the typed form of ``edition.toml`` and the
lookup tables the engine derives from it once (tile icons, token conditions,
board icons, which sections each Village location touches).
"""

from __future__ import annotations

import msgspec
from castletui.rules.core import load_edition


class BoardIcon(msgspec.Struct, frozen=True):
    column: int
    ability: str


class Board(msgspec.Struct, frozen=True):
    name: str
    start_location: str
    icons: tuple[BoardIcon, ...]


class Location(msgspec.Struct, frozen=True):
    name: str
    sections: tuple[str, ...]


class WallTile(msgspec.Struct, frozen=True):
    id: str
    age: int
    material: str
    left: str = ""
    right: str = ""


class VillageToken(msgspec.Struct, frozen=True):
    id: str
    colour: str
    ability: str
    condition: str
    points: int
    target: str = ""


class Geometry(msgspec.Struct, frozen=True):
    portions: int
    sections: tuple[str, ...]
    section_titles: tuple[str, ...]
    column_sections: tuple[str, ...]


class Supplies(msgspec.Struct, frozen=True):
    fortification_tiles: int
    prestige_tokens: int
    arrow_tokens: int


class Wolves(msgspec.Struct, frozen=True):
    soldier: int
    ladder: int
    archer: int
    vicious: int


class AttackTokens(msgspec.Struct, frozen=True):
    forests: int
    sea: int
    farmlands: int


class Rules(msgspec.Struct, frozen=True):
    """The rule numbers (``[rules]`` in edition.toml)."""

    ages: int
    rounds_per_age: int
    revealed_per_round: int
    village_face_up: int
    starting_wolves: int
    prestige_points: int
    attack_points: int
    wall_level_points: int
    most_wolves_points: int
    next_wolves_points: int


class Coop(msgspec.Struct, frozen=True):
    lines_by_players: tuple[int, ...]
    wolves_per_line_by_age: tuple[int, ...]
    wolves_score_by_players: tuple[int, ...]
    points_per_wolf_entered: int
    solo_revealed: int


class Threat(msgspec.Struct, frozen=True):
    number: int
    name: str
    check: str
    text: str
    amount: int = 0
    regions: tuple[str, ...] = ()
    exclusive_with: tuple[int, ...] = ()
    own: bool = False
    """castletui's own card, not one of the box's (in the deck only with option ``own_threat_cards``)."""


class Edition(msgspec.Struct, frozen=True):
    name: str
    abilities: tuple[str, ...]
    ability_names: tuple[str, ...]
    middle_area: tuple[str, ...]
    colours: tuple[str, ...]
    geometry: Geometry
    rules: Rules
    supplies: Supplies
    wolves: Wolves
    attack_tokens: AttackTokens
    boards: tuple[Board, ...]
    locations: tuple[Location, ...]
    wall_tiles: tuple[WallTile, ...]
    village_tokens: tuple[VillageToken, ...]
    coop: Coop
    threats: tuple[Threat, ...]


EDITION, EDITION_TAG = load_edition(__package__, Edition)
RULES = EDITION.rules

# --- derived tables (computed once) ---------------------------------------

WOLF_KINDS = ("soldier", "ladder", "archer", "vicious")
WOLF_TITLES = ("soldier", "soldier with ladder", "archer", "vicious wolf")
SOLDIER, LADDER, ARCHER, VICIOUS = range(len(WOLF_KINDS))
KIND_COUNT = len(WOLF_KINDS)
"""A castle's wolves are counted per section and kind: section s's kind k
is ``wolves[s * KIND_COUNT + k]``."""
CAULDRONS_NEEDED = (1, 1, 1, 2)

SECTIONS: tuple[str, ...] = EDITION.geometry.sections
SECTION_INDEX = {name: index for index, name in enumerate(SECTIONS)}
SECTION_TITLES: tuple[str, ...] = EDITION.geometry.section_titles
PORTIONS: int = EDITION.geometry.portions
COLUMNS: int = 2 * PORTIONS
COLUMN_SECTION: tuple[int, ...] = tuple(SECTION_INDEX[s] for s in EDITION.geometry.column_sections)

ABILITIES = EDITION.abilities
ABILITY_NAMES = dict(zip(EDITION.abilities, EDITION.ability_names, strict=True))
COLOURS = EDITION.colours

TILES: dict[str, WallTile] = {tile.id: tile for tile in EDITION.wall_tiles}
TILES_BY_AGE: dict[int, tuple[str, ...]] = {
    age: tuple(sorted(t.id for t in EDITION.wall_tiles if t.age == age)) for age in (1, 2, 3)
}
TOKENS: dict[str, VillageToken] = {token.id: token for token in EDITION.village_tokens}
TOKENS_BY_COLOUR: dict[str, tuple[str, ...]] = {
    colour: tuple(sorted(t.id for t in EDITION.village_tokens if t.colour == colour)) for colour in COLOURS
}
BOARDS: dict[str, Board] = {board.name: board for board in EDITION.boards}
BOARD_NAMES: tuple[str, ...] = tuple(board.name for board in EDITION.boards)
# The foundation icon on each half-column of each board ("" where blank).
FOUNDATION: dict[str, tuple[str, ...]] = {}
for _board in EDITION.boards:
    _cells = [""] * COLUMNS
    for _icon in _board.icons:
        _cells[_icon.column] = _icon.ability
    FOUNDATION[_board.name] = tuple(_cells)

LOCATIONS: tuple[str, ...] = tuple(location.name for location in EDITION.locations)
LOCATION_INDEX = {name: index for index, name in enumerate(LOCATIONS)}
LOCATION_SECTIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(SECTION_INDEX[s] for s in location.sections) for location in EDITION.locations
)
BORDER_LOCATIONS: frozenset[int] = frozenset(i for i, s in enumerate(LOCATION_SECTIONS) if len(s) > 1)
# The locations that count in each section (border locations count in two).
SECTION_LOCATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, s in enumerate(LOCATION_SECTIONS) if section in s) for section in range(len(SECTIONS))
)

WOLVES_IN_BAG: tuple[int, ...] = tuple(getattr(EDITION.wolves, kind) for kind in WOLF_KINDS)
ATTACK_SUPPLY: tuple[int, ...] = tuple(getattr(EDITION.attack_tokens, s) for s in SECTIONS)
THREATS: dict[str, Threat] = {threat.name: threat for threat in EDITION.threats}
OWN_THREATS: frozenset[str] = frozenset(threat.name for threat in EDITION.threats if threat.own)
