"""Castlecards turn actions: the draw, Buy, the Thief, Build, Academy, the
King, Explore, Defend, the no-pass rule, and the Village reshuffle."""

import castletui.rules.castlecards as game
import pytest
from castletui.rules.castlecards.fortress import card_shields, station_reason
from castletui.rules.castlecards.legal import action_reason, refused_actions
from castletui.rules.castlecards.state import (
    Academy,
    Attack,
    Build,
    Buy,
    Confirm,
    Decline,
    Discard,
    Draw,
    DrawVillage,
    Explore,
    King,
    Pass,
    Pick,
    PlayThief,
    Recall,
    Station,
)
from castletui.rules.core import CHANCE, IllegalAction
from msgspec.structs import replace

from tests.rules.castlecards.helpers import run, table


def test_a_turn_starts_with_a_village_draw_then_one_action():
    state = table(2, hands={0: ["gold"]}, turn=1)
    # seat 1 has no cards: its only action is lost; then seat 0 draws first.
    state = run(state, Pass())
    assert game.to_move(state) == CHANCE
    assert state.turn == 0 and state.pending[-1].target == 0
    state = run(state, "king")
    assert game.to_move(state) == 0 and sorted(state.players[0].hand) == ["gold", "king"]


def test_buy_plays_one_gold_for_two_village_cards():
    state = table(2, hands={0: ["gold", "gold"]})
    state = run(state, Buy())
    assert state.players[0].hand == ("gold",)
    assert state.discard == ("gold",)
    state = run(state, "king", "night")
    assert state.players[0].hand == ("gold", "king", "night")
    assert state.turn == 1


def test_the_thief_takes_the_gold_of_a_buy():
    """Rulebook: a player plays one Gold to draw 2 cards, another plays the Thief and takes that Gold."""
    state = table(2, hands={0: ["gold"], 1: ["thief"]})
    state = run(state, Buy())
    assert game.to_move(state) == 1 and state.pending[-1].kind == "thief"
    state = run(state, PlayThief())
    assert state.players[1].hand == ("gold",)
    assert state.discard == ("thief",)
    state = run(state, "king", "night")  # the buyer still gets the cards
    assert state.players[0].hand == ("king", "night")


def test_declining_the_thief_lets_the_gold_go_to_the_discards():
    state = table(2, hands={0: ["gold"], 1: ["thief"]})
    state = run(state, Buy(), Decline())
    assert state.discard == ("gold",) and state.players[1].hand == ("thief",)


def test_the_thief_takes_the_three_gold_of_a_build():
    """Rulebook: if a player plays 3 Gold to complete the Builders, the Thief takes the 3 Gold."""
    state = table(2, hands={0: ["builders", "gold", "gold", "gold"], 1: ["thief"]})
    state = run(state, Build(), Pick("builders"), Pick("gold"), Pick("gold"))
    assert game.to_move(state) == 0
    state = run(state, Pick("gold"))  # the fourth card completes the payment
    assert game.to_move(state) == 1
    state = run(state, PlayThief())
    assert state.players[1].hand == ("gold", "gold", "gold")
    assert state.discard == ("builders", "thief")
    assert game.to_move(state) == CHANCE and state.pending[-1].source == "siege"
    state = run(state, "trebuchet")
    assert state.players[0].hand == ("trebuchet",)


def test_the_thief_goes_in_turn_order_from_the_spender():
    state = table(4, hands={2: ["gold"], 1: ["thief"], 3: ["thief"]}, turn=2)
    state = run(state, Buy())
    assert game.to_move(state) == 3
    state = run(state, Decline())
    assert game.to_move(state) == 1
    state = run(state, PlayThief())
    assert state.players[1].hand == ("gold",)


def test_the_spender_is_not_asked_about_their_own_thief():
    state = table(2, hands={0: ["gold", "thief"]})
    state = run(state, Buy())
    assert game.to_move(state) == CHANCE


def test_build_needs_four_builders_and_gold_with_at_least_one_builder():
    assert Build() not in game.legal_actions(table(2, hands={0: ["gold"] * 4}))
    assert Build() not in game.legal_actions(table(2, hands={0: ["builders", "gold", "gold"]}))
    state = table(2, hands={0: ["builders", "gold", "gold", "gold", "gold"]})
    assert action_reason(state, Build()) == ""
    state = run(state, Build(), Pick("gold"), Pick("gold"), Pick("gold"))
    # three Gold chosen: only the Builder may complete it
    assert game.legal_actions(state) == [Pick("builders")]
    with pytest.raises(IllegalAction, match="at least one of them Builders"):
        game.apply(state, Pick("gold"))
    state = run(state, Pick("builders"))
    assert state.pending[-1].source == "siege"


def test_build_with_four_builders_spends_no_gold():
    state = table(2, hands={0: ["builders"] * 4, 1: ["thief"]})
    state = run(state, Build(), *[Pick("builders")] * 4)
    assert game.to_move(state) == CHANCE  # no Gold spent: no Thief window


def test_academy_takes_a_duke_and_two_gold_and_the_duke_leaves_the_game():
    state = table(2, hands={0: ["duke", "gold", "gold", "king"]})
    state = run(state, Academy())
    assert state.removed == ("duke",)
    assert state.discard == ("gold", "gold")
    assert state.pending[-1].source == "academy"
    state = run(state, "sabotage")
    assert state.players[0].hand == ("king", "sabotage")


def test_academy_refusals_say_why():
    assert "Duke" in action_reason(table(2, hands={0: ["gold", "gold"]}), Academy())
    assert "2 Gold" in action_reason(table(2, hands={0: ["duke", "gold"]}), Academy())


def test_the_king_gold_then_attack():
    """Rulebook, the King: play one Gold, then make an attack."""
    state = table(2, hands={0: ["king", "gold", "soldiers-red-2", "soldiers-red-1"]})
    state = run(state, King())
    assert state.actions_left == 2 and game.to_move(state) == 0
    state = run(state, Buy(), "night", "duke")
    assert game.to_move(state) == 0 and state.turn == 0  # the second action
    state = run(state, Attack(1, 1), Pick("soldiers-red-2"), Pick("soldiers-red-1"), Confirm())
    assert state.assault.outcome == "success"
    state = run(state, "gold")  # the loot
    assert state.turn == 1  # both actions used: the turn is over


def test_the_king_two_attacks():
    """Rulebook, the King: two attacks in a row."""
    hand = ["king", "soldiers-red-2", "soldiers-red-1", "soldiers-blue-2", "bowmen-blue"]
    state = table(2, hands={0: hand})
    state = run(state, King())
    state = run(state, Attack(1, 1), Pick("soldiers-red-2"), Pick("soldiers-red-1"), Confirm(), "gold")
    state = run(state, Attack(1, 2), Pick("soldiers-blue-2"), Pick("bowmen-blue"), Confirm(), "gold")
    assert [card.standing for card in state.players[1].fortress] == [True, False, False, True]
    assert state.turn == 1


def test_a_failed_attack_passes_the_turn_even_with_king_actions_left():
    """Rulebook (seeds/003_fe56a2aaebf453b7.txt, Attack): "If you are
    defeated, the attack cards remain in the discard deck and passes the
    turn." The King's "two consecutive attacks" need the first to succeed:
    a repelled attack ends the turn and the King's second action is lost."""
    hand = ["king", "bowmen-red", "soldiers-red-2", "soldiers-red-1", "gold"]
    state = run(table(2, hands={0: hand}), King(), Attack(1, 1), Pick("bowmen-red"), Confirm())
    assert state.assault.outcome == "failure"
    assert state.turn == 1 and game.to_move(state) == CHANCE  # the other player's turn draw
    # A success keeps the King's second action (test_the_king_two_attacks); a
    # failed second attack simply ends the turn as usual.
    won = run(table(2, hands={0: hand}), King(), Attack(1, 1), Pick("soldiers-red-2"), Pick("soldiers-red-1"))
    won = run(won, Confirm(), "duke")
    assert won.turn == 0 and game.to_move(won) == 0


def test_the_king_does_not_station_two_defenders_in_one_turn():
    """Rulebook (seeds/003_fe56a2aaebf453b7.txt, Defense): "Only one can be
    put just in each turn". The King grants actions, but unlike the attack
    limit ("except with the King") Defense names no exception: a second
    card may not go under the fortress that turn; taking one back may."""
    hand = ["king", "bowmen-red", "bowmen-red", "soldiers-red-1"]
    state = run(table(2, hands={0: hand}), King(), Station("bowmen-red", 1))
    assert state.stationed_this_turn and game.to_move(state) == 0
    legal = game.legal_actions(state)
    assert not any(isinstance(a, Station) for a in legal)
    assert Recall("bowmen-red", 1) in legal
    with pytest.raises(IllegalAction, match="only one a turn"):
        game.apply(state, Station("soldiers-red-1", 0))
    done = replace(table(2, hands={0: ["bowmen-red"]}), stationed_this_turn=True)
    assert "already stationed" in refused_actions(done)["defend"]
    state = run(state, DrawVillage(), "duke")
    assert state.turn == 1 and not state.stationed_this_turn  # the next turn may station again
    again = run(state, "gold", Discard("gold"), "duke")
    assert Station("bowmen-red", 1) in game.legal_actions(again)


def test_drawing_a_village_card_counts_as_a_king_action():
    state = table(2, hands={0: ["king", "gold"]})
    assert DrawVillage() not in game.legal_actions(state)
    with pytest.raises(IllegalAction, match="King"):
        game.apply(state, DrawVillage())
    state = run(state, King())
    assert DrawVillage() in game.legal_actions(state)
    state = run(state, DrawVillage(), "duke", DrawVillage(), "night")
    assert state.players[0].hand == ("duke", "gold", "night")
    assert state.turn == 1


def test_explore_beats_a_dungeon_when_torches_exceed_the_danger():
    state = replace(table(2, hands={0: ["explorers-1", "explorers-2"]}), open_dungeon="dungeon-2-2")
    state = run(state, Explore(), Pick("explorers-1"), Pick("explorers-2"), Confirm())
    assert state.open_dungeon == "" and "dungeon-2-2" in state.discard
    assert state.pending[-1].count == 2  # the treasure: 2 Village cards
    state = run(state, "gold", "gold")
    assert state.players[0].hand == ("gold", "gold")


def test_explore_fails_on_a_tie_and_the_dungeon_stays_face_up():
    state = replace(table(2, hands={0: ["explorers-2"]}), open_dungeon="dungeon-2-2")
    state = run(state, Explore(), Pick("explorers-2"), Confirm())
    assert state.open_dungeon == "dungeon-2-2"
    assert state.discard == ("explorers-2",)
    assert state.turn == 1


def test_explore_reveals_the_top_dungeon_and_one_explorer_takes_a_safe_one():
    state = table(2, hands={0: ["explorers-1"]})
    state = run(state, Explore(), Pick("explorers-1"), Confirm())
    assert game.to_move(state) == CHANCE and state.pending[-1].dest == "open"
    assert "dungeon is revealed: danger 0" in game.describe(state, Draw("dungeon-0-1"))
    state = run(state, "dungeon-0-1")
    assert state.pending[-1].count == 1 and state.pending[-1].source == "village"


def test_defend_stations_matching_units_up_to_the_shields():
    state = table(2, hands={0: ["bowmen-red", "bowmen-red", "bowmen-red", "soldiers-red-2", "bowmen-blue"]})
    legal = game.legal_actions(state)
    assert Station("bowmen-red", 1) in legal and Station("soldiers-red-2", 0) in legal
    assert Station("bowmen-blue", 1) not in legal
    assert "colour" in station_reason(state, 0, "bowmen-blue", 1)
    assert "Soldiers defend the Castle" in station_reason(state, 0, "soldiers-red-2", 1)
    assert "Bowmen defend the Walls" in station_reason(state, 0, "bowmen-red", 0)
    state = replace(
        state,
        players=(
            replace(
                state.players[0],
                fortress=(
                    state.players[0].fortress[0],
                    replace(state.players[0].fortress[1], stationed=("bowmen-red", "bowmen-red")),
                    *state.players[0].fortress[2:],
                ),
            ),
        )
        + state.players[1:],
    )
    assert "full" in station_reason(state, 0, "bowmen-red", 1)
    assert Station("bowmen-red", 1) not in game.legal_actions(state)


def test_defend_takes_a_stationed_card_back():
    state = table(2, stationed={(0, 0): ["soldiers-red-2"]}, hands={0: ["trap"]})
    assert Recall("soldiers-red-2", 0) in game.legal_actions(state)
    state = run(state, Recall("soldiers-red-2", 0))
    assert state.players[0].hand == ("soldiers-red-2", "trap")
    assert state.players[0].fortress[0].stationed == ()


def test_weapons_defend_as_colourless_units_one_slot_each_by_option():
    state = table(2, hands={0: ["catapult", "battering-ram"]})
    assert Station("catapult", 1) in game.legal_actions(state)
    assert Station("catapult", 0) in game.legal_actions(state)
    assert "assault weapon" in station_reason(state, 0, "battering-ram", 1)
    state = run(state, Station("catapult", 1))
    assert card_shields(state.players[0].fortress[1]) == 5
    off = table(2, hands={0: ["catapult"]}, weapons_defend=False)
    assert "weapons_defend" in station_reason(off, 0, "catapult", 1)
    assert not any(isinstance(a, Station) for a in game.legal_actions(off))


def test_you_cannot_pass_you_throw_a_card_away_when_nothing_has_an_effect():
    state = table(2, hands={0: ["trap", "thief"]})
    assert game.legal_actions(state) == [Discard("thief"), Discard("trap")]
    assert game.label(state, Discard("thief")) == "Throw away Thief (no effect)"
    state = run(state, Discard("thief"))
    assert state.discard == ("thief",) and state.turn == 1
    with pytest.raises(IllegalAction, match="cannot pass"):
        game.apply(table(2, hands={0: ["trap"]}), Pass())


def test_a_card_may_be_used_to_no_effect_even_when_other_actions_have_one():
    """Rulebook (seeds/003_fe56a2aaebf453b7.txt, Game Turn): "It is required
    to perform an action; even if the card used has no effect"; General
    Rules: "even if with it you lose a card without effect". Nothing makes
    that a last resort: a hand of one Thief with a Bowmen stationed need not
    take the defender back."""
    state = table(2, hands={0: ["thief"]}, stationed={(0, 1): ["bowmen-red"]})
    actions = game.legal_actions(state)
    assert Recall("bowmen-red", 1) in actions and Discard("thief") in actions
    after = run(state, Discard("thief"))
    assert after.discard == ("thief",) and after.players[0].fortress[1].stationed == ("bowmen-red",)
    busy = table(2, hands={0: ["trap", "gold"]})
    assert {Discard("gold"), Discard("trap"), Buy()} <= set(game.legal_actions(busy))
    with pytest.raises(IllegalAction, match="no Duke"):
        game.apply(busy, Discard("duke"))


def test_with_no_cards_and_nothing_to_do_the_action_is_lost():
    state = table(2)
    assert game.legal_actions(state) == [Pass()]
    assert game.to_move(run(state, Pass())) == CHANCE


def test_the_village_reshuffle_takes_the_discards_and_puts_other_cards_under_their_decks():
    state = table(2, hands={0: ["gold"]})
    discard = ("king", "catapult", "trap", "duke", "dungeon-1-2", "ballista")
    state = replace(state, village_deck=(), discard=discard)
    state = run(state, Buy())
    assert state.village_deck == ("duke", "gold", "king")  # the Gold just spent is shuffled in too
    assert state.discard == ()
    assert state.siege_under == ("catapult", "ballista")
    assert state.academy_under == ("trap",)
    assert state.dungeon_under == ("dungeon-1-2",)
    outcomes = dict((a.card, p) for a, p in game.chance_outcomes(state))
    assert outcomes == pytest.approx({"duke": 1 / 3, "gold": 1 / 3, "king": 1 / 3})


def test_cards_under_a_deck_are_drawn_only_after_the_shuffled_part_in_order():
    state = table(2, hands={0: ["builders"] * 4})
    state = replace(state, siege_deck=("trebuchet",), siege_under=("catapult", "ballista"))
    state = run(state, Build(), *[Pick("builders")] * 4)
    assert game.chance_outcomes(state) == [(Draw("trebuchet"), 1.0)]
    state = replace(state, siege_deck=())
    assert game.chance_outcomes(state) == [(Draw("catapult"), 1.0)]
    with pytest.raises(IllegalAction):
        game.apply(state, Draw("ballista"))
    state = game.apply(state, Draw("catapult"))
    assert state.siege_under == ("ballista",)


def test_an_empty_village_draw_is_skipped():
    state = run(table(2, hands={0: ["king"]}), King())
    assert DrawVillage() in game.legal_actions(state)  # the King itself is in the discards
    state = replace(state, village_deck=(), discard=())
    assert game.legal_actions(state) == [Pass()]
    assert "empty" in action_reason(state, DrawVillage())


def test_refusals_explain_the_unavailable_actions():
    state = table(2, hands={0: ["trap"]})
    reasons = refused_actions(state)
    assert reasons["buy"] == "Buying takes a Gold card."
    assert "Soldiers" in reasons["attack"]
    assert "Night" in reasons["night"]
    assert "build" in reasons and "academy" in reasons and "king" in reasons and "defend" in reasons
    assert "buy" not in refused_actions(table(2, hands={0: ["gold"]}))


def test_illegal_answers_are_refused_with_a_reason():
    state = table(2, hands={0: ["gold"]})
    with pytest.raises(IllegalAction):
        game.apply(state, PlayThief())
    with pytest.raises(IllegalAction):
        game.apply(state, Attack(1, 1))
    with pytest.raises(IllegalAction):
        game.apply(state, Draw("gold"))
    state = run(state, Buy())
    with pytest.raises(IllegalAction):
        game.apply(state, Buy())
    with pytest.raises(IllegalAction, match="not among"):
        game.apply(state, Draw("no-such-card"))
    assert Confirm() not in game.legal_actions(state)
