"""A shared table on the game screen (castletui/screens/game_table.py),
headless: its watch and clock only on a shared table, and another
terminal's moves taken in, with a stand-in for the screen that records
what it is asked."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from castletui.driver import TableNews
from castletui.screens.game_table import SharedTable


@dataclass
class Screen:
    """Just what the shared table asks of a game screen, each ask recorded."""

    shared: bool = True
    is_attached: bool = True
    table_news: TableNews | None = None
    taken_in: list = field(default_factory=list)
    advanced: int = 0
    forgotten: int = 0
    cancelled: list = field(default_factory=list)

    def __post_init__(self) -> None:
        self.session = SimpleNamespace(shared=self.shared)
        self.driver = SimpleNamespace(take_in_table=lambda: self.table_news)
        self.loop = SimpleNamespace(advance=self.advance)
        self.bot_turn = SimpleNamespace(forget=self.forget)
        self.news = SimpleNamespace(taken_in=self.take_in)

    def take_in(self, news: TableNews | None) -> bool:
        self.taken_in.append(news)
        return news is not None

    def advance(self) -> None:
        self.advanced += 1

    def forget(self) -> None:
        self.forgotten += 1

    @property
    def workers(self) -> Any:
        return SimpleNamespace(cancel_group=lambda node, group: self.cancelled.append(group))


def watched(table: SharedTable) -> list[str]:
    """The table with its watch's and clock's starts and looks recorded."""
    started: list[str] = []
    table.watch.start = lambda: started.append("watch")
    table.clock.start = lambda: started.append("clock")
    table.clock.show = lambda: started.append("look")
    return started


def test_only_a_shared_table_is_watched_and_has_a_clock():
    alone = SharedTable(Screen(shared=False))
    started = watched(alone)
    alone.start()
    alone.show()
    assert started == []
    alone.stop()  # whatever removed the screen: nothing started, nothing left running
    assert alone.screen.cancelled == ["table"]
    shared = SharedTable(Screen())
    started = watched(shared)
    shared.start()
    shared.show()
    assert started == ["watch", "clock", "look"]


def test_another_terminals_moves_are_taken_in_and_the_game_goes_on():
    screen = Screen()
    screen.table_news = TableNews(lines=("Bo rolled 6.",))
    SharedTable(screen).changed()
    assert screen.taken_in == [screen.table_news] and screen.advanced == 1 and screen.forgotten == 0


def test_moves_taken_back_elsewhere_have_the_bot_think_anew():
    screen = Screen()
    screen.table_news = TableNews(rewound=True, taker="Bo")
    SharedTable(screen).changed()
    assert screen.forgotten == 1 and screen.advanced == 1


def test_nothing_shown_changed_or_a_screen_gone_goes_nowhere():
    screen = Screen()
    SharedTable(screen).changed()  # our own move, come back: no news
    assert screen.taken_in == [None] and screen.advanced == 0
    gone = Screen(is_attached=False)
    gone.table_news = TableNews(lines=("Bo rolled 6.",))
    SharedTable(gone).changed()
    assert gone.taken_in == [] and gone.advanced == 0, "a screen removed meanwhile reads nothing"
