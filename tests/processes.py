"""The processes a test run starts, and making sure none outlives it.

Every process this run starts inherits ``CASTLETUI_TEST_RUN`` (set by
tests/conftest.py; castletui host passes ``CASTLETUI_*`` on to each
player's castletui), so the run can find what it left behind by reading
/proc, even after a process was orphaned and adopted by init.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import time
from pathlib import Path

RUN_VARIABLE = "CASTLETUI_TEST_RUN"

_PR_SET_PDEATHSIG = 1


def end_with_parent() -> None:
    """For ``Popen(preexec_fn=...)``: the child gets SIGTERM when the test
    process dies, even by SIGKILL, so a killed test leaves no server. And
    ctrl+c (SIGINT) reaches it as at a terminal: a test run started in the
    background of a shell ignores SIGINT, and a child would inherit that,
    so a server told to stop with it would not stop."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _stat_fields(pid: int) -> list[str]:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat[stat.rindex(")") + 2 :].split()


def _pids() -> list[int]:
    return [int(entry) for entry in os.listdir("/proc") if entry.isdigit()]


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` now (children, their children...)."""
    children: dict[int, list[int]] = {}
    for other in _pids():
        with contextlib.suppress(OSError, IndexError, ValueError):
            children.setdefault(int(_stat_fields(other)[1]), []).append(other)
    found, queue = [], [pid]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def _alive(pid: int) -> bool:
    """A process that runs (a zombie is dead: only its parent's wait is missing)."""
    try:
        return _stat_fields(pid)[0] != "Z"
    except (OSError, IndexError):
        return False


def end_tree(pids: list[int], grace: float = 10.0) -> None:
    """Give ``pids`` ``grace`` seconds to end by themselves, then SIGKILL the rest."""
    deadline = time.monotonic() + grace
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)  # other processes' end: looked at, bounded
    for pid in pids:
        if _alive(pid):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def of_this_run(token: str) -> dict[int, str]:
    """Running processes (but this one) started by this run: pid -> command line."""
    marker = f"{RUN_VARIABLE}={token}".encode()
    found = {}
    for pid in _pids():
        if pid == os.getpid():
            continue
        with contextlib.suppress(OSError):
            environment = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            if marker in environment and _alive(pid):
                command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
                found[pid] = command.decode(errors="replace").strip()
    return found


def _own_resource_tracker(pid: int, command: str) -> bool:
    """This process's multiprocessing resource tracker: started by the
    first process pool that spawns (castletui review's), it lives as long
    as this process and ends when it does (its pipe from here closes)."""
    try:
        parent = int(_stat_fields(pid)[1])
    except (OSError, IndexError, ValueError):
        return False
    return parent == os.getpid() and "from multiprocessing.resource_tracker import main" in command


def left_behind(token: str, grace: float = 30.0) -> dict[int, str]:
    """What this run started that is still running after ``grace`` seconds
    (each is then killed): empty when every test ended its processes."""

    def running() -> dict[int, str]:
        found = of_this_run(token)
        return {pid: command for pid, command in found.items() if not _own_resource_tracker(pid, command)}

    deadline = time.monotonic() + grace
    while (found := running()) and time.monotonic() < deadline:
        time.sleep(0.1)  # processes still ending: looked at, bounded
    for pid in found:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return found
