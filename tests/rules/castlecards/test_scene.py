"""Castlecards' scene (rules/castlecards/scene.py): what a seat's screen
draws, from its view alone. It is the same for two states a seat cannot
tell apart, it goes through msgspec and back, and it shows the rulebook's
examples as the table has them (Figure 2, the 2+1+1 Wall)."""

import random

import castletui.rules.castlecards as game
import msgspec
import pytest
from castletui.rules.castlecards.edition import DECK
from castletui.rules.castlecards.scene import Building, Ending
from castletui.rules.castlecards.state import Attack, Build, Confirm, King, NightAttack, Pick
from castletui.rules.core import CHANCE, chance_rng, name_seats, sample_outcome

from tests.rules.castlecards.helpers import config, run, table
from tests.rules.castlecards.test_hidden_swaps import shown_then_shuffled
from tests.rules.hidden_swaps import swap_check


def seen(state, seat: int) -> game.CastlecardsScene:
    return game.scene(game.view(state, seat), seat)


def positions(seats: int, seed: int, plies: int = 300):
    """Every state of a seeded random game."""
    rng = random.Random(seed)
    state = game.setup(config(seats))
    for ply in range(plies):
        yield state
        mover = game.to_move(state)
        if mover is None:
            return
        if mover == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)


@pytest.mark.parametrize(("seats", "seed"), [(2, 5), (4, 6)])
def test_two_states_with_the_same_view_have_the_same_scene(seats, seed):
    """Every card hidden from a seat swapped with another of its deck: the
    seat's scene does not change (tests/rules/hidden_swaps.py)."""
    checked = swap_check(
        game,
        config(seats),
        seed,
        kind=lambda card: DECK.get(card, card),
        plies=200,
        panel=seen,
        face_up=shown_then_shuffled,
    )
    assert checked > 20


@pytest.mark.parametrize(("seats", "seed"), [(2, 7), (3, 8)])
def test_the_scene_goes_through_msgspec_and_back(seats, seed):
    for state in positions(seats, seed):
        for seat in range(seats):
            scene = seen(state, seat)
            for codec in (msgspec.json, msgspec.msgpack):
                assert codec.decode(codec.encode(scene), type=game.CastlecardsScene) == scene


def test_a_seat_sees_its_own_hand_and_only_how_many_cards_others_hold():
    state = table(2, hands={0: ["soldiers-red-2", "gold", "gold"], 1: ["trap"]})
    scene = seen(state, 0)
    assert [card.card for card in scene.fortresses[0].hand] == ["gold", "gold", "soldiers-red-2"]
    assert [card.card for card in scene.fortresses[1].hand] == ["hidden"]
    soldiers = scene.fortresses[0].hand[-1]
    assert (soldiers.name, soldiers.short, soldiers.strength, soldiers.colour) == (
        "Soldiers red 2",
        "Soldiers R2",
        2,
        "red",
    )
    assert [card.card for card in seen(state, 1).fortresses[1].hand] == ["trap"]


def test_the_2_plus_1_plus_1_wall():
    """Rulebook, Attack: a Wall with 2 Bowmen is 2 + 1 + 1 = 4 shields, with
    room for 2 cards under it."""
    state = table(2, stationed={(1, 1): ["bowmen-blue", "bowmen-blue"]}, walls={1: 1})
    row = seen(state, 0).fortresses[1]
    wall = row.cards[1]
    assert (wall.slot, wall.standing, wall.shields, wall.places) == (1, True, 4, 2)
    assert [(unit.code, unit.unit, unit.strength) for unit in wall.stationed] == [("B1", "Bowmen 1", 1)] * 2
    assert [card.standing for card in row.cards] == [True, True, False, False]  # Walls 2 and 3 fell
    assert row.colour == "blue" and not row.turn and seen(state, 0).fortresses[0].turn


def test_figure_2_the_attack_under_way_as_each_side_sees_it():
    """Rulebook Figure 2: 4 swords against a Castle of 3 shields; the
    defender's Trap takes 2 off while it is picked, and the panel says so."""
    state = table(2, hands={0: ["soldiers-red-2", "soldiers-blue-2"], 1: ["trap"]}, walls={1: 0})
    state = run(state, Attack(1, 0), Pick("soldiers-red-2"))
    # A day attack's cards are the attacker's secret until confirmed.
    assert [played.card for played in seen(state, 1).attack.cards] == [None]
    assert [played.card.card for played in seen(state, 0).attack.cards] == ["soldiers-red-2"]
    state = run(state, Pick("soldiers-blue-2"), Confirm())
    attack = seen(state, 0).attack
    assert (attack.attacker, attack.defender, attack.slot, attack.night) == (0, 1, 0, False)
    assert (attack.swords, attack.shields, attack.succeeds) == (4, 3, True)
    assert attack.verdict == "would succeed" and attack.shields_from == ("Castle",)
    assert attack.group == "Attack"
    state = run(state, Pick("trap"))
    attack = seen(state, 1).attack
    assert (attack.swords, attack.shields, attack.succeeds) == (2, 3, False)
    assert attack.against_swords == ("Trap -2",) and attack.verdict == "would fail"
    assert seen(state, 1).choosing.purpose == "react"
    state = run(state, Confirm())
    scene = seen(state, 0)
    assert scene.attack is None
    assert scene.last == game.LastAttack(
        attacker=0, defender=1, slot=0, garrison=False, succeeded=False, swords=2, shields=3
    )
    assert scene.piles.top is not None and scene.piles.discard == 3


def test_a_night_attack_s_cards_are_face_down_to_the_defender():
    state = table(2, hands={0: ["night", "soldiers-red-2"], 1: ["trap"]})
    state = run(state, NightAttack(1, 1), Pick("soldiers-red-2"), Confirm())
    attack = seen(state, 1).attack
    assert attack.night and attack.group == "Night attack"
    assert attack.hidden == 1 and [played.card for played in attack.cards] == [None]
    assert seen(state, 0).attack.hidden == 0


def test_a_night_attack_s_total_is_unknown_to_the_defender_and_known_to_the_attacker():
    """2 swords face down against a Wall of 2 shields: no count of 0, no verdict, for Bo."""
    state = table(2, hands={0: ["night", "soldiers-red-2"], 1: ["trap"]})
    state = run(state, NightAttack(1, 1), Pick("soldiers-red-2"), Confirm())
    defenders = seen(state, 1).attack
    assert (defenders.swords, defenders.succeeds) == (None, None)
    assert defenders.verdict == "cannot be weighed yet: 1 card is face down"
    attackers = seen(state, 0).attack
    assert (attackers.swords, attackers.shields, attackers.succeeds) == (2, 2, False)
    assert attackers.verdict == "would fail (a tie fails)"


def test_the_end_names_the_winner_and_what_decided_it():
    state = table(2, hands={0: ["soldiers-red-2", "soldiers-blue-2"], 1: ["trap"]}, walls={1: 0})
    state = run(state, Attack(1, 0), Pick("soldiers-red-2"), Pick("soldiers-blue-2"), Confirm(), Confirm())
    scene = seen(state, 1)
    assert scene.ending == Ending(winners=(0,), decided="Decided by the last castle standing.", fallen=(1,))
    assert scene.last is None and scene.king_actions == 0
    assert scene.fortresses[0].winner and scene.fortresses[1].out
    assert not any(row.turn for row in scene.fortresses)


def test_a_king_s_actions_and_a_build_s_payment():
    state = table(2, hands={0: ["king", "builders", "builders", "gold", "gold"]})
    state = run(state, King())
    assert seen(state, 0).king_actions == 2
    state = run(state, Build(), Pick("builders"))
    scene = seen(state, 0)
    assert scene.building == Building(paid=1, cost=4)
    assert scene.choosing.purpose == "build" and [c.card for c in scene.choosing.selected] == ["builders"]


def test_the_group_questions_name_the_seat():
    questions = dict(seen(table(2), 1).questions)
    assert name_seats(questions["Attack"], ["Coco", "Wei"]) == "Wei, which card do you attack?"
    assert set(questions) == {"Attack", "Night attack", "Defend", "Throw a card away"}
