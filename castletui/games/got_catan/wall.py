"""The Wall and the north of A Game of Thrones Catan: Brotherhood of the
Watch as one board widget, drawn in one render, west to east in four
columns (one per wall section):

- the Frostfangs (the wildlings left there) and the wildling tokens;
- the three clans between the columns, each with its 5 camps (hottest
  first) and its two trails down to the clearings, with the wildling die's
  numbers (a trail whose next wildling would breach is marked);
- the four clearings with the wildlings waiting there;
- the Wall: each section's guard spaces, space 1 first, by owner (colour and
  letter, so NO_COLOR reads the same); each section is a spot of the board
  cursor, ("section", index) as the rules' ``spot()`` names it;
- the breach track and the wildlings in the Gift against the end;
- what the wildling die can do next, trail by trail;
- the hero display.

Two sizes: compact (from 48 columns, for 80x24) and roomy (from 72). All
data comes from the scene's Wall (``rules.got_catan.scene.Wall``); the
words are the rules'.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from castletui.games.got_catan.map import CURSOR, OFFERED, PLAYER_INK, seat_letters
from castletui.widgets.board import SpotBoard

KIND_LETTER = {"regular": "r", "climber": "c", "giant": "G"}
"""One letter per kind of wildling (a giant in capitals: it kills guards)."""

DIM = Style(color="#8a8a8a")
TITLE = Style(bold=True, color="#cfe8ff")
WILDLING = Style(bold=True, color="#ff9f43")
DANGER = Style(bold=True, color="#ff5555")
WALL = Style(color="#dfe6ee", bgcolor="#3a4450")
ICE = Style(color="#9fd8ff")


class GotCatanWall(SpotBoard):
    """The Wall and the north (see the module docstring)."""

    DEFAULT_CSS = """
    GotCatanWall { width: 1fr; height: auto; min-height: 12; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.wall: Any = None  # the scene's (None: the base game)
        self.names: list[str] = []

    def draws(self, spot) -> bool:
        """The Wall's sections only."""
        return isinstance(spot, tuple) and spot[0] == "section"

    def show(self, wall: Any, names: list[str]) -> None:
        self.wall, self.names = wall, names
        self.refresh(layout=True)

    def on_resize(self) -> None:
        self.refresh()

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Text:
        self.clear_spots()
        text = Text(no_wrap=True, overflow="crop")
        width = self.size.width or 48
        for index, line in enumerate(self._lines(width, place=True)):
            if index:
                text.append("\n")
            line.truncate(width)  # never wrapped: a wrapped line would move the spots below it
            text.append_text(line)
        return text

    # --- drawing -------------------------------------------------------------------

    def _lines(self, width: int, place: bool = False) -> list[Text]:
        wall = self.wall
        if wall is None:
            return [Text("")]
        roomy = width >= 72
        column = max(12, min(20, width // 4))
        letters = seat_letters(self.names or [f"P{s + 1}" for s in range(4)])
        lines: list[Text] = []

        # The Frostfangs and the tokens.
        left = wall.frostfangs
        pool, on_cards, spent = wall.pool, wall.on_cards, wall.spent
        head = Text(no_wrap=True)
        head.append("Frostfangs ", TITLE)
        if roomy:
            head.append(", ".join(f"{left[k]} {k}s" for k in ("regular", "climber", "giant")))
            tokens = Text(f"tokens: {pool} in the pool, {on_cards} on cards, {spent} spent", DIM)
            # Beside the Frostfangs when both fit, else on a line of their
            # own: a line is cut, never wrapped, and the tokens were cut.
            if head.cell_len + 3 + tokens.cell_len <= width:
                head.append("   ").append_text(tokens)
            else:
                lines.append(head)
                head = Text("  ", no_wrap=True).append_text(tokens)
        else:
            head.append(" ".join(f"{left[k]}{KIND_LETTER[k]}" for k in ("regular", "climber", "giant")))
            head.append(f"  tokens: pool {pool}, spent {spent}", DIM)
        lines.append(head)

        # The clans, centred on the boundaries between the columns.
        clans = wall.clans
        titles = [" "] * (column * 4)
        camps_row: list[tuple[int, str, Style | None]] = []
        for index, clan in enumerate(clans):
            centre = column * (index + 1)
            title = clan.title if roomy else clan.title.split()[0][: column - 2]
            _put(titles, centre - len(title) // 2, title)
            cells = [KIND_LETTER[kind] for kind in clan.camps] + ["."] * (clan.room - len(clan.camps))
            text = " ".join(cells)
            start = centre - len(text) // 2
            for offset, kind in enumerate(clan.camps):
                camps_row.append((start + 2 * offset, KIND_LETTER[kind], WILDLING))
            camps_row.append((start, text, None))
        lines.append(Text("".join(titles).rstrip(), TITLE))
        row = [" "] * (column * 4)
        styled: dict[int, Style] = {}
        for start, text, style in sorted(camps_row, key=lambda item: item[2] is not None):
            _put(row, start, text)
            if style is not None:
                for offset in range(len(text)):
                    styled[start + offset] = style
        lines.append(_styled("".join(row).rstrip(), styled, DIM))

        # The trails with the die's numbers, down to the clearings.
        outcomes = [(trail.faces, trail.wildling, trail.clearing, trail.outcome) for trail in wall.trails]
        trail_row = [" "] * (column * 4)
        trail_styles: dict[int, Style] = {}
        for index, (faces, _kind, clearing, outcome) in enumerate(outcomes):
            lower = index % 2 == 0  # each clan's lower trail leads west, the higher east
            text = f"\u2571{faces}" if lower else f"{faces}\u2572"
            start = column * (clearing + 1) - len(text) - 1 if lower else column * clearing + 1
            _put(trail_row, start, text)
            style = DANGER if outcome == "breach" else (WILDLING if outcome != "none" else DIM)
            for offset in range(len(text)):
                trail_styles[start + offset] = style
        lines.append(_styled("".join(trail_row).rstrip(), trail_styles, DIM))

        # The clearings, one per column.
        sections = wall.sections
        clearing_line = Text(no_wrap=True)
        for section in sections:
            waiting = "".join(KIND_LETTER[kind] for kind in section.waiting) or "-"
            cell = f"{section.clearing}: {waiting}"
            pad = (column - len(cell)) // 2
            clearing_line.append(" " * pad)
            clearing_line.append(f"{section.clearing}: ", ICE)
            clearing_line.append(waiting, WILDLING if section.waiting else DIM)
            clearing_line.append(" " * (column - pad - len(cell)))
        lines.append(clearing_line)

        # The Wall: each section's guard spaces, space 1 first (compact: no
        # blanks between the spaces, so the sections stay apart).
        wall_line = Text(no_wrap=True)
        wall_row = len(lines)
        gap = " " if roomy else ""
        for index, section in enumerate(sections):
            spot = ("section", index)
            label = section.title
            start = index * column
            width_used = len(label) + (1 + len(gap)) * section.spaces - len(gap) + 1
            pad = max(0, (column - width_used) // 2)
            wall_line.append(" " * pad, WALL)
            wall_line.append(label, self._spot_style(spot, WALL + Style(bold=True)))
            if place:
                self.place(spot, wall_row, start + pad, start + pad + len(label) - 1)
            wall_line.append(" ", WALL)
            for space in range(section.spaces):
                if space:
                    wall_line.append(gap, WALL)
                if space < len(section.guards):
                    seat = section.guards[space]
                    wall_line.append(letters[seat], WALL + Style(color=PLAYER_INK[seat], bold=True))
                else:
                    wall_line.append(".", WALL)
            wall_line.append(" " * max(0, column - pad - width_used), WALL)
        lines.append(wall_line)

        # The breach track and the Gift.
        breaches, limit = wall.breaches, wall.breach_limit
        gift, gift_limit = wall.gift_wildlings, wall.gift_limit
        track = Text(no_wrap=True)
        track.append("Breaches ", TITLE)
        track.append("\u25a0" * breaches, DANGER)
        track.append("\u25a1" * (limit - breaches), DIM)
        track.append(f" (the {limit}rd ends)  " if roomy else f" ({limit}rd ends) ", DIM)
        track.append("Gift ", TITLE)
        track.append(f"{gift} of {gift_limit} wildlings" if roomy else f"{gift}/{gift_limit} wildlings")
        lines.append(track)

        # What the wildling die can do next.
        lines.append(Text("Wildling die next (d12):", TITLE))
        if roomy:
            idle = []
            outcome_of = {faces: outcome for faces, _, _, outcome in outcomes}
            for faces, what in wall.forecast:
                if outcome_of.get(faces, "none") == "none":
                    idle.append(faces)
                    continue
                line = Text(no_wrap=True)
                line.append(f" {faces:>4} ", TITLE)
                line.append(what, DANGER if "BREACH" in what else None)
                lines.append(line)
            line = Text(no_wrap=True)
            line.append(f" {', '.join(idle)}: nobody advances", DIM)
            lines.append(line)
        else:
            line = Text(no_wrap=True)
            used = 0
            for faces, kind, clearing, outcome in outcomes:
                if outcome == "none":
                    continue
                word = f"{faces}:{KIND_LETTER[kind]}\u2192{sections[clearing].clearing} {outcome}  "
                if used + len(word) > width:
                    lines.append(line)
                    line, used = Text(no_wrap=True), 0
                line.append(word, DANGER if outcome == "breach" else WILDLING)
                used += len(word)
            if not used:
                line.append(" every camp is empty: nobody advances", DIM)
            lines.append(line)

        # The hero display (as many lines as it takes).
        display = Text(no_wrap=True)
        display.append("Heroes on display:" if roomy else "Display:", TITLE)
        used = len(display.plain)
        names = [hero.title if roomy else hero.name.capitalize() for hero in wall.display]
        for index, name in enumerate(names):
            word = f" {name}" + ("," if index < len(names) - 1 else "")
            if used + len(word) > width:
                lines.append(display)
                display, used = Text(no_wrap=True), 0
            display.append(word)
            used += len(word)
        lines.append(display)
        if roomy:
            key = Text(no_wrap=True)
            key.append("r regular  c climber  G giant; camps hottest first; ", DIM)
            key.append("\u2571n", WILDLING).append(" trail on die n", DIM)
            lines.append(key)
        return lines

    def _spot_style(self, spot, base: Style) -> Style:
        if spot == self.cursor:
            return CURSOR
        if spot in self.selectable:
            return base + OFFERED
        return base


def _put(cells: list[str], start: int, text: str) -> None:
    for offset, char in enumerate(text):
        if 0 <= start + offset < len(cells):
            cells[start + offset] = char


def _styled(line: str, styles: dict[int, Style], default: Style | None) -> Text:
    text = Text(no_wrap=True)
    for index, char in enumerate(line):
        text.append(char, styles.get(index, default) if char != " " else None)
    return text
