"""The lobby of shared tables, pinned at 80x24 (the SSH default) and
120x40: your own seat to go back to first, then the free seats of other
tables, each with its game, variant, who sits where and whose turn."""

from __future__ import annotations

import msgspec
import pytest
from castletui.rules.core import Config
from castletui.saves.table import Table

from castletui import saves
from castletui.app import Start
from tests.app.snapshots import FIXED_TIME, fresh_dir
from tests.shared.test_apps import Terminal, settle

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def pinned_table(folder, stem: str, variant: str, players: list[saves.Player], owners: list[str]) -> None:
    config = Config(variant, len(players), {}, "digital")
    save = saves.new_save("castlecards", config, players, seed=7, mode="digital")
    save = msgspec.structs.replace(
        save, created=FIXED_TIME, updated=FIXED_TIME, status=f"{players[0].name} to play"
    )
    table = Table.create(folder, save, [""] * len(players), stem=stem)
    for seat, owner in enumerate(owners):
        if owner:
            table.take_seat(seat, owner)


@pytest.mark.parametrize("size", SIZES)
def test_lobby(snap_compare, size):
    folder = fresh_dir(f"shared-lobby-{size[0]}")
    players = [saves.Player("Seat 1"), saves.Player("Seat 2"), saves.Player("Milo", "bot")]
    pinned_table(folder, "castlecards-evening", "multi-player", players, ["ann", "bo"])
    pinned_table(folder, "castlecards-duel", "two-player", players[:2], ["cy"])
    app = Terminal(folder, "bo", Start("join"))
    assert snap_compare(app, terminal_size=size, run_before=settle)
