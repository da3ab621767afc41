"""Castle Raisers decisions: for each kind of pending decision, the legal
actions and how an action answers it (checked, with a reason a player
understands when it is refused)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from rules.castle_raisers import geometry
from rules.castle_raisers.common import (
    add_sorted,
    bump,
    clockwise_from,
    dispatch_icons,
    has_threat,
    push,
    remove_one,
    set_castle,
    stack_tokens,
    threat_amount,
    threats_allowed,
)
from rules.castle_raisers.edition import (
    ABILITY_NAMES,
    ARCHER,
    BOARDS,
    BORDER_LOCATIONS,
    CAULDRONS_NEEDED,
    COLOURS,
    LOCATION_INDEX,
    LOCATION_SECTIONS,
    LOCATIONS,
    SECTION_INDEX,
    SECTION_LOCATIONS,
    SECTIONS,
    TOKENS,
    VICIOUS,
    WOLF_KINDS,
)
from rules.castle_raisers.state import (
    FORTIFICATION,
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
    Task,
)
from rules.core import IllegalAction

replace = msgspec.structs.replace

# --- legality helpers -----------------------------------------------------------


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


def pour_targets(state: State, top: Task) -> list[int]:
    """The wolf kinds this pouring may defeat next."""
    castle = state.castles[top.seat]
    base = top.section * 4
    targets = [
        kind for kind in range(4) if castle.wolves[base + kind] > 0 and CAULDRONS_NEEDED[kind] <= top.count
    ]
    if castle.threats:
        if has_threat(castle, "no_cauldrons_on_archers"):
            targets = [kind for kind in targets if kind != ARCHER]
        if has_threat(castle, "vicious_first") and VICIOUS in targets:
            targets = [VICIOUS]
    return targets


# --- decision handlers: legal actions and apply -----------------------------------


def _legal_board(state: State, top: Task) -> list[Action]:
    return [ChooseBoard(board) for board in state.boards_left]


def _apply_start_player(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DrawStartPlayer) or not 0 <= action.seat < state.seats:
        raise IllegalAction(f"Say which of the {state.seats} players starts.")
    return push(state, (), mother_pig=action.seat)


def _apply_board(state: State, top: Task, action: Action) -> State:
    if (
        isinstance(action, DrawBoard if top.kind == "draw_board" else ChooseBoard)
        and action.board in state.boards_left
    ):
        castle = replace(state.castles[top.seat], board=action.board)
        state = set_castle(state, top.seat, castle, boards_left=remove_one(state.boards_left, action.board))
        return push(state, ())
    raise IllegalAction(
        f"Board {getattr(action, 'board', '?')} is not available: take one of {', '.join(state.boards_left)}."
    )


def _apply_replenish(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DrawVillage) or action.token not in stack_tokens(state, top.tile):
        raise IllegalAction(f"That is not a token left in the {top.tile} stack.")
    return push(
        state,
        (),
        village_stacks=remove_one(state.village_stacks, action.token),
        village_face_up=add_sorted(state.village_face_up, action.token),
    )


def _legal_start_village(state: State, top: Task) -> list[Action]:
    return [TakeVillage(token=token) for token in dict.fromkeys(state.village_face_up)]


def _apply_start_village(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, TakeVillage) or action.token not in state.village_face_up:
        raise IllegalAction("Choose one of the face-up Village tokens for your starting location.")
    castle = state.castles[top.seat]
    location = LOCATION_INDEX[BOARDS[castle.board].start_location]
    village = castle.village[:location] + (action.token,) + castle.village[location + 1 :]
    state = set_castle(
        state,
        top.seat,
        replace(castle, village=village),
        village_face_up=remove_one(state.village_face_up, action.token),
    )
    return push(state, ())


def _apply_wolf(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DrawWolf) or action.kind not in WOLF_KINDS:
        raise IllegalAction("Say which Wolf token came out of the bag.")
    kind = WOLF_KINDS.index(action.kind)
    if state.bag[kind] <= 0:
        raise IllegalAction(f"There is no {action.kind} left in the bag.")
    bag = bump(state.bag, kind, -1)
    rest = (replace(top, count=top.count - 1),) if top.count > 1 else ()
    if top.kind == "line_wolf":
        lines = list(state.lines)
        line = lines[top.section]
        lines[top.section] = replace(line, wolves=bump(line.wolves, kind, 1))
        return push(state, rest, bag=bag, lines=tuple(lines))
    castle = state.castles[top.seat]
    castle = replace(castle, wolves=bump(castle.wolves, top.section * 4 + kind, 1))
    return push(set_castle(state, top.seat, castle), rest, bag=bag)


def _apply_reveal(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DrawWallTile) or action.tile not in state.wall_stack:
        raise IllegalAction(f"That Wall tile is not in the Age {state.age} stack.")
    return push(
        state,
        (),
        wall_stack=remove_one(state.wall_stack, action.tile),
        revealed=state.revealed + (action.tile,),
    )


def _legal_draft(state: State, top: Task) -> list[Action]:
    return [DraftTile(tile) for tile in state.revealed]


def _apply_draft(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DraftTile) or action.tile not in state.revealed:
        raise IllegalAction("Choose one of the face-up Wall tiles on the Piggy board.")
    return push(
        state,
        [Task("place", seat=top.seat, tile=action.tile)],
        revealed=remove_one(state.revealed, action.tile),
    )


def _legal_place(state: State, top: Task) -> list[Action]:
    return [PlaceTile(level, slot) for level, slot in geometry.legal_slots(state.castles[top.seat].wall)]


def _apply_place(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, PlaceTile):
        raise IllegalAction(f"Place your Wall tile {top.tile} on your castle first.")
    castle = state.castles[top.seat]
    reason = geometry.why_not_legal(castle.wall, action.level, action.slot)
    if reason:
        raise IllegalAction(reason)
    covered = geometry.covered_icons(castle.board, castle.wall, action.level, action.slot)
    wall = geometry.put(castle.wall, action.level, action.slot, top.tile)
    castle = replace(castle, wall=wall, heights=geometry.section_heights(wall))
    state = set_castle(state, top.seat, castle)
    if len(covered) == 2 and covered[0] != covered[1]:
        (first, first_section), (second, second_section) = covered
        new = [
            Task(
                "order",
                seat=top.seat,
                ability=first,
                section=first_section,
                other_ability=second,
                other_section=second_section,
            )
        ]
    else:
        new = [Task("fire", seat=top.seat, ability=ability, section=section) for ability, section in covered]
    return push(state, new)


def _legal_order(state: State, top: Task) -> list[Action]:
    return [
        ResolveFirst(top.ability, SECTIONS[top.section]),
        ResolveFirst(top.other_ability, SECTIONS[top.other_section]),
    ]


def _apply_order(state: State, top: Task, action: Action) -> State:
    first = Task("fire", seat=top.seat, ability=top.ability, section=top.section)
    second = Task("fire", seat=top.seat, ability=top.other_ability, section=top.other_section)
    if isinstance(action, ResolveFirst):
        if (action.ability, action.section) == (top.ability, SECTIONS[top.section]):
            return push(state, [first, second])
        if (action.ability, action.section) == (top.other_ability, SECTIONS[top.other_section]):
            return push(state, [second, first])
    raise IllegalAction(
        f"Choose which fires first: {ABILITY_NAMES[top.ability]} ({SECTIONS[top.section]}) "
        f"or {ABILITY_NAMES[top.other_ability]} ({SECTIONS[top.other_section]})."
    )


def _legal_village_take(state: State, top: Task) -> list[Action]:
    return list(village_choices(state, top.seat))


def _apply_village_take(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, TakeVillage):
        raise IllegalAction("Take a Village token first: a face-up one or the top of a stack.")
    castle = state.castles[top.seat]
    if action.token:
        if action.token not in state.village_face_up:
            raise IllegalAction("That Village token is not face up on the Village board.")
        if has_threat(castle, "village_face_down_only"):
            raise IllegalAction("Disoriented: you must take the face-down top token of a stack.")
        colour = TOKENS[action.token].colour
        return push(
            state,
            [Task("village_place", seat=top.seat, tile=action.token), Task("replenish", tile=colour)],
            village_face_up=remove_one(state.village_face_up, action.token),
        )
    if action.colour not in COLOURS:
        raise IllegalAction("Name a face-up token or the colour of a stack.")
    if not stack_tokens(state, action.colour):
        raise IllegalAction(f"The {action.colour} stack is empty.")
    return push(state, [Task("village_blind", seat=top.seat, tile=action.colour)])


def _apply_village_blind(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DrawVillage) or action.token not in stack_tokens(state, top.tile):
        raise IllegalAction(f"That is not a token left in the {top.tile} stack.")
    return push(
        state,
        [Task("village_place", seat=top.seat, tile=action.token)],
        village_stacks=remove_one(state.village_stacks, action.token),
    )


def _legal_village_place(state: State, top: Task) -> list[Action]:
    return [PlaceVillage(LOCATIONS[index]) for index in village_locations(state, top.seat)]


def _apply_village_place(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, PlaceVillage) or action.location not in LOCATION_INDEX:
        raise IllegalAction(f"Place the Village token on one of your locations ({', '.join(LOCATIONS)}).")
    index = LOCATION_INDEX[action.location]
    castle = state.castles[top.seat]
    if castle.village[index]:
        raise IllegalAction(f"Location {action.location} already holds a Village token.")
    if index not in village_locations(state, top.seat):
        raise IllegalAction(f"Your Threat card forbids a Village token on {action.location}.")
    castle = replace(castle, village=castle.village[:index] + (top.tile,) + castle.village[index + 1 :])
    return push(set_castle(state, top.seat, castle), ())


def _legal_fortify(state: State, top: Task) -> list[Action]:
    return [
        PlaceFortification(level, slot) for level, slot in geometry.legal_slots(state.castles[top.seat].wall)
    ]


def _apply_fortify(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, PlaceFortification):
        raise IllegalAction(f"Place your Fortification tile{'s' if top.count > 1 else ''} first.")
    castle = state.castles[top.seat]
    reason = geometry.why_not_legal(castle.wall, action.level, action.slot)
    if reason:
        raise IllegalAction(reason)
    wall = geometry.put(castle.wall, action.level, action.slot, FORTIFICATION)
    castle = replace(castle, wall=wall, heights=geometry.section_heights(wall))
    rest = (replace(top, count=top.count - 1),) if top.count > 1 else ()
    return push(set_castle(state, top.seat, castle), rest)


def _vicious_forced(state: State, top: Task) -> bool:
    """Strong Hides: a vicious wolf this pouring can defeat must be defeated first."""
    castle = state.castles[top.seat]
    return (
        bool(castle.threats) and has_threat(castle, "vicious_first") and pour_targets(state, top) == [VICIOUS]
    )


def _legal_pour(state: State, top: Task) -> list[Action]:
    targets = [PourCauldron(WOLF_KINDS[kind]) for kind in pour_targets(state, top)]
    return targets if _vicious_forced(state, top) else targets + [StopPouring()]


def _apply_pour(state: State, top: Task, action: Action) -> State:
    if isinstance(action, StopPouring):
        if _vicious_forced(state, top):
            raise IllegalAction("Strong Hides: you must defeat the vicious wolf before you stop pouring.")
        return push(state, ())
    if not isinstance(action, PourCauldron) or action.wolf not in WOLF_KINDS:
        raise IllegalAction("Choose a wolf to pour a cauldron on, or stop pouring.")
    kind = WOLF_KINDS.index(action.wolf)
    castle = state.castles[top.seat]
    region = SECTIONS[top.section]
    if castle.wolves[top.section * 4 + kind] <= 0:
        raise IllegalAction(f"There is no {action.wolf} in your {region}.")
    if CAULDRONS_NEEDED[kind] > top.count:
        raise IllegalAction(
            "A vicious wolf needs 2 cauldrons from the same pouring; this pouring has 1 left."
        )
    if kind not in pour_targets(state, top):
        if kind == ARCHER:
            raise IllegalAction("Out of Range: your cauldrons cannot defeat archers.")
        raise IllegalAction("Strong Hides: defeat the vicious wolves first while you can.")
    castle = replace(castle, wolves=bump(castle.wolves, top.section * 4 + kind, -1))
    rest = (replace(top, count=top.count - CAULDRONS_NEEDED[kind]),)
    return push(set_castle(state, top.seat, castle), rest, bag=bump(state.bag, kind, 1))


def _legal_discard(state: State, top: Task) -> list[Action]:
    return [DiscardTile(tile) for tile in state.revealed]


def _apply_discard(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DiscardTile) or action.tile not in state.revealed:
        raise IllegalAction("Discard one of the remaining face-up Wall tiles.")
    new = [Task("wolves_attack")] if state.discard_attack and dispatch_icons(action.tile) else []
    return push(state, new, revealed=remove_one(state.revealed, action.tile))


def _region_of(action: Action) -> int:
    if not isinstance(action, DrawAttack) or action.region not in SECTION_INDEX:
        raise IllegalAction("Say which region the Attack token shows.")
    return SECTION_INDEX[action.region]


def _apply_dispatch(state: State, top: Task, action: Action) -> State:
    """Competitive Dispatch: keep the token in the section, the others draw wolves from your left."""
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No Attack token showing the {action.region} is left.")
    castle = state.castles[top.seat]
    castle = replace(castle, attack=bump(castle.attack, top.section, 1))
    others = clockwise_from(state, top.seat)[1:]
    new = [Task("wolf", seat=other, section=region, count=top.count) for other in others]
    return push(set_castle(state, top.seat, castle), new, attack_supply=bump(state.attack_supply, region, -1))


def _apply_wolves_attack(state: State, top: Task, action: Action) -> State:
    """2 players: both draw 1/2/3 wolves by age into the region, from the player without the
    Mother Pig; the token goes back into the supply."""
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No Attack token showing the {action.region} is left.")
    order = clockwise_from(state, (state.mother_pig + 1) % state.seats)
    return push(state, [Task("wolf", seat=seat, section=region, count=state.age) for seat in order])


def _apply_coop_dispatch(state: State, top: Task, action: Action) -> State:
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No Attack token showing the {action.region} is left.")
    castle = state.castles[top.seat]
    castle = replace(castle, attack=bump(castle.attack, top.section, 1))
    return push(set_castle(state, top.seat, castle), (), attack_supply=bump(state.attack_supply, region, -1))


def _apply_line_region(state: State, top: Task, action: Action) -> State:
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No face-down Attack token can show the {action.region}.")
    lines = list(state.lines)
    lines[top.section] = replace(lines[top.section], region=region)
    return push(state, (), lines=tuple(lines), attack_supply=bump(state.attack_supply, region, -1))


def _legal_reveal_line(state: State, top: Task) -> list[Action]:
    return [RevealLine(index) for index, line in enumerate(state.lines) if line.region < 0]


def _apply_reveal_line(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, RevealLine) or not 0 <= action.line < len(state.lines):
        raise IllegalAction("Choose a face-down Attack token of the lines to reveal.")
    if state.lines[action.line].region >= 0:
        raise IllegalAction("That Attack token is already face up.")
    return push(state, [Task("line_region", section=action.line)])


def _legal_remove_wolf(state: State, top: Task) -> list[Action]:
    return [
        RemoveWolf(index, WOLF_KINDS[kind])
        for index, line in enumerate(state.lines)
        for kind in range(4)
        if line.wolves[kind] > 0
    ]


def _apply_remove_wolf(state: State, top: Task, action: Action) -> State:
    if (
        not isinstance(action, RemoveWolf)
        or not 0 <= action.line < len(state.lines)
        or action.wolf not in WOLF_KINDS
    ):
        raise IllegalAction("Choose a wolf in one of the Attack-token lines to send back to the bag.")
    kind = WOLF_KINDS.index(action.wolf)
    line = state.lines[action.line]
    if line.wolves[kind] <= 0:
        raise IllegalAction(f"Line {action.line + 1} has no {action.wolf}.")
    lines = list(state.lines)
    lines[action.line] = replace(line, wolves=bump(line.wolves, kind, -1))
    rest = (replace(top, count=top.count - 1),) if top.count > 1 else ()
    return push(state, rest, lines=tuple(lines), bag=bump(state.bag, kind, 1))


def _legal_pick_line(state: State, top: Task) -> list[Action]:
    return [PickLine(index) for index, line in enumerate(state.lines) if not line.picked]


def _apply_pick_line(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, PickLine) or not 0 <= action.line < len(state.lines):
        raise IllegalAction("Choose one of the Attack tokens of the lines.")
    if state.lines[action.line].picked:
        raise IllegalAction("That Attack token was already chosen this End of Age.")
    new = []
    if state.lines[action.line].region < 0:
        new.append(Task("line_region", section=action.line))
    new.append(Task("line_arrives", seat=top.seat, section=action.line))
    return push(state, new)


def _apply_threat(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DrawThreat) or action.threat not in threats_allowed(state, top.seat):
        raise IllegalAction("That Threat card cannot be drawn now.")
    castle = state.castles[top.seat]
    castle = replace(castle, threats=castle.threats + (action.threat,))
    return push(
        set_castle(state, top.seat, castle), (), threat_deck=remove_one(state.threat_deck, action.threat)
    )


LEGAL: dict[str, Callable[[State, Task], list[Action]]] = {
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

APPLY: dict[str, Callable[[State, Task, Action], State]] = {
    "draw_start_player": _apply_start_player,
    "draw_board": _apply_board,
    "choose_board": _apply_board,
    "replenish": _apply_replenish,
    "start_village": _apply_start_village,
    "wolf": _apply_wolf,
    "line_wolf": _apply_wolf,
    "reveal": _apply_reveal,
    "draft": _apply_draft,
    "place": _apply_place,
    "order": _apply_order,
    "village_take": _apply_village_take,
    "village_blind": _apply_village_blind,
    "village_place": _apply_village_place,
    "fortify": _apply_fortify,
    "pour": _apply_pour,
    "discard": _apply_discard,
    "dispatch": _apply_dispatch,
    "wolves_attack": _apply_wolves_attack,
    "coop_dispatch": _apply_coop_dispatch,
    "line_region": _apply_line_region,
    "reveal_line": _apply_reveal_line,
    "remove_wolf": _apply_remove_wolf,
    "pick_line": _apply_pick_line,
    "draw_threat": _apply_threat,
}
