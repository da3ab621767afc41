"""Castle Raisers on screen, driven like a player: a 2-player game and a solo
game through the keyboard, the tile-then-slot step (keys and a click on a lit
slot), switching castles and boards, the ability-order, cauldron and co-op
line choices, and the score sheets (competitive, and co-op with its Threat
cards, castletui's own marked)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

import saves
from castletui.app import Start
from castletui.screens.castle_raisers import CastleRaisersResult, CastleRaisersScreen
from castletui.screens.dialogs import ChancePicker
from castletui.session import Session
from castletui.widgets.castle_raisers_board import CastleRaisersBoard
from rules.castle_raisers import State
from rules.castle_raisers import decision as decision_on_top
from rules.core import CHANCE, bots
from tests.app.driving import StillApp, play_to_the_end, settle

GAME = "castle-raisers"


def new_session(
    path: Path, variant: str = "competitive", players: list[saves.Player] | None = None, seed: int = 3
) -> Session:
    players = players or [saves.Player("Coco"), saves.Player("Wei", "bot")]
    return Session.new(GAME, variant, players, seed=seed, path=path)


def advance(session: Session, until: Callable[[State], bool], limit: int = 3000) -> Session:
    """Play chance and every seat (people too, with the bot) until a person
    must decide and ``until(state)`` holds; saved once at the end."""
    session.autosave = False
    for _ in range(limit):
        seat = session.to_move()
        if seat is None:
            break
        if seat >= 0 and not session.is_bot(seat) and until(session.state):
            break
        if seat == CHANCE:
            session.act(session.digital_chance())
        else:
            rng = random.Random(f"{session.save.seed}:{session.ply}")
            session.act(bots.choose(session.game, session.state, "normal", rng))
    else:
        raise AssertionError("the wanted decision never came")
    session.autosave = True
    session.write()
    return session


def top_kind(state: State) -> str:
    step = decision_on_top(state)
    return step.kind if step is not None else ""


def decision(kind: str, age: int = 1, round_: int = 1) -> Callable[[State], bool]:
    return lambda state: top_kind(state) == kind and (state.age, state.round) >= (age, round_)


def plain(renderable) -> str:
    """A rich renderable (the score sheet table, a Text) as plain text."""
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def prompts(screen: CastleRaisersScreen) -> list[str]:
    return [choice.text for choice in screen.choice_list]


# --- whole games through the keyboard ---------------------------------------------


async def test_a_two_player_game_against_a_bot_through_the_keyboard(tmp_path):
    start = Start(
        "play",
        new_game={
            "game_id": GAME,
            "variant": "competitive",
            "players": [saves.Player("Coco"), saves.Player("Wei", "bot")],
            "seed": 3,
        },
    )
    app = StillApp(start, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_to_the_end(pilot)
        assert isinstance(screen, CastleRaisersScreen)
        session = screen.session
        result = session.result()
        assert result.finished and result.winners
        # Coco placed all twelve of her Wall tiles through the tile-then-slot step.
        tiles = [piece for piece in session.state.castles[0].wall if piece not in ("", "F")]
        assert len(tiles) == 12
        await settle(pilot)
        assert isinstance(app.screen, CastleRaisersResult)
        sheet = plain(app.screen.sheet())
        assert "Wolf assault: farmlands" in sheet and "Village: wall levels" in sheet
        reloaded = saves.load(session.path)
        assert reloaded.finished and saves.replay(reloaded) == session.state


async def test_a_solo_game_through_the_keyboard(tmp_path):
    start = Start(
        "play",
        new_game={
            "game_id": GAME,
            "variant": "solo",
            "players": [saves.Player("Coco")],
            "seed": 5,
            "options": {"threats_player_1": 2},
        },
    )
    app = StillApp(start, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_to_the_end(pilot)
        session = screen.session
        assert session.result().finished
        assert len(session.state.castles[0].threats) == 2
        await settle(pilot)
        assert isinstance(app.screen, CastleRaisersResult)
        threats = plain(app.screen.threats())
        assert "against the wolves' 80" in threats
        for name in session.state.castles[0].threats:
            assert name in threats
        assert "met" in threats or "failed" in threats


# --- the steps of a turn ------------------------------------------------------------


async def test_choose_a_tile_then_a_slot_and_back_out(tmp_path):
    session = advance(new_session(tmp_path / "g.toml"), decision("draft"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CastleRaisersScreen)
        assert all(text.startswith("Take W1-") for text in prompts(screen))
        ply = session.ply
        tile = session.state.revealed[0]
        await pilot.press("enter")  # the first tile: nothing played yet
        assert screen.picked_tile == tile and session.ply == ply
        slots = [choice.where for choice in screen.choice_list if choice.where]
        assert slots and all(spot[0] == "slot" for spot in slots)
        assert "fires" in screen.choice_list[0].text
        board = screen.query_one(CastleRaisersBoard)
        assert board.marks.lit == frozenset(slots) and board.marks.tile == tile
        await pilot.press("escape")  # back out: the tiles again
        assert screen.picked_tile == "" and prompts(screen)[0].startswith("Take ")
        await pilot.press("enter", "j")  # j, like Down, moves to the next slot and reverses it on the board
        assert board.marks.selected == slots[1]
        await pilot.press("enter")
        await settle(pilot)
        level, slot = slots[1][1:]
        wall = session.state.castles[0].wall
        assert wall[(level - 1) * 6 + slot] == tile
        assert any("places" in line.text and tile in line.text for line in session.log)


async def test_a_click_on_a_lit_slot_places_the_tile(tmp_path):
    session = advance(new_session(tmp_path / "g.toml"), decision("draft"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        tile = session.state.revealed[1]
        await pilot.press("down", "enter")
        board = screen.query_one(CastleRaisersBoard)
        y, x0, _, spot = next(r for r in board._regions if r[3] == ("slot", 1, 3))
        await pilot.click(CastleRaisersBoard, offset=(x0 + 1, y))
        await settle(pilot)
        assert session.state.castles[0].wall[3] == tile


async def test_switching_castles_and_boards(tmp_path):
    session = new_session(tmp_path / "g.toml")
    session.run_automatic()
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one(CastleRaisersBoard)
        assert board.seat == 0 and board.mode == "castle" and not board.wide
        await pilot.press("tab")
        assert board.seat == 1 and "Wei's castle" in board.render().plain
        await pilot.press("tab")
        assert board.seat == 0
        await pilot.press("2")
        assert board.seat == 1
        await pilot.press("3")  # only two castles: stays, says so
        assert board.seat == 1
        await pilot.press("1", "b")
        assert board.seat == 0 and board.mode == "village"
        assert "Village board" in board.render().plain
        await pilot.press("b")
        assert board.mode == "piggy" and "Piggy board" in board.render().plain
        await pilot.press("b")
        assert board.mode == "castle"
        # the Footer names the keys
        footer_keys = {binding.key for binding in screen.BINDINGS if binding.show}
        assert {"tab", "b"} <= footer_keys


async def test_ability_order_choice_names_the_counts(tmp_path):
    session = advance(new_session(tmp_path / "g.toml", seed=4), decision("order"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        texts = prompts(screen)
        assert len(texts) == 2 and all("first (count" in text for text in texts)
        assert "which fires first" in str(screen.query_one("#prompt").render())
        ply = session.ply
        await pilot.press("down", "enter")
        await settle(pilot)
        assert session.ply > ply


async def test_cauldron_targets(tmp_path):
    session = advance(new_session(tmp_path / "g.toml", seed=4), decision("pour"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        texts = prompts(screen)
        assert any(text.startswith("Pour on") for text in texts)
        assert "cauldron" in str(screen.query_one("#prompt").render())
        assert screen.query_one(CastleRaisersBoard).mode == "castle"


async def test_village_token_choice_brings_the_village_board_forward(tmp_path):
    session = advance(new_session(tmp_path / "g.toml", seed=4), decision("village_take"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(CastleRaisersBoard)
        assert board.mode == "village"
        assert any(spot[0] in ("token", "stack") for spot in board.marks.lit)


async def test_coop_line_choice_shows_the_piggy_board(tmp_path):
    players = [saves.Player("Coco"), saves.Player("Wei", "bot")]
    session = advance(
        new_session(tmp_path / "g.toml", "cooperative", players, seed=3),
        lambda state: top_kind(state) in ("pick_line", "remove_wolf", "reveal_line"),
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one(CastleRaisersBoard)
        assert board.mode == "piggy"
        assert "Attack-token lines" in board.render().plain
        assert all(choice.where[0] == "line" for choice in screen.choice_list)


async def test_coop_score_sheet_marks_castletuis_own_threat_cards(tmp_path):
    players = [saves.Player("Coco", "bot"), saves.Player("Wei", "bot")]
    options = {"own_threat_cards": True, "threats_player_1": 3, "threats_player_2": 3}
    session = Session.new(GAME, "cooperative", players, seed=3, path=tmp_path / "g.toml", options=options)
    session.run_automatic()
    assert session.over
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CastleRaisersResult)
        threats = plain(app.screen.threats())
        assert "Team" in threats and "against the wolves' 160" in threats
        drawn = [name for castle in session.state.castles for name in castle.threats]
        own = [name for name in drawn if name in ("Hungry Pack", "Short Supply", "Stubborn Villagers")]
        assert own, "the seed draws one of castletui's own cards"
        assert all(f"{name} (castletui's own card)" in threats for name in own)
        assert "placeholder" not in threats
        assert "{P" not in plain(app.screen.query_one("#cr-verdict").content)
        await pilot.press("escape")
        assert isinstance(app.screen, CastleRaisersScreen)
        await pilot.press("s")
        assert isinstance(app.screen, CastleRaisersResult)


async def test_hot_seat_shows_the_castle_of_the_person_to_move(tmp_path):
    players = [saves.Player("Coco"), saves.Player("Wei")]
    session = advance(
        new_session(tmp_path / "g.toml", players=players),
        lambda state: top_kind(state) == "draft" and state.pending[-1].seat == 1,
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(CastleRaisersBoard)
        assert board.seat == 1 and "Wei's castle" in board.render().plain
        await pilot.press("enter")  # Wei's tile: her slots are lit on her castle
        assert board.marks.owner == 1 and board.marks.lit
        await pilot.press("1")  # Coco's castle shows none of Wei's lit slots
        assert board.seat == 0 and "\u00b7\u00b7]" not in board.render().plain


async def test_table_mode_asks_what_was_revealed(tmp_path):
    session = Session.new(
        GAME,
        "competitive",
        [saves.Player("Coco"), saves.Player("Wei")],
        mode="table",
        seed=2,
        path=tmp_path / "t.toml",
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ChancePicker)
        ply = session.ply
        await pilot.press("enter")
        await settle(pilot)
        assert session.ply == ply + 1


async def test_a_click_on_an_unlit_slot_gives_the_rules_reason(tmp_path):
    session = advance(new_session(tmp_path / "g.toml", seed=4), decision("draft", 2, 3))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        said: list[str] = []
        screen.notify = lambda message, **kwargs: said.append(message)
        await pilot.press("enter")  # a tile: its slots are lit
        board = screen.query_one(CastleRaisersBoard)
        y, x0, _, spot = next(r for r in board._regions if r[3][0] == "slot" and r[3] not in board.marks.lit)
        ply = session.ply
        await pilot.click(CastleRaisersBoard, offset=(x0 + 1, y))
        assert session.ply == ply and said
        assert "already holds a tile" in said[-1] or "not supported" in said[-1]


async def test_one_u_takes_back_a_tile_and_where_it_went(tmp_path):
    """What players found, item 14: after `u` a taken tile needed a second
    `u` (taking and placing are two rules actions, one choice here)."""
    session = advance(
        new_session(tmp_path / "g.toml", players=[saves.Player("Coco"), saves.Player("Wei")]),
        decision("draft"),
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        ply, state, seat = session.ply, session.state, session.to_move()
        await pilot.press("enter", "enter")  # a tile, then its first slot
        await settle(pilot)
        assert session.ply == ply + 2
        target, _ = session.undo_target(seat)
        assert target == ply + 1, "the placing is the last move, with nothing drawn since"
        await pilot.press("u")
        await settle(pilot)
        assert session.ply == ply and session.state == state
        assert screen.top_task().kind == "draft"
