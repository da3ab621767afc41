"""Read-only questions about a Castle Raisers position, which the scene and
the menu hook (scene.py, menu.py: what the screens draw) and the bots ask,
so nothing restates a rule: the decision on top, a region's wolves,
what a vicious wolf costs, whether a discard makes the wolves attack, which
sections a Village location counts in, the co-operative team standing; the
ring wall's geometry and the score sheet; and the component tables, action
Structs and words the screens show.

The screen API's hooks live here (``prompt``, ``spot``, ``refusals``: see
``rules.core.screen``), each given a seat's ``view``: the question, the
place an action is about, and "why not?" from legal's ``*_reason``
functions, the words ``apply`` refuses with.
"""

from __future__ import annotations

from typing import NamedTuple

from castletui.rules.castle_raisers.chance import CHANCE_KINDS
from castletui.rules.castle_raisers.edition import (
    ABILITIES,
    ABILITY_NAMES,
    CAULDRONS_NEEDED,
    COLOURS,
    COLUMNS,
    EDITION,
    FOUNDATION,
    KIND_COUNT,
    LOCATION_INDEX,
    LOCATION_SECTIONS,
    LOCATIONS,
    PORTIONS,
    SECTION_INDEX,
    SECTION_LOCATIONS,
    SECTIONS,
    THREATS,
    TILES,
    TOKENS,
    WOLF_KINDS,
    WOLF_TITLES,
)
from castletui.rules.castle_raisers.flow import ROUNDS_PER_AGE
from castletui.rules.castle_raisers.geometry import (
    covered_icons,
    legal_slots,
    levels,
    piece_at,
    section_heights,
    slot_columns,
    visible_defenders,
    visible_starting_icons,
    visible_wall_icons,
    why_not_legal,
)
from castletui.rules.castle_raisers.legal import (
    pour_reason,
    slot_refusals,
    stop_pouring_reason,
    village_place_reason,
    village_take_reason,
)
from castletui.rules.castle_raisers.scoring import calculator_result, threat_met, threat_report
from castletui.rules.castle_raisers.sheet import (
    ability_count,
    ability_counts,
    assault_penalties,
    score_sheet,
    totals,
    village_breakdown,
    wolves_around,
    wolves_entering,
)
from castletui.rules.castle_raisers.state import (
    FORTIFICATION,
    Action,
    Castle,
    DiscardTile,
    DraftTile,
    Line,
    Pending,
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
from castletui.rules.castle_raisers.supplies import (
    dispatch_icons,
    physical_attack_supply,
    stack_tokens,
)
from castletui.rules.castle_raisers.text import label, tile_text, token_text, token_words
from castletui.rules.core import seat_ref


def top_decision(state: State) -> Pending | None:
    """The decision on top of the stack (its ``kind``, ``seat``, the ``tile``
    being placed, the ``count`` of cauldrons or tiles, the ``section``), or
    None when the game is over."""
    return state.pending[-1] if state.pending else None


def prompt(view: State, seat: int) -> str:
    """The question for ``seat`` (as ``{P<seat>}``), from the decision on top."""
    top = view.pending[-1] if view.pending else None
    who = seat_ref(seat)
    if top is None:
        return f"{who}, choose:"
    plural = "s" if top.count != 1 else ""
    questions = {
        "draft": f"{who}, take a Wall tile; then choose its slot:",
        "place": f"{who}, place {tile_text(top.tile)} on a lit slot:" if top.tile in TILES else "",
        "discard": f"{who}, discard one of the other tiles:",
        "order": f"{who}, two icons are covered: which fires first?",
        "village_take": f"{who}, Settling Villagers: take a Village token:",
        "village_place": f"{who}, where does {token_text(top.tile)} go?" if top.tile in TOKENS else "",
        "fortify": f"{who}, place a Fortification tile ({top.count} to place):",
        "pour": (
            f"{who}, {top.count} cauldron{plural} for the wolves in the {SECTIONS[top.section]}:"
            if 0 <= top.section < len(SECTIONS)
            else ""
        ),
        "reveal_line": f"{who}, Prestige: reveal an Attack token of the lines:",
        "remove_wolf": f"{who}, Dispatch: send a wolf of the lines back ({top.count} to go):",
        "pick_line": f"{who}, End of Age: choose a line's Attack token:",
        "start_village": f"{who}, choose a Village token for your starting location:",
        "choose_board": f"{who}, choose your Castle board:",
    }
    return questions.get(top.kind) or f"{who}, choose:"


_BOARD_OF = {
    "village_take": "village",
    "start_village": "village",
    "replenish": "village",
    "village_blind": "village",
    "reveal_line": "piggy",
    "remove_wolf": "piggy",
    "pick_line": "piggy",
    "draw_start_player": "piggy",
    "reveal": "piggy",
    "line_wolf": "piggy",
    "line_region": "piggy",
}


class Asking(NamedTuple):
    """What the decision on top asks, as a screen shows it: the ``board`` it
    is about ("castle", "village" or "piggy"), whose castle (``seat``), the
    Wall ``tile`` to place (FORTIFICATION for a Fortification tile, "" when
    no tile is placed now) and whether a tile is drafted now (``drafting``)."""

    board: str
    seat: int
    tile: str
    drafting: bool


def asking(state: State) -> Asking | None:
    """The top decision as :class:`Asking`, or None when the game is over:
    what a screen needs of the decision stack, so it never reads it."""
    top = top_decision(state)
    if top is None:
        return None
    tile = top.tile if top.kind == "place" else FORTIFICATION if top.kind == "fortify" else ""
    return Asking(_BOARD_OF.get(top.kind, "castle"), top.seat, tile, top.kind == "draft")


def spot(view: State, action: Action) -> tuple | None:
    """The board place an action is about, as the boards name their places:
    ("slot", level, slot) on the wall of the seat deciding, ("tile", id) on
    the Piggy board, ("token", id) or ("stack", colour) on the Village board,
    ("loc", index) a Village location of the castle, ("line", n) a
    co-operative line, ("region", section) the wolves a pouring is about."""
    if isinstance(action, PlaceTile | PlaceFortification):
        return ("slot", action.level, action.slot)
    if isinstance(action, DraftTile | DiscardTile):
        return ("tile", action.tile)
    if isinstance(action, TakeVillage):
        return ("token", action.token) if action.token else ("stack", action.colour)
    if isinstance(action, PlaceVillage):
        return ("loc", LOCATION_INDEX[action.location])
    if isinstance(action, RevealLine | RemoveWolf | PickLine):
        return ("line", action.line)
    if isinstance(action, PourCauldron | StopPouring):
        top = top_decision(view)
        return ("region", top.section) if top is not None else None
    return None


def mother_pig_known(state: State) -> bool:
    """Whether the start player (who holds the Mother Pig first) is known yet:
    not while the draw for it is still to come."""
    return not any(step.kind == "draw_start_player" for step in state.pending)


def region_wolves(castle: Castle, region: int) -> tuple[int, ...]:
    """The wolves around ``castle`` in ``region`` (a section index), by kind
    (``WOLF_KINDS`` order: soldier, ladder, archer, vicious)."""
    return castle.wolves[region * KIND_COUNT : region * KIND_COUNT + KIND_COUNT]


def cauldrons_needed(wolf: str) -> int:
    """How many cauldrons of one pouring defeat a wolf of kind ``wolf``."""
    return CAULDRONS_NEEDED[WOLF_KINDS.index(wolf)]


def discard_makes_wolves_attack(state: State, tile: str) -> bool:
    """2 players: whether discarding ``tile`` (a Dispatch icon on it) makes the wolves attack."""
    return state.discard_attack and dispatch_icons(tile) > 0


def location_sections(location: str) -> tuple[str, ...]:
    """The sections a Village location counts in (a border location: two)."""
    return tuple(SECTIONS[section] for section in LOCATION_SECTIONS[LOCATION_INDEX[location]])


def wolves_score(seats: int) -> int:
    """The score the team must beat (co-operative and solo), by player count."""
    return EDITION.coop.wolves_score_by_players[seats - 1]


def team_standing(state: State) -> tuple[float, int, bool]:
    """Co-operative and solo: (the team's total, the wolves' score, whether the
    total beats it). The total is the interim one while the game runs; beating
    the wolves still needs every Threat card met for the win. Worked out by
    the same score sheet as ``result``."""
    lines = score_sheet(state.castles, cooperative=True)
    team = sum(totals(lines, state.seats))
    target = wolves_score(state.seats)
    return team, target, team > target


__all__ = [
    "Asking",
    "asking",
    "ABILITIES",
    "ABILITY_NAMES",
    "COLOURS",
    "COLUMNS",
    "FORTIFICATION",
    "FOUNDATION",
    "LOCATIONS",
    "LOCATION_INDEX",
    "LOCATION_SECTIONS",
    "PORTIONS",
    "ROUNDS_PER_AGE",
    "SECTIONS",
    "SECTION_INDEX",
    "SECTION_LOCATIONS",
    "THREATS",
    "TILES",
    "TOKENS",
    "WOLF_KINDS",
    "WOLF_TITLES",
    "Castle",
    "DiscardTile",
    "DraftTile",
    "Line",
    "Pending",
    "PickLine",
    "PlaceFortification",
    "PlaceTile",
    "PlaceVillage",
    "PourCauldron",
    "RemoveWolf",
    "ResolveFirst",
    "RevealLine",
    "TakeVillage",
    "ability_count",
    "ability_counts",
    "assault_penalties",
    "calculator_result",
    "cauldrons_needed",
    "covered_icons",
    "discard_makes_wolves_attack",
    "legal_slots",
    "levels",
    "location_sections",
    "mother_pig_known",
    "physical_attack_supply",
    "piece_at",
    "prompt",
    "region_wolves",
    "score_sheet",
    "section_heights",
    "slot_columns",
    "spot",
    "stack_tokens",
    "team_standing",
    "threat_met",
    "threat_report",
    "tile_text",
    "token_text",
    "token_words",
    "village_breakdown",
    "visible_defenders",
    "visible_starting_icons",
    "visible_wall_icons",
    "why_not_legal",
    "wolves_around",
    "wolves_entering",
    "wolves_score",
]


# --- why not? (the screen API's refusals, from legal's reasons) ---


def refusals(view: State, seat: int) -> list[tuple[str, str]]:
    """Why not? What ``seat`` may expect to do at its decision but may not,
    each (label, reason): wolves this pouring cannot defeat and stopping
    under Strong Hides; a token or stack that may not be taken; a location
    a Threat card forbids; a slot resting on one tile only."""
    step = view.pending[-1] if view.pending else None
    if step is None or step.kind in CHANCE_KINDS or step.seat != seat:
        return []
    found: list[tuple[str, str]] = []
    if step.kind == "pour":
        castle = view.castles[seat]
        for kind, name in enumerate(WOLF_KINDS):
            if castle.wolves[step.section * KIND_COUNT + kind] > 0:
                reason = pour_reason(view, step, kind)
                if reason:
                    found.append((label(view, PourCauldron(name)), reason))
        reason = stop_pouring_reason(view, step)
        if reason:
            found.append((label(view, StopPouring()), reason))
    elif step.kind == "village_take":
        candidates = [TakeVillage(token=token) for token in dict.fromkeys(view.village_face_up)]
        candidates += [TakeVillage(colour=colour) for colour in COLOURS]
        for action in candidates:
            reason = village_take_reason(view, seat, action)
            if reason:
                found.append((label(view, action), reason))
    elif step.kind == "village_place":
        castle = view.castles[seat]
        for index, location in enumerate(LOCATIONS):
            if not castle.village[index]:
                reason = village_place_reason(view, seat, location)
                if reason:
                    found.append((label(view, PlaceVillage(location)), reason))
    elif step.kind in ("place", "fortify"):
        for level, slot, reason in slot_refusals(view.castles[seat].wall):
            found.append((label(view, PlaceTile(level, slot)), reason))
    return found
