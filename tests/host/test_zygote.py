"""Sessions forked by the zygote (castletui/host/zygote.py, the default
``--session-start fork``), through real SSH connections: each is the
server's child with its own process group, pty, memory cap and account
settings and nothing of another session's; they end with the server even
when it is killed; a zygote that dies is started again and its sessions
play on; ``--session-start spawn`` still starts a fresh process."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

from castletui.host import zygote
from castletui.host.forks import SESSION_NAME
from tests.host.conftest import WAIT_SECONDS, Player, command_name, exists, process_group_members

asyncssh = pytest.importorskip("asyncssh")


def address_space_limit(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max address space"):
            return int(line.split()[3])
    raise AssertionError("no address space line")


def environment_of(pid: int) -> dict[str, str]:
    pairs = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(pair.decode().partition("=")[::2] for pair in pairs if pair)


def terminals_of(pid: int) -> set[str]:
    """The pseudo-terminals ``pid`` has open."""
    found = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("/dev/pts/"):
            found.add(target)
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not: whoever adopted it reaps it)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


async def wait_until(condition, what: str) -> None:
    """Other processes' state: looked at, bounded."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)


async def in_the_lobby(host, key, name: str) -> Player:
    player = await Player.connect(host.port, key)
    await player.open_terminal()
    await player.wait_for(f"you play as {name}")
    return player


@pytest.mark.slow
async def test_forked_sessions_are_the_servers_children_each_with_its_own_cap_settings_and_terminal(
    start_host, keys
):
    host = start_host("--session-memory", "900", players={"Alice": keys["alice"], "Bob": keys["bob"]})
    alice = await in_the_lobby(host, keys["alice"], "Alice")
    bob = await in_the_lobby(host, keys["bob"], "Bob")
    zygote = host.zygote()
    assert zygote is not None
    sessions = host.children()
    assert len(sessions) == 2
    for pid in sessions:
        assert command_name(pid) == SESSION_NAME.decode()  # forked, not a fresh python
        assert os.getpgid(pid) == pid and os.getsid(pid) == pid  # its own session and group
        assert address_space_limit(pid) == 900 * 2**20
    # The zygote (whose environment block ps shows for every session) names
    # no settings folder: each session is given its account's in its own
    # environment (that Bob's theme is his alone: test_limits.py).
    assert "CASTLETUI_CONFIG_DIR" not in environment_of(zygote)
    # Neither has the other's terminal, nor the zygote's socket: only its own pty.
    alice_pty, bob_pty = (terminals_of(pid) for pid in sessions)
    assert len(alice_pty) == 1 and len(bob_pty) == 1 and alice_pty != bob_pty
    zygote_sockets = {os.readlink(f"/proc/{zygote}/fd/{fd}") for fd in os.listdir(f"/proc/{zygote}/fd")}
    zygote_sockets = {target for target in zygote_sockets if target.startswith("socket:")}
    for pid in sessions:
        held = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
        assert not held & zygote_sockets
    await alice.close()
    await bob.close()
    await wait_until(lambda: not [pid for pid in sessions if exists(pid)], "a session was left running")


@pytest.mark.slow
async def test_a_zygote_that_dies_is_started_again_and_its_sessions_play_on(start_host, keys):
    host = start_host(players={"Alice": keys["alice"], "Bob": keys["bob"]})
    alice = await in_the_lobby(host, keys["alice"], "Alice")
    first = host.zygote()
    assert first is not None
    os.kill(first, signal.SIGKILL)
    await wait_until(lambda: host.zygote() not in (None, first), "no new zygote was started")
    bob = await in_the_lobby(host, keys["bob"], "Bob")
    # Alice's castletui did not go with the zygote: it still answers her keys.
    mark = alice.mark()
    alice.send(b"\x10")  # ctrl+p
    await alice.wait_for("Search for commands", since=mark)
    await alice.close()
    await bob.close()


@pytest.mark.slow
async def test_a_killed_server_leaves_neither_zygote_nor_session(start_host, keys):
    host = start_host(players={"Alice": keys["alice"]})
    alice = await in_the_lobby(host, keys["alice"], "Alice")
    zygote = host.zygote()
    (session,) = host.children()
    assert zygote is not None
    host.process.send_signal(signal.SIGKILL)
    host.process.wait(WAIT_SECONDS)
    await wait_until(
        lambda: not running(zygote) and not [pid for pid in process_group_members(session) if running(pid)],
        "the zygote or a session outlived the server",
    )
    await alice.close()


@pytest.mark.slow
async def test_spawn_starts_each_session_as_a_fresh_process(start_host, keys):
    host = start_host("--session-start", "spawn", players={"Alice": keys["alice"]})
    alice = await in_the_lobby(host, keys["alice"], "Alice")
    assert host.zygote() is None
    (session,) = host.children()
    assert b"castletui.host.seat" in Path(f"/proc/{session}/cmdline").read_bytes()
    await alice.close()


def test_the_zygote_preloads_every_module_from_any_folder(tmp_path):
    """A host is started from anywhere, not from castletui's checkout,
    where a bare ``rules`` package is not found: the zygote imports the
    rules and saves by castletui's own names, and nothing fails."""
    import subprocess
    import sys

    probe = (
        "import sys; from castletui.host import zygote; failed = zygote.preload(); "
        "print(failed); print(sorted(n for n in sys.modules if n.split('.')[0] in ('rules', 'saves')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=WAIT_SECONDS
    )
    assert done.returncode == 0, done.stderr
    failed, bare = done.stdout.splitlines()
    assert failed == "[]"
    assert bare == "[]"  # nothing imported twice under a second name


def test_the_zygote_warmed_up_still_has_one_thread_to_fork(tmp_path):
    """Its warm-up shows a lobby, which watches the table folder: no
    thread may outlive it (a zygote with two threads cannot fork safely,
    and gives up forking). In a process of its own, as the zygote's.
    Issue 45: it leaves what each session would otherwise make again,
    the same for all (the C library inotify calls, the command line's
    parser), to be shared: nothing of a player's."""
    import subprocess
    import sys

    probe = (
        "import threading; from castletui.host import zygote; zygote.preload(); "
        "print(zygote.warm_up(), [thread.name for thread in threading.enumerate()]); "
        "from castletui import cli, inotify; "
        "print(inotify._libc.cache_info().currsize, len(cli._prebuilt))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=WAIT_SECONDS
    )
    assert done.returncode == 0, done.stderr
    warmed, shared = done.stdout.splitlines()
    assert warmed.split() == ["True", "['MainThread']"]
    assert shared.split() == ["1", "1"]


def test_the_zygote_takes_the_free_blocks_a_session_would_fill():
    """Issue 45: the free blocks of the allocator's pools in use are the
    zygote's before it forks, so that a session's new objects do not
    copy pages it shares with the zygote. Here, in this process: the
    blocks free in the pools in use are fewer once taken."""
    before = zygote.free_blocks()
    if not before:
        pytest.skip("no allocator statistics in this Python")
    try:
        taken = zygote.take_free_blocks()
        after = zygote.free_blocks()
    finally:
        zygote._taken_blocks.clear()
    assert taken > 0
    assert sum(after.values()) < sum(before.values())


@pytest.mark.slow
async def test_a_zygote_that_cannot_live_leaves_players_a_spawned_castletui(
    start_host, keys, tmp_path, monkeypatch
):
    """A zygote that dies as it starts (a broken install, say) does not
    lock players out: once it has died as often as it may, the host starts
    the player's castletui as a fresh process instead."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        "import os, sys\nif 'castletui.host.zygote' in sys.orig_argv:\n    os._exit(3)\n"
    )
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")])))
    host = start_host(players={"Alice": keys["alice"]})
    alice = await in_the_lobby(host, keys["alice"], "Alice")
    assert host.children(), "Alice's castletui is the server's own child"
    await alice.close()
