"""Reading a small file someone else may have planted: beside a table in
a group's folder another member can put a pipe (a read would wait on it
for ever), a link (to /dev/zero, or to a file of theirs), a huge file, or
a file of their own making under the expected name. One reader for the
seed file, the review and lobby caches and the clock file, so each says
only what it trusts, and none forgets a check."""

from __future__ import annotations

import os
import stat
from pathlib import Path

ANYONE: tuple[int, ...] = ()
"""``owners`` for a file whose owner does not matter."""


def read_guarded(
    path: Path | str,
    most: int,
    *,
    owners: tuple[int, ...] | None = None,
    unwritable_by: int = 0,
    follow_links: bool = False,
) -> tuple[bytes, os.stat_result]:
    """The bytes of ``path`` and its status, if it is a regular file of at
    most ``most`` bytes; OSError otherwise. ``owners``: the users who may
    own it (None: this user alone; ANYONE: any). ``unwritable_by``: the
    mode bits none of which it may have (0o022: nobody else may write it).
    Never through a link unless ``follow_links`` (a path an operator set)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow_links else os.O_NOFOLLOW)
    handle = os.open(path, flags)
    try:
        status = os.fstat(handle)
        allowed = (os.geteuid(),) if owners is None else owners
        if (
            not stat.S_ISREG(status.st_mode)
            or (allowed and status.st_uid not in allowed)
            or status.st_mode & unwritable_by
            or status.st_size > most
        ):
            raise OSError(f"{Path(path).name} is not a file to trust here")
        chunks, left = [], most
        while left > 0 and (chunk := os.read(handle, left)):
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks), status
    finally:
        os.close(handle)
