"""A person's input acts only for that person's own seat (issue 32.1): a
click on the Gift while a bot is to move, or while the device is being
passed to the next person, plays nothing and changes nothing."""

from __future__ import annotations

import threading

from castletui.rules.got_catan.state import BuildSettlement

from castletui import saves
from castletui.games.got_catan.map import GotCatanMap
from castletui.screens.game import GameScreen
from castletui.session import Session
from tests.app.driving import StillApp, open_table, settle
from tests.app.got_catan.helpers import at, new_session, play_until, top


async def wait_for(pilot, condition, limit: int = 200) -> None:
    """Pause until ``condition()`` (the app catching up; no timing)."""
    for _ in range(limit):
        if condition():
            return
        await pilot.pause()
    assert condition(), "it never happened"


async def click_spot(pilot, gift: GotCatanMap, spot) -> None:
    row, first, _ = gift.spot_cells[spot]
    await pilot.click(GotCatanMap, offset=(first, row))
    await pilot.pause()


async def test_a_click_on_the_map_while_a_bot_is_to_move_plays_nothing(tmp_path, monkeypatch):
    players = [
        saves.Player("Bran", "bot", "normal"),
        saves.Player("Ann"),
        saves.Player("Cat", "bot", "random"),
    ]
    session = Session.new("got-catan", "base", players, seed=4, path=tmp_path / "g.toml")
    while session.to_move() == -1:
        session.draw()
    assert top(session).kind == "place-settlement" and top(session).seat == 0
    # The bot thinks until the test has clicked: its move is due all that time.
    clicked = threading.Event()
    decide = Session.bot_decision

    def thinking(self, think_for=None):
        clicked.wait(timeout=60)
        return decide(self, think_for)

    monkeypatch.setattr(Session, "bot_decision", thinking)
    before, ply = session.state, session.ply
    corner = next(a.corner for a in session.legal_actions() if isinstance(a, BuildSettlement))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        try:
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.bot_turn.thinking)
            gift = app.screen.query_one(GotCatanMap)
            await pilot.press("m")
            await click_spot(pilot, gift, ("corner", corner))
            await pilot.press("enter")
            await pilot.pause()
            assert session.ply == ply and session.state == before, "a click played the bot's move"
            assert not gift.selectable, "no place on the map is offered for the bot's decision"
        finally:
            clicked.set()
        await settle(pilot)
        assert session.ply > ply and session.save.log[ply].seat == 0  # the bot made its own move
        assert session.to_move() == 1


async def test_a_click_while_the_device_is_passed_on_plays_nothing(tmp_path):
    # Cat places her last road of the set-up; Bran places next, behind the curtain.
    def last_road_of_cat(s: Session) -> bool:
        return at("place-road", 2)(s) and len(s.state.players[2].settlements) == 2

    session = play_until(new_session(tmp_path / "g.toml", seed=4), last_road_of_cat)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_table(pilot)
        screen = app.screen
        gift = screen.query_one(GotCatanMap)
        road = next(spot for spot in sorted(gift.selectable) if spot[0] == "edge")
        await click_spot(pilot, gift, road)
        await settle(pilot)
        assert screen.driver.passing_to == 1, "Cat sees how her turn ended before passing the device"
        before, ply = session.state, session.ply
        corners = [a.corner for a in session.legal_actions() if isinstance(a, BuildSettlement)]
        assert corners and session.to_move() == 1
        await click_spot(pilot, gift, ("corner", corners[0]))
        await settle(pilot)
        assert session.ply == ply and session.state == before, "Cat's click played Bran's settlement"
