"""castletui host with a real server and a real asyncssh client: who gets
in, what they see, and everything else refused."""

from __future__ import annotations

import pytest

from tests.host.conftest import Player

asyncssh = pytest.importorskip("asyncssh")


async def test_a_registered_key_gets_the_lobby_as_its_player(start_host, keys):
    host = start_host(players={"Alice": keys["alice"]})
    player = await Player.connect(host.port, keys["alice"])
    await player.open_terminal()
    await player.wait_for("Shared tables in", "you play as Alice")
    await host.log_line("connect", "Alice from 127.0.0.1")
    player.send(b"q")  # leaving the lobby ends the session
    assert await player.ended() == 0
    await player.close()
    await host.log_line("disconnect", "Alice from 127.0.0.1")
    assert host.stop() == 0


async def test_an_unknown_key_is_refused_with_a_message_before_any_screen(start_host, keys):
    host = start_host(players={"Alice": keys["alice"]})
    with pytest.raises(asyncssh.PermissionDenied) as refused:
        await Player.connect(host.port, keys["stranger"])
    said = "".join(refused.value.banner)
    assert "is not one of this host's players" in said and "castletui host add" in said
    assert keys["stranger"].get_fingerprint() in said
    await host.log_line("refused", "unknown key", keys["stranger"].get_fingerprint())


async def test_commands_sftp_forwarding_environment_and_terminal_less_sessions_are_refused(start_host, keys):
    host = start_host(players={"Alice": keys["alice"]})
    player = await Player.connect(host.port, keys["alice"])
    connection = player.connection
    # ssh host cat /etc/passwd: nothing runs, one line says why.
    result = await connection.run("cat /etc/passwd", env={"LD_PRELOAD": "/tmp/evil.so"})
    assert result.exit_status == 1 and result.stdout == ""
    assert "castletui only" in result.stderr and "root:" not in result.stderr
    await host.log_line("refused", "Alice", "command 'cat /etc/passwd'")
    await host.log_line("refused", "Alice", "environment variable LD_PRELOAD")
    # scp is a command too.
    result = await connection.run("scp -t /tmp")
    assert result.exit_status == 1 and "castletui only" in result.stderr
    # A session without a terminal (ssh -T host).
    result = await connection.run()
    assert result.exit_status == 1 and "needs a terminal" in result.stderr
    await host.log_line("refused", "Alice", "a session without a terminal")
    # sftp
    with pytest.raises((asyncssh.Error, OSError)):
        await connection.start_sftp_client()
    await host.log_line("refused", "Alice", "subsystem sftp")
    # ssh -L: a connection to anywhere through the host.
    with pytest.raises(asyncssh.ChannelOpenError):
        await connection.open_connection("127.0.0.1", host.port)
    await host.log_line("refused", "Alice", f"port forwarding to 127.0.0.1:{host.port}")
    # ssh -R: a port opened on the host.
    with pytest.raises(asyncssh.ChannelListenError):
        await connection.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
    await host.log_line("refused", "Alice", "remote forwarding")
    assert host.children() == []  # not one process was started for any of it
    await player.close()
