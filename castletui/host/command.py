"""``castletui host`` on the command line: run the SSH server, or manage
its players (``add``, ``remove``, ``players``). Importing this module is
cheap (argparse only): asyncssh is imported when the server starts, and
without it ``castletui host`` says how to install it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

INSTALL_HINT = "castletui host needs asyncssh: pip install 'castletui[host]' (or: pip install asyncssh)"


def add_parser(commands) -> argparse.ArgumentParser:
    """``host`` and its sub-commands, under castletui's ``commands``."""
    files = argparse.ArgumentParser(add_help=False)
    files.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where the host key and players.toml live (default: castletui's data folder)",
    )
    files.add_argument("--players", metavar="FILE", help="the players file (default: DIR/players.toml)")
    # The same options after a sub-command (castletui host players --players F) without
    # resetting what was given before it.
    files_again = argparse.ArgumentParser(add_help=False)
    files_again.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    files_again.add_argument("--players", metavar="FILE", default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    host = commands.add_parser(
        "host",
        parents=[files],
        help="run castletui's own SSH server: friends play with  ssh -p 2222 HOST",
        description="castletui's own SSH server. A player's SSH key is who they are; they get the lobby "
        "of shared tables and nothing else (no shell, no commands, no forwarding, no sftp).",
    )
    host.add_argument("--listen", metavar="ADDR", default="", help="the address to listen on (default: all)")
    host.add_argument("--port", type=int, default=2222, help="the port (default: 2222)")
    host.add_argument(
        "--table-dir",
        metavar="DIR",
        help="where shared tables live (default: $CASTLETUI_TABLE_DIR or the user data folder)",
    )
    host.add_argument(
        "--open",
        action="store_true",
        help="let a key the host has never seen in: it chooses a free name on its first connection",
    )
    host.add_argument("--sessions-per-key", type=int, default=3, metavar="N", help="default: 3")
    host.add_argument(
        "--max-connections", type=int, default=32, metavar="N", help="connections at once (default: 32)"
    )
    host.add_argument(
        "--idle-minutes",
        type=float,
        default=30.0,
        metavar="M",
        help="a session closes after M minutes without a key pressed (default: 30)",
    )
    host.add_argument(
        "--login-seconds",
        type=float,
        default=60.0,
        metavar="S",
        help="time to log in, and for a new key to choose its name (default: 60)",
    )
    actions = host.add_subparsers(dest="host_command", metavar="[add|remove|players]")
    add = actions.add_parser("add", parents=[files_again], help="let a key in as a player")
    add.add_argument("name", help="the player's name (their identity at every table)")
    add.add_argument(
        "keyfile", help="their public key file (id_ed25519.pub), or - to read it from standard input"
    )
    add.add_argument("--also", action="store_true", help="one more key for a player who has one already")
    remove = actions.add_parser("remove", parents=[files_again], help="forget a player and all their keys")
    remove.add_argument("name")
    actions.add_parser("players", parents=[files_again], help="list the players and their keys' fingerprints")
    return host


def run(args: argparse.Namespace) -> int:
    """Run ``castletui host ...``; the exit status."""
    action = getattr(args, "host_command", None)
    if action == "add":
        return add_player(args)
    if action == "remove":
        return remove_player(args)
    if action == "players":
        return list_players(args)
    return serve(args)


def fail(message: str, status: int = 2) -> int:
    print(f"castletui: {message}", file=sys.stderr)
    return status


def data_folder(args: argparse.Namespace) -> Path:
    from castletui.saves.store import data_dir

    text = getattr(args, "data_dir", None)
    return Path(text).expanduser() if text else data_dir()


def players_of(args: argparse.Namespace):
    from castletui.host.players import Players

    text = getattr(args, "players", None)
    return Players(Path(text).expanduser() if text else data_folder(args) / "players.toml")


def add_player(args: argparse.Namespace) -> int:
    from castletui.host.players import PlayersError, parse_key

    try:
        if args.keyfile == "-":
            text = sys.stdin.read(1 << 20)
        else:
            with open(args.keyfile, encoding="utf-8", errors="replace") as file:
                text = file.read(1 << 20)
    except OSError as error:
        return fail(f"cannot read {args.keyfile}: {error.strerror or error}")
    players = players_of(args)
    try:
        key = parse_key(text)
        name = players.add(args.name, key, also=args.also)
    except PlayersError as error:
        return fail(str(error))
    print(f"{name} plays with key {key.fingerprint()} ({players.path}).")
    return 0


def remove_player(args: argparse.Namespace) -> int:
    from castletui.host.players import PlayersError

    players = players_of(args)
    try:
        name, keys = players.remove(args.name)
    except PlayersError as error:
        return fail(str(error))
    print(f"{name} and their {keys} key{'s' if keys != 1 else ''} are forgotten ({players.path}).")
    return 0


def list_players(args: argparse.Namespace) -> int:
    from castletui.host.players import PlayersError

    players = players_of(args)
    try:
        rows = players.entries()
    except PlayersError as error:
        return fail(str(error))
    if not rows:
        print(f"No players in {players.path} yet: castletui host add NAME KEYFILE (or run with --open).")
        return 0
    print(f"{len(rows)} player{'s' if len(rows) != 1 else ''} in {players.path}:")
    for name, keys in rows:
        shown = "".join(c if c.isprintable() else "?" for c in name)
        for index, key in enumerate(keys or [None]):
            label = shown if index == 0 else ""
            if key is None:
                print(f"  {label:<20} (no readable key)")
            else:
                print(f"  {label:<20} {key.fingerprint()}  {key.kind}  {key.comment}".rstrip())
    return 0


def serve(args: argparse.Namespace) -> int:
    try:
        import asyncssh  # noqa: F401 - only to say how to install it when missing
    except ImportError:
        return fail(INSTALL_HINT)
    import asyncio

    from castletui.host.keys import HostKeyError, host_key
    from castletui.host.server import HostConfig, Limits, serve
    from castletui.saves.errors import SaveError
    from castletui.saves.store import check_folder_name
    from castletui.saves.table import table_dir

    for value, what in (
        (args.port, "--port"),
        (args.sessions_per_key, "--sessions-per-key"),
        (args.max_connections, "--max-connections"),
    ):
        if value < (0 if what == "--port" else 1):
            return fail(f"{what} takes a positive number, not {value}")
    if args.idle_minutes <= 0 or args.login_seconds <= 0:
        return fail("--idle-minutes and --login-seconds take positive numbers")
    try:
        if args.table_dir:
            check_folder_name(args.table_dir)
        tables = table_dir(args.table_dir).resolve()
    except SaveError as error:
        return fail(str(error))
    data = data_folder(args)
    try:
        key, key_path, made = host_key(data)
    except HostKeyError as error:
        return fail(str(error))
    players = players_of(args)
    config = HostConfig(
        listen=args.listen,
        port=args.port,
        table_dir=tables,
        data_dir=data,
        players_file=players.path,
        open=args.open,
        limits=Limits(args.sessions_per_key, args.max_connections, args.idle_minutes, args.login_seconds),
    )

    def ready(host) -> None:
        import stat

        mode = stat.S_IMODE(tables.stat().st_mode)
        if mode & 0o077:
            print(
                f"castletui: warning: other Unix users of this host can open {tables} (mode {mode:o}): "
                "hands are secret only from people who cannot read it; chmod 700 it",
                flush=True,
            )
        where = args.listen or "every address"
        print(f"castletui host: listening on {where}, port {host.port}", flush=True)
        print(
            f"  host key {key.get_fingerprint()} ({'made now, ' if made else ''}{key_path})\n"
            f"  players {players.path}: {'anyone with a key (--open)' if args.open else 'registered keys only'}\n"
            f"  tables {tables}\n"
            f"  players connect with: ssh -p {host.port} {args.listen or 'THIS-HOST'}   (ctrl+c stops)",
            flush=True,
        )

    try:
        return asyncio.run(serve(config, key, ready=ready))
    except KeyboardInterrupt:
        return 130
