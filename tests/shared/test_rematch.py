"""A rematch (issue 46 item 5) as the players meet it: the lobby's lines
while it is offered, accepted or declined, and Play again on the score
sheet, which offers it, accepts it and takes everyone who accepted to the
new table. The store's part is tests/stores/test_rematch.py."""

from __future__ import annotations

import contextlib
from pathlib import Path

from castletui.saves.stores import open_store
from castletui.saves.table import Table, TableListing

from castletui.app import Start
from castletui.lobby import FINISHED, THEIR_TURN, YOUR_TURN, Turns, lobby_lines
from castletui.screens.game import GameScreen
from castletui.screens.join import JoinScreen
from castletui.screens.result import ResultScreen
from castletui.shared import SharedApp
from tests.shared.lobby_tables import NOON
from tests.shared.test_lobby_watch import until
from tests.stores.playing import finished_table

ANN, BO = "user:ann", "user:bo"


def _lines(directory: Path, who: str):
    return lobby_lines(TableListing(directory).rows(), who, who[5:], Turns(), NOON)[0]


def lines_of(directory: Path, who: str) -> list[tuple[int, str]]:
    return [(line.group, line.text) for line in _lines(directory, who)]


def test_the_lobby_says_who_offers_a_rematch_whom_it_waits_for_and_who_declined(tmp_path):
    directory = tmp_path / "tables"
    store = open_store(str(directory))
    table = finished_table(store, (ANN, BO))
    assert [group for group, _ in lines_of(directory, BO)] == [FINISHED]
    store.answer_rematch(table, ANN, True)
    assert lines_of(directory, ANN) == [(THEIR_TURN, "Rematch of Castlecards with bo: waiting for bo")]
    assert lines_of(directory, BO) == [(YOUR_TURN, "ann offers a rematch of Castlecards: accept?")]
    store.answer_rematch(table, BO, False)
    assert lines_of(directory, ANN) == [(FINISHED, "Castlecards with bo: bo declined a rematch")]
    assert lines_of(directory, BO) == [(FINISHED, "Castlecards with ann: you declined a rematch")]
    made = store.answer_rematch(table, BO, True)
    # Made: the new table is a line of its own, the old one finished as it was.
    assert [(line.path, line.group) for line in _lines(directory, BO)][-1] == (table, FINISHED)
    assert made.table in {line.path for line in _lines(directory, BO)}
    store.close()


def sheet(app) -> ResultScreen | None:
    return app.screen if isinstance(app.screen, ResultScreen) else None


def ann_at_a_finished_table(tmp_path):
    """A finished table of Ann's and Bo's, and Ann's terminal opening it."""
    directory = tmp_path / "tables"
    store = open_store(str(directory))
    table = finished_table(store, (ANN, BO))
    store.close()
    ann = SharedApp(
        Start("join", path=Path(table)), who=ANN, table_dir=directory, bot_delay=0, save_dir=tmp_path / "a"
    )
    return directory, table, ann


async def test_play_again_offers_a_rematch_that_the_lobby_shows_and_accepting_it_seats_both(tmp_path):
    directory, table, ann = ann_at_a_finished_table(tmp_path)
    bo = SharedApp(Start("join"), who=BO, table_dir=directory, bot_delay=0, save_dir=tmp_path / "b")
    async with contextlib.AsyncExitStack() as stack:
        ann_pilot = await stack.enter_async_context(ann.run_test(size=(100, 30)))
        bo_pilot = await stack.enter_async_context(bo.run_test(size=(100, 30)))
        for app in (ann, bo):
            app.still = True
        # Ann's table opens at its end: the score sheet, where p is Play again.
        await until(ann_pilot, lambda: sheet(ann) is not None, "ann's score sheet")
        await ann_pilot.press("p")
        await until(ann_pilot, lambda: sheet(ann).rematch is not None, "the offer is on the table")
        assert sheet(ann).rematch.accepted == [ANN]
        # Bo's lobby, which follows the folder, shows the offer on top; Enter opens the table.
        await until(bo_pilot, lambda: isinstance(bo.screen, JoinScreen) and bo.screen.lines, "bo's lobby")
        await until(bo_pilot, lambda: bo.screen.lines[0].group == YOUR_TURN, "the offer in bo's lobby")
        assert bo.screen.lines[0].text == "ann offers a rematch of Castlecards: accept?"
        await bo_pilot.press("enter")
        await until(bo_pilot, lambda: sheet(bo) is not None, "bo's score sheet")
        bo_pilot.app.screen.query_one("#play-again").press()
        # The last yes made the table: both are taken to it, seats turned (bo first).
        await until(bo_pilot, lambda: Table(Path(table)).read()[1].rematch.table, "the rematch made")
        made = Path(Table(Path(table)).read()[1].rematch.table)
        for app, pilot, seat in ((bo, bo_pilot, 0), (ann, ann_pilot, 1)):
            await until(
                pilot,
                lambda app=app: isinstance(app.screen, GameScreen) and app.screen.session.path == made,
                "the rematch opens",
            )
            assert app.screen.session.seat == seat


async def test_after_your_yes_the_sheet_offers_only_to_withdraw_it_and_after_a_no_only_to_accept(tmp_path):
    directory, table, ann = ann_at_a_finished_table(tmp_path)
    async with ann.run_test(size=(100, 30)) as pilot:
        ann.still = True
        await until(pilot, lambda: sheet(ann) is not None, "ann's score sheet")

        def shown(button: str) -> bool:
            return sheet(ann).query_one(button).display

        assert shown("#play-again") and str(sheet(ann).query_one("#no-rematch").label) == "Decline"
        await pilot.press("p")
        await until(pilot, lambda: sheet(ann).rematch is not None, "the offer is on the table")
        # Yes said: Play again again would say it twice; a no takes it back.
        assert not shown("#play-again") and not sheet(ann).check_action("play_again", ())
        assert shown("#no-rematch") and str(sheet(ann).query_one("#no-rematch").label) == "Withdraw"
        sheet(ann).query_one("#no-rematch").press()
        await until(pilot, lambda: sheet(ann).rematch.declined == [ANN], "the offer withdrawn")
        assert shown("#play-again") and not shown("#no-rematch")
