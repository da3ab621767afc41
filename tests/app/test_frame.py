"""The game frame's screen API, on the toy game (Pig), which has no screen
of its own: the game's prompt, a menu of several levels from the game's
``group`` with Escape stepping back one level (and Back in the Footer only
then), and the game's ``preview`` of the highlighted choice."""

from __future__ import annotations

from castletui.rules.core import seat_ref

from castletui import saves
from castletui.screens.game import GameScreen
from castletui.session import Session
from tests.app.driving import StillApp, screen_text, settle
from tests.toy_game import Face, Hold, Roll


def footer_keys(app) -> set[str]:
    return {
        active.binding.description for active in app.screen.active_bindings.values() if active.binding.show
    }


def labels(screen: GameScreen) -> list[str]:
    return [choice.text for choice in screen.bar.lines]


async def test_groups_make_a_menu_and_escape_steps_back_one_level(pig, monkeypatch, tmp_path):
    monkeypatch.setattr(
        pig,
        "group",
        lambda state, action: ("Push your luck",) if isinstance(action, Roll) else (),
        raising=False,
    )
    monkeypatch.setattr(pig, "prompt", lambda state, seat: seat_ref(seat) + ", roll or hold?", raising=False)
    session = Session.new(
        "pig", "standard", [saves.Player("Ann"), saves.Player("Wei")], seed=3, path=tmp_path / "p.toml"
    )
    session.act(Roll())
    session.act(Face(4))  # Ann may now roll again or hold
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        seat = session.to_move()
        assert f"{session.names[seat]}, roll or hold?" in screen_text(app)
        top = labels(screen)
        assert any(isinstance(choice.action, Hold) for choice in screen.bar.lines)
        assert "Push your luck..." in top and "Back" not in footer_keys(app)
        screen.query_one("#actions").highlighted = top.index("Push your luck...")
        await pilot.press("enter")
        await settle(pilot)
        assert labels(screen) == [session.label(Roll())]
        assert "Back" in footer_keys(app)
        await pilot.press("escape")
        await settle(pilot)
        assert labels(screen) == top and "Back" not in footer_keys(app)


async def test_the_preview_line_tells_what_the_highlighted_choice_would_do(pig, monkeypatch, tmp_path):
    monkeypatch.setattr(
        pig,
        "preview",
        lambda state, action, seat: "Risk it all" if isinstance(action, Roll) else "Bank it",
        raising=False,
    )
    session = Session.new(
        "pig", "standard", [saves.Player("Ann"), saves.Player("Wei")], seed=3, path=tmp_path / "p.toml"
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Risk it all" in screen_text(app)


async def test_without_groups_or_preview_the_frame_lists_every_action(pig, tmp_path):
    session = Session.new(
        "pig", "standard", [saves.Player("Ann"), saves.Player("Wei")], seed=3, path=tmp_path / "p.toml"
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert labels(app.screen) == [session.label(action) for action in session.legal_actions()]
        assert not app.screen.query_one("#preview").display
        assert "Ann, choose:" in screen_text(app)


def pig_with_spots(pig, monkeypatch):
    import sys

    from tests.app import pig_screen

    # Found as a game's screen is, by convention (castletui/games/__init__.py).
    monkeypatch.setitem(sys.modules, "castletui.games.pig.screen", pig_screen)
    monkeypatch.setattr(
        pig, "spot", lambda state, action: "die" if isinstance(action, Roll) else "bank", raising=False
    )


async def test_the_board_cursor_and_the_action_bar_stay_in_step(pig, monkeypatch, tmp_path):
    from tests.app.pig_screen import PigBoard

    pig_with_spots(pig, monkeypatch)
    session = Session.new(
        "pig", "standard", [saves.Player("Ann"), saves.Player("Wei")], seed=3, path=tmp_path / "p.toml"
    )
    session.act(Roll())
    session.act(Face(4))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(PigBoard)
        assert board.selectable == {"die", "bank"}
        assert board.cursor == "die", "the cursor sits on the highlighted choice's spot"
        await pilot.press("down")  # the action bar: Hold
        assert board.cursor == "bank"
        board.focus()
        await pilot.press("h")  # the board: back to the die...
        assert board.cursor == "die"
        assert isinstance(app.screen.bar.chosen.action, Roll), "...and the action bar follows"
        await pilot.press("l", "enter")  # Enter on the bank holds
        await settle(pilot)
        assert session.state.scores[0] == 4


async def test_a_click_on_a_spot_takes_its_action_and_elsewhere_says_nothing_is_there(
    pig, monkeypatch, tmp_path
):
    from tests.app.pig_screen import PigBoard

    pig_with_spots(pig, monkeypatch)
    session = Session.new(
        "pig", "standard", [saves.Player("Ann"), saves.Player("Wei")], seed=3, path=tmp_path / "p.toml"
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(PigBoard).selectable == {"die"}, "no points to bank yet"
        await pilot.click(PigBoard, offset=(16, 1))  # the bank: nothing to do
        await settle(pilot)
        assert session.ply == 0
        await pilot.click(PigBoard, offset=(4, 1))  # the die: roll
        await settle(pilot)
        assert session.ply >= 1 and isinstance(session.action_at(0), Roll)


async def test_a_new_hot_seat_game_with_hands_opens_behind_the_curtain(tmp_path):
    """Before the deal every view is alike, yet the first hand dealt must not
    show to whoever sits at the keyboard: a new Castlecards game between two
    people starts with "Pass to Ann", and no hand is drawn under it."""
    from castletui.screens.dialogs import CurtainScreen
    from tests.app.driving import new_game

    people = [saves.Player("Ann"), saves.Player("Wei")]
    app = StillApp(new_game("castlecards", "two-player", people, 5), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass to Ann" in screen_text(app)
        game = next(screen for screen in app.screen_stack if isinstance(screen, GameScreen))
        assert not game.query_one("#board-area").display, "nothing private is drawn under the curtain"


async def test_a_game_with_nothing_hidden_needs_no_curtain(tmp_path):
    from castletui.screens.dialogs import CurtainScreen
    from tests.app.driving import new_game

    people = [saves.Player("Ann"), saves.Player("Wei")]
    app = StillApp(new_game("castle-raisers", "competitive", people, 5), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not any(isinstance(screen, CurtainScreen) for screen in app.screen_stack)
