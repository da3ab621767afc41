"""Where an account's settings files are kept: ``settings.toml`` and
``notify.toml`` in its settings folder (castletui.settings.folder), or, for
a player's castletui at a host on a PostgreSQL store, the store's rows of
the account (saves.stores: Accounts.setting), so that every host on the
store gives the player what they set on any of them.

The host says which by giving the account's id in ``$CASTLETUI_SETTINGS_ACCOUNT``
beside the store's URL (``$CASTLETUI_STORE``); without them it is the file.
Either way a file's bytes are kept whole, so whoever reads them checks
them as a file's (a typo in one never costs the other settings).
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path

from castletui.later import loader

ACCOUNT_VARIABLE = "CASTLETUI_SETTINGS_ACCOUNT"
"""The account whose settings are the store's (set by castletui host only)."""

LATER = {"stores": "castletui.saves.stores"}
"""Loaded when a store is asked: a castletui without one never loads them for its settings."""
later = loader(LATER)


def account() -> str:
    """The account whose settings files are the store's ("": the files are files)."""
    owner = os.environ.get(ACCOUNT_VARIABLE, "")
    if not owner:  # the common case: no store module loaded for it
        return ""
    stores = later("stores")
    return owner if stores.is_postgres(os.environ.get(stores.ENVIRONMENT_VARIABLE, "")) else ""


def read(where: Path, limit: int) -> bytes:
    """At most ``limit`` + 1 bytes of the file ``where`` (or of the store's
    row of its name); FileNotFoundError when there is none, OSError when
    it cannot be read."""
    owner = account()
    if not owner:
        with open(where, "rb") as file:
            return file.read(limit + 1)
    body = _asked(lambda accounts: accounts.setting(owner, where.name))
    if body is None:
        raise FileNotFoundError(errno.ENOENT, "none kept", str(where))
    return body[: limit + 1]


def write(where: Path, data: bytes) -> None:
    """Keep ``data`` as the file ``where`` (atomically), or as the store's
    row of its name; OSError when it cannot be."""
    owner = account()
    if not owner:
        write_atomically(where, data)
        return
    _asked(lambda accounts: accounts.keep_setting(owner, where.name, data))


def _asked(question):
    """``question(accounts)`` of the store the host named: a connection of
    its own for one question (a setting is read when castletui starts and
    written when the player changes it)."""
    stores = later("stores")
    try:
        store = stores.open_store(os.environ[stores.ENVIRONMENT_VARIABLE], migrate=False)
    except stores.StoreError as error:
        raise OSError(errno.EIO, f"the host's store cannot be reached ({error})") from None
    try:
        accounts = store.accounts()
        assert accounts is not None  # a PostgreSQL store keeps the accounts
        return question(accounts)
    except stores.StoreError as error:
        raise OSError(errno.EIO, str(error)) from None
    finally:
        store.close()


def write_atomically(where: Path, data: bytes) -> None:
    """A temporary file in the same folder, flushed and synced, renamed over
    the old one: a crash or a full disk half-way leaves the old file whole."""
    where.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{where.name}.", suffix=".tmp", dir=where.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, where)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
