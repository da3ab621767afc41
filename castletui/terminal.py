"""The terminal castletui draws on: whether there is one, and noticing when
it goes away.

A castletui started without a terminal (``ssh play@host 'cat ...'``, sftp,
scp through a game account's forced command) has nobody to show anything
to and no keys will ever come: it must not start. One whose terminal goes
away (the SSH connection drops, the window closes) must end by itself, as
it would after ``q``: Textual alone would keep running on a dead terminal,
its input thread spinning on end-of-file.

No textual here: the command line asks ``has_terminal`` before importing it.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import threading
from collections.abc import Callable

MIN_SIZE = (70, 20)
"""Below this the boards cannot be drawn; every screen is made for 80x24
(castletui/screens/dialogs.py's TooSmallScreen says so)."""

WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
"""The driver textual-serve asks for (``castletui serve``): it talks to the
browser over pipes, so it needs no terminal."""

_GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL


def has_terminal() -> bool:
    """Whether castletui's input and output are a terminal (Textual reads
    keys from stdin and draws on stderr; stdout is checked too, as a
    terminal session has all three). textual-serve's web driver needs none."""
    if os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER:
        return True
    streams = (sys.__stdin__, sys.__stdout__, sys.__stderr__)
    try:
        return all(stream is not None and os.isatty(stream.fileno()) for stream in streams)
    except (OSError, ValueError):  # a closed or detached stream
        return False


def hung_up(fd: int = 0) -> bool:
    """Whether ``fd`` (stdin) has been hung up: the terminal (or the pipe)
    has nobody on its other side any more."""
    poller = select.poll()
    poller.register(fd, 0)  # no events asked: only hang-ups and errors report
    try:
        return any(events & _GONE for _, events in poller.poll(0))
    except OSError:
        return True


def silence_output() -> None:
    """Point stdout and stderr at /dev/null: the terminal is gone, and
    writing to it would fail (EIO) in Textual's output thread, whose queue
    would then fill and block the app on its way out."""
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        for fd in (1, 2):
            with contextlib.suppress(OSError):
                os.dup2(null, fd)
        os.close(null)


class HangUpWatch:
    """Calls ``gone`` once when stdin is hung up. A thread sleeps in
    ``poll`` until then (no polling loop: it costs nothing while the
    terminal is there); ``stop`` wakes it to end."""

    def __init__(self, gone: Callable[[], None], fd: int = 0) -> None:
        self.gone = gone
        self.fd = fd
        self.wake_read, self.wake_write = os.pipe()
        self.thread = threading.Thread(target=self._watch, name="castletui-hangup", daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        poller = select.poll()
        poller.register(self.fd, 0)
        poller.register(self.wake_read, select.POLLIN)
        try:
            while True:
                for fd, events in poller.poll():
                    if fd == self.wake_read:
                        return
                    if events & _GONE:
                        self.gone()
                        return
        finally:
            with contextlib.suppress(OSError):
                os.close(self.wake_read)

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self.wake_write, b"x")
            os.close(self.wake_write)
        self.thread.join(timeout=1)
