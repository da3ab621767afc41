"""Catapult Castle's replay boards: the table as the viewer saw it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen

from castletui.games.catapult_castle.board import TableBoard, TableLegend, TableMarks
from castletui.screens.replay_boards import ReplayBoards, Shown, hand_lines, light


class CatapultCastleBoards(ReplayBoards):
    def compose(self) -> ComposeResult:
        yield TableBoard(id="replay-table")
        yield TableLegend(id="replay-legend")

    def show(self, screen: Screen, shown: Shown) -> None:
        scene = shown.scene
        screen.query_one(TableBoard).show(scene, TableMarks(names=shown.names, catapult=scene.catapult))
        light(screen, shown.spot)

    def hands(self, shown: Shown) -> Text | None:
        return hand_lines(shown, [(hand.cards, hand.words) for hand in shown.scene.hands])


BOARDS = CatapultCastleBoards
