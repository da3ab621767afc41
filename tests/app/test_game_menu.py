"""Choosing from the game screen's bar (castletui/screens/game_menu.py),
headless: a stand-in for the screen and its driver records what the menu
asks of them (levels opened, moves played, commands run, redraws)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from castletui.driver import Line
from castletui.frames import StepBack
from castletui.screens.game_menu import BarMenu


class Driver:
    """The open level, and where Escape goes from it (a step of the person's own at the top)."""

    def __init__(self, path: tuple[str, ...] = (), step_back: StepBack | None = None) -> None:
        self.path = path
        self.step_back = step_back
        self.passing_to: int | None = None

    def open(self, path: tuple[str, ...]) -> None:
        self.path = path

    def escape(self, frame: Any) -> StepBack | None:
        back = StepBack(self.path[:-1]) if self.path else self.step_back
        if back is not None:
            self.path = back.path
        return back


class Screen:
    """Just what the menu asks of a game screen, each ask recorded."""

    def __init__(self, driver: Driver, lines: tuple[Line, ...] = (), spots: dict | None = None) -> None:
        self.driver = driver
        self.frame = SimpleNamespace(spots=spots or {})
        self.highlighted: list = []
        self.bar = SimpleNamespace(lines=lines, highlight=self.highlighted.append)
        self.opened: list[tuple[str, ...]] = []
        self.played: list = []
        self.traded: list[Line] = []
        self.after_refresh: list = []
        self.redraws = self.whole_logs = 0
        self.news = SimpleNamespace(whole_log=self.whole_log)
        self.menu = BarMenu(self)

    @property
    def menu_path(self) -> tuple[str, ...]:
        return self.driver.path

    def open_path(self, path: tuple[str, ...]) -> None:  # a game's screen may add to it
        self.opened.append(path)
        self.menu.open(path)

    def action_back_out(self) -> None:
        self.menu.escape()

    def play(self, action: Any) -> None:
        self.played.append(action)

    def do_trade(self, line: Line) -> None:
        self.traded.append(line)

    def refresh_table(self) -> None:
        self.redraws += 1

    def whole_log(self) -> None:
        self.whole_logs += 1

    def call_after_refresh(self, callback: Any) -> None:
        self.after_refresh.append(callback)


BUILD = Line("Build...", group=("Build",))
ROAD = Line("Road on 3", action="road 3", spot=3)
TRADE = Line("Trade...", command="trade")
BACK = Line("Back", command="back")
GREYED = Line("Road on 4", action="road 4", why_not="You have no brick.")


def test_a_line_taken_opens_its_level_plays_its_move_or_runs_its_command():
    screen = Screen(Driver(), (BUILD, ROAD, TRADE, GREYED))
    menu = screen.menu
    for index in range(5):  # the fifth is past the bar's end: nothing
        menu.chosen(index)
    assert screen.opened == [("Build",)] and screen.driver.path == ("Build",) and screen.redraws == 1
    assert screen.played == ["road 3"], "a greyed line plays nothing"
    assert screen.traded == [TRADE], "the screen's own command"


def test_the_frames_own_back_line_goes_up_a_level_through_the_screens_escape():
    screen = Screen(Driver(("Build", "Road")), (BACK,))
    screen.menu.run(BACK)
    assert screen.driver.path == ("Build",) and screen.redraws == 1
    assert screen.whole_logs == 0, "nothing was taken back: the log stays"


def test_a_place_in_a_group_not_open_opens_its_group():
    screen = Screen(Driver(), spots={3: (("Build", "Road"), 0), 9: ((), 1)})
    menu = screen.menu
    assert not menu.open_group_of(9), "already on the open level"
    assert not menu.open_group_of(7), "no line is about it"
    assert menu.open_group_of(3) and screen.driver.path == ("Build", "Road")
    menu.open_group("Wall")
    assert screen.opened == [("Build", "Road"), ("Build", "Road", "Wall")]


def test_escape_out_of_a_step_shows_the_whole_log_and_highlights_the_place_again():
    screen = Screen(Driver(step_back=StepBack((), spot=5)))
    menu = screen.menu
    menu.escape()
    assert screen.redraws == 1 and screen.whole_logs == 1 and menu.back_to == 5
    assert screen.highlighted == [], "not before the bar shows the level"
    (highlight,) = screen.after_refresh
    highlight()
    assert screen.highlighted == [5] and menu.back_to is None


def test_escape_with_nowhere_to_go_changes_nothing():
    screen = Screen(Driver())
    assert not screen.menu.back_out()
    screen.menu.escape()
    assert screen.redraws == 0 and screen.whole_logs == 0 and screen.after_refresh == []
