"""The crash log: where an unexpected error's traceback goes, so that the
player sees one line saying where it is (never a traceback full of their
save's contents) and can send it to us."""

from __future__ import annotations

import contextlib
import datetime
import os
import platform
import sys
import traceback
from pathlib import Path

from castletui import __version__

KEEP = 20
"""Crash logs kept; older ones are removed when a new one is written."""


def crash_folder() -> Path:
    from saves.store import data_dir

    return data_dir() / "crash-logs"


def write_crash_log(error: BaseException, folder: Path | None = None) -> Path | None:
    """Write ``error``'s traceback (no local variables: they would hold every
    hand of the game) to a new file in ``folder`` (default: the crash
    folder); None if even that cannot be written."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    try:
        folder = folder or crash_folder()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{stamp}.log"
        lines = [
            f"castletui {__version__} on Python {platform.python_version()} ({sys.platform})\n",
            f"command: {' '.join(sys.argv[1:])[:500]}\n\n",
            *traceback.format_exception(type(error), error, error.__traceback__),
        ]
        path.write_text("".join(lines), encoding="utf-8")
        _prune(folder)
        return path
    except Exception:  # noqa: BLE001 - a crash log must never crash
        return None


def _prune(folder: Path) -> None:
    logs = sorted(folder.glob("crash-*.log"))
    for old in logs[:-KEEP]:
        with contextlib.suppress(OSError):
            os.unlink(old)
