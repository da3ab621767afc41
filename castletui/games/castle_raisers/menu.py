"""Castle Raisers' action bar: placing a Wall tile is two steps, the tile
(a level of the menu named by the tile) and then its slot, each slot line
saying what the placement would fire and with what count; every other
decision is one line per legal action with what a player needs to choose
well (ability counts, wolves, cauldrons, Village locations and tokens)."""

from __future__ import annotations

from typing import Any

from castletui.frame import Frame, Line
from castletui.frames import Menu
from castletui.rules.castle_raisers import (
    ABILITY_NAMES,
    LOCATIONS,
    SECTION_INDEX,
    SECTIONS,
    TILES,
    TOKENS,
    WOLF_KINDS,
    DiscardTile,
    DraftTile,
    PickLine,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    ResolveFirst,
    RevealLine,
    ability_count,
    cauldrons_needed,
    covered_icons,
    discard_makes_wolves_attack,
    legal_slots,
    location_sections,
    tile_text,
    token_words,
)

ICON_SHORT = {"VIL": "Vil", "PRE": "Pre", "FOR": "For", "DIS": "Dis", "DEF": "Def"}
"""Three letters per icon: enough to read without the legend."""
ICON_WORD = {
    "VIL": "villagers",
    "PRE": "prestige",
    "FOR": "fortify",
    "DIS": "dispatch",
    "DEF": "defend",
}
WOLF_LETTER = dict(zip(WOLF_KINDS, ("S", "L", "A", "V"), strict=True))
"""A wolf kind as one letter (soldier, soldier with Ladder, Archer, Vicious)."""


def wolves_short(counts: tuple[int, ...]) -> str:
    """``2S 1V``: wolves by kind, the kinds present only."""
    return " ".join(f"{n}{WOLF_LETTER[kind]}" for kind, n in zip(WOLF_KINDS, counts, strict=True) if n)


def tile_face(tile: str) -> str:
    """A Wall tile as its two icons: ``[Pre|For]`` (a blank half: ``-``)."""
    data = TILES[tile]
    left = ICON_SHORT.get(data.left, "-")
    right = ICON_SHORT.get(data.right, "-")
    return f"[{left}|{right}]"


PLACE = "place"
"""The command of a slot line for a tile picked on screen: take the tile
(``action``), then place it at the line's spot (two rules actions, one choice)."""
BACK = "back"


def picked_tile(frame: Frame) -> str:
    """The tile taken on screen, its slot still to choose (the menu level it opened)."""
    return frame.path[0] if frame.path else ""


def lines(frame: Frame) -> list[Line]:
    actions = [action for action, _, _ in frame.menu]
    if any(isinstance(action, DraftTile) for action in actions):
        return draft_lines(frame, actions)
    if any(isinstance(action, PlaceTile) for action in actions):
        return [slot_line(frame, a.level, a.slot, a) for a in actions if isinstance(a, PlaceTile)]
    return [Line(text_of(frame, action), action, spot=spot) for action, _, spot in frame.menu]


def text_of(frame: Frame, action: Any) -> str:
    """The rules' label, with what a player needs to choose well."""
    view = frame.view
    text = next(line.text for line in frame.lines if line.action == action)
    if isinstance(action, ResolveFirst):
        section = SECTION_INDEX[action.section]
        count = ability_count(view.castles[frame.viewer], action.ability, section)
        return f"{text} (count {count})"
    if isinstance(action, DiscardTile):
        text = f"Discard {tile_words(action.tile)}"
        return f"{text}: the wolves attack" if discard_makes_wolves_attack(view, action.tile) else text
    if isinstance(action, PlaceVillage):
        return location_words(action.location)
    if isinstance(action, PickLine | RevealLine) and action.line < len(view.lines):
        line = view.lines[action.line]
        region = SECTIONS[line.region] if line.region >= 0 else "face down"
        return f"{text}: {region}, {wolves_short(line.wolves) or 'no wolves'}"
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


def draft_lines(frame: Frame, actions: list[Any]) -> list[Line]:
    """The tiles to take; a tile taken, the slots it may go to (nothing
    played until the slot is chosen) and a way back to the tiles."""
    drafts = [a for a in actions if isinstance(a, DraftTile)]
    tile = picked_tile(frame)
    if not tile:
        return [Line(f"Take {tile_words(a.tile)}", group=(a.tile,), spot=("tile", a.tile)) for a in drafts]
    draft = next((a for a in drafts if a.tile == tile), None)
    if draft is None:
        return []  # not a tile to take (any more): the screen goes back to the first level
    slots = legal_slots(frame.view.castles[frame.viewer].wall)
    return [
        *(slot_line(frame, level, slot, draft) for level, slot in slots),
        Line("Choose another tile", command=BACK),
    ]


def slot_line(frame: Frame, level: int, slot: int, action: Any) -> Line:
    """A slot line: where, and what the placement would fire (with its count)."""
    castle = frame.view.castles[frame.viewer]
    fired = [
        ABILITY_NAMES[ability].split()[0]
        + f" {SECTIONS[section]}"
        + ("" if ability == "VIL" else f" x{ability_count(castle, ability, section)}")
        for ability, section in covered_icons(castle.board, castle.wall, level, slot)
    ]
    text = f"Level {level} slot {slot}: " + ("fires " + " + ".join(fired) if fired else "fires nothing")
    command = PLACE if isinstance(action, DraftTile) else ""
    return Line(text, action, spot=("slot", level, slot), command=command)


def prompt(frame: Frame) -> str:
    tile = picked_tile(frame)
    if tile and frame.deciding:
        return f"{frame.names[frame.viewer]}, where does {tile_text(tile)} go? (Esc: another tile)"
    return frame.prompt


MENU = Menu(lines=lines, prompt=prompt, cursor_opens_groups=False)
"""No groups of the rules: a picked tile's slots replace the rules' lines."""
