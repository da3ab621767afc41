"""Castle Raisers' scene: what one seat's screen draws, as typed data
(rules/core/scene.py), computed from that seat's view alone.

The castle boards (the ring wall level by level, the foundation, each
region's wolves, the Village locations, the piles and icon counts), the
Piggy board (age, round, Mother Pig, Wall tiles face up, supplies, bag;
co-operative: the lines and the team's standing), the Village board (the
stacks and the face-up tokens), the Threat cards, the players panel, the
replay boards and the score sheet's details all draw a
:class:`RaisersScene` and read nothing else: the rules' geometry (which
columns a slot covers, which icons are covered) is worked out here.

Castle Raisers hides nothing, so the scene is the same for every seat;
what differs by seat is only which castle is the seat's own, which the
screen knows.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec
from castletui.rules.castle_raisers.edition import (
    ABILITIES,
    COLOURS,
    COLUMNS,
    FOUNDATION,
    LOCATION_SECTIONS,
    LOCATIONS,
    PORTIONS,
    SECTIONS,
    THREATS,
    TILES,
    TOKENS,
)
from castletui.rules.castle_raisers.flow import ROUNDS_PER_AGE
from castletui.rules.castle_raisers.geometry import levels, slot_columns, why_not_legal
from castletui.rules.castle_raisers.queries import asking, mother_pig_known, team_standing
from castletui.rules.castle_raisers.scoring import result, threat_report
from castletui.rules.castle_raisers.sheet import (
    ability_counts,
    village_breakdown,
    wolves_around,
    wolves_entering,
)
from castletui.rules.castle_raisers.state import FORTIFICATION, Castle, State
from castletui.rules.castle_raisers.supplies import physical_attack_supply, stack_tokens
from castletui.rules.castle_raisers.text import (
    ICON_SHORT,
    WOLF_LETTER,
    tile_face,
    tile_text,
    token_words,
    wolves_short,
)
from castletui.rules.core.protocol import Result
from castletui.rules.core.scene import Scene

# Frozen and holding only strings, numbers and tuples of such Structs, these
# can never be part of a reference cycle: ``gc=False`` (as state.py's).
_PART = {"frozen": True, "kw_only": True, "gc": False}


class Glossary(msgspec.Struct, **_PART):
    """The board's words and sizes that never change: the section names,
    the wall's width, the icons' short names and the wolves' letters."""

    sections: tuple[str, ...]
    columns: int
    """Half-tile columns round the ring (two per slot)."""
    portions: int
    """Slots per level."""
    icon_short: dict[str, str]
    """An icon (``VIL``, ``PRE``...) as three letters (``Vil``, ``Pre``)."""
    wolf_letters: dict[str, str]
    """A wolf kind as one letter, in the bag's order (soldier, ladder, archer, vicious)."""


GLOSSARY = Glossary(
    sections=tuple(SECTIONS),
    columns=COLUMNS,
    portions=PORTIONS,
    icon_short=dict(ICON_SHORT),
    wolf_letters=dict(WOLF_LETTER),
)


class TileFace(msgspec.Struct, **_PART):
    """A Wall tile as drawn: its id, icons (left, right; "" a blank half),
    material, face (``[Pre|For]``) and the rules' words for it (``W1-03 VIL|DIS``)."""

    tile: str
    left: str
    right: str
    material: str
    face: str
    text: str


class Half(msgspec.Struct, **_PART):
    """Half of a slot (or of the foundation): the column it fills, its icon
    ("" none) and whether the level above covers it."""

    column: int
    icon: str = ""
    covered: bool = False


class Slot(msgspec.Struct, **_PART):
    """A slot of the wall: what lies there (``piece``: a Wall tile id,
    ``fortified`` for a Fortification tile, "" empty), its material and
    its two halves, left then right."""

    level: int
    slot: int
    piece: str = ""
    fortified: bool = False
    material: str = ""
    halves: tuple[Half, Half]


class Region(msgspec.Struct, **_PART):
    """The wolves outside one section: by kind, in words (``2S 1V``), and
    how many would get in now."""

    wolves: tuple[int, ...]
    words: str
    entering: int


class Location(msgspec.Struct, **_PART):
    """A Village location of a castle: the sections it counts in (two on a
    border) and the token there ("" none: ``colour`` and ``icon`` too)."""

    name: str
    sections: tuple[int, ...]
    token: str = ""
    colour: str = ""
    icon: str = ""


class VillagePoints(msgspec.Struct, **_PART):
    """A Village token's score in one section (a border token scores twice)."""

    location: str
    token: str
    words: str
    section: str
    points: int


class CastleScene(msgspec.Struct, **_PART):
    """One player's castle as drawn: the wall, the foundation, the wolves
    around it, the Village inside, the piles and each section's icon counts."""

    board: str
    """The Castle board ("" not drawn yet: nothing else is shown)."""
    arrows: int
    heights: tuple[int, ...]
    levels: int
    """The levels the wall spans; ``wall`` has one more (the next to build)."""
    regions: tuple[Region, ...]
    wall: tuple[tuple[Slot, ...], ...]
    """Level 1 first, each level's slots in order."""
    foundation: tuple[Half, ...]
    """The foundation's icons, column 0 first."""
    village: tuple[Location, ...]
    prestige: tuple[int, ...]
    attack: tuple[int, ...]
    counts: tuple[tuple[tuple[str, int], ...], ...]
    """Per section: each icon that is counted (not Village) with its count."""
    wolves_around: int
    village_points: tuple[VillagePoints, ...]


class Asking(msgspec.Struct, **_PART):
    """What the decision on top asks, as a screen shows it: the ``board`` it
    is about ("castle", "village" or "piggy"), whose castle (``seat``), the
    Wall tile to place (``tile``: its face, None for none or a
    Fortification tile, then ``fortification`` is set) and whether a tile is
    drafted now."""

    board: str
    seat: int
    tile: TileFace | None = None
    fortification: bool = False
    drafting: bool = False


class SlotRefusal(msgspec.Struct, **_PART):
    """Why a tile being placed may not go at a slot (the rules' words)."""

    level: int
    slot: int
    reason: str


class VillageStack(msgspec.Struct, **_PART):
    """One colour of the Village board: its stack's size and its face-up tokens."""

    colour: str
    left: int
    face_up: tuple[VillageToken, ...]


class VillageToken(msgspec.Struct, **_PART):
    """A face-up Village token: its icon and what it scores, in words."""

    token: str
    icon: str
    words: str


class CoopLine(msgspec.Struct, **_PART):
    """A co-operative line: the region its Attack token shows ("" face
    down), its wolves in words, and whether it is taken."""

    region: str
    wolves: str
    picked: bool


class ThreatCard(msgspec.Struct, **_PART):
    """A Threat card in play: who holds it, its name and text, whether it is
    castletui's own, and whether it is met so far."""

    seat: int
    name: str
    text: str
    own: bool
    met: bool


class Team(msgspec.Struct, **_PART):
    """Co-operative and solo: the team's total, the wolves' score, and whether it is beaten."""

    score: float
    target: int
    beat: bool


class Supplies(msgspec.Struct, **_PART):
    fortification: int
    prestige: int
    attack: int
    """The Attack tokens at hand (co-operative: not those face down in the lines)."""
    arrow: int


class RaisersScene(Scene, **_PART):
    """Everything Castle Raisers' screens draw for one seat."""

    glossary: Glossary
    variant: str
    age: int
    round: int
    rounds_per_age: int
    mother_pig: int
    """The seat holding the Mother Pig, -1 before the start player is drawn."""
    round_order: tuple[int, ...]
    castles: tuple[CastleScene, ...]
    asking: Asking | None
    """None once the game is over."""
    slot_refusals: tuple[SlotRefusal, ...]
    """While a tile is taken or placed: why each unlit slot of the placing castle may not take it."""
    revealed: tuple[TileFace, ...]
    """The Wall tiles face up, still to be taken this round."""
    wall_stack: int
    """Wall tiles left in the age's stack."""
    supplies: Supplies
    bag: tuple[int, ...]
    bag_words: str
    village: tuple[VillageStack, ...]
    lines: tuple[CoopLine, ...]
    team: Team | None
    """Co-operative and solo only."""
    threats: tuple[ThreatCard, ...]
    threats_by_seat: tuple[int, ...]
    threats_per_player: int
    seat: int = -1
    """The seat whose screen this is (its castle is its own)."""
    standing: Result | None = None
    """The score as this seat may know it (the rules' result of its view):
    what the plain mode's ``score`` reads."""


VIEW_VERSION = (1, "f8983c7e41a40129")
"""This scene's version as a bot is given it (JSON-lines play: castletui
schema GAME), and the hash of the shape it names
(castletui/jsonlines/schema.py): tests/jsonlines/test_schema.py fails when
the Structs here change and this does not. Bump the number, set the hash."""


def scene(view: State, seat: int) -> RaisersScene:
    """What ``seat``'s screen draws, from its view."""
    top = asking(view)
    cooperative = view.variant != "competitive"
    team = None
    if cooperative:
        score, target, beat = team_standing(view)
        team = Team(score=score, target=target, beat=beat)
    return RaisersScene(
        glossary=GLOSSARY,
        variant=view.variant,
        age=view.age,
        round=view.round,
        rounds_per_age=ROUNDS_PER_AGE,
        mother_pig=view.mother_pig if mother_pig_known(view) else -1,
        round_order=view.round_order,
        castles=tuple(castle_scene(castle) for castle in view.castles),
        asking=_asking(view),
        slot_refusals=_slot_refusals(view) if top is not None and (top.tile or top.drafting) else (),
        revealed=tuple(tile_scene(tile) for tile in view.revealed),
        wall_stack=len(view.wall_stack),
        supplies=Supplies(
            fortification=view.fortification_supply,
            prestige=view.prestige_supply,
            attack=physical_attack_supply(view) if view.lines else sum(view.attack_supply),
            arrow=view.arrow_supply,
        ),
        bag=view.bag,
        bag_words=wolves_short(view.bag),
        village=tuple(_village_stack(view, colour) for colour in COLOURS),
        lines=tuple(
            CoopLine(
                region=SECTIONS[line.region] if line.region >= 0 else "",
                wolves=wolves_short(line.wolves),
                picked=line.picked,
            )
            for line in view.lines
        ),
        team=team,
        threats=tuple(
            ThreatCard(seat=holder, name=name, text=THREATS[name].text, own=THREATS[name].own, met=met)
            for holder, name, met in (threat_report(view) if cooperative else ())
        ),
        threats_by_seat=view.threats_by_seat,
        threats_per_player=view.threats_per_player,
        seat=seat,
        standing=result(view),
    )


@lru_cache(maxsize=256)
def tile_scene(tile: str) -> TileFace:
    data = TILES[tile]
    return TileFace(
        tile=tile,
        left=data.left,
        right=data.right,
        material=data.material,
        face=tile_face(tile),
        text=tile_text(tile),
    )


def _asking(view: State) -> Asking | None:
    top = asking(view)
    if top is None:
        return None
    fortification = top.tile == FORTIFICATION
    tile = tile_scene(top.tile) if top.tile in TILES else None
    return Asking(
        board=top.board, seat=top.seat, tile=tile, fortification=fortification, drafting=top.drafting
    )


def _slot_refusals(view: State) -> tuple[SlotRefusal, ...]:
    """Why not each slot of the placing castle, up to the level above its wall."""
    top = asking(view)
    if top is None or not 0 <= top.seat < len(view.castles):
        return ()
    wall = view.castles[top.seat].wall
    found = []
    for level in range(1, levels(wall) + 2):
        for slot in range(PORTIONS):
            reason = why_not_legal(wall, level, slot)
            if reason:
                found.append(SlotRefusal(level=level, slot=slot, reason=reason))
    return tuple(found)


def _village_stack(view: State, colour: str) -> VillageStack:
    return VillageStack(
        colour=colour,
        left=len(stack_tokens(view, colour)),
        face_up=tuple(
            VillageToken(token=token, icon=TOKENS[token].ability, words=token_words(token))
            for token in view.village_face_up
            if TOKENS[token].colour == colour
        ),
    )


@lru_cache(maxsize=512)
def _wolves_words(counts: tuple[int, ...]) -> str:
    return wolves_short(counts)


_COUNTED = tuple(ability for ability in ABILITIES if ability != "VIL")
"""The icons a section counts (a Village icon settles one villager: it has no count)."""


@lru_cache(maxsize=64)
def castle_scene(castle: Castle) -> CastleScene:
    """One castle as drawn (the same castle, the same drawing: castles that a
    move leaves alone are shared between states, so this is cached)."""
    wall = castle.wall
    height = levels(wall)
    counts = ability_counts(castle)
    return CastleScene(
        board=castle.board,
        arrows=castle.arrows,
        heights=castle.heights,
        levels=height,
        regions=tuple(
            Region(
                wolves=castle.wolves[section * 4 : section * 4 + 4],
                words=_wolves_words(castle.wolves[section * 4 : section * 4 + 4]),
                entering=wolves_entering(castle, section),
            )
            for section in range(len(SECTIONS))
        ),
        wall=_wall(wall),
        foundation=_foundation(castle.board, (*wall[:PORTIONS], *("",) * PORTIONS)[:PORTIONS])
        if castle.board
        else (),
        village=tuple(_location(index, token) for index, token in enumerate(castle.village)),
        prestige=castle.prestige,
        attack=castle.attack,
        counts=tuple(
            tuple((ability, counts[section][ability]) for ability in _COUNTED)
            for section in range(len(SECTIONS))
        ),
        wolves_around=wolves_around(castle),
        village_points=tuple(
            VillagePoints(
                location=entry.location,
                token=entry.token,
                words=token_words(entry.token),
                section=entry.section,
                points=entry.points,
            )
            for entry in village_breakdown(castle)
        ),
    )


def _wall(wall: tuple[str, ...]) -> tuple[tuple[Slot, ...], ...]:
    """The wall's levels and the one above them, each from its row and the row above it."""
    height = levels(wall)
    rows = [wall[level * PORTIONS : (level + 1) * PORTIONS] for level in range(height)]
    empty = ("",) * PORTIONS
    rows += [empty, empty]
    return tuple(_level(level, rows[level - 1], rows[level]) for level in range(1, height + 2))


@lru_cache(maxsize=1024)
def _level(level: int, row: tuple[str, ...], above: tuple[str, ...]) -> tuple[Slot, ...]:
    """One level's slots (a move changes one level of one wall: the others come from here)."""
    return tuple(_slot(level, slot, row[slot], above) for slot in range(PORTIONS))


def _slot(level: int, slot: int, piece: str, above: tuple[str, ...]) -> Slot:
    left, right = slot_columns(level, slot)
    if not piece:
        return Slot(level=level, slot=slot, halves=(Half(column=left), Half(column=right)))
    if piece == FORTIFICATION:
        return Slot(level=level, slot=slot, fortified=True, halves=(Half(column=left), Half(column=right)))
    tile = TILES[piece]
    # the level above covers a half: its slot to the left covers our left half, its own slot our right
    return Slot(
        level=level,
        slot=slot,
        piece=piece,
        material=tile.material,
        halves=(
            Half(column=left, icon=tile.left, covered=above[(slot - 1) % PORTIONS] != ""),
            Half(column=right, icon=tile.right, covered=above[slot] != ""),
        ),
    )


@lru_cache(maxsize=256)
def _foundation(board: str, first: tuple[str, ...]) -> tuple[Half, ...]:
    """The foundation's halves; level 1 (``first``) covers them, its slot to the left the left one."""
    icons = FOUNDATION[board]
    halves = []
    for portion in range(PORTIONS):
        for is_right in (False, True):
            column = 2 * portion + is_right
            # level 1 lies half a tile round: the ring's last slot covers column 0
            covered = first[(portion - (0 if is_right else 1)) % PORTIONS] != ""
            halves.append(Half(column=column, icon=icons[column], covered=covered))
    return tuple(halves)


def _location(index: int, token: str) -> Location:
    sections = LOCATION_SECTIONS[index]
    if not token:
        return Location(name=LOCATIONS[index], sections=sections)
    data = TOKENS[token]
    return Location(
        name=LOCATIONS[index], sections=sections, token=token, colour=data.colour, icon=data.ability
    )
