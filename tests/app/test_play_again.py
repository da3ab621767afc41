"""Play again on the score sheet of a game played here (issue 46 item 5):
a new game with the same set-up (game, variant, players, options, mode),
a new save and a new seed. A shared table's rematch is tests/shared/test_rematch.py."""

from __future__ import annotations

from castletui.screens.dialogs import CurtainScreen
from castletui.screens.game import GameScreen
from castletui.screens.result import ResultScreen
from castletui.session import Session
from tests.app.driving import StillApp, wait_until
from tests.stores.playing import finished_save


async def test_play_again_starts_a_new_game_with_the_same_set_up(tmp_path):
    finished = Session.from_save(finished_save(), tmp_path / "finished.toml")
    app = StillApp(save_dir=tmp_path, session=finished)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))  # two people, hidden hands
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.press("p")

        def new_game() -> GameScreen | None:
            games = [screen for screen in app.screen_stack if isinstance(screen, GameScreen)]
            return games[-1] if games and games[-1].session is not finished else None

        await wait_until(pilot, lambda: new_game() is not None)  # under its curtain: two people, hidden hands
        again, old = new_game().session.save, finished.save
        assert (again.game, again.config.variant, again.config.options, again.mode) == (
            old.game,
            old.config.variant,
            old.config.options,
            old.mode,
        )
        assert again.players == old.players and again.seed != old.seed
        assert new_game().session.path != finished.path
