"""The whole log at any size (issue #28, item 5): which lines are news to
a seat, and the log screen over a game at 80x24."""

from __future__ import annotations

import random

from castletui.rules import got_catan as game
from castletui.rules.core import bots

from castletui import saves
from castletui.screens.log import LogScreen, since_last_turn
from castletui.session import Session
from tests.app.driving import StillApp, open_table, screen_text, settle, wait_until
from tests.app.got_catan.helpers import top


def test_since_last_turn_is_what_the_others_did_after_the_viewers_last_turn():
    # Coco (0) played, then Wei (1), the game (-1) and Milo (2); Coco is on again.
    seats = [0, 0, 1, -1, 1, 2, 2, 0]
    assert since_last_turn(seats, 0) == 2
    assert since_last_turn(seats[:-1], 0) == 2
    # Only the viewer has acted: no news.
    assert since_last_turn([0, 0], 0) == 2
    # Wei's move before the viewer's turn now is news, whatever came before it.
    assert since_last_turn([0, 1, 0, 0], 0) == 1
    # The viewer never acted: the whole log is news.
    assert since_last_turn([1, -1, 2], 0) == 0
    assert since_last_turn([], 0) == 0


async def test_g_shows_everything_three_bots_did_since_the_persons_last_turn_at_80x24(tmp_path):
    """GoT Catan at 80x24 with three bots: the side log has room for a few
    lines only; `g` shows every line since Ann's last turn, marked."""
    players = [saves.Player("Ann")] + [saves.Player(name, "bot", "easy") for name in ("Bran", "Cat", "Dany")]
    session = Session.new("got-catan", "base", players, seed=6, path=tmp_path / "g.toml")
    session.run_automatic()
    rng = random.Random(6)
    turns = 0
    while turns < 2:  # into Ann's second turn: the bots have played a round since her first
        session.act(bots.choose(game, session.state, "normal", rng))
        session.run_automatic()
        step = top(session)
        turns += step is not None and step.kind == "start" and step.seat == 0
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        news = session.log[since_last_turn(session.log_turns(), 0) :]
        assert len(news) > 6
        assert "g: all" in screen_text(app), "the side log says how to read it whole"
        await pilot.press("g")
        await wait_until(pilot, lambda: isinstance(app.screen, LogScreen) and "> " in screen_text(app))
        shown = screen_text(app)
        marked = [line for line in shown.splitlines() if "█ > " in line]
        assert len(marked) >= 8, shown
        # More news than fits: it opens at the first line since Ann's turn, and End reaches the last.
        assert news[0].text in marked[0]
        await pilot.press("end")
        await wait_until(pilot, lambda: news[-1].text in screen_text(app))
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, LogScreen)
