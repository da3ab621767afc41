"""Brotherhood of the Watch at a real table (table mode): the question at
each of its chance steps (the wildling die, a wildling token turned up,
Melisandre's look), and the wildling tokens turned up together asked on
one line (added to ``table_entry.PROMPTS`` and ``table_entry.BATCHES``)."""

from __future__ import annotations

from castletui.rules.core import seat_ref
from castletui.rules.core.table_entry import Batch

from ..edition import CLANS
from ..state import State, Step, Token


def _wildling_die_prompt(state: State, step: Step) -> str:
    return f"What does the wildling die (d12) show? ({seat_ref(step.seat)}'s roll)"


def _token_prompt(state: State, step: Step) -> str:
    where = "the pool" if step.target == 1 else f"{seat_ref(step.seat)}'s build-cost card"
    return f"Which wildling token is turned up from {where}?"


def _peek_prompt(state: State, step: Step) -> str:
    who = seat_ref(step.seat)
    if state.table_mode:
        return (
            f"{who} looks at the top {step.count} development cards alone (Melisandre): nobody types them in."
        )
    return f"Which development card does {who} see next? (Melisandre)"


PROMPTS = {"wildling-die": _wildling_die_prompt, "token": _token_prompt, "peek": _peek_prompt}
"""Added to ``table_entry.PROMPTS``."""


def _token_kind(token: str) -> str:
    """ "cave giant": a token as a player types it."""
    clan, kind = token.split("/")
    return f"{clan} {kind}"


TOKEN_KINDS = tuple(f"{clan.name} {kind}" for clan in CLANS for kind in ("regular", "climber", "giant"))
"""The nine kinds of wildling token, as typed ("river regular" .. "hornfoot giant")."""


def _token_of(action) -> str | None:
    return _token_kind(action.token) if isinstance(action, Token) else None


def tokens_batch(state: State) -> Batch | None:
    """Wildling tokens turned up together (a keep's two, a settlement's and
    a pool token for Longest Road), as one line of counts."""
    pending = state.pending
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


BATCHES = {"token": tokens_batch}
"""Added to ``table_entry.BATCHES``."""
