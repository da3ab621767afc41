"""Every route off a game screen, with every key pressed there (issue #43,
item 1): Play on in a replay opened from the score sheet ended the app,
because the game screen under the replay ran a deferred callback after it
was gone. Here each key of the game screen that opens a screen (a dialog,
the score sheet, the replay from it...) is followed, and every key of that
screen pressed in turn, the route opened again whenever a key left it
(in Castlecards, down to the keys of the score sheet's replay).
The conftest fails the test if the app raised anything on the way. Checked
by a reintroduced bug: with WhileShown's guard gone, a call_after_refresh
of the replay queued as Play on opens the new game fails the Castlecards walk."""

from __future__ import annotations

import pytest
from textual.screen import Screen

from castletui import saves
from castletui.screens import replay as replay_screen
from castletui.screens.dialogs import CurtainScreen
from castletui.screens.game import GameScreen
from castletui.screens.replay import ReplayScreen
from castletui.session import Session
from tests.app.driving import StillApp, settle, wait_until
from tests.app.test_replay import bots_game

PLAYERS = [saves.Player("Ada"), saves.Player("Wei", "bot", "random"), saves.Player("Milo", "bot", "random")]

# One game each, finished or not. The crash was seen in Castlecards and
# Catapult Castle, both ways. Castlecards is walked three screens deep (the
# score sheet's replay); the others their own screens and dialogs: the score
# sheet and the replay are the same screens in every game, and walking a
# finished GoT game's replay took minutes.
GAMES = [
    pytest.param("castlecards", "two-player", 2, 40, 3, id="castlecards-in-progress"),
    pytest.param("catapult-castle", "standard", 2, None, 2, id="catapult-castle-finished"),
    pytest.param("castle-raisers", "solo", 1, None, 2, id="castle-raisers-solo-finished"),
    pytest.param("got-catan", "base", 3, None, 2, id="got-catan-finished"),
]

LEAVING = {"menu", "lobby", "quit", "app.quit", "command_palette", "screen.copy_text"}
"""Actions not followed: the game screen's q goes back to the main menu (or the lobby)
(nothing of the game is left to come back to), and the app's quit."""

DEPTH = 3
"""The game screen, a dialog over it, and a screen that dialog opens (the score sheet's replay)."""


def keys_of(screen: Screen) -> list[str]:
    """One key for each action the screen (and the app, for help) binds:
    one digit of the ten that type a turn number."""
    keys, actions = [], set()
    for bindings in (screen._bindings, screen.app._bindings):
        for key, bound in bindings.key_to_bindings.items():
            for binding in bound:
                action = "digit" if binding.action.startswith("digit(") else binding.action
                if action in LEAVING or action in actions:
                    continue
                actions.add(action)
                keys.append(key)
    return keys


def game_screen(app) -> GameScreen:
    return next(screen for screen in reversed(app.screen_stack) if isinstance(screen, GameScreen))


async def back_to_the_game(pilot) -> None:
    """Close whatever covers the newest game screen, and any curtain."""
    app = pilot.app
    while not isinstance(app.screen, GameScreen):
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
        else:
            app.pop_screen()
        await settle(pilot)


async def open_route(pilot, path: tuple[str, ...]) -> bool:
    """From the game screen, the keys of ``path``; whether each opened a screen.
    The keys start from the action bar, where a game screen opens with them
    (a key pressed before may have left them on a board)."""
    await back_to_the_game(pilot)
    pilot.app.screen.query_one("#actions").focus()
    await settle(pilot)
    for key in path:
        before = pilot.app.screen
        await pilot.press(key)
        await settle(pilot)
        if pilot.app.screen is before:
            return False
    return True


async def press_everything(
    pilot, path: tuple[str, ...], seen: list[tuple[str, ...]], depth: int = DEPTH
) -> None:
    """Every key of the screen ``path`` leads to, each once, on what the
    keys before left (the route opened again when a key left it: opening
    it afresh before every key took most of the suite's time); a key that
    opens another screen is followed in turn (``depth`` screens deep)."""
    if not await open_route(pilot, path):
        return
    seen.append(path)
    app = pilot.app
    route = list(app.screen_stack)
    for key in keys_of(app.screen):
        if list(app.screen_stack) != route:
            if not await open_route(pilot, path):
                return
            route = list(app.screen_stack)
        stack = list(app.screen_stack)
        await pilot.press(key)
        await settle(pilot)
        # A screen that came over this one, or in its place (the score sheet's replay).
        came = app.screen not in stack and not isinstance(app.screen, (GameScreen, CurtainScreen))
        if came and len(path) + 1 < depth:
            await press_everything(pilot, (*path, key), seen, depth)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "variant", "seats", "stop_at", "depth"), GAMES)
async def test_every_key_of_every_route_off_a_game_screen(
    tmp_path, game_id, variant, seats, stop_at, depth, monkeypatch
):
    # The replay's `a` analyses the whole game: at the smallest budget here (tests/review tests the review).
    monkeypatch.setattr(replay_screen, "DEFAULT_BUDGET", 1)
    session = bots_game(tmp_path / "game.toml", game_id, variant, 3, PLAYERS[:seats], stop_at=stop_at)
    app = StillApp(save_dir=tmp_path, session=Session.open(session.path))
    seen: list[tuple[str, ...]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await back_to_the_game(pilot)
        await press_everything(pilot, (), seen, depth)
        await wait_until(pilot, lambda: app.is_running)
    # The score sheet and (three screens deep) the replay from it were among the routes taken.
    assert ("s",) in seen and (("s", "r") in seen) == (depth == DEPTH), seen


async def test_play_on_from_the_score_sheet_replay_opens_the_new_game(tmp_path):
    """The route of the crash, step by step: s, r, a step back, p."""
    session = bots_game(tmp_path / "game.toml", "castlecards", "two-player", 3, PLAYERS[:2])
    app = StillApp(save_dir=tmp_path, session=Session.open(session.path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await back_to_the_game(pilot)
        old = app.screen
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("left", "p")
        await settle(pilot)
        await wait_until(
            pilot, lambda: any(isinstance(s, GameScreen) and s is not old for s in app.screen_stack)
        )
        assert old not in app.screen_stack
        assert game_screen(app).session.path != session.path
