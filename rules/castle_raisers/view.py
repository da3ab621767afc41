"""Castle Raisers ``view``: what one seat may see."""

from __future__ import annotations

from castletui.rules.castle_raisers.state import State


def view(state: State, seat: int) -> State:
    """Castle Raisers has no secrets: every stack is a multiset anyone could work
    out from what has been revealed, and castles and Threat cards are open (so
    are the events of the last action)."""
    return state
