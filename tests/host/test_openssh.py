"""castletui host with OpenSSH's own client, as players connect (#41.5):
the ``ssh`` binary (.ci/run installs it where it is missing)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil

import pytest

from tests.host.conftest import WAIT_SECONDS, plain

asyncssh = pytest.importorskip("asyncssh")
SSH = shutil.which("ssh")
# Skipped on a developer's machine without it; never in CI, which installs it.
pytestmark = pytest.mark.skipif(
    SSH is None and not os.environ.get("CI"), reason="OpenSSH's ssh is not installed"
)


class OpenSSH:
    """``ssh -tt`` to the host, its terminal's bytes kept as text."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.data = bytearray()

    @classmethod
    async def connect(cls, port: int, key_file) -> OpenSSH:
        options = ["-F", "/dev/null", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes"]
        options += [
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
        ]
        process = await asyncio.create_subprocess_exec(
            SSH,
            *options,
            "-i",
            str(key_file),
            "-tt",
            "-p",
            str(port),
            "player@127.0.0.1",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        return cls(process)

    async def wait_for(self, *words: str, since: int = 0) -> None:
        deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
        while not all(word in plain(self.data[since:]) for word in words):
            remaining = deadline - asyncio.get_running_loop().time()
            assert remaining > 0, f"{words} did not show: {plain(self.data[since:])[-1500:]!r}"
            with contextlib.suppress(asyncio.TimeoutError):
                chunk = await asyncio.wait_for(self.process.stdout.read(65536), remaining)
                assert chunk, f"ssh ended before {words} showed: {plain(self.data[since:])[-1500:]!r}"
                self.data += chunk

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)

    async def ended(self) -> int:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.process.stdout.read(), WAIT_SECONDS)
        return await asyncio.wait_for(self.process.wait(), WAIT_SECONDS)

    async def close(self) -> None:
        if self.process.returncode is None:
            self.process.kill()
            await self.process.wait()


async def test_a_new_player_with_openssh_cannot_pass_for_another_and_plays_as_itself(
    start_host, keys, tmp_path
):
    host = start_host("--open", players={"Cy": keys["alice"]})
    key_file = tmp_path / "id_ed25519"
    keys["stranger"].write_private_key(str(key_file))
    key_file.chmod(0o600)
    player = await OpenSSH.connect(host.port, key_file)
    try:
        await player.wait_for("This key is new here", "Your player name:")
        start = len(host.events())
        player.send("\uff23y\r".encode())  # a full-width C: castletui reads it as Cy
        await host.event(start, event="refused", what="name-taken")
        mark = len(player.data)
        player.send(b"Zed\r")
        await player.wait_for("you play as Zed", since=mark)
        player.send(b"q")
        assert await player.ended() == 0
    finally:
        await player.close()
    await host.event(event="disconnect", player="Zed")
