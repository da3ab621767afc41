"""Catapult Castle legal actions: what the decision on top lets its seat do.
For chance, the outcomes themselves (``chance``). ``apply`` checks every
action on its own and says why it refuses one; the reasons a player may
expect to be asked about (playing a card, rearranging, where a captured
tower goes) are computed here once, by the functions ``*_reason`` that both
``apply`` raises and ``queries.refusals`` ("why not?") lists."""

from __future__ import annotations

from castletui.rules.catapult_castle.chance import chance_outcomes
from castletui.rules.catapult_castle.edition import (
    EDITION,
    KINDS,
    MAGIC_TOSS,
    ROOF,
    SQUARE_COUNT,
    SQUARE_NAMES,
    SQUARES_PER_MAT,
    STRONG_AMMO,
    UNSEEN,
)
from castletui.rules.catapult_castle.flow import to_move
from castletui.rules.catapult_castle.pieces import (
    is_solo,
    naming_reason,
    placement,
    possible_kinds,
    rearrange_limit,
    stack_limit,
    targets,
)
from castletui.rules.catapult_castle.state import (
    DONE_REARRANGING,
    GIVES,
    LEAVE_TOWER,
    PLACES,
    PLAY_ROOF,
    PLAYS,
    REARRANGE,
    RETURN_TO_BOX,
    SHOOT,
    SHOOT_FROM,
    SKIP_EXTRA_SHOT,
    TAKE_TOWER,
    Action,
    State,
    aim_action,
    move_action,
)
from castletui.rules.core import CHANCE

ACCURACIES = (0, 25, 50, 75, 100)
"""The accuracies ``legal_actions`` lists for each target (``apply`` takes any 0..100)."""

# The listed Aims at each square, per firing mat (-1: the shooter's own
# corner), built once: a turn lists dozens of them.
_AIMS_AT = {
    (q, from_mat): tuple(aim_action(q, accuracy, from_mat) for accuracy in ACCURACIES)
    for q in range(SQUARE_COUNT)
    for from_mat in range(-1, len(EDITION.mats))
}


# --- the reasons (one function refuses and explains) -------------------------------


def play_reason(state: State, seat: int, kind: str) -> str:
    """Why ``seat`` may not play a card of ``kind`` now, or "" if they may
    (a Reinforced Roof still needs a tower: :func:`roof_reason`). With
    ``kind`` "", what stops any card being played, or ""."""
    if state.beginner:
        return "Beginner rules: cards have no effects, they only go under stacked towers."
    if state.shot_taken:
        return "Cards are played before the turn's first shot."
    if not kind:
        return ""
    reason = naming_reason(state, seat, kind)  # table mode: an unseen card may be named as it
    if reason:
        return reason
    if kind == MAGIC_TOSS and state.magic_toss:
        return "Magic Toss is already in play this turn."
    if kind == STRONG_AMMO and state.strong_ammo:
        return "Strong Ammo is already in play this turn."
    return ""


def roof_reason(state: State, square: int) -> str:
    """Why a Reinforced Roof may not go on ``square`` (in play), or ""."""
    stack = state.stacks[square]
    if not stack.towers:
        return "A Reinforced Roof goes on a tower, and that square is empty."
    if stack.roof >= 0:
        return "That tower already has a Reinforced Roof."
    return ""


def rearrange_reason(state: State) -> str:
    """Why the towers may not be rearranged now (solo), or ""."""
    if not is_solo(state):
        return "Only the solo game lets you rearrange the towers."
    if state.rearrangements_left <= 0:
        return "Both rearrangements are used up."
    return ""


def place_reason(state: State, seat: int, square: int) -> str:
    """Why a captured tower may not go on ``square`` (a square number), or ""."""
    mode, squares = placement(state, seat)
    if mode == "none":
        return "There is nowhere to put this tower: it goes back in the box."
    if square in squares:
        return ""
    if square < 0 or square not in state.squares or square // SQUARES_PER_MAT != state.seat_mats[seat]:
        name = SQUARE_NAMES[square % SQUARES_PER_MAT] if square >= 0 else "such"
        return f"There is no {name} square on your mat."
    stack = state.stacks[square]
    if mode == "empty":
        return "You still have an empty square: the captured tower must go on one."
    if stack.roof >= 0:
        return "That tower has a Reinforced Roof: nothing may be stacked on it."
    return f"That stack is already {stack_limit(state)} towers high, the most the house rule allows."


def roof_squares(state: State) -> list[int]:
    """The squares a Reinforced Roof may go on now."""
    return [q for q in state.squares if not roof_reason(state, q)]


def _card_plays(state: State, seat: int) -> list[Action]:
    # In the rulebook's order of the card kinds, whatever order the hand keeps.
    plays: list[Action] = []
    if not state.hands[seat]:
        return plays
    for kind in possible_kinds(state, seat):
        if play_reason(state, seat, kind):
            continue
        if kind == ROOF:
            plays += [PLAY_ROOF[q] for q in roof_squares(state)]
        else:
            plays.append(PLAYS[kind])
    return plays


def _turn_actions(state: State, seat: int) -> list[Action]:
    actions: list[Action] = []
    solo = is_solo(state)
    if not state.shot_taken and not state.beginner:
        actions += _card_plays(state, seat)
    if solo and not rearrange_reason(state):
        actions.append(REARRANGE)
    if state.mode == "table":
        if solo:
            actions += SHOOT_FROM
        else:
            actions.append(SHOOT)
    elif solo:
        for from_mat in range(len(EDITION.mats)):
            for q in targets(state, seat, from_mat):
                actions += _AIMS_AT[q, from_mat]
    else:
        for q in targets(state, seat):
            actions += _AIMS_AT[q, -1]
    if state.shot_taken:
        # The turn's own shot is taken: what is left are Extra Shots, which the player may let go.
        actions.append(SKIP_EXTRA_SHOT)
    return actions


def _place_actions(state: State, seat: int) -> list[Action]:
    mode, squares = placement(state, seat)
    if mode == "none":
        return [RETURN_TO_BOX]
    return [PLACES[SQUARE_NAMES[q % SQUARES_PER_MAT]] for q in squares]


def _stack_card_actions(state: State, seat: int) -> list[Action]:
    hand = state.hands[seat]
    return [GIVES[kind] for kind in (*KINDS, UNSEEN) if kind in hand]


def _rearrange_actions(state: State, seat: int) -> list[Action]:
    actions: list[Action] = []
    if state.rearrange_moves < EDITION.rearrange_move_limit:
        stacks = state.stacks
        limit = rearrange_limit(state)
        open_squares = [q for q in state.squares if len(stacks[q].towers) < limit]
        for source in state.squares:
            if stacks[source].towers:
                actions += [move_action(source, target) for target in open_squares if target != source]
    actions.append(DONE_REARRANGING)
    return actions


def _take_actions(state: State, seat: int) -> list[Action]:
    # Taking first: it is what a hit is for, and what Enter does.
    return [TAKE_TOWER, LEAVE_TOWER]


_CHOICES = {
    "turn": _turn_actions,
    "take": _take_actions,
    "place": _place_actions,
    "stack_card": _stack_card_actions,
    "rearrange": _rearrange_actions,
}
"""A person's decision kind -> the actions it offers."""


def legal_actions(state: State) -> list[Action]:
    mover = to_move(state)
    if mover is None:
        return []
    if mover == CHANCE:
        return [action for action, _ in chance_outcomes(state)]
    top = state.pending[-1]
    choices = _CHOICES.get(top.kind)
    return choices(state, top.seat) if choices is not None else []
