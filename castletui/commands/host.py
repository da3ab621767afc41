"""``castletui host add|remove|players``: who may play over castletui's own
SSH server (castletui/host/players.py); no asyncssh needed. The server
itself is host_serve.py."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from castletui.commands.base import fail
from castletui.host.players import (
    Players,
    PlayersError,
    StorePlayers,
    forget_settings,
    parse_key,
    players_for,
)
from castletui.saves.names import name_key
from castletui.saves.store import data_dir
from castletui.saves.stores import StoreError, is_postgres, open_store, store_url
from castletui.saves.stores.migrations import latest


def run(args: argparse.Namespace) -> int:
    """Run ``castletui host add|remove|players``; the exit status. (``castletui
    host`` itself, the server, is host_serve.py's.)"""
    action = args.host_command
    if action == "init":
        return init_store(args)
    if action == "add":
        return add_player(args)
    if action == "remove":
        return remove_player(args)
    return list_players(args)


def data_folder(args: argparse.Namespace) -> Path:
    text = getattr(args, "data_dir", None)
    return Path(text).expanduser() if text else data_dir()


def postgres_url(args: argparse.Namespace) -> str:
    """The PostgreSQL store the host keeps its tables and players in
    (``--store``, else ``$CASTLETUI_STORE``); empty for the files."""
    url = store_url(getattr(args, "store", None), getattr(args, "table_dir", None))
    return url if is_postgres(url) else ""


def players_of(args: argparse.Namespace) -> Players | StorePlayers:
    """Who may play: a PostgreSQL store's accounts, else the players file.
    StoreError when the store cannot be reached."""
    url = postgres_url(args)
    text = getattr(args, "players", None)
    path = Path(text).expanduser() if text else data_folder(args) / "players.toml"
    return players_for(open_store(url) if url else None, path)


def kept_in(players: Players | StorePlayers) -> str:
    return str(players.path) if isinstance(players, Players) else "the store"


def init_store(args: argparse.Namespace) -> int:
    """``castletui host init``: a PostgreSQL store's schema made or brought
    up to date (a host does it too when it starts); a folder made."""
    url = store_url(getattr(args, "store", None), getattr(args, "table_dir", None))
    try:
        store = open_store(url)
    except StoreError as error:
        return fail(str(error))
    store.close()
    if is_postgres(url):
        print(f"The store is ready: schema version {latest()}.")
    else:
        Path(store.url).mkdir(parents=True, exist_ok=True, mode=0o700)
        print(f"The table folder {store.url} is ready.")
    return 0


def add_player(args: argparse.Namespace) -> int:
    try:
        if args.keyfile == "-":
            text = sys.stdin.read(1 << 20)
        else:
            with open(args.keyfile, encoding="utf-8", errors="replace") as file:
                text = file.read(1 << 20)
    except OSError as error:
        return fail(f"cannot read {args.keyfile}: {error.strerror or error}")
    try:
        players = players_of(args)
        key = parse_key(text)
        name = players.add(args.name, key, also=args.also)
    except (PlayersError, StoreError) as error:
        return fail(str(error))
    print(f"{name} plays with key {key.fingerprint()} ({kept_in(players)}).")
    return 0


def remove_player(args: argparse.Namespace) -> int:
    try:
        players = players_of(args)
        gone = {
            account: name
            for account, name in players.names().items()
            if name_key(name) == name_key(args.name)
        }
        name, keys = players.remove(args.name)
    except (PlayersError, StoreError) as error:
        return fail(str(error))
    # Their settings go with them (their id's folder, and an older castletui's for their name).
    forget_settings(data_folder(args), gone or {"": name})
    print(f"{name} and their {keys} key{'s' if keys != 1 else ''} are forgotten ({kept_in(players)}).")
    return 0


def list_players(args: argparse.Namespace) -> int:
    try:
        players = players_of(args)
        rows = players.entries()
    except (PlayersError, StoreError) as error:
        return fail(str(error))
    if not rows:
        print(f"No players in {kept_in(players)} yet: castletui host add NAME KEYFILE (or run with --open).")
        return 0
    print(f"{len(rows)} player{'s' if len(rows) != 1 else ''} in {kept_in(players)}:")
    for name, keys in rows:
        shown = "".join(c if c.isprintable() else "?" for c in name)
        for index, key in enumerate(keys or [None]):
            label = shown if index == 0 else ""
            if key is None:
                print(f"  {label:<20} (no readable key)")
            else:
                print(f"  {label:<20} {key.fingerprint()}  {key.kind}  {key.comment}".rstrip())
    return 0
