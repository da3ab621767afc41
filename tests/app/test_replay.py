"""The replay screen: the game's own boards show each step as the replay's
viewer saw it, the keys move by step and turn, whose eyes change only when
allowed, play on opens a new game and leaves the original file alone; it is
reached from the load screen and the score sheet; snapshots at 80x24 and
120x40."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from castletui.rules.core import CHANCE
from castletui.rules.core import screen as screen_api
from castletui.rules.core.scene import Scene
from textual.widgets import Input, Sparkline

from castletui import saves
from castletui.app import Start
from castletui.games.castle_raisers.ink import RaisersBoard
from castletui.games.castlecards.hand import Hand
from castletui.games.catapult_castle.board import TableBoard
from castletui.games.got_catan.map import GotCatanMap
from castletui.replay import EVERYONE, Replay
from castletui.screens.game import GameScreen
from castletui.screens.load import LoadScreen
from castletui.screens.replay import ReplayScreen
from castletui.screens.result import ResultScreen
from castletui.session import Session
from castletui.widgets.board import SpotBoard
from tests.app.driving import StillApp, settle, type_keys
from tests.app.snapshots import fixed_session, fresh_dir, pin_dates

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
BOTS = [saves.Player("Coco", "bot", "random"), saves.Player("Wei", "bot", "random")]


def bots_game(path: Path, game_id: str, variant: str, seed: int, players=BOTS, stop_at: int | None = None):
    session = Session.new(game_id, variant, list(players), seed=seed, path=path)
    chooser = random.Random(seed)
    while session.to_move() is not None and (stop_at is None or session.ply < stop_at):
        seat = session.to_move()
        if seat == CHANCE:
            session.draw()
        elif session.is_bot(seat):
            session.bot_plays(session.bot_decision())
        else:
            session.person_acts(seat, chooser.choice(session.legal_actions()))
    return session


def replaying(replay: Replay) -> Start:
    return Start("replay", new_game={"replay": replay})


async def on_replay(pilot) -> ReplayScreen:
    await settle(pilot)
    assert isinstance(pilot.app.screen, ReplayScreen)
    return pilot.app.screen


def board_view(screen: ReplayScreen):
    """What the game's own board on the screen was given to draw (a view, or a scene)."""
    for board in screen.query(TableBoard):
        return board.scene
    for board in screen.query(RaisersBoard):
        return board.scene
    for board in screen.query(Hand):
        return board.scene
    for board in screen.query(GotCatanMap):
        return board.gift  # its scene's (rules/got_catan/scene.py)
    raise AssertionError("no board")


GAMES = [
    ("catapult-castle", "standard", None),
    ("castle-raisers", "competitive", None),
    ("castlecards", "two-player", None),
    ("got-catan", "brotherhood", 120),
]


@pytest.mark.parametrize(("game_id", "variant", "stop_at"), GAMES, ids=[game[0] for game in GAMES])
async def test_the_boards_show_each_step_as_the_viewer_saw_it(tmp_path, game_id, variant, stop_at):
    players = [saves.Player("Ada"), BOTS[1], saves.Player("Milo", "bot", "random")]
    seats = 3 if game_id == "got-catan" else 2
    session = bots_game(tmp_path / "g.toml", game_id, variant, 7, players[:seats], stop_at=stop_at or 60)
    replay = Replay.open(session.path, "Ada")
    app = StillApp(replaying(replay), save_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await on_replay(pilot)
        assert screen.ply == replay.plies
        keys = (
            ["left"] * 5 + ["home"] + ["right"] * 5 + ["right_square_bracket", "left_square_bracket", "end"]
        )
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            drawn, seen = board_view(screen), replay.game.view(replay.states[screen.ply], 0)
            if game_id == "got-catan":  # the map draws its scene's Gift
                seen = screen_api.scene(replay.game, seen, 0).gift
            elif isinstance(drawn, Scene):  # a game whose boards draw its scene, from that view
                seen = screen_api.scene(replay.game, seen, 0)
            assert drawn == seen, (key, screen.ply)
            spot = replay.spot_at(screen.ply)
            for board in screen.query(SpotBoard):
                assert board.cursor == spot and board.selectable == ({spot} if spot is not None else set())
        assert screen.ply == replay.plies


def scene_at(screen: ReplayScreen, replay: Replay):
    """The scene of the step on the screen as the replay's viewer saw it."""
    return screen_api.scene(replay.game, replay.view_at(screen.ply), screen.shown.seat)


async def test_whose_eyes_change_only_in_a_finished_game(tmp_path):
    unfinished = bots_game(tmp_path / "on.toml", "castlecards", "two-player", 3, stop_at=40)
    replay = Replay.open(unfinished.path)
    app = StillApp(replaying(replay), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_replay(pilot)
        assert not screen.check_action("eyes", ())
        await pilot.press("v")
        await pilot.pause()
        assert replay.viewer == 0 and board_view(screen) == scene_at(screen, replay)
    finished = bots_game(tmp_path / "done.toml", "castlecards", "two-player", 3)
    replay = Replay.open(finished.path)
    app = StillApp(replaying(replay), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_replay(pilot)
        seen = []
        for _ in range(3):
            seen.append(replay.viewer)
            await pilot.press("v")
            await pilot.pause()
            assert board_view(screen) == scene_at(screen, replay)
        assert seen == [EVERYONE, 0, 1] and replay.viewer is EVERYONE


async def test_go_to_a_turn_by_its_number_and_through_the_turn_list(tmp_path):
    session = bots_game(tmp_path / "done.toml", "catapult-castle", "standard", 5)
    replay = Replay.open(session.path)
    app = StillApp(replaying(replay), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_replay(pilot)
        # Typed in one burst, as over SSH: the keys run before the focus reaches the box.
        await type_keys(pilot, "g", "1", "2", "enter")
        await settle(pilot)
        assert screen.ply == replay.turn_number(12).last
        assert not screen.query_one("#replay-jump", Input).display
        await pilot.press("down")
        await pilot.pause()
        assert screen.ply == replay.turn_number(13).last
        await pilot.press("g", "9", "9", "9", "enter")
        await pilot.pause()
        assert screen.query_one("#replay-jump", Input).display  # no such turn: still asking
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and not screen.query_one("#replay-jump", Input).display
        sparks = list(screen.query(Sparkline))
        assert len(sparks) == 2 and all(len(spark.data) == len(replay.turns) for spark in sparks)


async def test_play_on_opens_a_new_game_and_leaves_the_original(tmp_path):
    session = bots_game(tmp_path / "done.toml", "catapult-castle", "standard", 5)
    original = session.path.read_bytes()
    replay = Replay.open(session.path)
    app = StillApp(replaying(replay), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await on_replay(pilot)
        await pilot.press("g", "5", "enter", "p")
        # The bots play on at once: the game's screen may already be under
        # its score sheet.
        while not (games := [s for s in app.screen_stack if isinstance(s, GameScreen)]):
            await pilot.pause()
        assert games[0].session.path == tmp_path / "done from turn 5.toml"
    assert session.path.read_bytes() == original
    assert Replay.open(tmp_path / "done from turn 5.toml").plies >= replay.turn_number(5).last


async def test_replay_from_the_load_screen_and_from_the_score_sheet(tmp_path):
    session = bots_game(tmp_path / "done.toml", "castlecards", "two-player", 3)
    app = StillApp(Start("load"), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("r")
        screen = await on_replay(pilot)
        assert screen.replay.path == session.path and screen.replay.viewer is EVERYONE
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
    players = [saves.Player("Ada"), saves.Player("Wei", "bot", "random")]
    playing = bots_game(tmp_path / "on.toml", "castlecards", "two-player", 3, players, stop_at=30)
    app = StillApp(save_dir=tmp_path, session=Session.open(playing.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        app.push_screen(ResultScreen(game.session, 0))
        await settle(pilot)
        await pilot.press("r")
        screen = await on_replay(pilot)
        assert screen.replay.locked and screen.replay.viewer == 0
        assert screen.replay.plies == game.session.ply > playing.ply  # the bots went on, then Ada decides


# --- snapshots ---------------------------------------------------------------------


def _finished_catapult() -> Path:
    folder = fresh_dir("replay")
    session = fixed_session(folder, "catapult-castle", "standard", BOTS, 3)
    session.run_automatic()
    pin_dates(session)
    return session.path


def _castlecards_in_progress() -> Path:
    folder = fresh_dir("replay-cards")
    players = [saves.Player("Coco"), saves.Player("Wei", "bot", "random")]
    session = fixed_session(folder, "castlecards", "two-player", players, 5)
    chooser = random.Random(5)
    while session.ply < 50:
        seat = session.to_move()
        if seat == CHANCE:
            session.draw()
        elif session.is_bot(seat):
            session.bot_plays(session.bot_decision())
        else:
            session.person_acts(seat, chooser.choice(session.legal_actions()))
    pin_dates(session)
    return session.path


@pytest.mark.parametrize("size", SIZES)
def test_replay_of_a_finished_game(snap_compare, size):
    path = _finished_catapult()
    app = StillApp(replaying(Replay.open(path)), save_dir=path.parent)

    async def at_turn_ten(pilot):
        await settle(pilot)
        await pilot.press("g", "1", "0", "enter", "left")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=at_turn_ten)


@pytest.mark.parametrize("size", SIZES)
def test_replay_of_a_game_in_progress(snap_compare, size):
    path = _castlecards_in_progress()
    app = StillApp(replaying(Replay.open(path)), save_dir=path.parent)
    assert snap_compare(app, terminal_size=size, run_before=settle)


async def test_replay_from_castle_raisers_own_score_sheet(tmp_path):
    players = [saves.Player("Ada"), saves.Player("Wei", "bot", "random")]
    session = bots_game(tmp_path / "cr.toml", "castle-raisers", "competitive", 2, players, stop_at=20)
    app = StillApp(save_dir=tmp_path, session=Session.open(session.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        await pilot.press("s")
        await settle(pilot)
        assert type(app.screen).__name__ == "CastleRaisersResult"
        await pilot.press("r")
        screen = await on_replay(pilot)
        assert screen.replay.locked and screen.replay.viewer == 0
        assert screen.replay.plies == game.session.ply


HANDS = [
    pytest.param("castlecards", "two-player", 2, None, id="castlecards"),
    pytest.param("catapult-castle", "standard", 2, None, id="catapult-castle"),
    pytest.param("got-catan", "base", 3, None, id="got-catan"),
]


@pytest.mark.parametrize(("game_id", "variant", "seats", "stop_at"), HANDS)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_all_hands_open_shows_every_hand(tmp_path, game_id, variant, seats, stop_at, size):
    """Issue #43 (2): a finished game's replay from its score sheet opens
    with every hand open, and then lists every seat's hand (Castlecards
    showed only the last seat's, marked "(you)"); v to one seat's eyes
    shows that seat's hand only, the others as counts."""
    players = [
        saves.Player("Coco"),
        saves.Player("Wei", "bot", "random"),
        saves.Player("Milo", "bot", "random"),
    ]
    session = bots_game(tmp_path / "g.toml", game_id, variant, 3, players[:seats], stop_at=stop_at)
    app = StillApp(save_dir=tmp_path, session=Session.open(session.path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("r")
        screen = await on_replay(pilot)
        assert screen.replay.viewer is EVERYONE
        hands = screen.query_one("#replay-hands")
        for key in ("end", "left", "home", "end"):
            await pilot.press(key)
            await pilot.pause()
            shown = screen.shown
            assert shown.view == screen.replay.states[screen.ply]  # the whole state: every card face up
            assert all(shown.sees_hand_of(seat) for seat in range(seats))
            assert hands.display and hands.content == screen.boards.hands(shown)
            assert hands.region.height >= seats and app.screen.region.contains_region(hands.region)
            for fortresses in screen.query("#cc-fortresses"):
                assert fortresses.nobody_is_you and not screen.query_one("#cc-hand").display
        await pilot.press("v")
        await pilot.pause()
        assert screen.replay.viewer == 0
        shown = screen.shown
        assert [shown.sees_hand_of(seat) for seat in range(seats)] == [True] + [False] * (seats - 1)
        assert shown.view == screen.replay.game.view(screen.replay.states[screen.ply], 0)
