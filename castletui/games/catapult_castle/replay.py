"""Catapult Castle's replay boards: the table as the viewer saw it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen

from castletui.games.catapult_castle.board import TableBoard, TableLegend, TableMarks
from castletui.rules.catapult_castle import catapult_mat, hand_words
from castletui.screens.replay_boards import ReplayBoards, Shown, hand_lines, light


class CatapultCastleBoards(ReplayBoards):
    def compose(self) -> ComposeResult:
        yield TableBoard(id="replay-table")
        yield TableLegend(id="replay-legend")

    def show(self, screen: Screen, shown: Shown) -> None:
        screen.query_one(TableBoard).show(
            shown.view, TableMarks(names=shown.names, catapult=catapult_mat(shown.view))
        )
        light(screen, shown.spot)

    def hands(self, shown: Shown) -> Text | None:
        return hand_lines(shown, [(len(hand), hand_words(hand)) for hand in shown.view.hands])


BOARDS = CatapultCastleBoards
