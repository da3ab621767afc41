"""Catapult Castle's table-mode questions pinned as pictures at 80x24 and
120x40, each with the table beside it (issue 12): the set-up form (3
players: the set-up cards already under their towers, unseen), where a
player's ammo landed, taking the tower hit or leaving it, a card a hit frees turning face up, the cards Strong
Ammo frees typed as one line of counts, a hand of unseen cards named as
one is played, and where a solo shot landed. Fixed seeds and save folders,
a folder per size so that sizes may run side by side (pytest -n)."""

from __future__ import annotations

import pytest
from castletui.rules.catapult_castle.queries import CARDS
from castletui.rules.catapult_castle.state import TAKE_TOWER, ChooseStart, Land, Place, PlayCard, Shoot

from tests.app.catapult_castle.helpers import table_session
from tests.app.driving import StillApp, open_table, settle
from tests.app.snapshots import pin_dates

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]

# Coco starts and hits Wei's inner tower, takes it and stacks it on her
# own; Wei names an unseen card Magic Toss and misses; Coco takes a neutral
# tower onto the same stack (three towers, two unseen cards between them).
TO_WEIS_SECOND_TURN = (
    ChooseStart(0),
    Shoot(),
    Land(2, "inner"),
    TAKE_TOWER,
    Place("inner"),
    PlayCard("Magic Toss"),
    Shoot(),
    Land(),
    Shoot(),
    Land(1, "left"),
    TAKE_TOWER,
    Place("inner"),
)


def session_at(name: str, actions: tuple = (), seats: int = 2, variant: str = "standard"):
    """A table-mode game of people only, played on with ``actions``."""
    folder, session = table_session(name, seats=seats, humans=seats, variant=variant, mode="table")
    for action in actions:
        session.act(action)
    pin_dates(session)
    return folder, session


def snap(snap_compare, size, folder, session, then=None) -> bool:
    app = StillApp(save_dir=folder, session=session)

    async def before(pilot):
        await open_table(pilot)
        if then is not None:
            await then(pilot)
        await settle(pilot)

    return snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_set_up_form(snap_compare, size):
    folder, session = session_at(f"table-form-{size[0]}", seats=3)
    assert snap(snap_compare, size, folder, session)


@pytest.mark.parametrize("size", SIZES)
def test_where_the_ammo_landed(snap_compare, size):
    folder, session = session_at(f"table-landing-{size[0]}", (ChooseStart(0), Shoot()))
    assert snap(snap_compare, size, folder, session)


@pytest.mark.parametrize("size", SIZES)
def test_take_a_hit_or_leave_it(snap_compare, size):
    folder, session = session_at(f"table-take-{size[0]}", (ChooseStart(0), Shoot(), Land(2, "inner")))
    assert snap(snap_compare, size, folder, session)


@pytest.mark.parametrize("size", SIZES)
def test_a_freed_card_turns_face_up(snap_compare, size):
    folder, session = session_at(
        f"table-freed-{size[0]}", (ChooseStart(0), Shoot(), Land(1, "inner"), TAKE_TOWER), seats=3
    )
    assert snap(snap_compare, size, folder, session)


@pytest.mark.parametrize("size", SIZES)
def test_the_cards_strong_ammo_frees_as_counts(snap_compare, size):
    actions = (*TO_WEIS_SECOND_TURN, PlayCard("Strong Ammo"), Shoot(), Land(0, "inner"), TAKE_TOWER)
    folder, session = session_at(f"table-counts-{size[0]}", actions)

    async def type_counts(pilot):
        await pilot.press(*"1 extra 1 roof")

    assert snap(snap_compare, size, folder, session, type_counts)


@pytest.mark.parametrize("size", SIZES)
def test_unseen_cards_named_as_they_are_played(snap_compare, size):
    folder, session = session_at(f"table-unseen-{size[0]}", TO_WEIS_SECOND_TURN[:4])

    async def open_cards(pilot):
        pilot.app.screen.menu.open_group(CARDS)

    assert snap(snap_compare, size, folder, session, open_cards)


@pytest.mark.parametrize("size", SIZES)
def test_where_a_solo_shot_landed(snap_compare, size):
    folder, session = session_at(f"table-solo-{size[0]}", (Shoot(1),), seats=1, variant="solo")
    assert snap(snap_compare, size, folder, session)
