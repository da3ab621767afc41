"""Castlecards' game screen on the game kit: four parts of the table, each
its own widget laid out in castletui/games/castlecards/style.tcss (the
fortresses, the piles, the attack panel and the viewer's hand). The action
bar, grouped by the rules (Attack > target > cards, Night attack > target >
cards, Defend > station or take back, Throw a card away > card), is
castletui/games/castlecards/menu.py; the players panel castletui/games/castlecards/side.py.

Escape steps back one level everywhere: out of a group to the first menu,
and from picking the cards of one's own attack (or Explorers, or a build's
payment) back to where it was chosen, taking the declaration back (the
menu's ``step_back``, taken back by the driver). The
fortress cards and the cards in hand are spots of the board cursor (Tab to
the board, arrows, Enter, or a click), in step with the action bar.

The screen draws the frame's scene only (rules/castlecards/scene.py):
totals, verdicts, costs and card words all come from the rules. Reactions,
support and the Thief are decisions of other seats: the frame lowers the
curtain before a different person answers.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult

from castletui.games.castlecards.attack import AttackPanel
from castletui.games.castlecards.fortresses import Fortresses
from castletui.games.castlecards.hand import Hand
from castletui.games.castlecards.piles import Piles
from castletui.screens.game import GameScreen

# The levels of detail of the four parts, richest first: (fortresses, piles,
# attack panel, hand). "roomy" boxes cards; "wide" is a line with full names.
PLANS = (
    ("roomy", "roomy", "roomy", "roomy"),
    ("roomy", "wide", "roomy", "wide"),
    ("block", "block", "block", "block"),
    ("inline", "block", "block", "block"),
    # 3-4 players during an attack at 80x24: the fortresses not attacked on their name lines,
    # so the hand (what the player chooses from) stays in view.
    ("line", "block", "block", "block"),
    # Shorter still: the piles leave the table before the hand is cut off.
    ("line", "none", "block", "block"),
)


class CastlecardsScreen(GameScreen):
    HELP = (
        "Each turn a Village card is drawn for you, then you take one action from the action bar. "
        "Attack... and the other lines with dots open a second step; while cards are picked each line "
        "shows how the attack would stand with it, and the panel above your hand adds it up. "
        "Tab puts the cursor on the table: arrows move between the cards you may choose, Enter "
        "chooses. Escape goes back a step. r has the rules."
    )

    def __init__(self, session) -> None:
        super().__init__(session)
        self.plan = PLANS[2]
        self.spaced = False

    def compose_board(self) -> ComposeResult:
        yield Fortresses(id="cc-fortresses")
        yield Piles(id="cc-piles")
        yield AttackPanel(id="cc-attack")
        yield Hand(id="cc-hand")

    # --- the table -----------------------------------------------------------

    def parts(self) -> tuple[Fortresses, Piles, AttackPanel, Hand]:
        return (
            self.query_one(Fortresses),
            self.query_one(Piles),
            self.query_one(AttackPanel),
            self.query_one(Hand),
        )

    def board_room(self) -> tuple[int, int]:
        """The width and height the four parts share."""
        area = self.query_one("#board-area")
        size = area.content_size
        if size.width > 0 and size.height > 0:
            return size.width, size.height
        # Not laid out yet (or hidden under the curtain): the frame's sizes.
        side = 40 if self.app.size.width >= 110 else 30
        return max(20, self.app.size.width - side - 2), max(4, self.app.size.height - 10)

    def update_board(self, scene: Any) -> None:
        """Draw the frame's scene."""
        if self.frame is None:
            return
        names = self.session.names
        width, height = self.board_room()
        parts = self.parts()
        for part in parts:
            part.scene, part.viewer, part.names = scene, self.viewer, names
        panel = parts[2]
        plans = [plan for plan in PLANS if plan[0] != "roomy" or width >= 64]
        chosen = (plans[-1], False, False)
        for plan in plans:
            # A line on the last attack is worth more than the blank lines between parts.
            found = False
            for show_last, spaced in ((True, True), (True, False), (False, True), (False, False)):
                panel.show_last = show_last
                heights = [
                    len(part.shown_lines(width, detail)) for part, detail in zip(parts, plan, strict=True)
                ]
                gaps = sum(1 for h in heights[1:] if h) if spaced else 0
                if sum(heights) + gaps <= height:
                    chosen, found = (plan, show_last, spaced), True
                    break
            if found:
                break
        self.plan, panel.show_last, self.spaced = chosen
        self.set_class(self.spaced, "-spaced")
        for part, detail in zip(parts, self.plan, strict=True):
            part.show(scene, self.viewer, names, detail)
        panel.display = bool(panel.shown_lines(width))
        parts[1].display = bool(parts[1].shown_lines(width))

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)

    def redraw(self) -> None:
        if not self.driver.curtain_down and self.frame is not None:
            self.update_board(self.frame.scene)


SCREEN = CastlecardsScreen
