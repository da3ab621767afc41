"""What the real-host store tests set up before any terminal connects:
accounts added with ``castletui host add`` (as an operator would), and
Alice's two-player Castlecards table made straight in the store."""

from __future__ import annotations

from pathlib import Path

from castletui.saves.owners import account_owner
from castletui.saves.stores import TableStore

from castletui import saves
from castletui.cli import main
from castletui.host.players import players_for
from castletui.tables import create_table


def add_accounts(url: str, folder: Path, keys: dict) -> None:
    """One account per name in ``keys``, with that key, in the store at ``url``."""
    for name, key in keys.items():
        path = folder / f"{name}.pub"
        path.write_bytes(key.export_public_key())
        assert main(["host", "add", name, str(path), "--store", url]) == 0


def owner_of(store: TableStore, folder: Path, name: str) -> str:
    """The seat owner of the account called ``name``."""
    return account_owner(players_for(store, folder / "unused.toml").account_named(name).id)


def alices_table(store: TableStore, folder: Path, alice: str, **options) -> str:
    """A two-player Castlecards table Alice made, at seat 1: its address."""
    table, _, _ = create_table(
        folder / "unused",
        alice,
        "castlecards",
        "two-player",
        [saves.Player("Seat 1"), saves.Player("Seat 2")],
        name="Alice",
        store=store,
        **{"accounts": players_for(store, folder / "unused.toml").names, **options},
    )
    return table.address
