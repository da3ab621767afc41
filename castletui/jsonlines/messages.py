"""The messages made from a session: what a seat is told at the start,
at a decision and at the end (castletui/jsonlines/protocol.py says what
each field means). Everything a seat is told comes from its own view."""

from __future__ import annotations

from typing import Any

from castletui.jsonlines import schema
from castletui.jsonlines.choices import Menu, choices
from castletui.jsonlines.protocol import PROTOCOL, Decision, End, Start
from castletui.rules.core import name_seats
from castletui.rules.core import screen as screen_api


def start(session: Any, seats: tuple[int, ...]) -> Start:
    return Start(
        PROTOCOL,
        session.save.game,
        session.variant,
        schema.version(session.save.game),
        tuple(session.names),
        tuple(seats),
    )


def decision(session: Any, seat: int, menu: Menu) -> tuple[Decision, dict[str, Any]]:
    """``seat``'s decision now (its scene and prompt from its view alone)
    and each choice's action by id."""
    game, view = session.game, session.view(seat)
    listed, by_id, note = choices(session, seat, menu)
    prompt = name_seats(screen_api.prompt(game, view, seat), session.names)
    if note:
        prompt = f"{prompt} {note}"
    scene = screen_api.scene(game, view, seat)
    return Decision(PROTOCOL, seat, session.ply, prompt, scene, listed), by_id


ABANDONED = "abandoned"
"""``decided_by`` of the end of a game the others ended as abandoned
(saves.clock): no winner, a loss for nobody."""


def end(session: Any) -> End:
    result = session.result()
    if session.abandoned:
        # The scores as the game stood: its seed is revealed, nothing in them is secret now.
        return End(tuple(result.scores), (), False, ABANDONED, tuple(session.names))
    return End(
        tuple(result.scores), tuple(result.winners), result.lost, result.decided_by, tuple(session.names)
    )
