"""The result's one sentence (issue 14, item 14: "wins.." came from a rules
sentence that ends in its own full stop)."""

from __future__ import annotations

from types import SimpleNamespace

from castletui.rules.core import Result

from castletui.screens.result import verdict


def _session(result: Result, names: list[str]):
    return SimpleNamespace(standing=lambda viewer=None: result, names=names)


def test_a_tie_break_sentence_with_its_own_full_stop_ends_in_one():
    result = Result(
        finished=True, scores=(5.0, 5.0), winners=(0,), decided_by="The most cards in hand: 2 against 1."
    )
    text = verdict(_session(result, ["Ann", "Wei"]))
    assert text == "Ann wins! Decided by the most cards in hand: 2 against 1."
    assert ".." not in text


def test_a_lost_co_op_game_and_a_shared_win_read_plainly():
    lost = Result(finished=True, scores=(140.0,), winners=(), lost=True)
    assert verdict(_session(lost, ["Ann"])) == "The game is lost."
    both = Result(finished=True, scores=(3.0, 3.0), winners=(0, 1))
    assert verdict(_session(both, ["Ann", "Wei"])) == "Everyone wins together!"
