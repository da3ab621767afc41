"""Table mode's typed entry: one line of counts for pieces the rules draw
together (:class:`CountsEntry`: "2 soldier 1 archer") and the set-up on one
form (:class:`SetupForm`). Both check what was typed against the rules
(``rules.core.table_entry.batch_actions``, on a copy of the state) and
dismiss with the chance actions to play, or None to ask one at a time.
They sit at the bottom, so the board the questions are about stays in
view. :func:`ask` is a game screen's route to them (and to the picker of
one outcome, castletui/screens/dialogs.py): the driver says which."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from castletui.driver import Entry
from castletui.rules.core import IllegalAction, name_seats, table_entry
from castletui.screens.dialogs import ChancePicker
from castletui.widgets.plain import Plain
from castletui.widgets.still import hold_cursors_still

Batch = table_entry.Batch

Check = Callable[[list[tuple[int, ...]]], list[Any]]
"""Counts typed for each batch -> the chance actions (raises BatchRefused)."""


def typed_kinds(batch: Batch, names: Sequence[str]) -> tuple[str, ...]:
    """The kinds as a player types them: seats by their players' names."""
    return table_entry.typed_kinds(batch, names)


def example(batch: Batch, names: Sequence[str]) -> str:
    """What to type, shown under the question (the kit's words, whose
    examples are tested to be accepted)."""
    return table_entry.how_to_type(batch, names)


def read_counts(batch: Batch, names: Sequence[str], text: str) -> tuple[int, ...]:
    return table_entry.read_counts(batch, names, text)


def show_refusal(screen: ModalScreen, field: Input, reason: str) -> None:
    """The rules' reason under the entry, and the line it is about focused
    and selected: what is typed next replaces it, an arrow keeps it to mend."""
    error = screen.query_one("#entry-error", Static)
    error.update(reason)
    error.add_class("error")
    field.focus()
    field.select_all()


class CountsEntry(ModalScreen[Any]):
    """Several pieces drawn together, typed as one line of counts."""

    BINDINGS = [Binding("escape", "cancel", "One at a time")]

    def __init__(self, batch: Batch, names: Sequence[str], check: Check) -> None:
        super().__init__(classes="table-entry")
        self.batch, self.names, self.check = batch, names, check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog entry"):
            yield Plain(name_seats(self.batch.question, self.names), classes="dialog-question")
            yield Plain(example(self.batch, self.names), classes="help")
            yield Input(placeholder="what came up, then Enter", id="counts")
            yield Plain("Escape: answer one piece at a time.", id="entry-error", classes="help")

    def on_mount(self) -> None:
        hold_cursors_still(self)
        self.query_one(Input).focus()

    @on(Input.Submitted, "#counts")
    def submitted(self, event: Input.Submitted) -> None:
        try:
            counts = read_counts(self.batch, self.names, event.value)
            actions = self.check([counts])
        except IllegalAction as refusal:
            show_refusal(self, event.input, name_seats(refusal.reason, self.names))
            return
        self.dismiss(actions)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SetupForm(ModalScreen[Any]):
    """A game's set-up draws on one form: a line for each (the start player,
    each player's board, the tokens turned up), checked together."""

    BINDINGS = [
        Binding("escape", "cancel", "One at a time"),
        Binding("ctrl+s", "submit", "Done", priority=True),
    ]

    def __init__(self, title: str, batches: Sequence[Batch], names: Sequence[str], check: Check) -> None:
        super().__init__(classes="table-entry")
        self.title_text, self.batches, self.names, self.check = title, tuple(batches), names, check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog entry setup-form"):
            yield Plain(self.title_text, classes="dialog-question")
            yield Plain(
                "Type what came up on each line (Enter: next line; the last line's Enter, or ctrl+s, "
                "checks them all).",
                classes="help",
            )
            with VerticalScroll(id="setup-fields"):
                for index, batch in enumerate(self.batches):
                    with Horizontal(classes="setup-field"):
                        yield Plain(name_seats(batch.question, self.names), classes="setup-label")
                        # A line with one possible answer (a deal face down) comes filled in.
                        yield Input(
                            table_entry.only_answer(batch, self.names),
                            placeholder=self.hint(batch),
                            id=f"field-{index}",
                        )
            yield Plain("Escape: answer one question at a time instead.", id="entry-error", classes="help")

    def hint(self, batch: Batch) -> str:
        kinds = typed_kinds(batch, self.names)
        if batch.count == 1:
            return " / ".join(kinds)
        return f"{batch.count}: " + " / ".join(kinds)

    def on_mount(self) -> None:
        hold_cursors_still(self)
        self.query_one("#field-0", Input).focus()

    @on(Input.Submitted)
    def next_line(self, event: Input.Submitted) -> None:
        index = int((event.input.id or "field-0").split("-")[1])
        if index + 1 < len(self.batches):
            self.query_one(f"#field-{index + 1}", Input).focus()
        else:
            self.action_submit()

    def action_submit(self) -> None:
        counts: list[tuple[int, ...]] = []
        for index, batch in enumerate(self.batches):
            text = self.query_one(f"#field-{index}", Input).value
            try:
                counts.append(read_counts(batch, self.names, text))
            except IllegalAction as refusal:
                self.refuse(index, refusal.reason)
                return
        try:
            actions = self.check(counts)
        except table_entry.BatchRefused as refusal:
            self.refuse(refusal.field, refusal.reason)
            return
        except IllegalAction as refusal:
            self.refuse(0, refusal.reason)
            return
        self.dismiss(actions)

    def refuse(self, index: int, reason: str) -> None:
        field = self.query_one(f"#field-{index}", Input)
        show_refusal(self, field, f"Line {index + 1}: {name_seats(reason, self.names)}")
        field.scroll_visible()

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask(screen: Any, entry: Entry | None = None) -> None:
    """Ask the people at a real table what came up now, as the game screen's
    driver says (``Driver.next``): the set-up on one form, pieces drawn
    together as one line of counts, anything else from a picker of the
    possible outcomes. What they say is played through the screen's
    ``play`` (the session's guards)."""
    driver, session = screen.driver, screen.session
    entry = entry if entry is not None else driver.next()
    if not isinstance(entry, Entry):
        return
    check = lambda counts: session.batch_actions(entry.batches, counts)  # noqa: E731

    def entered(actions: list[Any] | None) -> None:
        # Played one by one (one log line each; undo takes them back one at a
        # time); None: the players answer piece by piece instead.
        if actions is None:
            driver.declined(entry)
            ask(screen)
            return
        for action in actions:
            if not screen.play(action, advance=False):
                break
        screen.loop.advance()

    def picked(action: Any) -> None:
        if action is None:
            screen.notify("Press c when you know what happened.", timeout=4)
        else:
            screen.play(action)

    if entry.how == "form":
        title = f"Setting up {session.game.INFO.title}: what was dealt and turned up"
        screen.app.push_screen(SetupForm(title, entry.batches, session.names, check), entered)
    elif entry.how == "counts":
        screen.app.push_screen(CountsEntry(entry.batches[0], session.names, check), entered)
    else:
        screen.app.push_screen(ChancePicker(*session.chance_question()), picked)
