"""Small modal screens: confirm, the pass-the-device curtain, the table-mode
chance picker and save-as (with its route from a game screen, ``save_as``)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from castletui import saves
from castletui.terminal import MIN_SIZE
from castletui.widgets.plain import Plain, plain
from castletui.widgets.still import hold_cursors_still


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


def matching(query: str, texts: list[str]) -> list[int]:
    """The indexes of ``texts`` that hold every word of ``query`` (any case),
    those that start with its first word first; all of them for no query."""
    words = query.casefold().split()
    if not words:
        return list(range(len(texts)))
    found = [index for index, text in enumerate(texts) if all(word in text.casefold() for word in words)]
    return sorted(found, key=lambda index: not texts[index].casefold().startswith(words[0]))


class ChancePicker(ModalScreen[Any]):
    """Table mode: the players say what really happened, picking from the
    outcomes the rules say are possible. Typing filters the list (a deck of
    sixty cards is a few letters away); the arrows move, Enter chooses.
    Dismisses with the chosen action, or None (Escape) to decide later. It
    sits at the bottom, so the board the question is about stays in view."""

    BINDINGS = [
        Binding("escape", "cancel", "Not yet"),
        Binding("down", "move(1)", "Down", show=False),
        Binding("up", "move(-1)", "Up", show=False),
        Binding("pagedown", "move(5)", show=False),
        Binding("pageup", "move(-5)", show=False),
    ]

    def __init__(self, prompt: str, outcomes: list[tuple[str, Any]]) -> None:
        super().__init__(classes="chance-picker")
        self.prompt, self.outcomes = prompt, outcomes
        self.shown: list[int] = list(range(len(outcomes)))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog chance"):
            yield Plain(self.prompt, classes="dialog-question")
            yield Input(placeholder="Type to filter; arrows move; Enter chooses", id="chance-filter")
            yield OptionList(*self.options(), markup=False)
            yield Plain("", id="chance-count", classes="help")

    def options(self) -> list[Option]:
        return [Option(self.outcomes[index][0], id=str(index)) for index in self.shown]

    def on_mount(self) -> None:
        hold_cursors_still(self)
        self.query_one(Input).focus()
        self.show_count()

    @on(Input.Changed, "#chance-filter")
    def filter(self, event: Input.Changed) -> None:
        self.shown = matching(event.value, [text for text, _ in self.outcomes])
        listing = self.query_one(OptionList)
        listing.clear_options()
        listing.add_options(self.options())
        if self.shown:
            listing.highlighted = 0
        self.show_count()

    def show_count(self) -> None:
        total, shown = len(self.outcomes), len(self.shown)
        note = (
            "" if shown == total else f"{shown} of {total} match." if shown else "Nothing matches: Backspace."
        )
        self.query_one("#chance-count", Static).update(note)

    def action_move(self, step: int) -> None:
        listing = self.query_one(OptionList)
        if not self.shown:
            return
        current = listing.highlighted if listing.highlighted is not None else -step
        listing.highlighted = max(0, min(len(self.shown) - 1, current + step))

    @on(Input.Submitted, "#chance-filter")
    def submitted(self) -> None:
        highlighted = self.query_one(OptionList).highlighted
        if self.shown:
            self.choose(self.shown[highlighted or 0])

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.choose(int(event.option.id or 0))

    def choose(self, index: int) -> None:
        self.dismiss(self.outcomes[index][1])

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


def save_as(screen: Any) -> None:
    """ctrl+s on a game screen: its game saved under a new name. A file of
    another game (the driver says what it holds) is replaced only when the
    player says so; its last copy is kept."""
    session, app = screen.session, screen.app

    def failed(error: saves.SaveError) -> None:
        screen.notify(str(error), title="Not saved", severity="error", timeout=8)

    def save(path: Any, replace: bool = False) -> None:
        try:
            session.save_as(path, replace=replace)
        except saves.SaveError as error:
            failed(error)
            return
        screen.sub_title = path.name
        screen.notify(f"Saved as {path.name}; later moves are saved there too.")

    def chosen(name: str | None) -> None:
        if not name:
            return
        try:
            path = saves.path_in(app.save_dir, name)
        except saves.SaveError as error:
            failed(error)
            return
        other = screen.driver.other_game_at(path)
        if not other:
            save(path)
            return
        question = "Replace it with this game? Its last copy is kept beside it as a backup (.bak)."
        confirm = ConfirmScreen(f"{path.name} already holds {other}.", question, yes="Replace", no="Cancel")
        app.push_screen(confirm, lambda replace: save(path, replace=True) if replace else None)

    app.push_screen(SaveAsScreen(session.path.stem if session.path else session.save.game), chosen)


class TooSmallScreen(ModalScreen[None]):
    """Shown over everything while the terminal is too small."""

    def compose(self) -> ComposeResult:
        yield Plain("", id="too-small")

    def on_mount(self) -> None:
        self.show_size(*self.app.size)

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#too-small", Static).update(
            # Short lines: the note is read on a terminal too narrow for a long one.
            f"castletui needs a terminal\nof at least {MIN_SIZE[0]}x{MIN_SIZE[1]};\n"
            f"this one is {width}x{height}.\nMake it larger: nothing is lost."
        )
