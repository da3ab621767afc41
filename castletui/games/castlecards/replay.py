"""Castlecards' replay boards: the four parts of the table, and the hands."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen

from castletui.games.castlecards.attack import AttackPanel
from castletui.games.castlecards.fortresses import Fortresses
from castletui.games.castlecards.hand import Hand
from castletui.games.castlecards.piles import Piles
from castletui.rules.castlecards import Card
from castletui.screens.replay_boards import ReplayBoards, Shown, counted, hand_lines, light


class CastlecardsBoards(ReplayBoards):
    """The four parts of the table, each at the level of detail that lets
    all four fit (as the game screen picks it)."""

    PLANS = (
        ("roomy", "wide", "roomy", "wide"),
        ("block", "block", "block", "block"),
        ("inline", "block", "block", "block"),
        ("line", "block", "block", "block"),
    )

    def compose(self) -> ComposeResult:
        yield OpenFortresses(id="cc-fortresses")
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
        # Every hand open: they are listed under the table, none of them "yours".
        # Through the table's eyes (a spectator's, table mode's) no hand is anyone's here.
        parts[0].nobody_is_you = shown.open_hands or shown.own is None
        parts[3].display = not shown.open_hands and shown.own is not None
        hands = self.hands(shown)
        if hands is not None:
            height -= sum(len(line.wrap(screen.app.console, max(10, width - 2))) for line in hands.split())
        for part in parts:
            part.scene, part.viewer, part.names = shown.scene, shown.seat, shown.names
        plans = [plan for plan in self.PLANS if plan[0] != "roomy" or width >= 64]
        chosen = plans[-1]
        for plan in plans:
            heights = [
                len(part.lines(width, detail)) if part.display else 0
                for part, detail in zip(parts, plan, strict=True)
            ]
            if sum(heights) <= height:
                chosen = plan
                break
        for part, detail in zip(parts, chosen, strict=True):
            part.show(shown.scene, shown.seat, shown.names, detail)
        parts[2].display = bool(parts[2].lines(width))
        light(screen, shown.spot)

    def hands(self, shown: Shown) -> Text | None:
        rows = shown.scene.fortresses
        return hand_lines(shown, [(len(row.hand), hand_of_cards(row.hand)) for row in rows], own_only=True)


def hand_of_cards(hand: tuple[Card, ...]) -> str:
    """A Castlecards hand in words: "Gold x3, Duke"."""
    return counted(card.short for card in hand) or "no cards"


class OpenFortresses(Fortresses):
    """The replay's fortresses: with every hand open nobody at the table is "you"."""

    nobody_is_you = False

    def head(self, seat: int, short: bool):
        if not self.nobody_is_you:
            return super().head(seat, short)
        viewer = self.viewer
        self.viewer = -1  # no seat is -1, so no row is marked "(you)"
        try:
            return super().head(seat, short)
        finally:
            self.viewer = viewer

    def marks(self) -> tuple:
        return (*super().marks(), self.nobody_is_you)


BOARDS = CastlecardsBoards
