"""Chance decisions: the terrain the variable set-up puts on each hex, the
two dice (one outcome, their sum), a development card drawn and a card
stolen (odds from the multiset left), and the question table mode asks at
each of them."""

from __future__ import annotations

from rules.core import seat_ref, top
from rules.core.multiset import counts

from .board import BOARDS
from .edition import CLANS, DEVELOPMENT, RESOURCES, TERRAIN_RESOURCE, WATCH, token_parts
from .state import Dice, DrawDevelopment, PeekDevelopment, PlaceTerrain, State, Steal, Token, WildlingDie

DICE_ODDS = tuple((total, (6 - abs(7 - total)) / 36) for total in range(2, 13))
_DICE = [(Dice(total), odds) for total, odds in DICE_ODDS]
_TERRAIN = {name: PlaceTerrain(name) for name in TERRAIN_RESOURCE}
_DRAWS = {name: DrawDevelopment(name) for name in DEVELOPMENT}
_STEALS = {name: Steal(name) for name in RESOURCES}
_FACES = [(WildlingDie(face), 1 / WATCH.die_faces) for face in range(1, WATCH.die_faces + 1)]
_PEEKS = {name: PeekDevelopment(name) for name in DEVELOPMENT}
_TOKENS: dict[str, Token] = {}


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
    if kind == "wildling-die":
        return list(_FACES)
    if kind == "token":
        # Nobody has seen a face-down token: each is as likely as another.
        hidden = state.tokens_hidden
        return [(_token(name), count / len(hidden)) for name, count in counts(hidden)]
    if kind == "peek":
        deck = state.development_deck
        return [(_PEEKS[name], count / len(deck)) for name, count in counts(deck)]
    return []


def _token(name: str) -> Token:
    token = _TOKENS.get(name)
    if token is None:
        token = _TOKENS[name] = Token(name)
    return token


def token_words(token: str) -> str:
    """ "a giant of the Cave people"."""
    clan, kind = token_parts(token)
    return f"a {kind} of the {CLANS[clan].title}"


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
    if step.kind == "wildling-die":
        return f"What does the wildling die (d12) show for {seat_ref(step.seat)}?"
    if step.kind == "token":
        where = "the pool" if step.target == 1 else f"{seat_ref(step.seat)}'s build-cost card"
        return f"Which wildling token is revealed from {where}?"
    if step.kind == "peek":
        return f"Which development card does {seat_ref(step.seat)} see next? ({seat_ref(step.seat)} answers alone)"
    if step.kind == "steal":
        return (
            f"{seat_ref(step.seat)} takes a card at random from {seat_ref(step.target)}: which is it? "
            f"({seat_ref(step.seat)} or {seat_ref(step.target)} answers)"
        )
    return "What happened at the table?"
