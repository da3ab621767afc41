"""Castle Raisers legal actions: for each kind of decision a person takes,
the actions the rules allow now (chance decisions list their outcomes,
``chance``), and the questions the rules ask of a state to decide it (which
Village tokens may be taken and where they may go, which wolves a pouring
may defeat). ``apply`` checks every action against the same rules and says
why it refuses one."""

from __future__ import annotations

from collections.abc import Callable

from rules.castle_raisers import geometry
from rules.castle_raisers.chance import CHANCE_KINDS, chance_outcomes
from rules.castle_raisers.edition import (
    ARCHER,
    BORDER_LOCATIONS,
    CAULDRONS_NEEDED,
    COLOURS,
    LOCATION_SECTIONS,
    LOCATIONS,
    SECTION_LOCATIONS,
    SECTIONS,
    VICIOUS,
    WOLF_KINDS,
)
from rules.castle_raisers.state import (
    Action,
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
from rules.castle_raisers.table import has_threat, stack_tokens, threat_amount


def legal_actions(state: State) -> list[Action]:
    pending = state.pending
    if not pending:
        return []
    step = pending[-1]
    if step.kind in CHANCE_KINDS:
        return [action for action, _ in chance_outcomes(state)]
    return LEGAL[step.kind](state, step)


# --- what the rules ask of a state ---------------------------------------------


def village_choices(state: State, seat: int) -> list[TakeVillage]:
    castle = state.castles[seat]
    choices: list[TakeVillage] = []
    if not has_threat(castle, "village_face_down_only"):
        seen = set()
        for token in state.village_face_up:
            if token not in seen:
                seen.add(token)
                choices.append(TakeVillage(token=token))
    for colour in COLOURS:
        if stack_tokens(state, colour):
            choices.append(TakeVillage(colour=colour))
    return choices


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


def pour_targets(state: State, step: Pending) -> list[int]:
    """The wolf kinds this pouring may defeat next."""
    castle = state.castles[step.seat]
    base = step.section * 4
    targets = [
        kind for kind in range(4) if castle.wolves[base + kind] > 0 and CAULDRONS_NEEDED[kind] <= step.count
    ]
    if castle.threats:
        if has_threat(castle, "no_cauldrons_on_archers"):
            targets = [kind for kind in targets if kind != ARCHER]
        if has_threat(castle, "vicious_first") and VICIOUS in targets:
            targets = [VICIOUS]
    return targets


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
        for kind in range(4)
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
