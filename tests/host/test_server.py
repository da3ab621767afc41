"""castletui host with a real server and a real asyncssh client: who gets
in, what they see, and everything else refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.host.conftest import WAIT_SECONDS, Player

asyncssh = pytest.importorskip("asyncssh")


async def test_a_registered_key_gets_the_lobby_as_its_player(start_host, keys):
    host = start_host(players={"Alice": keys["alice"]})
    player = await Player.connect(host.port, keys["alice"])
    await player.open_terminal()
    await player.wait_for("Shared tables in", "you play as Alice")
    await host.event(event="connect", player="Alice")
    # The player's window grows: castletui draws the lobby at the new width.
    mark = player.mark()
    player.process.change_terminal_size(120, 30)
    await player.wait_for("you play as Alice", since=mark, width=120)
    player.send(b"q")  # leaving the lobby ends the session
    assert await player.ended() == 0
    await player.close()
    await host.event(event="disconnect", player="Alice")
    assert host.stop() == 0


async def test_an_unknown_key_is_refused_with_a_message_before_any_screen(start_host, keys):
    host = start_host(players={"Alice": keys["alice"]})
    with pytest.raises(asyncssh.PermissionDenied) as refused:
        await Player.connect(host.port, keys["stranger"])
    said = "".join(refused.value.banner)
    assert "is not one of this host's players" in said and "castletui host add" in said
    assert keys["stranger"].get_fingerprint() in said
    await host.event(event="refused", what="unknown-key", key=keys["stranger"].get_fingerprint())


async def test_commands_sftp_forwarding_environment_and_terminal_less_sessions_are_refused(start_host, keys):
    host = start_host(players={"Alice": keys["alice"]})
    player = await Player.connect(host.port, keys["alice"])
    connection = player.connection
    # ssh host cat /etc/passwd: nothing runs, one line says why.
    result = await connection.run("cat /etc/passwd", env={"LD_PRELOAD": "/tmp/evil.so"})
    assert result.exit_status == 1 and result.stdout == ""
    assert "castletui only" in result.stderr and "root:" not in result.stderr
    await host.event(event="refused", player="Alice", what="command")
    await host.event(event="refused", player="Alice", what="environment")
    # scp is a command too.
    result = await connection.run("scp -t /tmp")
    assert result.exit_status == 1 and "castletui only" in result.stderr
    # A session without a terminal (ssh -T host).
    result = await connection.run()
    assert result.exit_status == 1 and "a terminal is needed" in result.stderr
    await host.event(event="refused", player="Alice", what="no-terminal")
    # sftp
    with pytest.raises((asyncssh.Error, OSError)):
        await connection.start_sftp_client()
    await host.event(event="refused", player="Alice", what="subsystem")
    # ssh -L: a connection to anywhere through the host.
    with pytest.raises(asyncssh.ChannelOpenError):
        await connection.open_connection("127.0.0.1", host.port)
    await host.event(event="refused", player="Alice", what="port-forwarding")
    # ssh -R: a port opened on the host.
    with pytest.raises(asyncssh.ChannelListenError):
        await connection.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
    await host.event(event="refused", player="Alice", what="remote-forwarding")
    assert host.children() == []  # not one process was started for any of it
    await player.close()


async def test_with_open_a_new_key_chooses_a_free_name_and_is_remembered(start_host, keys):
    """A name that passes for an account's (case, full-width, another
    script's look-alike, a space after it) is that account's: refused, as
    are mixed scripts and the screens' own labels (#41.1, #41.6)."""
    from castletui.host.players import Players

    host = start_host("--open", players={"Cy": keys["alice"], "Ann": keys["bob"]})
    stranger = keys["stranger"].get_fingerprint()
    player = await Player.connect(host.port, keys["stranger"])
    await host.event(event="connect", player="", key=stranger)
    await player.open_terminal()
    await player.wait_for("This key is new here", "Your player name:")
    for typed, what in (
        ("\uff23y", "name-taken"),  # a full-width C: castletui reads it as Cy
        ("\u0410nn", "name-refused"),  # a Cyrillic A among Latin letters
        ("Cy ", "name-taken"),
        ("Milo (bot)", "name-refused"),
    ):
        start = len(host.events())
        player.send(typed.encode() + b"\r")
        await host.event(start, event="refused", what=what, key=stranger)
    mark = player.mark()
    player.send(b"Zed\x1b[A\x1b[31m" + b"\x7f" + b"d\r")  # an arrow and an escape are not typed
    await player.wait_for("Shared tables in", "you play as Zed", since=mark)
    await host.event(event="registered", player="Zed", key=stranger)
    await player.close()
    players = Players(host.players_file)
    assert [name for name, _ in players.entries()] == ["Cy", "Ann", "Zed"]
    # Next time the key is Zed at once.
    start = len(host.events())
    again = await Player.connect(host.port, keys["stranger"])
    await again.connection.run("true")
    await host.event(start, event="connect", player="Zed")
    await again.close()


async def test_the_per_key_and_total_limits_refuse_the_next_connection(start_host, keys):
    host = start_host(
        "--sessions-per-key",
        "1",
        "--max-connections",
        "2",
        players={"Alice": keys["alice"], "Bob": keys["bob"]},
    )
    first = await Player.connect(host.port, keys["alice"])
    await first.open_terminal()
    await first.wait_for("you play as Alice")
    second = await Player.connect(host.port, keys["alice"])
    await second.open_terminal()
    await second.wait_for("this key already has 1 sessions open here")
    assert await second.ended() == 1
    await host.event(event="refused", player="Alice", what="sessions-per-key")
    # Two connections are open: a third is turned away before logging in.
    with pytest.raises(asyncssh.DisconnectError) as refused:
        await Player.connect(host.port, keys["bob"])
    assert "this host is full" in refused.value.reason
    await host.event(event="refused", what="full")
    # ctrl+c on the server: the player's castletui ends with it, nothing is left.
    (child,) = host.children()
    assert host.stop() == 0
    assert not Path(f"/proc/{child}").exists()
    await first.close()
    await second.close()


async def test_a_session_without_a_key_pressed_for_the_idle_time_is_closed(start_host, keys):
    host = start_host("--idle-minutes", "0.02", players={"Alice": keys["alice"]})
    player = await Player.connect(host.port, keys["alice"])
    await player.open_terminal()
    # The idle limit (1.2 s) may run out before the lobby is even drawn on a
    # busy machine: the test waits for the close, never for the lobby first.
    await player.wait_for("minutes without a key pressed")
    assert await player.ended() == 1
    await host.event(event="idle", player="Alice", what="idle")
    # Whatever castletui the session started is gone with it.
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while host.children() and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
    assert host.children() == []
    await player.close()


async def test_the_ready_and_events_files_are_private_and_the_ready_file_goes_with_the_host(start_host, keys):
    """What programs read (castletui/host/events.py): the ready file names
    the port and pid while the host runs; every event has its stable code."""
    from castletui.host.events import WHAT, read_ready_file

    host = start_host(players={"Alice": keys["alice"]})
    ready = read_ready_file(host.ready_path)
    assert ready.port == host.port and ready.pid == host.process.pid and ready.host_key.startswith("SHA256:")
    with pytest.raises(asyncssh.PermissionDenied):
        await Player.connect(host.port, keys["stranger"])
    event = await host.event(event="refused")
    assert event["what"] == "unknown-key" and event["peer"].startswith("127.0.0.1:")
    assert all(e.get("what", "") in ("", *WHAT) for e in host.events())
    for path in (host.ready_path, host.events_path):
        assert path.stat().st_mode & 0o777 == 0o600, path
    assert host.stop() == 0
    assert not host.ready_path.exists()  # a stopped host is not ready
