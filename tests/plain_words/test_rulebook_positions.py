"""Issue 48, item 1: the plain mode's sentences for positions of each
rulebook, word for word (castletui/games/<game>/words.py, read from the
seat's scene alone); and what a Castle Raisers hand holds."""

from __future__ import annotations

import castletui.rules.castle_raisers as raisers
import castletui.rules.castlecards as castlecards
import castletui.rules.catapult_castle as catapult
import castletui.rules.got_catan as got
from castletui.rules.castlecards.state import Attack, Confirm, NightAttack, Pick
from castletui.rules.core import CHANCE, Config
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.state import BuildSettlement

from castletui.games import part
from tests.playing import playout
from tests.rules.castle_raisers.helpers import bare, castle
from tests.rules.castle_raisers.test_examples import milo_counts_castle, scoring_example_castles
from tests.rules.castlecards import helpers as cards_table
from tests.rules.got_catan import helpers as gift


def said(game_id: str, game, state, seat: int) -> dict[str, list[str]]:
    words = part(game_id, "words")
    scene = game.scene(game.view(state, seat), seat)
    return {name: getattr(words, name)(scene) for name in ("board", "hand", "score")}


def test_castle_raisers_milos_ability_counts():
    """Settling Villagers, example A: Milo's counts (Defender, Dispatch,
    Fortify, Prestige) are 2,2,1,2 in the forests, 2,1,2,2 in the sea and
    1,1,1,1 in the farmlands; his castle is read first, as his."""
    board = said("castle-raisers", raisers, bare([milo_counts_castle(), castle("B")]), 0)["board"]
    assert board[0] == "Your castle: board A, no wall built yet, no wolves around, no arrows."
    assert [line for line in board if "ability counts" in line] == [
        "Your ability counts in forests: Prestige 2, Fortify 1, Dispatch 2 and Defend 2.",
        "Your ability counts in sea: Prestige 2, Fortify 2, Dispatch 1 and Defend 2.",
        "Your ability counts in farmlands: Prestige 1, Fortify 1, Dispatch 1 and Defend 1.",
        "{P1}'s ability counts in forests: Prestige 1, Fortify 1, Dispatch 1 and Defend 1.",
        "{P1}'s ability counts in sea: Prestige 1, Fortify 1, Dispatch 1 and Defend 1.",
        "{P1}'s ability counts in farmlands: Prestige 1, Fortify 1, Dispatch 1 and Defend 1.",
    ]
    at = board.index("Your Village at B_FS on the forests and sea border: yellow Defend token V-Y1.")
    assert board[at + 1] == "Village token V-Y1 scores 3 per blue."


def test_castle_raisers_the_scoring_example_wolves_and_assault():
    """Scoring examples: Milo's forests let 0 wolves in, the farmlands 2
    (7 against 5 levels), the sea 4 (a ladder lets all in); the wolf
    assault gives Milo -10 in the sea, Howard and Coco -10 in the
    farmlands, Coco -5 in the sea."""
    words = said("castle-raisers", raisers, bare(list(scoring_example_castles())), 0)
    assert [line for line in words["board"] if line.startswith("Your wolves")] == [
        "Your wolves in forests: no wolves.",
        "Your wolves in sea: 3 soldiers and 1 soldier with a ladder; 4 would get in now.",
        "Your wolves in farmlands: 7 soldiers; 2 would get in now.",
    ]
    assert [line for line in words["score"] if line.startswith("Wolf assault")] == [
        "Wolf assault, forests: you 0, {P1} 0, {P2} 0, {P3} 0.",
        "Wolf assault, sea: you -10, {P1} 0, {P2} -5, {P3} 0.",
        "Wolf assault, farmlands: you 0, {P1} -10, {P2} -10, {P3} 0.",
    ]
    assert words["hand"] == []


def test_catapult_castle_three_players_set_up():
    """Rulebook set-up with 3 players: a tower on each of the 12 squares,
    then on each inner tower a card face down and a 5th tower on it; the
    player to the start player's right draws 1 card; 36 ammo."""
    state = catapult.setup(Config("standard", 3, {"may_decline_hit": False}, "digital"))
    while catapult.to_move(state) == CHANCE:
        state = catapult.apply(state, catapult.chance_outcomes(state)[0][0])
    words = said("catapult-castle", catapult, state, 0)
    assert words["board"][:6] == [
        "Your mat, the King mat: 5 towers.",
        "Your mat, inner square: 2 towers, 1 card under them.",
        "Your mat, left square: 1 tower.",
        "Your mat, right square: 1 tower.",
        "Your mat, outer square: 1 tower.",
        "{P1}'s mat, the Queen mat: 5 towers, no cards in hand.",
    ]
    assert "{P2}'s mat, the Prince mat: 5 towers, 1 card in hand." in words["board"]
    assert words["board"][-2:] == [
        "The catapult stands at the outer corner of your mat.",
        "Ammo in the supply: 36.",
    ]
    assert words["hand"] == ["Your hand: no cards.", "Your deck: 7 cards; your discard pile: no cards."]
    assert words["score"][:3] == ["You: 5 towers so far.", "{P1}: 5 towers so far.", "{P2}: 5 towers so far."]


def test_castlecards_figure_2_the_trap():
    """Rulebook Figure 2: 4 swords attack a card of 3 shields; the
    defender's Trap takes 2 swords off, and the attack fails. The attacker
    does not see which reaction is being picked; the defender does."""
    state = cards_table.table(2, hands={0: ["soldiers-red-2", "soldiers-blue-2"], 1: ["trap"]}, walls={1: 0})
    state = cards_table.run(
        state, Attack(1, 0, False), Pick("soldiers-red-2"), Pick("soldiers-blue-2"), Confirm(), Pick("trap")
    )
    attacker = said("castlecards", castlecards, state, 0)["board"]
    assert attacker[-6:] == [
        "Attack under way: You attack {P1}'s Castle.",
        "Attack cards: Soldiers red 2 from you; Soldiers blue 2 from you.",
        "Reactions against the swords: a hidden card.",
        "Shields from: Castle.",
        "4 swords against 3 shields: the attack would succeed.",
        "{P1} is picking cards to react with, so far: a hidden card.",
    ]
    defender = said("castlecards", castlecards, state, 1)["board"]
    assert defender[0] == "Your fortress, blue: 1 of 4 cards standing."
    assert defender[-5:] == [
        "Attack cards: Soldiers red 2 from {P0}; Soldiers blue 2 from {P0}.",
        "Reactions against the swords: Trap -2.",
        "Shields from: Castle.",
        "2 swords against 3 shields: the attack would fail.",
        "You are picking cards to react with, so far: Trap.",
    ]
    after = said("castlecards", castlecards, cards_table.run(state, Confirm()), 1)
    assert after["board"][-2:] == [
        "Last attack: {P0} attacked your Castle and failed.",
        "Last attack: 2 swords against 3 shields.",
    ]
    assert after["score"][:2] == ["{P0}: 9 shields so far.", "You: 3 shields so far."]


def test_castlecards_a_night_attack_s_swords_are_unknown_to_the_defender_only():
    """2 swords face down against a Wall of 2 shields: the defender hears no
    total and no verdict; the attacker, who knows their own cards, does."""
    state = cards_table.table(2, hands={0: ["night", "soldiers-red-2"], 1: ["trap"]})
    state = cards_table.run(state, NightAttack(1, 1), Pick("soldiers-red-2"), Confirm())
    defender = said("castlecards", castlecards, state, 1)["board"]
    assert (
        "Swords unknown against 2 shields: the attack cannot be weighed yet: 1 card is face down." in defender
    )
    assert not any(line.startswith("0 swords") for line in defender)
    attacker = said("castlecards", castlecards, state, 0)["board"]
    assert "2 swords against 2 shields: the attack would fail (a tie fails)." in attacker


def test_got_catan_the_longest_road_example():
    """Rulebook, Longest Road example: Red's settlement breaks Blue's 7
    roads; Red holds the card with 6 roads, Blue is left with 5. Blue's
    Victory Point card counts on Blue's words only."""
    red, blue = 0, 1
    blue_corners = [gift.corner(4, "r0c1", "SW")]
    for name in ("r0c1", "r0c2", "r0c3"):
        blue_corners += [gift.corner(4, name, "S"), gift.corner(4, name, "SE")]
    blue_corners.append(gift.corner(4, "r0c4", "S"))
    red_corners = [gift.corner(4, "r2c6", "S")]
    for name in ("r2c6", "r2c5", "r2c4"):
        red_corners += [gift.corner(4, name, "SW"), gift.corner(4, f"r2c{int(name[-1]) - 1}", "S")]
    board = BOARDS[4]
    fork = next(c for c in board.corner_corners[red_corners[3]] if c not in red_corners)
    spur = next(c for c in board.corner_corners[blue_corners[5]] if c not in blue_corners)
    roads = (
        gift.path(4, *red_corners) + gift.path(4, red_corners[3], fork) + gift.path(4, blue_corners[5], spur)
    )
    state = gift.table(
        settlements={blue: [blue_corners[0]], red: [red_corners[0]]},
        roads={blue: gift.path(4, *blue_corners), red: roads},
        hands={red: ["brick", "lumber", "wool", "grain"]},
        development={blue: ["victory-point"]},
        turn=red,
    )
    state = gift.run(state, BuildSettlement(blue_corners[5]))
    seen_by_blue = said("got-catan", got, state, blue)
    assert seen_by_blue["board"][:2] == [
        "You: 2 points, no resource cards and 1 development card.",
        "Your longest road: 5; Ranger Patrols played: 0.",
    ]
    assert "{P0}: 4 points, no resource cards and no development cards." in seen_by_blue["board"]
    assert "{P0}'s longest road: 6; Ranger Patrols played: 0." in seen_by_blue["board"]
    assert seen_by_blue["hand"] == ["Your development cards: Victory Point."]
    assert seen_by_blue["score"][-1] == "The Longest Road card is held by {P0}."
    assert "Victory Point cards: {P0} 0, you 1, {P2} 0, {P3} 0." in seen_by_blue["score"]
    seen_by_red = said("got-catan", got, state, red)
    assert seen_by_red["score"][:2] == ["You: 4 points so far.", "{P1}: 1 point so far."]
    assert seen_by_red["score"][-1] == "The Longest Road card is held by you."
    assert "Victory Point cards: you 0, {P1} 0, {P2} 0, {P3} 0." in seen_by_red["score"]
    assert seen_by_red["hand"] == []


def test_castle_raisers_the_tile_being_placed_is_the_hand():
    """Castle Raisers hides nothing: a hand holds only the Wall tile its
    player took and is placing (its halves named left and right, as the
    level above covers them); the other player's hand is empty."""
    run = playout("castle-raisers", Config("competitive", 2, {}, "digital"), seed=1, stop_at=36)
    assert said("castle-raisers", raisers, run.state, 0)["hand"] == [
        "You hold Wall tile W1-10, straw, Dispatch left and Defend right, to place on your wall."
    ]
    assert said("castle-raisers", raisers, run.state, 1)["hand"] == []
