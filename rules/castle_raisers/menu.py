"""Castle Raisers' menu hook (rules/core/menu.py): the action bar's lines
with what a player needs to choose well, each with a stable ``key``.

Taking a Wall tile is two levels: the tiles (each a group named by the
tile's id), then, with a tile's level open, its slots, each saying what
the placement would fire and with what count. Every other decision is one
line per legal action, the rules' label with the ability count, the
cauldrons a wolf needs, the line's wolves, the Village location or what a
token scores. The "why not?" lines pass through as the driver made them.
"""

from __future__ import annotations

from typing import Any

import msgspec
from castletui.rules.castle_raisers.edition import (
    ABILITY_NAMES,
    LOCATIONS,
    SECTION_INDEX,
    SECTIONS,
    TILES,
    TOKENS,
)
from castletui.rules.castle_raisers.geometry import covered_icons, legal_slots
from castletui.rules.castle_raisers.queries import (
    asking,
    cauldrons_needed,
    discard_makes_wolves_attack,
    location_sections,
)
from castletui.rules.castle_raisers.sheet import ability_count
from castletui.rules.castle_raisers.state import (
    DiscardTile,
    DraftTile,
    PickLine,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    ResolveFirst,
    RevealLine,
    State,
)
from castletui.rules.castle_raisers.text import tile_face, token_words, wolves_short
from castletui.rules.core.menu import Line

ICON_WORD = {
    "VIL": "villagers",
    "PRE": "prestige",
    "FOR": "fortify",
    "DIS": "dispatch",
    "DEF": "defend",
}


def menu(view: State, seat: int, path: tuple[str, ...], lines: list[Line]) -> list[Line]:
    """The lines of level ``path`` for ``seat``: a Wall tile to take opens
    its slots (``path`` is the tile's id); the rest annotated, keyed."""
    actions = [line.action for line in lines if line.action is not None]
    refusals = [line for line in lines if line.why_not]
    tile = path[0] if path else ""
    if tile:  # not a tile to take (any more): no lines, and the screen goes back to the first level
        top = asking(view)
        taking = top is not None and top.drafting and tile in view.revealed
        return _slot_lines(view, seat, tile) if taking else []
    if any(isinstance(action, DraftTile) for action in actions):
        return [
            Line(
                f"Take {tile_words(action.tile)}",
                group=(action.tile,),
                spot=("tile", action.tile),
                key=action.tile,
            )
            for action in actions
            if isinstance(action, DraftTile)
        ] + refusals
    if any(isinstance(action, PlaceTile) for action in actions):
        return [
            slot_line(view, seat, action.level, action.slot, action)
            for action in actions
            if isinstance(action, PlaceTile)
        ] + refusals
    return [
        line
        if line.why_not
        else msgspec.structs.replace(line, text=_text(view, seat, line), key=action_key(line.action))
        for line in lines
    ]


def action_key(action: Any) -> str:
    """A line's key: the action's kind and what it is about ("PourCauldron vicious")."""
    fields = " ".join(str(value) for value in msgspec.structs.astuple(action))
    tag = type(action).__name__
    return f"{tag} {fields}" if fields else tag


def _text(view: State, seat: int, line: Line) -> str:
    """The rules' label, with what a player needs to choose well."""
    action, text = line.action, line.text
    if isinstance(action, ResolveFirst):
        count = ability_count(view.castles[seat], action.ability, SECTION_INDEX[action.section])
        return f"{text} (count {count})"
    if isinstance(action, DiscardTile):
        text = f"Discard {tile_words(action.tile)}"
        return f"{text}: the wolves attack" if discard_makes_wolves_attack(view, action.tile) else text
    if isinstance(action, PlaceVillage):
        return location_words(action.location)
    if isinstance(action, PickLine | RevealLine) and action.line < len(view.lines):
        entry = view.lines[action.line]
        region = SECTIONS[entry.region] if entry.region >= 0 else "face down"
        return f"{text}: {region}, {wolves_short(entry.wolves) or 'no wolves'}"
    if isinstance(action, PourCauldron):
        needed = cauldrons_needed(action.wolf)
        return f"{text} ({needed} cauldron{'s' if needed != 1 else ''})"
    token = getattr(action, "token", "")
    if token:
        return f"{token}: {ICON_WORD[TOKENS[token].ability]} icon, scores {token_words(token)}"
    return text


def location_words(location: str) -> str:
    """A Village location as the castle draws it: "Forests, left of the two",
    "Border sea|farmlands" (it counts in both)."""
    sections = location_sections(location)
    if len(sections) > 1:
        return f"Border {'|'.join(sections)} (counts in both)"
    siblings = [place for place in LOCATIONS if location_sections(place) == sections]
    side = (
        ("left", "right")[siblings.index(location)]
        if len(siblings) == 2
        else str(siblings.index(location) + 1)
    )
    return f"{sections[0].capitalize()}, {side} of the two"


def tile_words(tile: str) -> str:
    """A Wall tile as the boards draw it, with its material and id: ``[Pre|For] straw (W1-05)``."""
    return f"{tile_face(tile)} {TILES[tile].material} ({tile})"


def _slot_lines(view: State, seat: int, tile: str) -> list[Line]:
    """A tile taken on screen: the slots it may go to (taking it and placing
    it there), nothing played until one is chosen."""
    draft = DraftTile(tile)
    return [slot_line(view, seat, level, slot, draft) for level, slot in legal_slots(view.castles[seat].wall)]


def slot_line(view: State, seat: int, level: int, slot: int, action: Any) -> Line:
    """A slot line: where, and what the placement would fire (with its count)."""
    castle = view.castles[seat]
    fired = [
        ABILITY_NAMES[ability].split()[0]
        + f" {SECTIONS[section]}"
        + ("" if ability == "VIL" else f" x{ability_count(castle, ability, section)}")
        for ability, section in covered_icons(castle.board, castle.wall, level, slot)
    ]
    text = f"Level {level} slot {slot}: " + ("fires " + " + ".join(fired) if fired else "fires nothing")
    return Line(text, action, spot=("slot", level, slot), key=f"slot {level} {slot}")


__all__ = ["menu"]
