"""The score sheet: every scoring line per player, the totals, who won and
which rule or tie-break decided it. Shown at the end and on `s` any time
(then it is the standing so far). One component for every game: a game's
own sheet (Castle Raisers') subclasses it and keeps its buttons and keys."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable

from castletui.replay import Replay
from castletui.session import Session
from castletui.widgets.plain import Plain


def verdict(session: Session, viewer: int | None = None) -> str:
    """One sentence: who won and why, or how the game stands."""
    result = session.standing(viewer)
    names = session.names
    if not result.finished:
        return "The game goes on: this is the standing so far."
    if result.lost:
        text = "The game is lost."
    elif len(names) == 1 and result.rating and result.decided_by:
        # A game of one is scored, not won (Catapult's solo): the score and how it is made.
        how = result.decided_by.rstrip(".")
        return (
            f"{names[0]} scores {result.scores[0]:g} ({how[:1].lower()}{how[1:]}). Rating: {result.rating}."
        )
    elif not result.winners:
        text = "Nobody wins."
    elif len(result.winners) == len(names) and len(names) > 1:
        text = "Everyone wins together!"
    else:
        text = " and ".join(names[s] for s in result.winners) + (
            " win!" if len(result.winners) > 1 else " wins!"
        )
    if result.decided_by:
        text += f" {result.decided_words()}"
    if result.rating:
        text += f" Rating: {result.rating}."
    return text


class ResultScreen(ModalScreen[None]):
    """Every game's score sheet, one component: its title, the verdict, the
    sheet itself (it scrolls when it is longer than the terminal) and the
    Close and Replay buttons, which stay in view at any size (docked under
    the sheet, so 80x24 never cuts off the way out). A game with more to say
    (Castle Raisers' Threat cards) gives its own ``compose_sheet``."""

    BINDINGS = [
        Binding("escape,enter,s,q", "close", "Close"),
        Binding("r", "replay", "Replay"),
        # The buttons keep the keys; the sheet scrolls under them all the same.
        Binding("down,j", "scroll_sheet(1)", "Scroll", show=False),
        Binding("up,k", "scroll_sheet(-1)", "Scroll back", show=False),
        Binding("pagedown", "scroll_sheet(10)", "Page", show=False),
        Binding("pageup", "scroll_sheet(-10)", "Page back", show=False),
    ]

    def __init__(self, session: Session, viewer: int | None = None) -> None:
        super().__init__()
        self.session, self.viewer = session, viewer

    def compose(self) -> ComposeResult:
        result = self.session.standing(self.viewer)
        with Vertical(classes="dialog result-dialog"):
            yield Plain("Final score" if result.finished else "Score so far", classes="dialog-question")
            yield Plain(self.verdict(), id="verdict", classes="dialog-message")
            with Horizontal(classes="dialog-buttons", id="sheet-buttons"):
                yield Button("Close", variant="primary", id="close")
                yield Button("Replay", id="replay")
            with VerticalScroll(id="sheet-scroll"):
                yield from self.compose_sheet()

    def compose_sheet(self) -> ComposeResult:
        """The sheet: a line per way of scoring, a column per player."""
        yield DataTable(id="score-sheet", cursor_type="none", zebra_stripes=True)

    def verdict(self) -> str:
        return verdict(self.session, self.viewer)

    def on_mount(self) -> None:
        self.fill_sheet()
        self.query_one("#close", Button).focus()
        self.call_after_refresh(self.fit_sheet)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_sheet)

    def fit_sheet(self) -> None:
        """A sheet longer than the terminal: the dialog takes all the
        height it may and the sheet scrolls in what the buttons leave (as
        tall as its lines, a sheet would push the buttons off the screen)."""
        dialog = self.query_one(".result-dialog")
        if dialog.has_class("-long"):
            dialog.remove_class("-long")
            self.call_after_refresh(self.fit_sheet)  # measured again at its own height
            return
        needed = sum(child.outer_size.height + child.styles.margin.height for child in dialog.children)
        dialog.set_class(needed > dialog.content_size.height, "-long")

    def fill_sheet(self) -> None:
        result = self.session.standing(self.viewer)
        table = self.query_one(DataTable)
        table.add_column("", key="label")
        for name in self.session.names:
            table.add_column(Text(name[:12]))
        for line in result.lines:
            if line.in_total:
                table.add_row(Text(line.label), *(f"{value:g}" for value in line.points))
        table.add_row("Total", *(f"{score:g}" for score in result.scores))
        # Counts that are not points (Brotherhood's guards on the Wall) come
        # under the total, which adds up only the lines above it.
        for line in result.lines:
            if not line.in_total:
                table.add_row(Text(line.label), *(f"{value:g}" for value in line.points))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "replay":
            self.action_replay()
            return
        self.dismiss(None)

    def action_replay(self) -> None:
        """Watch the game so far again, through the eyes of whoever looks
        at this sheet (castletui/replay.py says whose, and when others')."""
        replay = Replay.of_session(self.session, self.viewer)
        self.dismiss(None)
        self.app.open_replay(replay)

    def action_scroll_sheet(self, rows: int) -> None:
        sheet = self.query_one("#sheet-scroll", VerticalScroll)
        sheet.scroll_to(y=sheet.scroll_y + rows, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
