"""What a player asks ``castletui host`` to send them when a table comes
to wait for their move while they are not connected (issue 46): nothing,
a message each turn, or a daily digest, to a webhook URL (and, where the
host's operator allows it, a mail address). The player sets it in the
lobby ("Notify me", castletui/screens/notify_dialog.py); it is kept in
``notify.toml`` in their account's own settings folder (the host gives each
player's castletui its account's folder as ``$CASTLETUI_CONFIG_DIR``:
nobody writes or reads another account's), or, at hosts sharing a
PostgreSQL store, in the store for every host (castletui.kept_settings). The host reads it
(castletui/host/notify.py) and checks it again before sending: the words
here are for the player, the host's checks are the ones that count.

No host here: the player's castletui imports this, the host too.
"""

from __future__ import annotations

import os
import re
import urllib.parse
from pathlib import Path

import msgspec
import tomli_w

from castletui import kept_settings, settings

FILE_NAME = "notify.toml"
OFFERED_VARIABLE = "CASTLETUI_NOTIFY"
"""What the host offers this player's castletui, comma-separated
(``webhook``, ``mail``); unset: no host, no notifications."""
HOW = ("off", "turn", "digest")
"""Nothing; one message each time a table comes to wait for you; one a day."""
MAX_URL = 2000
MAX_BYTES = 8 * 1024
MAIL_ADDRESS = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,250}[A-Za-z0-9])?")
"""A plain address (no name, no comment): it is one argument of the host's
mail command, so nothing in it may read as an option or a second header."""


class NotifyMe(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, frozen=True):
    """One account's choice."""

    how: str = "off"
    webhook: str = ""
    mail: str = ""


def offered() -> tuple[str, ...]:
    """The kinds the host offers (empty: not on a host, or none allowed)."""
    kinds = os.environ.get(OFFERED_VARIABLE, "").split(",")
    return tuple(kind for kind in ("webhook", "mail") if kind in kinds)


def path(folder: Path | None = None) -> Path:
    return (folder if folder is not None else settings.folder()) / FILE_NAME


def load(folder: Path | None = None) -> tuple[NotifyMe, str]:
    """The account's choice, and why it cannot be read (then: off)."""
    where = path(folder)
    try:
        data = kept_settings.read(where, MAX_BYTES)
    except FileNotFoundError:
        return NotifyMe(), ""
    except OSError as error:
        return NotifyMe(), f"{where} cannot be read ({error.strerror or error})"
    return decoded(data, where)


def decoded(data: bytes, where: Path | str) -> tuple[NotifyMe, str]:
    """The choice ``data`` (a notify.toml's bytes) holds, and why it
    cannot be read (then: off)."""
    if len(data) > MAX_BYTES:
        return NotifyMe(), f"{where} is larger than {MAX_BYTES // 1024} KiB"
    try:
        choice = msgspec.toml.decode(data, type=NotifyMe)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as error:
        return NotifyMe(), f"{where} is not a notification setting ({error})"
    problem = choice_problem(choice)
    return (NotifyMe(), problem) if problem else (choice, "")


def save(choice: NotifyMe, folder: Path | None = None) -> str:
    """Write the choice (atomically); a warning when it cannot be."""
    problem = choice_problem(choice)
    if problem:
        return problem
    where = path(folder)
    try:
        kept_settings.write(where, tomli_w.dumps(msgspec.to_builtins(choice)).encode())
    except OSError as error:
        return f"could not save {where} ({error.strerror or error})"
    return ""


def choice_problem(choice: NotifyMe) -> str:
    """Why the choice cannot be kept, in words for the player ("" if it can)."""
    if choice.how not in HOW:
        return f"how is one of {', '.join(HOW)}, not {choice.how[:20]!r}"
    if choice.webhook and (problem := url_problem(choice.webhook)):
        return problem
    if choice.mail and (problem := mail_problem(choice.mail)):
        return problem
    if choice.how != "off" and not (choice.webhook or choice.mail):
        return "give a webhook URL (or a mail address) to be notified at"
    return ""


def url_problem(url: str) -> str:
    """Whether ``url`` can be a webhook at all: http or https, a host, no
    spaces or control characters, no user name or password, and no longer
    than MAX_URL as sent (:func:`sent_url`). Where it points is the host's
    check (castletui/host/webhook.py): a private address is refused there."""
    if len(url) > MAX_URL:
        return f"the webhook URL is longer than {MAX_URL} characters"
    if any(not character.isprintable() or character.isspace() for character in url):
        return "the webhook URL has spaces or control characters in it"
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 -- raises ValueError on a port that is not a number
    except ValueError:
        return "the webhook URL does not read as a URL"
    if parts.scheme not in ("http", "https"):
        return "the webhook URL must start with https:// (or http://)"
    if not parts.hostname:
        return "the webhook URL has no host"
    if parts.username is not None or parts.password is not None:
        # http.client would drop them unsaid, and a name before @ can pass for the host.
        return "the webhook URL has a user name or password before @: put a token in its path instead"
    try:
        sent = sent_url(url)
    except UnicodeError:
        return f"{parts.hostname[:40]!r} in the webhook URL is not a valid host name"
    if len(sent) > MAX_URL:
        return f"the webhook URL is longer than {MAX_URL} characters once its letters are encoded"
    return ""


def sent_url(url: str) -> str:
    """``url`` as the host sends it, as a browser sends what its address
    bar shows: a host name in other letters in its IDNA (``xn--``) form,
    letters outside ASCII in the path and query percent-encoded as UTF-8,
    the fragment left out (it never leaves the browser either). UnicodeError
    if the name has no IDNA form. Call it on a URL url_problem passed."""
    parts = urllib.parse.urlsplit(url)
    hostname = parts.hostname or ""
    if not hostname.isascii():
        hostname = hostname.encode("idna").decode("ascii")
    netloc = f"[{hostname}]" if ":" in hostname else hostname
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urllib.parse.urlunsplit((parts.scheme, netloc, _ascii(parts.path), _ascii(parts.query), ""))


_ASCII_SAFE = "".join(chr(code) for code in range(0x21, 0x7F))
"""Every printable ASCII character: what is already ASCII is sent as typed (a %2F stays one)."""


def _ascii(text: str) -> str:
    return urllib.parse.quote(text, safe=_ASCII_SAFE)


def mail_problem(address: str) -> str:
    if len(address) > 254 or not MAIL_ADDRESS.fullmatch(address) or address.startswith("-"):
        return "the mail address must be a plain address, as ann@example.org"
    return ""
