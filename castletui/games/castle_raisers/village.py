"""Castle Raisers: the Village board, drawn in one render.

Per colour: how many tokens are left face down in its stack (a spot:
("stack", colour), taking the unseen top) and the face-up tokens (spots:
("token", id)), each as its icon, then what it scores in its section in
words ("Dis 3 per red"). A one-line legend says how to read a token.
"""

from __future__ import annotations

from rich.text import Text

from castletui.games.castle_raisers.ink import COLOUR_STYLE, ICON_STYLE, RaisersBoard, icon_short, wrap

LEGEND = "A token: its icon (+1 to that icon's count in its section), then what it scores there."


class VillageBoard(RaisersBoard):
    """The Village board: the stacks and the face-up tokens by colour."""

    def rows(self, width: int) -> list[Text]:
        scene = self.scene
        rows = [Text("Village board", style="bold")]
        for stack in scene.village:
            colour, left = stack.colour, stack.left
            head = Text()
            head.append(f"{colour:<7}", style=COLOUR_STYLE[colour])
            spot = ("stack", colour)
            words = f"stack of {left} face down" if left else "stack empty"
            self.place(spot, len(rows), head.cell_len, head.cell_len + len(words) - 1)
            head.append(words, style=self.spot_style(spot, "" if left else "dim"))
            rows.append(head)
            faces = Text("  ")
            tokens = stack.face_up
            for face in tokens:
                icon, words = icon_short(scene, face.icon), face.words
                if faces.cell_len > 2 and faces.cell_len + len(icon) + 1 + len(words) > width:
                    rows.append(faces)
                    faces = Text("  ")
                spot = ("token", face.token)
                x = faces.cell_len
                self.place(spot, len(rows), x, x + len(icon) + len(words))
                style = self.spot_style(spot)
                faces.append(icon, style=style or ICON_STYLE[face.icon])
                faces.append(" " + words, style=style or None)
                faces.append("   ")
            if not tokens:
                faces.append("no token face up", style="dim")
            rows.append(faces)
        rows += wrap(LEGEND, width)
        return rows


__all__ = ["VillageBoard"]
