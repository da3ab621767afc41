"""The GoT Footer at 80x24 (issue 28, item 8): r Rules and w Wall/Gift
show, and with the keys that come and go with the step (Back with a menu
open, c in table mode, t while a trade can be offered) everything still
fits, F1 Help last; and a keep reads apart from a settlement."""

from __future__ import annotations

import pytest

from castletui.games.got_catan.map import GotCatanMap, seat_letters
from castletui.screens.game import GameScreen
from castletui.session import Session
from tests.app.driving import StillApp, open_table, screen_text, settle
from tests.app.got_catan.helpers import at, new_session, play_until
from tests.app.got_catan.test_table_play import table_session


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


@pytest.mark.parametrize("variant", ["base", "brotherhood"])
async def test_a_turn_with_the_build_menu_open_shows_every_key_at_80x24(tmp_path, variant):
    session: Session = play_until(new_session(tmp_path / "g.toml", seed=2, variant=variant), at("turn"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        screen = app.screen
        screen.menu.open_group("Build")
        await settle(pilot)
        line = footer(app)
        words = ["Back", "Undo", "Rules", "Score", "Menu", "Map", "Trade", "F1/? Help"]
        if variant == "brotherhood":
            words.append("w Wall/Gift")
        for word in words:
            assert word in line, (word, line)
        assert line.rstrip().endswith("Help")


async def test_table_mode_waiting_on_the_dice_shows_every_key_at_80x24(tmp_path):
    session = table_session(tmp_path / "t.toml", "brotherhood")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(2):  # the set-up form, then the picker: later
            await pilot.press("escape")
            await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        line = footer(app)
        for word in ["c What happened?", "Undo", "Rules", "Map", "w Wall/Gift", "F1/? Help"]:
            assert word in line, (word, line)
        assert "Trade" not in line, "no trade while the table enters what came up"


async def test_a_keep_is_its_owners_letter_twice_and_a_settlement_once(tmp_path):
    """Told apart without colour, and not by reverse video (the cursor's)."""
    session = play_until(
        new_session(tmp_path / "g.toml", seed=2),
        lambda s: at("turn")(s) and any(player.keeps for player in s.state.players),
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        gift = app.screen.query_one(GotCatanMap)
        rows = gift.render().plain.splitlines()
        letters = seat_letters(session.names)
        for seat, player in enumerate(session.state.players):
            for corner in player.keeps:
                row, column, _ = gift.spot_cells[("corner", corner)]
                assert rows[row][column : column + 2] == letters[seat] * 2
            for corner in player.settlements:
                row, column, _ = gift.spot_cells[("corner", corner)]
                assert rows[row][column] == letters[seat] and rows[row][column + 1] != letters[seat]
