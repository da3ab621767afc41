"""What happened, as the person at the keyboard may read it: the log lines
of a run of moves, each read through that person's eyes (the rules'
``log_lines``, as the session's log reads them). Only the new moves are
read: the session's own log is read again whole whenever the person at
the keyboard changes, and a long hot-seat game would pay for it at every
curtain."""

from __future__ import annotations

from typing import Any

from castletui.rules.core import log_lines, name_seats


def lines(
    session: Any, viewer: int, since: int, until: int | None = None, skip: tuple[int, ...] = ()
) -> list[str]:
    """The log lines of the moves after ply ``since`` (up to ``until``), as
    ``viewer`` reads them; none for the plies in ``skip`` (told already)."""
    until = session.ply if until is None else until
    # Whose eyes the log is read through: the session's own answer (its
    # own seat at a shared table, what the whole table may read in table mode).
    eyes = session._log_seat_for(viewer)
    said = []
    for ply in range(max(since, 0), until):
        if ply in skip:
            continue
        before, after = session.states[ply], session.states[ply + 1]
        for line in log_lines(session.game, before, session.action_at(ply), after, eyes):
            said.append(name_seats(line, session.names))
    return said
