"""What one player may take of the host and what stays theirs (#41.3-5),
through real SSH connections: a flood of input, the memory each player's
castletui may have, the folders' privacy, and each account's settings."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from castletui.host.players import Players, account_folder
from castletui.host.sessions import OUT_OF_MEMORY
from tests.host.conftest import WAIT_SECONDS, Player

asyncssh = pytest.importorskip("asyncssh")


def address_space_limit(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max address space"):
            return int(line.split()[3])
    raise AssertionError("no address space line")


async def wait_for_file(path: Path) -> Path:
    """Another process writes it: looked at, bounded."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not path.exists():
        assert time.monotonic() < deadline, f"{path} was not written"
        await asyncio.sleep(0.05)
    return path


@pytest.mark.slow
async def test_a_flood_of_input_closes_only_its_session_and_a_theme_is_its_players_own(start_host, keys):
    host = start_host(players={"Alice": keys["alice"], "Bob": keys["bob"]})
    flooder = await Player.connect(host.port, keys["alice"])
    await flooder.open_terminal()
    await flooder.wait_for("you play as Alice")
    (child,) = host.children()
    assert address_space_limit(child) == 1024 * 2**20  # every player's castletui has its cap
    bob = await Player.connect(host.port, keys["bob"])
    await bob.open_terminal()
    await bob.wait_for("you play as Bob")

    # 5 MB of keys, as fast as SSH takes them: castletui gets them at the
    # input rate, and a flood that never lets up ends its own session.
    async def flood() -> None:
        for _ in range(80):
            flooder.send(b"x" * 65536)
            await flooder.process.stdin.drain()

    flooding = asyncio.ensure_future(flood())
    await host.event(event="refused", what="input-flood", player="Alice")
    assert await flooder.ended() == 1
    flooding.cancel()
    await asyncio.gather(flooding, return_exceptions=True)
    assert not [e for e in host.events() if e.get("what") == "memory"]  # it stayed under its cap

    # Bob plays on: he picks a theme in the command palette.
    mark = bob.mark()
    bob.send(b"\x10")  # ctrl+p
    await bob.wait_for("Search for commands", since=mark)
    mark = bob.mark()
    bob.send(b"theme")
    await bob.wait_for("Change the current theme", since=mark)
    mark = bob.mark()
    bob.send(b"\r")
    await bob.wait_for("Search for themes", since=mark)
    mark = bob.mark()
    bob.send(b"nord")
    await bob.wait_for("nord", since=mark)
    bob.send(b"\r")
    # It is kept for Bob's account, and nobody else's.
    ids = Players(host.players_file).names()
    bobs, alices = (
        account_folder(host.data_dir, [k for k, v in ids.items() if v == name][0])
        for name in ("Bob", "Alice")
    )
    settings = await wait_for_file(bobs / "settings.toml")
    assert tomllib.loads(settings.read_text())["theme"] == "nord"
    assert not (host.config_dir / "settings.toml").exists()  # the host user's settings
    assert not (alices / "settings.toml").exists()
    for folder in (host.data_dir, host.table_dir, bobs):
        assert folder.stat().st_mode & 0o777 == 0o700, folder
    await bob.close()
    await flooder.close()


async def test_a_castletui_that_runs_out_of_its_memory_is_logged_and_its_player_told(start_host, keys):
    host = start_host("--session-memory", "24", players={"Alice": keys["alice"]})
    player = await Player.connect(host.port, keys["alice"])
    await player.open_terminal()
    assert await player.ended() == OUT_OF_MEMORY
    await host.event(event="refused", what="memory", player="Alice")
    await player.close()


@pytest.mark.parametrize("folder", ["tables", "data"])
async def test_a_folder_other_users_can_open_is_refused(start_host, tmp_path, folder):
    root = tmp_path / "h"
    (root / folder).mkdir(parents=True)
    (root / folder).chmod(0o755)
    host = start_host(root=root, wait=False)
    assert host.process.wait(WAIT_SECONDS) == 2
    assert not host.ready_path.exists()
    assert (root / folder).stat().st_mode & 0o777 == 0o755  # told, not changed behind the host's back


def test_a_players_castletui_makes_private_files_and_says_when_it_ran_out_of_memory(tmp_path):
    script = (
        "import sys, castletui.cli as cli\n"
        "from castletui.host import seat\n"
        "def main(argv):\n"
        "    open(sys.argv[1], 'w').close()\n"
        "    raise MemoryError\n"
        "cli.main = main\n"
        "seat.main(['--memory-mib=0', 'join'])\n"
    )
    made = tmp_path / "table.cards"
    ran = subprocess.run([sys.executable, "-c", script, str(made)], timeout=WAIT_SECONDS)
    assert ran.returncode == OUT_OF_MEMORY
    assert made.stat().st_mode & 0o777 == 0o600
