"""The score sheet: every scoring line per player, the totals, who won and
which rule or tie-break decided it. Shown at the end and on `s` any time
(then it is the standing so far). One component for every game: a game's
own sheet (Castle Raisers') subclasses it and keeps its buttons and keys.
At the end, Play again: a new game with the same set-up, or at a shared
table a rematch offered to everyone seated (saves.rematch), which starts
when all accept; the sheet follows the answers as they come."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable
from textual.worker import get_current_worker

from castletui import saves
from castletui.replay import Replay
from castletui.saves.rematch import answer, waiting_for
from castletui.session import Session
from castletui.tables import open_at_table, open_table
from castletui.watch import TableWatcher
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


def keyed(key: str, label: str) -> Content:
    """A button's label led by its key, bold, as the footer shows a key
    before what it does ("r Replay"): the sheet's keys are its buttons'."""
    return Content.assemble((key, "bold"), " ", label)


class ResultScreen(ModalScreen[None]):
    """Every game's score sheet, one component: its title, the verdict, the
    sheet itself (it scrolls when it is longer than the terminal) and the
    Close and Replay buttons, which stay in view at any size (docked under
    the sheet, so 80x24 never cuts off the way out). A game with more to say
    (Castle Raisers' Threat cards) gives its own ``compose_sheet``."""

    BINDINGS = [
        Binding("escape,enter,s,q", "close", "Close"),
        Binding("r", "replay", "Replay"),
        Binding("p", "play_again", "Play again"),  # at the end only (check_action)
        # The buttons keep the keys; the sheet scrolls under them all the same.
        Binding("down,j", "scroll_sheet(1)", "Scroll", show=False),
        Binding("up,k", "scroll_sheet(-1)", "Scroll back", show=False),
        Binding("pagedown", "scroll_sheet(10)", "Page", show=False),
        Binding("pageup", "scroll_sheet(-10)", "Page back", show=False),
    ]

    class RematchChanged(Message):
        """The shared table was written (an answer to the rematch, perhaps)."""

    def __init__(self, session: Session, viewer: int | None = None) -> None:
        super().__init__()
        self.session, self.viewer = session, viewer
        self.watcher: TableWatcher | None = None
        self.rematch: Any = None
        """The shared table's rematch as last read (saves.table.Rematch)."""

    @property
    def may_play_again(self) -> bool:
        """At the end, for a player (a spectator neither offers nor accepts)."""
        return self.session.over and not self.session.watching

    def compose(self) -> ComposeResult:
        result = self.session.standing(self.viewer)
        with Vertical(classes="dialog result-dialog"):
            yield Plain("Final score" if result.finished else "Score so far", classes="dialog-question")
            yield Plain(self.verdict(), id="verdict", classes="dialog-message")
            if self.may_play_again and self.session.shared:
                yield Plain("", id="rematch", classes="dialog-message")
            with Horizontal(classes="dialog-buttons", id="sheet-buttons"):
                yield Button(keyed("esc", "Close"), variant="primary", id="close")
                yield Button(keyed("r", "Replay"), id="replay")
                if self.may_play_again:
                    yield Button(keyed("p", "Play again"), id="play-again")
                if self.may_play_again and self.session.shared:
                    yield Button("Decline", id="no-rematch")
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
        if self.may_play_again and self.session.shared:
            self.look_at_rematch()
            table = self.session.table
            self.watcher = TableWatcher(table.path, table.known)
            self.run_worker(self._watching, thread=True, exclusive=True, group="rematch")

    def on_unmount(self) -> None:
        if self.watcher is not None:
            self.watcher.stop()  # its thread ends at its next look

    def _watching(self) -> None:
        worker = get_current_worker()
        assert self.watcher is not None
        for _ in self.watcher.changes(lambda: worker.is_cancelled):
            self.post_message(self.RematchChanged())

    def on_result_screen_rematch_changed(self, message: RematchChanged) -> None:
        self.look_at_rematch(go=True)

    def look_at_rematch(self, go: bool = False) -> None:
        """Read the table's rematch and say where it stands; with ``go``,
        once it is made, go to the new table if this player accepted (not
        when an old table is opened again: its sheet only says so)."""
        try:
            _, seating = self.session.table.read()
        except saves.SaveError:
            return  # the table cannot be read now: the game screen under this says why
        self.rematch = rematch = seating.rematch
        if go and rematch is not None and rematch.table and self.session.who in rematch.accepted:
            self.go_to_rematch(rematch.table)
            return
        self.query_one("#rematch", Plain).update(self.rematch_words(seating.owners))
        self.show_answers()

    @property
    def said_yes(self) -> bool:
        """This player accepted a rematch not made yet: Play again would say it twice."""
        rematch = self.rematch
        return bool(rematch and not rematch.table and self.session.who in rematch.accepted)

    def show_answers(self) -> None:
        """The buttons for what this player may still answer: after a yes,
        only Withdraw (a no: saves.rematch.answered lets an answer change);
        after a no, only Play again; once made, Play again goes to it."""
        rematch, who = self.rematch, self.session.who
        made = bool(rematch and rematch.table)
        said_no = bool(rematch and not made and who in rematch.declined)
        play_again = self.query_one("#play-again", Button)
        no = self.query_one("#no-rematch", Button)
        play_again.display = not self.said_yes
        no.display = not (made or said_no)
        no.label = "Withdraw" if self.said_yes else "Decline"
        if self.focused is not None and not self.focused.display:
            self.query_one("#close", Button).focus()  # a hidden button keeps no focus
        self.refresh_bindings()

    def rematch_words(self, owners: list[str]) -> str:
        """Where the rematch stands, for this player."""
        rematch, who, names = self.rematch, self.session.who, self.session.names
        if rematch is None or not (rematch.accepted or rematch.declined):
            return "Play again offers a rematch to everyone at this table."
        if rematch.table:
            return "The rematch has started: Play again goes to it, and it is in the lobby."
        declined = [names[owners.index(owner)] for owner in rematch.declined if owner in owners]
        if who in rematch.declined:
            return "You declined a rematch. Play again accepts it after all."
        if declined:
            return f"{' and '.join(declined)} declined a rematch."
        waiting = [names[seat] for seat in waiting_for(rematch, owners)]
        if who in rematch.accepted:
            return f"Rematch: waiting for {' and '.join(waiting)} to accept."
        offering = names[owners.index(rematch.accepted[0])]
        return f"{offering} offers a rematch: Play again accepts it."

    def go_to_rematch(self, address: str) -> None:
        """Open the new table at this player's seat there."""
        try:
            table = open_table(self.app, address)
            _, seating = table.read()
            seat = seating.owners.index(self.session.who)
        except (saves.SaveError, ValueError) as error:
            self.app.notify(str(error), title="Cannot open the rematch", severity="error", timeout=10)
            return
        self.dismiss(None)
        open_at_table(self.app, table, seat)

    def action_play_again(self) -> None:
        """A new game with the same set-up; at a shared table, this player's yes to a rematch."""
        if not self.may_play_again:
            return
        if not self.session.shared:
            save = self.session.save
            self.dismiss(None)
            self.app.start_game(
                game_id=save.game,
                variant=save.config.variant,
                players=list(save.players),
                options=dict(save.config.options),
                mode=save.mode,
            )
            return
        self.answer_rematch(True)

    def answer_rematch(self, accept: bool) -> None:
        try:
            answer(self.session.table, self.session.who, accept)
        except saves.SaveError as error:
            self.app.notify(str(error), title="No rematch", severity="error", timeout=10)
            return
        self.look_at_rematch(go=accept)  # the last yes made the table: go there

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play_again":
            return self.may_play_again and not self.said_yes
        return True

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
        if event.button.id == "play-again":
            self.action_play_again()
            return
        if event.button.id == "no-rematch":
            self.answer_rematch(False)
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
