"""Text from players and files is shown as text, never read as markup
(issue "Never crash, never lose a game", item 3): names like ``[/]`` and
``[Team A]`` once crashed the app or vanished, in the players panel, the
turn prompt, the "Pass to" curtain, the menu's Continue note, the load
screen and error notices."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from castletui import saves
from castletui.screens.dialogs import CurtainScreen
from castletui.screens.game import GameScreen
from castletui.screens.load import LoadScreen
from castletui.screens.menu import MenuScreen
from castletui.widgets.plain import Plain
from tests.app.driving import StillApp, new_game, screen_text, settle

NAMES = ("[/]", "[Team A]")
GAMES = [  # and whether the hot-seat curtain falls (only where views differ)
    ("catapult-castle", "standard", True),
    ("castle-raisers", "competitive", False),
    ("castlecards", "two-player", True),
]


@pytest.mark.slow
@pytest.mark.parametrize("game_id, variant, curtain", GAMES)
async def test_square_brackets_in_names_are_shown_as_typed_everywhere(tmp_path, game_id, variant, curtain):
    players = [saves.Player(name) for name in NAMES]
    app = StillApp(new_game(game_id, variant, players, 5), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if curtain:  # a game with hands opens behind the curtain, naming who sits down first
            assert isinstance(app.screen, CurtainScreen)
            assert "Pass to [/]" in screen_text(app)
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert "[Team A]" in screen_text(app) and "[/]" in screen_text(app)
        # Play on until the device passes to the other person.
        for _ in range(60):
            if isinstance(app.screen, CurtainScreen):
                shown = screen_text(app)
                assert "Pass to [Team A]" in shown or "Pass to [/]" in shown
                await pilot.press("enter")
                await settle(pilot)
                break
            await pilot.press("enter")
            await settle(pilot)
        else:
            assert not curtain, "the curtain should have fallen"
        assert "[Team A]" in screen_text(app)
        await pilot.press("u")  # a refusal or a take-back: a notice either way
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert "[Team A]" in screen_text(app), "the Continue note names the players"
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        assert "[/], [Team A]" in screen_text(app)


async def test_a_damaged_save_with_markup_in_its_name_and_text_is_listed_and_refused(tmp_path):
    (tmp_path / "[b]odd[i].toml").write_text('format = "castletui-save"\nversion = 1\ngame = "[/]"\n')
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await settle(pilot)
        assert "[b]odd[i].toml" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen), "a damaged save is refused with a notice"
        assert "[b]odd[i].toml" in screen_text(app)


async def test_the_menu_starts_whatever_names_the_newest_save_holds(tmp_path):
    """Once a save named a player "[/]", plain `castletui` crashed at start."""
    players = [saves.Player("[/]"), saves.Player("Wei", "bot")]
    app = StillApp(new_game("castlecards", "two-player", players, 3), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    again = StillApp(save_dir=tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, MenuScreen)
        assert "[/]" in screen_text(again)


async def save_as(pilot, name: str) -> None:
    from castletui.screens.dialogs import SaveAsScreen

    await pilot.press("ctrl+s")
    await settle(pilot)
    assert isinstance(pilot.app.screen, SaveAsScreen)
    pilot.app.screen.query_one("#save-name").value = name
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.parametrize("answer", ["Cancel", "Replace"])
async def test_save_as_over_another_game_asks_first_and_keeps_its_last_copy(tmp_path, answer):
    """Item 1: Save as over an existing name replaced that game without
    asking, and the next autosave overwrote its backup too."""
    from castletui.screens.dialogs import ConfirmScreen
    from castletui.session import Session

    players = [saves.Player("Ann"), saves.Player("Wei", "bot")]
    friday = Session.new("castlecards", "two-player", players, seed=11, path=tmp_path / "friday.toml")
    friday.run_automatic()
    mine = Session.new("catapult-castle", "standard", players, seed=12, path=tmp_path / "mine.toml")
    app = StillApp(save_dir=tmp_path, session=mine)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await save_as(pilot, "friday")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.message.startswith("friday.toml already holds another game (castlecards, Ann, Wei")
        await pilot.press("escape" if answer == "Cancel" else "y")
        await settle(pilot)
        for _ in range(4):  # autosaves after the answer
            await pilot.press("enter")
            await settle(pilot)
    kept = [saves.read(path).seed for path in tmp_path.glob("friday*")]
    assert 11 in kept, "friday's game is still on disk"
    if answer == "Cancel":
        assert saves.read(tmp_path / "friday.toml").seed == 11
        assert mine.path == tmp_path / "mine.toml"
    else:
        assert saves.read(tmp_path / "friday.toml").seed == 12


async def test_save_as_under_its_own_name_again_does_not_ask(tmp_path):
    from castletui.session import Session

    players = [saves.Player("Ann"), saves.Player("Wei", "bot")]
    mine = Session.new("catapult-castle", "standard", players, seed=12, path=tmp_path / "mine.toml")
    app = StillApp(save_dir=tmp_path, session=mine)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await save_as(pilot, "keeper")
        await save_as(pilot, "mine")
        assert isinstance(app.screen, GameScreen)
        assert mine.path == tmp_path / "mine.toml"


@pytest.mark.slow
async def test_the_load_screen_lists_every_fuzzed_save(tmp_path):
    """The fuzz corpus (tests/saves/fuzzing.py) in one save folder: the load
    screen lists every file, damaged ones with what is wrong."""
    from tests.saves.fuzzing import write_corpus

    corpus = write_corpus(tmp_path / "fuzzed", per_kind=1)
    app = StillApp(save_dir=tmp_path / "fuzzed")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        assert len(screen.rows) == len(corpus)
        table = screen.query_one(DataTable)
        detail = screen.query_one("#load-detail", Plain)
        # Every row's detail line, as the highlight shows it: the cursor is
        # moved in code (some 300 presses of down would each wait for the app
        # to go idle, half a minute in all) and the keyboard's down is
        # pressed once below.
        for index, row in enumerate(screen.rows):
            table.move_cursor(row=index)
            screen.show_detail()
            assert str(detail.render()) == (row.problem or screen.in_full(row))
            if row.problem:  # a damaged save says so in its row
                assert str(table.get_row_at(index)[0]) == "(damaged)"
        assert any(row.problem for row in screen.rows)
        # Every row drawn at once: a terminal tall enough for the whole list.
        await pilot.resize_terminal(80, 2 * len(corpus) + 12)
        await settle(pilot)
        shown = screen_text(app)
        assert shown.count("(damaged)") == sum(1 for row in screen.rows if row.problem)
        await pilot.resize_terminal(80, 24)
        table.move_cursor(row=0)
        await pilot.press("down")
        await settle(pilot)
        assert table.cursor_row == 1
        assert str(detail.render()) == (screen.rows[1].problem or screen.in_full(screen.rows[1]))


async def test_resume_opens_or_refuses_a_fuzzed_save_of_every_outcome(tmp_path):
    """`castletui resume FILE` on a fuzzed save of each outcome: one that
    opens, one refused, one with hostile players' names, one refused
    with the offer to open the game at its last legal move. The game opens,
    or the app stays up with a notice (or the offer). Every file of the
    corpus goes through the session headlessly (tests/saves/test_fuzzed_saves.py):
    the app is run once for each way out of it, not once for every kind."""
    from castletui.app import Start
    from castletui.session import Session
    from tests.saves.fuzzing import write_corpus

    corpus = write_corpus(tmp_path / "fuzzed", per_kind=1)
    one_of_each: dict[str, tuple[object, bool]] = {}  # outcome: a file, and whether it opens
    for path, kind in sorted(corpus.items()):
        if path.suffix != ".toml":
            continue
        try:
            Session.open(path)
            outcome, opens = "opens", True
        except saves.SaveError as error:
            outcome = "refused" if error.partial is None else "refused, the last legal move offered"
            opens = False
        one_of_each.setdefault("hostile names" if kind == "hostile_name" else outcome, (path, opens))
    assert len(one_of_each) == 4, one_of_each
    for outcome, (path, opens) in sorted(one_of_each.items()):
        app = StillApp(Start("resume", path=path), tmp_path / "saves")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            opened = any(isinstance(screen, GameScreen) for screen in app.screen_stack)
            assert opened == opens, outcome
