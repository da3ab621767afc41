"""A Game of Thrones Catan at a real table (table mode): the screen API's
hooks for the chance decisions the players answer.

- ``chance_prompt(state)``: the question of one chance decision (the dice,
  a development card drawn, a card stolen, a terrain hex laid, a wildling
  token turned up, the wildling die);
- ``chance_batch(state)``: the wildling tokens turned up together, typed
  as counts;
- ``setup_form(state)``: the variable set-up's terrain on one form.

What may come up is the rules' own (``chance_outcomes``)."""

from __future__ import annotations

from rules.core import seat_ref, top
from rules.core.table_entry import Batch

from .board import BOARDS
from .edition import CLANS, TERRAIN_RESOURCE
from .state import PlaceTerrain, State, Token


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
            f"Which terrain lies on the hex with the {board.hex_numbers[step.target]} "
            f"at {board.hex_names[step.target]}?"
        )
    if kind == "draw":
        if state.table_mode:
            return (
                f"{who} draws a development card and keeps it secret: nobody types it in "
                "until it is played (or shown, a Victory Point card)."
            )
        return f"Which development card did {who} draw?"
    if kind == "wildling-die":
        return f"What does the wildling die (d12) show? ({who}'s roll)"
    if kind == "token":
        where = "the pool" if step.target == 1 else f"{who}'s build-cost card"
        return f"Which wildling token is turned up from {where}?"
    if kind == "peek":
        if state.table_mode:
            return (
                f"{who} looks at the top {step.count} development cards alone (Melisandre): "
                "nobody types them in."
            )
        return f"Which development card does {who} see next? (Melisandre)"
    if kind == "steal":
        return (
            f"Card {who} took from {seat_ref(step.target)}: which resource? "
            f"(at random, face down; {who} or {seat_ref(step.target)} types it)"
        )
    return "What happened at the table?"


# --- table mode: several pieces at once, and the set-up on one form ---------------

_TERRAINS = tuple(sorted(TERRAIN_RESOURCE))


def _terrain_of(action) -> str | None:
    return action.terrain if isinstance(action, PlaceTerrain) else None


def _token_kind(token: str) -> str:
    """ "cave giant": a token as a player types it."""
    clan, kind = token.split("/")
    return f"{clan} {kind}"


TOKEN_KINDS = tuple(f"{clan.name} {kind}" for clan in CLANS for kind in ("regular", "climber", "giant"))
"""The nine kinds of wildling token, as typed ("river regular" .. "hornfoot giant")."""


def _token_of(action) -> str | None:
    return _token_kind(action.token) if isinstance(action, Token) else None


def chance_batch(state: State) -> Batch | None:
    """Wildling tokens turned up together (a keep's two, a settlement's and
    a pool token for Longest Road), as one line of counts; None elsewhere."""
    pending = state.pending
    if not pending or pending[-1].kind != "token":
        return None
    steps = []
    for step in reversed(pending):
        if step.kind != "token":
            break
        steps.append(step)
    count = len(steps)
    from_card = sum(1 for step in steps if step.target != 1)
    parts = []
    if from_card:
        parts.append(f"{from_card} from {seat_ref(steps[0].seat)}'s build-cost card")
    if count - from_card:
        parts.append(f"{count - from_card} from the pool")
    noun = "Wildling tokens" if count > 1 else "Wildling token"
    question = f"{noun} turned up: {' and '.join(parts)}"
    return Batch(question, TOKEN_KINDS, count, _token_of)


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
                f"Hex {board.hex_names[step.target]} (the {board.hex_numbers[step.target]})",
                _TERRAINS,
                1,
                _terrain_of,
            )
        )
    return tuple(fields)
