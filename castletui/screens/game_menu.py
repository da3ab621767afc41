"""Choosing from the game screen's action bar, a collaborator it owns
(castletui/screens/game.py): a line taken (a group opens its level, a
command runs the screen's ``do_<command>`` or one of the two kept here,
an action is played), the level of a place opened for the board area
(castletui/widgets/board_area.py), and Escape: up one level of the menu or
out of a step the person started (``Driver.escape`` decides, and takes
the step back). The driver keeps the open level; this keeps the place
taken back, highlighted again once the bar shows it. Every level opened
goes through the screen's ``open_path`` and every Escape key through its
``action_back_out``, so that a game's screen can add to them."""

from __future__ import annotations

from typing import Any

from castletui.driver import Curtain, Line


class BarMenu:
    """The menu's levels, as the bar and the boards open them."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.back_to: Any = None
        """The place Escape took back, for the bar to highlight after the redraw."""

    def chosen(self, index: int) -> None:
        """The bar's line ``index`` taken (Enter or a click)."""
        lines = self.screen.bar.lines
        if index < len(lines):
            self.run(lines[index])

    def run(self, line: Line) -> None:
        """A group opens its level, a command runs ``do_<command>``, an action is played."""
        if line.disabled:
            return
        if line.group is not None:
            self.screen.open_path(line.group)
        elif line.command:
            name = f"do_{line.command.replace(' ', '_')}"
            (getattr(self.screen, name, None) or getattr(self, name))(line)
        elif line.action is not None:
            self.screen.play(line.action)

    def open(self, path: tuple[str, ...]) -> None:
        """Show menu level ``path`` (the screen's ``open_path`` comes here)."""
        self.screen.driver.open(path)
        self.screen.refresh_table()

    def open_group(self, name: str) -> None:
        """Open group ``name`` of the open level."""
        self.screen.open_path((*self.screen.menu_path, name))

    def open_group_of(self, spot: Any) -> bool:
        """Open the group of the place ``spot`` when it is not on the open level."""
        frame = self.screen.frame
        found = frame.spots.get(spot) if frame is not None else None
        if found is None or found[0] == self.screen.menu_path:
            return False
        self.screen.open_path(found[0])
        return True

    def back_out(self) -> bool:
        """Escape: up one level, or out of a step the person started; True
        when it went somewhere (the caller redraws)."""
        screen = self.screen
        up = bool(screen.menu_path)
        back = screen.driver.escape(screen.frame)
        if back is None:
            return False
        if not up:
            screen.news.whole_log()  # the step's lines were taken back
        if back.spot is not None:  # back on the targets, the one taken back stays highlighted
            self.back_to = back.spot
            screen.call_after_refresh(self.highlight_back)
        return True

    def escape(self) -> None:
        """The Escape key (``GameScreen.action_back_out``): back out, then redraw."""
        if self.back_out():
            self.screen.refresh_table()

    def highlight_back(self) -> None:
        spot, self.back_to = self.back_to, None
        if spot is not None:
            self.screen.bar.highlight(spot)

    # --- the frame's own commands ------------------------------------------------------

    def do_back(self, line: Line) -> None:
        self.screen.action_back_out()

    def do_pass(self, line: Line) -> None:
        """The "Pass to ..." line: the person here saw how their turn ended."""
        screen = self.screen
        if screen.driver.passing_to is not None:
            screen.news.lower_curtain(Curtain(screen.driver.passing_to), then=screen.loop.advance)
