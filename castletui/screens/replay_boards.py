"""The boards of the replay screen: each game's own board widgets (the ones
its game screen draws, in castletui/games/<game>/), fed a position as one seat saw
it and lit at the spot of the step being replayed.

A game screen plays; these only show, so they hold none of its choices,
menus or cursors: one small class per game (its package's ``replay.py``) says which widgets make its
table and how to show a view on them. The widgets draw only the view they
are given, so a board never shows more than the replay's viewer saw.

Under the table, each game with hands lists them (``hands``), a line per
seat: every hand when every hand is open, else the viewer's own and the
others' as counts. The view is the gate: what it hides is not listed.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen

from castletui import games
from castletui.rules.core.scene import Scene
from castletui.widgets.board import SpotBoard
from castletui.widgets.plain import Plain


class Shown:
    """What a board is told about the step: the view, the seat whose hand
    the table shows (the viewer's, or whoever's turn it is when every hand
    is open), the names, the spot lit, the seat that took the step, and
    whose hands the viewer sees: every one when they are open, else only
    ``own``'s (None: the table's eyes, no hand at all)."""

    def __init__(
        self,
        view: Any,
        seat: int,
        names: list[str],
        spot: Hashable | None,
        actor: int,
        open_hands: bool = False,
        own: int | None = None,
        scene: Scene | None = None,
    ) -> None:
        self.view, self.seat, self.names, self.spot, self.actor = view, seat, names, spot, actor
        self.open_hands, self.own = open_hands, own
        self.scene = scene
        """What the boards draw: the game's scene for ``seat`` (rules/core/scene.py)."""

    def sees_hand_of(self, seat: int) -> bool:
        """Whether ``seat``'s hand is shown: every hand when they are open, else the viewer's own."""
        return self.open_hands or seat == self.own


def hand_lines(shown: Shown, hands: list[tuple[int, str]], own_only: bool = False) -> Text | None:
    """A line per seat: its name and hand (``hands``: how many cards and
    the words for them) where the viewer sees it, else how many cards.
    ``own_only``: the table draws the viewer's own hand already, so only
    an open table lists hands."""
    if own_only and not shown.open_hands:
        return None
    text = Text()
    for seat, (count, words) in enumerate(hands):
        name = shown.names[seat] if seat < len(shown.names) else f"seat {seat + 1}"
        text.append(f"{name}: ", style="bold")
        if shown.sees_hand_of(seat):
            text.append(f"{words}\n")
        else:
            text.append(f"{count} card{'' if count == 1 else 's'}\n", style="dim")
    text.rstrip()
    return text


def light(screen: Screen, spot: Hashable | None) -> None:
    """The step's spot lit (and under the cursor) on every board that has it."""
    for board in screen.query(SpotBoard):
        board.offer([spot] if spot is not None else [])
        board.point_at(spot)


class ReplayBoards:
    """The default: the view as text (a game without its own board)."""

    def compose(self) -> ComposeResult:
        yield Plain("", id="replay-text-board")

    def show(self, screen: Screen, shown: Shown) -> None:
        scene = shown.scene
        screen.query_one("#replay-text-board", Plain).update(getattr(scene, "text", repr(scene)))

    def hands(self, shown: Shown) -> Text | None:
        """The hands under the table (None: a game without hands)."""
        return None


def counted(names: Iterable[str]) -> str:
    """Names in words, each once with how many, in the order first met: "Gold x3, Duke"."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name + (f" x{count}" if count > 1 else "") for name, count in counts.items())


def boards_for(game_id: str) -> ReplayBoards:
    """The game's replay boards (its package's ``replay.BOARDS``), else the text board."""
    module = games.part(game_id, "replay")
    return (module.BOARDS if module is not None else ReplayBoards)()
