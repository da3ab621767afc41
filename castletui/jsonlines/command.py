"""``castletui new GAME ... --json``, ``castletui resume [FILE] --json``,
``--seat N=exec:COMMAND`` (with or without ``--json``) and ``castletui
schema GAME``: every argument checked first, a refusal in one line on
stderr; in ``--json`` mode stdout carries JSON lines only."""

from __future__ import annotations

import argparse
import datetime
import signal
import sys
from typing import Any

import msgspec

from castletui import collector, saves
from castletui.commands.base import Refused, fail
from castletui.commands.folders import save_folder
from castletui.jsonlines import schema
from castletui.jsonlines.program import ProgramSeat, parse_seats
from castletui.rules import registry
from castletui.saves import Player


def run(args: argparse.Namespace) -> int:
    if args.command == "schema":
        return print_schema(args.game)
    try:
        return play(args)
    except Refused as refusal:
        return fail(str(refusal))


def print_schema(game_id: str) -> int:
    if game_id not in registry.ids():
        return fail(str(registry.UnknownGame(game_id)))
    sys.stdout.write(msgspec.json.format(msgspec.json.encode(schema.view_schema(game_id))).decode() + "\n")
    return 0


def play(args: argparse.Namespace) -> int:
    from castletui.commands.start import start_from  # the app's Start: textual, loaded only here

    if args.command == "new" and args.players is None and args.bots is None and args.names is None:
        args.bots = 0  # no wizard here: the game's usual number of people
    if args.command == "new" and args.shared:
        raise Refused("--json and --seat play on this machine: --shared takes neither.")
    start = start_from(args, registry)
    if isinstance(start, int):
        return start
    if getattr(args, "json", False):
        return play_json(args, session_for(args, start))
    return play_app(args, start)


def session_for(args: argparse.Namespace, start: Any) -> Any:
    """The game to play as JSON lines: a new one saved in the save folder, or the save resumed."""
    from castletui.session import Session

    save_dir = save_folder(args)
    try:
        if start.kind == "play":
            new_game = dict(start.new_game)
            if new_game["mode"] != "digital":
                raise Refused("--json plays digital games: the game draws its own dice and cards.")
            new_game["players"] = with_programs(args, new_game["players"])
            stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")
            path = saves.new_save_path(save_dir, f"{new_game['game_id']}-{stamp}")
            return Session.new(**new_game, path=path)
        path = start.path
        if path is None:
            latest = saves.latest_save(save_dir)
            if latest is None:
                raise Refused(f"no saved games in {save_dir} yet.")
            path = latest.path
        session = Session.open(path)
    except saves.SaveError as error:
        raise Refused(str(error)) from None
    if session.mode != "digital":
        raise Refused("--json plays digital games: that save is played in table mode.")
    check_program_seats(args, session.players)
    return session


def with_programs(args: argparse.Namespace, players: list[Player]) -> list[Player]:
    """The new game's players, each seat a program plays saved as a bot's
    (resumed without the program, the built-in bot plays it)."""
    seats = program_seats(args, len(players))
    return [
        Player(player.name, "bot", player.level if player.is_bot else args.level) if seat in seats else player
        for seat, player in enumerate(players)
    ]


def check_program_seats(args: argparse.Namespace, players: list[Player]) -> None:
    for seat in program_seats(args, len(players)):
        if not players[seat].is_bot:
            raise Refused(
                f"seat {seat + 1} is {players[seat].name}'s, a person's: only a bot's seat "
                "is given to a program when a game is resumed."
            )


def program_seats(args: argparse.Namespace, players: int) -> dict[int, str]:
    try:
        return parse_seats(getattr(args, "programs", None) or [], players)
    except ValueError as error:
        raise Refused(str(error)) from None


def attach_programs(
    args: argparse.Namespace, session: Any, on_refusal: Any, errors: Any
) -> list[ProgramSeat]:
    """The programs of ``--seat``, each asked by the session for its seat's moves."""
    seats = program_seats(args, len(session.players))
    time_limit = args.seat_time
    programs = [ProgramSeat(seat, command, time_limit, on_refusal, errors) for seat, command in seats.items()]
    session.programs = {program.seat: program for program in programs}
    return programs


def play_json(args: argparse.Namespace, session: Any) -> int:
    """The game as JSON lines on stdin and stdout, to its end or the end of the input."""
    from castletui.jsonlines.conversation import Conversation

    conversation = Conversation(session, sys.stdin.buffer, sys.stdout.buffer)

    def refused(seat: int, cause: str, reason: str) -> None:
        conversation.send(refused_message(seat, cause, reason))
        print(f"castletui: {reason}", file=sys.stderr)

    programs = attach_programs(args, session, refused, sys.stderr)
    ending = signal.signal(signal.SIGTERM, _stop)
    try:
        for program in programs:
            program.start(session)
        finished = conversation.play()
        for program in programs:
            program.finish(session)
    finally:
        for program in programs:
            program.close()
        signal.signal(signal.SIGTERM, ending)
    if not finished:
        where = f"; castletui resume {session.path} --json goes on" if session.path else ""
        print(
            f"castletui: the input ended before the game did: it is saved at move {session.ply}{where}.",
            file=sys.stderr,
        )
    return 0


def refused_message(seat: int, cause: str, reason: str) -> Any:
    from castletui.jsonlines.protocol import Refused as RefusedMessage

    return RefusedMessage(seat, cause, reason)


def _stop(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)  # the programs are ended on the way out (finally)


def play_app(args: argparse.Namespace, start: Any) -> int:
    """The app, with the programs of ``--seat`` playing their seats."""
    from castletui.commands.play import app_settings, run_app
    from castletui.jsonlines.app import ProgramSeatsApp

    if start.kind == "play":
        start.new_game["players"] = with_programs(args, start.new_game["players"])
    collector.hold()  # the app releases it at its first frame
    app = None

    def make_app(start: Any, save_dir: Any, _: Any) -> Any:
        nonlocal app
        app = ProgramSeatsApp(start, save_dir=save_dir, **app_settings(args))
        app.program_args = args
        return app

    try:
        return run_app(args, lambda: None, make_app)
    finally:
        collector.release()
        if app is not None:
            app.close_programs()
