"""The piles on the table: the Village deck, the discards (and the card on
top), the Siege, Academy and Dungeon decks, and an open dungeon face up.
Small stacks of cards in a roomy terminal, a flowing line at 80x24."""

from __future__ import annotations

from textual.widget import Widget

from castletui.games.castlecards.lines import SEPARATOR, Line, TablePart, count_words, flow


class Piles(TablePart, Widget):
    """The decks, the discards and the open dungeon."""

    def drawn_from(self) -> object:
        return self.scene.piles

    def lines(self, width: int, detail: str | None = None) -> list[Line]:
        detail = detail or self.detail
        if detail == "none":
            return []  # the last resort of a short terminal: the hand comes first
        if detail == "roomy":
            return self.pile_cards(width)
        return self.pile_line(width, compact=detail != "wide")

    def dungeon_words(self) -> str:
        data = self.scene.piles.open_dungeon
        return f"danger {data.danger}, treasure {count_words(data.treasure, 'card', 'cards')}"

    def pile_line(self, width: int, compact: bool) -> list[Line]:
        piles = self.scene.piles
        top = f" (top {piles.top.short})" if piles.top is not None and not compact else ""
        pieces = [
            (f"{'Deck' if compact else 'Village deck'} {piles.village}", ""),
            (f"Discard {piles.discard}{top}", ""),
            (f"Siege {piles.siege}", ""),
            (f"Academy {piles.academy}", ""),
            (f"Dungeon {piles.dungeon}", ""),
        ]
        if piles.open_dungeon is not None:
            label = "open" if compact else "Open dungeon"
            pieces.append((f"{label}: {self.dungeon_words()}", "bold"))
        return flow(pieces, width, "  " if compact else SEPARATOR)

    def pile_cards(self, width: int) -> list[Line]:
        """The piles as small stacks of cards, the open dungeon face up."""
        sizes = self.scene.piles
        top = sizes.top
        piles = [
            ("Village", count_words(sizes.village, "card", "cards"), ""),
            ("Discard", f"{sizes.discard}, top {top.short}" if top is not None else "empty", ""),
            ("Siege", str(sizes.siege), ""),
            ("Academy", str(sizes.academy), ""),
            ("Dungeon", str(sizes.dungeon), ""),
        ]
        if sizes.open_dungeon is not None:
            piles.append(("Open dungeon", self.dungeon_words(), "bold"))
        rows = [Line() for _ in range(3)]
        for name, body, style in piles:
            inner = max(len(name) + 2, len(body) + 2, 9)
            if len(rows[0]) + inner + 3 > width:
                # No room for another stack on the row: start a new row of stacks.
                rows += [Line() for _ in range(3)]
            row0 = len(rows) - 3
            if len(rows[row0]):
                for row in rows[row0:]:
                    row.add(" ")
            border = "bold" if style else "dim"
            rows[row0].add(f"\u256d {name} ".ljust(inner + 1, "\u2500") + "\u256e", border)
            rows[row0 + 1].add("\u2502", border).add(f" {body}".ljust(inner), style).add("\u2502", border)
            rows[row0 + 2].add("\u2570" + "\u2500" * inner + "\u256f", border)
        return rows
