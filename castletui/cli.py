"""The command line. ``--version``, ``--help``, ``list`` and ``rules
--print`` never import textual, so they answer at once (a test checks it).

    castletui                       the main menu
    castletui new GAME [...]        the new-game wizard, or straight in with --players/--bots
    castletui resume [FILE]         the latest save, or FILE
    castletui list [--games]        saved games (or the games castletui plays)
    castletui rules GAME [--print]  a game's rules reference
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from castletui import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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

    new = commands.add_parser("new", parents=[common], help="start a new game")
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
    new.add_argument("--seed", type=int, help="seed for a reproducible game")

    resume = commands.add_parser(
        "resume", parents=[common], help="continue a saved game (the latest if no FILE)"
    )
    resume.add_argument("file", nargs="?", help="a .toml or .json save")

    listing = commands.add_parser("list", parents=[common], help="list saved games")
    listing.add_argument("--games", action="store_true", help="list the games and variants instead")

    rules = commands.add_parser("rules", parents=[common], help="a game's rules reference")
    rules.add_argument("game", nargs="?", default="", help="game id")
    rules.add_argument("--print", action="store_true", help="print the text instead of opening the app")
    return parser


def parse_option(text: str) -> tuple[str, object]:
    name, separator, raw = text.partition("=")
    if not separator or not name:
        raise SystemExit(f"castletui: --option takes NAME=VALUE, not {text!r}")
    value: object = raw
    if raw.lower() in ("true", "yes", "on"):
        value = True
    elif raw.lower() in ("false", "no", "off"):
        value = False
    else:
        with contextlib.suppress(ValueError):
            value = int(raw)
    return name.strip(), value


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    command = args.command
    if command == "list":
        return list_command(args)
    if command == "rules" and args.print:
        return print_rules(args.game)
    return run_app(args)


def list_command(args: argparse.Namespace) -> int:
    if args.games:
        from rules import registry

        for game_id in registry.ids():
            info = registry.get(game_id).INFO
            variants = ", ".join(
                f"{v.name} ({v.min_seats}{'' if v.min_seats == v.max_seats else f'-{v.max_seats}'})"
                for v in info.variants
            )
            print(f"{game_id:<18} {info.title}: {variants}")
        return 0
    import saves

    directory = saves.save_dir(args.save_dir)
    rows = saves.list_saves(directory)
    if not rows:
        print(f"No saved games in {directory}.")
        return 0
    print(f"{len(rows)} saved game{'s' if len(rows) != 1 else ''} in {directory}:")
    for row in rows:
        name = Path(row.path).name
        if row.problem:
            print(f"  {name:<40} damaged: {row.problem}")
            continue
        players = ", ".join(row.players)
        print(
            f"  {name:<40} {row.game:<16} {players:<28} {row.plies:>5} moves  {row.updated[:16].replace('T', ' ')}  {row.status}"
        )
    return 0


def print_rules(game_id: str) -> int:
    from importlib import resources

    from rules import registry

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
    from rules import registry

    start = start_from(args, registry)
    if isinstance(start, int):
        return start
    from castletui.app import CastleApp

    CastleApp(start, save_dir=args.save_dir).run()
    return 0


def start_from(args: argparse.Namespace, registry):
    """What the app opens first; an int is an exit code after a message."""
    from castletui.app import Start

    command = args.command
    if command in ("new", "rules") and args.game and args.game not in registry.ids():
        print(f"castletui: {registry.UnknownGame(args.game)}", file=sys.stderr)
        return 2
    if command == "resume":
        path = Path(args.file) if args.file else None
        if path is not None and not path.exists():
            print(f"castletui: there is no save at {path}", file=sys.stderr)
            return 2
        return Start("resume", path=path)
    if command == "rules":
        return Start("rules", game_id=args.game)
    if command == "new":
        return new_game_start(args, registry)
    return Start("menu")


def new_game_start(args: argparse.Namespace, registry):
    from castletui.app import Start
    from saves import Player

    info = registry.get(args.game).INFO
    preset = {
        "variant": args.variant,
        "players": args.players,
        "mode": args.mode,
        "options": dict(parse_option(text) for text in args.option),
    }
    if args.players is None and args.bots is None and args.names is None:
        return Start("wizard", game_id=args.game, new_game=preset)
    variant = info.variant(args.variant) if args.variant else info.variants[0]
    count = args.players or (
        len(args.names.split(",")) if args.names else max(variant.min_seats, min(2, variant.max_seats))
    )
    if not variant.min_seats <= count <= variant.max_seats:
        print(
            f"castletui: {info.title} ({variant.name}) is for {variant.min_seats}-{variant.max_seats} players.",
            file=sys.stderr,
        )
        return 2
    names = [n.strip() for n in args.names.split(",")] if args.names else []
    defaults = ("Coco", "Wei", "Milo", "Juno")
    bots = args.bots if args.bots is not None else 0
    players = []
    for seat in range(count):
        name = names[seat] if seat < len(names) and names[seat] else defaults[seat]
        is_bot = seat >= count - bots
        players.append(Player(name, "bot", args.level) if is_bot else Player(name))
    return Start(
        "play",
        game_id=args.game,
        new_game={
            "game_id": args.game,
            "variant": variant.name,
            "players": players,
            "options": preset["options"],
            "mode": args.mode,
            "seed": args.seed,
        },
    )
