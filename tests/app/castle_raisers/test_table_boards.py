"""Castle Raisers at a real table on a small terminal (issue 12, item 1):
each draw's question shows the board it is about beside it, and the
mover's own castle comes back for their decision."""

from __future__ import annotations

from castletui.rules.castle_raisers.state import DrawWallTile, State

from castletui import saves
from castletui.games.castle_raisers.screen import CastleRaisersScreen
from castletui.screens.table_entry import CountsEntry
from castletui.session import Session
from tests.app.driving import StillApp, settle


def table_session(tmp_path) -> Session:
    return Session.new(
        "castle-raisers",
        "competitive",
        [saves.Player("Ann"), saves.Player("Wei")],
        seed=3,
        mode="table",
        path=tmp_path / "table.toml",
    )


def play_until(session: Session, wanted) -> None:
    """Answer draws with their first outcome and decisions with the first
    choice until ``wanted(state)``."""
    for _ in range(500):
        if wanted(session.state):
            return
        if session.to_move() == -1:
            session.act(session.chance_outcomes()[0][0])
        else:
            session.act(session.legal_actions()[0])
    raise AssertionError("never got there")


def top(state: State):
    return state.pending[-1] if state.pending else None


async def test_the_wolves_question_shows_the_castle_they_go_into(tmp_path):
    session = table_session(tmp_path)
    play_until(
        session, lambda state: top(state) is not None and top(state).kind == "wolf" and top(state).seat == 1
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CountsEntry)
        assert "{P1}" in app.screen.batch.question  # Wei's
        game = next(s for s in app.screen_stack if isinstance(s, CastleRaisersScreen))
        assert game.board_mode == "castle" and game.castle_seat() == 1
        await pilot.press("escape")  # one at a time: the same castle stays in view
        await settle(pilot)
        assert game.castle_seat() == 1


async def test_wall_tiles_show_the_piggy_board_and_the_draft_brings_back_the_movers_castle(tmp_path):
    session = table_session(tmp_path)
    play_until(session, lambda state: top(state) is not None and top(state).kind == "reveal")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, CastleRaisersScreen))
        assert game.board_mode == "piggy"
        assert isinstance(app.screen, CountsEntry)
        actions = app.screen.check([_first_tiles(game.session.state, app.screen.batch)])
        app.screen.dismiss(actions)
        await settle(pilot)
        mover = game.session.to_move()
        assert mover in (0, 1)
        assert game.board_mode == "castle" and game.castle_seat() == mover


def _first_tiles(state: State, batch) -> tuple[int, ...]:
    """Counts for the first tiles of the stack, as many as the batch draws."""
    stack = list(state.wall_stack)
    counts = [0] * len(batch.kinds)
    for _ in range(batch.count):
        tile = next(t for t in stack if batch.kind_of(_draw(t)) is not None)
        stack.remove(tile)
        counts[batch.kinds.index(batch.kind_of(_draw(tile)))] += 1
    return tuple(counts)


def _draw(tile: str):
    return DrawWallTile(tile)
