"""A Game of Thrones Catan's game screen: the Gift as one map (every
corner, path and hex a spot of the board cursor), Brotherhood's Wall board,
and the trade dialog. The side panel (each player's public points, cards,
Longest Road and Largest Patrol, the viewer's own hand and what they can
build) is castletui/games/got_catan/side.py; the action bar is the rules'
menu hook's lines (rules/got_catan/menu.py: a build menu that shows every
cost and why what cannot be built cannot), with castletui/games/got_catan/menu.py's
trade dialog line. Every board and panel draws the frame's scene
(rules/got_catan/scene.py), never the view.

The board cursor reaches every place an action is about, also those in a
group not opened yet: moving it there opens that group in the action bar
(Build > Road...), and Enter or a click builds there. A 7 is an action-bar
flow: each player over the limit returns cards one at a time (the count of
each in hand is on its line), then Tormund moves on the map. Trade offers
are answered by each asked player in turn, the curtain falling between
people, then the offerer picks whom to trade with.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding

from castletui import sides
from castletui.driver import Line
from castletui.games.got_catan.map import GotCatanMap, MapMarks
from castletui.games.got_catan.menu import TRADE_REFUSALS
from castletui.games.got_catan.wall import GotCatanWall
from castletui.later import loader
from castletui.rules.got_catan import OfferTrade
from castletui.screens.game import GameScreen

LATER = {"trade": "castletui.games.got_catan.trade"}
"""The trade dialog, loaded by name when it first opens, not before the
game's first frame: a declared load (tests/test_imports.py follows it)."""
later = loader(LATER)


class GotCatanScreen(GameScreen):
    HELP = (
        "Roll, then trade, build and buy; the first to 10 victory points on their own turn wins. "
        "The action bar lists what you may do (Build... shows every cost); m puts the cursor on the map: "
        "arrows or hjkl move between the places you may build on, Enter builds, Escape goes back. "
        "t opens the trade dialog. On a 7, whoever holds more than 7 cards returns half, then Tormund moves."
    )
    HELP_WATCH = (
        " Brotherhood of the Watch: the Wall board (w switches between it and the Gift when both do not fit) "
        "shows the clans' camps, the trails with the wildling die's numbers, the clearings, each wall "
        "section's guards (space 1 first), the breaches and what the wildling die can do next. "
        "Build guards from the Build menu or on the Wall; your hero acts from the Hero menu."
    )
    BINDINGS = [
        Binding("m", "focus_map", "Map"),
        Binding("t", "trade", "Trade"),
        # While no offer can be made the first t is off (and out of the Footer);
        # this one answers the key with why, instead of nothing happening.
        Binding("t", "trade_refused", show=False),
        Binding("w", "switch_board", "Wall/Gift"),
        # The frame keeps `r` out of its Footer; this game shows it. At
        # 80 columns Textual's Footer cuts off what does not fit from the right
        # (F1 Help last), so the keys that come and go with the step keep the
        # longest row within 80: Back (a menu open), c (table mode, chance to
        # enter), t (a trade can be offered: never with c) and w (Brotherhood,
        # one board at a time) -- at most 74 columns (tests/app/got_catan/test_footer.py).
        Binding("r", "rules", "Rules"),
    ]
    BOTH_FROM = 36
    """From this many rows, the Wall board sits under the Gift; below, one at a time."""
    AUTO_FOCUS = "#actions"

    def __init__(self, session) -> None:
        super().__init__(session)
        self.wall_shown = False  # on a small terminal: the Wall board instead of the Gift
        self.switched_at = -1  # the ply the boards were last switched for a decision

    # --- the board ---------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield GotCatanMap(id="gift")
        if self.watch_game():
            # Only Brotherhood has a Wall: a hidden one cost the base game's
            # every key its share of Textual's rounds of the screen's widgets.
            yield GotCatanWall(id="wall")

    def watch_game(self) -> bool:
        return self.session.variant == "brotherhood"

    def update_board(self, scene: Any) -> None:
        """The boards draw the frame's scene (rules/got_catan/scene.py)."""
        self.query_one(GotCatanMap).show(scene.gift, MapMarks(names=self.session.names))
        if self.watch_game():
            wall = scene.watch.wall if scene.watch is not None else None
            self.query_one(GotCatanWall).show(wall, self.session.names)

    def fit_players(self) -> None:
        """The players' rows capped to leave the log room (the side panel's
        width is the frame's: 29 columns at 80, the map needs 49 beside it)."""
        wide = self.app.size.width >= sides.WIDE
        self.query_one("#players").styles.max_height = 18 if wide else (10 if self.watch_game() else 9)

    def fit_boards(self) -> None:
        """Brotherhood: the Wall under the Gift when there is room, else
        one of them (w switches; a guard to place brings the Wall up)."""
        if not self.watch_game():
            return
        wall = self.query_one(GotCatanWall)
        gift = self.query_one(GotCatanMap)
        both = self.app.size.height >= self.BOTH_FROM
        wall.display = both or self.wall_shown
        gift.display = both or not self.wall_shown

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "switch_board":
            # Only Brotherhood has a Wall, and only a small terminal switches.
            return self.watch_game() and self.app.size.height < self.BOTH_FROM
        if action == "trade":
            return self.may_offer()  # in the Footer only while an offer can be made
        return super().check_action(action, parameters)

    def action_switch_board(self) -> None:
        if not self.watch_game():
            return
        self.wall_shown = not self.wall_shown
        self.fit_boards()
        board = self.query_one(GotCatanWall) if self.wall_shown else self.query_one(GotCatanMap)
        if board.display and board.selectable:
            board.focus()
        else:
            self.board_area.home()  # the board that had the keyboard may be hidden now

    def refresh_table(self) -> None:
        super().refresh_table()
        if self.bar.lines and self.driver.passing_to is None and not self.driver.curtain_down:
            if self.watch_game() and self.session.ply != self.switched_at:
                gift = self.query_one(GotCatanMap)
                wall = self.query_one(GotCatanWall)
                # A new decision: a guard to place brings the Wall up on a small
                # terminal, a place on the Gift the Gift (w switches back and forth).
                self.switched_at = self.session.ply
                if wall.selectable and not gift.selectable:
                    self.wall_shown = True
                elif gift.selectable and not wall.selectable:
                    self.wall_shown = False
            self.fit_boards()

    # --- the side panel (castletui/games/got_catan/side.py) ------------------------------

    def on_mount(self) -> None:
        # GameScreen.on_mount runs too (Textual calls each class's handler).
        self.fit_players()
        self.fit_boards()
        if self.watch_game():
            self.HELP = GotCatanScreen.HELP + self.HELP_WATCH

    def on_resize(self) -> None:
        self.fit_players()
        self.fit_boards()

    # --- the action bar (castletui/games/got_catan/menu.py) --------------------------------

    def do_trade(self, line: Line) -> None:
        """The "Offer to players (trade dialog)..." line."""
        self.action_trade()

    def action_focus_map(self) -> None:
        if self.watch_game():
            wall = self.query_one(GotCatanWall)
            if wall.display and wall.selectable and not self.query_one(GotCatanMap).selectable:
                self.board_area.use(wall)
                return
        self.board_area.use(self.query_one(GotCatanMap))

    # --- trading -------------------------------------------------------------------------

    def may_offer(self) -> bool:
        frame = self.frame
        return (
            frame is not None
            and frame.deciding
            and not self.driver.curtain_down
            and self.driver.passing_to is None
            and any(isinstance(action, OfferTrade) for action, _, _ in frame.menu)
        )

    NO_TRADE_NOW = "No trade can be offered now."
    """What ``t`` says where the rules give no reason (another's turn, the set-up)."""

    def action_trade_refused(self) -> None:
        """``t`` while no offer can be made: the rules' reason, as the action
        bar's "why not" lines give it (before the roll, no card to offer, the
        turn's offers made), else that none can be made now."""
        lines = self.frame.lines if self.frame is not None else ()
        why = next((line.why_not for line in lines if line.key in TRADE_REFUSALS and line.why_not), "")
        self.notify(why or self.NO_TRADE_NOW, timeout=4)

    def action_trade(self) -> None:
        if not self.may_offer():
            self.action_trade_refused()
            return

        def offered(offer: OfferTrade | None) -> None:
            if offer is not None:
                self.play(offer)

        dialog = later("trade").TradeDialog
        self.app.push_screen(dialog(self.frame.scene.trade, self.session.names), offered)


SCREEN = GotCatanScreen
