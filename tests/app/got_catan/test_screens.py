"""A Game of Thrones Catan on screen, driven like a player: the board
cursor placing and building (keys and a click), Tormund moved on the map
on a 7, the build menu with its costs, the trade dialog making an offer
another person accepts behind the curtain, and a whole hot-seat game of
three people through the keyboard."""

from __future__ import annotations

from castletui.rules import got_catan as game
from castletui.rules.got_catan.edition import RESOURCES
from castletui.rules.got_catan.state import BuildRoad, BuildSettlement

from castletui.games.got_catan.map import GotCatanMap
from castletui.games.got_catan.screen import GotCatanScreen
from castletui.games.got_catan.trade import TradeDialog, TradeTarget
from castletui.screens.dialogs import CurtainScreen
from tests.app.driving import StillApp, open_table, screen_text, settle
from tests.app.got_catan.helpers import at, map_at, new_session, play_until, press_until, top, turn_with


async def test_the_board_cursor_places_the_first_settlement_and_its_road(tmp_path):
    session = new_session(tmp_path / "g.toml", seed=4)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        gift = app.screen.query_one(GotCatanMap)
        await pilot.press("m")
        assert app.screen.focused is gift
        await pilot.press("down", "right", "right")
        corner = gift.cursor
        assert corner[0] == "corner" and corner in gift.selectable
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.corner_owner[corner[1]] == 0
        assert app.screen.focused is gift, "the map keeps the keyboard for the road"
        await pilot.press("left")
        edge = gift.cursor
        assert edge[0] == "edge"
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.edge_owner[edge[1]] == 0


async def test_moving_the_cursor_to_a_path_opens_build_road_and_enter_builds(tmp_path):
    async with map_at(tmp_path, turn_with(BuildRoad)) as (pilot, screen, gift):
        session = screen.session
        seat = top(session).seat
        roads = len(session.state.players[seat].roads)
        edge = next(spot for spot in sorted(gift.selectable) if spot[0] == "edge")
        await pilot.press("m")
        gift.point_at(edge)  # where the arrows would bring it
        gift.post_message(GotCatanMap.CursorMoved(gift, edge))
        await settle(pilot)
        assert screen.menu_path == ("Build", "Road")
        assert screen.bar.chosen.spot == edge
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.edge_owner[edge[1]] == seat
        assert len(session.state.players[seat].roads) == roads + 1


async def test_a_click_on_a_corner_builds_a_settlement(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=2), turn_with(BuildSettlement))
    seat = top(session).seat
    corner = next(a.corner for a in session.legal_actions() if isinstance(a, BuildSettlement))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        gift = app.screen.query_one(GotCatanMap)
        row, first, _ = gift.spot_cells[("corner", corner)]
        await pilot.click(GotCatanMap, offset=(first, row))
        await settle(pilot)
        assert corner in session.state.players[seat].settlements


async def test_the_build_menu_lists_every_cost_and_why_not(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=2), at("turn"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        screen = app.screen
        build = next(i for i, c in enumerate(screen.bar.lines) if c.text == "Build...")
        screen.query_one("#actions").highlighted = build
        await pilot.press("enter")
        await settle(pilot)
        texts = [choice.text for choice in screen.bar.lines]
        assert [text.split()[0].rstrip(".:") for text in texts[:3]] == ["Settlement", "Keep", "Road"]
        assert texts[3].startswith(("Development card", "Buy a development card"))
        assert any("3 ore and 2 grain" in text or "3 ore, 2 grain" in text for text in texts), texts
        await pilot.press("escape")
        await settle(pilot)
        assert screen.menu_path == ()


async def test_tormund_moves_where_the_map_cursor_says_on_a_7(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=3), at("tormund"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        gift = app.screen.query_one(GotCatanMap)
        assert {spot[0] for spot in gift.selectable} == {"hex"}
        await pilot.press("m", "down", "right")
        hex_spot = gift.cursor
        assert hex_spot[0] == "hex" and hex_spot[1] != session.state.tormund
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.tormund == hex_spot[1]
        assert "TORMUND" in screen_text(app) or "[T]" in screen_text(app)


async def test_t_when_no_trade_can_be_offered_says_why(tmp_path):
    """While Tormund is to be moved no offer can be made: t is out of the
    Footer, and pressing it anyway explains, instead of doing nothing."""
    session = play_until(new_session(tmp_path / "g.toml", seed=3), at("tormund"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        assert "t" not in app.screen.active_bindings or not app.screen.active_bindings["t"].binding.show
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, GotCatanScreen)
        assert [note.message for note in app._notifications] == [GotCatanScreen.NO_TRADE_NOW]
        assert at("tormund")(session)


def trade_moment(session) -> bool:
    step = top(session)
    if step is None or step.kind != "turn" or step.seat != 0:
        return False
    hands = session.state.players
    return bool(hands[0].hand) and any(card not in hands[0].hand for card in hands[1].hand)


async def test_an_offer_made_in_the_trade_dialog_is_accepted_by_another_person(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=2), trade_moment)
    before = session.state.players
    give = before[0].hand[0]
    get = next(card for card in before[1].hand if card not in before[0].hand)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TradeDialog)
        await pilot.press(*["down"] * RESOURCES.index(give), "1")
        moves = RESOURCES.index(get) - RESOURCES.index(give)
        await pilot.press(*[("down" if moves > 0 else "up")] * abs(moves), "right", "1")
        await pilot.press(*["down"] * (len(RESOURCES) - RESOURCES.index(get)), "right")  # to Bran
        to = app.screen.query_one(TradeTarget)
        assert app.screen.focused is to
        assert to.targets[to.target] == "Bran"
        assert "Offer 1 " in str(app.screen.query_one("#trade-status").render())
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.offer.to == 1
        # Bran answers behind the curtain: the first line is Accept.
        await press_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await press_until(
            pilot, lambda: at("answer", 1)(session) and not isinstance(app.screen, CurtainScreen)
        )
        assert app.screen.bar.lines[0].text == "Accept"
        await press_until(pilot, lambda: at("choose", 0)(session) and isinstance(app.screen, GotCatanScreen))
        await press_until(pilot, lambda: not at("choose")(session))
        after = session.state.players
        assert after[0].hand.count(get) == before[0].hand.count(get) + 1
        assert after[1].hand.count(give) == before[1].hand.count(give) + 1


async def test_a_seven_asks_each_person_over_the_limit_to_return_cards(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=1), at("discard"))
    seat = top(session).seat
    held = len(session.state.players[seat].hand)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        screen = app.screen
        assert "return" in screen_text(app)
        assert all("(you hold" in choice.text for choice in screen.bar.lines)
        await pilot.press("enter")
        await settle(pilot)
        assert len(session.state.players[seat].hand) == held - 1


async def test_the_score_key_keeps_victory_point_cards_face_down(tmp_path):
    """The frame's score sheet reads the viewer's standing (Session.standing)."""
    session = new_session(tmp_path / "g.toml", seed=2)
    assert session.standing(0).scores == game.result(game.view(session.state, 0)).scores


async def test_t_before_the_roll_gives_the_rules_reason(tmp_path):
    """Before the roll, t says what the rules' "why not" says (the same
    words the action bar's line gives), not words of the screen's own."""
    session = play_until(new_session(tmp_path / "g.toml", seed=3), at("start"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        await pilot.press("t")
        await settle(pilot)
        (note,) = app._notifications
        assert (
            note.message
            == dict(game.refusals(session.view(top(session).seat), top(session).seat))["Build or trade"]
        )
        assert note.message.startswith("Roll the dice first")
