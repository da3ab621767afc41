"""``castletui host add|remove|players``: who may play over castletui's own
SSH server (castletui/host/players.py); no asyncssh needed. The server
itself is host_serve.py."""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from castletui.commands.base import fail
from castletui.host.players import Players, PlayersError, account_folder, parse_key
from castletui.saves.store import data_dir


def run(args: argparse.Namespace) -> int:
    """Run ``castletui host add|remove|players``; the exit status. (``castletui
    host`` itself, the server, is host_serve.py's.)"""
    action = args.host_command
    if action == "add":
        return add_player(args)
    if action == "remove":
        return remove_player(args)
    return list_players(args)


def data_folder(args: argparse.Namespace) -> Path:
    text = getattr(args, "data_dir", None)
    return Path(text).expanduser() if text else data_dir()


def players_of(args: argparse.Namespace):
    text = getattr(args, "players", None)
    return Players(Path(text).expanduser() if text else data_folder(args) / "players.toml")


def add_player(args: argparse.Namespace) -> int:
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
    players = players_of(args)
    try:
        name, keys = players.remove(args.name)
    except PlayersError as error:
        return fail(str(error))
    # Their settings go with them: whoever takes the name next starts afresh.
    shutil.rmtree(account_folder(data_folder(args), name), ignore_errors=True)
    print(f"{name} and their {keys} key{'s' if keys != 1 else ''} are forgotten ({players.path}).")
    return 0


def list_players(args: argparse.Namespace) -> int:
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
