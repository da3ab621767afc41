"""``castletui host``: castletui's own SSH server (castletui/host/server.py).
The command line loads this module only once asyncssh is known to be there
(castletui/cli.py, ``NEEDS``): without it, it says how to install it."""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import stat
from pathlib import Path

from castletui.commands.base import fail
from castletui.commands.host import data_folder, players_of, postgres_url
from castletui.host import server
from castletui.host.capacity import Limits, parse_startups
from castletui.host.keys import HostKeyError, host_key
from castletui.host.notify import NotifyPolicy
from castletui.host.server import HostConfig
from castletui.saves.errors import SaveError
from castletui.saves.store import check_folder_name
from castletui.saves.stores import StoreError
from castletui.saves.table import table_dir


def private_folder_problem(folder: Path, what: str) -> str:
    """Make ``folder`` (mode 0700) if it is not there; why the host will not
    use it if other Unix users could read or write it (every hand and seed
    of every table would be theirs), or empty."""
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        status = folder.stat()
    except OSError as error:
        return f"cannot make the {what} {folder}: {error.strerror or error}"
    mode = stat.S_IMODE(status.st_mode)
    if status.st_uid != os.geteuid():
        return f"the {what} {folder} belongs to another Unix user: give the host a folder of its own"
    if mode & 0o077:
        return (
            f"other Unix users of this machine can open the {what} {folder} (mode {mode:o}), "
            f"and every hand in it would be theirs to read; make it private: chmod 700 {shlex.quote(str(folder))}"
        )
    return ""


def run(args: argparse.Namespace) -> int:
    for value, what in (
        (args.port, "--port"),
        (args.sessions_per_key, "--sessions-per-key"),
        (args.max_connections, "--max-connections"),
    ):
        if value < (0 if what == "--port" else 1):
            return fail(f"{what} takes a positive number, not {value}")
    for value, what in (
        (args.startups_per_address, "--startups-per-address"),
        (args.connections_per_address, "--connections-per-address"),
        (args.input_rate, "--input-rate"),
    ):
        if value < 1:
            return fail(f"{what} takes a positive number, not {value}")
    if args.session_memory < 0:
        return fail(f"--session-memory takes a number of MiB, or 0 for no limit, not {args.session_memory}")
    if min(args.idle_minutes, args.login_seconds, args.login_grace, args.terminal_seconds) <= 0:
        return fail(
            "--idle-minutes, --login-seconds, --login-grace and --terminal-seconds take positive numbers"
        )
    kinds = tuple(kind.strip() for kind in args.notify.split(",") if kind.strip() and kind.strip() != "none")
    if set(kinds) - {"webhook", "mail"}:
        return fail(f"--notify takes webhook, mail, both (webhook,mail) or none, not {args.notify}")
    if not 0 <= args.digest_hour <= 23:
        return fail(f"--digest-hour takes an hour from 0 to 23, not {args.digest_hour}")
    if "mail" in kinds and not shlex.split(args.mail_command):
        return fail("--notify mail needs a --mail-command")
    try:
        start, rate, full = parse_startups(args.max_startups)
    except ValueError as error:
        return fail(f"--max-startups {error}")
    limits = Limits(
        sessions_per_key=args.sessions_per_key,
        connections=args.max_connections,
        idle_minutes=args.idle_minutes,
        login_seconds=args.login_seconds,
        login_grace=args.login_grace,
        startups_start=start,
        startups_rate=rate,
        startups_full=full,
        startups_per_address=args.startups_per_address,
        connections_per_address=args.connections_per_address,
        terminal_seconds=args.terminal_seconds,
        input_rate=args.input_rate * 1024,
        session_memory_mib=args.session_memory,
    )
    try:
        if args.table_dir:
            check_folder_name(args.table_dir)
        tables = table_dir(args.table_dir).resolve()
    except SaveError as error:
        return fail(str(error))
    data = data_folder(args)
    for folder, what in ((tables, "table folder"), (data, "data folder")):
        problem = private_folder_problem(folder, what)
        if problem:
            return fail(problem)
    try:
        key, key_path, made = host_key(data)
    except HostKeyError as error:
        return fail(str(error))
    try:
        players = players_of(args)  # a PostgreSQL store: reached, and its schema made, now
    except StoreError as error:
        return fail(str(error))
    config = HostConfig(
        listen=args.listen,
        port=args.port,
        table_dir=tables,
        data_dir=data,
        players_file=data / "players.toml" if postgres_url(args) else players.path,
        store=postgres_url(args),
        open=args.open,
        limits=limits,
        ready_file=Path(args.ready_file).expanduser() if args.ready_file else None,
        events_file=Path(args.events_file).expanduser() if args.events_file else None,
        session_start=args.session_start,
        notify=NotifyPolicy(
            kinds=kinds,
            mail_command=args.mail_command,
            private=args.webhook_private,
            digest_hour=args.digest_hour,
        ),
    )

    def ready(host) -> None:
        where = args.listen or "every address"
        print(f"castletui host: listening on {where}, port {host.port}", flush=True)
        print(
            f"  host key {key.get_fingerprint()} ({'made now, ' if made else ''}{key_path})\n"
            f"  players {'in the store' if postgres_url(args) else players.path}: {'anyone with a key (--open)' if args.open else 'registered keys only'}\n"
            f"  tables {'in the store' if postgres_url(args) else tables}\n"
            f"  players connect with: ssh -p {host.port} {args.listen or 'THIS-HOST'}   (ctrl+c stops)",
            flush=True,
        )

    try:
        return asyncio.run(server.serve(config, key, ready=ready))
    except KeyboardInterrupt:
        return 130
