"""Widgets every game screen shares: the players panel (whose turn, scores)
and the game log."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

from castletui.rules.core import CHANCE
from castletui.session import Session
from castletui.widgets.plain import Plain


class PlayersPanel(Plain):
    """Each seat: a marker for whose turn it is, the name (and bot level), and
    the current standing from the rules' result()."""

    def show(self, session: Session, viewer: int, extra: list[str] | None = None) -> None:
        result = session.standing(viewer)
        to_move = session.to_move()
        text = Text()
        for seat, player in enumerate(session.players):
            marker = ">" if seat == to_move else " "
            style = "bold reverse" if seat == to_move else ("bold" if seat == viewer else "")
            who = player.name if not player.is_bot else f"{player.name} (bot)"
            score = result.scores[seat] if seat < len(result.scores) else 0
            score_text = f"{score:g}"
            text.append(f"{marker}{who:<15.15}", style=style)
            text.append(f"{score_text:>5}\n")
        waiting_line(text, session)
        for line in extra or []:
            text.append(line + "\n")
        self.update(text)


def waiting_line(text: Text, session: Session) -> None:
    """The side panel's line under the seats when no one is to move: the
    game is over, or chance decides (at a real table: the players say what
    came up)."""
    to_move = session.to_move()
    if to_move == CHANCE:
        waiting = " Say what came up: c" if session.mode == "table" else " Drawing..."
        text.append(waiting + "\n", style="italic")
    elif to_move is None:
        text.append(" Game over\n", style="bold")


class GameLog(RichLog):
    """The game's story so far, one line per action, newest at the bottom."""

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=500, min_width=10, **kwargs)

    def show_all(self, lines: list[str]) -> None:
        self.clear()
        for line in lines[-200:]:
            self.write(line)

    def add(self, line: str) -> None:
        self.write(line)
