"""Not collected by the suite (no test_ prefix): test_killed_run.py runs it
in a pytest of its own and kills that pytest while a player is in the lobby."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from tests.host.conftest import Player


async def test_a_player_in_the_lobby_until_killed(start_host, keys):
    host = start_host(players={"Alice": keys["alice"]})
    player = await Player.connect(host.port, keys["alice"])
    await player.open_terminal()
    await player.wait_for("you play as Alice")
    Path(os.environ["CASTLETUI_HELD_MARK"]).write_text("in the lobby")
    await asyncio.Event().wait()  # until the test running this kills it
