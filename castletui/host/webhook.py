"""Sending one notification (castletui/host/notify.py decides what and
when): a JSON body POSTed to a player's webhook URL, or a message given to
the mail command the host's operator allows.

A player's URL is a stranger's: the host must not become their way into
its own network. So the URL's host is resolved here, every address it
resolves to is checked (loopback, private, link-local, multicast and
reserved ones are refused unless the operator says ``--webhook-private``),
and the connection is made to the checked address itself, so a name that
resolves elsewhere a second time (DNS rebinding) gains nothing. Redirects
are not followed. Each attempt has a timeout, for each read and for the
whole: a slow receiver costs a worker thread that long, never the host's
own loop. The name's lookup has the same deadline (a slow DNS server is a
failed attempt), and a bounded number of lookups run at once.

The mail command is the operator's (``--mail-command``, run without a
shell); the player gives only an address (castletui/notify_me.py checks
it is one plain word), passed as its last argument, and the message on
its standard input.
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import shlex
import socket
import ssl
import subprocess
import threading
import urllib.parse
from email.message import EmailMessage
from typing import NamedTuple

from castletui.notify_me import mail_problem, sent_url, url_problem

USER_AGENT = "castletui-host"


class Refused(Exception):
    """The URL or address may not be sent to (never retried)."""


class Failed(Exception):
    """This attempt failed (retried, a bounded number of times)."""


class Target(NamedTuple):
    """Where a webhook goes: the URL's parts and the address checked."""

    scheme: str
    hostname: str
    port: int
    path: str
    address: str

    @property
    def peer(self) -> str:
        return f"{self.address}:{self.port}" if ":" not in self.address else f"[{self.address}]:{self.port}"


def address_refusal(address: str, private: bool) -> str:
    """Why the host does not POST to ``address`` ("" if it may)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        # An IPv4 address carried inside (mapped, or 6to4: a relay delivers
        # 2002:7f00:1:: to 127.0.0.1) is judged as itself.
        ip = ip.ipv4_mapped or ip.sixtofour or ip
    if ip.is_multicast or ip.is_unspecified:
        return f"{address} is not an address to post to"
    if private:
        return ""
    # Site-local IPv6 (fec0::/10) is deprecated but still routed in some networks: ipaddress calls it global.
    site_local = isinstance(ip, ipaddress.IPv6Address) and ip.is_site_local
    if (
        ip.is_loopback
        or ip.is_private
        or ip.is_link_local
        or ip.is_reserved
        or site_local
        or not ip.is_global
    ):
        return f"{address} is one of the host's own or a private network's (the host's --webhook-private allows it)"
    return ""


LOOKUPS_AT_ONCE = 8
"""Name lookups under way at once, the senders' and the retries' (4 each by
default): a lookup past its deadline goes on in its thread until the system
resolver gives up, so a slow DNS server costs at most this many threads;
an attempt that finds them all busy fails at once, and is retried."""

_lookups = threading.BoundedSemaphore(LOOKUPS_AT_ONCE)


def _look_up(resolver, hostname: str, port: int, timeout: float | None) -> list:
    """``resolver(hostname, port)`` within ``timeout`` seconds (None: as long
    as it takes). The system resolver has no deadline of its own to give,
    so the lookup runs in a thread of its own, left to end by itself."""
    if timeout is None:
        return resolver(hostname, port, type=socket.SOCK_STREAM)
    if not _lookups.acquire(blocking=False):
        raise Failed(f"{hostname}: {LOOKUPS_AT_ONCE} name lookups are still under way (a slow DNS server)")
    answer: list = []
    done = threading.Event()

    def look() -> None:
        try:
            answer.append(resolver(hostname, port, type=socket.SOCK_STREAM))
        except BaseException as error:  # noqa: BLE001 - handed to the attempt waiting for it
            answer.append(error)
        finally:
            _lookups.release()
            done.set()

    threading.Thread(target=look, name="castletui-notify-lookup", daemon=True).start()
    if not done.wait(timeout):
        raise Failed(f"{hostname} did not resolve within {timeout:g} s")
    if isinstance(answer[0], BaseException):
        raise answer[0]
    return answer[0]


def resolve(url: str, private: bool, resolver=None, timeout: float | None = None) -> Target:
    """Where ``url`` goes, checked; Refused why not, Failed if its name
    does not resolve now (that may pass), or not within ``timeout`` seconds:
    the send's deadline, so a slow DNS server holds a sender no longer
    than a slow receiver does."""
    problem = url_problem(url)
    if problem:
        raise Refused(problem)
    parts = urllib.parse.urlsplit(sent_url(url))  # ASCII only: what http.client can send
    port = parts.port or (443 if parts.scheme == "https" else 80)
    hostname = parts.hostname or ""
    try:
        found = _look_up(resolver or socket.getaddrinfo, hostname, port, timeout)
    except (OSError, UnicodeError) as error:
        raise Failed(f"{hostname} does not resolve ({error})") from None
    addresses = [entry[4][0] for entry in found]
    if not addresses:
        raise Failed(f"{hostname} does not resolve")
    # Every address the name has must be allowed: which one a connection takes is not ours to say.
    for address in addresses:
        refusal = address_refusal(address, private)
        if refusal:
            raise Refused(refusal)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(parts.scheme, hostname, port, path, addresses[0])


class _PinnedHTTP(http.client.HTTPConnection):
    """An HTTP connection to the address checked, not to the name again."""

    def __init__(self, target: Target, timeout: float) -> None:
        super().__init__(target.hostname, target.port, timeout=timeout)
        self.target = target

    def connect(self) -> None:
        self.sock = socket.create_connection((self.target.address, self.target.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, target: Target, timeout: float) -> None:
        super().__init__(target.hostname, target.port, timeout=timeout, context=ssl.create_default_context())
        self.target = target

    def connect(self) -> None:
        raw = socket.create_connection((self.target.address, self.target.port), self.timeout)
        # The certificate is checked against the URL's name, as a browser would.
        self.sock = self._context.wrap_socket(raw, server_hostname=self.target.hostname)


class _Deadline:
    """Cuts ``connection`` off once ``seconds`` have passed (a timer thread)."""

    def __init__(self, connection: http.client.HTTPConnection, seconds: float) -> None:
        self.connection = connection
        self.passed = False
        self._timer = threading.Timer(seconds, self._cut)
        self._timer.daemon = True
        self._timer.start()

    def _cut(self) -> None:
        self.passed = True
        sock = self.connection.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                # The plain socket's shutdown, also under TLS: the read under way ends at once.
                socket.socket.shutdown(sock, socket.SHUT_RDWR)

    def cancel(self) -> None:
        self._timer.cancel()


def post(target: Target, body: bytes, timeout: float) -> int:
    """POST ``body`` (JSON) to ``target``: its HTTP status when 2xx;
    Failed otherwise (a status, a timeout, a refused connection)."""
    kind = _PinnedHTTPS if target.scheme == "https" else _PinnedHTTP
    connection = kind(target, timeout)
    # ``timeout`` bounds each read, and the attempt as a whole: a receiver
    # sending a byte at a time would otherwise hold a worker for hours.
    deadline = _Deadline(connection, timeout)
    try:
        connection.request(
            "POST",
            target.path,
            body=body,
            headers={"Content-Type": "application/json", "User-Agent": USER_AGENT},
        )
        response = connection.getresponse()
        response.read(64 * 1024)  # what it says is not ours to keep
        status = response.status
    except (OSError, http.client.HTTPException, ssl.SSLError) as error:
        if deadline.passed:
            raise Failed(f"{target.peer} did not answer within {timeout:g} s") from None
        raise Failed(f"{target.peer}: {type(error).__name__} {error}".strip()) from None
    finally:
        deadline.cancel()
        connection.close()
    if deadline.passed:  # an answer cut short may still read as one
        raise Failed(f"{target.peer} did not answer within {timeout:g} s")
    if not 200 <= status < 300:
        raise Failed(f"{target.peer} answered HTTP {status}")
    return status


def mail(command: str, address: str, subject: str, text: str, timeout: float) -> None:
    """Give a message for ``address`` to the operator's mail ``command``."""
    problem = mail_problem(address)
    if problem:
        raise Refused(problem)
    message = EmailMessage()
    message["To"] = address
    message["Subject"] = _header(subject)
    message.set_content(text)
    try:
        done = subprocess.run(
            [*shlex.split(command), address],
            input=message.as_bytes(),
            capture_output=True,
            timeout=timeout,
            check=False,
            close_fds=True,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise Failed(f"the mail command: {type(error).__name__} {error}") from None
    if done.returncode != 0:
        raise Failed(f"the mail command ended with status {done.returncode}")


def _header(text: str) -> str:
    return "".join(character if character.isprintable() else " " for character in text)[:200]
