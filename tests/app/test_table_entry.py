"""Table mode's typed entry (issue 12, item 2): the counts line and the
set-up form, driven by the keyboard. What the players type is checked by
the rules (here a stand-in for ``batch_actions``); a refusal is shown on
the form and nothing is played; Escape asks one question at a time."""

from __future__ import annotations

from castletui.rules.core.table_entry import Batch, BatchRefused
from textual.app import App
from textual.widgets import Input, Static

from castletui.screens.table_entry import CountsEntry, SetupForm

NAMES = ["Ann", "Wei"]
KINDS = ("soldier", "archer", "vicious")
# A draw that can come up (the kit plays one out on a copy): the bag holds no vicious wolf.
WOLVES = Batch(
    "Wolves drawn into {P1}'s forest", KINDS, 3, lambda action: action, ("soldier", "archer", "soldier")
)
START = Batch("Who starts", ("{P0}", "{P1}"), 1, lambda action: action)
BOARD = Batch("Castle board dealt to {P0}", ("Keep", "Tower of the Hand", "Tower"), 1, lambda a: a)


def spell(*batches):
    """A stand-in for the rules' check: the bag holds no vicious wolf."""

    def check(counts_by_batch):
        for field, (batch, counts) in enumerate(zip(batches, counts_by_batch, strict=True)):
            if batch is WOLVES and counts[-1]:
                raise BatchRefused(field, "vicious cannot come up here (possible: soldier, archer).")
        return [tuple(counts) for counts in counts_by_batch]

    return check


class EntryApp(App):
    def __init__(self, screen) -> None:
        super().__init__()
        self.entry, self.answer = screen, "unanswered"

    def on_mount(self) -> None:
        self.push_screen(self.entry, self.answered)

    def answered(self, answer: object) -> None:
        self.answer = answer


def error_text(app: App) -> str:
    return str(app.screen.query_one("#entry-error", Static).render())


async def test_the_counts_line_names_the_place_and_the_player():
    app = EntryApp(CountsEntry(WOLVES, NAMES, spell(WOLVES)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        texts = " ".join(str(widget.render()) for widget in app.screen.query(Static))
        assert "Wolves drawn into Wei's forest" in texts
        assert "3 in all, a name a piece" in texts and "first letters: 'sas'" in texts
        await pilot.press(*"2 soldier archer", "enter")
        await pilot.pause()
    assert app.answer == [(2, 1, 0)]


async def test_a_refused_count_stays_on_the_line_with_the_reason():
    app = EntryApp(CountsEntry(WOLVES, NAMES, spell(WOLVES)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"2 soldier 1 vicious", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CountsEntry)
        assert "vicious cannot come up here" in error_text(app)
        await pilot.press(*"2 dragons", "enter")  # the refused line is selected: typing replaces it
        await pilot.pause()
        assert "'dragons' is not one of soldier, archer, vicious" in error_text(app)
        await pilot.press("escape")
        await pilot.pause()
    assert app.answer is None  # one at a time instead


async def test_the_set_up_form_takes_a_line_each_and_checks_them_together():
    app = EntryApp(SetupForm("Setting up", [START, BOARD, WOLVES], NAMES, spell(START, BOARD, WOLVES)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#field-0", Input)
        await pilot.press(*"wei", "enter")
        assert app.screen.focused is app.screen.query_one("#field-1", Input)
        await pilot.press(*"tower", "enter", *"1 1 1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupForm)  # the vicious wolf is refused...
        assert error_text(app).startswith("Line 3: vicious cannot come up here")
        field = app.screen.query_one("#field-2", Input)
        assert app.screen.focused is field  # ...and the line that cannot be is the one to fix
        await pilot.press(*"3 archers", "enter")
        await pilot.pause()
    # Wei starts; the Tower (not the Tower of the Hand); three archers.
    assert app.answer == [(0, 1), (0, 0, 1), (0, 3, 0)]


DEAL = Batch(
    "Deal: 4 Village + 1 Academy each", ("cards face down",), 10, lambda a: a, ("cards face down",) * 10, True
)


async def test_a_line_with_one_possible_answer_comes_filled_in_and_enter_takes_it():
    """Issue 28, item 10: the deal line ("10: cards face down") refused a
    blank ("10 drawn, but you typed 0"). Its one answer is filled in, and a
    blank line is read as it too."""
    app = EntryApp(SetupForm("Setting up", [START, DEAL], NAMES, spell(START, DEAL)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#field-1", Input).value == "10 cards face down"
        await pilot.press(*"ann", "enter", "enter")
        await pilot.pause()
    assert app.answer == [(1, 0), (10,)]
    app = EntryApp(SetupForm("Setting up", [START, DEAL], NAMES, spell(START, DEAL)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"ann", "enter")
        app.screen.query_one("#field-1", Input).value = ""
        await pilot.press("enter")
        await pilot.pause()
    assert app.answer == [(1, 0), (10,)]


async def test_a_line_that_cannot_be_read_is_named_before_anything_is_checked():
    app = EntryApp(SetupForm("Setting up", [START, BOARD], NAMES, spell(START, BOARD)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", *"moat", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupForm)
        assert error_text(app).startswith("Line 2: 'moat' is not one of Keep, Tower of the Hand, Tower")
        await pilot.press("escape")
        await pilot.pause()
    assert app.answer is None
