"""Playing on a game screen: undo, the rules' reason for an illegal
choice, table mode's questions, a click on the board, the command palette
and the bots' thinking time."""

from __future__ import annotations

from castletui import saves
from castletui.screens.dialogs import CurtainScreen
from castletui.screens.game import GameScreen
from castletui.screens.rules import RulesScreen
from castletui.session import Session
from tests.app.driving import StillApp, new_game, settle


async def test_undo_takes_back_a_card_but_not_a_shot(tmp_path):
    session = Session.new(
        "catapult-castle",
        "standard",
        [saves.Player("Coco"), saves.Player("Wei")],
        seed=4,
        path=tmp_path / "g.toml",
    )
    session.run_automatic()
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
        screen = app.screen
        ply = screen.session.ply
        await pilot.press("enter")  # the first choice: a card, or a target
        await settle(pilot)
        if screen.query_one("#aim").display:
            screen.query_one("#aim").position = 10
            await pilot.press("space")
            await settle(pilot)
            await pilot.press("u")
            assert screen.session.ply > ply, "a shot's landing is never undone"
        else:
            assert screen.session.ply == ply + 1
            await pilot.press("u")
            await settle(pilot)
            assert screen.session.ply == ply


async def test_an_illegal_choice_shows_the_rules_reason(tmp_path):
    from castletui.rules.catapult_castle.state import Place

    session = Session.new("catapult-castle", "solo", [saves.Player("Coco")], seed=3, path=tmp_path / "s.toml")
    session.run_automatic()
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert not screen.play(Place("inner"))
        await pilot.pause()
        assert app._notifications, "the refusal is shown"
        assert screen.session.ply == session.ply


async def test_table_mode_asks_what_really_happened(tmp_path):
    from castletui.rules.catapult_castle.state import Land, Shoot

    from castletui.screens.dialogs import ChancePicker

    start = new_game(
        "catapult-castle", "standard", [saves.Player("Coco"), saves.Player("Wei")], 1, mode="table"
    )
    app = StillApp(start, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # The set-up form comes first (who starts); Escape asks one question at a time.
        await pilot.press("escape")
        await settle(pilot)
        picker = app.screen
        assert isinstance(picker, ChancePicker)
        assert "lost a kingdom" in picker.prompt
        assert [text for text, _ in picker.outcomes] == ["Coco starts", "Wei starts"]
        await pilot.press("escape")  # not decided yet...
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("c")  # ...now we know
        await settle(pilot)
        assert isinstance(app.screen, ChancePicker)
        await pilot.press("enter")  # Coco starts
        await settle(pilot)
        # Wei's card for going last is his secret: nobody types it in.
        game = app.screen
        if isinstance(game, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
            game = app.screen
        assert isinstance(game, GameScreen)
        assert game.session.to_move() == 0
        shoot = next(i for i, choice in enumerate(game.bar.lines) if choice.action == Shoot())
        game.query_one("#actions").highlighted = shoot
        await pilot.press("enter")
        await settle(pilot)
        picker = app.screen
        assert picker.prompt == "Where did Coco's ammo land?"
        labels = [text for text, _ in picker.outcomes]
        assert "Nowhere" in labels and "In Queen inner" in labels and "In Coco's inner" in labels
        landing = labels.index("In Queen inner")
        picker.query_one("OptionList").highlighted = landing
        await pilot.press("enter")
        await settle(pilot)
        landed = [line.text for line in game.session.log if line.text.startswith("The ammo")]
        assert landed == ["The ammo lands in the Queen mat's inner tower: a hit, Coco may take it"]
        assert Land(1, "inner") in [game.session.action_at(ply) for ply in range(game.session.ply)]


async def test_clicking_a_lit_tower_aims_at_it(tmp_path):
    from castletui.games.catapult_castle.board import TableBoard

    session = Session.new(
        "catapult-castle",
        "standard",
        [saves.Player("Coco"), saves.Player("Wei", "bot")],
        seed=3,
        path=tmp_path / "g.toml",
    )
    session.run_automatic()
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one(TableBoard)
        lit = board.marks.lit
        x0, y0, _, _, square = next(region for region in board._regions if region[4] in lit)
        await pilot.click(TableBoard, offset=(x0 + 1, y0))
        await settle(pilot)
        assert screen.query_one("#aim").display
        assert board.marks.selected == square
        await pilot.press("escape")
        assert screen.query_one("#actions").display


async def test_the_command_palette_offers_the_screen_keys(tmp_path):
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"New game", "Load", "Rules", "Quit"} <= set(titles)
        run = next(c for c in app.get_system_commands(app.screen) if c.title == "Rules").callback
        run()
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)


async def test_the_app_gives_its_bots_their_thinking_time(tmp_path, monkeypatch):
    """The app's bots decide within its thinking time, so a slow machine does
    not keep the table waiting on a hard bot: the time a move is shown for
    (bot_delay, issue 30), at least BOT_THINKING_TIME; the hard bots of a
    three-player team still play their drafts within it."""
    from castletui.app import BOT_THINKING_TIME, CastleApp

    assert CastleApp(bot_delay=0.6).think_for == 0.6 and CastleApp(bot_delay=2).think_for == 2
    assert CastleApp(bot_delay=0).think_for == BOT_THINKING_TIME and StillApp().think_for is None
    given: list[float | None] = []
    original = Session.bot_decision

    def recording(self, think_for=None):
        given.append(think_for)
        return original(self, think_for)

    monkeypatch.setattr(Session, "bot_decision", recording)
    players = [saves.Player("Coco", "bot", "hard"), saves.Player("Wei", "bot", "hard"), saves.Player("Milo")]
    app = StillApp(new_game("castle-raisers", "cooperative", players, 5), tmp_path)
    app.think_for = 0.01
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):  # Milo takes the highlighted choice until the bots have drafted
            await settle(pilot)
            if len(given) >= 4:
                break
            await pilot.press("enter")
    assert len(given) >= 4 and set(given) == {0.01}
