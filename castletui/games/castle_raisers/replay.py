"""Castle Raisers' replay boards: a castle, the Piggy and Village boards."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen

from castletui.games.castle_raisers.castle import CastleBoard
from castletui.games.castle_raisers.ink import Marks, RaisersBoard
from castletui.games.castle_raisers.piggy import PiggyBoard
from castletui.games.castle_raisers.village import VillageBoard
from castletui.screens.replay_boards import ReplayBoards, Shown, light


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
        scene = shown.scene
        top = scene.asking
        owner = shown.actor if shown.actor >= 0 else (top.seat if top is not None else shown.seat)
        castles = len(scene.castles)
        castle = min(max(owner if owner >= 0 else shown.seat, 0), castles - 1)
        size = screen.app.size
        roomy = size.width >= self.ROOMY[0] and size.height >= self.ROOMY[1]
        marks = Marks(names=shown.names, owner=castle, to_move=None)
        screen.query_one(CastleBoard).show_castle(castle)
        boards = list(screen.query(RaisersBoard))
        for board in boards:
            board.show(scene, marks, roomy)
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


BOARDS = CastleRaisersBoards
