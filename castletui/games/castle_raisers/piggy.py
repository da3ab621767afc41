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
    MATERIAL_LEGEND,
    MATERIAL_STYLE,
    ROMAN,
    RaisersBoard,
    framed,
    wolves_legend,
    wrap,
)


class PiggyBoard(RaisersBoard):
    """The Piggy board (and, co-operative, the lines and the team's standing)."""

    def rows(self, width: int) -> list[Text]:
        scene = self.scene
        rows: list[Text] = []
        title = Text()
        title.append("Piggy board", style="bold")
        if scene.age:
            title.append(f": Age {ROMAN[scene.age]}, round {scene.round} of {scene.rounds_per_age}")
        rows.append(title)
        order = Text("Mother Pig: ")
        if scene.mother_pig >= 0:
            order.append(self.marks.name(scene.mother_pig), style="bold magenta")
        else:
            order.append("not drawn yet", style="dim")
        if scene.round_order and len(scene.castles) > 1:
            order.append("  order: ")
            for position, seat in enumerate(scene.round_order):
                if position:
                    order.append(", ")
                style = CURSOR if seat == self.marks.to_move else ""
                order.append(self.marks.name(seat)[:8], style=style)
        rows.append(order)
        rows += self._tiles(width, len(rows))
        supply = scene.supplies
        supplies = (
            f"Supply: Fortification {supply.fortification}, Prestige {supply.prestige}, "
            f"Attack {supply.attack}, Arrow {supply.arrow}"
        )
        rows += wrap(supplies, width, style="")
        bag = f"Bag: {sum(scene.bag)} wolves ({scene.bag_words or 'empty'})"
        rows += wrap(bag, width, style="")
        if scene.team is not None:
            rows += self._coop(width, len(rows))
        if not self.roomy:  # roomy: the castle above says it
            rows += wrap(f"{wolves_legend(scene)}. Tiles: {MATERIAL_LEGEND}.", width)
        return rows

    def _tiles(self, width: int, top: int) -> list[Text]:
        """The Wall tiles face up, still to be taken this round (``top``: the board row of the first)."""
        scene = self.scene
        rows = wrap(f"Wall tiles face up ({scene.wall_stack} more in the stack):", width, style="")
        line = Text(" ")
        if not scene.revealed:
            line.append("none face up", style="dim")
        for shown in scene.revealed:
            tile, face = shown.tile, framed(shown.face, shown.material)
            if line.cell_len + len(face) + 1 > width:
                rows.append(line)
                line = Text(" ")
            spot = ("tile", tile)
            x = line.cell_len
            self.place(spot, top + len(rows), x, x + len(face) - 1)
            material = MATERIAL_STYLE.get(shown.material, "")
            taken = tile == self.marks.tile and self.marks.to_move == self.marks.owner
            line.append(face, style=CURSOR if taken else self.spot_style(spot, material))
            line.append(" ")
        rows.append(line)
        return rows

    def _coop(self, width: int, top: int) -> list[Text]:
        scene = self.scene
        rows: list[Text] = []
        team, target, beat = scene.team.score, scene.team.target, scene.team.beat
        standing = Text()
        standing.append(f"Team {team:g} now, to beat {target}", style="bold")
        standing.append(" (ahead)" if beat else " (behind)", style="green" if beat else "red")
        rows.append(standing)
        rows.append(Text("Attack-token lines (? face down):", style="bold"))
        line = Text(" ")
        for index, entry in enumerate(scene.lines):
            region = entry.region or "?"
            text = f"{index + 1} {region}: {entry.wolves or 'no wolves'}"
            if entry.picked:
                text += " taken"
            if line.cell_len > 1 and line.cell_len + len(text) + 2 > width:
                rows.append(line)
                line = Text(" ")
            spot = ("line", index)
            x = line.cell_len
            self.place(spot, top + len(rows), x, x + len(text) - 1)
            base = "dim" if entry.picked else ("bold" if entry.region else "")
            line.append(text, style=self.spot_style(spot, base))
            line.append("  ")
        if not scene.lines:
            line.append("none laid out", style="dim")
        rows.append(line)
        held = len(scene.threats)
        rows.append(Text(f"Threat cards: {held} in play (t reads them)" if held else "No Threat cards"))
        return rows


__all__ = ["PiggyBoard"]
