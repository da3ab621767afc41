"""The rules helpers on screen (issue 12, item 5): "Rules helper" on the
menu lists every game's helpers; one asks its questions at the foot of the
screen, explains a wrong answer and asks again, and shows its report, the
same as ``castletui calc`` (tests/test_calc.py)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList, RichLog, Static

from castletui.screens.helper import RulesHelperScreen, every_helper
from castletui.screens.menu import MenuScreen
from tests.app.driving import StillApp, settle
from tests.app.snapshots import fresh_dir
from tests.rules.castle_raisers.test_calc import castle

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def talk_text(screen) -> str:
    return "\n".join(line.text for line in screen.query_one("#helper-talk", RichLog).lines)


async def open_helper(pilot, title: str) -> RulesHelperScreen:
    await pilot.press("h")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, RulesHelperScreen)
    index = next(i for i, (game, helper) in enumerate(every_helper()) if f"{game}: {helper.title}" == title)
    for _ in range(index):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    return screen


async def type_answer(pilot, text: str) -> None:
    await pilot.press(*text, "enter")
    await pilot.pause()


def test_every_game_with_helpers_is_listed():
    titles = [f"{game}: {helper.title}" for game, helper in every_helper()]
    assert "Castle Raisers: Game End scoring" in titles
    assert "Catapult Castle: Final ranking" in titles
    assert "Castlecards: Attack" in titles
    # Issue 28, item 13: GoT Catan's helpers, on the menu as on the line prompt.
    for title in ("Longest Road", "Production on a roll", "Discards on a 7", "Score", "Wildling die"):
        assert f"A Game of Thrones Catan: {title}" in titles


async def test_castlecards_refuses_a_defender_as_it_is_typed_and_keeps_the_rest(tmp_path):
    """Issue 28, item 11: a wrong defender is refused at its question, which
    is asked again; the answers before it stay and the attack is weighed."""
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_helper(pilot, "Castlecards: Attack")
        await type_answer(pilot, "castle")
        await type_answer(pilot, "2")
        await type_answer(pilot, "bowmen")
        error = str(screen.query_one("#helper-error", Static).render())
        assert "Bowmen defend the Walls; Soldiers defend the Castle" in error
        assert "Cards stationed on it" in str(screen.query_one("#helper-question", Static).render())
        assert screen.focused is screen.query_one("#helper-answer", Input)
        for answer in ("soldiers 2", "siege tower", ""):
            await type_answer(pilot, answer)
        assert "1 swords against 5 shields of the Castle: the attack fails." in " ".join(
            talk_text(screen).split()
        )


async def test_got_catan_discards_from_the_menu(tmp_path):
    """Rulebook (seeds/002_db7b18d8a33c8d80.txt), Rolling a 7: more than 7
    cards returns half, rounded down."""
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_helper(pilot, "A Game of Thrones Catan: Discards on a 7")
        for answer in ("Red, Blue, White", "7", "9", "8"):
            await type_answer(pilot, answer)
        talk = " ".join(talk_text(screen).split())
        assert "Red holds 7, not more than 7: returns nothing." in talk
        assert "Blue holds 9, more than 7: returns 4 to the supply" in talk


async def test_catapult_castle_ranking_from_the_menu_with_a_wrong_answer_asked_again(tmp_path):
    """Rulebook (seeds/001_1d99eed64508ff2e.txt), Final Scoring: a tie on towers,
    ammo and cards is broken by turn order (as tests/test_calc.py)."""
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_helper(pilot, "Catapult Castle: Final ranking")
        assert screen.focused is screen.query_one("#helper-answer", Input)
        await type_answer(pilot, "Ann, Bob, Cy")
        await type_answer(pilot, "4 2 1")
        await type_answer(pilot, "3 x")
        error = str(screen.query_one("#helper-error", Static).render())
        assert "Type 3 whole numbers of 0 or more" in error
        assert "Bob: towers on your mat" in str(screen.query_one("#helper-question", Static).render())
        await type_answer(pilot, "3 5 0")
        await type_answer(pilot, "4 2 1")
        talk = talk_text(screen)
        assert "Winner: Cy. A tie on 4 towers, 2 ammo and 1 card" in " ".join(talk.split())
        assert screen.query_one("#helper-answer", Input).disabled
        # Another helper straight after, from the list.
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert "Game End scoring" in talk_text(screen)
        await pilot.press("escape")  # back to the list...
        await pilot.pause()
        assert screen.focused is screen.query_one("#helper-list", OptionList)
        await pilot.press("escape")  # ...and to the menu
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.slow
async def test_castle_raisers_scorepad_on_screen(tmp_path):
    """Rulebook (seeds/000_b1469f6f1c1c5ef1.txt), Game End, Scoring Examples:
    Milo's and Wei's castles in a 2-player game, typed as in tests/test_calc.py."""
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_helper(pilot, "Castle Raisers: Game End scoring")
        answers = ["", "Milo, Wei"]
        answers += castle(
            "5 6 5", ("", "3 soldier 1 ladder", "7 soldier"), prestige="2 0 9", village={"L1": "red empty /4"}
        )
        answers += castle("6 5 3", ("3 soldier", "3 vicious", "2 archer"), prestige="2 3 1", attack="2 0 0")
        for answer in answers:
            await type_answer(pilot, answer)
        talk = talk_text(screen)
        total = next(line for line in talk.splitlines() if line.startswith("Total"))
        assert total.split()[1:] == [str(-20 + 22 + 30 + 12), str(12 + 6 + 30)]
        assert "Winner: Wei (most points)." in talk


@pytest.mark.parametrize("size", SIZES)
def test_helper_snapshot(snap_compare, size):
    app = StillApp(save_dir=fresh_dir("helper"))

    async def ranked(pilot):
        await open_helper(pilot, "Catapult Castle: Final ranking")
        for answer in ("Ann, Bob", "4 2 1", "4 2 x"):
            await type_answer(pilot, answer)
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=ranked)
