"""The app with program seats (``castletui new GAME --seat N=exec:COMMAND``
without ``--json``): the game the command line opens has each program
attach to its seat; a refusal shows as a notification, and the programs
end with the app at the latest."""

from __future__ import annotations

import contextlib
import subprocess
from functools import partial
from typing import Any

from castletui.app import CastleApp
from castletui.commands.base import Refused
from castletui.jsonlines.seats import attach_programs, check_program_seats


class ProgramSeatsApp(CastleApp):
    program_args: Any = None
    programs: list = []

    def open_session(self, session: Any, resumed: bool = False) -> None:
        if self.program_args is not None and not self.programs:  # the command line's own game only
            args, self.program_args = self.program_args, None
            try:
                check_program_seats(args, session.players)
            except Refused as refusal:
                self.notify(str(refusal), title="No program seats", severity="error", timeout=10)
            else:
                self.programs = attach_programs(args, session, self.program_refused, subprocess.DEVNULL)
        super().open_session(session, resumed)

    def program_refused(self, seat: int, cause: str, reason: str) -> None:
        """Said on the screen, from the bot's worker thread (or this one)."""
        say = partial(self.notify, reason, title="Program refused", severity="warning", timeout=10)
        try:
            self.call_from_thread(say)
        except RuntimeError:  # asked on the app's own thread (or as it closes)
            with contextlib.suppress(RuntimeError):
                say()

    def close_programs(self) -> None:
        for program in self.programs:
            program.close()
