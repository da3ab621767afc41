"""Issue 25.3 for A Game of Thrones Catan: along seeded random games, every
card hidden from a seat (another's resources and development cards, the
development deck, the cards Melisandre shows another) swapped with another
of its kind hidden from that seat changes nothing that seat's screen can
show: prompt, action bar, previews, refusals, score sheet, its scene
(the boards, the side panel's points and build menu) and trade refusals,
and its log lines
(tests/rules/hidden_swaps.py). And issue 28.6: a steal names the card to
the thief and the victim only."""

import castletui.rules.got_catan as game
import pytest
from castletui.rules.core import CHANCE, log_lines, name_seats
from castletui.rules.got_catan.edition import RESOURCES
from castletui.rules.got_catan.state import OfferTrade, Steal, Step
from msgspec.structs import replace

from tests.rules.got_catan.helpers import config
from tests.rules.hidden_swaps import swap_check


def kind(card):
    return "resource" if card in RESOURCES else "development"


def panel(state, seat):
    """What the GoT screen draws (its scene: the boards, the side panel's
    points and build menu) and what its trade dialog asks (the scene's desk)."""
    scene = game.scene(game.view(state, seat), seat)
    offers = [OfferTrade.of((resource,), (other,)) for resource in RESOURCES[:2] for other in RESOURCES[2:4]]
    return (
        scene,
        [scene.trade.refusal(offer) for offer in offers] if game.to_move(state) == seat else [],
    )


@pytest.mark.parametrize(
    ("variant", "seats", "seed"),
    [("base", 3, 1), ("base", 4, 2), ("brotherhood", 3, 3), ("brotherhood", 4, 4)],
)
def test_swapping_a_hidden_card_changes_nothing_the_seat_can_see(variant, seats, seed):
    checked = swap_check(game, config(seats, variant=variant), seed, kind=kind, plies=350, panel=panel)
    assert checked > 50


def _steal(thief=0, victim=1):
    state = game.setup(config(3))
    players = list(state.players)
    players[victim] = replace(players[victim], hand=("ore",))
    state = replace(state, players=tuple(players), pending=(Step("steal", seat=thief, target=victim),))
    assert game.to_move(state) == CHANCE
    return state, game.apply(state, Steal("ore"))


def test_a_steal_names_the_card_to_the_thief_and_the_victim_only():
    before, after = _steal()
    lines = {seat: name_seats(log_lines(game, before, Steal("ore"), after, seat)[0]) for seat in range(3)}
    assert lines[0] == lines[1] == "Player 1 steals 1 ore from Player 2."
    assert lines[2] == "Player 1 steals a card from Player 2."
    # The table's shared log (table mode, seat CHANCE) names no card either.
    assert name_seats(log_lines(game, before, Steal("ore"), after, CHANCE)[0]) == lines[2]
