"""castletui and its terminal, with real processes (issue 25, items 4 and
8; issue 32, item 4): the app refuses to start without a terminal (as
``ssh play@host 'cat ...'``, sftp and scp start it through a game account's
forced command), the commands that need none still answer, a running app
ends by itself when its terminal goes away (its table left whole), and the
README's forced command, run as sshd runs it, neither runs what the client
asked for nor lingers.

Each process gets a generous bound to end in (LIMIT); nothing here times
how fast it does."""

from __future__ import annotations

import os
import pty
import re
import select
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from unittest import mock

import pytest
from castletui.saves.table import Table

from castletui import lobby_cache, saves
from castletui.shared import create_table

LIMIT = 60.0
"""Seconds a process may take to show its first screen or to end."""

ROOT = Path(__file__).resolve().parents[1]


def castletui_command() -> list[str]:
    """How to start castletui: the installed script beside this Python (as
    the README's forced command names it), else ``python -m castletui``."""
    script = Path(sys.executable).with_name("castletui")
    return [str(script)] if script.exists() else [sys.executable, "-m", "castletui"]


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    # These tests read castletui's own lines on stderr: a dependency's warning
    # printed there (PYTHONWARNINGS=always, a new release) is not castletui's.
    env = dict(
        os.environ,
        CASTLETUI_DATA_DIR=str(tmp_path / "data"),
        TERM="xterm-256color",
        PYTHONWARNINGS="ignore",
        **extra,
    )
    for name in ("CASTLETUI_SAVE_DIR", "CASTLETUI_TABLE_DIR", "TEXTUAL_DRIVER", "SSH_ORIGINAL_COMMAND"):
        if name not in extra:
            env.pop(name, None)
    return env


def run_without_terminal(argv: list[str], tmp_path: Path, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        castletui_command() + argv,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=environment(tmp_path, **extra),
        cwd=tmp_path,
        timeout=LIMIT,
    )


# --- no terminal -----------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["join", "--as", "Ann", "--table-dir", "tables"],
        ["join"],
        ["new", "castlecards", "--players", "2", "--bots", "1"],
        ["new", "castlecards", "--shared"],
        ["resume"],
        [],
    ],
    ids=["join-as", "join", "new", "new-shared", "resume", "menu"],
)
def test_the_app_refuses_to_start_without_a_terminal(tmp_path, argv):
    finished = run_without_terminal(argv, tmp_path)
    assert finished.returncode == 2
    assert finished.stdout == ""
    (line,) = finished.stderr.strip().splitlines()
    assert line.startswith("castletui: a terminal is needed to play")
    assert not (tmp_path / "tables").exists()  # nothing was started, so nothing was made


@pytest.mark.parametrize(
    "argv, says",
    [
        (["list", "--games"], "castlecards"),
        (["list"], "No saved games"),
        (["rules", "castlecards", "--print"], "Castlecards"),
        (["--help"], "usage: castletui"),
        (["calc", "castlecards", "--list"], ""),
    ],
)
def test_commands_that_need_no_terminal_still_work_without_one(tmp_path, argv, says):
    finished = run_without_terminal(argv, tmp_path)
    assert finished.returncode == 0, finished.stderr
    assert says in finished.stdout


def test_a_save_folder_that_is_a_file_is_refused_before_the_terminal_is_asked_for(tmp_path):
    """Issue 32, item 3, in a real process: the argument's own message wins."""
    (tmp_path / "a-file").write_text("not a folder")
    finished = run_without_terminal(["--save-dir", "a-file", "new", "castlecards"], tmp_path)
    assert finished.returncode == 2
    assert finished.stderr.strip() == "castletui: --save-dir: a-file is a file, not a folder."


# --- the README's forced command ---------------------------------------------------


def readme_forced_commands() -> list[str]:
    """The ``command="..."`` of each authorized_keys line in the README."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r'command="([^"]+)",restrict,pty ssh-', text)


def test_the_readme_gives_a_forced_command_per_player():
    commands = readme_forced_commands()
    assert len(commands) >= 2
    for command in commands:
        words = shlex.split(command)
        assert words[0] == "/home/play/venv/bin/castletui" and words[1:3] == ["join", "--as"]
        assert "--table-dir" in words


def test_the_readme_set_up_steps_need_no_sudo():
    """Issue 25, item 8: a stock Debian 12 has no sudo; every step runs as
    root, with runuser for what the account does itself."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Playing together over SSH") : text.index("## For developers")]
    commands = [line.strip() for line in section.splitlines() if line.startswith("       ")]
    assert commands and not [command for command in commands if "sudo" in command.split()]
    as_the_account = [command for command in commands if command.startswith("runuser")]
    assert len(as_the_account) >= 3
    assert all(command.startswith("runuser -u play -- ") for command in as_the_account)
    assert "install -d -m 700 -o play -g play /home/play/.ssh" in commands
    assert "install -m 600 -o play -g play /dev/null /home/play/.ssh/authorized_keys" in commands


@pytest.mark.parametrize(
    "asked",
    ["cat /etc/passwd", "internal-sftp", "scp -t /tmp", "/usr/lib/openssh/sftp-server"],
    ids=["a-command", "sftp", "scp", "sftp-server"],
)
def test_the_readme_forced_command_runs_nothing_else_and_does_not_linger(tmp_path, asked):
    """As sshd runs it for ``ssh play@host 'cat /etc/passwd'``, sftp or
    scp: through the account's shell (``sh -c``), with the client's wish in
    $SSH_ORIGINAL_COMMAND and pipes, not a terminal. Only the program's and
    the folder's paths are changed to this machine's."""
    command = readme_forced_commands()[0]
    tables = tmp_path / "tables"
    tables.mkdir(mode=0o700)
    command = command.replace("/home/play/venv/bin/castletui", shlex.join(castletui_command()))
    command = command.replace("/home/play/tables", shlex.quote(str(tables)))
    process = subprocess.Popen(
        ["/bin/sh", "-c", command],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(tmp_path, SSH_ORIGINAL_COMMAND=asked),
        cwd=tmp_path,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError("the forced command was still running") from None
    assert process.returncode == 2
    assert b"root:" not in out and b"root:" not in err  # /etc/passwd was not printed
    assert err.decode().strip().startswith("castletui: a terminal is needed to play")
    assert list(tables.iterdir()) == []


# --- a terminal that goes away -------------------------------------------------------


def read_until(master: int, text: bytes, process_alive) -> bytes:
    """What the terminal shows until ``text`` appears (or the bound passes)."""
    shown = b""
    deadline = time.monotonic() + LIMIT
    while text not in shown and time.monotonic() < deadline and process_alive():
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                shown += os.read(master, 65536)
            except OSError:
                break
    return shown


def wait_for_exit(pid: int) -> int | None:
    """The exit status once the process ends by itself; None if it is still
    there after the bound (it is then killed)."""
    deadline = time.monotonic() + LIMIT
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return None


def start_in_a_terminal(argv: list[str], tmp_path: Path, *, controlling: bool) -> tuple[int, int]:
    """castletui on a new pseudo-terminal: (pid, the master side).

    ``controlling``: the terminal is the process's controlling terminal (as
    sshd gives it), so closing the master sends SIGHUP. Otherwise it only
    sees its input hung up (EOF, EIO): both must end it."""
    env = environment(tmp_path)
    command = castletui_command() + argv
    if controlling:
        pid, master = pty.fork()
        if pid == 0:  # the child: never returns
            try:
                os.chdir(tmp_path)
                os.execve(command[0], command, env)
            finally:
                os._exit(127)
        return pid, master
    master, slave = os.openpty()
    # A bare fork, as above: the caller reaps the pid itself (wait_for_exit),
    # which a Popen object would not know, and warn of at its end.
    pid = os.fork()
    if pid == 0:  # the child: a new session whose terminal is not its controlling one
        try:
            os.setsid()
            for descriptor in (0, 1, 2):
                os.dup2(slave, descriptor)
            os.chdir(tmp_path)
            os.execve(command[0], command, env)
        finally:
            os._exit(127)
    os.close(slave)
    return pid, master


def alive(pid: int):
    def check() -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True

    return check


@pytest.mark.parametrize("controlling", [True, False], ids=["sighup", "input-hung-up"])
def test_the_lobby_ends_when_its_terminal_goes_away(tmp_path, controlling):
    tables = tmp_path / "tables"
    tables.mkdir(mode=0o700)
    pid, master = start_in_a_terminal(
        ["join", "--as", "Ann", "--table-dir", str(tables)], tmp_path, controlling=controlling
    )
    try:
        shown = read_until(master, b"starts a new game", alive(pid))
        assert b"starts a new game" in shown, shown[-500:]
    finally:
        os.close(master)  # the SSH connection drops
    status = wait_for_exit(pid)
    assert status is not None, "castletui was still running after its terminal went away"
    # Nothing but the lobby's own cache of what it listed (no crash log, no table).
    assert [path.name for path in tables.iterdir() if path.name != lobby_cache.FOLDER] == []


@pytest.mark.parametrize("controlling", [True, False], ids=["sighup", "input-hung-up"])
def test_a_game_at_a_table_ends_when_its_terminal_goes_away_and_the_table_stays_whole(tmp_path, controlling):
    tables = tmp_path / "tables"
    tables.mkdir(mode=0o700)
    players = [saves.Player("Seat 1"), saves.Player("Seat 2"), saves.Player("Milo", "bot", "random")]
    with mock.patch("castletui.saves.table.new_seed", return_value=11):  # the same game on every run
        table, _, _ = create_table(tables, "Bo", "castlecards", "multi-player", players)
    before = Table(table.path).read()[0].check.plies
    pid, master = start_in_a_terminal(
        ["join", table.path.name, "--as", "Ann", "--table-dir", str(tables)],
        tmp_path,
        controlling=controlling,
    )
    try:
        shown = read_until(master, b"Undo", alive(pid))  # the game's Footer, not the lobby's
        assert b"Undo" in shown, shown[-500:]
    finally:
        os.close(master)
    status = wait_for_exit(pid)
    assert status is not None, "castletui was still running after its terminal went away"
    save, seating = Table(table.path).read()  # whole: it reads and replays
    assert seating.owners[:2] == ["user:Bo", "user:Ann"]
    assert save.check.plies >= before
    assert [path.name for path in tables.iterdir() if path.name.endswith(".tmp")] == []


def test_quitting_as_a_game_screen_opens_ends_cleanly(tmp_path):
    """Issue 32, item 4, in a real terminal: ctrl+q the moment the app has
    taken the terminal, for each game; no "unexpected error", no crash
    log, and nothing printed after the app has closed (Textual's Header
    left a "coroutine ... never awaited" warning on the terminal)."""
    games = [
        ["new", "castlecards", "--players", "2", "--bots", "1"],
        ["new", "got-catan", "--players", "3", "--bots", "2"],
        ["new", "castle-raisers", "--players", "2", "--bots", "1"],
        ["new", "catapult-castle", "--players", "2", "--bots", "1"],
    ]
    for argv in games:
        pid, master = start_in_a_terminal(
            ["--save-dir", str(tmp_path / "saves"), *argv], tmp_path, controlling=True
        )
        try:
            # Focus reporting is the last thing Textual asks of a terminal it takes.
            shown = read_until(master, b"\x1b[?1004h", alive(pid))
            os.write(master, b"\x11")  # ctrl+q
            deadline = time.monotonic() + LIMIT
            while alive(pid)() and time.monotonic() < deadline:
                ready, _, _ = select.select([master], [], [], 0.2)
                if ready:
                    try:
                        shown += os.read(master, 65536)
                    except OSError:
                        break
        finally:
            os.close(master)
        status = wait_for_exit(pid)
        assert status == 0, (argv, shown[-800:])
        after = shown.rsplit(b"\x1b[?1049l", 1)[-1]  # what is printed once the app has left the screen
        assert b"Warning" not in after and b"unexpected" not in after and b"Traceback" not in after, after
    assert not (tmp_path / "data" / "crash-logs").exists()
