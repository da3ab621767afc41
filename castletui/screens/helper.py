"""The rules helpers on screen ("Rules helper" on the menu): the things a
table asks the rulebook for without playing a game in the app, e.g. Castle
Raisers' Game End scoring or Castlecards' attack.

Each game lists its helpers through the screen API (``rules.core.screen``
``helpers``): a conversation of plain questions and a report, all in the
game's words, the same one ``castletui calc GAME`` asks on a line prompt.
This screen only shows the questions, takes the typed answers (a wrong one
is refused with the rules' reason and asked again) and shows the report:
it knows no rule."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from castletui import stylesheets
from castletui.rules import registry
from castletui.rules.core import IllegalAction
from castletui.rules.core import screen as screen_api
from castletui.stylesheets import ReadsStylesheet
from castletui.widgets.footer import SteadyFooter
from castletui.widgets.header import SteadyHeader
from castletui.widgets.plain import Plain
from castletui.widgets.still import hold_cursors_still


def every_helper() -> list[tuple[str, screen_api.Helper]]:
    """(game title, helper) for every game's helpers, in the registry's order."""
    found = []
    for game_id in registry.ids():
        game = registry.get(game_id)
        found += [(game.INFO.title, helper) for helper in screen_api.helpers(game)]
    return found


class RulesHelperScreen(ReadsStylesheet, Screen):
    """A list of the helpers; the chosen one asks its questions at the foot
    of the screen and its report fills the page."""

    STYLESHEET = stylesheets.MENUS

    HELP = (
        "Choose a helper with the arrows and Enter, then answer its questions: type and press Enter "
        "(an empty answer takes the one shown in brackets). A wrong answer is explained and asked "
        "again. Escape goes back to the list; Enter on the list starts again."
    )
    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self) -> None:
        super().__init__()
        self.helpers = every_helper()
        self.helper: screen_api.Helper | None = None
        self.answers: dict[str, Any] = {}
        self.question: screen_api.Question | None = None

    def compose(self) -> ComposeResult:
        yield SteadyHeader()
        with Horizontal():
            yield OptionList(
                *[
                    Option(f"{title}: {helper.title}", id=str(index))
                    for index, (title, helper) in enumerate(self.helpers)
                ],
                id="helper-list",
                markup=False,
            )
            with Vertical(id="helper-page"):
                yield RichLog(id="helper-talk", wrap=True, markup=False, highlight=False, min_width=20)
                yield Plain("", id="helper-question")
                yield Input(placeholder="your answer, then Enter", id="helper-answer", disabled=True)
                yield Plain("", id="helper-error", classes="error")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.sub_title = "Rules helper"
        hold_cursors_still(self)
        talk = self.query_one("#helper-talk", RichLog)
        talk.write("Work out what a real table asks the rulebook, without playing a game here.")
        talk.write("Choose a helper on the left and press Enter.")
        self.query_one("#helper-list", OptionList).highlighted = 0
        self.query_one("#helper-list").focus()

    @on(OptionList.OptionSelected, "#helper-list")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.start(int(event.option.id or 0))

    def start(self, index: int) -> None:
        title, helper = self.helpers[index]
        self.helper, self.answers = helper, {}
        talk = self.query_one("#helper-talk", RichLog)
        talk.clear()
        talk.write(f"{title}: {helper.title}. {helper.summary}")
        self.ask_next()

    def ask_next(self) -> None:
        assert self.helper is not None
        self.question = self.helper.next_question(self.answers)
        answer = self.query_one("#helper-answer", Input)
        answer.value = ""
        self.query_one("#helper-error", Static).update("")
        if self.question is None:
            self.report()
            return
        default = f" [Enter: {self.question.default}]" if self.question.default else ""
        self.query_one("#helper-question", Static).update(self.question.prompt + default)
        answer.disabled = False
        answer.focus()

    @on(Input.Submitted, "#helper-answer")
    def answered(self, event: Input.Submitted) -> None:
        question = self.question
        if question is None:
            return
        typed = event.value
        if not typed.strip() and question.default:
            typed = question.default
        try:
            self.answers[question.key] = question.parse(typed)
        except IllegalAction as refusal:
            self.query_one("#helper-error", Static).update(refusal.reason)
            event.input.select_all()  # what is typed next replaces it; an arrow keeps it to mend
            return
        self.query_one("#helper-talk", RichLog).write(f"{question.prompt}  > {typed}")
        self.ask_next()

    def report(self) -> None:
        """The helper's report: every line, then back to the list for another."""
        assert self.helper is not None
        talk = self.query_one("#helper-talk", RichLog)
        talk.write("")
        try:
            lines = self.helper.report(self.answers)
        except IllegalAction as refusal:
            lines = [refusal.reason]
        for line in lines:
            talk.write(line)
        self.query_one("#helper-question", Static).update("Done: Enter on the list for another.")
        answer = self.query_one("#helper-answer", Input)
        answer.disabled = True
        self.query_one("#helper-list").focus()

    def action_back(self) -> None:
        if self.question is not None:
            self.question = None
            self.query_one("#helper-question", Static).update("")
            self.query_one("#helper-answer", Input).disabled = True
            self.query_one("#helper-error", Static).update("")
            self.query_one("#helper-list").focus()
            return
        self.app.pop_screen()
