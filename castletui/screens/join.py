"""The lobby of shared tables: your tables first, those waiting for your
move on top with how long they have waited, then those waiting for others,
then free seats at other tables, games you may watch and your finished
games (the order and the words are castletui/lobby.py's). Enter opens the
table (takes the seat, or watches the game from no seat); n opens the next
table waiting for you; s starts a new shared game; m (over castletui host)
sets what the host sends you when a table waits for you while you are
away. The list follows the folder as other players start games
and take seats: while the lobby is on screen it watches the folder (no
timer) and reads again only the tables that changed; under a game it does
nothing, and looks once when it comes back."""

from __future__ import annotations

import os
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from castletui.later import loader
from castletui.lobby import (
    LEAVING_SECONDS,
    WATCH,
    YOUR_TURN,
    LobbyLine,
    lobby_lines,
    next_waiting,
    work_out_turns,
)
from castletui.nudge import follow_turns
from castletui.saves.stores.shared import StoreListing
from castletui.saves.table import TableListing
from castletui.tables import (
    is_lobby_only,
    join_table,
    listing_of,
    lobby_cache_of,
    name_of,
    now_of,
    stop_watching,
    store_of,
    table_dir_of,
    turns_of,
    watch_table,
    who_of,
)
from castletui.watch import FolderWatch, StoreWatch, watch_tables
from castletui.widgets.footer import SteadyFooter
from castletui.widgets.header import SteadyHeader
from castletui.widgets.plain import Plain

if TYPE_CHECKING:
    from textual.visual import RulesMap


class LobbyWords(Content):
    """A lobby line's words. Textual's list wraps every line of it to learn
    how tall each is, again when its scrollbar comes (some 12 ms of the
    first frame with 200 tables); a line of one row that fits the width
    is one line tall, known without wrapping it."""

    def get_height(self, rules: RulesMap, width: int) -> int:
        text = self.plain
        if "\n" not in text and "\t" not in text and self.cell_length <= width - rules.get("line_pad", 0) * 2:
            return 1
        return super().get_height(rules, width)


LATER = {"notify me": "castletui.notify_me", "notify dialog": "castletui.screens.notify_dialog"}
"""Notify me, loaded when the host offers it: the lobby's first frame does not wait for it."""
later = loader(LATER)
NOTIFY_OFFERED = "CASTLETUI_NOTIFY"
"""castletui.notify_me.OFFERED_VARIABLE, looked at before that module is loaded."""


class JoinScreen(Screen):
    HELP = (
        "Your tables come first, those waiting for your move on top with how long they have waited, "
        "then those waiting for others, then free seats at other tables, games you may watch and your "
        "finished games. Enter opens the table (or takes the seat), showing only your own hand; on a "
        "Watch line it shows the game as everyone sees it, no hand at all; n opens the next "
        "table waiting for your move; s starts a new game that others can join; r reads the folder again; "
        "m (at a host) sets what it sends you while you are away; Escape or q leaves."
    )
    BINDINGS = [
        Binding("n", "next_waiting", "Next turn"),
        # Short words, and r (the lobby follows the folder anyway) only in Help: F1 Help fits at 80 columns.
        Binding("s", "new", "New game"),
        Binding("r", "reload", "Refresh", show=False),
        Binding("m", "notify_me", "Notify me"),  # over castletui host only (check_action)
        Binding("escape", "leave", "Back"),
        # With no menu under the lobby (at a host, join) Escape ends castletui: it says so.
        Binding("escape", "leave_castletui", "Leave"),
        Binding("q", "leave", "Quit", show=False),
        Binding("q", "leave_castletui", "Quit", show=False),  # q leaves wherever Escape does
    ]
    GAMES_RETURN_HERE = True
    IS_LOBBY = True
    """A game over it says q goes back to the Lobby (GameScreen.check_action)."""
    """A game opened from the lobby goes back to it on q (CastleApp.open_session)."""
    DEFAULT_CSS = """
    JoinScreen #lobby { height: 1fr; }
    JoinScreen #lobby-note { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.seats: list[tuple[str, int]] = []  # (table path, seat) of each line
        self.groups: list[int] = []  # the group of each line (a Watch line opens no seat)
        self.shown: tuple = ()
        self.listing: TableListing | StoreListing | None = None
        self.folder_watch: FolderWatch | StoreWatch | None = None
        self.texts: dict[str, str] = {}  # what each line of text shows now
        self.lines: list[LobbyLine] = []
        self.last_opened: str | None = None  # the table n or Enter opened last

    def compose(self) -> ComposeResult:
        yield SteadyHeader()
        yield Plain("", id="lobby-title", classes="title")
        yield OptionList(id="lobby", markup=False)
        yield Plain("", id="lobby-note")
        yield SteadyFooter()

    class FolderChanged(Message):
        """A table in the folder changed, came or went (from the watch)."""

    def on_mount(self) -> None:
        self.title = "Shared tables"
        self.query_one("#lobby", OptionList).focus()
        # A nudge when a table comes to wait for you, here or at another table: from
        # the first frame on (what waits then is on it), which its look would delay.
        self.call_after_refresh(follow_turns, self.app)

    def on_screen_resume(self) -> None:
        """On screen (first shown, or a game closed over it): look once, then
        follow the folder. A game watched from here is watched no more."""
        stop_watching(self.app)
        self.reload()
        self.watch_folder()

    def on_screen_suspend(self) -> None:
        self.stop_watching()  # a game (or a dialog) covers the lobby: nothing to show
        self.keep_listing()

    def on_unmount(self) -> None:
        self.stop_watching()
        stop_watching(self.app)  # the app leaves: so does a game watched from here
        self.keep_listing(leaving=True)

    def keep_listing(self, leaving: bool = False) -> None:
        """What the lobby listed, kept for the next login's first frame
        (castletui/lobby_cache.py): once its first frame is drawn, and as
        it leaves the screen. Not at every change of a table: with many
        players in their lobbies, each move would write each one's cache.
        As the app leaves (a logout: nobody waits for a frame), the tables
        as they are now, and the turns of the tables of others too: any
        player's first login then replays no unchanged table."""
        if isinstance(self.listing, TableListing):
            turns = turns_of(self.app)
            if leaving:
                work_out_turns(self.listing.rows(), turns, time.monotonic() + LEAVING_SECONDS)
            lobby_cache_of(self.app).keep(self.listing, turns)

    def watch_folder(self) -> None:
        self.stop_watching()
        # From the folder as the look just made found it: no change in between is missed, none stat'ed again.
        seen = self.listing.seen() if isinstance(self.listing, TableListing) else None
        watch = self.folder_watch = watch_tables(table_dir_of(self.app), store_of(self.app), seen)
        self.run_worker(partial(self._watching, watch), thread=True, exclusive=True, group="lobby")

    def _watching(self, watch: FolderWatch | StoreWatch) -> None:
        worker = get_current_worker()
        for _ in watch.changes(lambda: worker.is_cancelled):
            self.post_message(self.FolderChanged())

    def stop_watching(self) -> None:
        if self.folder_watch is not None:
            self.folder_watch.stop()  # its thread ends at its next look
            self.folder_watch = None
        self.workers.cancel_group(self, "lobby")

    def on_join_screen_folder_changed(self, message: FolderChanged) -> None:
        if self.is_current:  # a change that came in as a game covered the lobby waits for its resume
            self.reload()

    def reload(self) -> None:
        who, name, directory = who_of(self.app), name_of(self.app), table_dir_of(self.app)
        store = store_of(self.app)
        first_look = self.listing is None
        self.listing = listing_of(self.app)
        lines, closed = lobby_lines(self.listing.rows(), who, name, turns_of(self.app), now_of(self.app))
        if first_look:
            self.call_after_refresh(self.keep_listing)
        waiting = sum(line.group == YOUR_TURN for line in lines)
        problem = getattr(self.listing, "problem", "")
        if problem and not lines:
            note = f"No table can be listed: {problem}"
        elif not lines:
            note = "No table has a free seat. s starts a new game others can join."
        elif all(line.group == WATCH for line in lines):
            note = "No table has a free seat: Enter watches a game, s starts a new one others can join."
        elif waiting:
            note = f"{waiting} {'table waits' if waiting == 1 else 'tables wait'} for your move: n opens the next."
        else:
            note = "Enter opens the table or takes the seat; s starts a new game."
        if closed:
            note += f" Not listed: {Path(closed[0].path).name}, {closed[0].closed}" + (
                f" (and {len(closed) - 1} more)." if len(closed) > 1 else "."
            )
        # Each line is painted again only when its words change.
        if is_lobby_only(self.app):
            # A player at castletui host: the operator's folder is none of their business.
            title = f"Shared tables at this host: you play as {name}"
        else:
            where = directory if store is None else "this host's database"
            title = f"Shared tables in {where}: you play as {name}"
        self._show("#lobby-title", title)
        self._show("#lobby-note", note)
        self.lines = lines
        shown = tuple((line.text, line.path, line.seat) for line in lines)
        if shown == self.shown:
            return  # unchanged: keep the cursor where the player left it
        self.shown = shown
        lobby = self.query_one("#lobby", OptionList)
        highlighted = lobby.highlighted
        lobby.clear_options()
        lobby.add_options([Option(LobbyWords(line.text), id=str(index)) for index, line in enumerate(lines)])
        self.seats = [(line.path, line.seat) for line in lines]
        self.groups = [line.group for line in lines]
        if lines:
            lobby.highlighted = min(highlighted or 0, len(lines) - 1)

    def _show(self, selector: str, text: str) -> None:
        if self.texts.get(selector) != text:
            self.texts[selector] = text
            self.query_one(selector, Static).update(text)

    @on(OptionList.OptionSelected, "#lobby")
    def seat_chosen(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        if index < len(self.seats) and self.groups[index] == WATCH:
            self.last_opened = self.seats[index][0]
            if not watch_table(self.app, Path(self.seats[index][0])):
                self.reload()
        elif index < len(self.seats):
            self.open_table(*self.seats[index])

    def open_table(self, path: str, seat: int) -> None:
        self.last_opened = path
        if not join_table(self.app, Path(path), seat):
            self.reload()

    def action_next_waiting(self) -> None:
        """The next table waiting for your move, after the one last opened."""
        line = next_waiting(self.lines, self.last_opened)
        if line is None:
            self.app.notify("No table waits for your move.", title="Nothing to play")
            return
        self.open_table(line.path, line.seat)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("leave", "leave_castletui"):
            return self.leaves_castletui() == (action == "leave_castletui")
        if action == "notify_me":
            # The host sends them: elsewhere there is nothing to set.
            return bool(os.environ.get(NOTIFY_OFFERED)) and bool(later("notify me").offered())
        return True

    def action_notify_me(self) -> None:
        """What the host sends you when a table waits for you and you are not connected."""

        def saved(done: bool | None) -> None:
            if done:
                choice, _ = later("notify me").load()
                words = (
                    "Off: the host sends you nothing."
                    if choice.how == "off"
                    else "Saved: the host tells you while you are away."
                )
                self.app.notify(words, title="Notify me")

        self.app.push_screen(later("notify dialog").NotifyScreen(), saved)

    def action_new(self) -> None:
        self.app.open_wizard("", {"shared": True})

    def action_reload(self) -> None:
        self.shown = ()
        if self.listing is not None:
            self.listing.forget()  # every table read afresh (a lock's permissions mended, say)
            turns_of(self.app).known.clear()  # and each of yours replayed: nothing taken from the cache
        self.reload()

    def leaves_castletui(self) -> bool:
        """Whether leaving the lobby ends castletui (no menu under it)."""
        return is_lobby_only(self.app) or len(self.app.screen_stack) <= 1

    def action_leave(self) -> None:
        if self.leaves_castletui():
            self.app.exit()
        else:
            self.app.pop_screen()

    def action_leave_castletui(self) -> None:
        self.action_leave()
