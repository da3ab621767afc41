"""Castle Raisers log lines and action labels."""

from __future__ import annotations

import castletui.rules.castle_raisers as game
from castletui.rules.castle_raisers.state import (
    DrawWolf,
    Pending,
    PlaceTile,
    PourCauldron,
    StopPouring,
    TakeVillage,
)
from castletui.rules.core import name_seats

from tests.rules.castle_raisers.helpers import bare, castle, run


def test_log_lines_name_seats_and_what_came_up():
    state = run(bare([castle("A"), castle("B")]), Pending("wolf", seat=1, section=2, count=1))
    line = game.describe(state, DrawWolf("archer"))
    assert line == "{P1} draws an archer into the farmlands"
    assert name_seats(line, ["Coco", "Wei"]) == "Wei draws an archer into the farmlands"


def test_place_and_pour_lines_and_labels():
    state = run(
        bare([castle("A", wolves={("sea", "vicious"): 1}), castle("B")]),
        Pending("place", seat=0, tile="W1-03"),
    )
    assert game.describe(state, PlaceTile(1, 2)) == "{P0} places W1-03 VIL|DIS on level 1, slot 2"
    assert game.label(state, PlaceTile(1, 2)) == "Level 1 slot 2"
    state = run(state, Pending("pour", seat=0, section=1, count=2))
    assert (
        game.describe(state, PourCauldron("vicious"))
        == "{P0} pours boiling soup on a vicious wolf in the sea"
    )
    assert game.label(state, StopPouring()) == "Stop pouring"


def test_village_labels_show_ability_and_condition():
    state = bare([castle("A"), castle("B")])
    assert game.label(state, TakeVillage(token="V-Y1")) == "V-Y1 (DEF; blue /3)"
    assert game.label(state, TakeVillage(colour="red")) == "Top of red stack"
