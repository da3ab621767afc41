"""Pilot waits for the app to be quiet, not for the machine to be idle.

Textual's Pilot, after every key and every ``pause()``, waits until the
*process* has used almost no CPU for 20 ms (``textual._wait.wait_for_idle``):
at least 20 ms of sleep each time, two per key, a third of an app test's time
spent asleep; and on a busy machine a process that is not scheduled looks idle
too. The tests wait instead for what that sleep stands for: every message of
the apps handled, their screens drawn and their after-refresh callbacks run,
no bot thinking in a worker.

Only where the apps' own queues tell the whole story: while a worker watches
another terminal's table (or another thread works), something outside them
may still be coming, and Textual's own wait is kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import unicodedata
from collections.abc import AsyncIterator

from textual import events
from textual import pilot as textual_pilot
from textual._wait import wait_for_idle
from textual.app import App, ScreenStackError
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

RUNNING: list[App] = []
"""The apps inside ``run_test`` now (a test of two terminals runs two)."""

ROUNDS = 200
"""At most this many rounds of handling messages per wait (a broken test
must not hang: then the wait ends, as Textual's own does after a second)."""


def _unfinished_workers(app: App) -> list:
    return [worker for worker in app.workers if not worker.is_finished]


def _working(app: App) -> bool:
    """A worker runs: a bot thinking in a thread, or a watcher of another
    terminal's table that never ends. What it brings comes by time (a test
    may even hold a bot's thought until it has clicked), so Textual's own
    wait is kept (tests wait for a bot with settle: tests/app/driving.py)."""
    return bool(_unfinished_workers(app))


def _busy(app: App) -> bool:
    """Whether the app has anything left to do that a test would wait for."""
    if not app.is_running:
        return False
    screen = app.screen
    pumps = [app, *screen.walk_children(with_self=True)]
    if any(not pump._message_queue.empty() or pump._next_callbacks for pump in pumps):
        return True
    return bool(
        screen._callbacks
        or screen._layout_required
        or screen._dirty_widgets
        or screen._repaint_required
        or screen._recompose_required
        or screen._scroll_required
    )


async def until_quiet(apps: list[App]) -> None:
    """Let ``apps`` run until none has anything left to do."""
    for _ in range(ROUNDS):
        if not _quiet_enough(apps):  # a worker started: what it brings comes by time
            await wait_for_idle(0)
            return
        busy = False
        for app in apps:
            if not app.is_running:
                continue
            await textual_pilot.Pilot(app)._wait_for_screen()
            await app.animator.wait_until_complete()
            with contextlib.suppress(ScreenStackError):  # no screen left: the app is closing
                app.screen._on_timer_update()
            busy = busy or _busy(app)
        if not busy:
            return
        await asyncio.sleep(0)


def _quiet_enough(apps: list[App]) -> bool:
    return not any(_working(app) for app in apps if app.is_running)


def key_event(key: str) -> events.Key:
    """The event Pilot makes of ``key`` ("down", "a", " "), without its waits."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def pause(self, delay: float | None = None) -> None:
    """Pilot.pause: a pause for a time is kept as it is; a pause for the app
    to catch up waits for it to be quiet."""
    apps = RUNNING or [self.app]  # a snapshot's app runs outside run_test
    if delay is not None or not _quiet_enough(apps):
        await ORIGINAL_PAUSE(self, delay)
        return
    await until_quiet(apps)


async def press_keys(self, keys) -> None:
    """App._press_keys: each key sent as Pilot sends it, then the apps are
    let run until quiet (Textual's waits for the process to idle instead)."""
    apps = RUNNING or [self]
    if not _quiet_enough(apps) or any(key.startswith("wait:") for key in keys):
        await ORIGINAL_PRESS_KEYS(self, keys)
        return
    for key in keys:
        event = key_event(key)
        event.set_sender(self)
        self._driver.send_message(event)
        await until_quiet(apps)


@contextlib.asynccontextmanager
async def run_test(self, *args, **kwargs) -> AsyncIterator:
    async with ORIGINAL_RUN_TEST(self, *args, **kwargs) as pilot:
        RUNNING.append(self)
        try:
            yield pilot
        finally:
            RUNNING.remove(self)


ORIGINAL_PAUSE = textual_pilot.Pilot.pause
ORIGINAL_PRESS_KEYS = App._press_keys
ORIGINAL_RUN_TEST = App.run_test


def install(monkeypatch) -> None:
    """For one test (tests/conftest.py)."""
    monkeypatch.setattr(textual_pilot.Pilot, "pause", pause)
    monkeypatch.setattr(App, "_press_keys", press_keys)
    monkeypatch.setattr(App, "run_test", run_test)
