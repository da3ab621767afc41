"""Every player's fortress: a row of cards (the Walls in front, the Castle
behind them) with the shields of each and the cards stationed under it, a
face-down mark on fallen cards; rivals first in turn order, the viewer's
own row last, by the hand.

Each fortress card is a spot ("fort", seat, slot) of the board cursor: the
card to attack, or the card of one's own to station a defender at. Four
levels of detail: boxed cards ("roomy"), card blocks ("block"), one line
of cards under each name ("inline", 3-4 players at 80x24) and each fortress
on its name line but the one under attack ("line", 4 players attacked at
80x24, where the hand would not fit else).
"""

from __future__ import annotations

from castletui.games.castlecards.lines import FACE, FACE_DOWN, INK, SHIELD, Line, TablePart, slot_title
from castletui.rules.castlecards import Fort
from castletui.widgets.board import SpotBoard

WALL_GAP = " \u2551 "  # ║ the Castle stands behind the Walls


class Fortresses(TablePart, SpotBoard, can_focus=True):
    """The fortresses of every player, one row each."""

    def seat_order(self) -> list[int]:
        """Rivals first in turn order after the viewer, the viewer's own row last (by the hand);
        for a spectator (no seat: rules.core.PUBLIC) every seat in order."""
        seats = len(self.scene.fortresses)
        if not 0 <= self.viewer < seats:
            return list(range(seats))
        return [(self.viewer + step) % seats for step in range(1, seats)] + [self.viewer]

    def drawn_from(self) -> tuple:
        return self.scene.fortresses, self.scene.attack

    def lines(self, width: int, detail: str | None = None) -> list[Line]:
        detail = detail or self.detail
        lines: list[Line] = []
        for seat in self.seat_order():
            lines += self.fortress_row(seat, width, detail, len(lines))
        return lines

    def fortress_row(self, seat: int, width: int, detail: str, top: int) -> list[Line]:
        row = self.scene.fortresses[seat]
        # The richest head that fits the width: nothing is cut off.
        for short in (False, True):
            head = self.head(seat, short)
            if len(head) <= width:
                break
        order = list(range(1, len(row.cards))) + [0]  # the Walls in front, the Castle behind
        if detail == "line" and not self.is_target(seat):
            line = self.one_line(seat, order, width, top)
            if line is not None:
                return [line]
        if detail in ("line", "inline"):
            return [head] + self.block_cards(seat, order, width, 1, top + 1)
        if detail == "roomy":
            return [head] + self.boxed_cards(seat, order, width, top + 1)
        return [head] + self.block_cards(seat, order, width, 2, top + 1)

    def is_target(self, seat: int) -> bool:
        """Whether ``seat``'s fortress is under attack now (its row keeps its defenders in view)."""
        attack = self.scene.attack
        return attack is not None and attack.defender == seat

    def one_line(self, seat: int, order: list[int], width: int, top: int) -> Line | None:
        """The whole fortress on its name line: each card by its short title and
        shields ("W1 ◆2", a fallen one "W1 ▒"), the stationed cards in the shields;
        None when it does not fit the width."""
        for short in (False, True):
            line = self.head(seat, short).add(" ")
            for slot in order:
                card = self.scene.fortresses[seat].cards[slot]
                line.add(WALL_GAP if slot == 0 and len(order) > 1 else " ", "dim")
                text = f"{slot_title(slot, True)} " + (
                    f"{SHIELD}{card.shields}" if card.standing else FACE_DOWN
                )
                start = len(line)
                self.note_spot(("fort", seat, slot), top, start, start + len(text) - 1)
                face = FACE.get(self.scene.fortresses[seat].colour, "") + self.card_mark(seat, slot)
                line.add(text, f"{'bold' if card.standing else 'dim'} {face}".strip())
            if len(line) <= width:
                return line
        return None

    def head(self, seat: int, short: bool) -> Line:
        """The name line of a fortress: who, their colour, cards in hand
        (and loot), and whether the Castle fell or won."""
        row = self.scene.fortresses[seat]
        head = Line()
        ink = INK.get(row.colour, "")
        head.add("\u25b6 " if row.turn else "  ", "bold")
        you = " (you)" if seat == self.viewer else ""
        head.add(f"{self.seat_name(seat)}{you}", f"bold {ink}")
        head.add(f" {row.colour}", ink)
        head.add(f"  hand {len(row.hand)}")
        if row.loot_shown:
            head.add(f"  loot {row.loot}", "dim")
        if row.out:
            head.add("  fallen" if short else "  castle fallen: out", "bold reverse")
        elif row.winner:
            head.add("  WINNER", "bold reverse")
        return head

    def card_mark(self, seat: int, slot: int) -> str:
        spot = ("fort", seat, slot)
        if spot == self.cursor:
            return " reverse"
        if spot in self.selectable:
            return " bold underline"
        attack = self.scene.attack
        if attack is not None and (attack.defender, attack.slot) == (seat, slot):
            return " reverse"  # the card under attack right now
        return ""

    def gap(self, rows: list[Line], index: int, slot: int) -> None:
        for row in rows:
            if slot == 0 and index:
                row.add(WALL_GAP, "dim")
            elif index:
                row.add(" ")

    def block_cards(self, seat: int, order: list[int], width: int, lines: int, top: int) -> list[Line]:
        """Each card a coloured block: title and shields, then its stationed cards."""
        row = self.scene.fortresses[seat]
        count = len(order)
        card_width = max(8, min(16, (width - 2 - count - 2) // count))
        rows = [Line("  ") for _ in range(lines)]
        for index, slot in enumerate(order):
            self.gap(rows, index, slot)
            start = len(rows[0])
            self.note_spot(("fort", seat, slot), top, start, start + card_width - 1)
            card = row.cards[slot]
            face = FACE.get(row.colour, "") + self.card_mark(seat, slot)
            for line, (piece, extra) in zip(
                rows, self.block_texts(card, slot, card_width, lines), strict=True
            ):
                line.add(piece, f"{extra} {face}".strip())
        return rows

    def block_texts(self, card: Fort, slot: int, width: int, lines: int) -> list[tuple[str, str]]:
        if not card.standing:
            if lines == 1:
                return [(f"{slot_title(slot, True)} {FACE_DOWN * (width - 3)}"[:width].ljust(width), "dim")]
            back = (
                f" {FACE_DOWN * 2} down {FACE_DOWN * 2}" if width >= 11 else f" {FACE_DOWN} down {FACE_DOWN}"
            )
            return [
                (f" {slot_title(slot)}"[:width].ljust(width), "dim strike"),
                (back[:width].ljust(width), "dim"),
            ]
        shields = f"{SHIELD}{card.shields}"
        # Each stationed card by its code, then a dot per free place (a card holds as many as its shields).
        free = max(0, card.places - len(card.stationed))
        units = " ".join([unit.code for unit in card.stationed] + ["\u00b7"] * free)
        if lines == 1:
            body = f"{slot_title(slot, True)} {shields} {units}"
            return [(body[:width].ljust(width), "bold")]
        head = f" {slot_title(slot)} {shields}"
        if len(head) > width:
            head = f" {slot_title(slot)}{shields}"
        return [(head[:width].ljust(width), "bold"), ((" " + units)[:width].ljust(width), "")]

    def boxed_cards(self, seat: int, order: list[int], width: int, top: int) -> list[Line]:
        """Each card in a box: title and shields on top, one line per place, the sum below."""
        fortress = self.scene.fortresses[seat]
        count = len(order)
        box_width = max(14, min(20, (width - 2 - count - 2) // count))
        inner = box_width - 2
        rows = [Line("  ") for _ in range(5)]
        for index, slot in enumerate(order):
            self.gap(rows, index, slot)
            start = len(rows[0])
            self.note_spot(("fort", seat, slot), top, start, start + box_width - 1)
            card = fortress.cards[slot]
            mark = self.card_mark(seat, slot)
            border = f"{INK.get(fortress.colour, '')}{mark}"
            name = slot_title(slot)
            if not card.standing:
                head = f"\u250c {name} fallen ".ljust(inner + 1, "\u2500") + "\u2510"
                rows[0].add(head[:box_width], f"dim{mark}")
                for row in rows[1:4]:
                    row.add("\u2502", "dim").add(FACE_DOWN * inner, "dim").add("\u2502", "dim")
                rows[4].add("\u2514" + "\u2500" * inner + "\u2518", "dim")
                continue
            slots = card.places
            shields = f" {SHIELD}{card.shields} "
            head = f"\u250c {name} ".ljust(inner + 1 - len(shields), "\u2500") + shields + "\u2510"
            rows[0].add(head[:box_width], f"bold {border}")
            for line in range(3):
                row = rows[1 + line]
                row.add("\u2502", border)
                if line < len(card.stationed):
                    row.add(f" {card.stationed[line].unit}"[:inner].ljust(inner), "bold")
                elif line < slots:
                    row.add(" \u00b7 free"[:inner].ljust(inner), "dim")
                else:
                    row.add(" " * inner)
                row.add("\u2502", border)
            parts = [str(slots)] + [str(unit.strength) for unit in card.stationed]
            sum_text = f" {'+'.join(parts)} = {card.shields} " if card.stationed else ""
            bottom = ("\u2514\u2500" + sum_text).ljust(inner + 1, "\u2500") + "\u2518"
            rows[4].add(bottom[:box_width], border)
        return rows
