"""What another seat's move costs a terminal that did not move (issue 45,
item 5): at a four-seat Castlecards table, a part of the table that looks
the same after the move is not drawn again, the screen is laid out at most
once per move (a part a line taller does not lay it out a second time),
the players panel's turn marker moving does not lay it out at all, and
what the screen shows is what parts drawn afresh show. Counted, never timed."""

from __future__ import annotations

import random

import pytest
from castletui.rules.core import CHANCE
from textual.screen import Screen
from textual.widget import Widget

from castletui.app import Start
from castletui.games.castlecards.lines import TablePart
from castletui.screens.game import GameScreen
from castletui.session import Session
from castletui.widgets.panels import PlayersPanel
from tests.app.driving import screen_text, wait_until
from tests.shared.lobby_tables import seated_table
from tests.shared.test_apps import Terminal, settle

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")

OWNERS = ["ann", "bo", "cy", "di"]
WATCHER = 1  # bo's terminal watches; every move is played by another terminal


def another_terminals_move(sessions: list[Session], chooser: random.Random) -> None:
    """One person's move made elsewhere (bo's too, from another window), and the draws before it."""
    first = sessions[0]
    for _ in range(50):
        for session in sessions:
            session.sync()
        seat = first.to_move()
        assert seat is not None, "the game ended first"
        if seat != CHANCE:
            mover = sessions[seat]
            mover.act(chooser.choice(mover.legal_actions()))
            return
        first.act(first.digital_chance())
    raise AssertionError("no person's move came")


def look(part: TablePart) -> list:
    """A part's lines as it would draw them now: their text and styles."""
    return [(line.text.plain, tuple(line.text.spans)) for line in part.lines(part.size.width)]


async def test_another_seats_move_redraws_only_what_changed(tmp_path, monkeypatch):
    table = seated_table(tmp_path / "tables", OWNERS, "watched")
    sessions = [Session.at_table(type(table)(table.path), seat, who) for seat, who in enumerate(OWNERS)]
    app = Terminal(table.path.parent, "bo", Start("join", path=table.path, new_game={"seat": WATCHER}))
    refreshed: list[tuple[Widget, bool]] = []
    layouts: list[Screen] = []
    real_refresh, real_layout = Widget.refresh, Screen._refresh_layout

    def refresh(self, *regions, repaint=True, layout=False, recompose=False):
        if isinstance(self, TablePart | PlayersPanel):
            refreshed.append((self, layout))
        return real_refresh(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    def refresh_layout(self, *args, **kwargs):
        layouts.append(self)
        return real_layout(self, *args, **kwargs)

    monkeypatch.setattr(Widget, "refresh", refresh)
    monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
    chooser = random.Random(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        await settle(pilot)
        parts = list(screen.parts())  # the fortresses, the piles, the attack panel, the hand
        panel = screen.query_one(PlayersPanel)
        unchanged_parts = quiet_panels = 0
        for _ in range(8):
            looks = {part: look(part) for part in parts if part.display}
            panel_rows = str(panel.shown).count("\n")
            refreshed.clear()
            another_terminals_move(sessions, chooser)
            ply = sessions[0].ply
            await wait_until(pilot, lambda: screen.session.ply >= ply)  # noqa: B023
            layouts.clear()
            await settle(pilot)
            assert len(layouts) <= 1, "laid out more than once for one move"
            for part, before in looks.items():
                if part.display and look(part) == before:
                    unchanged_parts += 1
                    assert part not in {widget for widget, _ in refreshed}, f"{part.id} drawn again unchanged"
            if str(panel.shown).count("\n") == panel_rows:
                quiet_panels += 1
                assert (panel, True) not in refreshed, "the players panel laid the screen out"
        assert unchanged_parts and quiet_panels  # (the game gave both cases)
        # What the screen shows is what each part drawn afresh shows (the rows
        # inside the board area: a night attack's table may be taller than it).
        shown, bottom = screen_text(app), screen.board_area.content_region.bottom
        for part in parts:
            if part.display:
                for row, line in enumerate(part.lines(part.size.width)):
                    if part.region.y + row < bottom:
                        assert line.text.plain.rstrip()[: part.size.width] in shown, (
                            part.id,
                            line.text.plain,
                        )
