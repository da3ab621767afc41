"""The whole game log over the game (key ``g``): everything that happened,
as many lines as the terminal has, the part since the viewer's last turn
marked, so a player at 80x24 can read what three bots did before deciding.

Which lines are "since your last turn" is :func:`since_last_turn`, a plain
function over the log's (seat, text) lines: the side panel's log says how
many there are, and this screen starts scrolled to the first of them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen

from castletui.screens.while_shown import WhileShown
from castletui.widgets.plain import Plain

MARK = "> "
"""Before each line since the viewer's last turn (NO_COLOR shows it too)."""
MARK_OLD = "  "


def since_last_turn(seats: Sequence[int | None], viewer: int) -> int:
    """The index of the first log line since ``viewer``'s last turn: the
    lines of the other seats' turns that followed it, before the viewer's
    turn now. ``seats`` say whose turn each line happened in (an answer to
    another's offer happens in their turn); the result is ``len(seats)``
    when no other turn has been played since."""
    end = len(seats)
    while end and seats[end - 1] == viewer:
        end -= 1  # the viewer's turn now: not news to them
    start = end
    while start and seats[start - 1] != viewer:
        start -= 1
    return start if start < end else len(seats)


class LogScreen(WhileShown, ModalScreen[None]):
    """The game log, whole, with the lines since the viewer's last turn marked."""

    BINDINGS = [Binding("escape,g,q,enter", "close", "Close")]

    def __init__(self, lines: Sequence[tuple[int | None, str]], viewer: int, name: str) -> None:
        super().__init__()
        self.lines = list(lines)
        self.viewer = viewer
        self.viewer_name = name
        # No name: a spectator's log, with no turn of theirs to count from.
        self.since = since_last_turn([seat for seat, _ in self.lines], viewer) if name else len(self.lines)

    @classmethod
    def of(cls, session: Any, viewer: int) -> LogScreen:
        """The game's whole log, as ``viewer`` at the keyboard reads it."""
        lines = list(zip(session.log_turns(), (line.text for line in session.log), strict=True))
        # A spectator has no turn of their own: nothing is news since one.
        return cls(lines, viewer, "" if session.watching else session.names[viewer])

    def compose(self) -> ComposeResult:
        news = len(self.lines) - self.since
        heading = (
            f"Game log: {news} line{'s' if news != 1 else ''} since {self.viewer_name}'s last turn, marked >"
            if news
            else "Game log"
        )
        with Vertical(classes="dialog log-dialog"):
            yield Plain(heading, classes="dialog-question")
            with VerticalScroll(id="log-scroll"):
                before = Plain(self.text(self.lines[: self.since], MARK_OLD), id="log-before")
                before.display = self.since > 0
                yield before
                yield Plain(self.text(self.lines[self.since :], MARK), id="log-news")
            yield Plain("Up/Down/PgUp/PgDn scroll, Esc or g closes.", classes="help")

    @staticmethod
    def text(lines: Sequence[tuple[int | None, str]], mark: str) -> Text:
        text = Text()
        for _, line in lines:
            text.append(mark, "bold")
            text.append(line + "\n", "bold" if mark == MARK else "")
        text.rstrip()
        return text

    def on_mount(self) -> None:
        scroll = self.query_one("#log-scroll", VerticalScroll)
        scroll.focus()
        # Open at the news: the first marked line at the top (or the end).
        self.call_after_refresh(self._scroll_to_news)

    def _scroll_to_news(self) -> None:
        scroll = self.query_one("#log-scroll", VerticalScroll)
        news = self.query_one("#log-news", Plain)
        if news.outer_size.height > scroll.scrollable_content_region.height:
            scroll.scroll_to_widget(news, top=True, animate=False)
        else:
            scroll.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
