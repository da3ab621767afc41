"""Chance decisions: the terrain the variable set-up puts on each hex, the
two dice (one outcome, their sum), a development card drawn and a card
stolen (odds from the multiset left), and the question table mode asks at
each of them."""

from __future__ import annotations

from rules.core import seat_ref, top
from rules.core.multiset import counts

from .board import BOARDS
from .edition import DEVELOPMENT, RESOURCES, TERRAIN_RESOURCE
from .state import Dice, DrawDevelopment, PlaceTerrain, State, Steal

DICE_ODDS = tuple((total, (6 - abs(7 - total)) / 36) for total in range(2, 13))
_DICE = [(Dice(total), odds) for total, odds in DICE_ODDS]
_TERRAIN = {name: PlaceTerrain(name) for name in TERRAIN_RESOURCE}
_DRAWS = {name: DrawDevelopment(name) for name in DEVELOPMENT}
_STEALS = {name: Steal(name) for name in RESOURCES}


def chance_outcomes(state: State) -> list:
    step = top(state.pending)
    if step is None:
        return []
    kind = step.kind
    if kind == "dice":
        return list(_DICE)
    if kind == "terrain":
        bag = state.terrain_bag
        return [(_TERRAIN[name], count / len(bag)) for name, count in counts(bag)]
    if kind == "draw":
        deck = state.development_deck
        return [(_DRAWS[name], count / len(deck)) for name, count in counts(deck)]
    if kind == "steal":
        hand = state.players[step.target].hand
        return [(_STEALS[name], count / len(hand)) for name, count in counts(hand)]
    return []


def chance_prompt(state: State) -> str:
    """The question table mode asks at a chance step; its answers are the
    ``label`` of each outcome."""
    step = top(state.pending)
    if step is None:
        return "What happened at the table?"
    if step.kind == "dice":
        return f"What did {seat_ref(step.seat)} roll? (the sum of the two dice)"
    if step.kind == "terrain":
        board = BOARDS[len(state.players)]
        return f"Which terrain lies on the hex with the {board.hex_numbers[step.target]} at {board.hex_names[step.target]}?"
    if step.kind == "draw":
        return f"Which development card did {seat_ref(step.seat)} draw? ({seat_ref(step.seat)} answers alone)"
    if step.kind == "steal":
        return (
            f"{seat_ref(step.seat)} takes a card at random from {seat_ref(step.target)}: which is it? "
            f"({seat_ref(step.seat)} or {seat_ref(step.target)} answers)"
        )
    return "What happened at the table?"
