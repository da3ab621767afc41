"""The app driven like a player: menu, wizard, a whole game of Catapult
Castle (2 players hot-seat, and solo), undo, save and resume, load screen,
rules and help, bad saves and tiny terminals."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from textual.widgets import Select, Static

import saves
from castletui.app import Start
from castletui.screens.dialogs import ConfirmScreen, CurtainScreen
from castletui.screens.game import GameScreen
from castletui.screens.help import HelpScreen
from castletui.screens.load import LoadScreen
from castletui.screens.menu import MenuScreen
from castletui.screens.result import ResultScreen
from castletui.screens.rules import RulesScreen
from castletui.screens.table_entry import CountsEntry, SetupForm
from castletui.screens.wizard import NewGameScreen
from castletui.session import Session
from rules import registry
from tests.app.driving import StillApp, new_game, play_to_the_end, settle


async def test_menu_wizard_starts_a_catapult_castle_game(tmp_path):
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        assert session.save.game == "catapult-castle"
        assert session.names == ["Coco", "Wei"] and session.players[1].is_bot
        assert list(tmp_path.glob("catapult-castle-*.toml"))
        await pilot.press("q")
        assert isinstance(app.screen, MenuScreen)


async def test_table_mode_seats_people_and_says_what_a_bot_seat_needs(tmp_path):
    """Issue 12, item 3: no bot seats by default at a real table; a bot is
    still offered, with a note that someone must move its pieces."""
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        wizard = app.screen
        assert isinstance(wizard, NewGameScreen)
        kind = wizard.query_one("#kind-1", Select)
        assert kind.value == "bot:normal"
        wizard.query_one("#mode", Select).value = "table"
        await pilot.pause()
        assert [wizard.query_one(f"#kind-{seat}", Select).value for seat in range(4)] == ["human"] * 4
        assert "moves its pieces" in str(wizard.query_one("#mode-help", Static).render())
        kind.value = "bot:hard"  # still offered
        await pilot.pause()
        wizard.query_one("#mode", Select).value = "digital"
        await pilot.pause()
        assert kind.value == "bot:normal"  # the seats as they were before table mode
        assert not wizard.query_one("#mode-help", Static).display
        wizard.query_one("#mode", Select).value = "table"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.session.mode == "table" and game.session.human_seats() == [0, 1]


@pytest.mark.slow
async def test_a_whole_two_player_hot_seat_game_through_the_keyboard(tmp_path):
    start = new_game("catapult-castle", "standard", [saves.Player("Coco"), saves.Player("Wei")], 21)
    app = StillApp(start, tmp_path)
    curtains = 0
    async with app.run_test(size=(80, 24)) as pilot:
        original = app.push_screen

        def counting(screen, *args, **kwargs):
            nonlocal curtains
            curtains += isinstance(screen, CurtainScreen)
            return original(screen, *args, **kwargs)

        app.push_screen = counting
        screen = await play_to_the_end(pilot)
        session = screen.session
        result = session.result()
        assert result.finished and result.winners
        assert curtains > 2, "the curtain falls between the two people"
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        # The finished game is on disk and replays to the same end.
        reloaded = saves.load(session.path)
        assert reloaded.finished and saves.replay(reloaded) == session.state


@pytest.mark.slow
async def test_a_whole_solo_game_through_the_keyboard(tmp_path):
    start = Start(
        "play",
        new_game={
            "game_id": "catapult-castle",
            "variant": "solo",
            "players": [saves.Player("Coco")],
            "seed": 8,
        },
    )
    app = StillApp(start, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_to_the_end(pilot)
        result = screen.session.result()
        assert result.finished and result.rating
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        assert result.rating in str(app.screen.query_one("#verdict").render())


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


async def test_resume_continues_exactly_where_it_stopped(tmp_path):
    session = Session.new(
        "catapult-castle",
        "standard",
        [saves.Player("Coco"), saves.Player("Wei", "bot")],
        seed=5,
        path=tmp_path / "g.toml",
    )
    session.run_automatic()
    app = StillApp(Start("resume", path=tmp_path / "g.toml"), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.state == session.state
        assert app.screen.session.ply == session.ply


async def test_continue_opens_the_latest_save(tmp_path):
    session = Session.new(
        "catapult-castle", "solo", [saves.Player("Coco")], seed=5, path=tmp_path / "solo.toml"
    )
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.path == session.path


async def test_load_screen_lists_saves_and_names_a_damaged_one(tmp_path):
    Session.new("catapult-castle", "solo", [saves.Player("Coco")], seed=5, path=tmp_path / "solo.toml")
    (tmp_path / "broken.toml").write_text("format = 'castletui-save'\nversion = 1\ngame = ")
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        names = {Path(row.path).name: row for row in screen.rows}
        assert names["broken.toml"].problem and not names["solo.toml"].problem
        index = [Path(row.path).name for row in screen.rows].index("broken.toml")
        screen.query_one("#saves").move_cursor(row=index)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen), "a damaged save does not open"
        assert "broken.toml" in str(screen.query_one("#load-detail").render())


async def test_a_save_with_a_bad_move_opens_at_its_last_legal_move(tmp_path):
    session = Session.new(
        "catapult-castle",
        "standard",
        [saves.Player("A", "bot"), saves.Player("B", "bot")],
        seed=2,
        path=tmp_path / "g.toml",
    )
    for _ in range(12):
        session.act(session.digital_chance() if session.to_move() == -1 else session.bot_decision())
    bad = list(session.save.log)
    bad[8] = saves.LogEntry(seat=3, action=bad[8].action)
    saves.dump(msgspec.structs.replace(session.save, log=bad), tmp_path / "g.toml")
    app = StillApp(Start("resume", path=tmp_path / "g.toml"), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "log entry 9" in app.screen.message
        await pilot.press("y")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))  # the bots may have finished it
        assert game.session.save.log[:8] == session.save.log[:8]
        assert game.session.path != tmp_path / "g.toml", "the damaged file is left alone"
        assert saves.read(tmp_path / "g.toml").log == bad


async def test_rules_and_help_screens(tmp_path):
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        assert "Catapult Castle" in app.screen.sub_title
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


async def test_an_illegal_choice_shows_the_rules_reason(tmp_path):
    from rules.catapult_castle import Place

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


async def test_a_tiny_terminal_is_told_what_size_it_needs(tmp_path):
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(50, 14)) as pilot:
        await pilot.pause()
        assert "at least" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_table_mode_asks_what_really_happened(tmp_path):
    from castletui.screens.dialogs import ChancePicker
    from rules.catapult_castle import Land, Shoot

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
        shoot = next(i for i, choice in enumerate(game.choice_list) if choice.action == Shoot())
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
        assert landed == ["The ammo lands in the Queen mat's inner tower: Coco takes it"]
        assert Land(1, "inner") in [game.session.action_at(ply) for ply in range(game.session.ply)]


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


async def test_clicking_a_lit_tower_aims_at_it(tmp_path):
    from castletui.widgets.catapult_castle_board import TableBoard

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


async def test_no_color_is_respected(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.no_color
        assert isinstance(app.screen, MenuScreen)


WIZARD_CASES = [
    (game_id, variant.name) for game_id in registry.ids() for variant in registry.get(game_id).INFO.variants
]


@pytest.mark.parametrize(("game_id", "variant"), WIZARD_CASES)
async def test_the_wizard_starts_every_game_and_variant(tmp_path, game_id, variant):
    app = StillApp(Start("wizard", game_id=game_id, new_game={"variant": variant}), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert (game.session.save.game, game.session.save.config.variant) == (game_id, variant)


async def test_switching_game_and_variant_in_the_wizard_rebuilds_its_options(tmp_path):
    from textual.widgets import Select

    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        wizard = app.screen
        wizard.query_one("#game", Select).value = "castle-raisers"
        await settle(pilot)
        wizard.query_one("#variant", Select).value = "cooperative"
        await settle(pilot)
        assert wizard.query("#option-threats_player_1")
        wizard.query_one("#option-threats_player_1", Select).value = 2
        await pilot.press("ctrl+s")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.session.save.config.options["threats_player_1"] == 2


def first_variant_and_players(game_id: str, bots: bool) -> tuple[str, list[saves.Player]]:
    """The game's first variant with as few players as it takes (at least
    two): Coco, then Wei, Milo... (bots if ``bots``)."""
    variant = registry.get(game_id).INFO.variants[0]
    names = ["Coco", "Wei", "Milo", "Juno"][: max(2, variant.min_seats)]
    players = [saves.Player(names[0])] + [
        saves.Player(name, "bot" if bots else "human") for name in names[1:]
    ]
    return variant.name, players


@pytest.mark.slow
@pytest.mark.parametrize("game_id", registry.ids())
async def test_every_in_game_key_works_on_every_game_screen(tmp_path, game_id):
    from textual.screen import ModalScreen

    from castletui.screens.dialogs import SaveAsScreen

    variant, players = first_variant_and_players(game_id, bots=True)
    session = Session.new(game_id, variant, players, seed=5, path=tmp_path / "g.toml")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        # (a game may show its own score sheet: any modal screen will do for s)
        for key, expected in (("s", ModalScreen), ("f1", HelpScreen), ("r", RulesScreen)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, expected), key
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is game
        await pilot.press("enter")  # a first choice
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SaveAsScreen)
        app.screen.query_one("#save-name").value = ""
        await pilot.press(*"keeper", "enter")
        await settle(pilot)
        assert (tmp_path / "keeper.toml").exists()
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        await pilot.resize_terminal(60, 18)
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert saves.load(tmp_path / "keeper.toml").game == game_id


@pytest.mark.slow
@pytest.mark.parametrize("game_id", registry.ids())
async def test_table_mode_plays_on_every_game_screen(tmp_path, game_id):
    """Table mode through the keyboard, one question at a time: Escape on a
    set-up form or a counts line (answer one at a time instead), then Enter
    answers every 'what happened?' with the first possible outcome and
    takes the first choice on the board."""
    variant, players = first_variant_and_players(game_id, bots=False)
    start = new_game(game_id, variant, players, 3, mode="table")
    app = StillApp(start, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            await pilot.pause()
            typed = isinstance(app.screen, (SetupForm, CountsEntry))
            await pilot.press("escape" if typed else "enter")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.session.ply > 12
        assert any(entry.seat == -1 for entry in game.session.save.log)


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
