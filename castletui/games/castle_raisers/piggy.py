"""Castle Raisers: the Piggy board, drawn in one render.

The age and round, the Mother Pig and the round's order, the Wall tiles
face up (spots: ("tile", id)), the supplies and the bag of wolves; in the
co-operative and solo games also the team's score against the wolves',
the Attack-token lines (spots: ("line", n)) and how many Threat cards
are in play (their text has a view of its own, key t).
"""

from __future__ import annotations

from rich.text import Text

from castletui.games.castle_raisers.ink import (
    CURSOR,
    MATERIAL_STYLE,
    ROMAN,
    RaisersBoard,
    wolves_legend,
    wrap,
)
from castletui.games.castle_raisers.menu import tile_face, wolves_short
from castletui.rules.castle_raisers import (
    ROUNDS_PER_AGE,
    SECTIONS,
    TILES,
    mother_pig_known,
    physical_attack_supply,
    team_standing,
)


class PiggyBoard(RaisersBoard):
    """The Piggy board (and, co-operative, the lines and the team's standing)."""

    def rows(self, width: int) -> list[Text]:
        view = self.game_view
        rows: list[Text] = []
        title = Text()
        title.append("Piggy board", style="bold")
        if view.age:
            title.append(f": Age {ROMAN[view.age]}, round {view.round} of {ROUNDS_PER_AGE}")
        rows.append(title)
        order = Text("Mother Pig: ")
        if mother_pig_known(view):
            order.append(self.marks.name(view.mother_pig), style="bold magenta")
        else:
            order.append("not drawn yet", style="dim")
        if view.round_order and len(view.castles) > 1:
            order.append("  order: ")
            for position, seat in enumerate(view.round_order):
                if position:
                    order.append(", ")
                style = CURSOR if seat == self.marks.to_move else ""
                order.append(self.marks.name(seat)[:8], style=style)
        rows.append(order)
        rows += self._tiles(width, len(rows))
        attack = physical_attack_supply(view) if view.lines else sum(view.attack_supply)
        supplies = (
            f"Supply: Fortification {view.fortification_supply}, Prestige {view.prestige_supply}, "
            f"Attack {attack}, Arrow {view.arrow_supply}"
        )
        rows += wrap(supplies, width, style="")
        bag = f"Bag: {sum(view.bag)} wolves ({wolves_short(view.bag) or 'empty'})"
        rows += wrap(bag, width, style="")
        if view.variant != "competitive":
            rows += self._coop(width, len(rows))
        if not self.roomy:  # roomy: the castle above says it
            rows += wrap(wolves_legend() + ".", width)
        return rows

    def _tiles(self, width: int, top: int) -> list[Text]:
        """The Wall tiles face up, still to be taken this round (``top``: the board row of the first)."""
        view = self.game_view
        rows = wrap(f"Wall tiles face up ({len(view.wall_stack)} more in the stack):", width, style="")
        line = Text(" ")
        if not view.revealed:
            line.append("none face up", style="dim")
        for tile in view.revealed:
            face = tile_face(tile)
            if line.cell_len + len(face) + 1 > width:
                rows.append(line)
                line = Text(" ")
            spot = ("tile", tile)
            x = line.cell_len
            self.place(spot, top + len(rows), x, x + len(face) - 1)
            material = MATERIAL_STYLE.get(TILES[tile].material, "")
            taken = tile == self.marks.tile and self.marks.to_move == self.marks.owner
            line.append(face, style=CURSOR if taken else self.spot_style(spot, material))
            line.append(" ")
        rows.append(line)
        return rows

    def _coop(self, width: int, top: int) -> list[Text]:
        view = self.game_view
        rows: list[Text] = []
        team, target, beat = team_standing(view)
        standing = Text()
        standing.append(f"Team {team:g} now, to beat {target}", style="bold")
        standing.append(" (ahead)" if beat else " (behind)", style="green" if beat else "red")
        rows.append(standing)
        rows.append(Text("Attack-token lines (? face down):", style="bold"))
        line = Text(" ")
        for index, entry in enumerate(view.lines):
            region = SECTIONS[entry.region] if entry.region >= 0 else "?"
            text = f"{index + 1} {region}: {wolves_short(entry.wolves) or 'no wolves'}"
            if entry.picked:
                text += " taken"
            if line.cell_len > 1 and line.cell_len + len(text) + 2 > width:
                rows.append(line)
                line = Text(" ")
            spot = ("line", index)
            x = line.cell_len
            self.place(spot, top + len(rows), x, x + len(text) - 1)
            base = "dim" if entry.picked else ("bold" if entry.region >= 0 else "")
            line.append(text, style=self.spot_style(spot, base))
            line.append("  ")
        if not view.lines:
            line.append("none laid out", style="dim")
        rows.append(line)
        held = sum(len(castle.threats) for castle in view.castles)
        rows.append(Text(f"Threat cards: {held} in play (t reads them)" if held else "No Threat cards"))
        return rows


__all__ = ["PiggyBoard", "tile_face"]
