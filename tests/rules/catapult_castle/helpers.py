"""What the Catapult Castle rules tests share: games set up and played to
the first shot, and states with chosen stacks and hands."""

from __future__ import annotations

import castletui.rules.catapult_castle as g
from castletui.rules.catapult_castle.edition import EXTRA_SHOT, square_index
from castletui.rules.catapult_castle.state import Aim, ChooseStart, Draw, Land, Shoot, Stack
from castletui.rules.core import CHANCE, Config
from msgspec.structs import replace


def new(seats: int = 2, mode: str = "table", **options) -> g.State:
    # What a hit does is tested with every hit taken at once; test_declining asks.
    options.setdefault("may_decline_hit", False)
    return g.setup(Config("standard", seats, options, mode))


def draw_all(state: g.State, prefer: str = EXTRA_SHOT) -> g.State:
    """Answer pending card draws, taking ``prefer`` whenever it can come up."""
    while g.to_move(state) == CHANCE and state.pending[-1].kind in ("setup_card", "draw", "stack_card"):
        outcomes = [action for action, _ in g.chance_outcomes(state)]
        state = g.apply(state, Draw(prefer) if Draw(prefer) in outcomes else outcomes[0])
    return state


def ready(
    seats: int = 2, mode: str = "table", start: int = 0, prefer: str = EXTRA_SHOT, **options
) -> g.State:
    """A game after set-up: the start player is about to play cards or shoot."""
    state = g.apply(new(seats, mode, **options), ChooseStart(start))
    return draw_all(state, prefer)


def with_stacks(state: g.State, squares: dict[int, Stack]) -> g.State:
    items = list(state.stacks)
    for q, stack in squares.items():
        items[q] = stack
    return replace(state, stacks=tuple(items))


def with_hand(state: g.State, seat: int, *kinds: str) -> g.State:
    """``state`` with seat's hand made of ``kinds`` (a multiset: sorted)."""
    hands = list(state.hands)
    hands[seat] = tuple(sorted(kinds))
    return replace(state, hands=tuple(hands))


def shoot(state: g.State, mat: int = -1, square: str = "", off_roof: bool = False) -> g.State:
    """Shoot and say where it landed (mat -1: nowhere). Table mode shoots
    the real catapult; a digital game aims at that tower (a miss: at the
    first tower it may aim at, with no skill at all), then lands there."""
    if state.mode == "table":
        state = g.apply(state, Shoot())
    elif mat >= 0:
        state = g.apply(state, Aim(mat, square, 100))
    else:
        state = g.apply(
            state, next(a for a in g.legal_actions(state) if isinstance(a, Aim) and a.accuracy == 0)
        )
    return g.apply(state, Land(mat, square, off_roof))


def q(mat: int, square: str) -> int:
    return square_index(mat, square)


def towers(state: g.State, mat: int) -> int:
    return sum(len(state.stacks[q].towers) for q in range(4 * mat, 4 * mat + 4))
