"""Castle Raisers' game screen: a castle (switch with Tab or 1-4), the
Village and Piggy boards (b cycles them on small terminals; larger ones show
all three), the Threat cards of a co-operative or solo game (t), and the
action bar grouped into steps. The boards are laid out in
castletui/games/castle_raisers/style.tcss; each is a board of the frame's
(cursor, Enter, clicks).

Placing a Wall tile is two steps on screen: first the tile, then its slot (a
line of the action bar or a click on a lit slot of the castle), and Escape
or "Choose another tile" backs out before anything is played. The slot's
line plays both rules actions as one move of the driver (its menu's
``frames.Move``), and one undo takes both back. The slot lines
say what each placement would fire and with what count (the rules' menu
hook). Every other decision (ability order, cauldron targets, Village
tokens and locations, Fortification tiles, co-op lines) is one line per
legal action, each lighting its spot on the board (the rules' ``spot``).
The boards, the players panel and this screen draw the rules' scene
(rules/castle_raisers/scene.py) and read nothing else of the game.

The players panel labels each score ("12 now") with where it comes from;
co-op and solo add the team total against the wolves'. The score sheet
(``s``, and at the end) shows every line of the rules' Result; co-op and
solo add the team total and every Threat card met or failed, castletui's
own cards marked as such.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList

from castletui.driver import Frame
from castletui.games.castle_raisers.castle import CastleBoard
from castletui.games.castle_raisers.ink import Marks, RaisersBoard, tile_shown
from castletui.games.castle_raisers.menu import picked_tile
from castletui.games.castle_raisers.piggy import PiggyBoard
from castletui.games.castle_raisers.side import ROOMY
from castletui.games.castle_raisers.threats import threat_cards
from castletui.games.castle_raisers.village import VillageBoard
from castletui.later import loader
from castletui.rules.core import CHANCE
from castletui.screens.game import GameScreen
from castletui.session import Session
from castletui.widgets.plain import Plain

LATER = {"result": "castletui.games.castle_raisers.result"}
"""The score sheet, loaded by name when it is first shown, not before the
game's first frame (its table widget and the replay it offers): a declared
load (tests/test_imports.py follows it)."""


later = loader(LATER)
"""The module :data:`LATER` names, loaded the first time it is asked for."""


BOARD_MODES = ("castle", "village", "piggy")


class CastleRaisersScreen(GameScreen):
    HELP = (
        "Take a Wall tile, then choose a lit slot on your castle (the action bar, j/k or the arrows, or a "
        "click); Escape puts the tile back. Every icon the tile covers fires for its section; each slot "
        "line says what it would fire and how strongly. Tab or 1-4 shows another castle; b shows the "
        "Village or Piggy board on a small terminal (a larger one shows all three); t lists the Threat "
        "cards of a co-operative or solo game. "
        "The castle: levels numbered on the left, 0 the foundation, the ring unrolled so a tile leaving "
        "the right edge comes back on the left; [Vil|Dis] is a tile (Vil Settling Villagers, Pre "
        "Establishing Prestige, For Fortifying, Dis Dispatching Wolves, Def Defending), dim icons are "
        "covered, shaded tiles are Fortification tiles, lit dots are the slots you may take. Above the "
        "wall each region's wolves (S soldier, L soldier with ladder, A archer, V vicious wolf) and how "
        "many would enter now (the arrow); below it the Village tokens (colour letter and icon; border "
        "tokens sit on the section borders), the Prestige and Attack piles and each icon's count per "
        "section. The legend under each board says the same. A click on a board gives it the keys: "
        "the arrows or hjkl move over its lit spots and Enter chooses. s shows the score sheet, ctrl+s saves "
        "under a new name, r opens the rules."
    )
    BINDINGS = [
        Binding("tab", "next_castle", "Castle", key_display="Tab", priority=True),
        Binding("shift+tab", "previous_castle", "Previous castle", show=False, priority=True),
        Binding("1", "castle(0)", "Castle 1", show=False),
        Binding("2", "castle(1)", "Castle 2", show=False),
        Binding("3", "castle(2)", "Castle 3", show=False),
        Binding("4", "castle(3)", "Castle 4", show=False),
        Binding("b", "next_board", "Board"),
        Binding("t", "threats", "Threats"),
        Binding("k,h", "cursor(-1)", "Previous choice", show=False),
        Binding("j,l", "cursor(1)", "Next choice", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.shown_castle = -1  # -1: follow the player whose view is shown
        self.board_mode = "castle"
        self.mode_decision = -1  # the ply the board mode was last chosen for
        self.castle_from_draw = False  # table mode: a draw's question showed another castle

    def compose_board(self) -> ComposeResult:
        with VerticalScroll(id="cr-boards"):
            yield CastleBoard(id="cr-castle")
            with Horizontal(id="cr-lower"):
                yield PiggyBoard(id="cr-piggy")
                yield VillageBoard(id="cr-village")

    def on_resize(self) -> None:
        # GameScreen.on_resize fits the Footer too: Textual calls each class's handler.
        self.refresh_table()

    @property
    def roomy(self) -> bool:
        return self.app.size.width >= ROOMY[0] and self.app.size.height >= ROOMY[1]

    @property
    def picked_tile(self) -> str:
        """The tile taken on screen, its slot still to choose (a level of the frame's menu)."""
        return picked_tile(self.frame) if self.frame is not None else ""

    @property
    def cooperative(self) -> bool:
        return self.session.variant != "competitive"

    # --- what the table shows ---------------------------------------------------

    def castle_seat(self) -> int:
        seats = len(self.session.players)
        seat = self.shown_castle if self.shown_castle >= 0 else self.viewer
        return min(max(seat, 0), seats - 1)

    def asked(self) -> Any:
        """What the decision on top asks (the scene's ``asking``), None when the game is over."""
        return self.frame.scene.asking if self.frame is not None else None

    def update_board(self, scene: Any) -> None:
        """Draw the boards from the frame's scene."""
        top = scene.asking
        picked = picked_tile(self.frame)
        placing = top.tile if top is not None else None
        face = tile_shown(scene, picked) if picked else placing
        marks = Marks(
            names=self.session.names,
            tile=picked or (placing.tile if placing is not None else ""),
            face=face,
            fortification=not picked and top is not None and top.fortification,
            owner=top.seat if top is not None else -1,
            to_move=self.frame.seat,
        )
        roomy = self.roomy
        self.query_one(CastleBoard).show_castle(self.castle_seat())
        for board in self.query(RaisersBoard):
            board.show(scene, marks, roomy)
            board.display = roomy or board.id == f"cr-{self.board_mode}"
        self.query_one("#cr-lower").set_class(roomy, "-roomy")
        self.set_class(roomy, "-roomy")

    def refresh_table(self) -> None:
        self._follow_decision(self.driver.frame(self.viewer, self.menu_path))
        super().refresh_table()

    def _follow_decision(self, frame: Frame) -> None:
        """A new decision for a person brings its board forward (small
        terminals); at a real table, so does each question about a draw:
        the castle the wolves go into, the Village stack, the Wall tiles."""
        top = frame.scene.asking
        seat = frame.seat
        if top is None or frame.ply == self.mode_decision:
            return
        if seat == CHANCE and self.session.mode == "table":
            self.mode_decision = frame.ply
            self.board_mode = top.board
            if top.board == "castle" and 0 <= top.seat < len(self.session.names):
                self.shown_castle, self.castle_from_draw = top.seat, True
            return
        if seat is None or seat == CHANCE or self.session.is_bot(seat):
            return
        if self.castle_from_draw:
            self.shown_castle = -1  # the draws were about another castle: back to the mover's
            self.castle_from_draw = False
        self.mode_decision = frame.ply
        self.board_mode = top.board

    def open_path(self, path: tuple[str, ...]) -> None:
        """A tile taken (its slots a level of the menu): its castle comes forward."""
        if path:
            self.board_mode = "castle"
        super().open_path(path)

    def after_action(self, action: Any) -> None:
        if self.session.to_move() not in (CHANCE, None) and not self.session.is_bot(self.session.to_move()):
            self.shown_castle = -1

    @on(OptionList.OptionHighlighted, "#actions")
    def redraw_the_tile(self, event: OptionList.OptionHighlighted) -> None:
        """The tile being placed is drawn under the cursor: the castle redraws with it."""
        self.query_one(CastleBoard).refresh()

    def refused_at(self, spot: Any) -> None:
        """On an unlit slot while placing, the rules say why not."""
        top = self.asked()
        placing = top is not None and (top.tile is not None or top.fortification or self.picked_tile)
        if spot[0] == "slot" and placing and self.castle_seat() == top.seat:
            _, level, slot = spot
            refusals = self.frame.scene.slot_refusals
            reason = next((r.reason for r in refusals if (r.level, r.slot) == (level, slot)), "")
            self.notify(reason or "Choose a lit slot.", title="Not allowed", severity="warning", timeout=6)
            return
        super().refused_at(spot)

    # --- keys ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``t`` only in a game with Threat cards; ``b`` only where the boards take turns."""
        if action == "threats":
            return self.cooperative
        if action == "next_board":
            return not self.roomy
        return super().check_action(action, parameters)

    def action_next_castle(self) -> None:
        self.show_castle((self.castle_seat() + 1) % len(self.session.players))

    def action_previous_castle(self) -> None:
        self.show_castle((self.castle_seat() - 1) % len(self.session.players))

    def action_castle(self, seat: int) -> None:
        seats = len(self.session.players)
        if seat >= seats:
            self.notify(
                f"There {'is' if seats == 1 else 'are'} {seats} castle{'s' if seats > 1 else ''}.", timeout=3
            )
            return
        self.show_castle(seat)

    def show_castle(self, seat: int) -> None:
        self.shown_castle = seat
        self.board_mode = "castle"
        self.refresh_table()

    def action_next_board(self) -> None:
        if self.roomy:
            self.notify("All three boards are shown: b switches them on a small terminal.", timeout=3)
            return
        self.board_mode = BOARD_MODES[(BOARD_MODES.index(self.board_mode) + 1) % len(BOARD_MODES)]
        self.refresh_table()
        self.query_one("#cr-boards").scroll_home(animate=False)

    def action_threats(self) -> None:
        if self.cooperative:
            self.app.push_screen(CastleRaisersThreats(self.session, self.frame.scene))

    def action_cursor(self, step: int) -> None:
        """hjkl move through the choices (and so over the lit spots of the board)."""
        actions = self.query_one("#actions", OptionList)
        if step < 0:
            actions.action_cursor_up()
        else:
            actions.action_cursor_down()

    def action_undo(self) -> None:
        self.shown_castle = -1
        super().action_undo()

    def action_score(self) -> None:
        self.app.push_screen(later("result").CastleRaisersResult(self.session, self.viewer))


class CastleRaisersThreats(ModalScreen[None]):
    """Every Threat card in play, with its whole text, who holds it and
    whether it is met so far (co-operative and solo)."""

    BINDINGS = [Binding("escape,enter,t,q", "close", "Close")]

    def __init__(self, session: Session, scene: Any) -> None:
        super().__init__()
        self.session = session
        self.scene = scene
        """The table's scene (rules/castle_raisers/scene.py): every Threat card in it."""

    def compose(self) -> ComposeResult:
        session = self.session
        with Vertical(classes="dialog cr-threats"):
            yield Plain("Threat cards", classes="dialog-question")
            with VerticalScroll(id="cr-threats-scroll"):
                yield Plain(threat_cards(self.scene, session.names, session.over), id="cr-threat-cards")
            yield Plain("Enter or Esc: back to the table", id="cr-close")

    def on_mount(self) -> None:
        self.query_one("#cr-threats-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)


SCREEN = CastleRaisersScreen
