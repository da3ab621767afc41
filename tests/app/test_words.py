"""Issue 43, item 9 ("What players found, round 3"): the words a player
read wrong, each asserted as the code that makes it says it now."""

from __future__ import annotations

import re

import pytest
from castletui.rules import got_catan as game
from castletui.rules import registry
from castletui.rules.core import Config
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.scene import gift_layout
from textual.widgets._toast import Toast

from castletui import saves
from castletui.games.got_catan.map import COMPACT, geometry
from castletui.screens.game import GameScreen
from castletui.screens.result import verdict
from castletui.screens.rules import rules_text
from castletui.tables import EXPOSED, create_table, open_at_table
from tests.app.catapult_castle.helpers import new_session as new_catapult
from tests.app.catapult_castle.helpers import play_until as play_catapult
from tests.app.driving import StillApp, settle, wait_until


def test_a_solo_catapult_game_is_scored_not_won(tmp_path):
    """The solo sheet said "Coco wins!": there is nobody to beat."""
    session = play_catapult(new_catapult(tmp_path / "g.toml", seats=1, variant="solo"), lambda s: False)
    assert session.over
    result = session.result()
    assert result.rating
    assert verdict(session) == (
        f"Coco scores {result.scores[0]:g} (solo score: one point per tower removed and per ammo left). "
        f"Rating: {result.rating}."
    )


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_rules_page_never_sends_players_to_a_data_file(game_id):
    """The Castlecards rules page told players the numbers "live in
    `edition.toml`", a file of the program's."""
    text = rules_text(game_id)
    assert text.strip()
    assert ".toml" not in text and ".json" not in text


async def test_the_shared_table_warning_is_short_and_soon_gone(tmp_path):
    """The "Hands are not secret here" toast stayed over 30 s and covered
    half the action bar with a paragraph."""
    folder = tmp_path / "tables"
    folder.mkdir()
    folder.chmod(0o755)  # other users may read it
    players = [saves.Player("Ann"), saves.Player("Bo")]
    table, seat, warning = create_table(folder, "ann", "castlecards", "two-player", players)
    assert warning
    app = StillApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        with app._context():
            open_at_table(app, table, seat, warning)
        # (wait_until, not settle: the table's watcher never completes.)
        await wait_until(pilot, lambda: any(isinstance(screen, GameScreen) for screen in app.screen_stack))

        def warnings() -> list:
            return [note for note in app._notifications if note.title == "Hands are not secret here"]

        def toasts() -> list:
            return [toast for toast in app.screen.query(Toast) if toast._notification is note]

        await wait_until(pilot, lambda: warnings())
        (note,) = warnings()
        assert note.message == EXPOSED and note.timeout <= 8
        await wait_until(pilot, lambda: any(toast.outer_size.height for toast in toasts()))
        (toast,) = toasts()
        assert toast.outer_size.height <= 5, toast.outer_size


@pytest.mark.parametrize("seats", [3, 4])
def test_a_hex_is_named_where_the_map_draws_it(seats):
    """GoT's table set-up named hexes "r0c1", a name the map shows nowhere:
    "hex 2 of row 1" is the second hex from the left in the map's top row."""
    board = BOARDS[seats]
    shape = geometry(gift_layout(seats), COMPACT)
    rows = sorted({row for row, _ in shape.hex_north})
    for hex_id, place in enumerate(board.hex_places):
        row, column = shape.hex_north[hex_id]
        in_row = sorted(c for r, c in shape.hex_north if r == row)
        assert place == f"hex {in_row.index(column) + 1} of row {rows.index(row) + 1}"
    state = game.setup(Config("base", seats, {}, "table"))
    first = state.pending[-1].target
    assert game.chance_prompt(state) == (
        f"Which terrain lies on {board.hex_places[first]} (the {board.hex_numbers[first]})?"
    )
    assert "r0c" not in game.chance_prompt(state)
    assert not [field.question for field in game.setup_form(state) if re.search(r"r\d+c\d+", field.question)]
