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

Everything shown is read from the view and the rules' own queries (the
wall's ``levels``/``piece_at``/``slot_columns``, ``ability_counts``,
``wolves_entering``, ``region_wolves``): nothing is decided here.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from castletui.games.castle_raisers.ink import (
    COLOUR_STYLE,
    ICON_STYLE,
    ICON_TINY,
    MATERIAL_STYLE,
    RaisersBoard,
    Row,
    wrap,
)
from castletui.games.castle_raisers.menu import ICON_SHORT, wolves_short
from castletui.rules.castle_raisers import (
    ABILITIES,
    COLUMNS,
    FORTIFICATION,
    FOUNDATION,
    LOCATION_SECTIONS,
    PORTIONS,
    SECTIONS,
    TILES,
    TOKENS,
    ability_counts,
    levels,
    mother_pig_known,
    piece_at,
    region_wolves,
    slot_columns,
    wolves_entering,
)

LABEL = 2
"""Cells left of the band: the level numbers."""
LEGEND = (
    "S soldier, L ladder, A archer, V vicious wolf",
    "→2 would get in · h2 wall height · ▒ Fortified",
    "{village}: {colour} token, {icon} · {count}: Prestige count",
)
"""The short names of the castle, one line each (dim icons are covered: Help says so)."""


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
        view = self.game_view
        seat = min(self.seat, len(view.castles) - 1)
        castle = view.castles[seat]
        half = max(3, min(7, (width - LABEL) // COLUMNS))
        section_width = half * COLUMNS // len(SECTIONS)
        band = LABEL + half * COLUMNS
        rows: list[Text] = [self._title(seat)]
        if not castle.board:
            rows.append(Text("No Castle board yet.", style="italic"))
            return rows

        # Outside: each region's wolves, and how many would enter now.
        wolves = Row(band)
        for section in range(len(SECTIONS)):
            counts = region_wolves(castle, section)
            x = LABEL + section * section_width
            entering = wolves_entering(castle, section)
            text = wolves_short(counts) or "no wolves"
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
        for section, name in enumerate(SECTIONS):
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
        rows += self._inside_rows(castle, half, section_width, band, len(rows))
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
        view, castle = self.game_view, self.game_view.castles[seat]
        title = Text()
        title.append(f"{self.marks.name(seat)}'s castle", style="bold")
        if view.mother_pig == seat and mother_pig_known(view):
            title.append(" · ")
            title.append("Mother Pig", style="bold magenta")
        arrows = castle.arrows
        title.append(f" · {arrows} arrow{'s' if arrows != 1 else ''}")
        if len(view.castles) > 1:
            title.append(f"  {seat + 1}/{len(view.castles)}", style="dim")
        return title

    def _top_level(self, seat: int) -> int:
        """The highest level to draw: the wall's tiles, and the lit slots."""
        lit = (
            [s[1] for s in self.selectable if isinstance(s, tuple) and s[0] == "slot"]
            if self.deciding
            else []
        )
        return max([levels(self.game_view.castles[seat].wall), *lit])

    def _icon(self, ability: str, half: int) -> str:
        if not ability:
            return ""
        return (ICON_SHORT if half >= 4 else ICON_TINY)[ability]

    def _put_half(
        self, row: Row, x: int, half: int, is_right: bool, icon: str, frame: str, style: str
    ) -> None:
        """One half-column of a tile: its bracket (the tile's edge) and its icon."""
        if is_right:
            row.put(x, icon.center(half - 1), style)
            row.put(x + half - 1, "]", frame)
        else:
            row.put(x, "[", frame)
            row.put(x + 1, icon.center(half - 1), style)

    def _level_row(self, castle, level: int, half: int, y: int) -> Text:
        row = Row(LABEL + half * COLUMNS)
        row.put(0, f"{level}".rjust(LABEL - 1), "dim")
        wall = castle.wall
        for slot in range(PORTIONS):
            spot = ("slot", level, slot)
            piece = piece_at(wall, level, slot) if level <= levels(wall) else ""
            style = self.spot_style(spot) if self.deciding else ""
            lit = style != ""
            for is_right, column in zip((False, True), slot_columns(level, slot), strict=True):
                x = LABEL + column * half
                if self.deciding:
                    # empty ones too: a click on one says why it cannot take the tile
                    if spot in self.spot_cells:
                        self.more_cells[spot] = (y, x, x + half - 1)
                    else:
                        self.place(spot, y, x, x + half - 1)
                if not piece and not lit:
                    continue
                if piece == FORTIFICATION:
                    fill = "▒" * (half - 2)
                    ink = style or "cyan"
                    self._put_half(row, x, half, is_right, fill, ink, ink)
                elif piece:
                    tile = TILES[piece]
                    ability = tile.right if is_right else tile.left
                    above = (slot if is_right else slot - 1) % PORTIONS
                    covered = piece_at(wall, level + 1, above) != ""
                    ink = "dim" if covered else ICON_STYLE.get(ability, "")
                    frame = MATERIAL_STYLE.get(tile.material, "")
                    self._put_half(row, x, half, is_right, self._icon(ability, half), frame, ink)
                else:
                    icon = "·" * (half - 2)
                    if spot == self.cursor and self.marks.tile == FORTIFICATION:
                        icon = "▒" * (half - 2)
                    elif spot == self.cursor and self.marks.tile in TILES:
                        tile = TILES[self.marks.tile]
                        icon = self._icon(tile.right if is_right else tile.left, half)
                    self._put_half(row, x, half, is_right, icon, style, style)
        return row.text()

    def _foundation_row(self, castle, half: int) -> Text:
        row = Row(LABEL + half * COLUMNS)
        row.put(0, "0".rjust(LABEL - 1), "dim")
        icons = FOUNDATION[castle.board]
        for portion in range(PORTIONS):
            for is_right in (False, True):
                column = 2 * portion + is_right
                ability = icons[column]
                covered = piece_at(castle.wall, 1, portion - (0 if is_right else 1)) != ""
                ink = "dim" if covered or not ability else ICON_STYLE[ability]
                self._put_half(
                    row, LABEL + column * half, half, is_right, self._icon(ability, half), "grey50", ink
                )
        return row.text()

    def _inside_rows(self, castle, half: int, section_width: int, band: int, y: int) -> list[Text]:
        rows: list[Text] = []
        village = Row(band)
        token_width = 5 if half >= 5 else 3
        for index, sections in enumerate(LOCATION_SECTIONS):
            token = castle.village[index]
            spot = ("loc", index)
            if len(sections) == 1:
                section = sections[0]
                inner = sum(1 for i in range(index) if LOCATION_SECTIONS[i] == sections)
                xs = [LABEL + section * section_width + section_width * (1 + inner) // 3 - token_width // 2]
            else:
                # the border between the two sections; farmlands|forests wraps round the ring
                boundary = max(sections) if set(sections) != {0, len(SECTIONS) - 1} else 0
                if boundary == 0:
                    xs = [LABEL, LABEL + len(SECTIONS) * section_width - token_width]
                else:
                    xs = [LABEL + boundary * section_width - token_width // 2]
            if token:
                data = TOKENS[token]
                if token_width == 5:
                    text = f"{data.colour[0]}·{ICON_SHORT[data.ability]}"
                else:
                    text = data.colour[0] + ICON_TINY[data.ability]
                base = COLOUR_STYLE[data.colour]
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
        per_section = ability_counts(castle)
        tiny = section_width < 15  # under 80 columns: the counts in two rows
        for section in range(len(SECTIONS)):
            x = LABEL + section * section_width + 1
            prestige, attack = castle.prestige[section], castle.attack[section]
            if section_width >= 20:
                piles.put(x, f"Prestige {prestige}  Attack {attack}")
            elif tiny:
                piles.put(x, f"Pres{prestige} Att{attack}")
            else:
                piles.put(x, f"Pres {prestige} Att {attack}")
            names_of = ICON_SHORT if section_width >= 20 else ICON_TINY
            # a Village icon settles one villager: it has no count
            counted = [ability for ability in ABILITIES if ability != "VIL"]
            for index, ability in enumerate(counted):
                row = counts[index * 2 // len(counted)] if tiny else counts[0]
                at = x + (index % 2) * 5 if tiny else x
                row.put(at, names_of[ability], "dim")
                count = per_section[section][ability]
                row.put(at + len(names_of[ability]), str(count), "bold" if count else "dim")
                if not tiny:
                    x += len(names_of[ability]) + len(str(count)) + 1
        rows.append(piles.text())
        rows += [row.text() for row in counts[: 2 if tiny else 1]]
        return rows

    def _other_castles(self, width: int) -> list[Text]:
        """Roomy boards: one line per other castle, so no one needs Tab to keep an eye on them."""
        view = self.game_view
        if len(view.castles) < 2:
            return []
        rows = [Text("The other castles (Tab shows one):", style="bold")]
        for seat, castle in enumerate(view.castles):
            if seat == self.seat or not castle.board:
                continue
            heights = "/".join(str(h) for h in castle.heights)
            entering = "/".join(str(wolves_entering(castle, s)) for s in range(len(SECTIONS)))
            line = Text()
            line.append(f"{self.marks.name(seat)[:10]:<10} ", style="bold")
            line.append(
                f"heights {heights}  wolves would enter {entering}  "
                f"Prestige {sum(castle.prestige)}  Attack {sum(castle.attack)}  arrows {castle.arrows}"
            )
            rows.append(line)
        return rows


__all__ = ["CastleBoard"]
