"""The terminal driver of a player's castletui on ``castletui host``:
Textual's own Linux driver, whose input thread sleeps until a key comes
instead of waking ten times a second to look. On a host with hundreds of
idle players those looks were most of what the host did.

Textual's thread wakes every 0.1 s for two reasons: to see that it should
stop (``exit_event``), and to let the key parser time out a lone Escape
(``tick``). Here stopping writes a byte on a pipe the thread also waits
on, and the thread waits with a timeout only for a second after a key,
when an Escape may be pending; otherwise it blocks.

The host names it in the players' environment (``TEXTUAL_DRIVER``:
sessions.QUIET_DRIVER)."""

from __future__ import annotations

import contextlib
import os
import selectors
import threading
import time
from codecs import getincrementaldecoder

from textual.drivers.linux_driver import LinuxDriver

from castletui.textual_private import key_parser

AFTER_A_KEY_SECONDS = 1.0
"""How long after a key the thread still wakes every 0.1 s (a lone Escape's time-out)."""


class _WakingEvent(threading.Event):
    """An Event whose ``set`` also wakes the input thread's select."""

    def __init__(self, wake_fd: int) -> None:
        super().__init__()
        self.wake_fd = wake_fd

    def set(self) -> None:
        super().set()
        with contextlib.suppress(OSError):
            os.write(self.wake_fd, b"\0")


class QuietDriver(LinuxDriver):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Kept for the driver's life: a thread may still set the event as the input thread ends.
        self._wake_read, wake_write = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        self.exit_event = _WakingEvent(wake_write)

    def run_input_thread(self) -> None:
        """Textual's, waiting on the terminal and the wake pipe."""
        selector = selectors.DefaultSelector()
        selector.register(self.fileno, selectors.EVENT_READ, "keys")
        selector.register(self._wake_read, selectors.EVENT_READ, "wake")
        parser = key_parser(self)
        decode = getincrementaldecoder("utf-8")().decode
        last_key = 0.0

        def process(events, final: bool = False) -> bool:
            got = False
            for key, mask in events:
                if key.data == "wake":
                    with contextlib.suppress(OSError):
                        os.read(self._wake_read, 64)
                    continue
                if mask & selectors.EVENT_READ:
                    data = decode(os.read(self.fileno, 1024 * 4), final=final)
                    if not data:
                        break
                    got = True
                    for event in parser.feed(data):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)
            return got

        try:
            while not self.exit_event.is_set():
                recent = time.monotonic() - last_key < AFTER_A_KEY_SECONDS
                if process(selector.select(0.1 if recent else None)):
                    last_key = time.monotonic()
            selector.unregister(self.fileno)
            process(selector.select(0.1), final=True)
        finally:
            selector.close()
            with contextlib.suppress(Exception):
                for _event in parser.feed(""):
                    pass
