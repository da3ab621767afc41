"""Castle Raisers at a real table, through the keyboard only: a 2-player
competitive table-mode game from the set-up form through the first full
round (every draw typed: the set-up on one form, the wolves, tokens and
Wall tiles as lines of counts, single draws from the picker; a wrong count
refused with its reason; a why-not reason in the action bar), and a solo
game through its set-up with two Threat cards typed as one line."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from castletui.rules import castle_raisers as game
from castletui.rules.castle_raisers import State, queries
from castletui.rules.core import CHANCE, name_seats, sample_outcome
from castletui.rules.core.table_entry import Batch

from castletui import saves
from castletui.screens.dialogs import ChancePicker
from castletui.screens.game import GameScreen
from castletui.screens.table_entry import CountsEntry, SetupForm
from castletui.session import Session
from tests.app.driving import StillApp, screen_text, settle, type_keys

GAME = "castle-raisers"


def table_session(
    path: Path, variant: str, players: list[str], options: dict | None = None, seed: int = 5
) -> Session:
    return Session.new(
        GAME,
        variant,
        [saves.Player(name) for name in players],
        options=options,
        mode="table",
        seed=seed,
        path=path,
    )


def what_came_up(session: Session, batches: tuple[Batch, ...], rng: random.Random) -> list[str]:
    """What the table drew for each batch, as a player types it ("2 soldier
    archer"): drawn by chance from what the rules say may come up."""
    state, texts = session.state, []
    for batch in batches:
        drawn: list[str] = []
        for _ in range(batch.count):
            outcomes = [(a, p) for a, p in game.chance_outcomes(state) if batch.kind_of(a) is not None]
            action = sample_outcome(outcomes, rng)
            drawn.append(name_seats(batch.kind_of(action), session.names))
            state = game.apply(state, action)
        texts.append(" ".join(kind if n == 1 else f"{n} {kind}" for kind, n in Counter(drawn).items()))
    return texts


class Table:
    """What was asked on the way, for the test to check."""

    def __init__(self) -> None:
        self.forms: list[list[str]] = []
        self.counts: list[str] = []
        self.pickers: list[str] = []
        self.why_not: list[str] = []


async def play_at_the_table(
    pilot, session: Session, until: Callable[[State], bool], rng: random.Random, limit: int = 500
) -> Table:
    """Answer every question on screen by keys until ``until(state)``:
    forms and counts typed (what came up drawn by ``rng``), a picker's
    first line, a player's first choice."""
    app, asked = pilot.app, Table()
    for _ in range(limit):
        await settle(pilot)
        if until(session.state):
            return asked
        screen = app.screen
        if isinstance(screen, SetupForm):
            texts = what_came_up(session, screen.batches, rng)
            asked.forms.append(texts)
            for text in texts:
                await type_keys(pilot, *text, "enter")
        elif isinstance(screen, CountsEntry):
            (text,) = what_came_up(session, (screen.batch,), rng)
            asked.counts.append(name_seats(screen.batch.question, session.names))
            await type_keys(pilot, *text, "enter")
        elif isinstance(screen, ChancePicker):
            asked.pickers.append(screen.prompt)
            await pilot.press("enter")
        elif isinstance(screen, GameScreen):
            seat = session.to_move()
            reasons = game.refusals(session.state, seat) if seat is not None and seat >= 0 else []
            if reasons:
                asked.why_not.append(screen_text(app))
            await pilot.press("enter")
        else:
            await pilot.press("escape")
    raise AssertionError(f"not reached in {limit} keys: {queries.top_decision(session.state)}")


def past_round_one(state: State) -> bool:
    return (state.age, state.round) > (1, 1)


@pytest.mark.slow
async def test_a_two_player_table_game_through_set_up_and_the_first_round(tmp_path):
    session = table_session(tmp_path / "t.toml", "competitive", ["Coco", "Wei"])
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = app.screen
        assert isinstance(form, SetupForm)
        shown = screen_text(app)
        assert "Castle board of Coco" in shown and "Castle board of Wei" in shown
        assert "Start player" in shown and "Village stack" in shown
        assert len(form.batches) == 7

        # this table's draws bring a vicious wolf where one cauldron pours in round 1
        rng = random.Random(5)
        asked = await play_at_the_table(pilot, session, lambda state: game.to_move(state) != CHANCE, rng)
        assert session.ply == 11  # the start player, 2 boards, 8 tokens: one form
        assert queries.top_decision(session.state).kind == "start_village"
        assert len(asked.forms) == 1 and not asked.counts and not asked.pickers
        assert all(session.state.castles[seat].board for seat in (0, 1))

        asked = await play_at_the_table(pilot, session, past_round_one, rng)
        # each region's two wolves at the set-up, a round's four tiles: lines of counts
        wolves = [q for q in asked.counts if q.startswith("Wolves drawn into")]
        assert len(wolves) == 6 and "Wolves drawn into Coco's forests" in wolves
        assert "Wall tiles revealed from the Age I stack" in asked.counts
        assert any(
            "✗ Pour on vicious wolf: A vicious wolf needs 2 cauldrons" in shown for shown in asked.why_not
        )
        assert not any("What happened at the table?" in prompt for prompt in asked.pickers)
        assert not asked.forms


async def test_a_wrong_count_is_refused_with_its_reason_and_nothing_is_played(tmp_path):
    session = table_session(tmp_path / "t.toml", "competitive", ["Coco", "Wei"])
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_at_the_table(
            pilot, session, lambda state: queries.top_decision(state).kind == "wolf", random.Random(1)
        )
        await settle(pilot)
        assert isinstance(app.screen, CountsEntry)
        ply = session.ply
        await type_keys(pilot, *"3 soldier", "enter")
        assert "2 drawn, but you typed 3" in screen_text(app) and session.ply == ply
        await pilot.press(*["backspace"] * 9, *"soldier vicious", "enter")
        await settle(pilot)
        assert session.ply == ply + 2
        assert not isinstance(app.screen, CountsEntry) or app.screen.batch.question.endswith("'s sea")


@pytest.mark.slow
async def test_a_solo_table_game_types_its_threat_cards_on_one_line(tmp_path):
    options = {"threats_player_1": 2}
    session = table_session(tmp_path / "s.toml", "solo", ["Coco"], options)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupForm) and len(app.screen.batches) == 5
        rng = random.Random(1)
        await play_at_the_table(
            pilot, session, lambda state: queries.top_decision(state).kind == "draw_threat", rng
        )
        await settle(pilot)
        entry = app.screen
        assert isinstance(entry, CountsEntry)
        assert "Threat cards drawn by Coco" in screen_text(app)
        await type_keys(pilot, *"From All Sides They're in the Walls", "enter")
        assert "cannot come up" in screen_text(app) and not session.state.castles[0].threats
        await pilot.press("ctrl+a", "ctrl+k", *"isolated towering", "enter")
        await settle(pilot)
        assert session.state.castles[0].threats == ("Isolated", "Towering")
        asked = await play_at_the_table(pilot, session, lambda state: state.round >= 1, rng)
        assert "Wolves drawn for line 1" in asked.counts and "Wolves drawn for line 2" in asked.counts
        assert session.state.castles[0].threats == ("Isolated", "Towering")
