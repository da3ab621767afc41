"""Colour is never the only mark (issue 48, item 3).

Every game in monochrome (NO_COLOR) at 80x24, pinned as pictures: each
must still tell the players' pieces, the resources and the card kinds
apart, and show what is offered and where the cursor is (one mid-game
table per game, from each game's own snapshot scenarios). Then, per game,
the board's text with no styles at all: two players' pieces (or two
materials, two colours of card) are different characters, so a board that
went back to colour alone fails here. And the marks that are not a board's:
the action bar's lines that may not be chosen, the menu's, the wizard's
focus, and NO_COLOR's greys that keep every coloured ink readable."""

from __future__ import annotations

import pytest
from castletui.rules.core import name_seats
from rich.style import Style
from textual.color import Color
from textual.filter import Monochrome, monochrome_style
from textual.widgets import OptionList, Select

from castletui import saves
from castletui.app import Start
from castletui.frame import Line
from castletui.games.castle_raisers.castle import CastleBoard
from castletui.games.castle_raisers.ink import ICON_TINY, MATERIAL_EDGES
from castletui.games.castlecards.fortresses import Fortresses
from castletui.games.catapult_castle.board import CATAPULT, TableBoard
from castletui.games.got_catan.map import seat_letters
from castletui.monochrome import MIN_CONTRAST, ReadableMonochrome, readable_style
from castletui.widgets.choices import NOT_NOW, shown_text
from tests.app.castle_raisers.test_screens import advance, decision
from tests.app.castle_raisers.test_screens import new_session as castle_raisers_session
from tests.app.castle_raisers.test_snapshots import COCO_AND_BOT, keys_then_settle, scenario
from tests.app.castlecards.test_screens import new_session as castlecards_session
from tests.app.castlecards.test_screens import play_until as castlecards_until
from tests.app.castlecards.test_snapshots import MOMENTS as CASTLECARDS_MOMENTS
from tests.app.castlecards.test_snapshots import make_app as castlecards_app
from tests.app.castlecards.test_snapshots import pressing
from tests.app.catapult_castle.helpers import new_session as catapult_session
from tests.app.catapult_castle.helpers import table_session
from tests.app.driving import StillApp, open_table, settle, wait_until
from tests.app.got_catan.helpers import map_at
from tests.app.got_catan.test_snapshots import make_app as got_catan_app
from tests.app.got_catan.test_snapshots import mid_game
from tests.app.snapshots import fresh_dir

SIZE = (80, 24)


@pytest.fixture
def no_color(monkeypatch):
    """NO_COLOR as a player sets it: Textual reads it when the app is made."""
    monkeypatch.setenv("NO_COLOR", "1")


def test_castle_raisers_castle_board(snap_compare, no_color):
    app = scenario("mono-castle", "competitive", COCO_AND_BOT, 4, decision("draft", 2, 3))
    assert snap_compare(app, terminal_size=SIZE, run_before=keys_then_settle("enter", "down"))


def test_castle_raisers_four_players(snap_compare, no_color):
    players = [
        saves.Player("Coco"),
        saves.Player("Wei", "bot"),
        saves.Player("Ana", "bot"),
        saves.Player("Mo", "bot"),
    ]
    app = scenario("mono-four", "competitive", players, 6, decision("draft", 1, 3))
    assert snap_compare(app, terminal_size=SIZE, run_before=keys_then_settle())


def test_castle_raisers_village(snap_compare, no_color):
    app = scenario("mono-village", "competitive", COCO_AND_BOT, 4, decision("village_take", 2, 1))
    assert snap_compare(app, terminal_size=SIZE, run_before=keys_then_settle())


def test_castle_raisers_piggy(snap_compare, no_color):
    app = scenario("mono-piggy", "competitive", COCO_AND_BOT, 4, decision("discard", 2, 2))
    assert snap_compare(app, terminal_size=SIZE, run_before=keys_then_settle("b", "b"))


def test_catapult_castle_four_players(snap_compare, no_color):
    folder, session = table_session("mono-catapult-four", seats=4, seed=11)
    app = StillApp(save_dir=folder, session=session)
    assert snap_compare(app, terminal_size=SIZE, run_before=open_table)


def test_got_catan_map(snap_compare, no_color):
    assert snap_compare(got_catan_app("map", "mono-80x24"), terminal_size=SIZE, run_before=open_table)


def test_castlecards_table(snap_compare, no_color):
    assert snap_compare(castlecards_app("table", "mono-80x24"), terminal_size=SIZE, run_before=pressing(()))


def test_castlecards_attack(snap_compare, no_color):
    assert snap_compare(castlecards_app("attack", "mono-80x24"), terminal_size=SIZE, run_before=pressing(()))


def test_wizard(snap_compare, no_color):
    """The wizard opened from the menu: the choice that has the keys reversed."""

    async def open_the_wizard(pilot):
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)

    app = StillApp(save_dir=fresh_dir("mono-wizard"))
    assert snap_compare(app, terminal_size=SIZE, run_before=open_the_wizard)


def test_menu_with_nothing_to_continue(snap_compare, no_color):
    """Continue struck out, not only greyed."""
    assert snap_compare(StillApp(save_dir=fresh_dir("mono-menu")), terminal_size=SIZE, run_before=settle)


# --- each board's text without its styles ---------------------------------


def drawn(board, spot) -> str:
    """What a board draws where ``spot`` is, as plain characters."""
    rows = board.render().plain.split("\n")  # drawing notes where each spot is
    row, first, last = board.spot_cells[spot]
    return rows[row][first : last + 1]


async def test_castle_raisers_tile_materials_and_token_colours_are_characters(tmp_path, no_color):
    """Straw, wood and stone tiles have their own edges; a Village token its colour's letter."""
    session = advance(castle_raisers_session(tmp_path / "g.toml", seed=3), decision("draft", 3, 3))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(CastleBoard)
        castle = board.scene.castles[board.seat]
        materials = set()
        for level in castle.wall:
            for place in level:
                if place.piece and not place.fortified:
                    materials.add(place.material)
                    assert (
                        drawn(board, ("slot", place.level, place.slot))[0]
                        == MATERIAL_EDGES[place.material][0]
                    )
        assert materials == {"straw", "wood", "stone"}, "the test wants tiles of every material"
        assert len({MATERIAL_EDGES[material] for material in MATERIAL_EDGES}) == len(MATERIAL_EDGES)
        text = board.render().plain
        tokens = [location for location in castle.village if location.token]
        assert len({location.colour for location in tokens}) >= 2, "the test wants tokens of two colours"
        for location in tokens:
            assert location.colour[0] + ICON_TINY[location.icon] in text


async def test_catapult_castle_mats_are_told_apart_by_their_owners_names(tmp_path, no_color):
    """Towers belong to the mat they stand on: each mat's label names its owner, one * the shooter."""
    session = catapult_session(tmp_path / "g.toml", seats=4, seed=11)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        board = app.screen.query_one(TableBoard)
        text = board.render().plain
        labels = [name_seats(mat.title, board.table.names).strip() for mat in board.scene.mats if mat.in_play]
        assert len(set(labels)) == len(labels) == 4
        for label in labels:
            assert label in text
        assert text.count(CATAPULT) == 1, "only the shooter's corner holds the catapult"


async def test_got_catan_owners_are_letters_on_the_map(tmp_path, no_color):
    """Two players' settlements are two different letters, each its owner's."""
    async with map_at(tmp_path, mid_game) as (pilot, screen, board):
        gift = board.gift
        letters = seat_letters(board.marks.names)
        owners = {}
        for corner, owner in enumerate(gift.corner_owner):
            if owner >= 0 and ("corner", corner) in board.spot_cells:
                mark = drawn(board, ("corner", corner)).strip()
                assert letters[owner] in mark, (corner, owner, mark)
                owners.setdefault(owner, mark)
        assert len(owners) >= 2, "the test wants two players' buildings"
        assert len(set(owners.values())) == len(owners)


async def test_castlecards_fortresses_say_their_colour_in_words(tmp_path, no_color):
    """Each fortress's row says its colour; a hand's coloured cards carry its letter."""
    seed, seats, _, stop, _ = CASTLECARDS_MOMENTS["four-players"]
    session = castlecards_until(castlecards_session(tmp_path / "g.toml", seed, seats=seats), stop, limit=2000)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        board = app.screen.query_one(Fortresses)
        lines = board.render().plain.split("\n")
        colours = [row.colour for row in board.scene.fortresses]
        assert len(set(colours)) == len(colours) == 4
        for seat, colour in enumerate(colours):
            name = board.seat_name(seat)
            assert any(name in line and f" {colour} " in line for line in lines), (name, colour)
        for row in board.scene.fortresses:
            for card in row.hand:
                if card.colour:
                    assert card.colour[0].upper() in card.short.split()[-1]


# --- the marks that are not a board's ---------------------------------------


def test_a_line_that_may_not_be_chosen_is_marked_not_only_greyed():
    assert shown_text(Line("Confirm: pick a card first", why_not="pick a card first")).startswith(NOT_NOW)
    assert shown_text(Line("✗ Settlement: needs brick", why_not="needs brick")).count("✗") == 1
    assert shown_text(Line("End turn")) == "End turn"


async def test_the_menu_strikes_out_what_cannot_be_chosen(tmp_path, no_color):
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        assert menu.get_option("continue").disabled
        assert menu.get_component_styles("option-list--option-disabled").text_style.strike


async def test_the_wizard_reverses_the_focused_choice(tmp_path, no_color):
    app = StillApp(Start("wizard", game_id="catapult-castle"), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.focused, Select))
        shown = app.focused.query_one("SelectCurrent")
        assert shown.styles.text_style.reverse
        await pilot.press("tab")
        await settle(pilot)
        assert not shown.styles.text_style.reverse


# --- NO_COLOR's greys ---------------------------------------------------------

DARK = Color(18, 18, 18)


@pytest.mark.parametrize("ink", ["#0000ff", "#ff0000", "#800080", "#800000"])
def test_a_coloured_ink_stays_readable_in_grey(ink):
    """Textual's grey for pure blue is 18 of 255, the background's: unreadable."""
    grey = readable_style(Style(color=ink, bold=True), DARK.r)
    level = Color.from_rich_color(grey.color).r
    assert grey.color.triplet.red == grey.color.triplet.green == grey.color.triplet.blue
    assert level - DARK.r >= MIN_CONTRAST and grey.bold


def test_the_themes_greys_and_light_inks_are_left_as_textual_makes_them():
    for ink in ("#666666", "#9a9a9a", "#ffe066"):
        style = Style(color=ink)
        assert readable_style(style, DARK.r) == monochrome_style(style)


async def test_no_color_uses_the_readable_greys(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        filters = app.get_line_filters()
        assert any(isinstance(f, ReadableMonochrome) for f in filters)
        assert not any(type(f) is Monochrome for f in filters)
