"""A Game of Thrones Catan at a real table, through the keyboard only.

The base game with three people: the variable set-up's terrain typed on one
form (a wrong line refused with its reason), the set-up placed, the dice
typed into the picker, why-not reasons in the action bar, a development
card bought and drawn unseen (nothing typed but that it was drawn), then
named as it is played a turn later. (The base game draws nothing several
at a time: its counts entry is Brotherhood's below.)

Brotherhood of the Watch: its set-up on the form, the guards placed, and a
keep's two wildling tokens typed as one line of counts (a token that cannot
come up refused first).

The people here follow a plan the test computes from the rules (which
corner, which roll helps Ann), and press the keys that reach each line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from castletui.rules import got_catan as game
from castletui.rules.core import CHANCE
from castletui.rules.core import screen as screen_api
from castletui.rules.got_catan import legal
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.chance import UNSEEN
from castletui.rules.got_catan.edition import TERRAIN_RESOURCE
from castletui.rules.got_catan.state import (
    BuildKeep,
    BuyDevelopment,
    Dice,
    EndTurn,
    PlayDevelopment,
    TradeWithSupply,
    WildlingDie,
)

from castletui import saves
from castletui.screens.dialogs import ChancePicker
from castletui.screens.game import GameScreen
from castletui.screens.table_entry import CountsEntry, SetupForm
from castletui.session import Session
from tests.app.driving import StillApp, screen_text, settle

TERRAIN_TYPED = {"fields": "fi", "forest": "fo", "hills": "h", "mountains": "m", "pasture": "pa"}


def table_session(path: Path, variant: str) -> Session:
    players = [saves.Player(name) for name in ("Ann", "Bran", "Cat")]
    return Session.new("got-catan", variant, players, mode="table", seed=3, path=path)


async def fill_the_form(pilot) -> None:
    """The printed layout typed on the set-up form, one hex a line."""
    form = pilot.app.screen
    assert isinstance(form, SetupForm) and len(form.batches) == 16
    for terrain in BOARDS[3].beginner_terrain:
        await pilot.press(*TERRAIN_TYPED[terrain], "enter")
    await settle(pilot)


async def take(pilot, action: Any) -> None:
    """Choose ``action`` in the action bar by keys: open each group on its
    way (Build..., Keep...), move to its line, Enter."""
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    session = screen.session
    path = screen_api.group(session.game, session.state, action)
    for depth in range(len(screen.menu_path), len(path) + 1):
        lines = screen.bar.lines
        if depth == len(path):
            wanted = next(i for i, line in enumerate(lines) if line.action == action and not line.disabled)
        else:
            wanted = next(i for i, line in enumerate(lines) if line.text.startswith(f"{path[depth]}..."))
        bar = screen.query_one("#actions")
        for _ in range(len(lines) * 2):
            if bar.highlighted == wanted:
                break
            await pilot.press("down" if (bar.highlighted or 0) < wanted else "up")
        assert bar.highlighted == wanted, (screen_text(pilot.app), action)
        await pilot.press("enter")
        await settle(pilot)


Plan = Callable[[Session], Any]
"""Ann's next action at her turn, or None to end it."""


def useful(session: Session, needs: tuple[str, ...], total: int) -> int:
    """How many of the cards ``needs`` Ann holds once the dice show ``total``
    (the wildling die advancing nobody)."""
    state = game.apply(session.state, Dice(total))
    if game.to_move(state) == CHANCE and state.pending[-1].kind == "wildling-die":
        state = game.apply(state, WildlingDie(12))
    return len(missing(state.players[0].hand, needs)) * -100 + len(state.players[0].hand)


def missing(hand: tuple[str, ...], needs: tuple[str, ...]) -> list[str]:
    """The cards of ``needs`` that ``hand`` lacks."""
    left = list(hand)
    lacking = []
    for card in needs:
        if card in left:
            left.remove(card)
        else:
            lacking.append(card)
    return lacking


def trade_towards(session: Session, needs: tuple[str, ...]) -> Any:
    """A trade with the supply that gives up cards Ann does not need for
    one she lacks, if she can make one."""
    hand = session.state.players[0].hand
    lacking = missing(hand, needs)
    for action in session.legal_actions():
        if isinstance(action, TradeWithSupply) and action.get in lacking:
            rate = legal.trade_rate(session.state, 0, action.give)
            if hand.count(action.give) - rate >= needs.count(action.give):
                return action
    return None


def best_roll(session: Session, needs: tuple[str, ...]) -> int:
    """The roll that brings Ann nearest to what she wants (never a 7)."""
    totals = [total for total in (8, 6, 9, 5, 10, 4, 11, 3, 12, 2)]
    return max(totals, key=lambda total: useful(session, needs, total))


def corner_worth(session: Session, corner: int, needs: tuple[str, ...]) -> int:
    board = BOARDS[3]
    return sum(
        TERRAIN_RESOURCE[session.state.terrain[hex_id]] in needs for hex_id in board.corner_hexes[corner]
    )


async def play_until(
    pilot,
    session: Session,
    done: Callable[[Session], bool],
    plan: Plan,
    needs: tuple[str, ...],
    limit: int = 400,
) -> list[str]:
    """Answer every question by keys until ``done(session)``: the dice that
    help Ann, the wildling die advancing nobody, Ann's set-up corners by
    what they produce, Ann's plan at her turn, the others' turns ended at
    once; returns the screens that showed a why-not reason."""
    app = pilot.app
    why_not: list[str] = []
    for _ in range(limit):
        await settle(pilot)
        if done(session):
            return why_not
        screen = app.screen
        step = session.state.pending[-1]
        if isinstance(screen, ChancePicker):
            if step.kind == "dice":
                await pilot.press(*str(best_roll(session, needs)), "enter")
            elif step.kind == "wildling-die":
                await pilot.press(*"12", "enter")
            else:
                await pilot.press("enter")
        elif isinstance(screen, GameScreen):
            shown = screen_text(app)
            if "✗ " in shown:
                why_not.append(shown)
            seat = session.to_move()
            if step.kind == "place-settlement" and seat == 0:
                actions = session.legal_actions()
                await take(pilot, max(actions, key=lambda a: corner_worth(session, a.corner, needs)))
            elif step.kind == "turn":
                wanted = plan(session) if seat == 0 else None
                await take(pilot, wanted or EndTurn())
            elif step.kind == "start" and seat == 0 and plan(session) is not None:
                await take(pilot, plan(session))
            else:
                await pilot.press("enter")
        else:
            raise AssertionError(f"an unexpected screen: {screen!r}\n{screen_text(app)}")
    raise AssertionError(f"not reached in {limit} keys:\n{screen_text(app)}")


def _deciding(session: Session, kind: str) -> bool:
    return bool(session.state.pending) and session.state.pending[-1].kind == kind


@pytest.mark.slow
async def test_a_base_game_at_the_table_set_up_why_not_and_a_hidden_card_named_when_played(tmp_path):
    session = table_session(tmp_path / "t.toml", "base")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = screen_text(app)
        assert "Hex 1 of row 1 (the 8)" in shown and "fields / forest / hills" in shown
        # A fifth mountains hex does not exist: the line is refused and nothing is played.
        for _ in range(4):
            await pilot.press("m", "enter")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "Line 4: Hex 4 of row 1 (the 10): mountains cannot come up here" in screen_text(app)
        assert session.ply == 0
        await pilot.press("escape")  # one question at a time ...
        await settle(pilot)
        assert isinstance(app.screen, ChancePicker)
        assert "Which terrain lies on hex 1 of row 1 (the 8)?" in screen_text(app)
        await pilot.press("escape")  # ... or later (c asks again)
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and "Say what came up: c" in screen_text(app)
        await pilot.press("c")
        await settle(pilot)
        await pilot.press(*"fo", "enter")  # the picker filters as you type
        await settle(pilot)
        assert session.state.terrain[0] == "forest"
        assert isinstance(app.screen, ChancePicker)  # the form was declined: one at a time from here
        for terrain in BOARDS[3].beginner_terrain[1:]:
            await pilot.press(*terrain, "enter")
            await settle(pilot)
        assert session.state.terrain == BOARDS[3].beginner_terrain

        needs = ("grain", "ore", "wool")

        def buy(session: Session) -> Any:
            state = session.state
            if state.players[0].development:
                return None
            if BuyDevelopment() in session.legal_actions():
                return BuyDevelopment()
            return trade_towards(session, needs)

        why_not = await play_until(
            pilot,
            session,
            lambda s: bool(s.state.players[0].development) and _deciding(s, "turn"),
            buy,
            needs,
        )
        # Nothing was typed but that it was drawn: the card is unseen, still in the deck.
        assert session.state.players[0].development == (UNSEEN,)
        assert len(session.state.development_deck) == 23
        assert any("Ann draws a development card" in line.text for line in session.log)
        assert any("✗ Build or trade: Roll the dice first" in shown for shown in why_not)
        shown = screen_text(app)
        assert "Unseen*" in shown  # Ann's card, bought this turn
        # On the last line that may be chosen the bar shows the greyed why-not lines.
        for _ in range(len(app.screen.bar.lines)):
            await pilot.press("down")
        await settle(pilot)
        shown = screen_text(app)
        assert "✗ Play a development card: You bought your unseen development cards" in shown
        await take(pilot, EndTurn())

        def play_winter(session: Session) -> Any:
            action = PlayDevelopment("winter-is-coming")
            return action if action in session.legal_actions() else None

        await play_until(pilot, session, lambda s: s.state.pending[-1].kind == "take", play_winter, needs)
        assert session.state.players[0].development == ()
        assert session.state.development_deck.count("winter-is-coming") == 1  # named: out of the deck
        assert "Ann plays Winter is Coming." in [line.text for line in session.log]
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert session.state.pending[-1].kind in ("start", "turn")


@pytest.mark.slow
async def test_brotherhood_at_the_table_set_up_form_and_a_keeps_tokens_as_counts(tmp_path):
    session = table_session(tmp_path / "w.toml", "brotherhood")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await fill_the_form(pilot)
        assert session.state.terrain == BOARDS[3].beginner_terrain and session.ply == 16
        needs = ("grain", "grain", "ore", "ore", "ore")

        def keep(session: Session) -> Any:
            keeps = [a for a in session.legal_actions() if isinstance(a, BuildKeep)]
            return keeps[0] if keeps else trade_towards(session, needs)

        await play_until(
            pilot, session, lambda s: isinstance(app.screen, CountsEntry), keep, needs, limit=600
        )
        assert sum(len(guards) for guards in session.state.wall) == 3  # the set-up's guard round
        entry = app.screen
        assert entry.batch.count == 2
        assert "Wildling tokens turned up: 2 from Ann's build-cost card" in screen_text(app)
        spent = session.state.tokens_spent
        await pilot.press(*"3 cave giant", "enter")
        await settle(pilot)
        assert "you typed 3." in screen_text(app) and session.state.tokens_spent == spent
        await pilot.press("ctrl+a", "ctrl+k")
        ply = session.ply
        await pilot.press(*"cave giant river regular", "enter")
        await settle(pilot)
        assert session.ply == ply + 2
        assert sorted(set(session.state.tokens_spent) - set(spent)) == ["cave/giant", "river/regular"]
        assert "giant" in session.state.camps[1] and "regular" in session.state.camps[0]
