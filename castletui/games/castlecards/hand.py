"""The viewer's own hand: a row of small cards (name, what it is worth or
does, how many) in a roomy terminal, one flowing line of names at 80x24.

Each kind of card held is a spot ("hand", card) of the board cursor: the
card to pick for an attack, to pay with, to give or to throw away.
"""

from __future__ import annotations

from castletui.games.castlecards.lines import INK, SEPARATOR, Line, TablePart, card_style, grouped
from castletui.rules.castlecards import Card
from castletui.widgets.board import SpotBoard


class Hand(TablePart, SpotBoard, can_focus=True):
    """The cards in the viewer's hand."""

    def lines(self, width: int, detail: str | None = None) -> list[Line]:
        detail = detail or self.detail
        if detail == "roomy":
            return self.hand_cards(width)
        return self.hand_line(width, compact=detail != "wide")

    def drawn_from(self) -> tuple:
        return len(self.scene.fortresses), self.held()

    def held(self) -> tuple[Card, ...]:
        """The viewer's hand, as the scene shows it."""
        fortresses = self.scene.fortresses
        return fortresses[self.viewer].hand if 0 <= self.viewer < len(fortresses) else ()

    def mark(self, card: Card) -> str:
        spot = ("hand", card.card)
        if spot == self.cursor:
            return " reverse"
        if spot in self.selectable:
            return " underline"
        return ""

    def hand_line(self, width: int, compact: bool) -> list[Line]:
        cards = self.held()
        if not 0 <= self.viewer < len(self.scene.fortresses):
            return [Line("No hand of yours: you are watching.", "dim")]  # a spectator (rules.core.PUBLIC)
        head = Line(f"Hand {len(cards)}: " if compact else f"Your hand ({len(cards)}): ", "bold")
        if not cards:
            return [head.add("empty", "dim")]
        separator = ", " if compact else SEPARATOR
        lines = [head]
        fresh = len(head)  # no separator right after the head or at a line's start
        for card, count in grouped(cards):
            text = (card.short if compact else card.name) + (f" x{count}" if count > 1 else "")
            line = lines[-1]
            gap = separator if len(line) > fresh else ""
            if len(line) + len(gap) + len(text) > width and len(line) > fresh:
                if len(line) + len(separator.rstrip()) <= width:
                    line.add(separator.rstrip(), "dim")  # the list goes on below
                line, gap, fresh = Line(" "), "", 1
                lines.append(line)
            line.add(gap, "dim")
            self.note_spot(("hand", card.card), len(lines) - 1, len(line), len(line) + len(text) - 1)
            line.add(text, card_style(card) + self.mark(card))
        return lines

    def hand_cards(self, width: int) -> list[Line]:
        """The hand as rows of small cards: name, worth, how many."""
        hand = self.held()
        if not 0 <= self.viewer < len(self.scene.fortresses):
            return [Line("No hand of yours: you are watching.", "dim")]  # a spectator (rules.core.PUBLIC)
        head = Line(f"Your hand ({len(hand)})", "bold")
        if not hand:
            return [head.add("  empty", "dim")]
        # As wide as the longest name or note, so none is cut.
        inner = min(
            20, max([13] + [len(piece) + 2 for card in set(hand) for piece in (card.face, card.note)])
        )
        box_width = inner + 2
        per_row = max(1, (width + 1) // (box_width + 1))
        cards = grouped(hand)
        lines = [head]
        for start in range(0, len(cards), per_row):
            rows = [Line() for _ in range(4)]
            for index, (card, count) in enumerate(cards[start : start + per_row]):
                if index:
                    for row in rows:
                        row.add(" ")
                first = len(rows[0])
                self.note_spot(("hand", card.card), len(lines) + 1, first, first + box_width - 1)
                mark = self.mark(card)
                colour = card.colour
                border = (INK[colour] if colour else "dim" if not mark else "") + mark
                name, note = card.face, card.note
                times = f" x{count} " if count > 1 else ""
                rows[0].add("\u256d" + "\u2500" * (inner - len(times)) + times + "\u256e", border)
                rows[1].add("\u2502", border).add(f" {name}"[:inner].ljust(inner), card_style(card) or "bold")
                rows[1].add("\u2502", border)
                rows[2].add("\u2502", border).add(f" {note}"[:inner].ljust(inner), "")
                rows[2].add("\u2502", border)
                rows[3].add("\u2570" + "\u2500" * inner + "\u256f", border)
            lines += rows
        return lines
