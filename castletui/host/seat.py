"""What a player's process on ``castletui host`` runs first: make its
pseudo-terminal the controlling terminal of its session (as ``sshd`` does,
so a resize or the player hanging up reaches castletui as SIGWINCH or
SIGHUP), then ``castletui`` with the arguments it was given (``join
--as=NAME --table-dir=DIR``).

The host starts it with ``subprocess`` in a new session rather than forking
itself: the server runs threads (asyncio's resolver), and a fork with
threads running is only safe when the child execs at once."""

from __future__ import annotations

import contextlib
import fcntl
import sys
import termios

from castletui.cli import main as castletui_main


def main(argv: list[str] | None = None) -> int:
    with contextlib.suppress(OSError):
        fcntl.ioctl(sys.stdin.fileno(), termios.TIOCSCTTY, 0)
    return castletui_main(argv)


if __name__ == "__main__":
    sys.exit(main())
