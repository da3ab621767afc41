"""A test run killed mid-way leaves no castletui behind: the host a test
started ends with the test process (even after SIGKILL), and its players'
castletuis end with the host."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.host.conftest import WAIT_SECONDS

pytest.importorskip("asyncssh")

HELD = Path(__file__).with_name("held_host.py")


def processes_under(folder: Path) -> dict[int, str]:
    """Running processes that name ``folder``: pid -> command line."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != os.getpid():
            try:
                command = Path(f"/proc/{entry}/cmdline").read_bytes()
                state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if str(folder).encode() in command and state != "Z":
                found[int(entry)] = command.replace(b"\0", b" ").decode(errors="replace")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("kill", [signal.SIGKILL, signal.SIGINT], ids=["SIGKILL", "SIGINT"])
def test_a_killed_test_run_leaves_no_host_and_no_players_castletui(tmp_path, kill):
    mark = tmp_path / "held"
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    environment = dict(os.environ, TMPDIR=str(temporary), CASTLETUI_HELD_MARK=str(mark))
    root = Path(__file__).parents[2]
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", str(HELD)],
        cwd=root,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        # ctrl+c reaches it as at a terminal, though this run may ignore SIGINT (started in the background).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 2 * WAIT_SECONDS
        while not mark.exists():
            assert run.poll() is None, "the held test ended by itself"
            assert time.monotonic() < deadline, "the held test never had its player in the lobby"
            time.sleep(0.05)  # another process's file: looked at, bounded
        assert len(processes_under(temporary)) >= 2  # the host and Alice's castletui
        run.send_signal(kill)
        run.wait(WAIT_SECONDS)
        deadline = time.monotonic() + WAIT_SECONDS
        while left := processes_under(temporary):
            assert time.monotonic() < deadline, f"left running after the run was killed: {left}"
            time.sleep(0.05)  # other processes' end: looked at, bounded
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
        # Whatever failed, nothing the inner run started outlives this test
        # (its processes carry the inner run's mark, not this run's).
        for pid in processes_under(temporary):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
