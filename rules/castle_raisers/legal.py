"""Castle Raisers legal actions: for each kind of decision a person takes,
the actions the rules allow now (chance decisions list their outcomes,
``chance``), and the questions the rules ask of a state to decide it (which
Village tokens may be taken and where they may go, which wolves a pouring
may defeat). ``apply`` checks every action against the same rules and says
why it refuses one: where a player may expect to do something the rules
forbid (a vicious wolf with one cauldron left, an empty stack, a slot half
supported), the ``*_reason`` function here both refuses it in ``apply`` and
explains it in ``queries.refusals`` ("why not?")."""

from __future__ import annotations

from collections.abc import Callable

from castletui.rules.castle_raisers import geometry
from castletui.rules.castle_raisers.chance import CHANCE_KINDS, chance_outcomes
from castletui.rules.castle_raisers.edition import (
    ARCHER,
    BORDER_LOCATIONS,
    CAULDRONS_NEEDED,
    COLOURS,
    KIND_COUNT,
    LOCATION_INDEX,
    LOCATION_SECTIONS,
    LOCATIONS,
    PORTIONS,
    SECTION_LOCATIONS,
    SECTIONS,
    VICIOUS,
    WOLF_KINDS,
)
from castletui.rules.castle_raisers.state import (
    Action,
    Castle,
    ChooseBoard,
    DiscardTile,
    DraftTile,
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
from castletui.rules.castle_raisers.supplies import has_threat, stack_tokens, threat_amount


def legal_actions(state: State) -> list[Action]:
    pending = state.pending
    if not pending:
        return []
    step = pending[-1]
    if step.kind in CHANCE_KINDS:
        return [action for action, _ in chance_outcomes(state)]
    return LEGAL[step.kind](state, step)


# --- what the rules ask of a state ---------------------------------------------


def village_take_reason(state: State, seat: int, action: TakeVillage) -> str:
    """Why ``seat`` may not take this Village token (face up, or the top of a stack), or ""."""
    if action.token:
        if action.token not in state.village_face_up:
            return "That Village token is not face up on the Village board."
        if has_threat(state.castles[seat], "village_face_down_only"):
            return "Disoriented: you must take the face-down top token of a stack."
        return ""
    if action.colour not in COLOURS:
        return "Name a face-up token or the colour of a stack."
    if not stack_tokens(state, action.colour):
        return f"The {action.colour} stack is empty."
    return ""


def village_choices(state: State, seat: int) -> list[TakeVillage]:
    candidates = [TakeVillage(token=token) for token in dict.fromkeys(state.village_face_up)]
    candidates += [TakeVillage(colour=colour) for colour in COLOURS]
    return [action for action in candidates if not village_take_reason(state, seat, action)]


def village_locations(state: State, seat: int) -> list[int]:
    castle = state.castles[seat]
    found = [index for index, token in enumerate(castle.village) if not token]
    if castle.threats:
        if has_threat(castle, "no_border_villagers"):
            found = [index for index in found if index not in BORDER_LOCATIONS]
        if has_threat(castle, "villagers_per_section_at_most"):
            cap = threat_amount(castle, "villagers_per_section_at_most")
            per_section = [sum(1 for loc in locs if castle.village[loc]) for locs in SECTION_LOCATIONS]
            found = [i for i in found if all(per_section[s] < cap for s in LOCATION_SECTIONS[i])]
    return found


def village_place_reason(state: State, seat: int, location: str) -> str:
    """Why the Village token may not go on ``location``, or ""."""
    if location not in LOCATION_INDEX:
        return f"Place the Village token on one of your locations ({', '.join(LOCATIONS)})."
    index = LOCATION_INDEX[location]
    if state.castles[seat].village[index]:
        return f"Location {location} already holds a Village token."
    if index not in village_locations(state, seat):
        return f"Your Threat card forbids a Village token on {location}."
    return ""


def _pour_reason_alone(castle: Castle, step: Pending, kind: int) -> str:
    """Why this pouring may not defeat a wolf of ``kind``, Strong Hides aside."""
    if castle.wolves[step.section * KIND_COUNT + kind] <= 0:
        return f"There is no {WOLF_KINDS[kind]} in your {SECTIONS[step.section]}."
    if CAULDRONS_NEEDED[kind] > step.count:
        return (
            f"A vicious wolf needs {CAULDRONS_NEEDED[kind]} cauldrons from the same pouring; "
            f"this pouring has {step.count} left."
        )
    if kind == ARCHER and castle.threats and has_threat(castle, "no_cauldrons_on_archers"):
        return "Out of Range: your cauldrons cannot defeat archers."
    return ""


def pour_reason(state: State, step: Pending, kind: int) -> str:
    """Why this pouring may not defeat a wolf of ``kind`` (an index of
    ``WOLF_KINDS``) next, or "" if it may."""
    castle = state.castles[step.seat]
    reason = _pour_reason_alone(castle, step, kind)
    if reason:
        return reason
    if (
        kind != VICIOUS
        and castle.threats
        and has_threat(castle, "vicious_first")
        and not _pour_reason_alone(castle, step, VICIOUS)
    ):
        return "Strong Hides: defeat the vicious wolves first while you can."
    return ""


def pour_targets(state: State, step: Pending) -> list[int]:
    """The wolf kinds this pouring may defeat next."""
    return [kind for kind in range(len(WOLF_KINDS)) if not pour_reason(state, step, kind)]


def stop_pouring_reason(state: State, step: Pending) -> str:
    """Why this pouring may not stop yet (Strong Hides), or ""."""
    if vicious_forced(state, step):
        return "Strong Hides: you must defeat the vicious wolf before you stop pouring."
    return ""


def slot_refusals(wall: tuple[str, ...]) -> list[tuple[int, int, str]]:
    """Empty slots a tile half rests on (one tile below, not two): the
    slots a player may expect to use, as (level, slot, the reason)."""
    found = []
    for level in range(2, geometry.levels(wall) + 2):
        for slot in range(PORTIONS):
            below = geometry.filled(wall, level - 1, slot) + geometry.filled(wall, level - 1, slot + 1)
            if below == 1 and not geometry.filled(wall, level, slot):
                found.append((level, slot, geometry.why_not_legal(wall, level, slot)))
    return found


# --- each decision's legal actions ------------------------------------------


def _legal_board(state: State, step: Pending) -> list[Action]:
    return [ChooseBoard(board) for board in state.boards_left]


def _legal_start_village(state: State, step: Pending) -> list[Action]:
    return [TakeVillage(token=token) for token in dict.fromkeys(state.village_face_up)]


def _legal_draft(state: State, step: Pending) -> list[Action]:
    return [DraftTile(tile) for tile in state.revealed]


def _legal_place(state: State, step: Pending) -> list[Action]:
    return [PlaceTile(level, slot) for level, slot in geometry.legal_slots(state.castles[step.seat].wall)]


def _legal_order(state: State, step: Pending) -> list[Action]:
    return [
        ResolveFirst(step.ability, SECTIONS[step.section]),
        ResolveFirst(step.other_ability, SECTIONS[step.other_section]),
    ]


def _legal_village_take(state: State, step: Pending) -> list[Action]:
    return list(village_choices(state, step.seat))


def _legal_village_place(state: State, step: Pending) -> list[Action]:
    return [PlaceVillage(LOCATIONS[index]) for index in village_locations(state, step.seat)]


def _legal_fortify(state: State, step: Pending) -> list[Action]:
    return [
        PlaceFortification(level, slot) for level, slot in geometry.legal_slots(state.castles[step.seat].wall)
    ]


def vicious_forced(state: State, step: Pending) -> bool:
    """Strong Hides: a vicious wolf this pouring can defeat must be defeated first."""
    castle = state.castles[step.seat]
    return (
        bool(castle.threats)
        and has_threat(castle, "vicious_first")
        and pour_targets(state, step) == [VICIOUS]
    )


def _legal_pour(state: State, step: Pending) -> list[Action]:
    targets = [PourCauldron(WOLF_KINDS[kind]) for kind in pour_targets(state, step)]
    return targets if vicious_forced(state, step) else targets + [StopPouring()]


def _legal_discard(state: State, step: Pending) -> list[Action]:
    return [DiscardTile(tile) for tile in state.revealed]


def _legal_reveal_line(state: State, step: Pending) -> list[Action]:
    return [RevealLine(index) for index, line in enumerate(state.lines) if line.region < 0]


def _legal_remove_wolf(state: State, step: Pending) -> list[Action]:
    return [
        RemoveWolf(index, WOLF_KINDS[kind])
        for index, line in enumerate(state.lines)
        for kind in range(KIND_COUNT)
        if line.wolves[kind] > 0
    ]


def _legal_pick_line(state: State, step: Pending) -> list[Action]:
    return [PickLine(index) for index, line in enumerate(state.lines) if not line.picked]


LEGAL: dict[str, Callable[[State, Pending], list[Action]]] = {
    "choose_board": _legal_board,
    "start_village": _legal_start_village,
    "draft": _legal_draft,
    "place": _legal_place,
    "order": _legal_order,
    "village_take": _legal_village_take,
    "village_place": _legal_village_place,
    "fortify": _legal_fortify,
    "pour": _legal_pour,
    "discard": _legal_discard,
    "reveal_line": _legal_reveal_line,
    "remove_wolf": _legal_remove_wolf,
    "pick_line": _legal_pick_line,
}
