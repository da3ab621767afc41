"""A Game of Thrones Catan at a real table (table mode): the screen API's
hooks for the chance decisions the players answer.

- ``chance_prompt(state)``: the question of one chance decision (the dice,
  a development card drawn, a card stolen, a terrain hex laid; a variant's
  own, such as a wildling token turned up or the wildling die, from
  ``PROMPTS``);
- ``chance_batch(state)``: pieces turned up together, typed as counts (a
  variant's, from ``BATCHES``: Brotherhood's wildling tokens);
- ``setup_form(state)``: the variable set-up's terrain on one form.

What may come up is the rules' own (``chance_outcomes``).

Registration points (``layers``): a variant adds table mode's question at
each of its chance steps to ``PROMPTS`` and pieces turned up together to
``BATCHES`` (its kind of step -> the function of the state).
"""

from __future__ import annotations

from collections.abc import Callable

from castletui.rules.core import seat_ref, top
from castletui.rules.core.table_entry import Batch

from .board import BOARDS
from .edition import TERRAIN_RESOURCE
from .state import PlaceTerrain, State, Step

PROMPTS: dict[str, Callable[[State, Step], str]] = {}
"""A variant's chance steps: kind -> (state, step) -> table mode's question."""
BATCHES: dict[str, Callable[[State], Batch | None]] = {}
"""A variant's chance steps answered together: kind on top -> the Batch (``chance_batch``)."""


def chance_prompt(state: State) -> str:
    """The question table mode asks at a chance step, naming what it is
    about (whose roll, which hex, whose hand); its answers are the ``label``
    of each outcome."""
    step = top(state.pending)
    if step is None:
        return "What happened at the table?"
    kind = step.kind
    who = seat_ref(step.seat)
    if kind == "dice":
        return f"What did the dice show? ({who}'s roll: the sum of the two dice)"
    if kind == "terrain":
        board = BOARDS[len(state.players)]
        return (
            f"Which terrain lies on {board.hex_places[step.target]} (the {board.hex_numbers[step.target]})?"
        )
    if kind == "draw":
        if state.table_mode:
            return (
                f"{who} draws a development card and keeps it secret: nobody types it in "
                "until it is played (or shown, a Victory Point card)."
            )
        return f"Which development card did {who} draw?"
    if kind == "steal":
        return (
            f"Card {who} took from {seat_ref(step.target)}: which resource? "
            f"(at random, face down; {who} or {seat_ref(step.target)} types it)"
        )
    asked = PROMPTS.get(kind)
    return asked(state, step) if asked is not None else "What happened at the table?"


# --- table mode: several pieces at once, and the set-up on one form ---------------

_TERRAINS = tuple(sorted(TERRAIN_RESOURCE))


def _terrain_of(action) -> str | None:
    return action.terrain if isinstance(action, PlaceTerrain) else None


def chance_batch(state: State) -> Batch | None:
    """Pieces turned up together, as one line of counts (a variant's, by the
    kind of step on top); None elsewhere."""
    pending = state.pending
    batch = BATCHES.get(pending[-1].kind) if pending else None
    return batch(state) if batch is not None else None


def setup_form(state: State) -> tuple[Batch, ...]:
    """The variable set-up: the terrain of each hex, one line each, in the
    order the hexes are laid (the oldest player starts and the heroes are
    dealt as printed: nothing else is drawn). () once the terrain is laid,
    and with the printed board."""
    board = BOARDS[len(state.players)]
    fields = []
    for step in reversed(state.pending):
        if step.kind != "terrain":
            break
        fields.append(
            Batch(
                f"{board.hex_places[step.target].capitalize()} (the {board.hex_numbers[step.target]})",
                _TERRAINS,
                1,
                _terrain_of,
            )
        )
    return tuple(fields)
