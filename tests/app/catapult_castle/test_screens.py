"""Catapult Castle on screen at 80x24, driven like a player: what the first
screen of a turn shows (aiming first, cards in their own group, roofs one
level further), the labelled squares and the legend, prompts that say only
what is possible, the board cursor in step with the action bar, the aiming
mini-game by keyboard, solo corners chosen on the table, and the texts of
whole games read for bad plurals and double full stops."""

from __future__ import annotations

import random
import re

import pytest
from castletui.rules import catapult_castle as game
from castletui.rules.catapult_castle import Aim
from castletui.rules.catapult_castle.queries import CARDS
from castletui.rules.core import Config, name_seats
from castletui.rules.core import screen as screen_api

from castletui.games.catapult_castle.board import AimBar, TableBoard
from tests.app.catapult_castle.helpers import new_session, play_until
from tests.app.driving import StillApp, open_table, screen_text, settle


def texts(screen) -> list[str]:
    return [choice.text for choice in screen.bar.lines]


async def test_a_turn_shows_the_towers_to_aim_at_first_and_the_cards_apart(tmp_path):
    session = new_session(tmp_path / "g.toml", seed=1)  # Coco holds Strong Ammo and a Reinforced Roof
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        screen = app.screen
        top_level = texts(screen)
        assert top_level[0].startswith("Aim at "), "Enter on the first line aims"
        assert not [text for text in top_level if text.startswith("Roof on")]
        assert f"{CARDS}..." in top_level
        shown = screen_text(app)
        assert top_level[0] in shown and top_level[4] in shown, "five towers on the first screen"

        screen.menu.run(screen.bar.lines[top_level.index(f"{CARDS}...")])
        await settle(pilot)
        cards = texts(screen)
        assert cards == ["Strong Ammo", "Reinforced Roof on a tower..."]
        await pilot.press("down", "enter")
        await settle(pilot)
        roofs = texts(screen)
        assert roofs and all(text.startswith("Roof on ") for text in roofs)
        assert screen.query_one(TableBoard).selectable == {choice.spot for choice in screen.bar.lines}
        await pilot.press("escape")
        await settle(pilot)
        assert texts(screen) == cards
        await pilot.press("escape")
        await settle(pilot)
        assert texts(screen) == top_level


async def test_the_squares_are_named_and_the_legend_explains_the_catapult(tmp_path):
    session = new_session(tmp_path / "g.toml", seed=3)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        shown = screen_text(app)
        board = [line[:50] for line in shown.splitlines()[1:15]]
        for name in ("inner", "left", "right", "outer"):
            assert sum(line.count(name) for line in board) == 4, name
        assert "* catapult" in shown
        assert board[0].startswith("* Coco (King)"), "the catapult at the outer corner of the shooter's mat"
        assert "Queen (neutral)" in board[0] and "Wei (Prince)" in board[-2]


@pytest.mark.parametrize(
    ("options", "mode", "seed", "expected"),
    [
        ({"beginner": True}, "table", 1, "Coco, shoot the catapult:"),
        ({}, "digital", 2, "Coco, choose a tower to aim at:"),
        ({}, "digital", 1, "Coco, choose a tower to aim at, or play a card first:"),
    ],
)
async def test_the_prompt_says_only_what_is_possible(tmp_path, options, mode, seed, expected):
    session = new_session(tmp_path / "g.toml", seed=seed, humans=2, options=options, mode=mode)
    play_until(session, lambda s: s.to_move() == 0)  # table mode: Coco starts
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        assert expected in screen_text(app)


async def test_the_board_cursor_and_the_action_bar_keep_in_step_and_enter_aims(tmp_path):
    session = new_session(tmp_path / "g.toml", seed=3)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        screen = app.screen
        board = screen.query_one(TableBoard)
        await pilot.press("t")
        assert screen.focused is board
        start = board.cursor
        assert start == screen.bar.chosen.spot
        await pilot.press("right", "down")
        await settle(pilot)
        assert board.cursor != start and board.cursor in board.selectable
        assert screen.bar.chosen.spot == board.cursor, "the action bar follows the cursor"
        await pilot.press("up")
        await settle(pilot)
        assert screen.bar.chosen.spot == board.cursor
        target = board.cursor
        await pilot.press("enter")
        await settle(pilot)
        assert screen.query_one(AimBar).display and screen.aiming is not None
        assert screen_api.spot(game, session.state, screen.aiming) == target


async def test_the_aiming_game_plays_by_keyboard_at_80x24(tmp_path):
    session = new_session(tmp_path / "g.toml", seed=3)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        screen = app.screen
        ply = session.ply
        await pilot.press("enter")
        await settle(pilot)
        bar = screen.query_one(AimBar)
        assert bar.display and screen.focused is bar
        assert "Space shoots" in screen_text(app) and "Stopped now" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert not bar.display and screen.query_one("#actions").display
        assert session.ply == ply, "Escape only goes back to the list"
        await pilot.press("down", "enter")
        await settle(pilot)
        bar.position = bar.centre
        await pilot.press("space")
        await settle(pilot)
        aims = [session.action_at(p) for p in range(ply, session.ply)]
        assert [a for a in aims if isinstance(a, Aim)] == [Aim(aims[0].mat, aims[0].square, 100)]
        assert any(line.text.startswith("Coco aims at") for line in session.log)


async def test_solo_corners_are_chosen_on_the_table(tmp_path):
    session = new_session(tmp_path / "g.toml", seats=1, seed=4, variant="solo")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        screen = app.screen
        board = screen.query_one(TableBoard)
        corners = {("corner", mat) for mat in range(4)}
        assert corners <= board.selectable
        assert screen.bar.lines[0].text == "Fire from the King corner..."
        top, _, left, _ = board.cells[("corner", 2)]
        await pilot.click(TableBoard, offset=(left + 1, top))
        await settle(pilot)
        assert screen.menu_path == ("Fire from the Prince corner",)
        assert board.table.catapult == 2
        assert all(text.startswith("Aim at ") for text in texts(screen))
        assert not any(square // 4 == 2 for square in board.selectable), "not at its own mat"
        await pilot.press("escape")
        await settle(pilot)
        assert screen.menu_path == () and board.table.catapult == -1


GAMES = [
    ("standard", 2, {}),
    ("standard", 3, {"skilled": True}),
    ("standard", 4, {"beginner": True}),
    ("standard", 2, {"max_stack": 1}),
    ("solo", 1, {}),
]
BAD = re.compile(r"\.\.(?!\.)|(?<![\d.])1 (?!Strong Ammo)[a-z]+s\b")
"""A double full stop (not an ellipsis), or a count of one with a plural noun."""


@pytest.mark.parametrize(("variant", "seats", "options"), GAMES)
@pytest.mark.parametrize("mode", ["digital", "table"])
def test_texts_have_no_double_stops_or_wrong_plurals(variant, seats, options, mode):
    """Every prompt, label, preview and log line of a few random games."""
    names = ["Coco", "Wei", "Milo", "Juno"][:seats]
    for seed in range(3):
        rng = random.Random(seed)
        state = game.setup(Config(variant, seats, options, mode))
        seen: list[str] = []
        for _ in range(2000):
            if game.to_move(state) is None:
                break
            actions = game.legal_actions(state)
            seat = game.to_move(state)
            if seat >= 0:
                seen.append(screen_api.prompt(game, state, seat))
                seen += [screen_api.preview(game, state, action, seat) for action in actions]
            seen += [game.label(state, action) for action in actions]
            action = rng.choice(actions)
            seen.append(game.describe(state, action))
            after = game.apply(state, action)
            seen += game.effects(state, action, after)
            state = after
        result = game.result(state)
        seen += [result.decided_by, *(line.label for line in result.lines)]
        bad = sorted({name_seats(text, names) for text in seen if BAD.search(name_seats(text, names))})
        assert not bad, bad


def test_a_solo_game_has_help_of_its_own(tmp_path):
    # The versus help ("Towers you capture go on your mat; most towers at the
    # end wins") is not what a solo game does: no mat of yours, a score to make.
    from castletui.games.catapult_castle.screen import CatapultCastleScreen

    solo = CatapultCastleScreen(new_session(tmp_path / "solo.toml", seats=1, seed=4, variant="solo"))
    versus = CatapultCastleScreen(new_session(tmp_path / "versus.toml"))
    assert solo.HELP == CatapultCastleScreen.HELP_SOLO
    assert versus.HELP == CatapultCastleScreen.HELP
