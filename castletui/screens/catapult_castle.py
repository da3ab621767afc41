"""Catapult Castle's game screen: the table as one board (every square, and
in solo every catapult corner, a spot of the board cursor), a legend, a side
panel with the towers, the ammo in the supply and the viewer's hand, and the
aiming mini-game in place of the toy catapult.

The action bar is the frame's, from the rules' groups: the towers to aim at
first (one line per tower: the accuracy comes from the mini-game, not from a
list), then "Play a card..." (a Reinforced Roof one level further, by
tower), then letting an extra shot go; solo shots sit under the corner they
are fired from, a solo move under the square it leaves. The prompt, the
preview line and every name come from the rules; the board draws the
viewer's ``view``.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList

from castletui.driver import Frame
from castletui.rules.catapult_castle import (
    Aim,
    Shoot,
    SkipExtraShot,
    catapult_mat,
    group_spot,
    hand_words,
    shot_difficulty,
    shot_odds,
    tower_name,
)
from castletui.rules.core import name_seats
from castletui.screens.game import Choice, GameScreen
from castletui.widgets.catapult_castle_board import AimBar, TableBoard, TableLegend, TableMarks
from castletui.widgets.panels import PlayersPanel
from castletui.widgets.plain import Plain


class CatapultCastleScreen(GameScreen):
    CSS_PATH = Path(__file__).parent.parent / "styles" / "catapult_castle.tcss"
    HELP = (
        "Aim at a tower: pick it in the list, or press t and move over the table with the arrows "
        "(or click it), then stop the sweeping marker with Space: the nearer the green sweet spot's "
        "middle, the better the shot. Far and tall targets have a narrow spot; Magic Toss widens it. "
        "Play a card... lists the cards you may play first. Towers you capture go on your mat; most "
        "towers at the end wins. On the table, * is the catapult of whoever shoots."
    )
    BINDINGS = [Binding("t", "focus_table", "Table")]
    AUTO_FOCUS = "#actions"
    CURSOR_OPENS_GROUPS = False  # a tower is a target and a roof's place: only this level's

    def __init__(self, session) -> None:
        super().__init__(session)
        self.aiming: Aim | None = None

    def compose_board(self) -> ComposeResult:
        yield TableBoard(id="table")
        yield TableLegend(id="legend")

    def compose_action_extras(self) -> ComposeResult:
        yield AimBar(id="aim")

    # --- what the table shows ---------------------------------------------------

    def update_board(self, view: Any) -> None:
        # The catapult stands where the action bar's level says (solo: the corner chosen).
        marks = TableMarks(names=self.session.names, catapult=catapult_mat(view, self.corner()))
        self.query_one(TableBoard).show(view, marks)

    def corner(self) -> int:
        """Solo: the corner whose targets the action bar lists (-1: none)."""
        frame = self.frame
        if frame is None or not frame.deciding or self.handing_over is not None:
            return -1
        level = frame.path
        return next((a.from_mat for a, path, _ in frame.menu if isinstance(a, Aim) and path == level), -1)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "focus_table":
            tables = self.query(TableBoard)
            return bool(tables and tables.first().selectable)
        return super().check_action(action, parameters)

    WIDE = 110

    def on_mount(self) -> None:
        # (GameScreen.on_mount runs by itself: Textual calls each class's handler.)
        self.fit_side()

    def on_resize(self) -> None:
        self.fit_side()
        if self.frame is not None:
            self.query_one(PlayersPanel).update(self.side_text(self.frame))

    def fit_side(self) -> None:
        """A roomier side panel from 110 columns (the large table needs 77
        beside it); set from the terminal's width at once, as the map of
        A Game of Thrones Catan does."""
        self.query_one("#side").styles.width = 40 if self.app.size.width >= self.WIDE else 30

    def side_text(self, frame: Frame) -> Text:
        """Each player's towers (the score), then the supply and the viewer's
        own hand and deck, from the viewer's view."""
        session = self.session
        view = frame.view
        standing = frame.standing
        to_move = frame.seat
        room = self.query_one(PlayersPanel).content_size.width or 27
        wide = room >= 36
        name_width = max(8, room - 8)
        text = Text(no_wrap=True, overflow="ellipsis")
        solo = view.variant == "solo"
        text.append(f" {'player':<{name_width}}{'score' if solo else 'towers':>6}\n", Style(dim=True))
        for seat, player in enumerate(session.players):
            style = Style(bold=True, reverse=True) if seat == to_move else None
            marker = ">" if seat == to_move else " "
            who = player.name + (f" ({session.bot_words(seat)})" if player.is_bot else "")
            score = standing.scores[seat] if seat < len(standing.scores) else 0
            text.append(f"{marker}{who:<{name_width}.{name_width}}{score:>6g}", style)
            text.append("\n")
        if frame.waiting:
            text.append(frame.waiting + "\n", style="bold" if to_move is None else "italic")
        supply = f"Ammo {'left' if solo else 'in supply'}: {view.supply}"
        if solo:
            supply += f", rearrange {view.rearrangements_left}x"
        text.append(supply + "\n")
        seat = frame.viewer
        if seat < len(view.hands):
            text.append(f"{session.names[seat]}: {hand_words(view.hands[seat], short=not wide)}\n")
            if not solo:
                mat = view.seat_mats[seat]
                text.append(
                    f"Deck {view.decks[mat].size}, discard {view.discards[mat].size}\n", Style(dim=True)
                )
        active = [
            name for name, on in (("Magic Toss", view.magic_toss), ("Strong Ammo", view.strong_ammo)) if on
        ]
        if view.shots_left > 1:
            active.append(f"{view.shots_left} shots")
        if active:
            text.append(f"This turn: {', '.join(active)}\n", Style(bold=True))
        text.rstrip()
        return text

    # --- the action bar ------------------------------------------------------

    def menu(self, frame: Frame) -> list[Choice]:
        """The frame's menu level, with one line per tower to aim at (the
        rules list a few accuracies each) that opens the mini-game, group
        lines tied to their place on the table, and aiming first."""
        session = self.session
        view = frame.view
        level = len(frame.path)
        first_in_group: dict[str, Any] = {}
        for action, path, _ in frame.menu:
            if len(path) > level and path[:level] == frame.path:
                first_in_group.setdefault(path[level], action)
        lines: list[tuple[int, Choice]] = []
        seen: set[tuple[int, str, int]] = set()
        for choice in super().menu(frame):
            action = choice.action
            if isinstance(action, Aim):
                key = (action.mat, action.square, action.from_mat)
                if key in seen:
                    continue
                seen.add(key)
                target = name_seats(tower_name(view, action.mat, action.square), session.names)
                # The action stays for the preview line; choosing it opens the mini-game.
                aim = Choice(
                    f"Aim at {target}",
                    action,
                    run=partial(self.start_aim, action, choice.where),
                    where=choice.where,
                )
                aim.preview = choice.preview
                lines.append((0, aim))
                continue
            if action is None and choice.text.endswith("..."):
                first = first_in_group.get(choice.text[:-3])
                if first is not None:
                    choice.where = group_spot(view, first, level)
                    action = first
            rank = 0 if isinstance(action, Aim | Shoot) else 2 if isinstance(action, SkipExtraShot) else 1
            lines.append((rank, choice))
        # Aiming (or shooting) first: Enter on the first line is what a turn is for.
        return [choice for _, choice in sorted(lines, key=lambda line: line[0])]

    # --- the table and the action bar in step ----------------------------------------

    def action_focus_table(self) -> None:
        table = self.query_one(TableBoard)
        if not table.selectable:
            self.notify("Nothing to choose on the table right now.", timeout=3)
            return
        if table.cursor is None:
            table.point_at(self._first_spot(table))
        self.use_board(table)

    def _first_spot(self, table: TableBoard) -> Hashable | None:
        choice = self.highlighted_choice()
        if choice is not None and choice.where in table.selectable:
            return choice.where
        return next((c.where for c in self.choice_list if c.where in table.selectable), None)

    def action_back_out(self) -> None:
        table = self.query_one(TableBoard)
        if self.focused is table and not self.can_back_out():
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

    def start_aim(self, aim: Aim, where: Hashable = None) -> None:
        session = self.session
        state = self.frame.view
        distance, height, spot = shot_difficulty(state, aim)
        # Far targets want more power: the sweet spot sits further along the bar.
        centre = min(85.0, max(20.0, 22.0 + distance * 13.0))
        target = name_seats(tower_name(state, aim.mat, aim.square), session.names)
        self.aiming = aim
        self.query_one(TableBoard).point_at(where)

        def odds(accuracy: int) -> str:
            chances = shot_odds(state, aim, accuracy)
            text = f"Stopped now: {chances.target:.0%} in it, {chances.near:.0%} next door, {chances.nowhere:.0%} nowhere"
            return text + (f", {chances.roof:.0%} off the roof" if chances.roof else "")

        self.query_one("#actions", OptionList).display = False
        self.query_one("#preview").display = False
        stack = f", a stack of {height}" if height > 1 else ""
        self.query_one(AimBar).begin(
            f"Aiming at {target} ({distance:.1f} squares away{stack})",
            centre,
            spot,
            odds,
            moving=not getattr(self.app, "still", False),
        )
        self.query_one("#prompt", Plain).update(self.prompt_text())

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
        if self.board_in_use is not None:
            self.board_in_use.focus()
        else:
            self.query_one("#actions", OptionList).focus()


SCREEN = CatapultCastleScreen
