"""The seats ``--seat N=exec:COMMAND`` gives to programs: checked against
the game's players, and each program attached to its session (whose
``bot_decision`` asks it first)."""

from __future__ import annotations

import argparse
from typing import Any

from castletui.commands.base import Refused
from castletui.jsonlines.program import ProgramSeat, parse_seats
from castletui.saves import Player


def program_seats(args: argparse.Namespace, players: int) -> dict[int, str]:
    """Seat -> command, from ``--seat``; Refused in words."""
    try:
        return parse_seats(getattr(args, "programs", None) or [], players)
    except ValueError as error:
        raise Refused(str(error)) from None


def with_programs(args: argparse.Namespace, players: list[Player]) -> list[Player]:
    """A new game's players, each seat a program plays saved as a bot's
    (resumed without the program, the built-in bot plays it)."""
    seats = program_seats(args, len(players))
    return [
        Player(player.name, "bot", player.level if player.is_bot else args.level) if seat in seats else player
        for seat, player in enumerate(players)
    ]


def check_program_seats(args: argparse.Namespace, players: list[Player]) -> None:
    """A resumed game gives a program only a bot's seat."""
    for seat in program_seats(args, len(players)):
        if not players[seat].is_bot:
            raise Refused(
                f"seat {seat + 1} is {players[seat].name}'s, a person's: only a bot's seat "
                "is given to a program when a game is resumed."
            )


def attach_programs(
    args: argparse.Namespace, session: Any, on_refusal: Any, errors: Any
) -> list[ProgramSeat]:
    """The programs of ``--seat``, each asked by the session for its seat's moves."""
    seats = program_seats(args, len(session.players))
    programs = [
        ProgramSeat(seat, command, args.seat_time, on_refusal, errors) for seat, command in seats.items()
    ]
    session.programs = {program.seat: program for program in programs}
    return programs
