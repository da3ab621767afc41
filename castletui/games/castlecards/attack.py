"""The attack panel: what is happening on the table right now. An attack
under way (attacker, target, the cards played and the supports under
Swords, the reactions under what they do, the target and its defenders
under Shields, and swords against shields, live while cards are picked);
Explorers going into the dungeon; a build being paid; else the last attack
weighed, and at the end who won and who fell.

Totals and verdicts come from the rules (``attack_outlook``,
``attack_parts``, ``explore_torches``, ``build_paid``, ``result``).
"""

from __future__ import annotations

from textual.widget import Widget

from castletui.games.castlecards.lines import ARROW, INK, Line, TablePart, card_style, flow, slot_title
from castletui.rules import castlecards as game
from castletui.rules.castlecards import (
    CARDS,
    HIDDEN,
    attack_outlook,
    attack_parts,
    build_paid,
    card_name,
    count_words,
    explore_torches,
    picking,
)


def words(text: str, style: str = "") -> list[tuple[str, str]]:
    """A sentence as pieces that wrap between words."""
    return [(word, style) for word in text.split()]


class AttackPanel(TablePart, Widget):
    """The attack (or explore, or build) under way, the last attack, the end."""

    show_last = True
    """Whether the line on the last attack is shown (the screen leaves it out when room is short)."""

    def lines(self, width: int, detail: str | None = None) -> list[Line]:
        detail = detail or self.detail
        state = self.state
        out: list[Line] = []
        if state.ended_by:
            out += self.end_banner(width)
        outlook = attack_outlook(state)
        step = picking(state)
        if outlook is not None:
            out += self.attack_panel(outlook, width, detail)
        elif step is not None and step.purpose == "explore":
            out += self.explore_panel(step, width)
        elif step is not None and step.purpose == "build":
            paid, cost = build_paid(state)
            chosen = ", ".join(card_name(card) for card in step.selected) or "nothing yet"
            out += flow(
                words(chosen),
                width,
                " ",
                " ",
                first=Line(" BUILD ", "bold reverse").add(f" paid {paid} of {cost}: "),
            )
        elif self.show_last and state.assault.outcome and not state.ended_by:
            out += self.last_attack(width, compact=detail != "roomy")
        return out

    def target_text(self, assault) -> str:
        where = f"{self.seat_name(assault.defender)}'s {slot_title(assault.slot)}"
        return f"the units on {where}" if assault.garrison else where

    # --- an attack under way ---------------------------------------------------

    def attack_panel(self, outlook, width: int, detail: str) -> list[Line]:
        state = self.state
        assault = state.assault
        parts = attack_parts(state)
        head = Line(" NIGHT ATTACK " if assault.night else " ATTACK ", "bold reverse")
        head.add(f" {self.seat_name(assault.attacker)} {ARROW} {self.target_text(assault)}", "bold")
        compact = detail != "roomy"
        pieces = []
        for owner, card, knocked in parts.cards:
            if card == HIDDEN:
                # Night cards stay face down; others' cards still being chosen are not shown yet.
                text, style = ("face down" if assault.night else "a card being chosen"), "dim"
            else:
                text, style = card_name(card, short=compact), card_style(card)
            if owner != assault.attacker:
                text += f" ({self.seat_name(owner)})"
            if knocked:
                style += " strike dim"
            pieces.append((text, style))
        pieces += [(effect, "italic") for effect in parts.against_swords]
        swords = Line(f" Swords {outlook.swords}", "bold").add(": " if pieces else ": none yet")
        sword_lines = flow(pieces, width - (2 if not compact else 0), ", ", " ", first=swords)
        shields = flow(
            [
                (piece + ("," if index < len(parts.shields) - 1 else ""), "")
                for index, piece in enumerate(parts.shields)
            ],
            width - (2 if not compact else 0),
            " ",
            " ",
            first=Line(f" Shields {outlook.shields}", "bold").add(": "),
        )
        verdict = Line()
        if outlook.hidden:
            verdict.add(
                f" + {count_words(outlook.hidden, 'card', 'cards')} face down, swords unknown", "italic"
            )
        else:
            verdict.add(f" {outlook.swords} against {outlook.shields}: ")
            verdict.add(game.verdict(outlook), "bold green" if outlook.succeeds else "bold red")
        if not compact:
            ink = INK.get(state.players[assault.attacker].colour, "")
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

    def explore_panel(self, step, width: int) -> list[Line]:
        state = self.state
        torches = count_words(explore_torches(state), "torch", "torches")
        line = Line(" EXPLORE ", "bold reverse").add(f" {torches}")
        if state.open_dungeon:
            data = CARDS[state.open_dungeon]
            line.add(f" against danger {data.danger} (the open dungeon)")
        else:
            line.add(" against the next dungeon (unseen)")
        lines = [line]
        chosen = ", ".join(card_name(card) for card in step.selected)
        if chosen:
            lines += flow(words(chosen), width, " ", " ", first=Line(" Explorers: "))
        return lines

    def last_attack(self, width: int, compact: bool) -> list[Line]:
        assault = self.state.assault
        if compact:
            verdict = "won" if assault.outcome == "success" else "failed"
            text = (
                f"Last: {self.seat_name(assault.attacker)} {ARROW} {self.target_text(assault)} "
                f"{verdict} {assault.swords}-{assault.shields}"
            )
            return [Line(text, "dim")]
        verdict = "succeeded" if assault.outcome == "success" else "failed"
        text = (
            f"Last attack: {self.seat_name(assault.attacker)} on {self.target_text(assault)} {verdict}, "
            f"{count_words(assault.swords, 'sword', 'swords')} against "
            f"{count_words(assault.shields, 'shield', 'shields')}"
        )
        return flow(words(text, "dim"), width, " ", "  ", first=Line())

    def end_banner(self, width: int) -> list[Line]:
        state = self.state
        result = game.result(state)
        winners = " and ".join(self.seat_name(seat) for seat in result.winners) or "Nobody"
        line = Line(" GAME OVER ", "bold reverse")
        line.add(f" {winners} win{'s' if len(result.winners) == 1 else ''}!", "bold")
        fallen = [self.seat_name(seat) for seat, player in enumerate(state.players) if player.out]
        text = result.decided_words()  # as the score sheet says it
        if fallen:
            text = f"{text.rstrip('.')}. Fallen: {', '.join(fallen)}."
        # Word by word: every name shows, however many fell (3-4 players at 80x24).
        return [line] + flow(words(text, "italic"), width, " ", " ")
