"""Castle Raisers on screen, driven like a player: a 2-player game and a solo
game through the keyboard, the tile-then-slot step (keys, a click on a lit
slot, the board cursor), switching castles and boards, the ability-order,
cauldron and co-op line choices, the score sheets (competitive, and co-op
with its Threat cards, castletui's own marked), the Threat cards' own view,
the labelled scores, and what 80x24 and 70x20 terminals show (no row
wrapped, the legends whole, F1 Help in the Footer beside Back)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from pathlib import Path

from castletui.rules import castle_raisers as game
from castletui.rules.castle_raisers import State, queries
from castletui.rules.core import CHANCE, bots
from rich.console import Console

from castletui import saves
from castletui.app import Start
from castletui.games.castle_raisers.castle import CastleBoard
from castletui.games.castle_raisers.ink import RaisersBoard
from castletui.games.castle_raisers.piggy import PiggyBoard
from castletui.games.castle_raisers.result import CastleRaisersResult
from castletui.games.castle_raisers.screen import CastleRaisersScreen, CastleRaisersThreats
from castletui.games.castle_raisers.village import VillageBoard
from castletui.screens.dialogs import ChancePicker
from castletui.session import Session
from tests.app.driving import StillApp, opening_then_the_driver, play_to_the_end, screen_text, settle

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
    step = queries.top_decision(state)
    return step.kind if step is not None else ""


def decision(kind: str, age: int = 1, round_: int = 1) -> Callable[[State], bool]:
    return lambda state: top_kind(state) == kind and (state.age, state.round) >= (age, round_)


def plain(renderable) -> str:
    """A rich renderable (the score sheet table, a Text) as plain text."""
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def prompts(screen: CastleRaisersScreen) -> list[str]:
    return [choice.text for choice in screen.bar.lines]


# --- whole games through the keyboard ---------------------------------------------


def placed(session: Session) -> int:
    """How many Wall tiles Coco (seat 0) has placed."""
    return len([piece for piece in session.state.castles[0].wall if piece not in ("", "F")])


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
    # Coco's first two Wall tiles through the tile-then-slot step of the
    # keyboard, the turns after them through the driver, the end by keyboard.
    session = await opening_then_the_driver(start, tmp_path, until=lambda screen: placed(screen.session) >= 2)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_to_the_end(pilot)
        assert isinstance(screen, CastleRaisersScreen)
        session = screen.session
        result = session.result()
        assert result.finished and result.winners
        # Coco placed all twelve of her Wall tiles.
        assert placed(session) == 12
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
    # The first round through the keyboard, the rest through the driver, the end by keyboard.
    session = await opening_then_the_driver(start, tmp_path, until=lambda screen: placed(screen.session) >= 2)
    app = StillApp(save_dir=tmp_path, session=session)
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
        assert all(text.startswith("Take [") and "(W1-" in text for text in prompts(screen))
        ply = session.ply
        tile = session.state.revealed[0]
        await pilot.press("enter")  # the first tile: nothing played yet
        assert screen.picked_tile == tile and session.ply == ply
        slots = [choice.spot for choice in screen.bar.lines if choice.spot]
        assert slots and all(spot[0] == "slot" for spot in slots)
        assert "fires" in screen.bar.lines[0].text
        board = screen.query_one(CastleBoard)
        assert board.selectable == frozenset(slots) and board.marks.tile == tile
        await pilot.press("escape")  # back out: the tiles again
        assert screen.picked_tile == "" and prompts(screen)[0].startswith("Take ")
        await pilot.press("enter", "j")  # j, like Down, moves to the next slot and reverses it on the board
        assert board.cursor == slots[1]
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
        board = screen.query_one(CastleBoard)
        y, x0, _ = board.spot_cells[("slot", 1, 3)]
        await pilot.click(CastleBoard, offset=(x0 + 1, y))
        await settle(pilot)
        assert session.state.castles[0].wall[3] == tile


async def test_switching_castles_and_boards(tmp_path):
    session = new_session(tmp_path / "g.toml")
    session.run_automatic()
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one(CastleBoard)
        village, piggy = screen.query_one(VillageBoard), screen.query_one(PiggyBoard)
        # the starting Village token is chosen first: on the Village board
        assert board.seat == 0 and screen.board_mode == "village" and not screen.roomy
        assert village.display and not board.display and not piggy.display
        await pilot.press("tab")
        assert board.display and not village.display
        assert board.seat == 1 and "Wei's castle" in board.render().plain
        await pilot.press("tab")
        assert board.seat == 0
        await pilot.press("2")
        assert board.seat == 1
        await pilot.press("3")  # only two castles: stays, says so
        assert board.seat == 1
        await pilot.press("1", "b")
        assert board.seat == 0 and screen.board_mode == "village"
        assert village.display and not board.display and "Village board" in village.render().plain
        await pilot.press("b")
        assert screen.board_mode == "piggy" and piggy.display and "Piggy board" in piggy.render().plain
        await pilot.press("b")
        assert screen.board_mode == "castle" and board.display
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
        assert screen.board_mode == "castle"


async def test_village_token_choice_brings_the_village_board_forward(tmp_path):
    session = advance(new_session(tmp_path / "g.toml", seed=4), decision("village_take"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.board_mode == "village"
        board = app.screen.query_one(VillageBoard)
        assert board.display and any(spot[0] in ("token", "stack") for spot in board.selectable)


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
        board = screen.query_one(PiggyBoard)
        assert screen.board_mode == "piggy" and board.display
        assert "Attack-token lines" in board.render().plain
        assert all(choice.spot[0] == "line" for choice in screen.bar.lines)


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
        assert "{P" not in plain(app.screen.query_one("#verdict").content)
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
        board = app.screen.query_one(CastleBoard)
        assert board.seat == 1 and "Wei's castle" in board.render().plain
        await pilot.press("enter")  # Wei's tile: her slots are lit on her castle
        assert board.marks.owner == 1 and any(spot[0] == "slot" for spot in board.selectable)
        assert any(spot[0] == "slot" for spot in board.spot_cells)
        await pilot.press("1")  # Coco's castle shows none of Wei's lit slots, and offers none
        board.render()
        assert board.seat == 0 and not any(spot[0] == "slot" for spot in board.spot_cells)


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
        await pilot.press("escape")  # the set-up form: answer one question at a time instead
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
        board = screen.query_one(CastleBoard)
        y, x0, _ = next(
            cells
            for spot, cells in board.spot_cells.items()
            if spot[0] == "slot" and spot not in board.selectable
        )
        ply = session.ply
        await pilot.click(CastleBoard, offset=(x0 + 1, y))
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
        assert screen.asked().drafting


# --- readable at 80x24 (What players found, items 10, 11 and 14) -------------------


def coop_session(path: Path, seed: int = 3) -> Session:
    players = [saves.Player("Coco"), saves.Player("Wei", "bot")]
    options = {"threats_player_1": 2, "threats_player_2": 1}
    session = Session.new(GAME, "cooperative", players, seed=seed, path=path, options=options)
    return advance(session, decision("draft", 1, 2))


async def test_the_threat_cards_have_a_view_of_their_own(tmp_path):
    """Item 11: every Threat card met so far, with its whole text, at 80x24."""
    session = coop_session(tmp_path / "g.toml")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "t Threats" in screen_text(app).splitlines()[-1], "the Footer names the key"
        await pilot.press("t")
        assert isinstance(app.screen, CastleRaisersThreats)
        shown = " ".join(screen_text(app).split())
        report = queries.threat_report(session.state)
        assert len(report) == 3
        for seat, name, met in report:
            status = "met so far" if met else "not met yet"
            assert f"{session.names[seat]}: {name} {status}" in shown
            # the card's whole text, as the rules give it (the dialog wraps it)
            assert " ".join(queries.THREATS[name].text.split()[:6]) in shown
        assert "against the wolves' 160" in shown
        await pilot.press("escape")
        assert isinstance(app.screen, CastleRaisersScreen)


def test_before_the_threat_cards_are_drawn_the_view_says_who_draws_how_many(tmp_path):
    """Set-up draws the Threat cards after the Village: until then the view said
    "No Threat cards (difficulty 0)" in a game at the default difficulty."""
    from castletui.games.castle_raisers.threats import threat_cards

    players = [saves.Player("Coco"), saves.Player("Wei", "bot")]
    options = {"threats_player_1": 2, "threats_player_2": 1}
    session = Session.new(GAME, "cooperative", players, seed=3, path=tmp_path / "g.toml", options=options)
    assert not queries.threat_report(session.state), "set-up has not drawn them yet"
    shown = threat_cards(game.scene(session.state, 0), session.names, finished=False).plain
    assert "not drawn yet (cards each: Coco 2, Wei 1)" in shown
    assert "difficulty 0" not in shown
    none = {"threats_player_1": 0, "threats_player_2": 0}
    session = Session.new(GAME, "cooperative", players, seed=3, path=tmp_path / "h.toml", options=none)
    assert (
        "No Threat cards (difficulty 0)."
        in threat_cards(game.scene(session.state, 0), session.names, finished=False).plain
    )


async def test_a_competitive_game_has_no_threat_key(tmp_path):
    session = advance(new_session(tmp_path / "g.toml"), decision("draft"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Threats" not in screen_text(app).splitlines()[-1]
        await pilot.press("t")
        assert isinstance(app.screen, CastleRaisersScreen)


async def test_f1_help_stays_in_the_footer_beside_back_at_80_columns(tmp_path):
    """Item 14: with Back shown (a tile taken) the Footer cut "F1 Help"."""
    session = advance(new_session(tmp_path / "g.toml"), decision("draft"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # a tile: Escape now puts it back
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "Back" in footer and "F1/? Help" in footer


async def test_the_scores_say_what_they_are(tmp_path):
    """Item 10: a score before anyone moved (or -30 in round 1) says what it is."""
    session = advance(new_session(tmp_path / "g.toml"), decision("draft"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        side = screen_text(app)
        standing = session.standing(0)
        assert f"{standing.scores[0]:g} now" in side
        assert "wolves " in side, "where the points come from"


async def test_coop_shows_the_team_against_the_target(tmp_path):
    session = coop_session(tmp_path / "g.toml")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        team, target, _ = queries.team_standing(session.state)
        assert f"Team {team:g} now, to beat {target}" in screen_text(app)


def board_rows(board: RaisersBoard) -> list[str]:
    return board.render().plain.split("\n")


async def test_no_board_row_wraps_at_70x20(tmp_path):
    """Item 10: at 70x20 the rows wrapped. Every board fits its width; what
    does not fit in height scrolls."""
    session = coop_session(tmp_path / "g.toml")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(3):
            board = next(b for b in screen.query(RaisersBoard) if b.display)
            rows = board_rows(board)
            assert rows and all(len(row) <= board.size.width for row in rows), type(board).__name__
            assert board.size.height == len(rows), "one line per row: none wrapped"
            await pilot.press("b")


async def test_the_legends_fit_at_80x24(tmp_path):
    """Item 14: "Each token: the icon it counts for, then wh…" was cut (press b)."""
    session = advance(new_session(tmp_path / "g.toml"), decision("draft"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = " ".join(screen_text(app).split())
        assert "S soldier, L ladder, A archer, V vicious wolf" in shown
        await pilot.press("b")
        shown = " ".join(screen_text(app).split())
        assert "then what it scores there." in shown and "…" not in shown


async def test_enter_on_the_board_cursor_places_the_tile(tmp_path):
    """The castle is a board of the frame's: its cursor moves over the lit
    slots and Enter places the tile there."""
    session = advance(new_session(tmp_path / "g.toml"), decision("draft"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        tile = session.state.revealed[0]
        await pilot.press("enter")
        board = screen.query_one(CastleBoard)
        board.focus()
        await pilot.press("right")
        spot = board.cursor
        assert spot is not None and spot in board.selectable and spot != ("slot", 1, 0)
        await pilot.press("enter")
        await settle(pilot)
        _, level, slot = spot
        assert session.state.castles[0].wall[(level - 1) * 6 + slot] == tile


def test_the_rules_name_the_spot_of_every_choice():
    """The rules' ``spot`` names the board places the boards draw."""
    state = new_session(None).state
    assert game.spot(state, game.PlaceTile(1, 2)) == ("slot", 1, 2)
    assert game.spot(state, game.DraftTile("W1-05")) == ("tile", "W1-05")
    assert game.spot(state, queries.TakeVillage(colour="yellow")) == ("stack", "yellow")
    assert game.spot(state, game.PlaceVillage("B_FS")) == ("loc", 6)
    assert game.spot(state, game.PickLine(2)) == ("line", 2)


async def test_the_starting_village_token_is_chosen_on_the_village_board(tmp_path):
    session = new_session(tmp_path / "g.toml", players=[saves.Player("Coco"), saves.Player("Wei")])
    session.run_automatic()
    assert top_kind(session.state) == "start_village"
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one(VillageBoard)
        assert screen.board_mode == "village" and board.display
        assert all(choice.spot in board.spot_cells for choice in screen.bar.lines)
        assert all(": " in text and " icon, scores " in text for text in prompts(screen))


async def test_the_keys_go_back_to_the_action_bar_when_the_board_has_nothing_to_choose(tmp_path):
    session = advance(new_session(tmp_path / "g.toml"), decision("draft"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("enter")  # a tile: its slots are lit
        board = screen.query_one(CastleBoard)
        board.focus()
        await pilot.press("b")  # the Village board comes forward: the castle is put away
        await pilot.pause()
        assert screen.focused is screen.query_one("#actions")


async def test_village_locations_are_named_in_words_and_lit_on_the_castle(tmp_path):
    """What players found, item 10: "FF T1 T2" read as code."""
    session = advance(new_session(tmp_path / "g.toml", seed=4), decision("village_place"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one(CastleBoard)
        texts = prompts(screen)
        assert texts and all(
            text.startswith(("Border ", "Forests, ", "Sea, ", "Farmlands, ")) for text in texts
        )
        assert all(choice.spot in board.spot_cells for choice in screen.bar.lines)
        assert not any(code in board.render().plain for code in ("T1", "FF ", "B_"))


async def test_no_mother_pig_is_shown_before_the_start_player_is_drawn(tmp_path):
    """Table mode asks who starts first: until then nobody holds the Mother Pig."""
    players = [saves.Player("Coco"), saves.Player("Wei")]
    session = Session.new(GAME, "competitive", players, mode="table", seed=2, path=tmp_path / "t.toml")
    assert not queries.mother_pig_known(session.state)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the chance picker waits: look at the table
        await pilot.pause()
        shown = screen_text(app)
        assert "Mother Pig: not drawn yet" in shown and "Coco's castle · Mother Pig" not in shown


def test_the_team_line_says_so_far_once_as_the_plain_words_do(tmp_path):
    """ "Team -18 so far against the wolves' 80: not beaten so far" said it
    twice; the plain words say "not beaten yet"."""
    from castletui.games.castle_raisers.threats import threat_cards
    from castletui.games.castle_raisers.words import score

    session = Session.new(GAME, "solo", [saves.Player("Coco")], seed=3, path=tmp_path / "g.toml")
    session.run_automatic()
    scene = game.scene(session.state, 0)
    first = threat_cards(scene, session.names, finished=False).plain.splitlines()[0]
    assert first.count("so far") == 1 and first.endswith("not beaten yet")
    assert "not beaten yet" in score(scene)[0]
