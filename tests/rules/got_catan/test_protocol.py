"""The protocol on the fixed (beginner) set-up: the conformance suite and
the file plan run for got-catan through the registry like every game's
(tests/rules/test_conformance.py, test_game_plan.py) with the default,
variable set-up; this adds a seeded playout of the other set-up."""

from __future__ import annotations

import castletui.rules.got_catan as game
from castletui.rules.core import Config

from tests.playing import playout


def test_the_beginner_set_up_keeps_the_protocol_too():
    run = playout("got-catan", Config("base", 4, {"board": "beginner"}), seed=1)
    assert game.result(run.state).finished
