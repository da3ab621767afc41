"""A seat's owner back at a shared table after a bot stood in for them
(saves.clock): whoever answers at their own seat's terminal, a key in the
app or a line in plain mode, has returned. The seat is theirs again at
once, and they are told what the bot played in their place. Headless:
the game screen (castletui/screens/game_clock.py), plain mode
(castletui/plain/game.py) and the lobby (castletui/tables.py) share it."""

from __future__ import annotations

from typing import Any

from castletui.saves import clock
from castletui.saves.owners import owner_field

TOLD_LINES = 8
"""The most of a stand-in bot's log lines a returning player's notice shows."""
WELCOME_TITLE = "Welcome back"


def stood_in(session: Any) -> clock.StandIn | None:
    """The bot standing in for this terminal's own seat, as the session last read the table."""
    if not session.shared or session.watching or session.seating is None:
        return None
    return clock.stand_in_of(session.seating, session.seat)


def take_seat_back(session: Any) -> clock.StandIn | None:
    """Give the session's seat back to its owner if a bot stands in for it
    on the table now: the stand-in it had (None: nothing to give back).
    The caller then takes in the table (its seating changed). SaveError
    when the table cannot be read or written."""
    if not session.shared or session.watching:
        return None
    seat, who = session.seat, session.who
    _, seating = session.table.read()
    stand_in = clock.stand_in_of(seating, seat)
    if stand_in is None or seating.owners[seat] != owner_field(who):
        return None
    session.table.take_seat(seat, who, session.names[seat])  # saves.table.seated: the owner's again
    return stand_in


def welcome_back(session: Any, stand_in: clock.StandIn, whole_log: str = "g shows the whole log") -> str:
    """The welcome back (:func:`what_the_bot_did`), its moves noted in the
    session as told (``told_back``): a front end that tells news in lines
    (plain mode) does not tell them again."""
    session.told_back = tuple(clock.stood_in_plies(session.save, stand_in))
    return what_the_bot_did(session, stand_in, whole_log)


def what_the_bot_did(session: Any, stand_in: clock.StandIn, whole_log: str = "g shows the whole log") -> str:
    """The welcome back: what the bot that stood in played, its moves' log
    lines as the returning seat may read them (the session's log, taken in
    from the table)."""
    plies = {ply + 1 for ply in clock.stood_in_plies(session.save, stand_in)}  # a LogLine's ply: after it
    lines = [line.text for line in session.log if line.ply in plies]
    told = "\n".join(lines[-TOLD_LINES:]) or "It had not moved yet."
    if len(lines) > TOLD_LINES:
        told += f"\n(and {len(lines) - TOLD_LINES} lines before: {whole_log})"
    return f"Your seat is yours again. While your time was out a bot played for you ({stand_in.by} chose it):\n{told}"
