"""Issue 47 item 4: the replay screen's analysis. ``a`` reviews the game
(a progress bar while it runs), each reviewed player's chance shows beside
the score, n/N go to the turning points, Escape cancels an analysis half
way and the replay goes on working."""

from __future__ import annotations

import threading

from textual.widgets import ProgressBar

from castletui import review
from castletui.replay import Replay
from castletui.screens.replay import ReplayScreen
from tests.app.driving import StillApp, wait_until
from tests.app.test_replay import on_replay, replaying
from tests.review.games import castlecards_game, got_table_game, solo_game


def quick(screen: ReplayScreen) -> None:
    screen.review_budget, screen.review_workers = 16, 0  # in this process: a test leaves no process behind


async def test_a_analyses_then_n_goes_to_the_turning_points(tmp_path):
    castlecards_game(tmp_path / "g.toml", plies=60)
    replay = Replay.open(tmp_path / "g.toml", "Ada")
    app = StillApp(replaying(replay), save_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await on_replay(pilot)
        quick(screen)
        assert not screen.check_action("turning", ())
        await pilot.press("home")
        await pilot.press("a")
        await wait_until(pilot, lambda: screen.report is not None)
        assert screen.report.seats == [0]
        assert screen.query_one("#replay-chance-row-0").display
        assert not screen.query_one("#replay-chance-row-1").display
        assert review.cache_path(replay.path, [0]).exists()
        turning = screen.report.turning_plies()
        assert turning
        for ply in turning:
            await pilot.press("n")
            await wait_until(pilot, lambda ply=ply: screen.ply == ply)
        if turning:
            await pilot.press("end", "N")
            await wait_until(pilot, lambda: screen.ply == turning[-1])


async def test_escape_cancels_an_analysis_half_way_and_the_replay_goes_on(tmp_path, monkeypatch):
    castlecards_game(tmp_path / "g.toml", plies=60)
    replay = Replay.open(tmp_path / "g.toml", "Ada")
    half_way = threading.Event()
    go_on = threading.Event()
    real = review._run

    def run(task, budget):
        done = real(task, budget)
        if task[1] * 2 >= replay.plies and not half_way.is_set():
            half_way.set()
            go_on.wait(10)  # held here until Escape was pressed
        return done

    monkeypatch.setattr(review, "_run", run)
    app = StillApp(replaying(replay), save_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await on_replay(pilot)
        quick(screen)
        await pilot.press("a")
        await wait_until(pilot, half_way.is_set)
        assert screen.query_one("#replay-progress", ProgressBar).display
        await pilot.press("escape")
        go_on.set()
        await wait_until(pilot, lambda: screen.cancel_review is None)
        assert isinstance(app.screen, ReplayScreen) and screen.report is None
        assert not review.cache_path(replay.path, [0]).exists()
        before = screen.ply
        await pilot.press("home")
        await wait_until(pilot, lambda: screen.ply == 0 != before)
        await app.workers.wait_for_complete()
        assert screen.report is None  # the cancelled analysis never lands


async def test_the_production_of_the_dice_shows_once_analysed(tmp_path):
    """Issue 47.3: a GoT Catan table game's real dice, each player's
    resources against their numbers' odds, in the review panel."""
    session = got_table_game(tmp_path / "t.toml", plies=100)
    replay = Replay.of_session(session, None)
    app = StillApp(replaying(replay), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_replay(pilot)
        quick(screen)
        produced = screen.query_one("#replay-produced")
        assert not produced.display
        await pilot.press("a")
        await wait_until(pilot, lambda: screen.report is not None)
        assert {entry.seat for entry in screen.report.produced} == {0, 1, 2}
        assert produced.display


async def test_a_solo_game_shows_the_tables_chance(tmp_path):
    """Issue 47.1: a solo game's chance is the table's, one curve."""
    solo_game(tmp_path / "solo.toml", "catapult-castle", seed=1)
    replay = Replay.open(tmp_path / "solo.toml", "all")
    app = StillApp(replaying(replay), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await on_replay(pilot)
        quick(screen)
        screen.review_budget = 2
        await pilot.press("a")
        await wait_until(pilot, lambda: screen.report is not None)
        assert screen.report.together and screen.report.decisions
        assert screen.query_one("#replay-chance-row-0").display


async def test_at_a_shared_server_a_players_analysis_takes_one_process(tmp_path, monkeypatch):
    # At castletui host (or a game account) every player's castletui shares
    # the machine: one player's analysis on every core, again after each
    # move of a game going on, would starve everyone else's.
    castlecards_game(tmp_path / "g.toml", plies=20)
    replay = Replay.open(tmp_path / "g.toml", "Ada")
    asked = []
    monkeypatch.setattr(review, "analyse", lambda *args, workers=None, **kwargs: asked.append(workers))
    app = StillApp(replaying(replay), save_dir=tmp_path)
    app.lobby_only = True
    async with app.run_test(size=(100, 32)) as pilot:
        await on_replay(pilot)
        await pilot.press("a")
        await wait_until(pilot, lambda: asked)
        assert asked == [1]
