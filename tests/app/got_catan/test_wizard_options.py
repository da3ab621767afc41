"""The wizard's options for A Game of Thrones Catan (issue 28, item 14): a
choice is shown whole ("variable" wrapped to "variabl / e")."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from castletui.app import Start
from castletui.screens.wizard import NewGameScreen
from tests.app.driving import StillApp, screen_text, settle
from tests.app.snapshots import fresh_dir

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def wizard() -> StillApp:
    return StillApp(Start("wizard", game_id="got-catan"), fresh_dir("wizard-got"))


async def test_the_set_up_choice_is_as_wide_as_its_longest_word():
    app = wizard()
    async with app.run_test(size=(80, 24)) as pilot:
        while not (isinstance(app.screen, NewGameScreen) and app.screen.query("#option-board")):
            await pilot.pause()
        select = app.screen.query_one("#option-board", Select)
        while not select.region.width:
            await pilot.pause()
        assert select.region.width >= len("variable") + 4
        row = next(line for line in screen_text(app).splitlines() if "Set-up" in line)
        assert "variable" in row


@pytest.mark.parametrize("size", SIZES)
def test_wizard_got_catan_options(snap_compare, size):
    async def settled(pilot) -> None:
        await settle(pilot)

    assert snap_compare(wizard(), terminal_size=size, run_before=settled)
