"""Small modal screens: confirm, the pass-the-device curtain, the table-mode
chance picker and save-as."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from castletui.widgets.plain import Plain, plain


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question. Dismisses with True or False."""

    BINDINGS = [Binding("escape", "answer(False)", "Cancel"), Binding("y", "answer(True)", "Yes", show=False)]

    def __init__(self, message: str, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.message, self.question, self.yes, self.no = message, question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Plain(self.message, classes="dialog-message")
            yield Plain(self.question, classes="dialog-question")
            with Horizontal(classes="dialog-buttons"):
                yield Button(plain(self.yes), variant="primary", id="yes")
                yield Button(plain(self.no), id="no")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class CurtainScreen(ModalScreen[None]):
    """Hides the table while the device passes to the next person, so no one
    sees another's hand. Covers the whole screen, opaque."""

    BINDINGS = [Binding("enter,space", "open", "I am ready")]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__(classes="curtain")
        self.player_name, self.note = name, note

    def compose(self) -> ComposeResult:
        with Vertical(classes="curtain-box"):
            yield Plain(f"Pass to {self.player_name}", classes="curtain-title")
            yield Plain(self.note or "Everyone else, look away.", classes="curtain-note")
            yield Button(plain(f"I am {self.player_name}: show my table"), variant="primary", id="ready")

    def on_mount(self) -> None:
        self.query_one("#ready", Button).focus()

    @on(Button.Pressed)
    def action_open(self) -> None:
        self.dismiss(None)


class ChancePicker(ModalScreen[Any]):
    """Table mode: the players say what really happened, picking from the
    outcomes the rules say are possible. Dismisses with the chosen action,
    or None (Escape) to decide later."""

    BINDINGS = [Binding("escape", "cancel", "Not yet")]

    def __init__(self, prompt: str, outcomes: list[tuple[str, Any]]) -> None:
        super().__init__()
        self.prompt, self.outcomes = prompt, outcomes

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog chance"):
            yield Plain(self.prompt, classes="dialog-question")
            yield Plain("Type to jump; Enter chooses.", classes="help")
            yield OptionList(
                *[Option(text, id=str(index)) for index, (text, _) in enumerate(self.outcomes)], markup=False
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.outcomes[int(event.option.id or 0)][1])

    def action_cancel(self) -> None:
        self.dismiss(None)


class SaveAsScreen(ModalScreen[str]):
    """Asks for a save name; dismisses with it, or "" to cancel."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, suggestion: str) -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Plain("Save as", classes="dialog-question")
            yield Plain("A name; end it in .json for a JSON save (TOML otherwise).", classes="help")
            yield Input(self.suggestion, id="save-name")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#save")
    def save(self) -> None:
        self.dismiss(self.query_one(Input).value.strip())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss("")


MIN_SIZE = (70, 20)
"""Below this the boards cannot be drawn; every screen is made for 80x24."""


class TooSmallScreen(ModalScreen[None]):
    """Shown over everything while the terminal is too small."""

    def compose(self) -> ComposeResult:
        yield Plain("", id="too-small")

    def on_mount(self) -> None:
        self.show_size(*self.app.size)

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#too-small", Static).update(
            f"castletui needs a terminal of at least {MIN_SIZE[0]}x{MIN_SIZE[1]};\n"
            f"this one is {width}x{height}. Make it larger: nothing is lost."
        )
