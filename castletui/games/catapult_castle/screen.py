"""Catapult Castle's game screen: the table as one board (every square, and
in solo every catapult corner, a spot of the board cursor), a legend, and
the aiming mini-game in place of the toy catapult. The side panel (the
towers, the ammo in the supply and the viewer's hand) is
castletui/games/catapult_castle/side.py.

The action bar is the frame's (castletui/games/catapult_castle/menu.py), from
the rules' groups: the towers to aim at first (one line per tower: the
accuracy comes from the mini-game, not from a list), then "Play a card..."
(a Reinforced Roof one level further, by tower), then letting an extra shot
go; solo shots sit under the corner they are fired from, a solo move under
the square it leaves. The prompt, the preview line and every name come from
the rules; the board and the mini-game draw the viewer's scene
(``frame.scene``: rules/catapult_castle/scene.py).
"""

from __future__ import annotations

from collections.abc import Hashable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList

from castletui.driver import Line
from castletui.games.catapult_castle.board import AimBar, TableBoard, TableLegend, TableMarks
from castletui.games.catapult_castle.menu import corner
from castletui.rules.catapult_castle import Aim, CatapultCastleScene
from castletui.rules.core import name_seats
from castletui.screens.game import GameScreen
from castletui.widgets.plain import Plain


class CatapultCastleScreen(GameScreen):
    HELP = (
        "Aim at a tower: pick it in the list, or press t and move over the table with the arrows "
        "(or click it), then stop the sweeping marker with Space: the nearer the green sweet spot's "
        "middle, the better the shot. Far and tall targets have a narrow spot; Magic Toss widens it. "
        "Play a card... lists the cards you may play first. Towers you capture go on your mat; most "
        "towers at the end wins. On the table, * is the catapult of whoever shoots."
    )
    HELP_SOLO = (
        "Solo: Fire from a corner... puts the catapult in a corner, then pick a tower on another mat "
        "and stop the sweeping marker with Space: the nearer the green sweet spot's middle, the better "
        "the shot (t and the arrows aim on the table too). A tower hit leaves the table; a miss spends "
        "its ammo. The game ends when the ammo or the towers run out; your score is the towers taken "
        "off plus the ammo left. Rearrange sets the towers anew (twice a game); Play a card... plays "
        "Magic Toss (a wider spot) or Strong Ammo first. On the table, * is the catapult."
    )
    """The help of a solo game: nobody's mat to capture onto, a score to make."""
    BINDINGS = [Binding("t", "focus_table", "Table")]
    AUTO_FOCUS = "#actions"

    def __init__(self, session) -> None:
        super().__init__(session)
        self.aiming: Aim | None = None
        if session.variant == "solo":
            self.HELP = self.HELP_SOLO

    def compose_board(self) -> ComposeResult:
        yield TableBoard(id="table")
        yield TableLegend(id="legend")

    def compose_action_extras(self) -> ComposeResult:
        yield AimBar(id="aim")

    # --- what the table shows ---------------------------------------------------

    def update_board(self, scene: CatapultCastleScene) -> None:
        """Draw the frame's scene."""
        # The catapult stands where the action bar's level says (solo: the corner chosen).
        catapult = self.corner() if scene.catapult_at_chosen_corner else scene.catapult
        self.query_one(TableBoard).show(scene, TableMarks(names=self.session.names, catapult=catapult))

    def corner(self) -> int:
        """Solo: the corner whose targets the action bar lists (-1: none)."""
        if self.frame is None or self.driver.passing_to is not None:
            return -1
        return corner(self.frame)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "focus_table":
            tables = self.query(TableBoard)
            return bool(tables and tables.first().selectable)
        return super().check_action(action, parameters)

    # --- the table and the action bar in step ----------------------------------------

    def action_focus_table(self) -> None:
        table = self.query_one(TableBoard)
        if not table.selectable:
            self.notify("Nothing to choose on the table right now.", timeout=3)
            return
        if table.cursor is None:
            table.point_at(self._first_spot(table))
        self.board_area.use(table)

    def _first_spot(self, table: TableBoard) -> Hashable | None:
        choice = self.bar.chosen
        if choice is not None and choice.spot in table.selectable:
            return choice.spot
        return next((line.spot for line in self.bar.lines if line.spot in table.selectable), None)

    def action_back_out(self) -> None:
        table = self.query_one(TableBoard)
        if self.focused is table and not self.driver.may_escape(self.frame):
            # From the table, Escape gives the keys back to the action bar.
            self.query_one("#actions", OptionList).focus()
            return
        super().action_back_out()

    # --- the mini-game ---------------------------------------------------------

    def prompt_text(self) -> str:
        if self.aiming is not None and self.query_one(AimBar).display:
            name = self.session.names[self.session.to_move()]
            return f"{name}, stop the marker in the green: Space shoots, Esc picks another tower."
        return super().prompt_text()

    def do_aim(self, line: Line) -> None:
        """A tower's line: the mini-game decides how well it is aimed."""
        self.start_aim(line.action, line.spot)

    def start_aim(self, aim: Aim, where: Hashable = None) -> None:
        session = self.session
        shot = self.frame.scene.shot(aim.mat, aim.square, aim.from_mat)
        distance, height = shot.distance, shot.height
        # Far targets want more power: the sweet spot sits further along the bar.
        centre = min(85.0, max(20.0, 22.0 + distance * 13.0))
        target = name_seats(shot.target, session.names)
        self.aiming = aim
        self.query_one(TableBoard).point_at(where)

        def odds(accuracy: int) -> str:
            chances = shot.odds(accuracy)
            text = f"Stopped now: {chances.target:.0%} in it, {chances.near:.0%} next door, {chances.nowhere:.0%} nowhere"
            return text + (f", {chances.roof:.0%} off the roof" if chances.roof else "")

        self.query_one("#actions", OptionList).display = False
        self.query_one("#preview").display = False
        stack = f", a stack of {height}" if height > 1 else ""
        self.query_one(AimBar).begin(
            f"Aiming at {target} ({distance:.1f} squares away{stack})",
            centre,
            shot.sweet_spot,
            odds,
            moving=not getattr(self.app, "still", False),
        )
        self.query_one("#prompt", Plain).show_text(self.prompt_text(), same_height=True)

    def _aim_over(self) -> None:
        self.query_one("#actions", OptionList).display = True
        self.query_one("#preview").display = True

    @on(AimBar.Stopped)
    def aim_stopped(self, event: AimBar.Stopped) -> None:
        aim = self.aiming
        self._aim_over()
        if aim is not None:
            self.aiming = None
            self.play(Aim(aim.mat, aim.square, event.accuracy, aim.from_mat))

    @on(AimBar.Cancelled)
    def aim_cancelled(self) -> None:
        self.aiming = None
        self._aim_over()
        if self.board_area.in_use is not None:
            self.board_area.in_use.focus()
        else:
            self.query_one("#actions", OptionList).focus()


SCREEN = CatapultCastleScreen
