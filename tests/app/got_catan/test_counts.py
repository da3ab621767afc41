"""What one keypress costs on the A Game of Thrones Catan map, counted in
calls across the game's face (not in time: a busy machine changes time,
not counts). Issue 27: one Enter that builds a road asks the rules for the
legal actions once, each seat's view once, and redraws once; a cursor move
asks the rules nothing beyond the frame already made, and redraws no
line of text in a way that lays the screen out again."""

from __future__ import annotations

from collections import Counter

import pytest
from castletui.rules import got_catan as game

from castletui.games.got_catan.map import GotCatanMap
from castletui.games.got_catan.screen import GotCatanScreen
from castletui.screens.game import GameScreen
from castletui.widgets.plain import Plain
from tests.app.driving import settle
from tests.app.got_catan.helpers import map_at, top, turn_with_two_roads

FACE = (
    "legal_actions",
    "view",
    "apply",
    "to_move",
    "result",
    "group",
    "spot",
    "preview",
    "label",
    "prompt",
    "refusals",
    "describe",
    "effects",
    "scene",
    "menu",
    "turn_player",
)


@pytest.fixture
def counted(monkeypatch):
    """Every call across the face, and every redraw of the game screen."""
    calls: Counter = Counter()
    for name in FACE:
        real = getattr(game, name)

        def wrapped(*args, _real=real, _name=name, **kwargs):
            calls[_name] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(game, name, wrapped)
    real_refresh = GameScreen.refresh_table

    def refresh(self):
        calls["redraw"] += 1
        return real_refresh(self)

    monkeypatch.setattr(GotCatanScreen, "refresh_table", refresh, raising=False)
    real_update = Plain.update

    def update(self, content="", *, layout=True):
        calls["relayout"] += layout  # a line of text that asks for the whole screen's layout again
        return real_update(self, content, layout=layout)

    monkeypatch.setattr(Plain, "update", update)
    return calls


async def test_one_enter_that_builds_a_road_asks_the_rules_once(tmp_path, counted):
    async with map_at(tmp_path, turn_with_two_roads) as (pilot, screen, gift):
        session = screen.session
        seat = top(session).seat
        edges = [spot for spot in sorted(gift.selectable) if spot[0] == "edge"]
        await pilot.press("m")
        gift.point_at(edges[0])
        gift.post_message(GotCatanMap.CursorMoved(gift, edges[0]))
        await settle(pilot)
        assert screen.menu_path == ("Build", "Road")
        # A cursor move: the frame is made already, nothing is asked of the rules.
        counted.clear()
        gift.point_at(edges[1])
        gift.post_message(GotCatanMap.CursorMoved(gift, edges[1]))
        await settle(pilot)
        assert screen.bar.chosen.spot == edges[1]
        # No redraw either: the bar highlights the line, the preview and the prompt
        # (one line each) are redrawn in place, never the layout of the screen.
        assert dict(counted) == {}, dict(counted)
        # One Enter that builds the road.
        counted.clear()
        ply = session.ply
        await pilot.press("enter")
        await settle(pilot)
        assert session.ply == ply + 1 and session.state.edge_owner[edges[1][1]] == seat
        assert counted["apply"] == 1
        assert counted["legal_actions"] <= 1
        assert counted["redraw"] <= 1
        # One view for the frame of the one seat on screen; the move's log line
        # reads the seat's view before and after it (rules.core.log_lines).
        assert counted["view"] <= 1 + 2, dict(counted)
        assert counted["group"] <= len(session.legal_actions()) and counted["spot"] <= len(
            session.legal_actions()
        )
        # The frame's prompt, "why not?", menu and scene (the boards' and the
        # players panel's, build menu and all) once.
        assert counted["prompt"] <= 1 and counted["refusals"] <= 1, dict(counted)
        assert counted["scene"] <= 1 and counted["menu"] <= 1, dict(counted)
