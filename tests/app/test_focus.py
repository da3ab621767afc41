"""Keyboard focus never goes missing (issue #28, item 1): after any dialog,
board switch or Escape, the focus is on something that answers Enter, and
the focused part of the screen is marked.

Found by players: in GoT Catan, after a roll with nothing to build, `m`
(the map, with no place to offer) then Escape then Enter did nothing; in
Brotherhood `w` then Enter did nothing until Tab was pressed twice; once
after the trade dialog `m` and Enter both did nothing."""

from __future__ import annotations

from castletui.rules.got_catan import OfferTrade
from castletui.rules.got_catan.state import BuildRoad, BuildSettlement, EndTurn
from textual.widgets import OptionList

from castletui.games.got_catan.screen import GotCatanScreen
from castletui.games.got_catan.trade import TradeDialog
from castletui.widgets.board import SpotBoard
from tests.app.driving import StillApp, open_table, settle
from tests.app.got_catan.helpers import new_session, play_until, top, turn_with


def answers_enter(screen) -> bool:
    """The focused widget does something on Enter: the action bar with a
    line that may be chosen, or a board with a place to offer."""
    focused = screen.focused
    if isinstance(focused, OptionList):
        option = focused.highlighted_option
        return option is not None and not option.disabled
    if isinstance(focused, SpotBoard):
        return bool(focused.selectable) and focused.cursor in focused.selectable
    return focused is not None


def turn_with_nothing_to_build(session) -> bool:
    step = top(session)
    if step is None or step.kind != "turn":
        return False
    legal = session.legal_actions()
    return (
        any(isinstance(action, EndTurn) for action in legal)
        and any(isinstance(action, OfferTrade) for action in legal)
        and not any(isinstance(action, BuildRoad | BuildSettlement) for action in legal)
    )


async def at_the_table(pilot) -> GotCatanScreen:
    await open_table(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GotCatanScreen)
    return screen


async def test_escape_from_a_map_with_nothing_to_offer_gives_enter_back_to_the_action_bar(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=3), turn_with_nothing_to_build)
    seat = top(session).seat
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_table(pilot)
        await pilot.press("m")
        await pilot.press("escape")
        await settle(pilot)
        assert answers_enter(screen), f"focus on {screen.focused!r}"
        ply = session.ply
        await pilot.press("enter")
        await settle(pilot)
        assert session.ply > ply, "Enter did nothing"
        assert session.to_move() != seat or top(session).kind != "turn"


async def test_the_trade_dialog_closed_gives_the_keyboard_back_to_the_action_bar(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=3), turn_with_nothing_to_build)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_table(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TradeDialog)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert answers_enter(screen), f"focus on {screen.focused!r}"
        await pilot.press("m")
        await settle(pilot)
        assert answers_enter(screen), (
            f"`m` on a map with nothing to offer left the focus on {screen.focused!r}"
        )


async def test_switching_to_the_wall_from_the_map_leaves_enter_working(tmp_path):
    """Brotherhood at 80x24: the map had the keyboard (a road to place), `w`
    hides it behind the Wall: Enter must still answer."""
    session = play_until(
        new_session(tmp_path / "g.toml", seed=7, variant="brotherhood"), turn_with(BuildRoad)
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_table(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(screen.focused, SpotBoard)
        await pilot.press("w")
        await settle(pilot)
        assert answers_enter(screen), f"focus on {screen.focused!r}"
        await pilot.press("w")
        await settle(pilot)
        assert answers_enter(screen), f"focus on {screen.focused!r}"


async def test_escape_on_a_board_at_the_top_of_the_menu_gives_the_keyboard_to_the_action_bar(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=2), turn_with(BuildRoad))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_table(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(screen.focused, SpotBoard)
        for _ in range(3):  # out of any group the cursor opened, then off the board
            await pilot.press("escape")
            await settle(pilot)
        assert isinstance(screen.focused, OptionList), f"focus on {screen.focused!r}"
        assert answers_enter(screen)
