"""``castletui host``'s arguments on the command line: run the SSH server,
or manage its players (``add``, ``remove``, ``players``). Importing this
module is cheap (argparse only): the command line builds its parser from
it. What they do is castletui/commands/host.py (the players) and
host_serve.py (the server, loaded only once asyncssh is known to be there;
without it ``castletui host`` says how to install it)."""

from __future__ import annotations

import argparse

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
    files.add_argument(
        "--store",
        metavar="URL",
        help="where tables and players are kept: postgresql://... for a database several hosts share "
        "(default: $CASTLETUI_STORE, else the table folder and the players file)",
    )
    # The same options after a sub-command (castletui host players --players F) without
    # resetting what was given before it.
    files_again = argparse.ArgumentParser(add_help=False)
    files_again.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    files_again.add_argument("--players", metavar="FILE", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    files_again.add_argument("--store", metavar="URL", default=argparse.SUPPRESS, help=argparse.SUPPRESS)

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
        "--max-connections",
        type=int,
        default=32,
        metavar="N",
        help="connections at once, logged in or not (default: 32)",
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
        help="time for a new key to choose its name (default: 60)",
    )
    host.add_argument(
        "--login-grace",
        type=float,
        default=20.0,
        metavar="S",
        help="time from connecting to logged in, as sshd's LoginGraceTime (default: 20)",
    )
    host.add_argument(
        "--max-startups",
        default="10:30:20",
        metavar="START:RATE:FULL",
        help="logins under way: past START, a new one is dropped at random (RATE%%, rising to "
        "all at FULL), as sshd's MaxStartups (default: 10:30:20)",
    )
    host.add_argument(
        "--startups-per-address",
        type=int,
        default=8,
        metavar="N",
        help="logins under way from one address (default: 8)",
    )
    host.add_argument(
        "--connections-per-address",
        type=int,
        default=16,
        metavar="N",
        help="connections from one address, logged in or not (default: 16)",
    )
    host.add_argument(
        "--terminal-seconds",
        type=float,
        default=10.0,
        metavar="S",
        help="a connection or session that has asked for no terminal by then is closed (default: 10)",
    )
    host.add_argument(
        "--input-rate",
        type=int,
        default=1,
        metavar="KIB",
        help="KiB a second of a player's keys castletui is given at most; input held back for 10 s "
        "on end closes the session (default: 1)",
    )
    host.add_argument(
        "--session-memory",
        type=int,
        default=1024,
        metavar="MIB",
        help="the address space a player's castletui may have, 0 for no limit (default: 1024)",
    )
    host.add_argument(
        "--session-start",
        choices=("fork", "spawn"),
        default="fork",
        help="fork: each player's castletui is forked from one that has imported it already; "
        "spawn: a fresh Python process each (default: fork)",
    )
    host.add_argument(
        "--ready-file",
        metavar="FILE",
        help="once listening, write FILE (JSON: port, listen, pid, host_key) for a supervisor or script",
    )
    host.add_argument(
        "--events-file",
        metavar="FILE",
        help="append one JSON line per connect, disconnect and refusal to FILE, for programs to read",
    )
    notify = host.add_argument_group(
        "notifications",
        "a player not connected may be told when a table waits for their move, as they set it up in "
        "the lobby (m: Notify me): at most one message per table per turn, or a daily digest",
    )
    notify.add_argument(
        "--notify",
        default="webhook",
        metavar="KINDS",
        help="what players may set up: webhook (an http or https URL the host POSTs a small JSON body "
        "to), mail (an address given to --mail-command), both (webhook,mail), or none (default: webhook)",
    )
    notify.add_argument(
        "--mail-command",
        default="sendmail -i",
        metavar="CMD",
        help="with --notify mail: the command (no shell) given the message on its standard input and "
        "the player's address as its last argument (default: sendmail -i)",
    )
    notify.add_argument(
        "--webhook-private",
        action="store_true",
        help="let webhooks go to loopback and private addresses too (refused by default: a player "
        "must not reach the host's own network through it)",
    )
    notify.add_argument(
        "--digest-hour",
        type=int,
        default=8,
        metavar="H",
        help="the hour (UTC, 0-23) the daily digests go out (default: 8)",
    )
    actions = host.add_subparsers(dest="host_command", metavar="[init|add|remove|players]")
    actions.add_parser(
        "init",
        parents=[files_again],
        help="make the store ready (a PostgreSQL store's schema, created or brought up to date)",
    )
    add = actions.add_parser("add", parents=[files_again], help="let a key in as a player")
    add.add_argument("name", help="the player's name (what the tables show; their seats are their account's)")
    add.add_argument(
        "keyfile", help="their public key file (id_ed25519.pub), or - to read it from standard input"
    )
    add.add_argument("--also", action="store_true", help="one more key for a player who has one already")
    remove = actions.add_parser("remove", parents=[files_again], help="forget a player and all their keys")
    remove.add_argument("name")
    actions.add_parser("players", parents=[files_again], help="list the players and their keys' fingerprints")
    return host
