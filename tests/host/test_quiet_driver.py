"""The input thread of a player's castletui on the host (quiet_driver.py)
sleeps until a key comes, instead of waking ten times a second, and still
stops at once when asked."""

from __future__ import annotations

import asyncio
import importlib
import os
import queue
import selectors
import threading
import tty
from unittest import mock

from castletui.host import quiet_driver, sessions
from tests.host.conftest import WAIT_SECONDS


def test_the_hosts_players_use_the_quiet_driver():
    module, _, name = sessions.QUIET_DRIVER.partition(":")
    assert getattr(importlib.import_module(module), name) is quiet_driver.QuietDriver
    assert sessions.child_environment("xterm")["TEXTUAL_DRIVER"] == sessions.QUIET_DRIVER


async def test_the_input_thread_sleeps_until_a_key_and_wakes_to_stop(monkeypatch):
    waits: list[float | None] = []

    class Recording(selectors.DefaultSelector):
        def select(self, timeout=None):
            waits.append(timeout)
            return super().select(timeout)

    monkeypatch.setattr(quiet_driver.selectors, "DefaultSelector", Recording)
    got: queue.Queue = queue.Queue()

    class Driver(quiet_driver.QuietDriver):
        def process_message(self, message) -> None:
            got.put(message)

    master, slave = os.openpty()
    tty.setraw(slave)  # as the driver sets it: a key is read when pressed
    try:
        driver = Driver(mock.Mock())
        driver.fileno = slave
        thread = threading.Thread(target=driver.run_input_thread, daemon=True)
        thread.start()
        os.write(master, b"a")
        key = await asyncio.to_thread(got.get, timeout=WAIT_SECONDS)
        assert key.key == "a"
        driver.exit_event.set()
        await asyncio.to_thread(thread.join, WAIT_SECONDS)
        assert not thread.is_alive()  # woken to stop, not left waiting for a key
    finally:
        os.close(master)
        os.close(slave)
    assert waits[0] is None  # idle: no time-out, no wake-up (Textual's own waits 0.1 s)
    assert 0.1 in waits  # after a key: a lone Escape's time-out is looked at
