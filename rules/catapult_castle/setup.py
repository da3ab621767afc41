"""Catapult Castle set-up: the mats, towers and decks for the variant and
seat count. The start player, the face-down set-up cards and the opening
draws are left on the decision stack as chance decisions (table mode: the
set-up cards go under unseen at once, and the opening draws are unseen, so
the start player is all the table is asked)."""

from __future__ import annotations

from typing import Any

from castletui.rules.catapult_castle.edition import (
    ABSENT,
    DECK_COUNTS,
    EDITION,
    NEUTRAL,
    SKILLED_REMOVED,
    SQUARE_COUNT,
    SQUARES_PER_MAT,
    UNSEEN,
)
from castletui.rules.catapult_castle.flow import NEXT, OPENING_DRAWS, settle
from castletui.rules.catapult_castle.info import INFO
from castletui.rules.catapult_castle.pieces import EMPTY_PILE, EMPTY_STACK
from castletui.rules.catapult_castle.state import Card, Pending, Pile, Stack, State
from castletui.rules.core import Config, IllegalAction, check_config, pushed


def _option(config: Config, name: str) -> Any:
    return config.option(name, INFO)


def setup(config: Config) -> State:
    """A table ready to play; the start player, face-down set-up cards and the
    opening draws are pending chance decisions."""
    check_config(INFO, config)
    if config.mode not in ("digital", "table"):
        raise IllegalAction(f"Unknown mode {config.mode!r}: choose digital or table.")
    solo = config.variant == "solo"
    beginner = False if solo else bool(_option(config, "beginner"))
    skilled = False if solo else bool(_option(config, "skilled"))
    may_decline = False if solo else bool(_option(config, "may_decline_hit"))
    # check_config has checked it against the Option's declared range (0: no limit).
    max_stack = _option(config, "max_stack")
    seats = config.seats
    mat_total = len(EDITION.mats)
    if solo:
        seat_mats: tuple[int, ...] = (-1,)
        mat_owner = (NEUTRAL,) * mat_total
    else:
        seat_mats = tuple(EDITION.seat_mats[str(seats)])
        # With 2 players the side mats stay as neutral targets; with 3 the
        # fourth quadrant is left empty.
        spare = NEUTRAL if seats == 2 else ABSENT
        mat_owner = tuple(seat_mats.index(m) if m in seat_mats else spare for m in range(mat_total))
    squares = tuple(
        SQUARES_PER_MAT * m + position
        for m in range(mat_total)
        if mat_owner[m] != ABSENT
        for position in range(SQUARES_PER_MAT)
        if not (skilled and position == SKILLED_REMOVED)
    )
    stacks = [EMPTY_STACK] * SQUARE_COUNT
    for q in squares:
        stacks[q] = Stack((0,))
    set_up_cards: list[Pending] = []
    if not solo:
        if seats == 3:  # the fourth quadrant stays empty, and some towers in the box
            towers_per_mat = (EDITION.total_towers - EDITION.three_player_boxed_towers) // seats
        else:
            towers_per_mat = EDITION.total_towers // mat_total
        for m in range(mat_total):
            if mat_owner[m] == ABSENT:
                continue
            own = [q for q in squares if q // SQUARES_PER_MAT == m]
            # Extra towers stand on a face-down card, the first on the inner square.
            for extra in range(towers_per_mat - len(own)):
                q = own[extra % len(own)]
                if config.mode == "table":
                    # Nobody looks at it: it goes under unseen, still counted in its deck's pool.
                    stacks[q] = Stack(stacks[q].towers + (0,), stacks[q].cards + (Card(m, UNSEEN),))
                else:
                    set_up_cards.append(Pending("setup_card", deck=m, square=q))
    decks = tuple(
        Pile(DECK_COUNTS[m]) if not solo and mat_owner[m] != ABSENT else EMPTY_PILE for m in range(mat_total)
    )
    hands = (tuple(sorted(EDITION.solo_hand)),) if solo else ((),) * seats
    # Solo starts shooting at once; otherwise chance picks the start player,
    # then the set-up cards go under their towers, then the opening draws.
    pending = (NEXT,) if solo else pushed((NEXT,), Pending("start"), *set_up_cards, OPENING_DRAWS)
    state = State(
        variant=config.variant,
        seats=seats,
        mode=config.mode,
        beginner=beginner,
        skilled=skilled,
        max_stack=max_stack,
        may_decline=may_decline,
        seat_mats=seat_mats,
        mat_owner=mat_owner,
        squares=squares,
        stacks=tuple(stacks),
        hands=hands,
        decks=decks,
        discards=(EMPTY_PILE,) * mat_total,
        supply=EDITION.solo_ammo if solo else EDITION.total_ammo,
        rearrangements_left=EDITION.solo_rearrangements if solo else 0,
        start_seat=0 if solo else -1,
        pending=pending,
    )
    return settle(state)
