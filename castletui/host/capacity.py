"""Who gets a place on ``castletui host``, shared as OpenSSH's sshd shares
its own, so that no stranger can take every place.

Before logging in (a connection that has not proved a key yet):

- ``login_grace`` seconds to log in (sshd's ``LoginGraceTime``);
- at most ``startups_per_address`` such connections from one address
  (``PerSourceMaxStartups``), fewer than ``startups_start``: one address
  alone never makes the host drop anybody else's;
- past ``startups_start`` of them in all, a new one is dropped at random,
  with a chance of ``startups_rate`` percent rising to 100 at
  ``startups_full`` (``MaxStartups start:rate:full``), which is below
  ``connections``: players who logged in keep places that strangers
  cannot fill.

After logging in: at most ``sessions_per_key`` connections, and as many
session channels, per key; at most ``connections_per_address``
connections from one address; ``connections`` in all. A connection or a
channel that has not asked for a terminal within ``terminal_seconds`` is
closed (server.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import msgspec


class Limits(msgspec.Struct, frozen=True):
    """What one host lets players use; each over-the-limit connection is
    refused with a message."""

    sessions_per_key: int = 3
    connections: int = 32
    idle_minutes: float = 30.0
    login_seconds: float = 60.0  # for a new key to choose its name
    login_grace: float = 20.0
    startups_start: int = 10
    startups_rate: int = 30
    startups_full: int = 20
    startups_per_address: int = 8
    connections_per_address: int = 16
    terminal_seconds: float = 10.0
    input_rate: int = 1024  # bytes a second a session's keys reach castletui at, at most (flow.py)
    input_flood_seconds: float = 10.0  # held back that long without a break: the session is closed
    session_memory_mib: int = 1024  # a player's castletui's address space (0: no limit)


def parse_startups(text: str) -> tuple[int, int, int]:
    """``START:RATE:FULL`` (or ``FULL`` alone, as sshd takes it); ValueError why not."""
    fields = text.split(":")
    if len(fields) == 1:
        full = int(fields[0])
        return full, 100, full
    if len(fields) != 3:
        raise ValueError("takes START:RATE:FULL, as 10:30:20")
    start, rate, full = (int(field) for field in fields)
    if not (0 < start <= full and 0 <= rate <= 100):
        raise ValueError("takes START:RATE:FULL with 0 < START <= FULL and RATE a percentage")
    return start, rate, full


class Capacity:
    """The places taken: by address and key, before and after logging in."""

    def __init__(self, limits: Limits, chance: Callable[[], float] = random.random) -> None:
        self.limits = limits
        self.chance = chance
        self.total = 0
        self.startups = 0
        self.startups_of: Counter[str] = Counter()
        self.connections_of: Counter[str] = Counter()
        self.connections_of_key: Counter[bytes] = Counter()

    def refusal(self, address: str) -> tuple[str, str]:
        """(events.WHAT code, why) a new connection from ``address`` is
        turned away, or ("", "") if it may come in."""
        limits = self.limits
        if self.connections_of[address] >= limits.connections_per_address:
            return "address", f"{limits.connections_per_address} connections from one address"
        if self.startups_of[address] >= limits.startups_per_address:
            return "startups-per-address", f"{limits.startups_per_address} logins under way from one address"
        if self.startups >= limits.startups_full:
            return "startups", f"{limits.startups_full} logins under way"
        if self.startups >= limits.startups_start:
            span = max(limits.startups_full - limits.startups_start, 1)
            rate = (
                limits.startups_rate
                + (100 - limits.startups_rate) * (self.startups - limits.startups_start) / span
            )
            if self.chance() * 100 < rate:
                return "startups", f"{self.startups} logins under way (dropped at random)"
        if self.total >= limits.connections:
            return "full", f"{limits.connections} connections at once"
        return "", ""

    def key_refusal(self, blob: bytes) -> str:
        """Why a key that proved itself may not have one more connection, or empty."""
        if self.connections_of_key[blob] >= self.limits.sessions_per_key:
            return f"this key already has {self.limits.sessions_per_key} connections here"
        return ""

    def arrived(self, address: str) -> None:
        self.total += 1
        self.startups += 1
        self.startups_of[address] += 1
        self.connections_of[address] += 1

    def logged_in(self, address: str, blob: bytes) -> None:
        self._started(address)
        self.connections_of_key[blob] += 1

    def left(self, address: str, blob: bytes | None) -> None:
        """A connection let in has gone (``blob``: the key it logged in with, if it did)."""
        self.total -= 1
        _take(self.connections_of, address)
        if blob is None:
            self._started(address)
        else:
            _take(self.connections_of_key, blob)

    def _started(self, address: str) -> None:
        self.startups -= 1
        _take(self.startups_of, address)


def _take(counter: Counter, key) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]
