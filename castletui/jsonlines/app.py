"""The app with program seats (``castletui new GAME --seat N=exec:COMMAND``
without ``--json``): the game the command line opens has each program
attach to its seat; a refusal shows as a notification, and the programs
end when that game's screen goes (or with the app)."""

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
    program_screen: Any = None

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
        if self.programs and self.program_screen is None:
            self.program_screen = self.screen  # the programs' game: they end when it goes

    def pop_screen(self):
        done = super().pop_screen()
        self.game_left()
        return done

    def switch_screen(self, screen):
        done = super().switch_screen(screen)
        self.game_left()
        return done

    def game_left(self) -> None:
        """The programs' game screen is gone (back to the menu...): they end now."""
        if self.program_screen is not None and self.program_screen not in self.screen_stack:
            self.program_screen = None
            self.close_programs()

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
