"""Catapult Castle legal actions: what the decision on top lets its seat do.
For chance, the outcomes themselves (``chance``). ``apply`` checks every
action on its own and says why it refuses one."""

from __future__ import annotations

from rules.catapult_castle.chance import chance_outcomes
from rules.catapult_castle.edition import (
    EDITION,
    KINDS,
    MAGIC_TOSS,
    ROOF,
    SQUARE_COUNT,
    SQUARE_NAMES,
    STRONG_AMMO,
)
from rules.catapult_castle.flow import to_move
from rules.catapult_castle.state import (
    DONE_REARRANGING,
    GIVES,
    PLACES,
    PLAY_ROOF,
    PLAYS,
    REARRANGE,
    RETURN_TO_BOX,
    SHOOT,
    SHOOT_FROM,
    SKIP_EXTRA_SHOT,
    Action,
    State,
    aim_action,
    move_action,
)
from rules.catapult_castle.table import is_solo, placement, rearrange_limit, targets
from rules.core import CHANCE

ACCURACIES = (0, 25, 50, 75, 100)
"""The accuracies ``legal_actions`` lists for each target (``apply`` takes any 0..100)."""

# The listed Aims at each square, per firing mat (-1: the shooter's own
# corner), built once: a turn lists dozens of them.
_AIMS_AT = {
    (q, from_mat): tuple(aim_action(q, accuracy, from_mat) for accuracy in ACCURACIES)
    for q in range(SQUARE_COUNT)
    for from_mat in range(-1, len(EDITION.mats))
}


def _card_plays(state: State, seat: int) -> list[Action]:
    # In the rulebook's order of the card kinds, whatever order the hand keeps.
    plays: list[Action] = []
    hand = state.hands[seat]
    if not hand:
        return plays
    for kind in KINDS:
        if kind not in hand:
            continue
        if kind == ROOF:
            stacks = state.stacks
            plays += [PLAY_ROOF[q] for q in state.squares if stacks[q].towers and stacks[q].roof < 0]
        elif (kind == MAGIC_TOSS and state.magic_toss) or (kind == STRONG_AMMO and state.strong_ammo):
            continue
        else:
            plays.append(PLAYS[kind])
    return plays


def _turn_actions(state: State, seat: int) -> list[Action]:
    actions: list[Action] = []
    solo = is_solo(state)
    if not state.shot_taken and not state.beginner:
        actions += _card_plays(state, seat)
    if solo and state.rearrangements_left > 0:
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
    return [PLACES[SQUARE_NAMES[q % 4]] for q in squares]


def _stack_card_actions(state: State, seat: int) -> list[Action]:
    hand = state.hands[seat]
    return [GIVES[kind] for kind in KINDS if kind in hand]


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


_CHOICES = {
    "turn": _turn_actions,
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
