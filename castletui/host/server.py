"""``castletui host``: castletui's own SSH server (asyncssh). A player's SSH
key is their identity; what they get is the lobby of shared tables as that
player (``castletui join --as NAME --account ID``: the account, by its
id, holds their seats; the name is a label) in their own pseudo-terminal,
and nothing else.

Refused, each with one line in the server's log and, where the protocol has
room for it, one line to the player: password and keyboard-interactive
logins, unknown keys (unless ``--open``: then the key names itself and is
remembered), commands (``ssh host cat /etc/passwd``, scp) but the one
word ``plain`` (the same lobby, as plain lines: castletui/plain/), subsystems
(sftp), sessions without a terminal, port forwarding both ways, agent and
X11 forwarding, environment variables. Limits (the defaults are
:class:`Limits`', how they share the host is capacity.py): time to log in,
logins under way (in all and per address), connections (in all, per
address, per key), session channels per key, seconds to ask for a
terminal, minutes without a key pressed, input a second, memory.

The log is one line per connect, disconnect and refusal on standard output,
for people; programs read the events file instead (castletui/host/events.py).
SIGINT or SIGTERM stops the server: every player's castletui is hung up
(its table is written whole or not at all, saves/table.py) and reaped.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import datetime
import functools
import os
import signal
import sys
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import asyncssh
import msgspec

from castletui.host.capacity import Capacity, Limits
from castletui.host.events import EventsFile, HostEvent, ReadyFile, now, write_ready_file
from castletui.host.flow import InputGate
from castletui.host.forks import Zygote, ZygoteGone, become_subreaper
from castletui.host.notify import Notifier, NotifyPolicy
from castletui.host.old_invitations import bind_old_invitations
from castletui.host.old_seats import give_old_seats
from castletui.host.players import (
    PLAYERS_VARIABLE,
    Account,
    Players,
    PlayersError,
    StorePlayers,
    account_folder,
    fingerprint,
    forget_removed_settings,
    parse_key,
    players_for,
    settings_folder,
    settings_into_store,
)
from castletui.host.prompt import MAX_TRIES, NamePrompt
from castletui.host.sessions import (
    OUT_OF_MEMORY,
    Terminal,
    child_environment,
    clamp_size,
    seat_arguments,
    seat_command,
    terminal_type,
)
from castletui.kept_settings import ACCOUNT_VARIABLE as SETTINGS_ACCOUNT_VARIABLE
from castletui.notify_me import OFFERED_VARIABLE
from castletui.saves.names import account_name_problem
from castletui.saves.stores import StoreError, TableStore, is_postgres, open_store
from castletui.saves.stores.relay import Relay, enough_open_files

# What the player's terminal needs after castletui was stopped mid-screen:
# leave the alternate screen, mouse and paste modes, show the cursor.
RESTORE_TERMINAL = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l\x1b[0m\x1b[?25h\x1b[?1049l"
)

PLAIN_COMMAND = "plain"
"""The one command a player may give (``ssh -t HOST plain``): castletui as
plain lines, for screen readers and braille displays."""

MAX_EARLY_INPUT = 16 * 1024
"""Keys kept for castletui while it is being forked; more are dropped."""


class HostConfig(msgspec.Struct, frozen=True):
    listen: str
    port: int
    table_dir: Path
    data_dir: Path
    players_file: Path
    open: bool = False
    limits: Limits = Limits()
    ready_file: Path | None = None
    events_file: Path | None = None
    store: str = ""  # a PostgreSQL store's URL: its accounts are the players (saves.stores)
    session_start: str = "fork"
    """``fork``: each session is forked by the zygote (zygote.py); ``spawn``:
    a fresh Python process for each."""
    notify: NotifyPolicy = NotifyPolicy()
    """Which notifications players may set up, and how they are sent (notify.py)."""


def _now() -> str:
    return datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")


def _printable(text: str, limit: int = 60) -> str:
    return "".join(c if c.isprintable() else "?" for c in text[:limit])


class Host:
    """The running server: its settings, its players file and every live
    connection and player's castletui."""

    def __init__(self, config: HostConfig, *, write: Callable[[str], None] | None = None) -> None:
        self.config = config
        self.limits = config.limits
        self.store = open_store(config.store) if config.store else None
        self.players = players_for(self.store, config.players_file)
        self.relay: Relay | None = None
        """The host's one listening connection to a PostgreSQL store, which
        wakes its players' castletuis (saves.stores.relay)."""
        self.connections: set[PlayerConnection] = set()
        self.capacity = Capacity(config.limits)
        self.sessions_of: Counter[bytes] = Counter()
        self.terminals: set[Terminal] = set()
        self.sessions: set[PlayerSession] = set()
        self.closing: set[asyncio.Task] = set()  # castletuis of players who left, being ended
        self.forgetting: set[asyncio.Future] = set()  # ended castletuis the store forgets as spectators
        self._spectators: TableStore | None = None  # the store connection that does it (castletui_ended)
        self._spectators_lock = threading.Lock()
        self.stopping = False
        self._write = write or (lambda line: print(line, flush=True))
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.events = EventsFile(config.events_file) if config.events_file else None
        self.zygote: Zygote | None = None
        self.notifier: Notifier | None = None

    def log(
        self,
        event: str,
        who: str,
        where: str,
        why: str = "",
        *,
        what: str = "",
        player: str = "",
        key: str = "",
    ) -> None:
        """One line in the log for people and, with --events-file, one event
        for programs (``what`` is its stable code, events.WHAT)."""
        line = f"{_now()} {event:<10} {_printable(who, 80)} from {where}"
        self._write(f"{line}: {why}" if why else line)
        if self.events is not None:
            self.events.write(HostEvent(now(), event, where, player=player, key=key, what=what, detail=why))

    async def start(self, host_key: asyncssh.SSHKey) -> asyncssh.SSHAcceptor:
        os.umask(0o077)  # what the host makes (an account's folder, the events file) is its own
        self.config.table_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        # Seats an older host gave by name become their accounts' before anyone logs in.
        give_old_seats(self.config.table_dir, self.players, lambda line: self._write(f"{_now()} {line}"))
        # Older private tables kept names: each is given the account that had it when the table was made.
        tables = self.store if self.store is not None else open_store(str(self.config.table_dir))
        try:
            bind_old_invitations(tables, self.players, lambda line: self._write(f"{_now()} {line}"))
        finally:
            if tables is not self.store:
                tables.close()
        if isinstance(self.players, StorePlayers):
            # Another host on the store may have removed an account: its settings here go too.
            with contextlib.suppress(PlayersError):
                kept = self.players.names()
                forget_removed_settings(self.config.data_dir, kept)
                # Settings this host kept in files before the store did: every host's now.
                for account in kept:
                    with contextlib.suppress(OSError, StoreError, PlayersError):
                        folder = account_folder(self.config.data_dir, account)
                        if folder.is_dir():
                            settings_into_store(folder, self.players.accounts, account)
        if self.config.session_start == "fork" and become_subreaper():
            # The zygote imports castletui while the server starts listening.
            # Its environment is every session's /proc/PID/environ: no account's settings folder in it.
            environment = child_environment("xterm-256color")
            environment.pop("CASTLETUI_CONFIG_DIR", None)
            self.zygote = Zygote(environment, str(self.config.table_dir))
            self.zygote.start()
        self._acceptor = await asyncssh.listen(
            self.config.listen or None,
            self.config.port,
            server_factory=lambda: PlayerConnection(self),
            server_host_keys=[host_key],
            config=None,
            public_key_auth=True,
            password_auth=False,
            kbdint_auth=False,
            host_based_auth=False,
            gss_kex=False,
            gss_auth=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            allow_pty=True,
            line_editor=False,
            encoding=None,
            rdns_lookup=False,
            # Our own grace timer says why in the log; asyncssh's is the backstop.
            login_timeout=self.limits.login_grace + 5,
            keepalive_interval=60,
            keepalive_count_max=3,
            server_version="castletui",
        )
        if self.store is not None:
            enough_open_files()
            self.relay = Relay(self.store.hearing)
            self.relay.start()
        if self.config.notify.kinds:  # listening: players will come, and their tables change
            try:
                self.notifier = self._notifier()
            except StoreError as error:
                where = f"{self.config.listen or '*'}:{self.port}"
                self.log("notify", "castletui host", where, f"no notifications: {error}", what="look-failed")
            else:
                self.notifier.start()
        return self._acceptor

    def _notifier(self) -> Notifier:
        """The notifications of players not connected, in threads of their
        own: their own store connection and players file reader."""
        store = open_store(self.config.store) if self.config.store else None
        if store is not None and self.relay is not None:
            store.relay = self.relay.path  # its watch hears through the host's one listener
        players = players_for(store, self.config.players_file)
        loop = asyncio.get_running_loop()

        def report(what: str, player: str, peer: str, detail: str) -> None:
            # Heard in a notifier thread, written by the loop: one writer of the log and events.
            log = functools.partial(self.log, what=what, player=player)
            loop.call_soon_threadsafe(log, "notify", player or "castletui host", peer, detail)

        return Notifier(
            self.config.notify,
            self.config.table_dir,
            self.config.data_dir,
            lambda: accounts_of(players),
            report,
            store=store,
            dated=players.dated,
        )

    def castletui_ended(self, pid: int) -> None:
        """A player's castletui has ended, killed too: a PostgreSQL store
        forgets it as a spectator at once, waking the players of the table
        it watched (PostgresStore.castletui_ended; a table folder needs
        nothing: a spectator's file closing wakes them). In a thread: the
        loop never waits on the database."""
        if not is_postgres(self.config.store):
            return
        done = asyncio.get_running_loop().run_in_executor(None, self._forget_spectator, pid)
        self.forgetting.add(done)
        done.add_done_callback(self._forgot)

    def _forget_spectator(self, pid: int) -> str:
        """Why the store could not forget castletui ``pid`` ("": it did)."""
        with self._spectators_lock:
            try:
                if self._spectators is None:
                    self._spectators = open_store(self.config.store, migrate=False)
                self._spectators.castletui_ended(pid)
            except StoreError as error:
                return str(error)
        return ""

    def _forgot(self, done: asyncio.Future) -> None:
        self.forgetting.discard(done)
        if not done.cancelled() and done.exception() is None and done.result():
            # Written by the loop, the log's one writer.
            self._write(f"{_now()} the store could not forget a spectator: {done.result()}")

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return self._acceptor.get_port()

    async def stop(self) -> None:
        """Stop listening, hang up every player's castletui (their tables
        stay whole), close every connection, and wait for them to end."""
        self.stopping = True
        if self._acceptor is not None:
            self._acceptor.close()
        why = "the host stopped the server; every move so far is saved"
        await asyncio.gather(*(session.end(why) for session in list(self.sessions)), return_exceptions=True)
        # Clients close by themselves once their session has ended; a disconnect
        # sent at once would make OpenSSH drop the last lines it had not printed.
        closing = [
            asyncio.ensure_future(c.conn.wait_closed()) for c in self.connections if c.conn is not None
        ]
        if closing:
            await asyncio.wait(closing, timeout=3)
        for connection in list(self.connections):
            connection.close(why)
        if self._acceptor is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), 5)
        # Every player's castletui ended and reaped: no process outlives the server.
        await asyncio.gather(*list(self.closing), return_exceptions=True)
        for terminal in list(self.terminals):
            with contextlib.suppress(Exception):
                await terminal.close()
        if self.zygote is not None:
            self.zygote.close()
        await asyncio.gather(*list(self.forgetting), return_exceptions=True)
        if self._spectators is not None:
            with contextlib.suppress(Exception):
                self._spectators.close()
        if self.notifier is not None:
            self.notifier.stop()
            if self.notifier.store is not None:
                with contextlib.suppress(Exception):
                    self.notifier.store.close()  # its own connection (_notifier)
        if self.relay is not None:
            self.relay.stop()
        if self.store is not None:
            self.store.close()


class PlayerConnection(asyncssh.SSHServer):
    """One SSH connection: who it is (by key), and what it may ask for."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.where = "?"
        self.address = "?"
        self.blob: bytes | None = None
        self.name: str | None = None
        self._candidate: tuple[bytes, str | None] | None = None
        self._told_unknown = False
        self._refused = False
        self._lost = False
        self._login_timer: asyncio.TimerHandle | None = None
        self._grace_timer: asyncio.TimerHandle | None = None
        self.session_count = 0

    # --- the connection ---------------------------------------------------

    def note(self, event: str, what: str = "", why: str = "", *, blob: bytes | None = None) -> None:
        """Log ``event`` for this connection (``what``: events.WHAT's code)."""
        blob = blob if blob is not None else self.blob
        self.host.log(
            event,
            self.who,
            self.where,
            why,
            what=what,
            player=self.name or "",
            key=fingerprint(blob) if blob is not None else "",
        )

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        self.where = f"{peer[0]}:{peer[1]}"
        capacity = self.host.capacity
        what, why = ("full", "the host is stopping") if self.host.stopping else capacity.refusal(self.address)
        if what:
            self._refused = True
            self.note("refused", what, f"full ({why})")
            # After this call returns: asyncssh finishes setting the connection up first.
            asyncio.get_running_loop().call_soon(
                conn.disconnect,
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                f"castletui: this host is full ({why}); try again later",
            )
            return
        capacity.arrived(self.address)
        self.host.connections.add(self)
        self._grace_timer = asyncio.get_running_loop().call_later(
            self.host.limits.login_grace, self._grace_expired
        )

    def _grace_expired(self) -> None:
        """Not logged in within the grace time (sshd's LoginGraceTime): its place goes to the next."""
        self._grace_timer = None
        self.note("refused", "login-grace", f"not logged in within {self.host.limits.login_grace:g} s")
        if self.conn is not None:
            self.conn.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        for timer in (self._login_timer, self._grace_timer):
            if timer is not None:
                timer.cancel()
        if self._refused:
            return
        self.host.connections.discard(self)
        self.host.capacity.left(self.address, self.blob)
        if self.name is not None:
            self.note("disconnect", why=_reason(exc))

    @property
    def who(self) -> str:
        """The player's name, or (a new key before it named itself, or before login) what we know."""
        if self.name:
            return self.name
        return f"new key {fingerprint(self.blob)}" if self.blob is not None else "?"

    def close(self, why: str) -> None:
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, f"castletui: {why}")

    # --- logging in -------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        return True  # every login proves a key; the user name is ignored

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """asyncssh asks here for the key offered and again for the key
        signed; the last one asked for is the one that logs in (the
        signature is checked right after, before auth_completed)."""
        blob = key.public_data
        try:
            name = self.host.players.name_of(blob)
            clash = self.host.players.clashes(blob)
        except PlayersError as error:
            self.note("refused", "players-file", f"the players file cannot be read: {error}", blob=blob)
            return False
        if clash:
            # Let in, this key would be a second account passing for the first at every table.
            self.note("refused", "name-clash", f"this key's player passes for {clash}", blob=blob)
            return False
        busy = self.host.capacity.key_refusal(blob)
        if busy:
            # One key holds at most --sessions-per-key places, however many connections it opens.
            if not self._told_unknown and self.conn is not None:
                self._told_unknown = True
                self.note("refused", "connections-per-key", busy, blob=blob)
                self.conn.send_auth_banner(f"castletui: {busy}; close one first\r\n")
            return False
        if name is None and not self.host.config.open:
            if not self._told_unknown and self.conn is not None:
                self._told_unknown = True
                self.note("refused", "unknown-key", f"unknown key {fingerprint(blob)}", blob=blob)
                self.conn.send_auth_banner(
                    f"castletui: this key ({fingerprint(blob)}) is not one of this host's players. "
                    "Ask the host to add it: castletui host add NAME KEYFILE\r\n"
                )
            return False
        self._candidate = (blob, name)
        return True

    def auth_completed(self) -> None:
        assert self._candidate is not None
        self.blob, self.name = self._candidate
        if self._grace_timer is not None:
            self._grace_timer.cancel()
            self._grace_timer = None
        capacity = self.host.capacity
        capacity.logged_in(self.address, self.blob)
        if self.name is None:
            self.name = ""  # a new key: it names itself in its first session
        self.note("connect")
        if capacity.connections_of_key[self.blob] > self.host.limits.sessions_per_key:
            # Two logins of one key raced past validate_public_key: the later one goes.
            why = f"this key already has {self.host.limits.sessions_per_key} connections here"
            self.note("refused", "connections-per-key", why)
            self.close(why)
            return
        self.wait_for_a_session()

    def wait_for_a_session(self) -> None:
        """A connection without a session must not hold its place: after
        logging in, and whenever its last session ends."""
        if self._login_timer is not None:
            self._login_timer.cancel()
        if self._lost:
            return
        self._login_timer = asyncio.get_running_loop().call_later(
            self.host.limits.terminal_seconds, self._login_expired
        )

    def _login_expired(self) -> None:
        self._login_timer = None
        if self.session_count == 0:
            self.note("refused", "login-timeout", "no terminal opened in time")
            self.close("no terminal was opened in time")

    # --- what it asks for -------------------------------------------------

    def session_requested(self):
        if self.conn is None:
            return False
        limit = self.host.limits.sessions_per_key
        if self.session_count >= limit:
            self.note("refused", "channels", "too many sessions on one connection")
            return False
        if self.blob is not None and self.host.sessions_of[self.blob] >= limit:
            # Every channel counts, whether or not it ever asks for a terminal.
            self.note("refused", "sessions-per-key", f"{limit} sessions of one key")
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                f"castletui: this key already has {limit} sessions open here; close one first",
            )
        channel = self.conn.create_server_channel(encoding=None)
        channel.__class__ = PlayerChannel  # refuses env, agent and X11 requests, and logs them
        channel.player_connection = self
        return channel, PlayerSession(self)

    def connection_requested(self, dest_host, dest_port, orig_host, orig_port):
        self.note("refused", "port-forwarding", f"port forwarding to {dest_host}:{dest_port}")
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "castletui host forwards no connections"
        )

    def server_requested(self, listen_host, listen_port):
        self.note("refused", "remote-forwarding", f"remote forwarding of port {listen_port}")
        return False

    def unix_connection_requested(self, dest_path):
        self.note("refused", "unix-forwarding", "forwarding to a Unix socket")
        return False

    def unix_server_requested(self, listen_path):
        self.note("refused", "unix-remote-forwarding", "remote forwarding of a Unix socket")
        return False


class PlayerChannel(asyncssh.SSHServerChannel):
    """A session channel that refuses, with a line in the log, what
    asyncssh would otherwise keep or answer itself: the client's environment
    variables (the child never sees them anyway: sessions.child_environment),
    agent forwarding and X11 forwarding (off in asyncssh's options too).
    ``__class__`` is switched on the channel asyncssh made, so every other
    behaviour is asyncssh's own."""

    player_connection: PlayerConnection

    def _refused(self, what: str, why: str) -> bool:
        self.player_connection.note("refused", what, why)
        return False

    def _process_env_request(self, packet) -> bool:
        name = packet.get_string()
        packet.get_string()
        packet.check_end()
        variable = _printable(name.decode("utf-8", "replace"), 40)
        return self._refused("environment", f"environment variable {variable}")

    def _process_auth_agent_req_at_openssh_dot_com_request(self, packet) -> bool:
        return self._refused("agent-forwarding", "agent forwarding")

    def _process_x11_req_request(self, packet) -> bool:
        return self._refused("x11-forwarding", "X11 forwarding")


class PlayerSession(asyncssh.SSHServerSession):
    """One SSH session: a terminal with castletui in it, or a refusal."""

    def __init__(self, connection: PlayerConnection) -> None:
        self.connection = connection
        self.host = connection.host
        self.channel: asyncssh.SSHServerChannel | None = None
        self.term = ""
        self.size = (0, 0)
        self.has_pty = False
        self.plain = False
        """The player asked for plain lines (``ssh -t HOST plain``)."""
        self.refusal = ""
        self.terminal: Terminal | None = None
        self.gate: InputGate | None = None
        self._paused_by: set[str] = set()
        self.prompt: NamePrompt | None = None
        self.counted = False
        self.closed = False
        self._ending: asyncio.Task | None = None
        self._idle_timer: asyncio.TimerHandle | None = None
        self._terminal_timer: asyncio.TimerHandle | None = None
        self._last_input = 0.0
        self._early = bytearray()
        self.account = ""  # the account whose castletui runs here (the notifier: not to be told)
        connection.session_count += 1
        if connection.blob is not None:
            self.host.sessions_of[connection.blob] += 1
            self.counted = True

    # --- what the client asks for -----------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.channel = chan
        self.host.sessions.add(self)
        self._terminal_timer = asyncio.get_running_loop().call_later(
            self.host.limits.terminal_seconds, self._terminal_expired
        )

    def _terminal_expired(self) -> None:
        """A session that asked for nothing within the time holds a place for nothing."""
        self._terminal_timer = None
        if self.channel is not None and not self.closed:
            self.connection.note("refused", "channel-timeout", "a session asked for no terminal in time")
            self.channel.close()

    def pty_requested(self, term_type: str, term_size, term_modes) -> bool:
        self.term = terminal_type(term_type)
        self.size = clamp_size(term_size[0], term_size[1])
        self.has_pty = True
        return True

    def shell_requested(self) -> bool:
        if not self.has_pty:
            self._refuse(
                "no-terminal",
                "a session without a terminal",
                "a terminal is needed to play: connect with  ssh -t",
            )
        return True

    def exec_requested(self, command: str) -> bool:
        if command.strip() == PLAIN_COMMAND:
            # castletui in plain lines (castletui/plain/): the one command there is.
            self.plain = True
            return self.shell_requested()
        self._refuse(
            "command",
            f"command {_printable(command, 40)!r}",
            "this host runs castletui only: connect without a command (ssh -p PORT HOST), "
            "or with the one command plain (ssh -t -p PORT HOST plain)",
        )
        return True  # accepted only to say why on the channel; nothing runs

    def subsystem_requested(self, subsystem: str) -> bool:
        self._refuse(
            "subsystem",
            f"subsystem {_printable(subsystem, 20)}",
            "this host runs castletui only (no sftp, no scp)",
        )
        return True

    def _refuse(self, what: str, why: str, message: str) -> None:
        self.connection.note("refused", what, why)
        self.refusal = message

    def session_started(self) -> None:
        if self._terminal_timer is not None:
            self._terminal_timer.cancel()
            self._terminal_timer = None
        if self.refusal:
            self._say_and_close(self.refusal, status=1)
            return
        connection = self.connection
        assert connection.blob is not None and connection.name is not None
        self._touch()
        if connection.name:
            self._start_castletui()
        else:
            self.prompt = NamePrompt()
            self._send(
                "castletui: welcome! This key is new here. The name you choose is who you are at "
                "every table.\r\nYour player name: "
            )

    # --- bytes from the player --------------------------------------------

    def data_received(self, data: bytes, datatype) -> None:
        self._touch()
        if self.gate is not None:
            self.gate.feed(data)
        elif self.prompt is not None:
            self._prompted(data)
        elif len(self._early) < MAX_EARLY_INPUT:
            self._early += data  # keys typed while castletui is being forked: its first input

    def eof_received(self) -> bool:
        self._finish()
        return False

    def pause_writing(self) -> None:
        if self.terminal is not None:
            self.terminal.pause_output()

    def resume_writing(self) -> None:
        if self.terminal is not None:
            self.terminal.resume_output()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp_size(width, height)
        if self.terminal is not None:
            self.terminal.resize(*self.size)

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._finish()

    # --- the name prompt (--open) ------------------------------------------

    def _prompted(self, data: bytes) -> None:
        assert self.prompt is not None
        echo, line = self.prompt.feed(data)
        if echo:
            self._send(echo)
        if self.prompt.cancelled:
            self._say_and_close("no name chosen; nothing was remembered", status=1)
            return
        if line is None:
            return
        connection = self.connection
        assert connection.blob is not None
        name = line.strip()
        problem = account_name_problem(name) if name else "is empty"
        what = "name-refused"
        if not problem and self.host.players.taken(name):
            problem, what = "is taken by another player (or one whose name looks the same)", "name-taken"
        if not problem:
            try:
                key = parse_key(f"{_key_type(connection.blob)} {_base64(connection.blob)}")
                name = self.host.players.claim(name, key)
            except PlayersError as error:
                problem = str(error).removeprefix(f"the name {name[:20]!r} ")
        if problem:
            connection.note("refused", what, f"the name {_printable(name, 40)!r} {problem}")
            if self.prompt.tries >= MAX_TRIES:
                self._say_and_close("too many tries; nothing was remembered", status=1)
                return
            self._send(f"That name {problem}.\r\nYour player name: ")
            return
        self.prompt = None
        connection.name = name
        connection.note("registered", why=f"key {fingerprint(connection.blob)}")
        self._start_castletui()

    # --- castletui ---------------------------------------------------------

    def _start_castletui(self) -> None:
        connection = self.connection
        assert connection.name and connection.blob is not None
        limits = self.host.limits
        # The account as the players file says now: its id holds its seats,
        # its name (changed by hand since the login, perhaps) is only a label.
        try:
            account = self.host.players.account_of(connection.blob)
        except PlayersError as error:
            connection.note("refused", "players-file", f"the players file cannot be read: {error}")
            self._say_and_close("the host cannot read its players file; the host's log says why", status=1)
            return
        if account is None:
            connection.note("refused", "unknown-key", "the key's player was removed after it logged in")
            self._say_and_close("this key is no longer one of this host's players", status=1)
            return
        connection.name = account.name
        try:
            added = self.host.players.dated().get(account.id, ("", ""))[1]
            settings = settings_folder(self.host.config.data_dir, account, added)
            if isinstance(self.host.players, StorePlayers):
                settings_into_store(settings, self.host.players.accounts, account.id)
        except (OSError, PlayersError, StoreError) as error:
            self._not_started(error)
            return
        arguments = seat_arguments(
            account.name, account.id, self.host.config.table_dir, limits.session_memory_mib, plain=self.plain
        )
        relay = self.host.relay.path if self.host.relay is not None else ""
        environment = child_environment(self.term, settings, self.host.config.store, relay)
        environment[OFFERED_VARIABLE] = ",".join(self.host.config.notify.kinds)
        if isinstance(self.host.players, StorePlayers):
            # The account's settings are the store's: every host gives them (castletui.kept_settings).
            environment[SETTINGS_ACCOUNT_VARIABLE] = account.id
        if isinstance(self.host.players, Players):
            # Where a private table's invited names are found to be accounts (castletui.invitations).
            environment[PLAYERS_VARIABLE] = str(self.host.config.players_file)
        if self.host.notifier is not None:
            self.account = account.id
            self.host.notifier.arrived(account.id)
        zygote = self.host.zygote
        if zygote is not None and zygote.usable:
            task = asyncio.ensure_future(self._fork_castletui(zygote, account, arguments, environment))
            self.host.closing.add(task)
            task.add_done_callback(self.host.closing.discard)
            return
        self._spawn_castletui(account, environment)

    def _spawn_castletui(self, account: Account, environment: dict[str, str]) -> None:
        """A fresh Python for the player's castletui: without a zygote, or
        when the zygote cannot live (a broken install it cannot import)."""
        limits = self.host.limits
        try:
            terminal = Terminal(
                seat_command(
                    account.name,
                    account.id,
                    self.host.config.table_dir,
                    limits.session_memory_mib,
                    plain=self.plain,
                ),
                environment,
                self.size,
                self._output,
                self._castletui_exited,
                on_input_paused=self._input_paused,
                cwd=self.host.config.data_dir,
            )
        except OSError as error:
            self._not_started(error)
            return
        self._started(terminal)

    async def _fork_castletui(
        self, zygote: Zygote, account: Account, arguments: list[str], environment: dict[str, str]
    ) -> None:
        try:
            terminal = await Terminal.forked(
                zygote,
                arguments,
                environment,
                self.size,
                self._output,
                self._castletui_exited,
                on_input_paused=self._input_paused,
                cwd=self.host.config.data_dir,
            )
        except ZygoteGone:
            # It died as often as it may: the player still gets a castletui.
            if not (self.closed or self._ending is not None):
                self._spawn_castletui(account, environment)
            return
        except OSError as error:
            self._not_started(error)
            return
        if self.closed or self._ending is not None:
            # The player left (or the host stopped) while it was being forked.
            await terminal.close()
            return
        self._started(terminal)

    def _not_started(self, error: OSError) -> None:
        self.connection.note("refused", "castletui-failed", f"castletui did not start: {error}")
        self._say_and_close("castletui could not start on this host; the host's log says why", status=1)

    def _started(self, terminal: Terminal) -> None:
        self.terminal = terminal
        limits = self.host.limits
        self.host.terminals.add(self.terminal)
        # However it ends (quit, hung up, killed): the store forgets it as a spectator.
        terminal.exited.add_done_callback(lambda _: self.host.castletui_ended(terminal.pid))
        self.gate = InputGate(
            limits.input_rate,
            limits.input_flood_seconds,
            self.terminal.write,
            lambda paused: self._pause_input("gate", paused),
            self._flooded,
        )
        if self._early:
            early, self._early = bytes(self._early), bytearray()
            self.gate.feed(early)

    def _flooded(self) -> None:
        rate = self.host.limits.input_rate // 1024
        why = f"more than {rate} KiB a second of input without a break; the session is closed"
        self.connection.note("refused", "input-flood", why)
        self._ending = asyncio.ensure_future(self.end(why))

    def _output(self, data: bytes) -> None:
        if self.channel is not None and not self.closed:
            self.channel.write(data)

    def _input_paused(self, paused: bool) -> None:
        self._pause_input("pty", paused)

    def _pause_input(self, reason: str, paused: bool) -> None:
        """The channel is read while neither the gate nor a full pty holds it back."""
        was = bool(self._paused_by)
        if paused:
            self._paused_by.add(reason)
        else:
            self._paused_by.discard(reason)
        if self.channel is None or was == bool(self._paused_by):
            return
        if self._paused_by:
            self.channel.pause_reading()
        else:
            self.channel.resume_reading()

    def _castletui_exited(self, status: int) -> None:
        """The player left castletui (q in the lobby): the session ends with it."""
        if self.terminal is not None:
            self.host.terminals.discard(self.terminal)
        if status == OUT_OF_MEMORY:
            memory = self.host.limits.session_memory_mib
            self.connection.note("refused", "memory", f"castletui ran out of its {memory} MiB")
            self._send_bytes(RESTORE_TERMINAL)
            self._say_and_close(f"castletui ran out of the memory a player has here ({memory} MiB)", status)
            return
        if self.channel is not None and not self.closed:
            self.channel.exit(max(status, 0) & 0xFF)

    # --- idle time ---------------------------------------------------------

    def _touch(self) -> None:
        loop = asyncio.get_running_loop()
        self._last_input = loop.time()
        if self._idle_timer is None:
            self._idle_timer = loop.call_later(self._idle_limit(), self._idle_check)

    def _idle_limit(self) -> float:
        # While a new key is naming itself, the (shorter) login time applies.
        limits = self.host.limits
        return limits.login_seconds if self.prompt is not None else limits.idle_minutes * 60

    def _idle_check(self) -> None:
        loop = asyncio.get_running_loop()
        remaining = self._last_input + self._idle_limit() - loop.time()
        if remaining > 0:
            self._idle_timer = loop.call_later(remaining, self._idle_check)
            return
        self._idle_timer = None
        connection = self.connection
        if self.prompt is not None:
            what, why = "naming-timeout", "no name given in time"
        else:
            what, why = "idle", f"{self.host.limits.idle_minutes:g} minutes without a key pressed"
        connection.note("idle", what, why)
        self._ending = asyncio.ensure_future(self.end(why))

    # --- ending -----------------------------------------------------------

    async def end(self, why: str) -> None:
        """Hang up castletui (its last frame reaches the player), then tell
        the player why and close the session."""
        if self.terminal is not None:
            terminal = self.terminal
            await terminal.hang_up()
            self.host.terminals.discard(terminal)
            self._send_bytes(RESTORE_TERMINAL)
        self._say_and_close(why, status=1)

    def _send(self, text: str) -> None:
        self._send_bytes(text.encode("utf-8", "replace"))

    def _send_bytes(self, data: bytes) -> None:
        if self.channel is not None and not self.closed:
            self.channel.write(data)

    def _say_and_close(self, message: str, status: int) -> None:
        if self.channel is None or self.closed:
            return
        line = f"castletui: {message}\r\n".encode()
        if self.has_pty:
            self.channel.write(line)
        else:
            self.channel.write_stderr(line)
        self.channel.exit(status)

    def _finish(self) -> None:
        """The session is over (closed by either side): end castletui if it
        still runs, and free this key's place."""
        if self.closed:
            return
        self.closed = True
        self.host.sessions.discard(self)
        if self.account and self.host.notifier is not None:
            self.host.notifier.left(self.account)
        for timer in (self._idle_timer, self._terminal_timer):
            if timer is not None:
                timer.cancel()
        self._idle_timer = self._terminal_timer = None
        if self.gate is not None:
            self.gate.close()
        connection = self.connection
        connection.session_count -= 1
        if self.counted and connection.blob is not None:
            self.host.sessions_of[connection.blob] -= 1
            if self.host.sessions_of[connection.blob] <= 0:
                del self.host.sessions_of[connection.blob]
        if connection.session_count == 0 and not self.host.stopping:
            connection.wait_for_a_session()
        terminal = self.terminal
        if terminal is not None and not terminal.exited.done():
            task = asyncio.ensure_future(terminal.close())
            self.host.closing.add(task)

            def forget(task: asyncio.Task) -> None:
                self.host.closing.discard(task)
                self.host.terminals.discard(terminal)

            task.add_done_callback(forget)
        elif terminal is not None:
            self.host.terminals.discard(terminal)


def accounts_of(players: Players | StorePlayers) -> dict[str, str]:
    """Every account's id and name."""
    if isinstance(players, Players):
        return {entry.id: entry.name for entry in players.read().players if entry.id}
    return players.names()


def _reason(exc: Exception | None) -> str:
    if exc is None:
        return "closed"
    return _printable(str(exc) or type(exc).__name__, 80)


def _key_type(blob: bytes) -> str:
    length = int.from_bytes(blob[:4], "big")
    return blob[4 : 4 + length].decode("ascii", "replace")


def _base64(blob: bytes) -> str:
    return base64.b64encode(blob).decode()


# --- running it ---------------------------------------------------------------


async def serve(
    config: HostConfig, host_key: asyncssh.SSHKey, *, ready: Callable[[Host], None] | None = None
) -> int:
    """Run until SIGINT or SIGTERM, then stop cleanly."""
    try:
        host = Host(config)
    except OSError as error:
        print(
            f"castletui: cannot write the events file {config.events_file}: {error.strerror}", file=sys.stderr
        )
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    try:
        await host.start(host_key)
    except OSError as error:
        print(f"castletui: cannot listen on port {config.port}: {error.strerror or error}", file=sys.stderr)
        return 2
    if config.ready_file is not None:
        ready_file = ReadyFile(host.port, config.listen, os.getpid(), host_key.get_fingerprint())
        write_ready_file(config.ready_file, ready_file)
    if ready is not None:
        ready(host)
    try:
        await stop.wait()
    finally:
        if config.ready_file is not None:
            with contextlib.suppress(OSError):
                config.ready_file.unlink()
    host.log(
        "stopping",
        "castletui host",
        f"{config.listen or '*'}:{host.port}",
        f"{len(host.sessions)} sessions to end",
    )
    await host.stop()
    if host.events is not None:
        host.events.close()
    return 0
