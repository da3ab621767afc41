"""The whole log at any size (issue #28, item 5): which lines are news to
a seat, and the log screen over a game at 80x24."""

from __future__ import annotations

from castletui.screens.log import since_last_turn


def test_since_last_turn_is_what_the_others_did_after_the_viewers_last_turn():
    # Coco (0) played, then Wei (1), the game (-1) and Milo (2); Coco is on again.
    seats = [0, 0, 1, -1, 1, 2, 2, 0]
    assert since_last_turn(seats, 0) == 2
    assert since_last_turn(seats[:-1], 0) == 2
    # Only the viewer has acted: no news.
    assert since_last_turn([0, 0], 0) == 2
    # Wei's move before the viewer's turn now is news, whatever came before it.
    assert since_last_turn([0, 1, 0, 0], 0) == 1
    # The viewer never acted: the whole log is news.
    assert since_last_turn([1, -1, 2], 0) == 0
    assert since_last_turn([], 0) == 0
