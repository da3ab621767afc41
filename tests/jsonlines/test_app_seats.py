"""Issue 48 item 2: a program plays its seat in the normal game on screen
(``castletui new GAME --seat N=exec:COMMAND`` without ``--json``), asked
from the bot's worker like the built-in bot, and its process ends when
its game's screen goes."""

from __future__ import annotations

import argparse
import sys

from castletui.saves import Player

from castletui.jsonlines.app import ProgramSeatsApp
from castletui.screens.game import GameScreen
from tests.app.driving import new_game, settle
from tests.jsonlines.talking import RANDOM_BOT


class StillProgramSeatsApp(ProgramSeatsApp):
    """As tests/app/driving.py's StillApp: no bot pause, bots think to the end."""

    def __init__(self, start, save_dir) -> None:
        super().__init__(start, save_dir=save_dir, bot_delay=0, think_for=None)
        self.still = True


async def test_a_program_plays_its_seat_on_screen_and_ends_with_its_game(tmp_path):
    players = [Player("Coco", "bot", "random"), Player("Wei")]
    app = StillProgramSeatsApp(new_game("catapult-castle", "standard", players, seed=4), tmp_path)
    app.program_args = argparse.Namespace(
        programs=[f"1=exec:{sys.executable} {RANDOM_BOT} 2"], seat_time=60.0
    )
    async with app.run_test() as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        (program,) = app.programs
        process = program.process
        assert process is not None and not program.refusal  # it was asked, and answered
        assert [entry.seat for entry in screen.session.save.log if entry.seat >= 0][:1] == [0]
        await pilot.press("q")  # back to the menu: the game's screen goes, and its program
        assert not any(isinstance(shown, GameScreen) for shown in app.screen_stack)
        assert program.process is None and process.poll() is not None
