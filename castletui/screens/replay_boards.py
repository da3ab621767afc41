"""The boards of the replay screen: each game's own board widgets (the ones
its game screen draws, castletui/widgets), fed a position as one seat saw
it and lit at the spot of the step being replayed.

A game screen plays; these only show, so they hold none of its choices,
menus or cursors: one small class per game says which widgets make its
table and how to show a view on them. The widgets draw only the view they
are given, so a board never shows more than the replay's viewer saw.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen

from castletui.rules.castle_raisers import decision
from castletui.rules.catapult_castle import catapult_mat
from castletui.rules.got_catan import is_watch
from castletui.widgets.board import SpotBoard
from castletui.widgets.castle_raisers_castle import CastleBoard
from castletui.widgets.castle_raisers_ink import Marks, RaisersBoard
from castletui.widgets.castle_raisers_piggy import PiggyBoard
from castletui.widgets.castle_raisers_village import VillageBoard
from castletui.widgets.castlecards_attack import AttackPanel
from castletui.widgets.castlecards_fortresses import Fortresses
from castletui.widgets.castlecards_hand import Hand
from castletui.widgets.castlecards_piles import Piles
from castletui.widgets.catapult_castle_board import TableBoard, TableLegend, TableMarks
from castletui.widgets.got_catan_map import GotCatanMap, MapMarks
from castletui.widgets.got_catan_wall import GotCatanWall
from castletui.widgets.plain import Plain


class Shown:
    """What a board is told about the step: the view, the seat whose hand
    the table shows (the viewer's, or whoever's turn it is when every hand
    is open), the names, the spot lit and the seat that took the step."""

    def __init__(self, view: Any, seat: int, names: list[str], spot: Hashable | None, actor: int) -> None:
        self.view, self.seat, self.names, self.spot, self.actor = view, seat, names, spot, actor


def light(screen: Screen, spot: Hashable | None) -> None:
    """The step's spot lit (and under the cursor) on every board that has it."""
    for board in screen.query(SpotBoard):
        board.offer([spot] if spot is not None else [])
        board.point_at(spot)


class ReplayBoards:
    """The default: the view as text (a game without its own board)."""

    def compose(self) -> ComposeResult:
        yield Plain("", id="replay-text-board")

    def show(self, screen: Screen, shown: Shown) -> None:
        screen.query_one("#replay-text-board", Plain).update(repr(shown.view))


class CatapultCastleBoards(ReplayBoards):
    def compose(self) -> ComposeResult:
        yield TableBoard(id="replay-table")
        yield TableLegend(id="replay-legend")

    def show(self, screen: Screen, shown: Shown) -> None:
        screen.query_one(TableBoard).show(
            shown.view, TableMarks(names=shown.names, catapult=catapult_mat(shown.view))
        )
        light(screen, shown.spot)


class CastleRaisersBoards(ReplayBoards):
    """The castle of whoever took the step, or, on a small terminal, the
    board the step's spot is on (the castle, the Village or the Piggy board)."""

    ROOMY = (110, 36)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="replay-cr-boards"):
            yield CastleBoard(id="cr-castle")
            with Horizontal(id="replay-cr-lower"):
                yield PiggyBoard(id="cr-piggy")
                yield VillageBoard(id="cr-village")

    def show(self, screen: Screen, shown: Shown) -> None:
        view = shown.view
        top = decision(view)
        owner = shown.actor if shown.actor >= 0 else (top.seat if top is not None else shown.seat)
        castles = len(view.castles)
        castle = min(max(owner if owner >= 0 else shown.seat, 0), castles - 1)
        size = screen.app.size
        roomy = size.width >= self.ROOMY[0] and size.height >= self.ROOMY[1]
        marks = Marks(names=shown.names, owner=castle, to_move=None)
        screen.query_one(CastleBoard).show_castle(castle)
        boards = list(screen.query(RaisersBoard))
        for board in boards:
            board.show(view, marks, roomy)
        light(screen, shown.spot)
        on_board = "cr-castle"
        for board in boards:
            board.render()  # where its spots are, for the view just shown
            if shown.spot is not None and shown.spot in board.spot_cells:
                on_board = board.id or on_board
                break
        for board in boards:
            board.display = roomy or board.id == on_board
        screen.query_one("#replay-cr-lower").set_class(roomy, "-roomy")


class CastlecardsBoards(ReplayBoards):
    """The four parts of the table, each at the level of detail that lets
    all four fit (as the game screen picks it)."""

    PLANS = (
        ("roomy", "wide", "roomy", "wide"),
        ("block", "block", "block", "block"),
        ("inline", "block", "block", "block"),
    )

    def compose(self) -> ComposeResult:
        yield Fortresses(id="cc-fortresses")
        yield Piles(id="cc-piles")
        yield AttackPanel(id="cc-attack")
        yield Hand(id="cc-hand")

    def show(self, screen: Screen, shown: Shown) -> None:
        parts = (
            screen.query_one(Fortresses),
            screen.query_one(Piles),
            screen.query_one(AttackPanel),
            screen.query_one(Hand),
        )
        area = screen.query_one("#replay-board-area")
        width = area.content_size.width or max(20, screen.app.size.width - 32)
        height = (area.content_size.height or max(4, screen.app.size.height - 4)) - 1
        for part in parts:
            part.state, part.viewer, part.names = shown.view, shown.seat, shown.names
        plans = [plan for plan in self.PLANS if plan[0] != "roomy" or width >= 64]
        chosen = plans[-1]
        for plan in plans:
            heights = [len(part.lines(width, detail)) for part, detail in zip(parts, plan, strict=True)]
            if sum(heights) <= height:
                chosen = plan
                break
        for part, detail in zip(parts, chosen, strict=True):
            part.show(shown.view, shown.seat, shown.names, detail)
        parts[2].display = bool(parts[2].lines(width))
        light(screen, shown.spot)


class GotCatanBoards(ReplayBoards):
    """The Gift, and in Brotherhood the Wall under it when there is room
    (else the Wall only when the step was on it)."""

    BOTH_FROM = 40

    def compose(self) -> ComposeResult:
        yield GotCatanMap(id="gift")
        yield GotCatanWall(id="wall")

    def show(self, screen: Screen, shown: Shown) -> None:
        view = shown.view
        gift, wall = screen.query_one(GotCatanMap), screen.query_one(GotCatanWall)
        gift.show(view, MapMarks(names=shown.names))
        watch = is_watch(view)
        if watch:
            wall.show(view, shown.names)
        light(screen, shown.spot)
        on_wall = False
        if watch and shown.spot is not None:
            wall.render()
            on_wall = shown.spot in wall.spot_cells
        both = screen.app.size.height >= self.BOTH_FROM
        wall.display = watch and (both or on_wall)
        gift.display = not watch or both or not on_wall


BOARDS: dict[str, type[ReplayBoards]] = {
    "catapult-castle": CatapultCastleBoards,
    "castle-raisers": CastleRaisersBoards,
    "castlecards": CastlecardsBoards,
    "got-catan": GotCatanBoards,
}


def boards_for(game_id: str) -> ReplayBoards:
    return BOARDS.get(game_id, ReplayBoards)()
