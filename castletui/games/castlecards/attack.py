"""The attack panel: what is happening on the table right now. An attack
under way (attacker, target, the cards played and the supports under
Swords, the reactions under what they do, the target and its defenders
under Shields, and swords against shields, live while cards are picked);
Explorers going into the dungeon; a build being paid; else the last attack
weighed, and at the end who won and who fell.

Totals, verdicts and what each card does come weighed in the scene
(rules/castlecards/scene.py): the panel only lays them out.
"""

from __future__ import annotations

from textual.widget import Widget

from castletui.games.castlecards.lines import (
    ARROW,
    INK,
    Line,
    TablePart,
    card_style,
    count_words,
    flow,
    slot_title,
)
from castletui.rules.castlecards import Exploring, LastAttack, OngoingAttack


def words(text: str, style: str = "") -> list[tuple[str, str]]:
    """A sentence as pieces that wrap between words."""
    return [(word, style) for word in text.split()]


def counted(pieces: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Alike pieces once each, in first-seen order, with " x2" when there are more."""
    counts: dict[tuple[str, str], int] = {}
    for piece in pieces:
        counts[piece] = counts.get(piece, 0) + 1
    out = []
    for (text, style), count in counts.items():
        if count > 1:
            # The count goes after the card, before whose it is: "face down x3 (Wei)".
            name, owner = (text.split(" (", 1) + [""])[:2]
            text = f"{name} x{count}" + (f" ({owner}" if owner else "")
        out.append((text, style))
    return out


class AttackPanel(TablePart, Widget):
    """The attack (or explore, or build) under way, the last attack, the end."""

    show_last = True
    """Whether the line on the last attack is shown (the screen leaves it out when room is short)."""

    def lines(self, width: int, detail: str | None = None) -> list[Line]:
        detail = detail or self.detail
        scene = self.scene
        out: list[Line] = []
        if scene.ending is not None:
            out += self.end_banner(width)
        chosen = ", ".join(card.name for card in scene.choosing.selected) if scene.choosing else ""
        if scene.attack is not None:
            out += self.attack_panel(scene.attack, width, detail)
        elif scene.exploring is not None:
            out += self.explore_panel(scene.exploring, chosen, width)
        elif scene.building is not None:
            building = scene.building
            out += flow(
                words(chosen or "nothing yet"),
                width,
                " ",
                " ",
                first=Line(" BUILD ", "bold reverse").add(f" paid {building.paid} of {building.cost}: "),
            )
        elif self.show_last and scene.last is not None:
            out += self.last_attack(scene.last, width, compact=detail != "roomy")
        return out

    def target_text(self, assault: OngoingAttack | LastAttack) -> str:
        where = f"{self.seat_name(assault.defender)}'s {slot_title(assault.slot)}"
        return f"the units on {where}" if assault.garrison else where

    # --- an attack under way ---------------------------------------------------

    def attack_panel(self, assault: OngoingAttack, width: int, detail: str) -> list[Line]:
        head = Line(" NIGHT ATTACK " if assault.night else " ATTACK ", "bold reverse")
        head.add(f" {self.seat_name(assault.attacker)} {ARROW} {self.target_text(assault)}", "bold")
        compact = detail != "roomy"
        pieces = []
        for played in assault.cards:
            card = played.card
            if card is None:
                # Night cards stay face down; others' cards still being chosen are not shown yet.
                text, style = ("face down" if assault.night else "a card being chosen"), "dim"
            else:
                text, style = (card.short if compact else card.name), card_style(card)
            if played.owner != assault.attacker:
                text += f" ({self.seat_name(played.owner)})"
            if played.knocked:
                style += " strike dim"
            pieces.append((text, style))
        if compact:
            # At 80x24 alike cards are counted: a Night attack's face-down cards and the
            # supports' as "face down x3 (Wei)", so the panel keeps to a few lines.
            pieces = counted(pieces)
        pieces += [(effect, "italic") for effect in assault.against_swords]
        # "?" while cards face down to this seat hide the total (the scene knows no number then).
        total = "?" if assault.swords is None else assault.swords
        swords = Line(f" Swords {total}", "bold").add(": " if pieces else ": none yet")
        sword_lines = flow(pieces, width - (2 if not compact else 0), ", ", " ", first=swords)
        shields = flow(
            [
                (piece + ("," if index < len(assault.shields_from) - 1 else ""), "")
                for index, piece in enumerate(assault.shields_from)
            ],
            width - (2 if not compact else 0),
            " ",
            " ",
            first=Line(f" Shields {assault.shields}", "bold").add(": "),
        )
        verdict = Line()
        if assault.hidden and compact:
            # The face-down cards are counted on the Swords line already.
            verdict.add(" swords unknown", "italic")
        elif assault.hidden:
            verdict.add(
                f" + {count_words(assault.hidden, 'card', 'cards')} face down, swords unknown", "italic"
            )
        else:
            verdict.add(f" {assault.swords} against {assault.shields}: ")
            verdict.add(assault.verdict, "bold green" if assault.succeeds else "bold red")
        if not compact:
            ink = INK.get(self.scene.fortresses[assault.attacker].colour, "")
            return self.framed(head, sword_lines + shields + [verdict], width, f"bold {ink}")
        # At 80x24 the verdict shares the head or the shields line when it fits.
        lines = [head] + sword_lines + shields
        for line in (head, shields[-1]):
            if len(line) + len(verdict) + 1 <= width:
                line.add(" ").join(verdict)
                return lines
        return lines + [verdict]

    def framed(self, head: Line, body: list[Line], width: int, border: str) -> list[Line]:
        """Lines in a double-ruled frame with ``head`` set in its top edge (roomy terminals)."""
        inner = min(width - 2, max([56, len(head) + 2] + [len(line) + 1 for line in body]))
        lines = [
            Line("\u2554\u2550", border)
            .join(head)
            .add(" " + "\u2550" * max(0, inner - len(head) - 2) + "\u2557", border)
        ]
        for line in body:
            piece = line.text.copy()
            piece.truncate(inner, pad=True)
            row = Line("\u2551", border)
            row.text.append_text(piece)
            lines.append(row.add("\u2551", border))
        lines.append(Line("\u255a" + "\u2550" * inner + "\u255d", border))
        return lines

    # --- explore, the last attack, the end ------------------------------------------

    def explore_panel(self, exploring: Exploring, chosen: str, width: int) -> list[Line]:
        torches = count_words(exploring.torches, "torch", "torches")
        line = Line(" EXPLORE ", "bold reverse").add(f" {torches}")
        if exploring.danger is not None:
            line.add(f" against danger {exploring.danger} (the open dungeon)")
        else:
            line.add(" against the next dungeon (unseen)")
        lines = [line]
        if chosen:
            lines += flow(words(chosen), width, " ", " ", first=Line(" Explorers: "))
        return lines

    def last_attack(self, assault: LastAttack, width: int, compact: bool) -> list[Line]:
        if compact:
            verdict = "won" if assault.succeeded else "failed"
            text = (
                f"Last: {self.seat_name(assault.attacker)} {ARROW} {self.target_text(assault)} "
                f"{verdict} {assault.swords}-{assault.shields}"
            )
            return [Line(text, "dim")]
        verdict = "succeeded" if assault.succeeded else "failed"
        text = (
            f"Last attack: {self.seat_name(assault.attacker)} on {self.target_text(assault)} {verdict}, "
            f"{count_words(assault.swords, 'sword', 'swords')} against "
            f"{count_words(assault.shields, 'shield', 'shields')}"
        )
        return flow(words(text, "dim"), width, " ", "  ", first=Line())

    def end_banner(self, width: int) -> list[Line]:
        ending = self.scene.ending
        winners = " and ".join(self.seat_name(seat) for seat in ending.winners) or "Nobody"
        line = Line(" GAME OVER ", "bold reverse")
        line.add(f" {winners} win{'s' if len(ending.winners) == 1 else ''}!", "bold")
        fallen = [self.seat_name(seat) for seat in ending.fallen]
        text = ending.decided  # as the score sheet says it
        if fallen:
            text = f"{text.rstrip('.')}. Fallen: {', '.join(fallen)}."
        # Word by word: every name shows, however many fell (3-4 players at 80x24).
        return [line] + flow(words(text, "italic"), width, " ", " ")
