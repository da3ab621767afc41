"""The command line: the parser and a small dispatcher. Each command is a
module of castletui/commands, loaded by name through one table,
:data:`LATER`, when that command runs: ``--version``, ``--help``,
``list``, ``rules --print``, ``calc`` and ``host`` never import textual, so
they answer at once (tests/test_layers.py checks it).

    castletui                       the main menu
    castletui new GAME [...]        the new-game wizard, or straight in with --players/--bots
    castletui resume [FILE]         the latest save, or FILE
    castletui new|resume|join ... --json [--seat N=exec:COMMAND]
                                    play as JSON lines on stdin/stdout; a program plays seat N
    castletui schema GAME           the JSON Schema of a seat's view in --json play
    castletui replay [FILE] [--as SEAT] [--text]
                                    watch a game again step by step (or print it as text)
    castletui list [--games]        saved games (or the games castletui plays)
    castletui verify FILE           check a save's or a table's record, and its draws against its seed
    castletui verify --store URL TABLE
                                    the same for a table of a PostgreSQL store
    castletui review FILE [--as SEAT] [--text]
                                    each player's chances move by move, turning points, luck
    castletui rules GAME [--print]  a game's rules reference
    castletui calc GAME [HELPER]    a rules helper for a real table (scoring, an attack...)
    castletui new GAME --shared     a game others join from their own terminals
    castletui join [FILE] [--seat N] [--as NAME]
                                    the lobby of shared tables, or a seat at one
    castletui serve [--port N]      the lobby in a web browser (textual-serve)
    castletui host [--open] [...]   castletui's own SSH server (asyncssh); host init/add/remove/players
    castletui tables export|import FOLDER --store URL
                                    move tables between a folder and a PostgreSQL store
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys

import castletui
from castletui import collector
from castletui.commands.base import Refused, fail, is_shared
from castletui.host import command as host_command
from castletui.later import loader
from castletui.rules import registry

LATER = {
    # Each command's module, with run(args) -> int:
    "app": "castletui.commands.play",  # the menu, new, resume, rules, replay FILE
    "shared": "castletui.commands.play_shared",  # new --shared, join
    "list": "castletui.commands.listing",
    "list --games": "castletui.commands.games",
    "rules --print": "castletui.commands.rules_text",
    "replay --text": "castletui.commands.replay_text",
    "calc": "castletui.commands.calc",
    "verify": "castletui.commands.verify",
    "tables": "castletui.commands.tables",  # export, import
    "review": "castletui.commands.review",
    "plain": "castletui.commands.plain",  # new, resume, join, replay with --plain
    "serve": "castletui.commands.serve",
    "host": "castletui.commands.host",  # add, remove, players
    "host serve": "castletui.commands.host_serve",
    # What the command line itself needs only now and then:
    "checks": "castletui.commands.checks",  # before any command (a --save-dir, a shared table)
    "settings": "castletui.settings",  # where the settings file is, for --help
    "seeds": "castletui.saves.seeds",  # --seed
    "crash": "castletui.crash",  # an unexpected error's crash log
    "json": "castletui.jsonlines.command",  # new/resume --json, --seat N=exec:..., schema
}
"""What the command line loads only when it is needed, by name
(importlib): a command loads nothing another needs, and ``castletui
--help`` loads no command at all. This table is the one place such a load
is declared; tests/test_imports.py follows it like an import, so it hides
no import cycle."""

NEEDS = {
    "serve": (
        "textual_serve",
        "castletui serve needs textual-serve: pip install 'castletui[serve]' (or textual-serve)",
    ),
    "host serve": ("asyncssh", host_command.INSTALL_HINT),
}
"""A command's optional package and what to say when it is missing (one
line, before its module loads: that module imports the package)."""


later = loader(LATER)
"""The module :data:`LATER` names, loaded the first time it is asked for."""

RUN_THE_APP = ("app", "shared")
"""The commands that open the app: the cycle collector is held from before
their module loads (textual, castletui's screens) until the app's first frame
(castletui/collector.py)."""


PLAIN_HELP = "play as plain lines of text, for screen readers and braille displays (no full screen)"


def build_parser() -> argparse.ArgumentParser:
    parser = TopParser(
        prog="castletui",
        description="Castle board games in a terminal: play against friends or bots, resume saves, "
        "or keep score at a real table.",
    )
    parser.add_argument("--version", action=VersionAction, help="show program's version number and exit")
    save_dir_help = "where saves live (default: $CASTLETUI_SAVE_DIR or the user data folder)"
    parser.add_argument("--save-dir", metavar="DIR", help=save_dir_help)
    # Also accepted after the command (castletui list --save-dir DIR).
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--save-dir", metavar="DIR", default=argparse.SUPPRESS, help=save_dir_help)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    # Shared tables: where they live and who this castletui plays as.
    sharing = argparse.ArgumentParser(add_help=False)
    sharing.add_argument(
        "--table-dir",
        metavar="DIR",
        help="where shared tables live (default: $CASTLETUI_TABLE_DIR or the user data folder)",
    )
    sharing.add_argument(
        "--as",
        dest="as_name",
        metavar="NAME",
        help="play as NAME (the forced command of a game account; default: your Unix user)",
    )

    new = commands.add_parser("new", parents=[common, sharing], help="start a new game")
    new.add_argument("game", help=f"game id, e.g. {registry.ids()[0]} (see: castletui list --games)")
    new.add_argument("--variant", help="variant name (default: the game's first)")
    new.add_argument("--players", type=int, help="number of players")
    new.add_argument(
        "--bots", type=int, default=None, help="how many of the players (the last seats) are bots"
    )
    new.add_argument("--level", default="normal", help="bot level: random, easy, normal, hard")
    new.add_argument("--names", help="player names, comma-separated")
    new.add_argument(
        "--mode", choices=("digital", "table"), default="digital", help="table: you enter real dice and draws"
    )
    new.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    new.add_argument("--seed", type=seed_argument, help="seed for a reproducible game")
    new.add_argument(
        "--shared",
        action="store_true",
        help="a shared table: you take the first person's seat, others join from their own terminals",
    )
    new.add_argument(
        "--per-move",
        metavar="TIME",
        help="a shared table's time per move: none (the default), or any whole number of "
        "minutes, hours or days (the wizard offers 1h, 1d, 3d; 90min, 2h work too); "
        "when a seat's time is out the others may hand it to a bot",
    )

    add_program_arguments(new)

    join = commands.add_parser(
        "join", parents=[common, sharing], help="the lobby of shared tables, or a seat at one"
    )
    join.add_argument("file", nargs="?", help="a table (a path, or its name in the table folder)")
    join.add_argument(
        "--seat", type=int, help="the seat to take (1, 2...; default: yours, else the first free)"
    )
    # castletui host's: the account (its id) the player logged in as, named by --as.
    join.add_argument("--account", metavar="ID", help=argparse.SUPPRESS)
    join.add_argument("--json", action="store_true", help="play your seat as JSON lines on stdin/stdout")

    serve = commands.add_parser(
        "serve", parents=[common, sharing], help="the lobby of shared tables in a web browser"
    )
    serve.add_argument("--host", default="localhost", help="the address to listen on (default: localhost)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")

    host_command.add_parser(commands)

    resume = commands.add_parser(
        "resume", parents=[common], help="continue a saved game (the latest if no FILE)"
    )
    resume.add_argument("file", nargs="?", help="a .toml or .json save")
    add_program_arguments(resume)

    schema = commands.add_parser("schema", help="the JSON Schema of a seat's view in --json play")
    schema.add_argument("game", help="game id")

    replay = commands.add_parser(
        "replay", parents=[common], help="watch a game again, step by step (the load screen if no FILE)"
    )
    replay.add_argument("file", nargs="?", help="a .toml or .json save, or a shared table")
    replay.add_argument(
        "--as",
        dest="as_name",
        metavar="SEAT",
        help="whose eyes: a seat number or a player's name, or all (a finished game only); "
        "a shared table is always seen through your own seat's",
    )
    replay.add_argument("--text", action="store_true", help="print the game as text instead of showing it")
    for plain in (new, join, resume, replay):
        plain.add_argument("--plain", action="store_true", help=PLAIN_HELP)

    listing = commands.add_parser("list", parents=[common], help="list saved games")
    listing.add_argument("--games", action="store_true", help="list the games and variants instead")

    rules = commands.add_parser("rules", parents=[common], help="a game's rules reference")
    rules.add_argument("game", nargs="?", default="", help="game id")
    rules.add_argument("--print", action="store_true", help="print the text instead of opening the app")

    verify = commands.add_parser(
        "verify",
        parents=[common],
        help="check a save or a shared table: its record, and every draw and roll against its seed",
    )
    verify.add_argument(
        "file", help="a .toml or .json save, or a shared table (with --store: the table's name)"
    )
    verify.add_argument(
        "--store",
        metavar="URL",
        help="verify a table of this PostgreSQL store (named as tables export names it)",
    )

    tables = commands.add_parser(
        "tables",
        help="move shared tables between a table folder and a PostgreSQL store (export, import)",
    )
    actions = tables.add_subparsers(dest="tables_command", metavar="export|import", required=True)
    for action, words in (
        ("export", "copy the store's tables into FOLDER as table files"),
        ("import", "copy FOLDER's table files into the store"),
    ):
        moved = actions.add_parser(action, help=words, description=words + ", each verified after")
        moved.add_argument("folder", metavar="FOLDER", help="a table folder")
        moved.add_argument("table", nargs="*", help="only these tables (default: all)")
        moved.add_argument("--store", metavar="URL", help="the PostgreSQL store (default: $CASTLETUI_STORE)")

    review = commands.add_parser(
        "review",
        parents=[common],
        help="each player's chances move by move, the turning points and the luck of a saved game",
    )
    review.add_argument("file", help="a .toml or .json save, or a shared table")
    review.add_argument(
        "--as",
        dest="as_name",
        metavar="SEAT",
        help="whose eyes: a seat number or a player's name, or all (a finished game only); "
        "an unfinished game or a shared table is reviewed only for one seat",
    )
    review.add_argument("--text", action="store_true", help="print the review (the default for now)")
    review.add_argument(
        "--budget", type=int, default=None, metavar="ROUNDS", help="rounds of search a decision (default: 48)"
    )
    review.add_argument("--workers", type=int, default=None, help=argparse.SUPPRESS)

    calc = commands.add_parser(
        "calc", help="a rules helper for a game on a real table (end-of-game scoring, an attack...)"
    )
    calc.add_argument("game", help="game id")
    calc.add_argument("helper", nargs="?", help="which helper (default: asked)")
    calc.add_argument("--list", action="store_true", help="list the game's helpers")
    return parser


def add_program_arguments(parser: argparse.ArgumentParser) -> None:
    """``--json`` and ``--seat``: play by JSON lines (castletui/jsonlines/)."""
    parser.add_argument(
        "--json", action="store_true", help="play as JSON lines on stdin/stdout (see: Writing a bot)"
    )
    parser.add_argument(
        "--seat",
        dest="programs",
        action="append",
        default=[],
        metavar="N=exec:COMMAND",
        help="a program plays seat N, speaking JSON lines (repeatable)",
    )
    parser.add_argument(
        "--seat-time",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="how long a --seat program may take to answer (default: 5)",
    )


class VersionAction(argparse.Action):
    """``--version``, as argparse's own, but the version is read only when
    asked for (castletui.version: the metadata costs every start some 15 ms)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        parser._print_message(f"castletui {castletui.version()}\n", sys.stdout)
        parser.exit()


class TopParser(argparse.ArgumentParser):
    """``castletui --help`` ends with where the settings file is; found only
    when the help is shown, so that other commands do not pay for it."""

    def format_help(self) -> str:
        if self.epilog is None:
            self.epilog = later("settings").help_text()
        return super().format_help()


def seed_argument(text: str) -> int:
    """``--seed``: a whole number a save holds (saves/seeds.py), checked
    before Python's ``int`` refuses a very long one in its own words."""
    try:
        return later("seeds").read_seed(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


_prebuilt: list[argparse.ArgumentParser] = []
"""A parser built ahead (:func:`prebuild_parser`), for this process's first :func:`main`."""


def prebuild_parser(example: list[str] | None = None) -> None:
    """Build the command line's parser ahead, for the next :func:`main`:
    the host's zygote does it before it forks, so a session parses its
    command line with the zygote's parser (shared, copy-on-write) rather
    than building its own (issue 45: less memory of its own, a sooner
    first frame). The parser holds no setting, folder or environment (its
    defaults are constants), so it is the same for every player. With an
    ``example`` command line it is parsed once, its result dropped: the
    patterns argparse compiles to parse one are then in ``re``'s cache."""
    parser = build_parser()
    if example is not None:
        parser.parse_args(example)
    _prebuilt[:] = [parser]


def main(argv: list[str] | None = None) -> int:
    """Run castletui. Every error is one clear line and a non-zero status;
    an unexpected one also leaves its traceback in a crash log."""
    try:
        parser = _prebuilt.pop() if _prebuilt else build_parser()
        args = parser.parse_args(argv)
        return run(args)
    except Refused as refusal:
        return fail(str(refusal))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `castletui list | head` closed our output: nothing more to say to it.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as error:  # noqa: BLE001 - the last word: never a raw traceback
        log = later("crash").write_crash_log(error)
        where = f"; the details are in {log}" if log else ""
        return fail(f"something went wrong ({type(error).__name__}){where}", status=1)


def run(args: argparse.Namespace) -> int:
    """The checks every command gets first, then the command's own module."""
    if getattr(args, "save_dir", None) or is_shared(args) or args.command in ("serve", "host"):
        later("checks").run(args)
    if plain_by_setting(args):
        args.plain = True
    command = command_of(args)
    if command in NEEDS:
        package, hint = NEEDS[command]
        try:
            importlib.import_module(package)
        except ImportError:
            raise Refused(hint) from None
    if command not in RUN_THE_APP:
        return later(command).run(args)
    collector.hold()  # the app releases it at its first frame
    try:
        return later(command).run(args)
    finally:
        collector.release()  # an app that never started (a refused save, an error) leaves it held


def plain_by_setting(args: argparse.Namespace) -> bool:
    """Whether the settings say this player plays in plain lines
    (``plain = true``: at a host, an account's own choice) and the command
    is one that can (not when ``--json`` or a program seat asks for JSON)."""
    if (
        not hasattr(args, "plain")
        or args.plain
        or getattr(args, "json", False)
        or getattr(args, "programs", None)
    ):
        return False
    # Not through ``later``: the command's own module is what that loads.
    return importlib.import_module(LATER["settings"]).load()[0].plain


def command_of(args: argparse.Namespace) -> str:
    """Which of :data:`LATER`'s commands ``args`` asks for."""
    command = args.command
    if getattr(args, "plain", False):
        return "plain"
    if command == "list":
        return "list --games" if args.games else "list"
    if command == "rules" and args.print:
        return "rules --print"
    if command == "replay" and args.text:
        return "replay --text"
    if command == "host":
        return "host" if getattr(args, "host_command", None) else "host serve"
    if command in ("serve", "calc", "verify", "tables", "review"):
        return command
    if command == "schema" or getattr(args, "json", False) or getattr(args, "programs", None):
        return "json"
    return "shared" if is_shared(args) else "app"
