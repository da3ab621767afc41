"""Castle Raisers words: log lines (``describe``) and action-bar labels (``label``)."""

from __future__ import annotations

from rules.castle_raisers.edition import (
    ABILITY_NAMES,
    SECTIONS,
    THREATS,
    TILES,
    TOKENS,
    WOLF_KINDS,
    WOLF_TITLES,
)
from rules.castle_raisers.state import (
    Action,
    ChooseBoard,
    DiscardTile,
    DraftTile,
    DrawAttack,
    DrawBoard,
    DrawStartPlayer,
    DrawThreat,
    DrawVillage,
    DrawWallTile,
    DrawWolf,
    PickLine,
    PlaceFortification,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    RemoveWolf,
    ResolveFirst,
    RevealLine,
    State,
    StopPouring,
    TakeVillage,
)
from rules.core import seat_ref

_CONDITIONS = {
    "empty": "empty /{points}",
    "no_wolves": "no wolves /{points}",
    "attack": "Attack /{points}",
    "prestige": "Prestige /{points}",
    "wall": "wall /{points}",
}


def tile_text(tile: str) -> str:
    """``W1-03 VIL|DIS`` (a blank half shows as ``-``)."""
    data = TILES[tile]
    return f"{tile} {data.left or '-'}|{data.right or '-'}"


def token_text(token: str) -> str:
    """``V-Y3 (DIS; red /3)``: its ability on top, its condition below."""
    data = TOKENS[token]
    if data.condition == "colour":
        condition = f"{data.target} /{data.points}"
    else:
        condition = _CONDITIONS[data.condition].format(points=data.points)
    return f"{token} ({data.ability}; {condition})"


def _wolf(kind: str) -> str:
    return WOLF_TITLES[WOLF_KINDS.index(kind)] if kind in WOLF_KINDS else kind


def _a_wolf(kind: str) -> str:
    name = _wolf(kind)
    return ("an " if name[:1] in "aeiou" else "a ") + name


def describe(state: State, action: Action) -> str:
    """One log line for ``action``, worked out before it is applied."""
    top = state.tasks[0] if state.tasks else None
    seat = seat_ref(top.seat) if top else ""
    kind = top.kind if top else ""
    if isinstance(action, DrawStartPlayer):
        return f"{seat_ref(action.seat)} starts and takes the Mother Pig"
    if isinstance(action, DrawBoard):
        return f"{seat} takes Castle board {action.board}"
    if isinstance(action, ChooseBoard):
        return f"{seat} chooses Castle board {action.board}"
    if isinstance(action, DrawVillage):
        if kind == "village_blind":
            return f"{seat} draws {token_text(action.token)} from the {top.tile} stack"
        return f"The {top.tile if top else ''} stack turns up {token_text(action.token)}"
    if isinstance(action, DrawWolf):
        if kind == "line_wolf":
            return f"{_a_wolf(action.kind).capitalize()} joins line {top.section + 1}"
        return f"{seat} draws {_a_wolf(action.kind)} into the {SECTIONS[top.section]}"
    if isinstance(action, DrawWallTile):
        return f"Wall tile {tile_text(action.tile)} is revealed"
    if isinstance(action, DrawAttack):
        if kind == "dispatch":
            return f"{seat} dispatches wolves: the Attack token shows the {action.region}"
        if kind == "wolves_attack":
            return f"The wolves attack: the Attack token shows the {action.region}"
        if kind == "line_region":
            return f"The Attack token of line {top.section + 1} shows the {action.region}"
        return f"{seat} takes an Attack token showing the {action.region}"
    if isinstance(action, DrawThreat):
        return f"{seat} draws the Threat card {action.threat}"
    if isinstance(action, DraftTile):
        return f"{seat} takes Wall tile {tile_text(action.tile)}"
    if isinstance(action, PlaceTile):
        return f"{seat} places {tile_text(top.tile)} on level {action.level}, slot {action.slot}"
    if isinstance(action, ResolveFirst):
        return f"{seat} resolves {ABILITY_NAMES.get(action.ability, action.ability)} ({action.section}) first"
    if isinstance(action, TakeVillage):
        if kind == "start_village":
            return f"{seat} takes {token_text(action.token)} for the starting location"
        if action.token:
            return f"{seat} takes the face-up Village token {token_text(action.token)}"
        return f"{seat} takes the top of the {action.colour} stack, blind"
    if isinstance(action, PlaceVillage):
        return f"{seat} places {token_text(top.tile)} on location {action.location}"
    if isinstance(action, PlaceFortification):
        return f"{seat} places a Fortification tile on level {action.level}, slot {action.slot}"
    if isinstance(action, PourCauldron):
        return f"{seat} pours boiling soup on {_a_wolf(action.wolf)} in the {SECTIONS[top.section]}"
    if isinstance(action, StopPouring):
        return f"{seat} stops pouring ({top.count} cauldron{'s' if top.count != 1 else ''} unused)"
    if isinstance(action, DiscardTile):
        return f"{seat} discards Wall tile {tile_text(action.tile)}"
    if isinstance(action, RevealLine):
        return f"{seat} reveals the Attack token of line {action.line + 1}"
    if isinstance(action, RemoveWolf):
        return f"{seat} sends {_a_wolf(action.wolf)} of line {action.line + 1} back to the bag"
    if isinstance(action, PickLine):
        return f"{seat} chooses the Attack token of line {action.line + 1}"
    return f"{seat} {action!r}"


def label(state: State, action: Action) -> str:
    """A short action-bar text (no player names)."""
    if isinstance(action, DrawStartPlayer):
        return f"{seat_ref(action.seat)} starts"
    if isinstance(action, (DrawBoard, ChooseBoard)):
        return f"Board {action.board}"
    if isinstance(action, DrawVillage):
        return token_text(action.token)
    if isinstance(action, DrawWolf):
        return _wolf(action.kind).capitalize()
    if isinstance(action, DrawWallTile | DraftTile):
        return tile_text(action.tile)
    if isinstance(action, DrawAttack):
        return action.region.capitalize()
    if isinstance(action, DrawThreat):
        return action.threat + (" (castletui's own card)" if THREATS[action.threat].own else "")
    if isinstance(action, PlaceTile | PlaceFortification):
        return f"Level {action.level} slot {action.slot}"
    if isinstance(action, ResolveFirst):
        return f"{ABILITY_NAMES.get(action.ability, action.ability)} ({action.section}) first"
    if isinstance(action, TakeVillage):
        return token_text(action.token) if action.token else f"Top of {action.colour} stack"
    if isinstance(action, PlaceVillage):
        return f"Location {action.location}"
    if isinstance(action, PourCauldron):
        return f"Pour on {_wolf(action.wolf)}"
    if isinstance(action, StopPouring):
        return "Stop pouring"
    if isinstance(action, DiscardTile):
        return f"Discard {tile_text(action.tile)}"
    if isinstance(action, RevealLine):
        return f"Reveal line {action.line + 1}"
    if isinstance(action, RemoveWolf):
        return f"Line {action.line + 1}: remove {_wolf(action.wolf)}"
    if isinstance(action, PickLine):
        return f"Line {action.line + 1}"
    return repr(action)
