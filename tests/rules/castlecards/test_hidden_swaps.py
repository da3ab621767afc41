"""Issue 25.3: nothing a seat's screen can show tells a card hidden from it.
Along seeded random games, every card hidden from a seat (another's hand,
face-down loot, a Night attack's cards, a choice still being made, the
decks) is swapped with another of its deck also hidden from that seat: the
seat's prompt, action bar, previews, refusals, score sheet, side panel and
log lines stay the same (tests/rules/hidden_swaps.py)."""

import castletui.rules.castlecards as game
import pytest
from castletui.rules.castlecards.edition import DECK
from castletui.rules.castlecards.queries import attack_parts, pile_sizes
from castletui.rules.castlecards.state import Confirm, Discard
from castletui.rules.core import log_lines, name_seats

from tests.rules.castlecards.helpers import config, run, table
from tests.rules.hidden_swaps import swap_check


def shown_then_shuffled(before, action, after):
    """Cards thrown away or played face up (Explorers, an attack) that the
    reshuffle of the discards took out of sight in the same action."""
    played = isinstance(action, (Discard, Confirm))
    return played and any(event.kind == "reshuffle" for event in after.events)


def panel(state, seat):
    """What the Castlecards screen's side and attack panels read."""
    seen = game.view(state, seat)
    return (pile_sizes(seen), attack_parts(seen) if seen.assault.defender >= 0 else ())


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_swapping_a_hidden_card_changes_nothing_the_seat_can_see(seats, seed):
    checked = swap_check(
        game,
        config(seats),
        seed,
        kind=lambda card: DECK.get(card, card),
        plies=300,
        panel=panel,
        face_up=shown_then_shuffled,
    )
    assert checked > 50


def test_a_day_attack_pick_is_a_card_to_the_defender_and_named_to_the_attacker():
    from castletui.rules.castlecards.state import Attack, Pick

    state = run(table(2, hands={0: ["soldiers-red-2", "bowmen-red"]}), Attack(1, 1))
    after = game.apply(state, Pick("bowmen-red"))
    assert name_seats(log_lines(game, state, Pick("bowmen-red"), after, 1)[0]) == "Player 1 adds a card."
    assert (
        name_seats(log_lines(game, state, Pick("bowmen-red"), after, 0)[0]) == "Player 1 adds Bowmen (red)."
    )
