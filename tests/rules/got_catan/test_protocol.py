"""The protocol checks every registered game passes (the conformance suite
and the file plan), run for got-catan while it is not yet in the registry
(a game without its screen does not appear in the app): registered for
each test here, and forgotten after it."""

from __future__ import annotations

import pytest

from rules import registry
from rules.core import Config
from tests.playing import case_id
from tests.rules import test_game_plan
from tests.rules.test_conformance import (  # noqa: F401 - collected here with this module's ``case``
    test_an_action_of_the_wrong_kind_is_refused_with_a_reason,
    test_chance_probabilities_sum_to_one,
    test_every_listed_action_is_accepted_and_input_never_mutated,
    test_info_is_complete,
    test_replaying_the_log_rebuilds_the_same_state,
    test_saves_round_trip_through_toml_and_json,
    test_seeded_random_playouts_reach_the_end,
    test_view_keeps_the_type_and_is_stable,
)

GAME = "got-catan"
CASES = [(GAME, Config("base", seats, {}, mode)) for seats in (3, 4) for mode in ("digital", "table")]


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(registry.ENTRIES, GAME, registry.Entry("rules.got_catan"))
    yield registry.get(GAME)
    registry.forget(GAME)


@pytest.fixture(params=CASES, ids=[case_id(c) for c in CASES])
def case(request):
    return request.param


def test_the_package_follows_the_file_plan():
    test_game_plan.test_the_package_has_every_file_of_the_plan(GAME)
    test_game_plan.test_the_face_exports_the_protocol_and_the_public_queries_only(GAME)
    test_game_plan.test_the_state_keeps_one_decision_stack_and_the_events_of_the_last_action(GAME)


def test_the_beginner_set_up_keeps_the_protocol_too(registered):
    from tests.playing import playout

    run = playout(GAME, Config("base", 4, {"board": "beginner"}), seed=1)
    assert registered.result(run.state).finished
