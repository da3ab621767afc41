"""The trade dialog through the keyboard (issue 28, item 4): every field
is reached with Tab, in order, and says how to change it; the "To" field
is chosen there; Enter on Cancel cancels."""

from __future__ import annotations

from castletui.rules.got_catan.edition import RESOURCES
from textual.widgets import Button

from castletui.games.got_catan.screen import GotCatanScreen
from castletui.games.got_catan.trade import TradeDialog, TradeGrid, TradeTarget
from tests.app.driving import StillApp, open_table, screen_text, settle
from tests.app.got_catan.helpers import new_session, play_until
from tests.app.got_catan.test_screens import trade_moment


def one_for_one(session) -> list[str]:
    """The keys of an offer of 1 card the offerer holds for 1 Bran holds."""
    players = session.state.players
    give = players[0].hand[0]
    get = next(card for card in players[1].hand if card not in players[0].hand)
    moves = RESOURCES.index(get) - RESOURCES.index(give)
    return [
        *["down"] * RESOURCES.index(give),
        "1",
        *[("down" if moves > 0 else "up")] * abs(moves),
        "right",
        "1",
    ]


async def open_the_dialog(pilot) -> TradeDialog:
    await open_table(pilot)
    await pilot.press("t")
    await settle(pilot)
    assert isinstance(pilot.app.screen, TradeDialog)
    return pilot.app.screen


async def test_tab_reaches_every_field_of_the_trade_dialog_and_each_says_how_to_change_it(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=2), trade_moment)
    give = session.state.players[0].hand[0]
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_the_dialog(pilot)
        grid, to = dialog.query_one(TradeGrid), dialog.query_one(TradeTarget)
        assert dialog.focused is grid
        text = screen_text(app)
        assert "+ - or a digit" in text and "Left/Right: to whom" in text and "Tab" in text
        await pilot.press(*one_for_one(session))
        await settle(pilot)
        assert not dialog.query_one("#offer", Button).disabled
        order = [grid]
        for _ in range(4):
            await pilot.press("tab")
            await settle(pilot)
            order.append(dialog.focused)
        assert order[1] is to
        assert [widget.id for widget in order[2:4]] == ["offer", "cancel"]
        assert order[4] is grid, "Tab comes round to the counts"
        await pilot.press("shift+tab")
        await settle(pilot)
        assert dialog.focused.id == "cancel"
        # An offer of one card to Bran, chosen on the "To" field reached by Tab.
        await pilot.press("tab", "tab", "right")
        await settle(pilot)
        assert to.targets[to.target] == "Bran"
        assert "to Bran" in str(dialog.query_one("#trade-status").render())
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GotCatanScreen)
        assert session.state.offer.to == 1 and session.state.offer.give == (give,)
        assert len(session.state.offer.get) == 1


async def test_enter_on_cancel_cancels_the_trade(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=2), trade_moment)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_the_dialog(pilot)
        await pilot.press(*one_for_one(session), "tab", "tab", "tab")
        await settle(pilot)
        assert isinstance(dialog.focused, Button) and dialog.focused.id == "cancel"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GotCatanScreen)
        assert not session.state.offer.give, "nothing was offered"
