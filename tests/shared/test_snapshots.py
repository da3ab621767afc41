"""The lobby of shared tables, pinned at 80x24 (the SSH default) and
120x40: your tables first, those waiting for your move on top with how
long they have waited, then those waiting for others, then the free seats
of other tables, then your finished games."""

from __future__ import annotations

import msgspec
import pytest
from castletui.rules.core import Config
from castletui.saves.table import Table

from castletui import saves
from castletui.app import Start
from tests.app.snapshots import FIXED_TIME, fresh_dir
from tests.shared.lobby_tables import NOON, at, over, play_until, seated_table, waiting_for
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


class ClockedTerminal(Terminal):
    """Bo's terminal at a fixed time: the lobby counts how long tables waited."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.clock = lambda: NOON


@pytest.mark.parametrize("size", SIZES)
def test_lobby(snap_compare, size):
    folder = fresh_dir(f"shared-lobby-{size[0]}")
    players = [saves.Player("Seat 1"), saves.Player("Seat 2"), saves.Player("Milo", "bot")]
    pinned_table(folder, "castlecards-evening", "multi-player", players, ["ann", "bo"])
    pinned_table(folder, "castlecards-duel", "two-player", players[:2], ["cy"])
    duo = ["user:ann", "user:bo"]
    play_until(seated_table(folder, duo, "monday", seed=4), duo, waiting_for(1), at(50))
    play_until(
        seated_table(folder, ["user:cy", "user:bo"], "tuesday", seed=5),
        ["user:cy", "user:bo"],
        waiting_for(0),
        at(14),
    )
    play_until(seated_table(folder, duo, "sunday", seed=8), duo, over, at(70))
    app = ClockedTerminal(folder, "bo", Start("join"))
    assert snap_compare(app, terminal_size=size, run_before=settle)
