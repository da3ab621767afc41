"""A program as a seat (``--seat N=exec:COMMAND``): it runs on this
machine for the length of the game and speaks the JSON-lines protocol on
its stdin and stdout (protocol.py), told only what its seat may know.

The session asks it for the seat's moves (Session.bot_decision: to the
session the seat is a bot's). A program that answers anything but one of
the choices, answers later than ``time_limit`` seconds, or dies is
refused: it is told why (a ``refused`` message), its process is ended,
whoever watches is told (``on_refusal``) and the built-in bot plays the
seat from then on. Its process never outlives the game: :meth:`close`
ends it (and anything it started) on every path.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shlex
import signal
import subprocess
import threading
from collections.abc import Callable
from typing import Any

from castletui.jsonlines import messages
from castletui.jsonlines.choices import menu_of
from castletui.jsonlines.news import News
from castletui.jsonlines.protocol import UNDO, Log, Message, Refused, chosen, line

TIME_LIMIT = 5.0
"""Seconds a program has to answer a decision, by default (--seat-time)."""

CAUSES = ("cannot start", "late", "ended", "nonsense")
"""Why a program is refused: it cannot be started, it did not answer in
time, it ended (or closed its output), it answered something else than
one of the choices."""

GRACE = 1.0
"""Seconds a program has to end by itself once the game is over."""

REFUSED_GRACE = 3.0
"""Seconds a refused program has to read why and end by itself, before it is killed."""


class ProgramSeat:
    """One seat played by the program ``command`` (a command line, split as a shell would)."""

    def __init__(
        self,
        seat: int,
        command: str,
        time_limit: float = TIME_LIMIT,
        on_refusal: Callable[[int, str, str], None] = lambda seat, cause, reason: None,
        errors: Any = subprocess.DEVNULL,
    ) -> None:
        self.seat, self.command, self.time_limit = seat, command, time_limit
        self.on_refusal = on_refusal
        self.errors = errors
        """Where the program's stderr goes (the app's screen must not get it)."""
        self.refusal = ""
        """Why the program was refused, in words ("": it plays)."""
        self.cause = ""
        """Why, for a program: cannot start, late, ended or nonsense (:data:`CAUSES`)."""
        self.process: subprocess.Popen | None = None
        self.answers: queue.Queue[bytes] = queue.Queue()
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        self.news = News(seat)
        self.closed = False
        """Its game is over or was left: it is asked nothing more."""
        self.lock = threading.Lock()  # the app asks from a bot worker; close comes from the screen

    # --- the process -------------------------------------------------------------------

    def start(self, session: Any) -> None:
        """Start the program and tell it the game; refused at once if it cannot start."""
        try:
            arguments = shlex.split(self.command)
        except ValueError as error:
            self.refuse(session, "cannot start", f"its command line cannot be read ({error})")
            return
        if not arguments:
            self.refuse(session, "cannot start", "no command was given")
            return
        try:
            self.process = subprocess.Popen(  # noqa: S603 - the player's own program, by their command line
                arguments,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self.errors,
                bufsize=0,
                start_new_session=os.name == "posix",  # its own group: close ends what it started too
            )
        except OSError as error:
            self.refuse(session, "cannot start", f"it cannot be started ({error.strerror or error})")
            return
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
        threading.Thread(target=self._write, args=(self.process.stdin, self.outbox), daemon=True).start()
        self.send(messages.start(session, (self.seat,)))

    def _read(self, stream: Any) -> None:
        """Each line the program writes, in order; b"" once it closed its output."""
        with contextlib.suppress(OSError, ValueError):
            for text in iter(stream.readline, b""):
                self.answers.put(text)
        self.answers.put(b"")

    def _write(self, stream: Any, outbox: queue.Queue) -> None:
        """Write what is sent, in order, then close its input (None). In a
        thread of its own: a program that does not read would block a write
        once the pipe is full, and its time limit counts from the decision."""
        try:
            while (data := outbox.get()) is not None:
                stream.write(data)
                stream.flush()
        except (OSError, ValueError):
            pass  # it ended or closed its input: its answer never comes (refused then)
        with contextlib.suppress(OSError, ValueError):
            stream.close()

    def send(self, message: Message) -> None:
        self.outbox.put(line(message))

    # --- deciding ----------------------------------------------------------------------

    def decide(self, session: Any, seat: int) -> Any:
        """The program's choice for ``seat`` now, or None: it is refused
        (now or before) and the built-in bot decides."""
        with self.lock:
            if self.refusal or self.closed or seat != self.seat:
                return None
            if self.process is None:
                self.start(session)
                if self.refusal:
                    return None
            lines = self.news.since(session)
            if lines:
                self.send(Log(self.seat, lines))
            decision, by_id = messages.decision(session, seat, menu_of(session, seat))
            if self._unasked():
                self.refuse(session, "nonsense", "it wrote a line when no decision was asked")
                return None
            self.send(decision)
            try:
                text = self.answers.get(timeout=self.time_limit)
            except queue.Empty:
                self.refuse(
                    session,
                    "late",
                    f"it did not answer within {self.time_limit:g} second{'' if self.time_limit == 1 else 's'}",
                )
                return None
            if self.closed:
                return None  # its game was left while it thought: nobody to tell
            if not text:
                self.refuse(session, "ended", "it ended (or closed its output) before answering")
                return None
            action, problem = chosen(text, by_id)
            if action is UNDO:  # a program plays its seat as a bot does, and a bot's moves stay
                problem = "a program seat may not undo (only a person's own moves are taken back)"
            if problem:
                self.refuse(session, "nonsense", f"its answer was refused: {problem}")
                return None
            return action

    def _unasked(self) -> bool:
        """Whether it wrote a line since its last answer (read before this
        decision is sent: no line can be this decision's answer yet). Its
        end is left for the answer's wait to find."""
        try:
            text = self.answers.get_nowait()
        except queue.Empty:
            return False
        if not text:
            self.answers.put(text)
            return False
        return True

    def refuse(self, session: Any, cause: str, reason: str) -> None:
        """Refuse the program for good: it is told why, ended, and the watcher told."""
        self.cause = cause
        name = session.names[self.seat] if self.seat < len(session.names) else f"seat {self.seat + 1}"
        self.refusal = (
            f"The program playing {name} ({self.command}) is refused: {reason}. "
            "The built-in bot plays that seat from now on."
        )
        process, self.process = self.process, None
        if process is not None:
            self.send(Refused(self.seat, cause, self.refusal))
            self.outbox.put(None)  # then its input closes: a program that reads it ends by itself
            _end(process, REFUSED_GRACE)
        self.on_refusal(self.seat, cause, self.refusal)

    def finish(self, session: Any) -> None:
        """The game is over: the program is told the end, then ended."""
        with self.lock:
            if self.process is not None and not self.refusal:
                lines = self.news.since(session)
                if lines:
                    self.send(Log(self.seat, lines))
                self.send(messages.end(session))
            self.close(GRACE)

    def close(self, grace: float = 0) -> None:
        """End the program (and what it started) if it still runs; it is asked nothing more."""
        self.closed = True
        process, self.process = self.process, None
        if process is not None:
            self.outbox.put(None)  # its input closes once what was sent is written
            _end(process, grace)


def _end(process: subprocess.Popen, grace: float) -> None:
    """Give the program ``grace`` seconds to end by itself, then kill its group."""
    if grace:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(grace)
    if os.name == "posix":
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)  # its children too (a shell script's jq)
    with contextlib.suppress(OSError):
        process.kill()
    process.wait()
    with contextlib.suppress(OSError, ValueError):
        process.stdout.close()


def parse_seats(texts: list[str], players: int) -> dict[int, str]:
    """``--seat N=exec:COMMAND`` (N counted from 1) as seat -> command;
    ValueError in words for a malformed one."""
    seats: dict[int, str] = {}
    for text in texts:
        number, separator, how = text.partition("=")
        if not separator or not number.strip().isdigit() or not how.startswith("exec:"):
            raise ValueError(f"--seat takes N=exec:COMMAND (a program plays seat N), not {text!r}.")
        seat = int(number) - 1
        if not 0 <= seat < players:
            raise ValueError(f"--seat {number}: the game has seats 1 to {players}.")
        if seat in seats:
            raise ValueError(f"--seat {number} is given twice.")
        command = how.removeprefix("exec:").strip()
        if not command:
            raise ValueError(f"--seat {number}=exec: needs a command.")
        seats[seat] = command
    return seats
