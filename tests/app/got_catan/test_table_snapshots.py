"""A Game of Thrones Catan's table-mode questions pinned as pictures at
80x24 and 120x40, each over the board it is about: the set-up form (the
terrain of each hex, two lines typed), the dice of a roll, a development
card drawn unseen, and Brotherhood's keep tokens as a line of counts (the
Wall and the Gift beside it). Fixed seeds and save paths, and the table's
answers chosen by the rules (the printed layout, rolls that help Ann):
every run draws the same frames."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from castletui.rules import got_catan as game
from castletui.rules.core import CHANCE
from castletui.rules.got_catan import legal
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.edition import TERRAIN_RESOURCE
from castletui.rules.got_catan.state import (
    BuildKeep,
    BuyDevelopment,
    Dice,
    EndTurn,
    PlaceTerrain,
    TradeWithSupply,
    WildlingDie,
)

from castletui import saves
from castletui.session import Session
from tests.app.driving import StillApp, settle
from tests.app.snapshots import fresh_dir

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
KEEP = ("grain", "grain", "ore", "ore", "ore")


def _missing(hand: tuple[str, ...], needs: tuple[str, ...]) -> int:
    left = list(hand)
    short = 0
    for card in needs:
        if card in left:
            left.remove(card)
        else:
            short += 1
    return short


def _roll(state: game.State, needs: tuple[str, ...]) -> int:
    def worth(total: int) -> tuple[int, int]:
        after = game.apply(state, Dice(total))
        if game.to_move(after) == CHANCE and after.pending[-1].kind == "wildling-die":
            after = game.apply(after, WildlingDie(12))
        hand = after.players[0].hand
        return -_missing(hand, needs), len(hand)

    return max((8, 6, 9, 5, 10, 4, 11, 3, 12, 2), key=worth)


def _ann(session: Session, needs: tuple[str, ...]) -> game.Action | None:
    """Ann's plan at her turn: a keep, else a trade with the supply towards it."""
    state = session.state
    hand = state.players[0].hand
    for action in session.legal_actions():
        if isinstance(action, BuildKeep):
            return action
    for action in session.legal_actions():
        if isinstance(action, TradeWithSupply) and _missing(hand, needs) > _missing(
            hand + (action.get,), needs
        ):
            rate = legal.trade_rate(state, 0, action.give)
            if hand.count(action.give) - rate >= needs.count(action.give):
                return action
    return None


def table_app(
    name: str, variant: str, until: Callable[[Session], bool] | None = None, needs: tuple[str, ...] = KEEP
) -> StillApp:
    """A 3-player table-mode game played until ``until(session)``: the
    printed layout laid, Ann's corners where ore and grain grow, the rolls
    that help Ann, the wildling die advancing nobody, the others ending
    their turns."""
    folder = fresh_dir(f"got-catan-table-{name}")
    players = [saves.Player(person) for person in ("Ann", "Bran", "Cat")]
    session = Session.new("got-catan", variant, players, mode="table", seed=3, path=folder / "game.toml")
    board = BOARDS[3]
    for _ in range(5000):
        if until is None or until(session):
            break
        state = session.state
        step = state.pending[-1]
        if step.kind == "terrain":
            action = PlaceTerrain(board.beginner_terrain[step.target])
        elif step.kind == "dice":
            action = Dice(_roll(state, needs))
        elif step.kind == "wildling-die":
            action = WildlingDie(12)
        elif step.kind == "place-settlement" and step.seat == 0:
            action = max(
                session.legal_actions(),
                key=lambda a: sum(
                    TERRAIN_RESOURCE[state.terrain[h]] in needs for h in board.corner_hexes[a.corner]
                ),
            )
        elif step.kind == "turn":
            action = (_ann(session, needs) if step.seat == 0 else None) or EndTurn()
        else:
            action = session.legal_actions()[0]
        session.act(action)
    else:
        raise AssertionError("the moment never came")
    return StillApp(save_dir=folder, session=session)


def keys_then_settle(*keys: str):
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press(*keys)
        await settle(pilot)

    return run_before


def deciding(kind: str, seat: int | None = None) -> Callable[[Session], bool]:
    def stop(session: Session) -> bool:
        pending = session.state.pending
        return bool(pending) and pending[-1].kind == kind and (seat is None or pending[-1].seat == seat)

    return stop


@pytest.mark.parametrize("size", SIZES)
def test_set_up_form_over_the_gift(snap_compare, size):
    app = table_app(f"form-{size}", "base")

    async def two_lines(pilot) -> None:
        await settle(pilot)
        await pilot.press(*"fo", "enter")
        await settle(pilot)
        await pilot.press(*"pa")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZES[size], run_before=two_lines)


@pytest.mark.parametrize("size", SIZES)
def test_the_dice_of_a_roll(snap_compare, size):
    app = table_app(f"dice-{size}", "base", deciding("dice", 1))
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle())


@pytest.mark.parametrize("size", SIZES)
def test_a_development_card_drawn_unseen(snap_compare, size):
    def buying(session: Session) -> bool:
        return deciding("turn", 0)(session) and BuyDevelopment() in session.legal_actions()

    app = table_app(f"draw-{size}", "base", buying, needs=("grain", "ore", "wool"))
    session = app.session_to_open
    session.act(BuyDevelopment())
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle())


@pytest.mark.parametrize("size", SIZES)
def test_keep_tokens_as_counts_beside_the_wall(snap_compare, size):
    def tokens(session: Session) -> bool:
        batch = game.chance_batch(session.state) if session.state.pending else None
        return batch is not None and batch.count == 2

    app = table_app(f"tokens-{size}", "brotherhood", tokens)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=keys_then_settle(*"cave g"))
