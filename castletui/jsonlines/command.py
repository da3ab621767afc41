"""``castletui new GAME ... --json``, ``castletui resume [FILE] --json``,
``castletui join TABLE --json`` (and ``new --shared --json``), ``--seat
N=exec:COMMAND`` (with or without ``--json``) and ``castletui schema GAME``: every argument checked first, a refusal in one line on
stderr; in ``--json`` mode stdout carries JSON lines only."""

from __future__ import annotations

import argparse
import datetime
import signal
import sys
from typing import Any

import msgspec

from castletui import collector, saves
from castletui.commands.base import Refused, fail, is_shared
from castletui.commands.folders import save_folder
from castletui.jsonlines import protocol, schema
from castletui.jsonlines.conversation import Conversation
from castletui.jsonlines.seats import attach_programs, check_program_seats, with_programs
from castletui.later import loader
from castletui.rules import registry
from castletui.session import Session

LATER = {
    "start": "castletui.commands.start",  # the app's Start (textual): every argument checked
    "play": "castletui.commands.play",  # the app, with program seats
    "app": "castletui.jsonlines.app",
    "table": "castletui.jsonlines.table",  # a shared table: its watch, the lobby's seat taking
}
"""What only some of these commands load (textual: not for --json or schema)."""

later = loader(LATER)


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
    if args.command == "new" and args.players is None and args.bots is None and args.names is None:
        args.bots = 0  # no wizard here: the game's usual number of people
    shared = is_shared(args)
    if shared and getattr(args, "programs", None):
        raise Refused("a program plays a seat on this machine: --seat takes no --shared.")
    start = later("start").start_from(args, registry)
    if isinstance(start, int):
        return start
    if shared:
        return play_json(args, later("table").seated(args, start))
    if args.json:
        return play_json(args, session_for(args, start))
    return play_app(args)


def session_for(args: argparse.Namespace, start: Any) -> Session:
    """The game to play as JSON lines: a new one saved in the save folder, or the save resumed."""
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


def play_json(args: argparse.Namespace, session: Session) -> int:
    """The game as JSON lines on stdin and stdout, to its end or the end of the input."""
    conversation = Conversation(session, sys.stdin.buffer, sys.stdout.buffer)

    def refused(seat: int, cause: str, reason: str) -> None:
        conversation.send(protocol.Refused(seat, cause, reason))
        print(f"castletui: {reason}", file=sys.stderr)

    programs = attach_programs(args, session, refused, sys.stderr)
    stop_watching = None
    if session.shared:
        conversation.wait_for_the_table, stop_watching = later("table").watching(session)
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
        if stop_watching is not None:
            stop_watching()
        signal.signal(signal.SIGTERM, ending)
    if not finished:
        again = "join" if session.shared else "resume"
        where = f"; castletui {again} {session.path} --json goes on" if session.path else ""
        print(
            f"castletui: the input ended before the game did: it is saved at move {session.ply}{where}.",
            file=sys.stderr,
        )
    return 0


def _stop(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)  # the programs are ended on the way out (finally)


def play_app(args: argparse.Namespace) -> int:
    """The app, with the programs of ``--seat`` playing their seats."""
    collector.hold()  # the app releases it at its first frame
    made = []

    def make_app(start: Any, save_dir: Any, _: Any) -> Any:
        if start.kind == "play":  # run_app checked the arguments again: its own Start
            start.new_game["players"] = with_programs(args, start.new_game["players"])
        app = later("app").ProgramSeatsApp(start, save_dir=save_dir, **later("play").app_settings(args))
        app.program_args = args
        made.append(app)
        return app

    try:
        return later("play").run_app(args, lambda: None, make_app)
    finally:
        collector.release()
        for app in made:
            app.close_programs()
