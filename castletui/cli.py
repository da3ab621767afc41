"""The command line. ``--version``, ``--help``, ``list`` and ``rules
--print`` never import textual, so they answer at once (a test checks it).

    castletui                       the main menu
    castletui new GAME [...]        the new-game wizard, or straight in with --players/--bots
    castletui resume [FILE]         the latest save, or FILE
    castletui replay [FILE] [--as SEAT] [--text]
                                    watch a game again step by step (or print it as text)
    castletui list [--games]        saved games (or the games castletui plays)
    castletui rules GAME [--print]  a game's rules reference
    castletui calc GAME [HELPER]    a rules helper for a real table (scoring, an attack...)
    castletui new GAME --shared     a game others join from their own terminals
    castletui join [FILE] [--seat N] [--as NAME]
                                    the lobby of shared tables, or a seat at one
    castletui serve [--port N]      the lobby in a web browser (textual-serve)
    castletui host [--open] [...]   castletui's own SSH server (asyncssh); host add/remove/players
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

from castletui import __version__
from castletui.host import command as host_command


def build_parser() -> argparse.ArgumentParser:
    parser = TopParser(
        prog="castletui",
        description="Castle board games in a terminal: play against friends or bots, resume saves, "
        "or keep score at a real table.",
    )
    parser.add_argument("--version", action="version", version=f"castletui {__version__}")
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
    new.add_argument("game", help="game id, e.g. catapult-castle (see: castletui list --games)")
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

    join = commands.add_parser(
        "join", parents=[common, sharing], help="the lobby of shared tables, or a seat at one"
    )
    join.add_argument("file", nargs="?", help="a table (a path, or its name in the table folder)")
    join.add_argument(
        "--seat", type=int, help="the seat to take (1, 2...; default: yours, else the first free)"
    )

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

    listing = commands.add_parser("list", parents=[common], help="list saved games")
    listing.add_argument("--games", action="store_true", help="list the games and variants instead")

    rules = commands.add_parser("rules", parents=[common], help="a game's rules reference")
    rules.add_argument("game", nargs="?", default="", help="game id")
    rules.add_argument("--print", action="store_true", help="print the text instead of opening the app")

    calc = commands.add_parser(
        "calc", help="a rules helper for a game on a real table (end-of-game scoring, an attack...)"
    )
    calc.add_argument("game", help="game id")
    calc.add_argument("helper", nargs="?", help="which helper (default: asked)")
    calc.add_argument("--list", action="store_true", help="list the game's helpers")
    return parser


class TopParser(argparse.ArgumentParser):
    """``castletui --help`` ends with where the settings file is; found only
    when the help is shown, so that other commands do not pay for it."""

    def format_help(self) -> str:
        if self.epilog is None:
            from castletui import settings

            self.epilog = settings.help_text()
        return super().format_help()


def settings_of(args: argparse.Namespace):
    """The settings file's settings (castletui/settings.py), read once per
    command; a broken file's one-line warning waits in
    ``args.settings_warning`` for whoever shows it (stderr, or the app)."""
    if not hasattr(args, "settings"):
        from castletui import settings

        args.settings, args.settings_warning = settings.load()
    return args.settings


def warn_about_settings(args: argparse.Namespace) -> None:
    """A broken settings file, in one line on stderr (commands without the app)."""
    settings_of(args)
    if args.settings_warning:
        print(f"castletui: {args.settings_warning}", file=sys.stderr)


def seed_argument(text: str) -> int:
    """``--seed``: a whole number a save holds (saves/seeds.py), checked
    before Python's ``int`` refuses a very long one in its own words."""
    from castletui.saves.seeds import read_seed

    try:
        return read_seed(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def split_option(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` from ``--option``; the value is parsed by the option's
    own type once the game is known (rules.core.parse_option)."""
    name, separator, raw = text.partition("=")
    if not separator or not name.strip():
        raise Refused(f"--option takes NAME=VALUE, not {text!r}")
    return name.strip(), raw


class Refused(Exception):
    """What the command line cannot do, as one line for the player."""


def main(argv: list[str] | None = None) -> int:
    """Run castletui. Every error is one clear line and a non-zero status;
    an unexpected one also leaves its traceback in a crash log."""
    try:
        args = build_parser().parse_args(argv)
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
        from castletui.crash import write_crash_log

        log = write_crash_log(error)
        where = f"; the details are in {log}" if log else ""
        return fail(f"something went wrong ({type(error).__name__}){where}", status=1)


def fail(message: str, status: int = 2) -> int:
    print(f"castletui: {message}", file=sys.stderr)
    return status


def run(args: argparse.Namespace) -> int:
    if getattr(args, "save_dir", None):
        check_folder(args.save_dir)
    check_posix(args)
    command = args.command
    if command == "list":
        return list_command(args)
    if command == "rules" and args.print:
        return print_rules(args.game)
    if command == "serve":
        return serve_command(args)
    if command == "host":
        return host_command.run(args)
    if command == "calc":
        return calc_command(args)
    if command == "replay" and args.text:
        return replay_text_command(args)
    return run_app(args)


def check_posix(args: argparse.Namespace) -> None:
    """Shared tables (join, new --shared, serve, host) lock their file with
    flock and know players by their Unix user: where there is neither
    (Windows), say so in one line before anything starts. Local play needs
    neither (saves.table.posix_problem)."""
    if is_shared(args) or args.command in ("serve", "host"):
        from castletui.saves.table import posix_problem

        problem = posix_problem()
        if problem:
            raise Refused(problem + ".")


def calc_command(args: argparse.Namespace) -> int:
    """A rules helper on a line prompt (castletui/calc.py); no textual."""
    from castletui import calc
    from castletui.rules import registry

    if args.game not in registry.ids():
        raise Refused(str(registry.UnknownGame(args.game)))
    argv = ["--list"] if args.list else [args.helper] if args.helper else []
    return calc.main(args.game, argv, sys.stdin, sys.stdout)


def check_folder(text: str) -> None:
    """Refuse a save folder no file system takes, before anything uses it."""
    from castletui.saves import SaveError, store

    try:
        store.check_folder_name(text)
    except SaveError as error:
        raise Refused(str(error)) from None


def list_command(args: argparse.Namespace) -> int:
    if args.games:
        from castletui.rules import registry

        for game_id in registry.ids():
            info = registry.get(game_id).INFO
            variants = ", ".join(
                f"{v.name} ({v.min_seats}{'' if v.min_seats == v.max_seats else f'-{v.max_seats}'})"
                for v in info.variants
            )
            print(f"{game_id:<18} {info.title}: {variants}")
        return 0
    from castletui import saves
    from castletui.listing import where_it_stands

    warn_about_settings(args)
    directory = save_folder(args)
    rows = saves.list_saves(directory)
    if not rows:
        print(f"No saved games in {directory}.")
        return 0
    print(f"{len(rows)} saved game{'s' if len(rows) != 1 else ''} in {printable(str(directory))}:")
    for row in rows:
        name = printable(Path(row.path).name)
        if row.problem:
            print(f"  {name:<40} damaged: {printable(row.problem)}")
            continue
        game = row.game + (
            f" ({row.variant}{', table' if row.mode == 'table' else ''})" if row.variant else ""
        )
        players = ", ".join(row.players)
        when = row.updated[:16].replace("T", " ")
        print(f"  {name:<40} {game:<36} {players:<28} {row.plies:>5} moves  {when}  {where_it_stands(row)}")
    return 0


def printable(text: str) -> str:
    """``text`` with anything a terminal would act on (escapes, line breaks)
    shown as ``?``: file names in a save folder can hold anything."""
    return "".join(character if character.isprintable() else "?" for character in text)


def open_replay(args: argparse.Namespace):
    """The replay of the FILE given to ``castletui replay``: a save seen by
    ``--as`` (any seat, or all, once the game is over), or a shared table
    seen by whoever runs this (``--as`` is then who they are, as for
    ``join``: honoured only over a folder of their own Unix user's)."""
    from castletui import saves
    from castletui.replay import Replay
    from castletui.rules.core import IllegalAction
    from castletui.saves.table import as_name_problem, identity, is_table

    path = find_save(args.file, save_folder(args))
    try:
        if is_table(path):
            try:
                who = identity(args.as_name)
            except saves.SaveError as error:
                raise Refused(f"--as: {error}") from None
            if args.as_name is not None:
                problem = as_name_problem(path.parent)
                if problem:
                    raise Refused(problem)
            return Replay.of_table(path, who)
        return Replay.open(path, args.as_name)
    except (saves.SaveError, IllegalAction) as error:
        raise Refused(printable(str(error))) from None


def replay_text_command(args: argparse.Namespace) -> int:
    """``castletui replay FILE --text``: the game as text (castletui/replay.py); no textual."""
    if not args.file:
        raise Refused("replay --text needs a FILE (see: castletui list).")
    warn_about_settings(args)
    replay = open_replay(args)
    for line in replay.text().splitlines():
        print(printable(line))
    return 0


def print_rules(game_id: str) -> int:
    from importlib import resources

    from castletui.rules import registry

    if not game_id:
        print("castletui rules GAME --print; games: " + ", ".join(registry.ids()))
        return 2
    try:
        game = registry.get(game_id)
    except registry.UnknownGame as error:
        print(f"castletui: {error}", file=sys.stderr)
        return 2
    print((resources.files(game.__name__) / "rules_text.md").read_text(encoding="utf-8"))
    return 0


def run_app(args: argparse.Namespace) -> int:
    from castletui.rules import registry

    start = start_from(args, registry)
    if isinstance(start, int):
        return start
    save_dir = save_folder(args)
    shared = table_folder(args) if is_shared(args) else None
    check_terminal()  # after every argument's own check: those say more
    from castletui.app import CastleApp

    if shared is not None:
        from castletui.shared import SharedApp

        app = SharedApp(
            start,
            save_dir=save_dir,
            who=player_identity(args),
            table_dir=shared,
            lobby_only=args.command == "join" and args.as_name is not None,
            **app_settings(args),
        )
    else:
        app = CastleApp(start, save_dir=save_dir, **app_settings(args))
    app.run()
    if app.terminal_lost:
        return app.return_code or 1  # nobody is left to read a message
    if app.crash_log is not None:
        return fail(
            f"castletui stopped on an unexpected error; the details are in {app.crash_log}. "
            "Every move up to the last one was saved.",
            status=1,
        )
    return app.return_code or 0


def app_settings(args: argparse.Namespace) -> dict:
    """The settings for the app, which shows a broken file's warning itself."""
    return {"settings": settings_of(args), "settings_warning": args.settings_warning}


def check_terminal() -> None:
    """The app needs a terminal to draw on and read keys from. Without one
    (``ssh host 'a command'``, sftp or scp through a game account's forced
    command, a pipe) nobody would ever see it or quit it: refuse at once."""
    from castletui.terminal import has_terminal

    if not has_terminal():
        raise Refused(
            "a terminal is needed to play (over SSH: ssh -t); list, rules --print and calc work without one."
        )


def check_is_folder(path: Path, option: str) -> Path:
    """``path`` (a save or table folder) unless it, or a folder above it,
    is a file: then nothing could ever be saved there, so say so now."""
    for place in (path, *path.parents):
        try:
            if place.is_dir():
                return path
            if place.exists():
                shown = printable(str(place))
                where = "" if place == path else f" (for {printable(str(path))})"
                raise Refused(f"{option}: {shown} is a file, not a folder{where}.")
        except OSError:
            return path  # unreadable: the save or the table says why when used
    return path


def is_shared(args: argparse.Namespace) -> bool:
    return args.command == "join" or (args.command == "new" and args.shared)


def table_folder(args: argparse.Namespace) -> Path:
    """--table-dir, else $CASTLETUI_TABLE_DIR, else the settings', else the data folder's."""
    from castletui.saves.table import ENVIRONMENT_VARIABLE, table_dir
    from castletui.settings import folder_setting

    text = folder_setting(getattr(args, "table_dir", None), ENVIRONMENT_VARIABLE, settings_of(args).table_dir)
    if text:
        check_folder(text)
    return check_is_folder(table_dir(text), "--table-dir" if text else "the table folder")


def player_identity(args: argparse.Namespace) -> str:
    """Who plays shared tables from this castletui (``--as``, else the Unix
    user). ``--as`` is the forced command of a game account: it is honoured
    only over a table folder of the Unix user running castletui."""
    from castletui.saves import SaveError
    from castletui.saves.table import as_name_problem, identity

    as_name = getattr(args, "as_name", None)
    try:
        who = identity(as_name)
    except SaveError as error:
        raise Refused(f"--as: {error}") from None
    if as_name is not None:
        problem = as_name_problem(table_folder(args))
        if problem:
            raise Refused(problem)
    return who


def serve_command(args: argparse.Namespace) -> int:
    """The lobby in a browser: textual-serve runs ``castletui join`` for
    each visitor, as the Unix user running this (or ``--as NAME``)."""
    try:
        from textual_serve.server import Server
    except ImportError:
        raise Refused(
            "castletui serve needs textual-serve: pip install 'castletui[serve]' (or textual-serve)"
        ) from None
    server = Server(serve_command_line(args), host=args.host, port=args.port, title="castletui")
    print(
        f"castletui: serving the lobby of {printable(str(table_folder(args)))} on http://{args.host}:{args.port}"
    )
    server.serve()
    return 0


def serve_command_line(args: argparse.Namespace) -> str:
    """The command textual-serve starts for each browser: the lobby, as
    this player, over the same table folder."""
    import shlex

    command = [sys.executable, "-m", "castletui", "join", "--table-dir", str(table_folder(args))]
    who = player_identity(args)
    if getattr(args, "as_name", None) is not None:
        # Without --as each visitor's castletui is this Unix user's, as is its folder check.
        command += ["--as", who]
    if getattr(args, "save_dir", None):
        command += ["--save-dir", str(args.save_dir)]
    return shlex.join(command)


def save_folder(args: argparse.Namespace) -> Path:
    """--save-dir, else $CASTLETUI_SAVE_DIR, else the settings', else the data folder's."""
    from castletui import saves
    from castletui.settings import folder_setting

    text = getattr(args, "save_dir", None)
    given = folder_setting(text, saves.store.ENVIRONMENT_VARIABLE, settings_of(args).save_dir)
    try:
        directory = saves.save_dir(given)
    except saves.SaveError as error:
        raise Refused(str(error)) from None
    return check_is_folder(directory, "--save-dir" if text else "the save folder")


def find_save(text: str, directory: Path) -> Path:
    """A save named on the command line: a path, or a name as `castletui
    list` prints it (found in the save folder, with or without .toml)."""
    path = Path(text)
    candidates = [path]
    if path.parent == Path("."):
        candidates += [directory / text, directory / f"{text}.toml", directory / f"{text}.json"]
    for candidate in candidates:
        with contextlib.suppress(OSError):
            if candidate.exists():
                return candidate
    raise Refused(f"there is no save at {text} (nor in {directory}); see: castletui list")


def find_table(text: str, directory: Path) -> Path:
    """A shared table named on the command line: a path, or its name in
    the table folder (with or without .json)."""
    path = Path(text)
    candidates = [path]
    if path.parent == Path("."):
        candidates += [directory / text, directory / f"{text}.json"]
    for candidate in candidates:
        with contextlib.suppress(OSError):
            if candidate.is_file():
                return candidate
    raise Refused(f"there is no table at {text} (nor in {directory}); see: castletui join")


def start_from(args: argparse.Namespace, registry):
    """What the app opens first; an int is an exit code after a message."""
    try:
        return _start_from(args, registry)
    except Refused as refusal:
        return fail(str(refusal))


def _start_from(args: argparse.Namespace, registry):
    from castletui.app import Start

    command = args.command
    if command in ("new", "rules") and args.game and args.game not in registry.ids():
        raise Refused(str(registry.UnknownGame(args.game)))
    if command == "resume":
        path = find_save(args.file, save_folder(args)) if args.file else None
        if path is not None:
            from castletui.saves.table import is_table, not_a_save_message

            if is_table(path):
                raise Refused(not_a_save_message(path))
        return Start("resume", path=path)
    if command == "join":
        player_identity(args)  # a bad --as is refused before the app starts
        if args.seat is not None and args.seat < 1:
            raise Refused(f"--seat takes 1, 2... not {args.seat}.")
        seat = args.seat - 1 if args.seat is not None else None
        path = find_table(args.file, table_folder(args)) if args.file else None
        return Start("join", path=path, new_game={"seat": seat})
    if command == "rules":
        return Start("rules", game_id=args.game)
    if command == "replay":
        if not args.file:
            return Start("load")
        return Start("replay", path=Path(args.file), new_game={"replay": open_replay(args)})
    if command == "new":
        return new_game_start(args, registry)
    return Start("menu")


def choose_variant(info, name: str | None, players: int) -> tuple:
    """The variant ``--variant`` names; without it, the one that fits the
    number of players (``castletui new castlecards --players 3`` is the
    multi-player game): the game's first (its default) if it fits, else the
    first that does, with a note saying which. IllegalAction for an
    unknown name, Refused when no variant fits."""
    if name:
        return info.variant(name), ""
    default = info.variants[0]
    if not players or default.min_seats <= players <= default.max_seats:
        return default, ""
    fitting = [variant for variant in info.variants if variant.min_seats <= players <= variant.max_seats]
    if not fitting:
        each = "; ".join(f"{variant.name} {variant.for_players()}" for variant in info.variants)
        raise Refused(f"{info.title} has no variant for {players} players ({each}).")
    chosen = fitting[0]
    return chosen, (
        f"{info.title}: the {chosen.name} variant, the one for {players} "
        f"player{'s' if players != 1 else ''} (--variant chooses)."
    )


def new_game_start(args: argparse.Namespace, registry):
    from castletui.app import Start
    from castletui.rules.core import IllegalAction, parse_option
    from castletui.saves import Player
    from castletui.saves.names import name_key, name_problem, normal_name

    info = registry.get(args.game).INFO
    names = [name.strip() for name in args.names.split(",")] if args.names else []
    try:
        variant, note = choose_variant(info, args.variant, args.players or len(names))
        known = {option.name: option for option in info.options_for(variant.name)}
        options = {}
        for text in args.option:
            name, raw = split_option(text)
            if name not in known:
                names = ", ".join(known) or "none"
                raise IllegalAction(
                    f"{info.title} ({variant.name}) has no option {name!r} (it has: {names})."
                )
            options[name] = parse_option(known[name], raw)
    except IllegalAction as error:
        raise Refused(error.reason) from None
    preset = {"variant": variant.name, "players": args.players, "mode": args.mode, "options": options}
    if args.shared:
        if args.mode != "digital":
            raise Refused("a shared table is played digitally: --shared takes no --mode table.")
        if args.seed is not None:
            # Whoever knows the seed knows every hand and every draw.
            raise Refused("a shared table draws its own seed, which nobody sees: --shared takes no --seed.")
        player_identity(args)
        preset["shared"] = True
    if args.players is None and args.bots is None and args.names is None:
        return Start("wizard", game_id=args.game, new_game=preset)
    count = args.players or (len(names) if names else max(variant.min_seats, min(2, variant.max_seats)))
    if not variant.min_seats <= count <= variant.max_seats:
        raise Refused(
            f"{info.title} ({variant.title or variant.name}) is {variant.for_players()}, not {count}."
        )
    bots = args.bots if args.bots is not None else 0
    if not 0 <= bots <= count:
        raise Refused(f"--bots takes 0 to {count} for {count} players, not {bots}.")
    from castletui.rules.core import bots as bot_levels

    if args.level not in bot_levels.LEVELS:
        raise Refused(f"--level takes one of {', '.join(bot_levels.LEVELS)}, not {args.level!r}.")
    from castletui.settings import default_names

    defaults = default_names(settings_of(args).player_name)
    players = []
    for seat in range(count):
        name = names[seat] if seat < len(names) and names[seat] else defaults[seat]
        problem = name_problem(name)
        if problem:
            raise Refused(f"the name {name[:20]!r} {problem}.")
        name = normal_name(name)
        is_bot = seat >= count - bots
        players.append(Player(name, "bot", args.level) if is_bot else Player(name))
    if len({name_key(player.name) for player in players}) < len(players):
        raise Refused("give each player a different name (not only in capitals).")
    if args.shared:
        return Start(
            "shared",
            note=note,
            game_id=args.game,
            new_game={
                "game_id": args.game,
                "variant": variant.name,
                "players": players,
                "options": options,
            },
        )
    return Start(
        "play",
        note=note,
        game_id=args.game,
        new_game={
            "game_id": args.game,
            "variant": variant.name,
            "players": players,
            "options": options,
            "mode": args.mode,
            "seed": args.seed,
        },
    )
