"""Castle Raisers: one player's castle, drawn in one render.

The ring wall is unrolled into a band: twelve half-columns (four per
section: forests, sea, farmlands), the foundation at the bottom and each
level above it offset by half a tile (the brick pattern); a tile that runs
off the right end comes back on the left, because the wall is a ring.
Above the band, outside the wall, each region's wolves and how many would
enter now; below it, inside, the Village tokens (border locations sit on
the section borders), the Prestige and Attack piles and each section's
icon counts; then a legend of every short name used.

Spots: ("slot", level, slot) for the wall, ("loc", index) for the Village
locations, ("region", section) for the wolves a pouring is about, as the
rules' ``spot`` names them. They belong to the castle of the seat deciding:
another player's castle shows none lit and offers none.

Everything shown is read from the rules' scene (its ``CastleScene``: the
wall's slots with their columns and covered icons, the regions' wolves,
the Village, the counts): nothing is decided here.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from castletui.games.castle_raisers.ink import (
    COLOUR_STYLE,
    ICON_STYLE,
    ICON_TINY,
    MATERIAL_LEGEND,
    MATERIAL_STYLE,
    RaisersBoard,
    Row,
    edges,
    icon_short,
    wrap,
)

LABEL = 2
"""Cells left of the band: the level numbers."""
LEGEND = (
    "S soldier, L ladder, A archer, V vicious wolf",
    "→2 would get in · h2 wall height · ▒ Fortified",
    "{village}: {colour} token, {icon} · {count}: Prestige count",
    "Wall tiles: " + MATERIAL_LEGEND.replace("{", "{{").replace("}", "}}"),  # the lines are formatted
)
"""The short names of the castle, one line each (dim icons are covered: Help says so).
The tiles' edges come last: on a castle too tall for 80x24 that line scrolls first."""


class CastleBoard(RaisersBoard):
    """The castle of ``seat``; ``roomy`` (a tall board area) adds the
    Village location names and one line per other castle."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.seat = 0
        self.more_cells: dict[Hashable, tuple[int, int, int]] = {}
        """The second half of a slot that wraps round the ring."""

    def show_castle(self, seat: int) -> None:
        self.seat = seat
        self.refresh(layout=True)

    def clear_spots(self) -> None:
        super().clear_spots()
        self.more_cells = {}

    def spot_at(self, column: int, row: int) -> Hashable | None:
        found = super().spot_at(column, row)
        if found is not None:
            return found
        for spot, (spot_row, first, last) in self.more_cells.items():
            if spot_row == row and first <= column <= last:
                return spot
        return None

    @property
    def deciding(self) -> bool:
        """Whether the castle shown is the one the lit spots are about."""
        return self.seat == self.marks.owner

    def rows(self, width: int) -> list[Text]:
        scene = self.scene
        sections, columns = scene.glossary.sections, scene.glossary.columns
        seat = min(self.seat, len(scene.castles) - 1)
        castle = scene.castles[seat]
        half = max(3, min(7, (width - LABEL) // columns))
        section_width = half * columns // len(sections)
        band = LABEL + half * columns
        rows: list[Text] = [self._title(seat)]
        if not castle.board:
            rows.append(Text("No Castle board yet.", style="italic"))
            return rows

        # Outside: each region's wolves, and how many would enter now.
        wolves = Row(band)
        for section, region in enumerate(castle.regions):
            counts = region.wolves
            x = LABEL + section * section_width
            entering = region.entering
            text = region.words or "no wolves"
            if half == 3:
                text = text.replace(" ", "")
            style = "bold red" if counts[1] else ("red" if sum(counts) else "dim")
            spot = ("region", section)
            wolves.put(x + 1, text, self.spot_style(spot, style) if self.deciding else style)
            arrow = f"→{entering}"
            wolves.put(x + section_width - len(arrow) - 1, arrow, "bold red" if entering else "dim")
            if self.deciding:
                self.place(spot, len(rows), x + 1, x + section_width - 2)
        rows.append(wolves.text())

        # The section bar with each section's wall height.
        bar = Row(band)
        for section, name in enumerate(sections):
            x = LABEL + section * section_width
            bar.put(x, "─" * section_width, "dim")
            height = castle.heights[section]
            word = f" {name} height {height} " if half >= 5 else f" {name} h{height} "
            if len(word) >= section_width:  # under 80 columns: the section's first letters
                word = f" {name[:4]} h{height} "
            bar.put(x + 1, word, "bold")
            bar.put(x, "│", "dim")
        rows.append(bar.text())

        # The wall, top level first.
        for level in range(self._top_level(seat), 0, -1):
            rows.append(self._level_row(castle, level, half, len(rows)))
        rows.append(self._foundation_row(castle, half))

        # Inside: Village locations, piles, icon counts.
        rows += self._inside_rows(castle, section_width, band, len(rows), half)
        village = "b·Dis" if half >= 5 else "bDi"
        count = ("Pre" if half >= 5 else "Pr") + "1"
        legend = [
            line.format(village=village, colour="blue", icon="Dispatch", count=count) for line in LEGEND
        ]
        if self.roomy:  # room across, not down: one run of text
            legend = [" · ".join(legend)]
        for line in legend:
            rows += wrap(line, width)
        if self.roomy:
            rows += self._other_castles(width)
        return rows

    def _title(self, seat: int) -> Text:
        scene = self.scene
        castle = scene.castles[seat]
        title = Text()
        title.append(f"{self.marks.name(seat)}'s castle", style="bold")
        if scene.mother_pig == seat:
            title.append(" · ")
            title.append("Mother Pig", style="bold magenta")
        arrows = castle.arrows
        title.append(f" · {arrows} arrow{'s' if arrows != 1 else ''}")
        if len(scene.castles) > 1:
            title.append(f"  {seat + 1}/{len(scene.castles)}", style="dim")
        return title

    def _top_level(self, seat: int) -> int:
        """The highest level to draw: the wall's tiles, and the lit slots."""
        lit = (
            [s[1] for s in self.selectable if isinstance(s, tuple) and s[0] == "slot"]
            if self.deciding
            else []
        )
        castle = self.scene.castles[seat]
        return min(max([castle.levels, *lit]), len(castle.wall))  # the scene's wall: one level above

    def _icon(self, ability: str, half: int) -> str:
        if not ability:
            return ""
        return icon_short(self.scene, ability) if half >= 4 else ICON_TINY[ability]

    def _put_half(
        self,
        row: Row,
        x: int,
        half: int,
        is_right: bool,
        icon: str,
        frame: str,
        style: str,
        material: str = "",
    ) -> None:
        """One half-column of a tile: its edge (shaped by its material) and its icon."""
        left, right = edges(material)
        if is_right:
            row.put(x, icon.center(half - 1), style)
            row.put(x + half - 1, right, frame)
        else:
            row.put(x, left, frame)
            row.put(x + 1, icon.center(half - 1), style)

    def _level_row(self, castle, level: int, half: int, y: int) -> Text:
        row = Row(LABEL + half * self.scene.glossary.columns)
        row.put(0, f"{level}".rjust(LABEL - 1), "dim")
        marks = self.marks
        for place in castle.wall[level - 1]:
            spot = ("slot", level, place.slot)
            piece = place.piece or place.fortified
            style = self.spot_style(spot) if self.deciding else ""
            lit = style != ""
            for is_right, part in zip((False, True), place.halves, strict=True):
                x = LABEL + part.column * half
                if self.deciding:
                    # empty ones too: a click on one says why it cannot take the tile
                    if spot in self.spot_cells:
                        self.more_cells[spot] = (y, x, x + half - 1)
                    else:
                        self.place(spot, y, x, x + half - 1)
                if not piece and not lit:
                    continue
                if place.fortified:
                    fill = "▒" * (half - 2)
                    ink = style or "cyan"
                    self._put_half(row, x, half, is_right, fill, ink, ink)
                elif piece:
                    ink = "dim" if part.covered else ICON_STYLE.get(part.icon, "")
                    frame = MATERIAL_STYLE.get(place.material, "")
                    icon = self._icon(part.icon, half)
                    self._put_half(row, x, half, is_right, icon, frame, ink, place.material)
                else:
                    icon, material = "·" * (half - 2), ""
                    if spot == self.cursor and marks.fortification:
                        icon = "▒" * (half - 2)
                    elif spot == self.cursor and marks.face is not None:
                        face = marks.face  # the tile in hand, shown where it would go
                        icon = self._icon(face.right if is_right else face.left, half)
                        material = face.material
                    self._put_half(row, x, half, is_right, icon, style, style, material)
        return row.text()

    def _foundation_row(self, castle, half: int) -> Text:
        row = Row(LABEL + half * self.scene.glossary.columns)
        row.put(0, "0".rjust(LABEL - 1), "dim")
        for part in castle.foundation:
            is_right = part.column % 2 == 1
            ink = "dim" if part.covered or not part.icon else ICON_STYLE[part.icon]
            self._put_half(
                row, LABEL + part.column * half, half, is_right, self._icon(part.icon, half), "grey50", ink
            )
        return row.text()

    def _inside_rows(self, castle, section_width: int, band: int, y: int, half: int) -> list[Text]:
        rows: list[Text] = []
        village = Row(band)
        token_width = 5 if half >= 5 else 3
        section_count = len(self.scene.glossary.sections)
        for index, location in enumerate(castle.village):
            sections = location.sections
            spot = ("loc", index)
            if len(sections) == 1:
                section = sections[0]
                inner = sum(1 for other in castle.village[:index] if other.sections == sections)
                xs = [LABEL + section * section_width + section_width * (1 + inner) // 3 - token_width // 2]
            else:
                # the border between the two sections; farmlands|forests wraps round the ring
                boundary = max(sections) if set(sections) != {0, section_count - 1} else 0
                if boundary == 0:
                    xs = [LABEL, LABEL + section_count * section_width - token_width]
                else:
                    xs = [LABEL + boundary * section_width - token_width // 2]
            if location.token:
                if token_width == 5:
                    text = f"{location.colour[0]}·{icon_short(self.scene, location.icon)}"
                else:
                    text = location.colour[0] + ICON_TINY[location.icon]
                base = COLOUR_STYLE[location.colour]
            else:
                text, base = "·" * token_width, "dim"
            style = self.spot_style(spot, base) if self.deciding else base
            for x in xs:
                village.put(x, text.ljust(token_width), style)
                if self.deciding:
                    row = y
                    if spot in self.spot_cells:
                        self.more_cells[spot] = (row, x, x + token_width - 1)
                    else:
                        self.place(spot, row, x, x + token_width - 1)
        rows.append(village.text())
        piles = Row(band)
        counts = [Row(band), Row(band)]
        tiny = section_width < 15  # under 80 columns: the counts in two rows
        for section, counted in enumerate(castle.counts):
            x = LABEL + section * section_width + 1
            prestige, attack = castle.prestige[section], castle.attack[section]
            if section_width >= 20:
                piles.put(x, f"Prestige {prestige}  Attack {attack}")
            elif tiny:
                piles.put(x, f"Pres{prestige} Att{attack}")
            else:
                piles.put(x, f"Pres {prestige} Att {attack}")
            # the scene counts every icon but Village (it settles one villager: no count)
            for index, (ability, count) in enumerate(counted):
                row = counts[index * 2 // len(counted)] if tiny else counts[0]
                at = x + (index % 2) * 5 if tiny else x
                name = icon_short(self.scene, ability) if section_width >= 20 else ICON_TINY[ability]
                row.put(at, name, "dim")
                row.put(at + len(name), str(count), "bold" if count else "dim")
                if not tiny:
                    x += len(name) + len(str(count)) + 1
        rows.append(piles.text())
        rows += [row.text() for row in counts[: 2 if tiny else 1]]
        return rows

    def _other_castles(self, width: int) -> list[Text]:
        """Roomy boards: one line per other castle, so no one needs Tab to keep an eye on them."""
        scene = self.scene
        if len(scene.castles) < 2:
            return []
        rows = [Text("The other castles (Tab shows one):", style="bold")]
        for seat, castle in enumerate(scene.castles):
            if seat == self.seat or not castle.board:
                continue
            heights = "/".join(str(h) for h in castle.heights)
            entering = "/".join(str(region.entering) for region in castle.regions)
            line = Text()
            line.append(f"{self.marks.name(seat)[:10]:<10} ", style="bold")
            line.append(
                f"heights {heights}  wolves would enter {entering}  "
                f"Prestige {sum(castle.prestige)}  Attack {sum(castle.attack)}  arrows {castle.arrows}"
            )
            rows.append(line)
        return rows


__all__ = ["CastleBoard"]
