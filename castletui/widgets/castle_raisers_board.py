"""Castle Raisers' table in one widget: a player's castle, the Village board
and the Piggy board, each drawn as plain rich Text in a single render.

The castle is the ring wall unrolled into a band: twelve half-columns (four
per section: forests, sea, farmlands), the foundation at the bottom and each
level above it offset by half a tile (the brick pattern); a tile that runs
off the right end comes back on the left, because the wall is a ring. Above
the band, outside the wall, each region's wolves by kind; below it, inside,
the Village locations (border locations sit on the section borders), the
Prestige and Attack piles and the ability count of each section.

Small terminals (the 80x24 board area is about 50x14) show one board at a
time (``mode``: castle, village or piggy); larger ones show the castle over
the Piggy and Village boards side by side. Spots the action bar offers are
lit, the highlighted one reversed; a click on a spot says which one.

Everything shown is read from the state and the rules' own queries
(the wall's ``levels``/``piece_at``/``slot_columns``, ``ability_counts``,
``wolves_entering``, ``region_wolves``): nothing is decided here.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from rules.castle_raisers import (
    ABILITIES,
    COLOURS,
    COLUMNS,
    FORTIFICATION,
    FOUNDATION,
    LOCATION_SECTIONS,
    LOCATIONS,
    PORTIONS,
    ROUNDS_PER_AGE,
    SECTION_LOCATIONS,
    SECTIONS,
    TILES,
    TOKENS,
    State,
    ability_counts,
    levels,
    physical_attack_supply,
    piece_at,
    region_wolves,
    slot_columns,
    stack_tokens,
    tile_text,
    wolves_entering,
    wolves_score,
)

Spot = Hashable
"""A place on the table: ("slot", level, slot), ("tile", id), ("token", id),
("stack", colour), ("loc", index), ("line", n), ("region", section)."""

SHORT_ICON = {"VIL": "Vi", "PRE": "Pr", "FOR": "Fo", "DIS": "Di", "DEF": "De"}
ICON_STYLE = {
    "VIL": "bold green",
    "PRE": "bold magenta",
    "FOR": "bold cyan",
    "DIS": "bold red",
    "DEF": "bold blue",
}
MATERIAL_STYLE = {"straw": "yellow", "wood": "dark_orange3", "stone": "grey70"}
COLOUR_STYLE = {"yellow": "bold yellow", "blue": "bold blue", "red": "bold red", "green": "bold green"}
COLOUR_SHORT = {"yellow": "yel", "blue": "blu", "red": "red", "green": "grn"}
WOLF_SHORT = ("s", "l", "a", "v")
WOLF_WIDE = ("sol", "lad", "arc", "vic")
CONDITION_TEXT = {
    "empty": "empty",
    "no_wolves": "no wolves",
    "attack": "Attack",
    "prestige": "Prestige",
    "wall": "wall",
}
LIT = "bold underline green"
SELECTED = "bold reverse"
ROMAN = ("", "I", "II", "III")
WIDE = (80, 24)
"""A board area at least this big shows all three boards at once."""


def token_short(token: str) -> str:
    """``DIS red/3``: the icon on top and the condition below, without the id."""
    data = TOKENS[token]
    condition = data.target if data.condition == "colour" else CONDITION_TEXT[data.condition]
    return f"{data.ability} {condition}/{data.points}"


def line_text(line, index: int, compact: bool = False) -> str:
    """One co-operative line: its Attack token (face down: ?) and wolves."""
    region = SECTIONS[line.region] if line.region >= 0 else "?"
    if compact:
        region = region[:4]
    wolves = ("" if compact else " ").join(f"{WOLF_SHORT[k]}{n}" for k, n in enumerate(line.wolves))
    picked = " taken" if line.picked else ""
    return f"{index + 1}:{region} {wolves}{picked}"


@dataclass
class BoardMarks:
    """What the screen wants shown: lit spots, the highlighted one, the tile
    being placed (drawn in the highlighted slot)."""

    lit: frozenset = frozenset()
    selected: Spot = None
    tile: str = ""
    to_move: int | None = None
    owner: int = -1
    """The seat whose castle the lit slots, locations and regions belong to."""


@dataclass
class Row:
    """One line of fixed width, written cell by cell (styles per cell)."""

    width: int
    chars: list[str] = field(default_factory=list)
    styles: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.chars = [" "] * self.width
        self.styles = [""] * self.width

    def put(self, x: int, text: str, style: str = "") -> None:
        for offset, char in enumerate(text):
            if 0 <= x + offset < self.width:
                self.chars[x + offset] = char
                self.styles[x + offset] = style

    def text(self) -> Text:
        out = Text()
        start = 0
        for index in range(1, self.width + 1):
            if index == self.width or self.styles[index] != self.styles[start]:
                out.append("".join(self.chars[start:index]), style=self.styles[start] or None)
                start = index
        return out


class CastleRaisersBoard(Widget):
    """The castle of ``seat``, the Village board and the Piggy board."""

    DEFAULT_CSS = """
    CastleRaisersBoard { width: 1fr; height: 1fr; padding: 0 0; }
    """

    class SpotClicked(Message):
        def __init__(self, spot: Spot) -> None:
            super().__init__()
            self.spot = spot

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state: State | None = None
        self.names: list[str] = []
        self.seat = 0
        self.mode = "castle"
        self.marks = BoardMarks()
        self._regions: list[tuple[int, int, int, Spot]] = []  # (y, x0, x1, spot)
        self._lower_regions: list[tuple[str, int, int, int, Spot]] = []

    def show(self, state: State, names: list[str], seat: int, mode: str, marks: BoardMarks) -> None:
        self.state, self.names, self.seat, self.mode, self.marks = state, names, seat, mode, marks
        self.refresh()

    @property
    def wide(self) -> bool:
        return self.size.width >= WIDE[0] and self.size.height >= WIDE[1]

    def player_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat + 1}"

    def spot_style(self, spot: Spot, base: str = "") -> str:
        on_castle = isinstance(spot, tuple) and spot[0] in ("slot", "loc", "region")
        if on_castle and self.seat != self.marks.owner:
            return base  # another player's castle: nothing of it is being chosen
        if spot is not None and spot == self.marks.selected:
            return SELECTED
        if spot in self.marks.lit:
            return LIT
        return base

    # --- the whole widget ------------------------------------------------------

    def render(self) -> Text:
        self._regions = []
        self._lower_regions = []
        if self.state is None or not self.state.castles:
            return Text()
        width = max(20, self.size.width)
        height = max(4, self.size.height)
        if self.wide:
            # The castle first (all its levels), then as much of the Piggy and Village boards as fits.
            castle_rows = 7 + self._top_level()
            room = height - castle_rows - 1
            lower_left = self.piggy_lines(width // 2 - 1, roomy=True)
            if len(lower_left) > room:
                self._lower_regions = []
                lower_left = self.piggy_lines(width // 2 - 1)
            lower_right = self.village_lines(width - width // 2 - 1)
            lower = min(max(len(lower_left), len(lower_right)), max(0, room))
            top = self.castle_lines(width, height - lower - 1)
            rows = top + [Text("")]
            base = len(rows)
            left_width = width // 2 + 1
            for index in range(lower):
                line = Text()
                left = lower_left[index] if index < len(lower_left) else Text("")
                line.append_text(left)
                line.append(" " * max(1, left_width - left.cell_len))
                if index < len(lower_right):
                    line.append_text(lower_right[index])
                rows.append(line)
            self._place_lower(base, left_width)
            others = self.other_castles(width)
            if others and len(rows) + 1 + len(others) <= height:
                rows += [Text("")] + others
        elif self.mode == "village":
            rows = self.village_lines(width)
            self._place_lower(0, 0, only="village")
        elif self.mode == "piggy":
            rows = self.piggy_lines(width)
            self._place_lower(0, 0, only="piggy")
        else:
            rows = self.castle_lines(width, height)
        return Text("\n").join(rows[:height])

    def other_castles(self, width: int) -> list[Text]:
        """Tall boards: one line per other castle, so no one needs Tab to keep an eye on them."""
        state = self.state
        if len(state.castles) < 2:
            return []
        rows = [Text("The other castles (Tab shows one):", style="bold")]
        for seat, castle in enumerate(state.castles):
            if seat == self.seat or not castle.board:
                continue
            heights = "/".join(str(h) for h in castle.heights)
            wolves = "/".join(str(sum(region_wolves(castle, s))) for s in range(len(SECTIONS)))
            entering = "/".join(str(wolves_entering(castle, s)) for s in range(len(SECTIONS)))
            line = Text()
            line.append(f"{self.player_name(seat)[:10]:<10} ", style="bold")
            line.append(
                f"heights {heights}  wolves {wolves} (enter {entering})  "
                f"Prestige {sum(castle.prestige)}  Attack {sum(castle.attack)}  arrows {castle.arrows}"
            )
            line.truncate(width, overflow="ellipsis")
            rows.append(line)
        return rows

    # Regions of the lower boards are recorded relative to their own lines
    # (as ("piggy"|"village", row, x0, x1, spot)) and placed once the layout is known.
    def _place_lower(self, base: int, right_x: int, only: str = "") -> None:
        placed = []
        for entry in self._lower_regions:
            board, row, x0, x1, spot = entry
            if only and board != only:
                continue
            dx = right_x if board == "village" and not only else 0
            placed.append((base + row, x0 + dx, x1 + dx, spot))
        self._regions += placed

    # --- the castle -------------------------------------------------------------

    def castle_lines(self, width: int, height: int) -> list[Text]:
        state = self.state
        seat = min(self.seat, len(state.castles) - 1)
        castle = state.castles[seat]
        # Each half-column 4 to 7 cells wide; at 7 the texts spell more out.
        half = max(4, min(7, (width - 3) // COLUMNS))
        wide = half >= 7
        band = COLUMNS * half
        section_width = band // len(SECTIONS)
        label = 3 if wide else 2
        rows: list[Text] = []

        # Title: whose castle, board, Mother Pig, arrows.
        title = Text()
        title.append(f"{self.player_name(seat)}'s castle", style="bold")
        title.append(f" {castle.board or '?'}")
        if state.mother_pig == seat:
            title.append(" \u00b7 ")
            title.append("Mother Pig", style="bold magenta")
        title.append(f" \u00b7 arrows {castle.arrows}")
        if len(state.castles) > 1:
            title.append(f"  [{seat + 1}/{len(state.castles)}]", style="dim")
        rows.append(title)
        if not castle.board:
            rows.append(Text("No Castle board yet.", style="italic"))
            return rows

        # How many rows the wall needs: every level with a tile, and the lit slots.
        top_level = self._top_level()
        fixed = 7  # title, wolves, bar, foundation, village, piles, counts
        spare = height - fixed - top_level
        extras = [name for name, cost in (("enter", 1), ("names", 1), ("conditions", 3)) if wide or cost == 1]
        shown = []
        for name in extras:
            cost = 3 if name == "conditions" else 1
            if spare >= cost:
                shown.append(name)
                spare -= cost

        # Outside: the regions' wolves by kind (and how many would enter now).
        wolves = Row(label + band)
        wolves.put(0, "out" if wide else "w", "dim")
        enter = Row(label + band)
        enter.put(0, "in" if wide else "", "dim")
        for section in range(len(SECTIONS)):
            counts = region_wolves(castle, section)
            names = WOLF_WIDE if wide else WOLF_SHORT
            text = " ".join(f"{names[k]}{n}" for k, n in enumerate(counts))
            entering = wolves_entering(castle, section)
            style = "bold red" if counts[1] else ("red" if sum(counts) else "dim")
            x = label + section * section_width + 1
            wolves.put(x, text, self.spot_style(("region", section), style))
            enter.put(x, f"enter {entering}" + (" ladder" if counts[1] else ""), "red" if entering else "dim")
        rows.append(wolves.text())
        if "enter" in shown:
            rows.append(enter.text())

        # The section bar with each section's height.
        bar = Row(label + band)
        for section, name in enumerate(SECTIONS):
            x = label + section * section_width
            bar.put(x, "\u2500" * section_width, "dim")
            bar.put(x + 1, f" {name} h{castle.heights[section]} ", "bold")
            bar.put(x, "\u2502", "dim")
        rows.append(bar.text())

        # The wall, top level first; on a short board the lowest levels give way.
        below = 4 + sum(3 if n == "conditions" else 1 for n in shown if n != "enter")  # foundation, inside
        room = max(1, height - len(rows) - below)
        first = max(1, top_level - room + 1)
        for level in range(top_level, first - 1, -1):
            rows.append(self._level_row(castle, level, label, half, len(rows)))
        rows.append(self._foundation_row(castle, label, half, hidden=first - 1))

        # Inside: Village locations, piles, ability counts.
        rows += self._inside_rows(castle, label, half, section_width, wide, len(rows), "names" in shown)
        if "conditions" in shown:
            rows += self._condition_rows(castle, label + band)
        return rows[:height]

    def _condition_rows(self, castle, width: int) -> list[Text]:
        """Wide boards: what each Village token of the castle scores, per section."""
        rows = []
        for section, name in enumerate(SECTIONS):
            line = Text()
            line.append(f"{name:<10}", style="dim")
            for location in SECTION_LOCATIONS[section]:
                token = castle.village[location]
                if token:
                    line.append(f"{LOCATIONS[location]} ", style="dim")
                    line.append(token_short(token) + "  ", style=COLOUR_STYLE[TOKENS[token].colour])
            if line.cell_len == 10:
                line.append("no Village token", style="dim")
            line.truncate(width, overflow="ellipsis")
            rows.append(line)
        return rows

    def _top_level(self) -> int:
        """The highest level the shown castle's wall needs drawn: its tiles and the lit slots."""
        seat = min(self.seat, len(self.state.castles) - 1)
        lit_levels = [
            spot[1]
            for spot in self.marks.lit
            if isinstance(spot, tuple) and spot[0] == "slot" and self.marks.owner == seat
        ]
        return max([levels(self.state.castles[seat].wall)] + lit_levels)

    def _icon(self, ability: str, wide: bool) -> str:
        return ability if wide else SHORT_ICON.get(ability, ability[:2])

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

    def _level_row(self, castle, level: int, label: int, half: int, y: int) -> Text:
        wide = half >= 5  # room for three-letter icons
        row = Row(label + half * COLUMNS)
        row.put(0, f"{level}".rjust(label - 1), "dim")
        wall = castle.wall
        for slot in range(PORTIONS):
            spot = ("slot", level, slot)
            piece = piece_at(wall, level, slot) if level <= levels(wall) else ""
            lit = self.spot_style(spot) in (LIT, SELECTED)
            for is_right, column in zip((False, True), slot_columns(level, slot), strict=True):
                x = label + column * half
                self._regions.append((y, x, x + half, spot))  # empty ones too: a click asks why not
                if not piece and not lit:
                    continue
                if piece == FORTIFICATION:
                    fill = "\u2592" * (half - 2)
                    style = self.spot_style(spot, "cyan")
                    self._put_half(row, x, half, is_right, fill, style, style)
                elif piece:
                    tile = TILES[piece]
                    ability = tile.right if is_right else tile.left
                    above = (slot if is_right else slot - 1) % PORTIONS
                    covered = piece_at(wall, level + 1, above) != ""
                    icon = self._icon(ability, wide) if ability else ""
                    style = "dim" if covered else ICON_STYLE.get(ability, "")
                    frame = MATERIAL_STYLE.get(tile.material, "")
                    self._put_half(row, x, half, is_right, icon, frame, style)
                else:
                    style = self.spot_style(spot)
                    icon = "\u00b7" * (half - 2)
                    if spot == self.marks.selected and self.marks.tile == FORTIFICATION:
                        icon = "\u2592" * (half - 2)
                    elif spot == self.marks.selected and self.marks.tile:
                        tile = TILES[self.marks.tile]
                        ability = tile.right if is_right else tile.left
                        icon = self._icon(ability, wide) if ability else ""
                    self._put_half(row, x, half, is_right, icon, style, style)
        return row.text()

    def _foundation_row(self, castle, label: int, half: int, hidden: int) -> Text:
        wide = half >= 5  # room for three-letter icons
        row = Row(label + half * COLUMNS)
        row.put(0, "0".rjust(label - 1), "dim")
        icons = FOUNDATION[castle.board]
        wall = castle.wall
        for portion in range(PORTIONS):
            for is_right in (False, True):
                column = 2 * portion + is_right
                ability = icons[column]
                covered = piece_at(wall, 1, portion - (0 if is_right else 1)) != ""
                icon = self._icon(ability, wide) if ability else ""
                style = "dim" if covered or not ability else ICON_STYLE[ability]
                self._put_half(row, label + column * half, half, is_right, icon, "grey50", style)
        if hidden:
            row.put(0, "+".rjust(label - 1), "bold")
        return row.text()

    def _inside_rows(
        self, castle, label: int, half: int, section_width: int, wide: bool, y: int, with_names: bool
    ) -> list[Text]:
        width = label + half * COLUMNS
        rows: list[Text] = []
        names = Row(width)
        names.put(0, "in" if wide else "", "dim")
        village = Row(width)
        token_width = 5 if wide else 3
        for index, sections in enumerate(LOCATION_SECTIONS):
            token = castle.village[index]
            spot = ("loc", index)
            if len(sections) == 1:
                section = sections[0]
                inner = sum(1 for i in range(index) if LOCATION_SECTIONS[i] == sections)
                xs = [label + section * section_width + (7 + 8 * inner if wide else 4 + 5 * inner)]
            else:
                # the border between the two sections; farmlands|forests wraps round the ring
                boundary = max(sections) if set(sections) != {0, len(SECTIONS) - 1} else 0
                if boundary == 0:
                    xs = [label, label + len(SECTIONS) * section_width - token_width]
                else:
                    xs = [label + boundary * section_width - token_width // 2]
            if token:
                data = TOKENS[token]
                if wide:
                    text = f"{data.colour[0]}\u00b7{data.ability}"
                else:
                    text = data.colour[0] + SHORT_ICON[data.ability]
                style = self.spot_style(spot, COLOUR_STYLE[data.colour])
            else:
                text = "\u00b7" * token_width
                style = self.spot_style(spot, "dim")
            for x in xs:
                village.put(x, text.ljust(token_width), style)
                names.put(x, LOCATIONS[index].replace("B_", "")[:token_width].center(token_width), "dim")
                self._regions.append((y + (1 if with_names else 0), x, x + token_width, spot))
        if with_names:
            rows.append(names.text())
        rows.append(village.text())
        piles = Row(width)
        counts = Row(width)
        per_section = ability_counts(castle)
        for section in range(len(SECTIONS)):
            x = label + section * section_width + 1
            if wide:
                piles.put(x, f"Prestige {castle.prestige[section]}  Attack {castle.attack[section]}")
            else:
                piles.put(x, f"pres {castle.prestige[section]} att {castle.attack[section]}")
            for ability in ABILITIES:
                name = ability if wide else SHORT_ICON[ability]
                counts.put(x, name, "dim")
                x += len(name)
                counts.put(x, str(per_section[section][ability]), "bold")
                x += 1 + (1 if wide else 0)
        rows.append(piles.text())
        rows.append(counts.text())
        return rows

    # --- the Piggy board -------------------------------------------------------------

    def piggy_lines(self, width: int, roomy: bool = False) -> list[Text]:
        """The Piggy board; ``roomy`` (a tall board area) gives each Threat card its own row."""
        state = self.state
        regions: list[tuple[str, int, int, int, Spot]] = []
        rows: list[Text] = []
        title = Text()
        title.append("Piggy board", style="bold")
        if state.age:
            title.append(f"  Age {ROMAN[state.age]}, round {state.round}/{ROUNDS_PER_AGE}")
        title.append(f"  stack {len(state.wall_stack)}", style="dim")
        rows.append(title)
        order = Text("Mother Pig: ")
        order.append(self.player_name(state.mother_pig), style="bold magenta")
        if state.round_order and len(state.castles) > 1:
            order.append("  order ")
            for position, seat in enumerate(state.round_order):
                if position:
                    order.append(">")
                style = "bold reverse" if seat == self.marks.to_move else ""
                order.append(self.player_name(seat)[:8], style=style)
        rows.append(order)
        # The revealed Wall tiles (still to be taken this round).
        line = Text("Tiles: ")
        if not state.revealed:
            line.append("none face up", style="dim")
        for tile in state.revealed:
            text = tile_text(tile)
            if line.cell_len + len(text) + 1 > width:
                rows.append(line)
                line = Text("       ")
            x = line.cell_len
            regions.append(("piggy", len(rows), x, x + len(text), ("tile", tile)))
            material = MATERIAL_STYLE.get(TILES[tile].material, "")
            picked = tile == self.marks.tile and self.marks.to_move == self.marks.owner
            line.append(text, style=SELECTED if picked else self.spot_style(("tile", tile), material))
            line.append(" ")
        rows.append(line)
        attack = physical_attack_supply(state) if state.lines else sum(state.attack_supply)
        if width < 60 and not roomy:
            # small boards: the supply in one row
            short = f"Fort {state.fortification_supply} Prestige {state.prestige_supply} "
            rows.append(Text(f"Supply: {short}Attack {attack} Arrow {state.arrow_supply}"[:width]))
        supplies = (
            []
            if width < 60 and not roomy
            else [
                f"Fortification {state.fortification_supply}",
                f"Prestige {state.prestige_supply}",
                f"Attack {attack}",
                f"Arrow {state.arrow_supply}",
            ]
        )
        if supplies:
            rows += self._wrapped("Supply: ", supplies, width)
        bag = [f"{name} {n}" for name, n in zip(WOLF_WIDE, state.bag, strict=True)]
        rows += self._wrapped(f"Bag: {sum(state.bag)} wolves: ", bag, width)
        if state.variant != "competitive":
            rows += self._coop_lines(width, regions, len(rows), roomy)
        self._lower_regions += regions
        return rows

    def _wrapped(self, head: str, items: list[str], width: int) -> list[Text]:
        rows, line = [], head
        for item in items:
            if len(line) + len(item) + 2 > width and line.strip():
                rows.append(Text(line.rstrip(", ")))
                line = " " * len(head)
            line += item + ", "
        rows.append(Text(line.rstrip(", ")))
        return rows

    def _coop_lines(self, width: int, regions: list, y: int, roomy: bool) -> list[Text]:
        state = self.state
        rows: list[Text] = []
        target = wolves_score(len(state.castles))
        rows.append(Text(f"Attack-token lines (team must beat {target}):", style="bold"))
        line = Text(" ")
        for index, entry in enumerate(state.lines):
            text = line_text(entry, index, compact=not roomy and len(state.lines) > 4)
            if line.cell_len + len(text) + 2 > width:
                rows.append(line)
                line = Text(" ")
            x = line.cell_len
            regions.append(("piggy", y + len(rows), x, x + len(text), ("line", index)))
            base = "dim" if entry.picked else ("bold" if entry.region >= 0 else "")
            line.append(text, style=self.spot_style(("line", index), base))
            line.append("  ")
        if not state.lines:
            line.append("none laid out", style="dim")
        rows.append(line)
        for seat, castle in enumerate(state.castles):
            if not castle.threats:
                continue
            text = Text(f"{self.player_name(seat)[:10]}: ", style="bold")
            indent = text.cell_len
            for position, name in enumerate(castle.threats):
                if position and roomy:
                    text.truncate(width, overflow="ellipsis")
                    rows.append(text)
                    text = Text(" " * indent)
                elif position:
                    text.append(", ")
                text.append(name)
            text.truncate(width, overflow="ellipsis")
            rows.append(text)
        if state.threats_per_player == 0:
            rows.append(Text("No Threat cards (difficulty 0)", style="dim"))
        return rows

    # --- the Village board -------------------------------------------------------------

    def village_lines(self, width: int) -> list[Text]:
        state = self.state
        regions: list[tuple[str, int, int, int, Spot]] = []
        rows = [Text("Village board", style="bold")]
        for colour in COLOURS:
            left = len(stack_tokens(state, colour))
            head = Text()
            spot = ("stack", colour)
            head.append(f"{colour:<7}", style=COLOUR_STYLE[colour])
            stack_text = f"stack {left}"
            regions.append(("village", len(rows), 8, 8 + len(stack_text), spot))
            head.append(" ")
            head.append(stack_text, style=self.spot_style(spot, "" if left else "dim"))
            rows.append(head)
            faces = Text("  ")
            for token in state.village_face_up:
                if TOKENS[token].colour != colour:
                    continue
                text = token_short(token)
                if width >= 48:
                    text = f"{token} {text}"
                x = faces.cell_len
                regions.append(("village", len(rows), x, x + len(text), ("token", token)))
                faces.append(text, style=self.spot_style(("token", token), ICON_STYLE[TOKENS[token].ability]))
                faces.append("  ")
            if faces.cell_len == 2:
                faces.append("no token face up", style="dim")
            rows.append(faces)
        hint = Text("Each token: the icon it counts for, then what it scores.", style="dim")
        hint.truncate(width, overflow="ellipsis")
        rows.append(hint)
        self._lower_regions += regions
        return rows

    # --- the mouse -------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        x = event.x
        for y, x0, x1, spot in self._regions:
            if y == event.y and x0 <= x < x1:
                self.post_message(self.SpotClicked(spot))
                return


__all__ = ["BoardMarks", "CastleRaisersBoard", "token_short"]
