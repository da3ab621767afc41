"""Table mode's picker (issue 12, item 2): typing filters the outcomes, the
arrows move among what is left, Enter chooses, Escape decides later."""

from __future__ import annotations

from textual.app import App

from castletui.screens.dialogs import ChancePicker, matching

CARDS = ["Archer", "Bowmen", "Catapult", "Gold", "Knight", "Thief", "Dungeon: danger 2"]


def test_every_word_must_match_and_those_starting_with_it_come_first():
    assert matching("", CARDS) == list(range(len(CARDS)))
    assert [CARDS[i] for i in matching("t", CARDS)] == ["Thief", "Catapult", "Knight"]
    assert [CARDS[i] for i in matching("DUN 2", CARDS)] == ["Dungeon: danger 2"]
    assert matching("dragon", CARDS) == []


class PickerApp(App):
    def __init__(self) -> None:
        super().__init__()
        self.answer: object = "unanswered"

    def on_mount(self) -> None:
        outcomes = [(text, f"action:{text}") for text in CARDS]
        self.push_screen(ChancePicker("Which card did Wei draw?", outcomes), self.answered)

    def answered(self, answer: object) -> None:
        self.answer = answer


async def test_typing_narrows_the_list_and_enter_takes_the_highlighted_one():
    app = PickerApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("t", "h")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, ChancePicker)
        assert [picker.outcomes[i][0] for i in picker.shown] == ["Thief"]
        assert "1 of 7" in str(picker.query_one("#chance-count").render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.answer == "action:Thief"


async def test_arrows_move_within_the_filtered_list():
    app = PickerApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a", "down", "down", "down", "down", "down", "up")
        await pilot.pause()
        picker = app.screen
        shown = [picker.outcomes[i][0] for i in picker.shown]
        assert shown[0] == "Archer" and "Bowmen" not in shown
        await pilot.press("enter")
        await pilot.pause()
        assert app.answer == f"action:{shown[len(shown) - 2]}", "stops at the end, then one up"


async def test_nothing_matching_chooses_nothing_and_escape_decides_later():
    app = PickerApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("z", "z", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChancePicker), "Enter with nothing to choose keeps the question"
        assert "Nothing matches" in str(app.screen.query_one("#chance-count").render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.answer is None
