"""Chance decisions: who starts, and the card that comes up at a draw (its
odds from the multiset left in the pile), and the question table mode asks
at each of them."""

from __future__ import annotations

from rules.core import seat_ref, top
from rules.core.multiset import counts

from .decks import draw_source, face_down_draw
from .edition import CARDS, FACE_DOWN, HIDDEN
from .state import Draw, FirstPlayer, State


def chance_outcomes(state: State) -> list[tuple[Draw | FirstPlayer, float]]:
    step = top(state.pending)
    if step is None:
        return []
    if step.kind == "first":
        seats = len(state.players)
        return [(FirstPlayer(seat), 1 / seats) for seat in range(seats)]
    if step.kind != "draw":
        return []
    if face_down_draw(state, step):
        # Nobody looks at the card: the table has nothing to say but that it went face down.
        return [(Draw(FACE_DOWN), 1.0)]
    deck, under = draw_source(state, step)
    if deck:
        total = len(deck)
        return [(_DRAWS[card], count / total) for card, count in counts(deck)]
    # The shuffled part is gone: the card put back under comes up, for sure.
    return [(Draw(under[0]), 1.0)]


_DRAWS = {name: Draw(name) for name in (*CARDS, HIDDEN, FACE_DOWN)}
"""One Draw per card, shared: a draw lists the odds of some 30 cards, and
random play and the bots list them at every draw."""


def chance_prompt(state: State) -> str:
    """The question table mode asks at a chance step; its answers are the
    ``label`` of each outcome. A face-down loot card is never named: the
    table only confirms it went face down."""
    step = top(state.pending)
    if step is None:
        return "What happened at the table?"
    if step.kind == "first":
        return "Who starts? (the player who most recently saw a castle, or the youngest)"
    if step.kind != "draw":
        return "What happened at the table?"
    who = seat_ref(step.target)
    if step.source == "loot":
        return (
            f"{who} takes one of {seat_ref(step.source_seat)}'s face-down loot cards without "
            "looking: it stays face down."
        )
    if step.dest == "loot":
        return f"{who} takes the top Village card as loot, face down: nobody looks at it."
    if step.source == "reveal":
        return f"{who} turns a face-down loot card up into hand: which card is it?"
    if step.dest == "open":
        return "Which Dungeon card is turned up?"
    deck = {"village": "Village", "siege": "Siege", "academy": "Academy"}.get(step.source, "")
    return f"Which {deck} card did {who} draw?"
