"""A game's first frame (issue #27): a game the command line opens straight
away is the first screen made and drawn, the menu under it comes when
somebody goes back to it, and what the first frame does not show is not
loaded before it (benchmarks/run.py --first-frame gives the times)."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from castletui.rules import registry

from castletui import collector, saves
from castletui.app import MenuToCome, Start
from castletui.screens.game import GameScreen
from castletui.screens.menu import MenuScreen
from tests.app.driving import StillApp, new_game, settle

ROOT = Path(__file__).resolve().parents[2]

NOT_BEFORE_THE_FIRST_FRAME = (
    "importlib.metadata",  # the version: --version and crash logs only
    "tomllib",  # reading a TOML file (a settings file, a save): a new game reads none
    "watchfiles",  # a shared table's watcher
    "castletui.watch",
    "castletui.screens.result",  # the score sheet
    "castletui.replay",
    "castletui.screens.table_entry",  # table mode's forms
    "castletui.games.got_catan.trade",  # the trade dialog
)

BOTS = (
    "castletui.rules.core.search",
    "castletui.rules.catapult_castle.bots.hard",
    "castletui.rules.catapult_castle.bots.rule_of_thumb",
    "castletui.rules.castle_raisers.bots.competitive",
    "castletui.rules.castle_raisers.bots.hard",
    "castletui.rules.castlecards.bots.hard",
    "castletui.rules.castlecards.bots.plain",
    "castletui.rules.got_catan.bots.hard",
)
"""The bots, loaded when one first moves (each game's ``LATER``)."""


def players_for(game_id: str) -> tuple[str, list[saves.Player]]:
    variant = registry.get(game_id).INFO.variants[0]
    seats = max(2, variant.min_seats) if variant.max_seats >= 2 else 1
    return variant.name, [saves.Player("Coco")] + [saves.Player(f"Bot{n}", "bot") for n in range(1, seats)]


async def draw_first_frame(game_id: str, save_dir: str, bot_first: bool = False) -> None:
    """A new game of ``game_id`` opened straight away, until its first frame
    is drawn (the fresh processes below run it); ``bot_first``: a bot in the
    first seat, where the game lets the first seat start."""
    variant, players = players_for(game_id)
    if bot_first:
        players = [players[1], players[0], *players[2:]]
    app = StillApp(new_game(game_id, variant, players, 1), save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        while not (isinstance(app.screen, GameScreen) and app.screen.frame is not None):
            await pilot.pause()
        await pilot.pause()


async def test_a_game_opened_from_the_command_line_is_the_first_screen_and_q_goes_to_the_menu(tmp_path):
    variant, players = players_for("castlecards")
    app = StillApp(new_game("castlecards", variant, players, 3), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert [type(screen) for screen in app.screen_stack] == [MenuToCome, type(app.screen)], (
            "no menu is made under the game before its first frame"
        )
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert "Continue: Castlecards" in str(app.screen.query_one("#continue-note").render())
        await pilot.press("c")  # Continue: the game again, then back to the same menu
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert len(app.screen_stack) == 2


async def test_a_game_that_cannot_open_leaves_the_menu_with_a_notice(tmp_path):
    app = StillApp(Start("resume"), tmp_path)  # no save to continue
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert any("Nothing to continue" in note.title for note in app._notifications)


def test_the_first_frame_of_each_game_loads_nothing_it_does_not_show(tmp_path):
    """In a fresh process: each game opened straight away and drawn; none of
    :data:`NOT_BEFORE_THE_FIRST_FRAME` is loaded by then."""
    probe = f"""
import asyncio, sys
from tests.app.test_first_frame import draw_first_frame
from castletui.rules import registry

for game_id in registry.ids():
    asyncio.run(draw_first_frame(game_id, {str(tmp_path)!r}))
print(" ".join(name for name in {NOT_BEFORE_THE_FIRST_FRAME!r} if name in sys.modules))
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip().splitlines()[-1:] in ([], [""]), done.stdout


def test_the_bots_load_when_one_first_moves_not_for_the_first_frame(tmp_path):
    """In a fresh process: each game, a bot to move where it can, is drawn
    without any bot loaded (the bot's thread, which starts once the first
    frame is drawn, is held back here); then a bot's move loads them."""
    probe = f"""
import asyncio, random, sys
from tests.app.test_first_frame import draw_first_frame, players_for
from castletui.rules import registry
from castletui.rules.core import CHANCE, Config, bots
from castletui.screens.game_threads import BotTurn

BotTurn.in_a_thread = lambda turn, ply: None  # no bot moves: what the first frame loads, alone

for game_id in registry.ids():
    asyncio.run(draw_first_frame(game_id, {str(tmp_path)!r}, bot_first=True))
print("loaded:", *(name for name in {BOTS!r} if name in sys.modules))
for game_id in registry.ids():  # a hard bot's move, through the kit as the app asks for it
    game = registry.get(game_id)
    variant, players = players_for(game_id)
    state = game.setup(Config(variant, len(players)))
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    assert bots.choose(game, state, "hard", random.Random(1), think_for=0.05) is not None
print("missing:", *(name for name in {BOTS!r} if name not in sys.modules))
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.split()[-2:] == ["loaded:", "missing:"], done.stdout


async def test_the_collector_runs_again_once_the_first_frame_is_drawn(tmp_path):
    """Held from the command line (castletui/collector.py), released by the
    game's first frame, with what was made for it frozen out of its rounds."""
    variant, players = players_for("got-catan")
    was_on = gc.isenabled()
    gc.enable()
    try:
        collector.hold()
        app = StillApp(new_game("got-catan", variant, players, 1), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, GameScreen)
            assert not collector.held() and gc.isenabled()
            assert gc.get_freeze_count() > 0
    finally:
        collector.release()
        if not was_on:
            gc.disable()
