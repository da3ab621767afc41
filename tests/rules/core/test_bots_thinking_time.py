"""A bot's thinking time (rules.core.bots): only the driver sets it, and a
bot that searches stops when it is up, without it the same choice always."""

from __future__ import annotations

import random
import threading

import castletui.rules.castle_raisers as game
from castletui.rules import registry
from castletui.rules.castle_raisers.bots import search
from castletui.rules.core import bots
from castletui.rules.core.search import work_budget

from tests.rules.castle_raisers.helpers import first_draft


def test_time_is_never_up_for_a_bot_given_no_thinking_time():
    assert not bots.time_up()
    with bots.thinking_time(None):
        assert not bots.time_up()


def test_time_is_up_once_the_thinking_time_has_passed_and_only_within_it():
    with bots.thinking_time(0.0):
        assert bots.time_up()
        with bots.thinking_time(3600.0):
            assert not bots.time_up(), "an inner block has its own time"
        assert bots.time_up(), "and the outer one's comes back after it"
    assert not bots.time_up()


def test_a_thinking_time_in_one_thread_does_not_cut_another_short():
    seen = []
    with bots.thinking_time(0.0):
        worker = threading.Thread(target=lambda: seen.append(bots.time_up()))
        worker.start()
        worker.join()
    assert seen == [False]


def test_choose_gives_the_bot_its_thinking_time(monkeypatch):
    """``choose(..., think_for)`` is the one door: the game's own bot sees the limit."""
    engine = registry.get("castle-raisers")
    state = first_draft("cooperative", 3, seed=3)
    seen = []
    original = engine.bot_action

    def watching(view, seat, level, rng):
        seen.append(bots.time_up())
        return original(view, seat, level, rng)

    monkeypatch.setattr(engine, "bot_action", watching)
    bots.choose(engine, state, "normal", random.Random(0), think_for=0.0)
    bots.choose(engine, state, "normal", random.Random(0))
    assert seen == [True, False]


def _counting_playouts(monkeypatch) -> list[int]:
    calls = [0]
    original = search.playout

    def counting(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(search, "playout", counting)
    return calls


def test_with_its_time_up_the_search_plays_the_estimates_choice_after_one_playout(monkeypatch):
    """A slow machine: the time is up at once (and no work budget stands in for
    it). The clock is asked in the first draw too, so the search stops after one
    playout and plays the candidate its estimate likes best, a legal tile."""
    state = first_draft("cooperative", 4, seed=4)
    seat = game.to_move(state)
    calls = _counting_playouts(monkeypatch)
    with work_budget(None), bots.thinking_time(0.0):
        tile, slot = search.search_placement(state, seat, random.Random(1))
    assert calls[0] == 1
    assert game.DraftTile(tile) in game.legal_actions(state)
    assert slot in game.legal_actions(game.apply(state, game.DraftTile(tile)))


def test_time_to_spare_changes_nothing(monkeypatch):
    """Given more time than its work needs, the search does all of it and chooses
    as it does with no limit: the same playouts, the same tile and slot."""
    state = first_draft("solo", 1, seed=1)
    seat = game.to_move(state)
    calls = _counting_playouts(monkeypatch)
    unlimited = search.search_placement(state, seat, random.Random(2))
    work = calls[0]
    with bots.thinking_time(3600.0):
        assert search.search_placement(state, seat, random.Random(2)) == unlimited
    assert calls[0] == 2 * work > 2 * search.CANDIDATES


def test_past_the_first_draw_the_search_stops_after_the_playout_that_used_its_time(monkeypatch):
    """Issue 30: the clock is asked after every playout once each candidate has
    had one draw, so a slow machine overruns by one playout, not a whole draw
    for every candidate; the draw cut short counts for none of them."""
    state = first_draft("cooperative", 4, seed=4)
    seat = game.to_move(state)
    calls = _counting_playouts(monkeypatch)
    monkeypatch.setattr(search, "time_up", lambda: calls[0] > search.CANDIDATES)
    with bots.thinking_time(3600.0):
        tile, _ = search.search_placement(state, seat, random.Random(1))
    assert calls[0] == search.CANDIDATES + 1
    with bots.thinking_time(0.0):
        assert search.search_placement(state, seat, random.Random(1))[0] == tile
