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
    await player.wait_for("Shared tables at this host", "you play as Alice")
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
    await player.wait_for("Shared tables at this host", "you play as Zed", since=mark)
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
        players={"Alice": keys["alice"], "Bob": keys["bob"], "Carol": keys["carol"]},
    )
    first = await Player.connect(host.port, keys["alice"])
    await first.open_terminal()
    await first.wait_for("you play as Alice")
    # A second connection of the key is refused before logging in, with a line why.
    with pytest.raises(asyncssh.PermissionDenied) as refused:
        await Player.connect(host.port, keys["alice"])
    assert "close one first" in "".join(refused.value.banner)
    await host.event(event="refused", what="connections-per-key", key=keys["alice"].get_fingerprint())
    # A second session on the first connection is refused as it opens.
    with pytest.raises(asyncssh.ChannelOpenError):
        await first.open_bare_session()
    await host.event(event="refused", player="Alice", what="channels")
    second = await Player.connect(host.port, keys["bob"])
    # Two connections are open: a third is turned away before logging in.
    with pytest.raises(asyncssh.DisconnectError) as refused:
        await Player.connect(host.port, keys["carol"])
    assert "this host is full" in refused.value.reason
    await host.event(event="refused", what="full")
    # ctrl+c on the server: the player's castletui ends with it, nothing is left.
    (child,) = host.children()
    assert host.stop() == 0
    assert not Path(f"/proc/{child}").exists()
    await first.close()
    await second.close()


@pytest.mark.slow
async def test_no_stranger_can_take_every_place_on_the_host(start_host, keys):
    """#41.2: 40 connections that never finish the handshake, from one
    address, and 40 session channels that never ask for a terminal, from one
    key: held all the while, they leave a new player room to reach the
    lobby; then each is closed at its limit's time."""
    host = start_host(
        "--login-grace", "12", "--terminal-seconds", "8", players={"Alice": keys["alice"], "Bob": keys["bob"]}
    )
    silent = []
    for _ in range(40):
        _, writer = await asyncio.open_connection("127.0.0.1", host.port, local_addr=("127.0.0.2", 0))
        silent.append(writer)
    await host.event(event="refused", what="startups-per-address")
    hogs, channels, refused_channels = [], [], 0
    for _ in range(40):
        if len(channels) + refused_channels >= 40:
            break
        try:
            hog = await Player.connect(host.port, keys["alice"], source="127.0.0.3")
        except asyncssh.PermissionDenied:
            refused_channels += 1
            continue
        hogs.append(hog)
        for _ in range(3):
            try:
                channels.append(await hog.open_bare_session())
            except asyncssh.ChannelOpenError:
                refused_channels += 1
    assert len(hogs) <= 3 and len(channels) <= 3  # one key never holds more than --sessions-per-key
    await host.event(event="refused", what="connections-per-key")
    await host.event(event="refused", what="sessions-per-key")
    # Meanwhile a new player logs in and reaches the lobby.
    player = await Player.connect(host.port, keys["bob"])
    await player.open_terminal()
    await player.wait_for("Shared tables at this host", "you play as Bob")
    events = host.events()
    bob_in = next(i for i, e in enumerate(events) if e["event"] == "connect" and e.get("player") == "Bob")
    expired = ("login-grace", "channel-timeout", "login-timeout")
    assert not any(e.get("what") in expired for e in events[:bob_in]), "the hogs were let go before Bob came"
    # Then each hog is let go at its limit's time, and the player plays on.
    await host.event(event="refused", what="channel-timeout", player="Alice")
    await host.event(event="refused", what="login-grace")
    assert all(e.get("player") != "Bob" for e in host.events() if e["event"] in ("refused", "disconnect"))
    for writer in silent:
        writer.close()
    for hog in hogs:
        await hog.close()
    await player.close()


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
