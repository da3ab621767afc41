"""Castle Raisers: the Village board, drawn in one render.

Per colour: how many tokens are left face down in its stack (a spot:
("stack", colour), taking the unseen top) and the face-up tokens (spots:
("token", id)), each as its icon, then what it scores in its section in
words ("Dis 3 per red"). A one-line legend says how to read a token.
"""

from __future__ import annotations

from rich.text import Text

from castletui.games.castle_raisers.ink import COLOUR_STYLE, ICON_STYLE, RaisersBoard, wrap
from castletui.games.castle_raisers.menu import ICON_SHORT
from castletui.rules.castle_raisers import COLOURS, TOKENS, stack_tokens, token_words

LEGEND = "A token: its icon (+1 to that icon's count in its section), then what it scores there."


class VillageBoard(RaisersBoard):
    """The Village board: the stacks and the face-up tokens by colour."""

    def rows(self, width: int) -> list[Text]:
        view = self.game_view
        rows = [Text("Village board", style="bold")]
        for colour in COLOURS:
            left = len(stack_tokens(view, colour))
            head = Text()
            head.append(f"{colour:<7}", style=COLOUR_STYLE[colour])
            spot = ("stack", colour)
            stack = f"stack of {left} face down" if left else "stack empty"
            self.place(spot, len(rows), head.cell_len, head.cell_len + len(stack) - 1)
            head.append(stack, style=self.spot_style(spot, "" if left else "dim"))
            rows.append(head)
            faces = Text("  ")
            tokens = [token for token in view.village_face_up if TOKENS[token].colour == colour]
            for token in tokens:
                data = TOKENS[token]
                icon, words = ICON_SHORT[data.ability], token_words(token)
                if faces.cell_len > 2 and faces.cell_len + len(icon) + 1 + len(words) > width:
                    rows.append(faces)
                    faces = Text("  ")
                spot = ("token", token)
                x = faces.cell_len
                self.place(spot, len(rows), x, x + len(icon) + len(words))
                style = self.spot_style(spot)
                faces.append(icon, style=style or ICON_STYLE[data.ability])
                faces.append(" " + words, style=style or None)
                faces.append("   ")
            if not tokens:
                faces.append("no token face up", style="dim")
            rows.append(faces)
        rows += wrap(LEGEND, width)
        return rows


__all__ = ["VillageBoard"]
