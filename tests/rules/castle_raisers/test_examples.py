"""The rulebook's worked examples (competitive), each rebuilt as a state and checked.

The rulebook is ``shared/seeds/000_b1469f6f1c1c5ef1.txt``; the list of examples
is in ``shared/games/castle-raisers.md``. Component data is the proposed
edition, so each test picks tiles and tokens that give the example's numbers.
"""

from __future__ import annotations

import castletui.rules.castle_raisers as engine
import pytest
from castletui.rules.castle_raisers.sheet import (
    ability_counts,
    score_sheet,
    village_breakdown,
    wolves_entering,
)
from castletui.rules.castle_raisers.state import (
    DiscardTile,
    DraftTile,
    DrawAttack,
    DrawVillage,
    DrawWallTile,
    DrawWolf,
    Pending,
    PlaceFortification,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    ResolveFirst,
    TakeVillage,
)
from castletui.rules.core import CHANCE, IllegalAction

from tests.rules.castle_raisers.helpers import bare, castle, play, replace, run, top

MILO, HOWARD, COCO, WEI = 0, 1, 2, 3


def with_face_up(state, *tokens):
    """Lay ``tokens`` face up on the Village board (taking them out of the stacks)."""
    stacks = list(state.village_stacks)
    for token in tokens:
        stacks.remove(token)
    return replace(state, village_face_up=tuple(sorted(tokens)), village_stacks=tuple(stacks))


def counts_in_rulebook_order(c, section):
    """The rulebook lists the counts as Defender, Dispatch, Fortify, Prestige."""
    counts = ability_counts(c)[section]
    return (counts["DEF"], counts["DIS"], counts["FOR"], counts["PRE"])


def milo_counts_castle():
    # a Defender token on the forests/sea border, Dispatch and Prestige in the forests,
    # Fortify and Prestige in the sea, nothing in the farmlands
    return castle(
        "A",
        village={"B_FS": "V-Y1", "T1": "V-Y3", "T2": "V-Y7", "R1": "V-Y5", "R2": "V-B7"},
    )


def test_milo_ability_counts_per_section():
    """Settling Villagers, example A: Milo's counts are top 2,2,1,2; bottom left
    1,1,1,1; bottom right 2,1,2,2 (a border token counts in both sections; the
    middle area counts everywhere)."""
    c = milo_counts_castle()
    forests, sea, farmlands = 0, 1, 2
    assert counts_in_rulebook_order(c, forests) == (2, 2, 1, 2)
    assert counts_in_rulebook_order(c, farmlands) == (1, 1, 1, 1)
    assert counts_in_rulebook_order(c, sea) == (2, 1, 2, 2)


def test_milo_settles_a_villager_on_a_border_and_replenishes():
    """Settling Villagers example: Milo takes a face-up token, places it on an empty
    border location (not the section of the covered icon), it counts in both
    sections, and the Village board is replenished from that colour's stack."""
    state = bare([castle("A"), castle("B")])
    state = with_face_up(state, "V-Y1", "V-Y2", "V-B1", "V-B2")
    state = run(state, Pending("fire", seat=MILO, ability="VIL", section=2))  # icon in the farmlands
    assert top(state).kind == "village_take"
    state = play(state, TakeVillage(token="V-Y1"), PlaceVillage("B_FS"))
    milo = state.castles[MILO]
    assert ability_counts(milo)[0]["DEF"] == 2 and ability_counts(milo)[1]["DEF"] == 2
    assert engine.to_move(state) == CHANCE and top(state).kind == "replenish" and top(state).tile == "yellow"
    outcomes = engine.chance_outcomes(state)
    assert {a.token for a, _ in outcomes} == {"V-Y3", "V-Y4", "V-Y5", "V-Y6", "V-Y7", "V-Y8"}
    state = play(state, DrawVillage("V-Y5"))
    assert sorted(state.village_face_up) == ["V-B1", "V-B2", "V-Y2", "V-Y5"]


def test_milo_prestige_after_settling_takes_the_mother_pig_and_two_tokens():
    """Establishing Prestige example: Milo's tile covers Settling Villagers and
    Prestige; he resolves the village first (a Prestige token on the border), takes
    the Mother Pig from Coco, and takes 2 Prestige tokens into that section."""
    # (1,5) has VIL on its right half, (1,0) PRE on its left: a tile at (2,5) covers both (forests)
    milo = castle("A", wall={(1, 5): "W1-02", (1, 0): "W1-05"})
    state = bare([milo, castle("B"), castle("C"), castle("D")], mother_pig=COCO)
    state = with_face_up(state, "V-Y7", "V-B7")
    state = run(state, Pending("place", seat=MILO, tile="W1-14"))
    state = play(state, PlaceTile(2, 5))
    assert top(state).kind == "order"
    assert set(engine.legal_actions(state)) == {
        ResolveFirst("VIL", "forests"),
        ResolveFirst("PRE", "forests"),
    }
    state = play(state, ResolveFirst("VIL", "forests"), TakeVillage(token="V-Y7"), PlaceVillage("B_FF"))
    state = play(state, DrawVillage("V-Y1"))  # replenish, then the Prestige fires
    assert state.mother_pig == MILO
    assert state.castles[MILO].prestige == (2, 0, 0)
    assert state.prestige_supply == 30


def test_milo_fortifies_with_two_tiles_that_fire_nothing():
    """Fortifying the Walls example: 2 Fortify icons in the section, so Milo places
    2 Fortification tiles, one by one; they cover no icon and fire nothing."""
    milo = castle("A", village={"T1": "V-Y5"})  # a Fortify token in the forests
    state = bare([milo, castle("B")])
    state = run(state, Pending("fire", seat=MILO, ability="FOR", section=0))
    assert top(state).kind == "fortify" and top(state).count == 2
    assert state.fortification_supply == 30
    # (1,1) lies over Board A's Settling Villagers icon: a Fortification tile does not fire it
    state = play(state, PlaceFortification(1, 1))
    assert top(state).kind == "fortify" and top(state).count == 1
    state = play(state, PlaceFortification(1, 2))
    assert not state.pending
    assert state.castles[MILO].wall[:3] == ("", "F", "F")
    assert state.castles[MILO].heights == (1, 1, 0)


def test_milo_dispatch_example_order_of_draws():
    """Dispatching Wolves example, exactly: Dispatch first (forests), Howard, Coco and
    Wei draw one wolf each in that order, the Attack token stays with Milo in the
    covered icon's section, then 2 Fortification tiles."""
    # the right half of (1,2) (W1-03 VIL|DIS) and the left half of (1,3) (W1-08 FOR|DIS), both in the sea
    milo = castle("A", wall={(1, 2): "W1-03", (1, 3): "W1-08"}, village={"R1": "V-Y5"})
    state = bare([milo, castle("B"), castle("C"), castle("D")])
    state = run(state, Pending("place", seat=MILO, tile="W1-11"))
    state = play(state, PlaceTile(2, 2))
    assert set(engine.legal_actions(state)) == {ResolveFirst("DIS", "sea"), ResolveFirst("FOR", "sea")}
    state = play(state, ResolveFirst("DIS", "sea"))
    assert engine.to_move(state) == CHANCE and top(state).kind == "dispatch"
    state = play(state, DrawAttack("forests"))
    assert state.castles[MILO].attack == (0, 1, 0)
    assert state.attack_supply == (9, 10, 10)
    drawers = []
    while top(state).kind == "wolf":
        drawers.append(top(state).seat)
        assert top(state).count == 1 and top(state).section == 0
        state = play(state, DrawWolf("soldier"))
    assert drawers == [HOWARD, COCO, WEI]
    assert [c.wolves[0] for c in state.castles] == [0, 1, 1, 1]
    assert top(state).kind == "fortify" and top(state).count == 2


def two_player_round(tiles):
    """A 2-player game at the first reveal of Age I, with clean regions."""
    state = bare([castle("A"), castle("B")])
    state = run(state, Pending("round_start"))
    for tile in tiles:
        state = play(state, DrawWallTile(tile))
    return state


def test_two_player_howards_discard_makes_the_wolves_attack():
    """2-Player Wolves Attack example: Howard (Mother Pig) places a tile firing
    Settling Villagers, places the token, discards a tile with Dispatch icons: an
    Attack token shows the farmlands, Coco then Howard draw 1 wolf (Age I), and the
    token goes back to the supply."""
    howard, coco = 0, 1
    state = two_player_round(["W1-11", "W1-14", "W1-03", "W1-08"])
    state = with_face_up(state, "V-Y1", "V-B1")
    assert top(state) == Pending("draft", seat=howard)
    state = play(state, DraftTile("W1-11"), PlaceTile(1, 1))  # covers Board A's VIL (column 3)
    state = play(state, TakeVillage(token="V-Y1"), PlaceVillage("T1"), DrawVillage("V-Y2"))
    assert top(state) == Pending("discard", seat=howard)
    state = play(state, DiscardTile("W1-14"))
    assert top(state).kind == "wolves_attack"
    supply = state.attack_supply
    state = play(state, DrawAttack("farmlands"))
    assert state.attack_supply == supply  # mixed back in
    assert [(t.seat, t.section, t.count) for t in state.pending[::-1][:2]] == [(coco, 2, 1), (howard, 2, 1)]
    state = play(state, DrawWolf("soldier"), DrawWolf("archer"))
    assert state.castles[coco].wolves[8:12] == (1, 0, 0, 0)
    assert state.castles[howard].wolves[8:12] == (0, 0, 1, 0)
    assert top(state) == Pending("draft", seat=coco)
    assert set(state.revealed) == {"W1-03", "W1-08"}


def test_two_player_cocos_returned_tile_makes_the_wolves_attack():
    """2-Player Wolves Attack example, continued: Coco places a tile firing Dispatch
    (one wolf to Howard's sea), then the last tile, returned to the box, has a
    Dispatch icon: the Attack token shows the sea and both draw 1 wolf."""
    howard, coco = 0, 1
    state = two_player_round(["W1-13", "W1-12", "W1-03", "W1-08"])
    state = play(state, DraftTile("W1-13"), PlaceTile(1, 3))
    # Howard's tile covered Board A's Dispatch icon (column 8): resolve it, then carry on
    state = play(state, DrawAttack("forests"), DrawWolf("soldier"))
    state = play(state, DiscardTile("W1-12"))  # no Dispatch icon: no attack
    assert top(state) == Pending("draft", seat=coco)
    state = play(state, DraftTile("W1-03"), PlaceTile(1, 5))  # Board B column 0: Dispatch
    state = play(state, DrawAttack("sea"))
    assert top(state) == Pending("wolf", seat=howard, section=1, count=1)
    state = play(state, DrawWolf("soldier"))
    assert top(state).kind == "wolves_attack"  # the returned W1-08 has a Dispatch icon
    state = play(state, DrawAttack("sea"))
    assert [t.seat for t in state.pending[::-1][:2]] == [coco, howard]
    state = play(state, DrawWolf("soldier"), DrawWolf("soldier"))
    assert state.castles[howard].wolves[4] == 2 and state.castles[coco].wolves[4] == 1
    assert state.round == 2 and state.revealed == ()


def test_two_player_no_attack_without_dispatch_icons_and_three_players_never():
    """A discarded tile without Dispatch icons does not attack; with 3 players the
    fourth tile just returns to the box."""
    state = bare([castle("A"), castle("B"), castle("C")])
    state = run(state, Pending("round_start"))
    for tile in ["W1-14", "W1-12", "W1-13", "W1-11"]:
        state = play(state, DrawWallTile(tile))
    for seat, tile in zip((0, 1, 2), ["W1-12", "W1-13", "W1-11"], strict=True):
        assert top(state) == Pending("draft", seat=seat)
        state = play(state, DraftTile(tile), PlaceTile(1, 5))
        while engine.to_move(state) is not None and top(state).kind not in ("draft", "reveal"):
            state = play(state, engine.legal_actions(state)[0])
    assert state.round == 2 and all(t.kind != "wolves_attack" for t in state.pending[::-1])


@pytest.fixture
def milo_sea_vicious():
    # one Defender icon at Board A column 6 (sea) under slot (1,2); a vicious wolf and an archer in the sea
    return castle("A", wolves={("sea", "vicious"): 1, ("sea", "archer"): 1})


def test_milo_defends_with_one_cauldron(milo_sea_vicious):
    """Defending example: Milo's one cauldron in the sea cannot defeat the vicious
    wolf, so it defeats the archer."""
    state = bare([milo_sea_vicious, castle("B")])
    state = run(state, Pending("place", seat=MILO, tile="W1-11"))
    state = play(state, PlaceTile(1, 2))
    assert top(state) == Pending("pour", seat=MILO, section=1, count=1)
    assert [a for a in engine.legal_actions(state) if isinstance(a, PourCauldron)] == [PourCauldron("archer")]
    with pytest.raises(IllegalAction, match="2 cauldrons from the same pouring"):
        engine.apply(state, PourCauldron("vicious"))
    bag = state.bag
    state = play(state, PourCauldron("archer"))
    assert state.castles[MILO].wolves[4:8] == (0, 0, 0, 1)
    assert state.bag[2] == bag[2] + 1
    assert not state.pending


def test_howard_two_pourings_of_three_against_three_vicious_wolves():
    """Defending, the complex example: two Defender icons fire with 3 cauldrons each;
    they are separate pourings, so Howard defeats one vicious wolf and one other wolf
    with each, never three vicious wolves."""
    howard = castle(
        "A",
        wall={(1, 2): "W1-07", (1, 3): "W1-04"},  # right half of (1,2) and left half of (1,3): DEF, DEF (sea)
        village={"R1": "V-Y1", "R2": "V-Y2"},
        wolves={("sea", "vicious"): 3, ("sea", "soldier"): 2},
    )
    state = bare([howard, castle("B")])
    state = run(state, Pending("place", seat=0, tile="W1-11"))
    state = play(state, PlaceTile(2, 2))
    # the second Defender fires (and counts its cauldrons) once the first pouring is over
    assert [(t.kind, t.section) for t in state.pending[::-1]] == [("pour", 1), ("fire", 1)]
    assert top(state).count == 3
    state = play(state, PourCauldron("vicious"))
    assert top(state).count == 1
    assert PourCauldron("vicious") not in engine.legal_actions(state)
    state = play(state, PourCauldron("soldier"))
    assert top(state).count == 3  # the second pouring starts afresh
    state = play(state, PourCauldron("vicious"), PourCauldron("soldier"))
    assert not state.pending
    assert state.castles[0].wolves[4:8] == (0, 0, 0, 1)


def test_milo_end_of_age_lone_cauldron_and_three_arrows():
    """End of Age example: Milo's one visible Defender (sea) pours one cauldron; the
    only wolf there is vicious, so it stays; three archers give three Arrow tokens."""
    milo = castle(
        "A",
        wall={(1, 3): "W1-04"},  # DEF on the left half: column 7, sea, nothing on top
        wolves={("sea", "vicious"): 1, ("forests", "archer"): 2, ("farmlands", "archer"): 1},
    )
    state = bare([milo, castle("B")])
    state = run(state, Pending("end_age_defenders"), Pending("arrows"))
    assert not state.pending
    assert state.castles[MILO].wolves[7] == 1
    assert state.castles[MILO].arrows == 3
    assert state.arrow_supply == 29


def scoring_example_castles():
    """Milo, Howard, Coco and Wei at Game End (Scoring Examples)."""
    milo = castle(
        "A",
        heights=(5, 6, 5),  # forests, sea, farmlands
        village={
            "T1": "V-B5",  # blue, green /3: no green in the forests = 0
            "T2": "V-B7",  # blue, yellow /3: the yellow token on the border = 3
            "L1": "V-R6",  # empty /4: one empty location in the farmlands = 4
            "B_FF": "V-Y7",  # Prestige /1: 2 in the forests, 9 in the farmlands
            "B_FS": "V-R8",  # no wolves /10: 10 in the forests, 0 in the sea
            "B_SF": "V-B4",  # empty /4: 1 empty in the farmlands, 2 in the sea
        },
        wolves={("farmlands", "soldier"): 7, ("sea", "soldier"): 3, ("sea", "ladder"): 1},
        prestige=(2, 0, 9),
    )
    howard = castle("B", heights=(3, 3, 3), wolves={("farmlands", "soldier"): 8})
    coco = castle("C", heights=(3, 3, 3), wolves={("farmlands", "soldier"): 8, ("sea", "archer"): 6})
    wei = castle(
        "D",
        heights=(6, 5, 3),
        village={
            "T1": "V-R2",  # Attack /2: two Attack tokens = 4
            "T2": "V-B1",  # Prestige /2: two Prestige tokens = 4
            "R1": "V-Y3",  # red /3: the red token on the border = 3
            "R2": "V-B6",  # no wolves /5 = 5
            "B_FF": "V-Y6",  # Attack /2: 4 + 0
            "B_FS": "V-R7",  # yellow /3: 3 + 3
            "B_SF": "V-G5",  # Prestige /2: 2 + 6
        },
        wolves={("forests", "soldier"): 3, ("farmlands", "archer"): 2, ("sea", "vicious"): 3},
        prestige=(2, 3, 1),
        attack=(2, 0, 0),
    )
    return milo, howard, coco, wei


def test_milo_wolf_lines():
    """Scoring example, Milo: forests 0 wolves vs 5 levels = 0 enter; farmlands 7 vs 5
    = 2 enter; sea 4 vs 6 = 4 enter because of the soldier with a ladder."""
    milo = scoring_example_castles()[0]
    assert [wolves_entering(milo, s) for s in (0, 2, 1)] == [0, 2, 4]


def test_wei_wolf_lines():
    """Scoring example, Wei: 3 vs 6, 2 vs 3 and 3 vs 5: no wolf enters."""
    wei = scoring_example_castles()[3]
    assert [wolves_entering(wei, s) for s in (0, 2, 1)] == [0, 0, 0]


def test_wolf_assault_across_four_players():
    """Scoring example: forests, nobody's wolves enter (0 for all); farmlands, Howard
    and Coco 5 each against Milo's 2 (both -10, Milo 0); sea, Milo 4, Coco 3 (Milo
    -10, Coco -5)."""
    castles = scoring_example_castles()
    lines = {line.label: line.points for line in score_sheet(castles)}
    assert lines["Wolf assault: forests"] == (0, 0, 0, 0)
    assert lines["Wolf assault: farmlands"] == (0, -10, -10, 0)
    assert lines["Wolf assault: sea"] == (-10, 0, -5, 0)


def test_milo_village_tokens():
    """Scoring example, Milo's Village tokens: top /3 = 0 and /3 = 3; bottom left /4 =
    4; borders Prestige /1 = 2 + 9, /10 = 10 + 0, /4 = 4 + 8."""
    milo = scoring_example_castles()[0]
    scored = {(v.location, v.section): v.points for v in village_breakdown(milo)}
    assert scored[("T1", "forests")] == 0 and scored[("T2", "forests")] == 3
    assert scored[("L1", "farmlands")] == 4
    assert (scored[("B_FF", "forests")], scored[("B_FF", "farmlands")]) == (2, 9)
    assert (scored[("B_FS", "forests")], scored[("B_FS", "sea")]) == (10, 0)
    assert (scored[("B_SF", "farmlands")], scored[("B_SF", "sea")]) == (4, 8)


def test_wei_village_tokens():
    """Scoring example, Wei: top Attack /2 = 4, Prestige /2 = 4; bottom right /5 = 5,
    red /3 = 3; borders Attack /2 = 4 + 0, yellow /3 = 3 + 3, Prestige /2 = 2 + 6."""
    wei = scoring_example_castles()[3]
    scored = {(v.location, v.section): v.points for v in village_breakdown(wei)}
    assert scored[("T1", "forests")] == 4 and scored[("T2", "forests")] == 4
    assert scored[("R2", "sea")] == 5 and scored[("R1", "sea")] == 3
    assert (scored[("B_FF", "forests")], scored[("B_FF", "farmlands")]) == (4, 0)
    assert (scored[("B_FS", "forests")], scored[("B_FS", "sea")]) == (3, 3)
    assert (scored[("B_SF", "farmlands")], scored[("B_SF", "sea")]) == (2, 6)


def test_score_sheet_totals_for_the_example():
    """Every line of the sheet adds up: Milo -10 assault, 22 Prestige points, 30 for
    his 6 levels, 40 from the village."""
    castles = scoring_example_castles()
    lines = score_sheet(castles)
    milo_total = sum(line.points[0] for line in lines)
    assert milo_total == -10 + 2 * 11 + 5 * 6 + 40
    wei_total = sum(line.points[3] for line in lines)
    assert wei_total == 2 * 6 + 3 * 2 + 5 * 6 + 34
