"""Castle Raisers ``apply``: the answer to the decision on top of the
stack. Each decision kind has its answer (:data:`ANSWERS`), which checks the
action against the rules, says why it refuses one, and returns a new State
sharing every unchanged tuple with the old one; then the automatic steps
are taken (``flow.settle``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from castletui.rules.castle_raisers import geometry
from castletui.rules.castle_raisers.edition import (
    ABILITY_NAMES,
    BOARDS,
    CAULDRONS_NEEDED,
    KIND_COUNT,
    LOCATION_INDEX,
    LOCATIONS,
    SECTION_INDEX,
    SECTIONS,
    TOKENS,
    WOLF_KINDS,
)
from castletui.rules.castle_raisers.flow import settle
from castletui.rules.castle_raisers.legal import (
    pour_reason,
    stop_pouring_reason,
    village_place_reason,
    village_take_reason,
)
from castletui.rules.castle_raisers.state import (
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
    bump,
    castles_with,
    clockwise_from,
    dispatch_icons,
    set_castle,
    stack_tokens,
    threats_allowed,
)
from castletui.rules.core import IllegalAction, answered_top, popped, recorded, replaced_top
from castletui.rules.core.multiset import added, removed
from msgspec.structs import replace


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises IllegalAction with the reason."""
    return answered_top(state, action, ANSWERS, _settle, over="The game is over: no more actions.")


def _settle(state: State, step: Pending) -> State:
    return settle(state)  # whichever decision was answered, the same steps follow


def answered(state: State, then: Sequence[Pending] = (), **changes) -> State:
    """The decision on top answered: taken off the stack, ``then`` pushed in
    its place (the first of them taken first), with ``changes``."""
    pending = replaced_top(state.pending, *then) if then else popped(state.pending)
    return replace(state, pending=pending, **changes)


def _apply_start_player(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, DrawStartPlayer) or not 0 <= action.seat < state.seats:
        raise IllegalAction(f"Say which of the {state.seats} players starts.")
    return answered(state, (), mother_pig=action.seat)


def _apply_board(state: State, step: Pending, action: Action) -> State:
    if (
        isinstance(action, DrawBoard if step.kind == "draw_board" else ChooseBoard)
        and action.board in state.boards_left
    ):
        castle = replace(state.castles[step.seat], board=action.board)
        state = set_castle(state, step.seat, castle, boards_left=removed(state.boards_left, action.board))
        return answered(state, ())
    raise IllegalAction(
        f"Board {getattr(action, 'board', '?')} is not available: take one of {', '.join(state.boards_left)}."
    )


def _apply_replenish(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, DrawVillage) or action.token not in stack_tokens(state, step.tile):
        raise IllegalAction(f"That is not a token left in the {step.tile} stack.")
    return answered(
        state,
        (),
        village_stacks=removed(state.village_stacks, action.token),
        village_face_up=added(state.village_face_up, action.token),
    )


def _apply_start_village(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, TakeVillage) or action.token not in state.village_face_up:
        raise IllegalAction("Choose one of the face-up Village tokens for your starting location.")
    castle = state.castles[step.seat]
    location = LOCATION_INDEX[BOARDS[castle.board].start_location]
    village = castle.village[:location] + (action.token,) + castle.village[location + 1 :]
    state = set_castle(
        state,
        step.seat,
        replace(castle, village=village),
        village_face_up=removed(state.village_face_up, action.token),
    )
    return answered(state, ())


def _apply_wolf(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, DrawWolf) or action.kind not in WOLF_KINDS:
        raise IllegalAction("Say which Wolf token came out of the bag.")
    kind = WOLF_KINDS.index(action.kind)
    if state.bag[kind] <= 0:
        raise IllegalAction(f"There is no {action.kind} left in the bag.")
    bag = bump(state.bag, kind, -1)
    rest = (replace(step, count=step.count - 1),) if step.count > 1 else ()
    if step.kind == "line_wolf":
        lines = list(state.lines)
        line = lines[step.section]
        lines[step.section] = replace(line, wolves=bump(line.wolves, kind, 1))
        return answered(state, rest, bag=bag, lines=tuple(lines))
    castle = state.castles[step.seat]
    castle = replace(castle, wolves=bump(castle.wolves, step.section * KIND_COUNT + kind, 1))
    return answered(state, castles=castles_with(state, step.seat, castle), then=rest, bag=bag)


def _apply_reveal(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, DrawWallTile) or action.tile not in state.wall_stack:
        raise IllegalAction(f"That Wall tile is not in the Age {state.age} stack.")
    return answered(
        state,
        (),
        wall_stack=removed(state.wall_stack, action.tile),
        revealed=state.revealed + (action.tile,),
    )


def _apply_draft(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, DraftTile) or action.tile not in state.revealed:
        raise IllegalAction("Choose one of the face-up Wall tiles on the Piggy board.")
    return answered(
        state,
        [Pending("place", seat=step.seat, tile=action.tile)],
        revealed=removed(state.revealed, action.tile),
    )


def _apply_place(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, PlaceTile):
        raise IllegalAction(f"Place your Wall tile {step.tile} on your castle first.")
    castle = state.castles[step.seat]
    reason = geometry.why_not_legal(castle.wall, action.level, action.slot)
    if reason:
        raise IllegalAction(reason)
    covered = geometry.covered_icons(castle.board, castle.wall, action.level, action.slot)
    wall = geometry.put(castle.wall, action.level, action.slot, step.tile)
    castle = replace(castle, wall=wall, heights=geometry.section_heights(wall))
    castles = castles_with(state, step.seat, castle)
    if len(covered) == 2 and covered[0] != covered[1]:
        (first, first_section), (second, second_section) = covered
        new = [
            Pending(
                "order",
                seat=step.seat,
                ability=first,
                section=first_section,
                other_ability=second,
                other_section=second_section,
            )
        ]
    else:
        new = [
            Pending("fire", seat=step.seat, ability=ability, section=section) for ability, section in covered
        ]
    return answered(state, new, castles=castles)


def _apply_order(state: State, step: Pending, action: Action) -> State:
    first = Pending("fire", seat=step.seat, ability=step.ability, section=step.section)
    second = Pending("fire", seat=step.seat, ability=step.other_ability, section=step.other_section)
    if isinstance(action, ResolveFirst):
        if (action.ability, action.section) == (step.ability, SECTIONS[step.section]):
            return answered(state, [first, second])
        if (action.ability, action.section) == (step.other_ability, SECTIONS[step.other_section]):
            return answered(state, [second, first])
    raise IllegalAction(
        f"Choose which fires first: {ABILITY_NAMES[step.ability]} ({SECTIONS[step.section]}) "
        f"or {ABILITY_NAMES[step.other_ability]} ({SECTIONS[step.other_section]})."
    )


def _apply_village_take(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, TakeVillage):
        raise IllegalAction("Take a Village token first: a face-up one or the top of a stack.")
    reason = village_take_reason(state, step.seat, action)
    if reason:
        raise IllegalAction(reason)
    if action.token:
        colour = TOKENS[action.token].colour
        return answered(
            state,
            [Pending("village_place", seat=step.seat, tile=action.token), Pending("replenish", tile=colour)],
            village_face_up=removed(state.village_face_up, action.token),
        )
    return answered(state, [Pending("village_blind", seat=step.seat, tile=action.colour)])


def _apply_village_blind(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, DrawVillage) or action.token not in stack_tokens(state, step.tile):
        raise IllegalAction(f"That is not a token left in the {step.tile} stack.")
    return answered(
        state,
        [Pending("village_place", seat=step.seat, tile=action.token)],
        village_stacks=removed(state.village_stacks, action.token),
    )


def _apply_village_place(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, PlaceVillage):
        raise IllegalAction(f"Place the Village token on one of your locations ({', '.join(LOCATIONS)}).")
    reason = village_place_reason(state, step.seat, action.location)
    if reason:
        raise IllegalAction(reason)
    index = LOCATION_INDEX[action.location]
    castle = state.castles[step.seat]
    castle = replace(castle, village=castle.village[:index] + (step.tile,) + castle.village[index + 1 :])
    return answered(state, castles=castles_with(state, step.seat, castle), then=())


def _apply_fortify(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, PlaceFortification):
        raise IllegalAction(f"Place your Fortification tile{'s' if step.count > 1 else ''} first.")
    castle = state.castles[step.seat]
    reason = geometry.why_not_legal(castle.wall, action.level, action.slot)
    if reason:
        raise IllegalAction(reason)
    wall = geometry.put(castle.wall, action.level, action.slot, FORTIFICATION)
    castle = replace(castle, wall=wall, heights=geometry.section_heights(wall))
    rest = (replace(step, count=step.count - 1),) if step.count > 1 else ()
    return answered(state, castles=castles_with(state, step.seat, castle), then=rest)


def _apply_pour(state: State, step: Pending, action: Action) -> State:
    if isinstance(action, StopPouring):
        reason = stop_pouring_reason(state, step)
        if reason:
            raise IllegalAction(reason)
        return answered(state, ())
    if not isinstance(action, PourCauldron) or action.wolf not in WOLF_KINDS:
        raise IllegalAction("Choose a wolf to pour a cauldron on, or stop pouring.")
    kind = WOLF_KINDS.index(action.wolf)
    reason = pour_reason(state, step, kind)
    if reason:
        raise IllegalAction(reason)
    castle = state.castles[step.seat]
    castle = replace(castle, wolves=bump(castle.wolves, step.section * KIND_COUNT + kind, -1))
    rest = (replace(step, count=step.count - CAULDRONS_NEEDED[kind]),)
    return answered(
        state, castles=castles_with(state, step.seat, castle), then=rest, bag=bump(state.bag, kind, 1)
    )


def _apply_discard(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, DiscardTile) or action.tile not in state.revealed:
        raise IllegalAction("Discard one of the remaining face-up Wall tiles.")
    new = [Pending("wolves_attack")] if state.discard_attack and dispatch_icons(action.tile) else []
    return answered(state, new, revealed=removed(state.revealed, action.tile))


def _region_of(action: Action) -> int:
    if not isinstance(action, DrawAttack) or action.region not in SECTION_INDEX:
        raise IllegalAction("Say which region the Attack token shows.")
    return SECTION_INDEX[action.region]


def _apply_dispatch(state: State, step: Pending, action: Action) -> State:
    """Competitive Dispatch: keep the token in the section, the others draw wolves from your left."""
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No Attack token showing the {action.region} is left.")
    castle = state.castles[step.seat]
    castle = replace(castle, attack=bump(castle.attack, step.section, 1))
    others = clockwise_from(state, step.seat)[1:]
    new = [Pending("wolf", seat=other, section=region, count=step.count) for other in others]
    state = answered(
        state,
        castles=castles_with(state, step.seat, castle),
        then=new,
        attack_supply=bump(state.attack_supply, region, -1),
    )
    # the token scores where it is kept, which the chance draw's own line does not say
    return recorded(state, "attack_kept", step.seat, step.section)


def _apply_wolves_attack(state: State, step: Pending, action: Action) -> State:
    """2 players: both draw 1/2/3 wolves by age into the region, from the player without the
    Mother Pig; the token goes back into the supply."""
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No Attack token showing the {action.region} is left.")
    order = clockwise_from(state, (state.mother_pig + 1) % state.seats)
    return answered(state, [Pending("wolf", seat=seat, section=region, count=state.age) for seat in order])


def _apply_coop_dispatch(state: State, step: Pending, action: Action) -> State:
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No Attack token showing the {action.region} is left.")
    castle = state.castles[step.seat]
    castle = replace(castle, attack=bump(castle.attack, step.section, 1))
    state = answered(
        state,
        castles=castles_with(state, step.seat, castle),
        then=(),
        attack_supply=bump(state.attack_supply, region, -1),
    )
    return recorded(state, "attack_kept", step.seat, step.section)


def _apply_line_region(state: State, step: Pending, action: Action) -> State:
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No face-down Attack token can show the {action.region}.")
    lines = list(state.lines)
    lines[step.section] = replace(lines[step.section], region=region)
    return answered(state, (), lines=tuple(lines), attack_supply=bump(state.attack_supply, region, -1))


def _apply_reveal_line(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, RevealLine) or not 0 <= action.line < len(state.lines):
        raise IllegalAction("Choose a face-down Attack token of the lines to reveal.")
    if state.lines[action.line].region >= 0:
        raise IllegalAction("That Attack token is already face up.")
    return answered(state, [Pending("line_region", section=action.line)])


def _apply_remove_wolf(state: State, step: Pending, action: Action) -> State:
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
    rest = (replace(step, count=step.count - 1),) if step.count > 1 else ()
    return answered(state, rest, lines=tuple(lines), bag=bump(state.bag, kind, 1))


def _apply_pick_line(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, PickLine) or not 0 <= action.line < len(state.lines):
        raise IllegalAction("Choose one of the Attack tokens of the lines.")
    if state.lines[action.line].picked:
        raise IllegalAction("That Attack token was already chosen this End of Age.")
    new = []
    if state.lines[action.line].region < 0:
        new.append(Pending("line_region", section=action.line))
    new.append(Pending("line_arrives", seat=step.seat, section=action.line))
    return answered(state, new)


def _apply_threat(state: State, step: Pending, action: Action) -> State:
    if not isinstance(action, DrawThreat) or action.threat not in threats_allowed(state, step.seat):
        raise IllegalAction("That Threat card cannot be drawn now.")
    castle = state.castles[step.seat]
    castle = replace(castle, threats=castle.threats + (action.threat,))
    return answered(
        state,
        castles=castles_with(state, step.seat, castle),
        then=(),
        threat_deck=removed(state.threat_deck, action.threat),
    )


ANSWERS: dict[str, Callable[[State, Pending, Action], State]] = {
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
