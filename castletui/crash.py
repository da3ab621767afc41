"""The crash log: where an unexpected error's traceback goes, so that the
player sees one line saying where it is (never a traceback full of their
save's contents) and can send it to us.

It is ``crash.log`` in the user log folder (platformdirs' user_log_dir, or
``$CASTLETUI_LOG_DIR``), written by the standard library's logging with a
rotating handler: the newest crash is at the end of that file, older ones
move to ``crash.log.1`` and on, and the oldest are dropped."""

from __future__ import annotations

import logging
import os
import platform
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

import platformdirs

from castletui import __version__

ENVIRONMENT_VARIABLE = "CASTLETUI_LOG_DIR"
FILE_NAME = "crash.log"
MAX_BYTES = 512 * 1024
"""A crash.log this large moves to crash.log.1 before the next crash is written."""
BACKUPS = 4
"""Older files kept (crash.log.1 to .4): a few dozen crashes at least."""


def crash_folder() -> Path:
    """``$CASTLETUI_LOG_DIR``, else the user log folder."""
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return Path(os.environ[ENVIRONMENT_VARIABLE]).expanduser()
    return Path(platformdirs.user_log_dir("castletui", appauthor=False))


class _CrashFile(RotatingFileHandler):
    """A rotating handler that lets its caller know it failed (logging's own
    prints "--- Logging error ---" to stderr and carries on)."""

    def handleError(self, record: logging.LogRecord) -> None:
        raise  # emit calls this inside its except block: what went wrong goes on up


def write_crash_log(error: BaseException, folder: Path | None = None) -> Path | None:
    """Add ``error``'s traceback (no local variables: they would hold every
    hand of the game) to the crash log in ``folder`` (default: the crash
    folder); its path, or None if even that cannot be written."""
    try:
        folder = folder or crash_folder()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / FILE_NAME
        handler = _CrashFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        logger = logging.getLogger("castletui.crash")
        logger.propagate = False  # never to the terminal, whatever logging set-up a host program has
        logger.addHandler(handler)
        try:
            logger.error(
                "castletui %s on Python %s (%s)\ncommand: %s",
                __version__,
                platform.python_version(),
                sys.platform,
                " ".join(sys.argv[1:])[:500],
                exc_info=(type(error), error, error.__traceback__),
            )
        finally:
            logger.removeHandler(handler)
            handler.close()
        return path
    except Exception:  # noqa: BLE001 - a crash log must never crash
        return None
