"""The Castlecards table in one render: every player's fortress as a row of
cards (the Walls in front, the Castle behind them) with shields and the cards
stationed under each, a face-down mark on fallen cards; the piles and the
open dungeon; the attack panel (swords against shields, live while cards are
picked and reactions chosen); the viewer's own hand; the end banner.

The board draws what it is given: totals and verdicts come from the rules
(``attack_outlook``, ``card_shields``, ``result``); it decides nothing.
Three levels of detail fit the room there is: boxed cards (120x40), card
blocks (80x24) and one line per fortress (4 players at 80x24).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.widget import Widget

from rules import castlecards as game
from rules.castlecards import (
    CARDS,
    COLOUR,
    HIDDEN,
    KIND,
    STRENGTH,
    FortressCard,
    State,
    attack_outlook,
    explore_torches,
    title,
)
from rules.core import name_seats

SHIELD = "\u25c6"  # ◆
ARROW = "\u2192"  # →
FACE_DOWN = "\u2592"  # ▒ the back of a card
SEPARATOR = " \u00b7 "  # ·

# The fortress colours as text on a dark card face; plain terminals (NO_COLOR)
# drop them and the names still say it.
INK = {"red": "#ff6e6e", "blue": "#78a8ff", "green": "#6fd98a", "yellow": "#f0d060"}
FACE = {"red": "on #3a1c1c", "blue": "on #1c263f", "green": "on #1b3522", "yellow": "on #3a3519"}

WEAPON_CODE = {
    "catapult": "Cat",
    "ballista": "Bal",
    "trebuchet": "Tre",
    "battering-ram": "Ram",
    "siege-tower": "Tow",
}
SHORT_TITLE = {
    "battering-ram": "Ram",
    "siege-tower": "Siege Tower",
    "explorers-1": "Explorers 1",
    "explorers-2": "Explorers 2",
}


def unit_code(card: str) -> str:
    """A stationed card in 2-4 characters: S2 (Soldiers 2), B1, Cat3."""
    kind = KIND.get(card, "")
    strength = STRENGTH.get(card, 0)
    if kind == "soldiers":
        return f"S{strength}"
    if kind == "bowmen":
        return f"B{strength}"
    if card in WEAPON_CODE:
        return f"{WEAPON_CODE[card]}{strength}"
    return "?"


def unit_name(card: str) -> str:
    """A stationed card in words without its colour (the fortress has it)."""
    kind = KIND.get(card, "")
    strength = STRENGTH.get(card, 0)
    if kind in ("soldiers", "bowmen"):
        return f"{kind.title()} {strength}"
    return f"{title(card)} {strength}"


def card_name(card: str, short: bool = False) -> str:
    """A card of a hand or an attack: "Soldiers red 2", short "Soldiers R2"."""
    if card == HIDDEN:
        return "face down"
    kind = KIND.get(card, "")
    colour = COLOUR.get(card, "")
    strength = STRENGTH.get(card, 0)
    if kind == "soldiers":
        return f"Soldiers {colour[0].upper()}{strength}" if short else f"Soldiers {colour} {strength}"
    if kind == "bowmen":
        return f"Bowmen {colour[0].upper()}" if short else f"Bowmen {colour}"
    if kind == "weapon":
        name = SHORT_TITLE.get(card, title(card)) if short else title(card)
        return f"{name} {strength}"
    if kind == "explorers":
        return SHORT_TITLE[card] if short else title(card)
    if kind == "dungeon":
        data = CARDS[card]
        return f"Dungeon {data.danger}/{data.treasure}"
    return title(card)


HAND_NOTE = {
    "gold": "buy, pay",
    "builders": "build",
    "duke": "academy",
    "king": "+2 actions",
    "thief": "takes Gold",
    "night": "dark attack",
    "trap": "-2 swords",
    "shield-wall": "+2 shields",
    "sabotage": "drops weapon",
    "boiling-oil": "drops unit",
}


def card_face(card: str) -> tuple[str, str]:
    """The two lines of a card drawn in the hand: its name and what it is worth."""
    kind = KIND.get(card, "")
    strength = STRENGTH.get(card, 0)
    if kind in ("soldiers", "bowmen"):
        return kind.title(), f"{COLOUR[card]} {strength}"
    if kind == "weapon":
        return title(card), f"{strength} sword{'s' if strength != 1 else ''}"
    if kind == "explorers":
        torches = CARDS[card].torches
        return "Explorers", f"{torches} torch{'es' if torches != 1 else ''}"
    return title(card), HAND_NOTE.get(card, "")


def card_style(card: str) -> str:
    colour = COLOUR.get(card, "")
    if colour:
        return f"bold {INK[colour]}"
    deck = CARDS[card].deck if card in CARDS else ""
    return {"siege": "bold", "academy": "italic"}.get(deck, "")


def grouped(cards) -> list[tuple[str, int]]:
    """Cards with how many of each, in first-seen order."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return list(counts.items())


@dataclass
class BoardMarks:
    """What the screen wants lit: fortress cards ("fort", seat, slot) or hand
    cards ("hand", card) the action bar offers, and the highlighted one."""

    lit: frozenset = frozenset()
    selected: Any = None
    names: list[str] = field(default_factory=list)


class Line:
    """One line of the board, built from styled pieces and padded to a width."""

    def __init__(self) -> None:
        self.text = Text()

    def add(self, piece: str, style: str = "") -> Line:
        self.text.append(piece, style=style)
        return self

    def __len__(self) -> int:
        return self.text.cell_len


class CastlecardsBoard(Widget):
    """The whole table in one render."""

    DEFAULT_CSS = """
    CastlecardsBoard { width: 1fr; height: 1fr; padding: 0 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state: State | None = None
        self.viewer = 0
        self.marks = BoardMarks()

    def show(self, view: State, viewer: int, marks: BoardMarks) -> None:
        self.state, self.viewer, self.marks = view, viewer, marks
        self.refresh()

    # --- names -------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        names = self.marks.names
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    def seated(self, text: str) -> str:
        return name_seats(text, self.marks.names)

    # --- layout --------------------------------------------------------------

    def seat_order(self) -> list[int]:
        """Rivals first in turn order after the viewer, the viewer's own row last (by the hand)."""
        seats = len(self.state.players)
        return [(self.viewer + step) % seats for step in range(1, seats)] + [self.viewer]

    def render(self) -> Text:
        if self.state is None:
            return Text()
        width = max(20, self.size.width)  # the content area: padding already left out
        height = max(1, self.size.height)
        lines = self.layout(width, height)
        text = Text()
        for index, line in enumerate(lines[:height]):
            if index:
                text.append("\n")
            piece = line.text
            piece.truncate(width)
            text.append_text(piece)
        return text

    def layout(self, width: int, height: int) -> list[Line]:
        """The richest arrangement that fits: boxed cards (and a hand of cards),
        card blocks, one line each."""
        attempts = []
        for detail, hand_cards in (("boxed", True), ("boxed", False), ("block", False), ("inline", False)):
            if detail == "boxed" and width < 64:
                continue
            # A line on the last attack is worth more than the blank lines between sections.
            for last_attack, spacing in (
                (True, "all"),
                (True, "some"),
                (False, "all"),
                (False, "some"),
                (False, "none"),
            ):
                sections = self.sections(width, detail, spacing, hand_cards, last_attack)
                lines = [line for section in sections for line in section]
                attempts.append(lines)
                if len(lines) <= height:
                    return lines
        return attempts[-1]

    def sections(
        self, width: int, detail: str, spacing: str, hand_cards: bool = False, last_attack: bool = False
    ) -> list[list[Line]]:
        """The board top to bottom, with a blank line between all sections, or
        only some (after the fortresses, before the hand), or none."""
        parts: list[list[Line]] = []
        banner = self.end_banner(width)
        if banner:
            parts.append(banner)
        for seat in self.seat_order():
            parts.append(self.fortress_row(seat, width, detail))
        if hand_cards:
            parts.append(self.pile_cards(width))
        else:
            parts.append(self.piles(width, compact=detail != "boxed"))
        panel = self.panel(width, detail, last_attack)
        if panel:
            parts.append(panel)
        if hand_cards:
            parts.append(self.hand_cards(width))
        else:
            parts.append(self.hand(width, compact=detail != "boxed"))
        if spacing == "none":
            return parts
        after_fortresses = len(parts) - (3 if panel else 2)
        spaced: list[list[Line]] = []
        for index, part in enumerate(parts):
            if index and (spacing == "all" or index in (after_fortresses, len(parts) - 1)):
                spaced.append([Line()])
            spaced.append(part)
        return spaced

    # --- fortresses ------------------------------------------------------------

    def fortress_row(self, seat: int, width: int, detail: str) -> list[Line]:
        state = self.state
        player = state.players[seat]
        head = Line()
        ink = INK.get(player.colour, "")
        turn = seat == state.turn and not state.ended_by
        head.add("\u25b6 " if turn else "  ", "bold")
        you = " (you)" if seat == self.viewer else ""
        head.add(f"{self.seat_name(seat)}{you}", f"bold {ink}")
        head.add(f" {player.colour}", ink)
        head.add(f"  hand {len(player.hand)}")
        if player.loot or state.variant != "two-player":
            head.add(f"  loot {len(player.loot)}", "dim")
        if player.out:
            head.add("  castle fallen: out", "bold reverse")
        elif state.winner == seat:
            head.add("  WINNER", "bold reverse")
        order = list(range(1, len(player.fortress))) + [0]  # the Walls in front, the Castle behind
        if detail == "boxed":
            return [head] + self.boxed_cards(seat, order, width)
        return [head] + self.block_cards(seat, order, width, lines=2 if detail == "block" else 1)

    def card_title(self, slot: int, short: bool = False) -> str:
        if slot == 0:
            return "C" if short else "Castle"
        return f"W{slot}" if short else f"Wall {slot}"

    def card_mark(self, seat: int, slot: int) -> str:
        spot = ("fort", seat, slot)
        if spot == self.marks.selected:
            return " reverse"
        if spot in self.marks.lit:
            return " bold underline"
        assault = self.state.assault
        if assault.attacker >= 0 and not assault.outcome and (assault.defender, assault.slot) == (seat, slot):
            return " reverse"  # the card under attack right now
        return ""

    def block_cards(self, seat: int, order: list[int], width: int, lines: int) -> list[Line]:
        """Each card a coloured block: title and shields, then its stationed cards."""
        player = self.state.players[seat]
        count = len(order)
        card_width = max(8, min(16, (width - 2 - count - 2) // count))
        rows = [Line().add("  ") for _ in range(lines)]
        for index, slot in enumerate(order):
            if slot == 0 and index:
                for row in rows:
                    row.add(" \u2551 ", "dim")  # ║ the Castle stands behind the Walls
            elif index:
                for row in rows:
                    row.add(" ")
            card = player.fortress[slot]
            face = FACE.get(player.colour, "") + self.card_mark(seat, slot)
            texts = self.block_texts(card, slot, card_width, lines)
            for row, (piece, extra) in zip(rows, texts, strict=True):
                row.add(piece, f"{extra} {face}".strip())
        return rows

    def block_texts(self, card: FortressCard, slot: int, width: int, lines: int) -> list[tuple[str, str]]:
        if not card.standing:
            if lines == 1:
                return [
                    (f"{self.card_title(slot, True)} {FACE_DOWN * (width - 3)}"[:width].ljust(width), "dim")
                ]
            back = (
                f" {FACE_DOWN * 2} down {FACE_DOWN * 2}" if width >= 11 else f" {FACE_DOWN} down {FACE_DOWN}"
            )
            return [
                (f" {self.card_title(slot)}"[:width].ljust(width), "dim strike"),
                (back[:width].ljust(width), "dim"),
            ]
        shields = f"{SHIELD}{game.card_shields(card)}"
        # Each stationed card by its code, then a dot per free slot (a card holds as many as its shields).
        free = max(0, game.base_shields(card) - len(card.stationed))
        units = " ".join([unit_code(unit) for unit in card.stationed] + ["\u00b7"] * free)
        if lines == 1:
            body = f"{self.card_title(slot, True)} {shields} {units}"
            return [(body[:width].ljust(width), "bold")]
        top = f" {self.card_title(slot)} {shields}"
        if len(top) > width:
            top = f" {self.card_title(slot)}{shields}"
        return [(top[:width].ljust(width), "bold"), ((" " + units)[:width].ljust(width), "")]

    def boxed_cards(self, seat: int, order: list[int], width: int) -> list[Line]:
        """Each card in a box: title and shields on top, one line per slot, the sum below."""
        player = self.state.players[seat]
        count = len(order)
        box_width = max(14, min(20, (width - 2 - count - 2) // count))
        inner = box_width - 2
        rows = [Line().add("  ") for _ in range(5)]
        for index, slot in enumerate(order):
            if slot == 0 and index:
                for row in rows:
                    row.add(" \u2551 ", "dim")
            elif index:
                for row in rows:
                    row.add(" ")
            card = player.fortress[slot]
            ink = INK.get(player.colour, "")
            mark = self.card_mark(seat, slot)
            border = f"{ink}{mark}"
            slots = game.base_shields(card)
            name = self.card_title(slot)
            if not card.standing:
                top = f"\u250c {name} fallen ".ljust(inner + 1, "\u2500") + "\u2510"
                rows[0].add(top[:box_width], f"dim{mark}")
                for row in rows[1:4]:
                    row.add("\u2502", "dim").add(FACE_DOWN * inner, "dim").add("\u2502", "dim")
                rows[4].add("\u2514" + "\u2500" * inner + "\u2518", "dim")
                continue
            shields = f" {SHIELD}{game.card_shields(card)} "
            top = f"\u250c {name} ".ljust(inner + 1 - len(shields), "\u2500") + shields + "\u2510"
            rows[0].add(top[:box_width], f"bold {border}")
            for line in range(3):
                row = rows[1 + line]
                row.add("\u2502", border)
                if line < len(card.stationed):
                    row.add(f" {unit_name(card.stationed[line])}"[:inner].ljust(inner), "bold")
                elif line < slots:
                    row.add(" \u00b7 free"[:inner].ljust(inner), "dim")
                else:
                    row.add(" " * inner)
                row.add("\u2502", border)
            parts = [str(slots)] + [str(STRENGTH.get(unit, 0)) for unit in card.stationed]
            sum_text = f" {'+'.join(parts)} = {game.card_shields(card)} " if card.stationed else ""
            bottom = ("\u2514\u2500" + sum_text).ljust(inner + 1, "\u2500") + "\u2518"
            rows[4].add(bottom[:box_width], border)
        return rows

    # --- piles -----------------------------------------------------------------

    def piles(self, width: int, compact: bool) -> list[Line]:
        state = self.state
        siege = len(state.siege_deck) + len(state.siege_under)
        academy = len(state.academy_deck) + len(state.academy_under)
        dungeon = len(state.dungeon_deck) + len(state.dungeon_under)
        top = f" (top {card_name(state.discard[-1], short=True)})" if state.discard and not compact else ""
        pieces = [
            (f"{'Deck' if compact else 'Village deck'} {len(state.village_deck)}", ""),
            (f"Discard {len(state.discard)}{top}", ""),
            (f"Siege {siege}", ""),
            (f"Academy {academy}", ""),
            (f"Dungeon {dungeon}", ""),
        ]
        if state.open_dungeon:
            data = CARDS[state.open_dungeon]
            text = (
                f"open: danger {data.danger}/treasure {data.treasure}"
                if compact
                else f"Open dungeon: danger {data.danger}, treasure {data.treasure}"
            )
            pieces.append((text, "bold"))
        return self.flow(pieces, width, SEPARATOR if not compact else "  ")

    def pile_cards(self, width: int) -> list[Line]:
        """The piles as small stacks of cards (roomy terminals), the open dungeon face up."""
        state = self.state
        top = card_name(state.discard[-1], short=True) if state.discard else "empty"
        piles = [
            ("Village", f"{len(state.village_deck)} cards", ""),
            ("Discard", f"{len(state.discard)}, top {top}" if state.discard else "empty", ""),
            ("Siege", str(len(state.siege_deck) + len(state.siege_under)), ""),
            ("Academy", str(len(state.academy_deck) + len(state.academy_under)), ""),
            ("Dungeon", str(len(state.dungeon_deck) + len(state.dungeon_under)), ""),
        ]
        if state.open_dungeon:
            data = CARDS[state.open_dungeon]
            piles.append(("Open dungeon", f"danger {data.danger}, {data.treasure} cards", "bold"))
        rows = [Line() for _ in range(3)]
        for index, (name, body, style) in enumerate(piles):
            inner = max(len(name) + 2, len(body) + 2, 9)
            if len(rows[0]) + inner + 3 > width:
                break
            if index:
                for row in rows:
                    row.add(" ")
            border = "bold" if style else "dim"
            rows[0].add(f"\u256d {name} ".ljust(inner + 1, "\u2500") + "\u256e", border)
            rows[1].add("\u2502", border).add(f" {body}".ljust(inner), style).add("\u2502", border)
            rows[2].add("\u2570" + "\u2500" * inner + "\u256f", border)
        return rows

    def flow(self, pieces: list[tuple[str, str]], width: int, separator: str, indent: str = "") -> list[Line]:
        """Pieces laid out left to right, wrapping to the width."""
        lines = [Line().add(indent)]
        for piece, style in pieces:
            line = lines[-1]
            gap = separator if len(line) > len(indent) else ""
            if len(line) + len(gap) + len(piece) > width and len(line) > len(indent):
                line = Line().add(" " * len(indent))
                lines.append(line)
                gap = ""
            line.add(gap, "dim").add(piece, style)
        return lines

    # --- hand ------------------------------------------------------------------

    def hand(self, width: int, compact: bool) -> list[Line]:
        player = self.state.players[self.viewer]
        cards = [card for card in player.hand]
        label = f"Your hand ({len(cards)}): " if not compact else f"Hand {len(cards)}: "
        if not cards:
            return [Line().add(label, "bold").add("empty", "dim")]
        pieces = []
        for card, count in grouped(cards):
            text = card_name(card, short=compact) + (f" x{count}" if count > 1 else "")
            spot = ("hand", card)
            style = card_style(card)
            if spot == self.marks.selected:
                style += " reverse"
            elif spot in self.marks.lit:
                style += " underline"
            pieces.append((text, style))
        lines = self.flow([(label, "bold")] + pieces, width, ", " if compact else SEPARATOR)
        # The label is its own piece: no separator right after it.
        first = lines[0].text
        plain = first.plain
        if plain.startswith(label + (", " if compact else SEPARATOR)):
            cut = len(label)
            gap = len(", " if compact else SEPARATOR)
            lines[0].text = first[:cut] + first[cut + gap :]
        return lines

    def hand_cards(self, width: int) -> list[Line]:
        """The hand as a row of small cards (roomy terminals): name, worth, how many."""
        player = self.state.players[self.viewer]
        head = Line().add(f"Your hand ({len(player.hand)})", "bold")
        if not player.hand:
            return [head.add("  empty", "dim")]
        box_width, inner = 15, 13
        per_row = max(1, (width + 1) // (box_width + 1))
        cards = grouped(player.hand)
        lines = [head]
        for start in range(0, len(cards), per_row):
            rows = [Line() for _ in range(4)]
            for index, (card, count) in enumerate(cards[start : start + per_row]):
                if index:
                    for row in rows:
                        row.add(" ")
                spot = ("hand", card)
                mark = (
                    " reverse" if spot == self.marks.selected else " bold" if spot in self.marks.lit else ""
                )
                colour = COLOUR.get(card, "")
                border = (INK[colour] if colour else "dim" if not mark else "") + mark
                name, note = card_face(card)
                times = f" x{count} " if count > 1 else ""
                rows[0].add("\u256d" + "\u2500" * (inner - len(times)) + times + "\u256e", border)
                rows[1].add("\u2502", border).add(f" {name}"[:inner].ljust(inner), card_style(card) or "bold")
                rows[1].add("\u2502", border)
                rows[2].add("\u2502", border).add(f" {note}"[:inner].ljust(inner), "")
                rows[2].add("\u2502", border)
                rows[3].add("\u2570" + "\u2500" * inner + "\u256f", border)
            lines += rows
        return lines

    # --- the attack panel ------------------------------------------------------------

    def panel(self, width: int, detail: str, last_attack: bool = False) -> list[Line]:
        state = self.state
        outlook = attack_outlook(state)
        if outlook is not None:
            return self.attack_panel(outlook, width, detail)
        top = state.pending[-1] if state.pending else None
        if top is not None and top.kind == "select" and top.purpose == "explore":
            return self.explore_panel(top)
        if top is not None and top.kind == "select" and top.purpose == "build":
            paid = ", ".join(card_name(card) for card in top.selected) or "nothing yet"
            return [Line().add(" BUILD ", "bold reverse").add(f" paid {len(top.selected)} of 4: {paid}")]
        if last_attack and state.assault.outcome:
            return [self.last_attack_line(compact=detail != "boxed")]
        return []

    def target_text(self, assault) -> str:
        where = f"{self.seat_name(assault.defender)}'s {self.card_title(assault.slot)}"
        return f"the units on {where}" if assault.garrison else where

    def attack_panel(self, outlook, width: int, detail: str) -> list[Line]:
        state = self.state
        assault = state.assault
        top = state.pending[-1] if state.pending else None
        head = Line().add(" NIGHT ATTACK " if assault.night else " ATTACK ", "bold reverse")
        head.add(f" {self.seat_name(assault.attacker)} {ARROW} {self.target_text(assault)}", "bold")
        shown = [(c.owner, c.card) for c in assault.cards]
        picking: list[tuple[int, str]] = []
        reacting: list[str] = []
        if top is not None and top.kind == "select":
            if top.purpose in ("attack", "support"):
                picking = [(top.seat, card) for card in top.selected]
            elif top.purpose == "react":
                reacting = list(top.selected)
        compact = detail != "boxed"
        pieces = []
        for owner, card in shown + picking:
            if card == HIDDEN:
                # Night cards stay face down; others' cards still being chosen are not shown yet.
                text = "face down" if assault.night else "a card being chosen"
            else:
                text = card_name(card, short=compact)
            if owner != assault.attacker:
                text += f" ({self.seat_name(owner)})"
            pieces.append((text, card_style(card) if card != HIDDEN else "dim"))
        for reaction in list(assault.reactions) + reacting:
            effect = {"trap": "Trap -2", "shield-wall": "Shield Wall +2"}.get(reaction, title(reaction))
            pieces.append((effect, "italic"))
        swords = Line().add(f" Swords {outlook.swords}", "bold").add(": " if pieces else ": none yet")
        sword_lines = self.flow(pieces, width, ", ", indent="")
        if sword_lines and len(sword_lines[0]) + len(swords) <= width:
            first = sword_lines.pop(0)
            swords.text.append_text(first.text)
        card = state.players[assault.defender].fortress[assault.slot]
        defence = [str(self.card_title(assault.slot))] if not assault.garrison else []
        defence += [unit_name(unit) for unit in card.stationed]
        defence += ["Shield Wall +2" for r in list(assault.reactions) + reacting if r == "shield-wall"]
        shields = Line().add(f" Shields {outlook.shields}", "bold").add(": " + ", ".join(defence))
        verdict = Line()
        if outlook.hidden:
            verdict.add(f" + {outlook.hidden} face-down card(s) of unknown swords", "italic")
        else:
            against = f" {outlook.swords} against {outlook.shields}: "
            if outlook.succeeds:
                verdict.add(against).add("would succeed", "bold green")
            else:
                tie = " (a tie fails)" if outlook.swords == outlook.shields else ""
                verdict.add(against).add(f"would fail{tie}", "bold red")
        if not compact:
            body = [swords] + [self.indented(line, 2) for line in sword_lines] + [shields, verdict]
            ink = INK.get(state.players[assault.attacker].colour, "")
            return self.framed(head, body, width, f"bold {ink}")
        # At 80x24 the verdict shares the head or the shields line when it fits.
        lines = [head, swords] + [self.indented(line, 1) for line in sword_lines] + [shields]
        for line in (head, shields):
            if len(line) + len(verdict) + 1 <= width:
                line.add(" ")
                line.text.append_text(verdict.text)
                return lines
        return lines + [verdict]

    def framed(self, head: Line, body: list[Line], width: int, border: str) -> list[Line]:
        """Lines in a double-ruled frame with ``head`` set in its top edge (roomy terminals)."""
        inner = min(width - 2, max([56, len(head) + 2] + [len(line) + 1 for line in body]))
        top = Line().add("\u2554\u2550", border)
        top.text.append_text(head.text)
        top.add(" " + "\u2550" * max(0, inner - len(head) - 2) + "\u2557", border)
        lines = [top]
        for line in body:
            row = Line().add("\u2551", border)
            piece = line.text.copy()
            piece.truncate(inner, pad=True)
            row.text.append_text(piece)
            row.add("\u2551", border)
            lines.append(row)
        lines.append(Line().add("\u255a" + "\u2550" * inner + "\u255d", border))
        return lines

    def indented(self, line: Line, spaces: int) -> Line:
        out = Line().add(" " * spaces)
        out.text.append_text(line.text)
        return out

    def explore_panel(self, top) -> list[Line]:
        state = self.state
        torches = explore_torches(state)
        line = Line().add(" EXPLORE ", "bold reverse").add(f" {torches} torch{'es' if torches != 1 else ''}")
        if state.open_dungeon:
            data = CARDS[state.open_dungeon]
            line.add(f" against danger {data.danger} (the open dungeon)")
        else:
            line.add(" against the next dungeon (unseen)")
        chosen = ", ".join(card_name(card) for card in top.selected)
        lines = [line]
        if chosen:
            lines.append(Line().add(f" Explorers: {chosen}"))
        return lines

    def last_attack_line(self, compact: bool = False) -> Line:
        assault = self.state.assault
        if compact:
            verdict = "won" if assault.outcome == "success" else "failed"
            return Line().add(
                f"Last: {self.seat_name(assault.attacker)} {ARROW} {self.target_text(assault)} "
                f"{verdict} {assault.swords}-{assault.shields}",
                "dim",
            )
        verdict = "succeeded" if assault.outcome == "success" else "failed"
        line = Line().add(" Last attack: ", "dim")
        line.add(
            f"{self.seat_name(assault.attacker)} on {self.target_text(assault)} {verdict}, "
            f"{assault.swords} swords against {assault.shields} shields",
            "dim",
        )
        return line

    # --- the end -------------------------------------------------------------

    def end_banner(self, width: int) -> list[Line]:
        state = self.state
        if not state.ended_by:
            return []
        result = game.result(state)
        winners = " and ".join(self.seat_name(seat) for seat in result.winners) or "Nobody"
        line = Line().add(" GAME OVER ", "bold reverse")
        line.add(f" {winners} win{'s' if len(result.winners) == 1 else ''}! ", "bold")
        fallen = [self.seat_name(seat) for seat, player in enumerate(state.players) if player.out]
        lines = [line]
        detail = Line().add(f" {result.decided_by}", "italic")
        if fallen:
            detail.add(f" Fallen: {', '.join(fallen)}.")
        lines.append(detail)
        return lines
