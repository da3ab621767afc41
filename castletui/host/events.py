"""What ``castletui host`` tells programs, as opposed to people.

People read the log on standard output. A program (systemd, a supervisor,
fail2ban, the tests) reads two files made for it instead:

- ``--ready-file PATH``: written once the host listens, as one JSON object
  (``port``, ``listen``, ``pid``, ``host_key``), and removed when it stops.
  It appears whole: it is written beside its place and renamed.
- ``--events-file PATH``: one JSON object a line for every connect,
  disconnect, refusal, registration and idle hang-up: ``event``, ``peer``,
  ``player`` and ``key`` where known, ``what`` (a stable code, below) and
  ``detail`` (the human reason); and one ``notify`` event for each
  notification to a player not connected, sent or not (castletui/host/notify.py:
  ``player``, ``peer`` the receiver's address (``webhook`` or ``mail`` when
  none was reached), ``what`` from NOTIFY_WHAT).

Their fields are a promise: the log's words may change, these may not.
Both files are private to the host's Unix user (mode 0600).
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import msgspec

NOTIFY_WHAT = (
    "webhook-sent",  # the receiver answered 2xx
    "webhook-retry",  # an attempt failed (an HTTP error, a timeout, no connection); tried again later
    "webhook-failed",  # every attempt failed: given up
    "webhook-refused",  # the URL may not be posted to (its scheme, a private address, webhooks not allowed)
    "mail-sent",  # the mail command took the message (exit status 0)
    "mail-retry",
    "mail-failed",
    "mail-refused",  # mail is not allowed on this host (--notify), or the address is not one
    "look-failed",  # the tables could not be looked at (a bug): the next change looks again
    "send-failed",  # a message could not be sent for a reason not foreseen (a bug)
)
"""The ``what`` of a ``notify`` event (castletui/host/notify.py sends them)."""

WHAT = (
    "full",  # the host had no room for another connection (or it is stopping)
    "address",  # --connections-per-address connections from one address already
    "startups",  # too many logins under way (--max-startups: dropped at random past its start)
    "startups-per-address",  # --startups-per-address logins under way from one address already
    "login-grace",  # not logged in within --login-grace seconds
    "connections-per-key",  # the key already had --sessions-per-key connections
    "channel-timeout",  # a session channel asked for no terminal within --terminal-seconds
    "players-file",  # the players file could not be read
    "unknown-key",  # a key the host does not know (without --open)
    "login-timeout",  # logged in, but no session opened within --terminal-seconds
    "channels",  # more session channels on one connection than a key may have
    "sessions-per-key",  # the key already had its sessions open
    "no-terminal",  # a shell without a terminal
    "command",  # ssh HOST COMMAND (also scp)
    "subsystem",  # sftp and the like
    "environment",  # an environment variable sent by the client
    "agent-forwarding",
    "x11-forwarding",
    "port-forwarding",
    "remote-forwarding",
    "unix-forwarding",
    "unix-remote-forwarding",
    "castletui-failed",  # the player's castletui could not start
    "idle",  # no key pressed for --idle-minutes
    "input-flood",  # input beyond --input-rate without a break (a flood, not a player)
    "memory",  # the player's castletui ran out of its --session-memory
    "naming-timeout",  # a new key did not choose its name in time
    "name-taken",  # a new key chose a name an account has (or one that passes for it)
    "name-refused",  # a new key chose a name no account may have (mixed scripts, "(you)"...)
    "name-clash",  # the key's account has a name that passes for an earlier one's (a hand-edited file)
    *NOTIFY_WHAT,
)
"""Every ``what`` an event may carry (``refused``, ``idle`` and ``notify`` events)."""


class HostEvent(msgspec.Struct, omit_defaults=True, frozen=True):
    """One line of the events file."""

    time: str
    event: str  # connect, disconnect, refused, registered, idle, stopping, notify
    peer: str  # address:port, or the host's own for "stopping"
    player: str = ""  # the account's name, once the key is known
    key: str = ""  # the key's SHA256 fingerprint, once offered
    what: str = ""  # one of WHAT, for refusals and hang-ups
    detail: str = ""  # the reason in words (for people; may change)


class ReadyFile(msgspec.Struct, frozen=True):
    """What the ready file says: where the host listens."""

    port: int
    listen: str
    pid: int
    host_key: str


def _private_file(path: Path, flags: int) -> int:
    return os.open(path, flags | os.O_CLOEXEC, 0o600)


def write_ready_file(path: Path, ready: ReadyFile) -> None:
    """Write ``path`` whole (a reader never sees half of it)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    descriptor = _private_file(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    with os.fdopen(descriptor, "wb") as file:
        file.write(msgspec.json.encode(ready) + b"\n")
    os.replace(temporary, path)


def read_ready_file(path: Path) -> ReadyFile:
    """The ready file a host wrote; raises OSError or msgspec.DecodeError."""
    return msgspec.json.decode(path.read_bytes(), type=ReadyFile)


class EventsFile:
    """The events file, appended to one whole line at a time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._descriptor = _private_file(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        self._encoder = msgspec.json.Encoder()

    def write(self, event: HostEvent) -> None:
        # One write of one whole line: a reader never sees a line half written.
        os.write(self._descriptor, self._encoder.encode(event) + b"\n")

    def close(self) -> None:
        if self._descriptor >= 0:
            os.close(self._descriptor)
            self._descriptor = -1


def now() -> str:
    """The time an event happened, in UTC (ISO 8601)."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")
