"""The game screen's threads (castletui/screens/game_threads.py), headless:
a bot's turn against the real driver on the toy game, and a table's watch,
each given a stand-in for the screen that records what it is asked."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from castletui import saves
from castletui.driver import Bot, Driver
from castletui.screens.game_threads import BotDecided, BotTurn, TableChanged, TableWatch
from castletui.session import Session


@dataclass
class Screen:
    """Just what the threads ask of a game screen: its messages and workers are recorded."""

    session: Any = None
    driver: Any = None
    is_mounted: bool = True
    is_attached: bool = True
    on_the_stack: bool = True
    app: Any = field(default_factory=lambda: SimpleNamespace(think_for=None, bot_delay=0))
    posted: list = field(default_factory=list)
    workers_run: list = field(default_factory=list)
    cancelled: list = field(default_factory=list)
    after_refresh: list = field(default_factory=list)

    def post_message(self, message: Any) -> None:
        self.posted.append(message)

    def run_worker(self, work: Any, **options: Any) -> None:
        self.workers_run.append((work, options))

    def call_after_refresh(self, callback: Any) -> None:
        self.after_refresh.append(callback)

    @property
    def workers(self) -> Any:
        return SimpleNamespace(cancel_group=lambda node, group: self.cancelled.append(group))


def bot_to_move(tmp_path) -> Session:
    players = [saves.Player("Bot", "bot", "normal"), saves.Player("Coco")]
    return Session.new("pig", "standard", players, seed=5, path=tmp_path / "pig.toml")


def test_a_bots_turn_posts_its_decision_for_the_position_it_was_asked(pig, tmp_path):
    session = bot_to_move(tmp_path)
    driver = Driver(session)
    assert driver.step() == Bot(0)
    screen = Screen(session, driver)
    turn = BotTurn(screen)
    turn.start(session.ply)
    turn.start(session.ply)  # the screen redrew while the bot thinks: still one thread
    assert turn.thinking and len(screen.workers_run) == 1
    work, options = screen.workers_run[0]
    assert options["thread"] and options["group"] == "bot"
    work()  # the thread's work, run here
    (decided,) = screen.posted
    assert isinstance(decided, BotDecided) and decided.ply == session.ply
    assert decided.action in session.legal_actions()
    assert session.ply == decided.ply, "the thread played nothing: the screen plays it in its own turn"
    assert turn.decided(decided) and not turn.thinking


def test_a_decision_for_a_position_gone_is_not_played(pig, tmp_path):
    session = bot_to_move(tmp_path)
    screen = Screen(session, Driver(session))
    turn = BotTurn(screen)
    turn.start(session.ply)
    assert not turn.decided(BotDecided(session.ply + 1, None))  # an undo came first
    screen.is_attached = False
    assert not turn.decided(BotDecided(session.ply, None))  # back to the menu meanwhile


def test_before_the_first_frame_the_bots_thread_waits_until_it_is_drawn(pig, tmp_path):
    session = bot_to_move(tmp_path)
    screen = Screen(session, Driver(session), is_mounted=False)
    turn = BotTurn(screen)
    turn.start(session.ply)
    assert turn.thinking and not screen.workers_run
    (drawn,) = screen.after_refresh
    drawn()
    assert len(screen.workers_run) == 1


def test_a_position_taken_back_lets_the_bot_think_anew(pig, tmp_path):
    session = bot_to_move(tmp_path)
    screen = Screen(session, Driver(session))
    turn = BotTurn(screen)
    turn.start(session.ply)
    turn.forget()
    turn.start(session.ply)
    assert len(screen.workers_run) == 2
    turn.cancel()
    assert screen.cancelled == ["bot"]


class Watcher:
    """A table watcher that sees two changes, then is stopped."""

    def __init__(self, path: Any, known: Any) -> None:
        self.stopped = False

    def changes(self, cancelled: Any):
        yield from ("one", "two")

    def stop(self) -> None:
        self.stopped = True


def test_a_tables_watch_wakes_the_screen_once_a_change_and_stops_with_it(monkeypatch):
    from castletui.screens import game_threads

    monkeypatch.setattr(game_threads, "later", lambda name: SimpleNamespace(TableWatcher=Watcher))
    monkeypatch.setattr(game_threads, "get_current_worker", lambda: SimpleNamespace(is_cancelled=False))
    screen = Screen(session=SimpleNamespace(table=SimpleNamespace(path="t.toml", known=None)))
    watch = TableWatch(screen)
    watch.stop()  # never started: nothing to stop
    watch.start()
    work, options = screen.workers_run[0]
    assert options["thread"] and options["group"] == "table"
    work()
    assert [type(message) for message in screen.posted] == [TableChanged, TableChanged]
    watch.stop()
    assert watch.watcher.stopped and screen.cancelled == ["table", "table"]
