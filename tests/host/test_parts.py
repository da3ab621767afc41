"""The parts of castletui host that need no network: the players file, the
name prompt, the host key, a child's terminal and its end, and the command
line without asyncssh."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import stat
import sys
from pathlib import Path

import pytest
from castletui.saves.owners import account_id_problem

from castletui import cli
from castletui.host import sessions
from castletui.host.players import Players, PlayersError, account_folder, name_folder, parse_key
from castletui.host.prompt import NamePrompt
from tests.host.conftest import exists, process_group_members

asyncssh = pytest.importorskip("asyncssh")


@pytest.fixture
def public(keys):
    return {name: key.export_public_key().decode() for name, key in keys.items()}


def test_a_key_is_read_from_a_pub_file_or_an_authorized_keys_line_and_nothing_else(public, keys):
    key = parse_key(public["alice"])
    assert key.kind == "ssh-ed25519" and key.comment == "alice"
    assert key.fingerprint() == keys["alice"].get_fingerprint()
    assert parse_key('no-pty,command="x" ' + public["alice"]).blob == key.blob
    with pytest.raises(PlayersError, match="private key"):
        parse_key(keys["alice"].export_private_key().decode())
    with pytest.raises(PlayersError, match="no public key"):
        parse_key("hello")
    with pytest.raises(PlayersError, match="not base64"):
        parse_key("ssh-ed25519 !!!!")
    with pytest.raises(PlayersError, match="not a ssh-rsa key"):
        parse_key("ssh-rsa " + public["alice"].split()[1])


def test_names_are_unique_ignoring_case_and_a_key_is_one_players(tmp_path, public):
    players = Players(tmp_path / "data" / "players.toml")
    assert players.add("Alice", parse_key(public["alice"])) == "Alice"
    with pytest.raises(PlayersError, match="already a player"):
        players.add("ALICE", parse_key(public["bob"]))
    with pytest.raises(PlayersError, match="already Alice's"):
        players.add("Bob", parse_key(public["alice"]))
    with pytest.raises(PlayersError, match="control character"):
        players.add("Bo\x1b[31m", parse_key(public["bob"]))
    # Two keys share a name only when told so.
    assert players.add("alice", parse_key(public["carol"]), also=True) == "Alice"
    assert players.name_of(parse_key(public["carol"]).blob) == "Alice"
    assert players.taken("aLiCe") and not players.taken("Bob")
    assert stat.S_IMODE(players.path.stat().st_mode) == 0o600
    assert players.remove("ALICE") == ("Alice", 2)
    assert players.name_of(parse_key(public["alice"]).blob) is None
    with pytest.raises(PlayersError, match="no player"):
        players.remove("Alice")


def test_an_account_name_that_passes_for_anothers_is_refused_and_a_hand_made_clash_lets_one_in(
    tmp_path, public
):
    players = Players(tmp_path / "players.toml")
    players.add("Cy", parse_key(public["alice"]))
    for name in ("\uff23y", "\u0421\u0443", "cy "):
        with pytest.raises(PlayersError, match="already a player"):
            players.add(name, parse_key(public["bob"]))
    assert players.add("\uff22ob", parse_key(public["bob"])) == "Bob"  # kept as castletui reads it
    # A file edited by hand with a look-alike: its keys are nobody's.
    text = players.path.read_text().replace('"Bob"', '"\uff23y"')
    players.path.write_text(text)
    assert players.name_of(parse_key(public["bob"]).blob) is None
    assert players.clashes(parse_key(public["bob"]).blob) == "Cy"
    assert players.name_of(parse_key(public["alice"]).blob) == "Cy"


def test_each_account_has_an_id_of_its_own_that_never_comes_back(tmp_path, public):
    """The id holds the account's seats (saves.owners): given at
    registration, kept through a change of name, never given again."""
    players = Players(tmp_path / "players.toml")
    players.add("Ann", parse_key(public["alice"]))
    players.add("Bob", parse_key(public["bob"]))
    ann, bob = (players.account_of(parse_key(public[key]).blob) for key in ("alice", "bob"))
    assert ann.name == "Ann" and ann.id != bob.id and not account_id_problem(ann.id)
    assert players.add("ann", parse_key(public["carol"]), also=True) == "Ann"
    assert players.account_of(parse_key(public["carol"]).blob) == ann  # one account, two keys
    # The host renames Ann by hand: the same account.
    players.path.write_text(players.path.read_text().replace('"Ann"', '"Anna"'))
    assert players.account_of(parse_key(public["alice"]).blob) == (ann.id, "Anna")
    # Removed and registered again under the same name: another account.
    players.remove("Bob")
    players.add("Bob", parse_key(public["bob"]))
    assert players.account_of(parse_key(public["bob"]).blob).id not in (ann.id, bob.id)
    # A hand-copied id is the first entry's; the second gets one of its own.
    bob = players.account_of(parse_key(public["bob"]).blob)
    players.path.write_text(players.path.read_text().replace(bob.id, ann.id))
    assert players.account_of(parse_key(public["alice"]).blob).id == ann.id
    assert players.account_of(parse_key(public["bob"]).blob).id not in (ann.id, bob.id)
    # A file from an older castletui has no ids: each entry is given one, written back.
    text = players.path.read_text()
    players.path.write_text("\n".join(line for line in text.splitlines() if not line.startswith("id =")))
    ids = [players.account_of(parse_key(public[key]).blob).id for key in ("alice", "bob")]
    assert len(set(ids)) == 2 and not any(account_id_problem(account) for account in ids)
    assert [entry.id for entry in players.read().players] == ids


def test_join_as_an_account_needs_an_account_id_and_its_name(tmp_path, capsys):
    """What the host starts for a player, ``join --as NAME --account ID``, refused whole otherwise."""
    folder = str(tmp_path / "tables")
    assert cli.main(["join", "--account", "Ann", "--as", "Ann", "--table-dir", folder]) == 2
    assert "--account: 'Ann' is not an account id" in capsys.readouterr().err
    assert cli.main(["join", "--account", "ab" * 16, "--table-dir", folder]) == 2
    assert "An account sits down under its name: give it with --as." in capsys.readouterr().err


def test_a_new_keys_claim_takes_a_free_name_or_its_name_from_before(tmp_path, public):
    players = Players(tmp_path / "players.toml")
    players.add("Alice", parse_key(public["alice"]))
    with pytest.raises(PlayersError, match="already a player"):
        players.claim("alice", parse_key(public["stranger"]))
    assert players.claim("Zed", parse_key(public["stranger"])) == "Zed"
    assert players.claim("Other", parse_key(public["stranger"])) == "Zed"  # a second window of the key


def test_host_add_remove_and_players_on_the_command_line(tmp_path, public, capsys, monkeypatch):
    folder = str(tmp_path / "data")
    (tmp_path / "alice.pub").write_text(public["alice"])
    assert cli.main(["host", "add", "Alice", str(tmp_path / "alice.pub"), "--data-dir", folder]) == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO(public["bob"]))
    assert cli.main(["host", "--data-dir", folder, "add", "Bob", "-"]) == 0
    assert cli.main(["host", "players", "--data-dir", folder]) == 0
    out = capsys.readouterr().out
    assert "Alice" in out and parse_key(public["bob"]).fingerprint() in out
    assert cli.main(["host", "add", "bob", str(tmp_path / "alice.pub"), "--data-dir", folder]) == 2
    assert "already Alice's" in capsys.readouterr().err
    bob = Players(Path(folder) / "players.toml").account_named("Bob")
    settings = account_folder(Path(folder), bob.id) / "settings.toml"
    older = name_folder(Path(folder), "Bob") / "notify.toml"  # an older castletui's, by name
    for written in (settings, older):
        written.parent.mkdir(parents=True)
        written.write_text('how = "off"\n')
    assert cli.main(["host", "remove", "bob", "--data-dir", folder]) == 0
    assert "Bob and their 1 key are forgotten" in capsys.readouterr().out
    assert not settings.parent.exists() and not older.parent.exists()  # whoever is Bob next starts afresh


def test_without_asyncssh_host_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "asyncssh", None)
    assert cli.main(["host", "--port", "2222"]) == 2
    error = capsys.readouterr().err
    assert "pip install 'castletui[host]'" in error and error.count("\n") == 1


def test_the_host_key_is_made_once_with_mode_600_and_refused_if_others_can_read_it(tmp_path):
    from castletui.host.keys import HostKeyError, host_key

    key, path, made = host_key(tmp_path / "data")
    assert made and stat.S_IMODE(path.stat().st_mode) == 0o600
    again, _, made_again = host_key(tmp_path / "data")
    assert not made_again and again.get_fingerprint() == key.get_fingerprint()
    path.chmod(0o644)
    with pytest.raises(HostKeyError, match="can be read by others"):
        host_key(tmp_path / "data")


def test_the_name_prompt_echoes_plain_text_and_nothing_a_terminal_would_act_on():
    prompt = NamePrompt()
    echo, line = prompt.feed(b"Ann\x1b[A\x1b[31m\x07e\x7f\x7fn")
    assert (echo, line) == ("Anne\x08 \x08\x08 \x08n", None)
    echo, line = prompt.feed(b"\r")
    assert line == "Ann" and prompt.tries == 1
    flood = NamePrompt()
    _, line = flood.feed(b"x" * 1_000_000)
    assert line is None and len(flood.line) == 40
    assert NamePrompt().feed(b"\x03")[1] is None
    osc = NamePrompt()
    assert osc.feed(b"Bo\x1b]52;c;ZXZpbA==\x07\x1b]0;title\x1b\\b\r") == ("Bob\r\n", "Bob")


def test_a_window_size_and_terminal_type_from_the_client_are_kept_within_bounds():
    assert sessions.clamp_size(0, 0) == (80, 24)
    assert sessions.clamp_size(4_000_000_000, 4_000_000_000) == (sessions.MAX_COLUMNS, sessions.MAX_ROWS)
    assert sessions.terminal_type("xterm-256color") == "xterm-256color"
    assert sessions.terminal_type("x; rm -rf /") == "xterm-256color"
    environment = sessions.child_environment("screen")
    assert environment["TERM"] == "screen" and "SSH_AUTH_SOCK" not in environment


# A child that ignores SIGHUP and SIGTERM, with a grandchild in its group.
STUBBORN = """
import os, signal, sys, time
signal.signal(signal.SIGHUP, signal.SIG_IGN)
signal.signal(signal.SIGTERM, signal.SIG_IGN)
if os.fork() == 0:
    time.sleep(120)
    os._exit(0)
sys.stdout.write("ready\\n"); sys.stdout.flush()
time.sleep(120)
"""


async def test_a_child_that_ignores_hangups_is_killed_with_its_group_and_reaped(monkeypatch):
    monkeypatch.setattr(sessions, "GRACE_SECONDS", 0.2)
    output = bytearray()
    ready = asyncio.Event()

    def shown(data: bytes) -> None:
        output.extend(data)
        if b"ready" in output:
            ready.set()

    terminal = sessions.Terminal(
        [sys.executable, "-c", STUBBORN], {"PATH": os.defpath}, (80, 24), shown, lambda status: None
    )
    await asyncio.wait_for(ready.wait(), 60)
    group = process_group_members(terminal.pid)
    assert len(group) == 2 and os.getpgid(terminal.pid) == terminal.pid != os.getpgid(0)
    status = await asyncio.wait_for(terminal.close(), 60)
    assert status == -signal.SIGKILL
    assert not exists(terminal.pid)
    for pid in group:  # the grandchild went with the group (init reaps it)
        for _ in range(600):
            if not exists(pid) or _is_zombie(pid):
                break
            await asyncio.sleep(0.05)
        assert not exists(pid) or _is_zombie(pid)


def _is_zombie(pid: int) -> bool:
    try:
        stat_line = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat_line[stat_line.rindex(")") + 2] == "Z"


async def test_a_resize_reaches_the_child_as_its_window_size():
    output = bytearray()
    changed = asyncio.Event()

    def shown(data: bytes) -> None:
        output.extend(data)
        changed.set()

    # os.write, not sys.stdout: a SIGWINCH landing while the first line is
    # being written would make the handler's write a reentrant call. The
    # child waits for input in short selects, not one blocking read: a
    # signal landing just before the read began would otherwise wait for
    # the input the test sends only after it saw the new size.
    script = (
        "import os, select, signal, sys\n"
        "def tell(*_):\n"
        "    c, r = os.get_terminal_size(0); os.write(1, f'size {c}x{r}\\n'.encode())\n"
        "signal.signal(signal.SIGWINCH, tell); tell()\n"
        "while not select.select([0], [], [], 0.1)[0]: pass\n"
        "sys.stdin.readline()\n"
    )
    ended = asyncio.get_running_loop().create_future()
    terminal = sessions.Terminal(
        [sys.executable, "-c", script], {"PATH": os.defpath}, (80, 24), shown, ended.set_result
    )

    async def until(text: bytes) -> None:
        while text not in output:
            changed.clear()
            await asyncio.wait_for(changed.wait(), 60)

    await until(b"size 80x24")
    terminal.resize(132, 43)
    await until(b"size 132x43")
    terminal.write(b"\r")
    assert await asyncio.wait_for(ended, 60) == 0
    assert not exists(terminal.pid)


async def test_a_remote_player_has_no_screenshot_that_writes_files_on_the_host(tmp_path):
    from castletui.app import Start
    from castletui.shared import SharedApp

    remote = SharedApp(Start("join"), who="Alice", table_dir=tmp_path, lobby_only=True)
    local = SharedApp(Start("join"), who="alice", table_dir=tmp_path)
    for app, has_screenshot in ((remote, False), (local, True)):
        async with app.run_test() as pilot:
            await pilot.pause()
            titles = [command.title for command in app.get_system_commands(app.screen)]
            assert ("Screenshot" in titles) == has_screenshot and "Quit" in titles


def test_logins_under_way_are_dropped_at_random_past_the_start_and_all_at_full():
    """sshd's MaxStartups 10:30:20 and PerSourceMaxStartups 8 (capacity.py)."""
    from castletui.host.capacity import Capacity, Limits, parse_startups

    chances = iter([0.5, 0.2, 0.99])
    capacity = Capacity(Limits(), chance=lambda: next(chances))
    for _ in range(8):
        assert capacity.refusal("10.0.0.1") == ("", "")
        capacity.arrived("10.0.0.1")
    assert capacity.refusal("10.0.0.1")[0] == "startups-per-address"  # one address stays below the start
    assert capacity.refusal("10.0.0.2") == ("", "")
    capacity.arrived("10.0.0.2")
    capacity.arrived("10.0.0.3")
    # 10 under way: a 30 % chance of a drop, then 30 % + 70 % * 1/10 at 11.
    assert capacity.refusal("10.0.0.4") == ("", "")  # drew 0.5
    assert capacity.refusal("10.0.0.4")[0] == "startups"  # drew 0.2
    capacity.arrived("10.0.0.4")
    assert capacity.refusal("10.0.0.5") == ("", "")  # drew 0.99: a 37 % chance, not taken
    for index in range(9):
        capacity.arrived(f"10.0.1.{index}")
    assert capacity.refusal("10.0.2.1")[0] == "startups"  # 20: full, whatever the draw
    # Logging in frees the place; the key's own connections are counted.
    capacity.logged_in("10.0.0.1", b"key")
    assert capacity.startups == 19 and capacity.key_refusal(b"key") == ""
    capacity.logged_in("10.0.0.1", b"key")
    capacity.logged_in("10.0.0.1", b"key")
    assert "3 connections" in capacity.key_refusal(b"key")
    capacity.left("10.0.0.1", b"key")
    assert capacity.key_refusal(b"key") == "" and capacity.total == 19
    assert parse_startups("10:30:60") == (10, 30, 60) and parse_startups("5") == (5, 100, 5)
    with pytest.raises(ValueError):
        parse_startups("30:10:20")


def test_a_hosts_sessions_are_given_its_store_and_nothing_leaks_into_the_host():
    """The PostgreSQL store a host was started with reaches each player's
    castletui through its environment, not through the host's own."""
    from castletui.host.sessions import child_environment

    assert (
        child_environment("xterm", store="postgresql://db/castle")["CASTLETUI_STORE"]
        == "postgresql://db/castle"
    )
    assert "CASTLETUI_STORE" not in child_environment("xterm")


def test_whose_settings_the_store_gives_is_never_the_hosts_own_environments(monkeypatch):
    """The server names each session's account (castletui.kept_settings);
    one left in the host's environment reaches no player's castletui."""
    monkeypatch.setenv("CASTLETUI_SETTINGS_ACCOUNT", "a" * 32)
    assert "CASTLETUI_SETTINGS_ACCOUNT" not in sessions.child_environment(
        "xterm", store="postgresql://db/castle"
    )
