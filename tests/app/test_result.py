"""The result's one sentence (issue 14, item 14: "wins.." came from a rules
sentence that ends in its own full stop)."""

from __future__ import annotations

from types import SimpleNamespace

from castletui.rules.core import Result, ScoreLine
from textual.app import App
from textual.widgets import DataTable

from castletui.screens.result import ResultScreen, verdict


def _session(result: Result, names: list[str]):
    return SimpleNamespace(standing=lambda viewer=None: result, names=names)


def test_a_tie_break_sentence_with_its_own_full_stop_ends_in_one():
    result = Result(
        finished=True, scores=(5.0, 5.0), winners=(0,), decided_by="The most cards in hand: 2 against 1."
    )
    text = verdict(_session(result, ["Ann", "Wei"]))
    assert text == "Ann wins! Decided by the most cards in hand: 2 against 1."
    assert ".." not in text


def test_a_lost_co_op_game_and_a_shared_win_read_plainly():
    lost = Result(finished=True, scores=(140.0,), winners=(), lost=True)
    assert verdict(_session(lost, ["Ann"])) == "The game is lost."
    both = Result(finished=True, scores=(3.0, 3.0), winners=(0, 1))
    assert verdict(_session(both, ["Ann", "Wei"])) == "Everyone wins together!"


async def test_a_count_that_is_not_points_shows_under_the_total():
    """Issue #28 (7): Brotherhood's sheet has the guard tokens (points) and
    the guards on the Wall (a count, what decides when the Wall falls); the
    total adds up the lines above it only."""
    result = Result(
        scores=(4.0, 5.0),
        lines=(
            ScoreLine("Settlements", (4.0, 4.0)),
            ScoreLine("Guard tokens", (0.0, 1.0)),
            ScoreLine("Guards on the Wall", (1.0, 3.0), in_total=False),
        ),
        winners=(1,),
        decided_by="The Wall fell (the third breach): the most guards on the Wall, 3 against 1.",
    )

    class Sheet(App):
        def on_mount(self) -> None:
            self.push_screen(ResultScreen(_session(result, ["Wei", "Milo"])))

    app = Sheet()
    async with app.run_test() as pilot:
        await pilot.pause()
        while not isinstance(app.screen, ResultScreen):
            await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]
    assert rows == [
        ["Settlements", "4", "4"],
        ["Guard tokens", "0", "1"],
        ["Total", "4", "5"],
        ["Guards on the Wall", "1", "3"],
    ]
