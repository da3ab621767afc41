"""Issue 25.3 for Catapult Castle: along seeded random games, every card
hidden from a seat (another's hand, the cards face down under towers, the
decks) swapped with another hidden from that seat changes nothing that
seat's screen can show: prompt, action bar, previews, refusals, score
sheet, the whole scene (the table, the side panel's hands, the aiming
mini-game's shots), and its log lines (tests/rules/hidden_swaps.py)."""

import castletui.rules.catapult_castle as game
import pytest
from castletui.rules.catapult_castle.state import Draw
from castletui.rules.core import Config, log_lines, name_seats

from tests.rules.hidden_swaps import swap_check


def panel(state, seat):
    return game.scene(game.view(state, seat), seat)


@pytest.mark.parametrize(
    ("seats", "seed", "mode"), [(2, 1, "digital"), (3, 2, "digital"), (4, 3, "digital"), (2, 4, "digital")]
)
def test_swapping_a_hidden_card_changes_nothing_the_seat_can_see(seats, seed, mode):
    config = Config("standard", seats, {}, mode)
    checked = swap_check(game, config, seed, kind=lambda card: "card", plies=300, panel=panel)
    assert checked > 20


def test_a_card_drawn_is_named_to_nobody_but_the_drawer():
    state = game.setup(Config("standard", 2, {}, "digital"))
    while not (state.pending and state.pending[-1].kind == "draw"):
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    drawer = state.pending[-1].seat
    action = game.chance_outcomes(state)[0][0]
    assert isinstance(action, Draw)
    after = game.apply(state, action)
    other = 1 - drawer
    assert game.view_action(state, action, other) != action
    assert game.view_action(state, action, drawer) == action
    assert name_seats(log_lines(game, state, action, after, other)[0]).endswith("draws a card")
