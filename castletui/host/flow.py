"""A player's keys reach their castletui at a bounded rate.

castletui (Textual) reads its terminal as fast as bytes come and queues an
event for each key, each about 1.5 KB until it is handled: a 5 MB paste
grew one player's castletui by half a gigabyte, and even 200 KB of keys
by 400 MB. So the host hands a session's input on at ``rate`` bytes a
second (a thousand keys a second: a hundred times anyone's typing, and
more than a mouse's reports), after a first ``BURST``, holds back the rest, and past ``HOLD`` bytes held
stops reading the SSH channel: the client then waits on SSH's own flow
control, and nothing grows anywhere. Input held back without a break for
``flood_seconds`` is no player typing: the session is told and closed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

HOLD = 64 * 1024
"""Bytes held back beyond which the channel is not read."""

BURST = 16 * 1024
"""Bytes that go through at once before the rate applies (a pasted line, a burst of mouse moves)."""


class InputGate:
    """Feed it what the player sends; it calls ``write`` at the rate,
    ``pause(True/False)`` when the channel should stop or go on being read,
    and ``on_flood()`` once if the input never lets up."""

    def __init__(
        self,
        rate: int,
        flood_seconds: float,
        write: Callable[[bytes], None],
        pause: Callable[[bool], None],
        on_flood: Callable[[], None],
    ) -> None:
        self.loop = asyncio.get_running_loop()
        self.rate = max(rate, 1)
        self.burst = BURST
        self.flood_seconds = flood_seconds
        self.write, self.pause, self.on_flood = write, pause, on_flood
        self.held = bytearray()
        self.tokens = float(self.burst)
        self._filled_at = self.loop.time()
        self._held_since: float | None = None
        self._paused = False
        self._timer: asyncio.TimerHandle | None = None
        self.flooded = False

    def feed(self, data: bytes) -> None:
        if self.flooded:
            return
        self.held += data
        self._pump()

    def _pump(self) -> None:
        self._timer = None
        now = self.loop.time()
        self.tokens = min(self.burst, self.tokens + (now - self._filled_at) * self.rate)
        self._filled_at = now
        count = min(int(self.tokens), len(self.held))
        if count:
            chunk = bytes(self.held[:count])
            del self.held[:count]
            self.tokens -= count
            self.write(chunk)
        if not self.held:
            self._held_since = None
            self._set_paused(False)
            return
        if self._held_since is None:
            self._held_since = now
        elif now - self._held_since >= self.flood_seconds:
            self.flooded = True
            self.held.clear()
            self.on_flood()
            return
        self._set_paused(len(self.held) > HOLD)
        wait = max(min(len(self.held), self.rate) - self.tokens, 1) / self.rate
        self._timer = self.loop.call_later(min(wait, 1.0), self._pump)

    def _set_paused(self, paused: bool) -> None:
        if paused != self._paused:
            self._paused = paused
            # Later, not now: a channel read again hands its held bytes to feed() at once.
            self.loop.call_soon(self.pause, paused)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.held.clear()
