"""Castlecards rules helper (``calc``): an attack weighed as at a real table
(swords against shields, traps and the other reactions, what falls), against
the rulebook's examples (seeds/003_fe56a2aaebf453b7.txt, Attack: Figure 2 and
the Wall with 2 Bowmen) and against the game's own resolution."""

from __future__ import annotations

import castletui.rules.castlecards as game
import pytest
from castletui.rules.castlecards.calc import ATTACK, AttackEntry, parse_card, parse_cards, weigh_entry
from castletui.rules.castlecards.state import Attack, Confirm, Pick
from castletui.rules.core import IllegalAction, screen

from tests.rules.castlecards.helpers import run, table


def converse(helper: screen.Helper, typed: list[str], refused: list[str] | None = None) -> list[str]:
    """The helper's report for the lines ``typed``; a refused line is noted
    in ``refused`` (the question is asked again, as calc and the screen do)."""
    answers: dict = {}
    typed = list(typed)
    while (question := helper.next_question(answers)) is not None:
        text = typed.pop(0)
        try:
            answers[question.key] = question.parse(text or question.default)
        except IllegalAction as refusal:
            if refused is None:
                raise
            refused.append(f"{question.key}: {refusal.reason}")
    assert not typed
    return helper.report(answers)


def test_figure_2_a_trap_repels_four_swords_against_three_shields():
    """Figure 2: the attacked card has 3 shields (a Castle), the attack has 4
    swords, the Trap takes 2 away: 2 swords, below the defence: it fails."""
    weighing = weigh_entry(
        AttackEntry(castle=True, walls=0, cards=parse_cards("catapult, bowmen"), reactions=("trap",))
    )
    assert (weighing.swords, weighing.shields, weighing.success) == (2, 3, False)
    report = converse(ATTACK, ["castle", "0", "", "catapult, bowmen", "trap"])
    assert "Traps take 2 swords away." in report
    assert "2 swords against 3 shields of the Castle: the attack fails." in report
    assert "The attack is repelled: the attacker's turn ends." in report
    # Without the Trap the same 4 swords take the Castle.
    assert converse(ATTACK, ["castle", "0", "", "catapult, bowmen", ""])[1].endswith("the attack succeeds.")


def test_a_wall_with_two_bowmen_and_its_garrison_alone():
    """Attack: a Wall with 2 Bowmen defending is 2 + 1 + 1 = 4 shields; its units
    alone are 1 + 1 = 2, and beating them wins no loot."""
    whole = weigh_entry(
        AttackEntry(castle=False, walls=3, defenders=("bowmen-blue",) * 2, cards=("trebuchet",))
    )
    assert (whole.swords, whole.shields, whole.success) == (4, 4, False)
    units = converse(ATTACK, ["wall units", "3", "bowmen, bowmen", "ballista, bowmen", ""])
    assert "3 swords against 2 shields of the units on a Wall: the attack succeeds." in units
    assert any("no loot" in line for line in units)
    tie = converse(ATTACK, ["wall units", "3", "bowmen, bowmen", "ballista", ""])
    assert "2 swords against 2 shields of the units on a Wall: a tie, and a tie fails." in tie


def test_the_helper_weighs_as_the_game_resolves():
    """The same attack played through the rules: the weighing the game keeps in
    its assault equals the helper's."""
    state = table(2, hands={0: ["catapult", "soldiers-red-2"], 1: ["trap"]})
    state = run(
        state, Attack(1, 1), Pick("catapult"), Pick("soldiers-red-2"), Confirm(), Pick("trap"), Confirm()
    )
    helper = weigh_entry(
        AttackEntry(castle=False, walls=3, cards=("catapult", "soldiers-red-2"), reactions=("trap",))
    )
    assert (state.assault.swords, state.assault.shields) == (helper.swords, helper.shields) == (3, 2)
    assert (state.assault.outcome == "success") == helper.success


def test_sabotage_and_boiling_oil_take_the_strongest_of_their_kind():
    weighing = weigh_entry(
        AttackEntry(
            castle=False,
            walls=2,
            cards=parse_cards("trebuchet, ballista, soldiers 2, bowmen"),
            reactions=("sabotage", "boiling-oil", "shield-wall"),
        )
    )
    assert weighing.knocked_out == ("trebuchet", "soldiers-red-2")
    assert (weighing.swords, weighing.shields, weighing.success) == (3, 4, False)


def test_sabotaging_the_only_siege_tower_stops_the_attack_on_the_castle():
    weighing = weigh_entry(
        AttackEntry(castle=True, walls=2, cards=("siege-tower", "catapult"), reactions=("sabotage",))
    )
    assert weighing.knocked_out == ("siege-tower",) and weighing.swords == 0 and not weighing.success


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (AttackEntry(castle=True, walls=2, cards=("catapult",)), "only a Siege Tower passes them all"),
        (AttackEntry(castle=True, walls=1, cards=("catapult",)), "only a Battering Ram or a Siege Tower"),
        (AttackEntry(castle=False, walls=1, garrison=True, cards=("catapult",)), "No units are stationed there"),
        (AttackEntry(castle=False, walls=0, cards=("catapult",)), "at least that one stands"),
        (AttackEntry(castle=False, walls=1, defenders=("soldiers-blue-1",), cards=("catapult",)), "Soldiers defend the Castle"),
        (AttackEntry(castle=False, walls=1, defenders=("bowmen-blue",) * 3, cards=("catapult",)), "That card is full"),
        (AttackEntry(castle=True, walls=0, defenders=("battering-ram",), cards=("catapult",)), "assault weapon"),
        (AttackEntry(castle=False, walls=1, cards=()), "at least one card"),
        (AttackEntry(castle=False, walls=1, cards=("gold",)), "Gold cannot attack"),
        (AttackEntry(castle=False, walls=1, cards=("catapult",), reactions=("catapult",)), "no reaction"),
    ],
)  # fmt: skip
def test_an_attack_the_rules_would_refuse_is_refused_with_their_reason(entry, reason):
    with pytest.raises(IllegalAction, match=reason):
        weigh_entry(entry)


def test_a_battering_ram_reaches_a_castle_behind_its_last_wall():
    weighing = weigh_entry(AttackEntry(castle=True, walls=1, cards=("battering-ram", "catapult")))
    assert (weighing.swords, weighing.shields, weighing.success) == (5, 3, True)
    report = converse(ATTACK, ["castle", "1", "", "battering ram, catapult", ""])
    assert any(line.startswith("The Castle falls") for line in report)


def test_each_answer_is_checked_as_it_is_given_and_a_refused_one_asked_again():
    """Issue 28, item 11: Bowmen typed as the Castle's defenders were
    refused only after the last answer ("Soldiers defend the Castle") and
    every answer was lost. Each answer is now checked as it is given, with
    the answers before it: the defenders, then cards that cannot reach the
    Castle past 2 Walls, then a reaction that is no Academy card."""
    refused: list[str] = []
    typed = ["castle", "2", "bowmen", "soldiers 2", "catapult", "siege tower, soldiers 1", "catapult", ""]
    report = converse(ATTACK, typed, refused)
    assert refused == [
        "defenders: Bowmen as a defender: Bowmen defend the Walls; Soldiers defend the Castle.",
        "cards: Walls still stand: only a Siege Tower passes them all (a Battering Ram only the last one).",
        "reactions: Catapult is no reaction: only Academy cards react to an attack.",
    ]
    # Every answer around the refusals was kept: the 2 Walls, the Soldiers 2 stationed.
    assert report[:2] == [
        "Attacking cards: Siege Tower 1, Soldiers 1.",
        "2 swords against 5 shields of the Castle: the attack fails.",
    ]


def test_a_garrison_attack_needs_units_stationed_there_when_they_are_typed():
    refused: list[str] = []
    converse(ATTACK, ["wall units", "1", "", "bowmen", "bowmen", ""], refused)
    assert refused == ["defenders: No units are stationed there."]


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("catapult", "catapult"),
        ("Shield Wall", "shield-wall"),
        ("boiling", "boiling-oil"),
        ("soldiers 2", "soldiers-red-2"),
        ("archers", "bowmen-red"),
        ("siege tower", "siege-tower"),
    ],
)
def test_cards_are_typed_by_name(typed, card):
    assert parse_card(typed) == card


def test_an_unknown_card_or_a_soldier_without_strength_is_refused():
    with pytest.raises(IllegalAction, match="strength 1 or 2"):
        parse_card("soldiers")
    with pytest.raises(IllegalAction, match="is not a card"):
        parse_card("dragon")
    assert game.helpers() == (ATTACK,)
