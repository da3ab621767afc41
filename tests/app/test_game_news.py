"""What the game screen tells of the game (castletui/screens/game_news.py),
headless: moves played through the real driver on the toy game, and what
other terminals did, told to a stand-in for the screen that records what
it is asked (its toasts, its dialogs, its redraws) and a log that keeps
its lines."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from castletui import saves
from castletui.driver import Curtain, Driver, Notice, Played, TableNews
from castletui.screens.dialogs import CurtainScreen
from castletui.screens.game_news import GameNews
from castletui.session import Session


class Log:
    """The game log's two ways of showing lines."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def add(self, text: str) -> None:
        self.texts.append(text)

    def show_all(self, texts: list[str]) -> None:
        self.texts = list(texts)


@dataclass
class Screen:
    """Just what the news asks of a game screen, each ask recorded."""

    session: Any
    driver: Any = None
    viewer: int = 0
    told: list = field(default_factory=list)
    after: list = field(default_factory=list)
    later: list = field(default_factory=list)
    pushed: list = field(default_factory=list)
    redraws: int = 0
    scores: int = 0
    to_bar: int = 0

    def __post_init__(self) -> None:
        self.app = SimpleNamespace(push_screen=lambda screen, done: self.pushed.append((screen, done)))
        self.board_area = SimpleNamespace(to_bar=self.bar_taken)

    def bar_taken(self) -> None:
        self.to_bar += 1

    def notify(self, text: str, **how: Any) -> None:
        self.told.append((text, how["title"]))

    def after_action(self, action: Any) -> None:
        self.after.append(action)

    def call_later(self, callback: Any) -> None:
        self.later.append(callback)

    def table_changed(self) -> None: ...

    def refresh_table(self) -> None:
        self.redraws += 1

    def action_score(self) -> None:
        self.scores += 1


def two_people(tmp_path) -> Session:
    players = [saves.Player("Ada"), saves.Player("Bo")]
    return Session.new("pig", "standard", players, seed=5, path=tmp_path / "pig.toml")


def test_a_move_is_logged_and_a_refusal_told_with_nothing_logged(pig, tmp_path):
    session = two_people(tmp_path)
    driver = Driver(session)
    driver.step()
    screen = Screen(session, driver)
    news = GameNews(screen, Log())
    action = session.legal_actions()[0]
    assert news.shown(driver.acts(action), action)
    assert news.log.texts == [line.text for line in session.log] != []
    assert screen.after == [action] and screen.told == []
    assert not news.shown(driver.acts("not a move"), "not a move")
    assert [title for _, title in screen.told] == ["Not allowed"]
    assert screen.after == [action], "a refused move is not the game screen's to follow"


def test_a_move_another_terminal_made_first_has_the_table_read_again():
    screen = Screen(session=None)
    news = GameNews(screen, Log())
    told = Notice("Bo moved first. Choose again.", "Not played", "warning", 8)
    assert not news.shown(Played(False, notice=told, reread=True))
    assert screen.later == [screen.table_changed] and screen.told == [(told.text, "Not played")]


def test_the_score_sheet_shows_once_until_moves_are_taken_back():
    screen = Screen(session=SimpleNamespace(log=[]))
    news = GameNews(screen, Log())
    news.over()
    news.over()  # a redraw of the ended game
    assert screen.scores == 1
    news.taken_back(Played(True, notice=Notice("Took back your roll.")))
    news.over()
    assert screen.scores == 2 and screen.told[-1][0] == "Took back your roll."


def test_the_whole_log_again_only_when_another_person_sits_down():
    readers: list[int] = []

    def read_log_as(seat: int) -> bool:
        changed = readers[-1:] != [seat]
        readers.append(seat)
        return changed

    session = SimpleNamespace(log=[SimpleNamespace(text="Ada rolled 4.")], read_log_as=read_log_as)
    screen = Screen(session)
    news = GameNews(screen, Log())
    news.seated(first=True)
    news.log.add("Ada rolled 2.")
    news.seated()  # Ada still: her log stays as it is
    assert news.log.texts == ["Ada rolled 4.", "Ada rolled 2."]
    screen.viewer = 1
    news.seated()
    assert news.log.texts == ["Ada rolled 4."] and readers == [0, 0, 1]


def test_other_terminals_moves_are_logged_and_an_undo_shows_the_log_again():
    session = SimpleNamespace(log=[SimpleNamespace(text="Ada rolled 4.")])
    screen = Screen(session)
    news = GameNews(screen, Log())
    assert not news.taken_in(None), "nothing this screen shows changed"
    unread = Notice("The table file is gone.", "The table cannot be read", "error", 10)
    assert not news.taken_in(TableNews(unread=unread))
    assert screen.told == [(unread.text, unread.title)]
    assert news.taken_in(TableNews(lines=(SimpleNamespace(text="Bo rolled 6."),)))
    assert news.log.texts == ["Bo rolled 6."]
    news.over()
    rewound = TableNews(rewound=True, taker="Bo")
    assert news.taken_in(rewound)
    assert news.log.texts == ["Ada rolled 4."]
    assert screen.told[-1] == (rewound.notice.text, rewound.notice.title)
    news.over()
    assert screen.scores == 2, "the game may end again"


def test_the_curtain_hides_the_table_until_the_next_person_is_at_the_keyboard():
    driver = SimpleNamespace(fell=0, rose=[])
    driver.curtain_falls = lambda: setattr(driver, "fell", driver.fell + 1)
    driver.curtain_rose = lambda seat, to_look: driver.rose.append((seat, to_look))
    screen = Screen(SimpleNamespace(names=["Ada", "Bo"]), driver)
    went_on: list[bool] = []
    GameNews(screen, Log()).lower_curtain(
        Curtain(1, "See how your turn ended.", True), lambda: went_on.append(True)
    )
    assert driver.fell == 1 and screen.redraws == 1, "the table is drawn hidden before the curtain"
    ((curtain, raised),) = screen.pushed
    assert isinstance(curtain, CurtainScreen) and (curtain.player_name, curtain.note) == (
        "Bo",
        "See how your turn ended.",
    )
    assert not went_on and driver.rose == []
    raised(None)
    assert driver.rose == [(1, True)] and screen.to_bar == 1 and went_on == [True]
