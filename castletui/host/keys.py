"""The host's own SSH key: made once (ed25519) in the data folder on the
first start, then the same key every time, so players' ``known_hosts`` keep
trusting it. The file is created with mode 600 and never rewritten; one that
other Unix users could read is refused (they could pose as this host)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import asyncssh

HOST_KEY_NAME = "ssh_host_ed25519_key"


class HostKeyError(Exception):
    """The host key cannot be made or used, as one line for the host."""


def host_key(data_dir: Path) -> tuple[asyncssh.SSHKey, Path, bool]:
    """The host key in ``data_dir`` (made now if missing): the key, its
    file, and whether it was just made."""
    path = data_dir / HOST_KEY_NAME
    made = False
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="castletui host")
        try:
            # O_EXCL: two servers started at once never overwrite each other's key.
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        except FileExistsError:
            pass
        except OSError as error:
            raise HostKeyError(f"cannot create the host key {path}: {error.strerror or error}") from None
        else:
            with os.fdopen(handle, "wb") as file:
                file.write(key.export_private_key())
                file.flush()
                os.fsync(file.fileno())
            made = True
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            raise HostKeyError(
                f"the host key {path} can be read by others (mode {mode:o}); chmod 600 it, "
                "or delete it to make a new one (players will be asked to trust the new key)"
            )
        return asyncssh.read_private_key(path), path, made
    except (OSError, asyncssh.KeyImportError) as error:
        raise HostKeyError(f"cannot read the host key {path}: {error}") from None
