"""Castle Raisers co-operative and solo: the rulebook's co-op examples, the
Attack-token lines, the Threat cards (each met and failed) and a solo game."""

from __future__ import annotations

import castletui.rules.castle_raisers as engine
import pytest
from castletui.rules.castle_raisers import edition, scoring
from castletui.rules.castle_raisers.edition import EDITION, THREATS
from castletui.rules.castle_raisers.state import (
    DiscardTile,
    DraftTile,
    DrawAttack,
    DrawThreat,
    DrawWallTile,
    DrawWolf,
    Line,
    Pending,
    PickLine,
    PlaceFortification,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    RemoveWolf,
    ResolveFirst,
    RevealLine,
    StopPouring,
    TakeVillage,
)
from castletui.rules.core import CHANCE, Config, IllegalAction

from tests.rules.castle_raisers.helpers import bare, castle, play, play_out, replace, run, top

COCO, WEI = 0, 1


def soldiers(n):
    return (n, 0, 0, 0)


def coop(castles, **changes):
    return bare(castles, variant="cooperative" if len(castles) > 1 else "solo", **changes)


# --- the rulebook's co-op examples ------------------------------------------------------


def test_coco_two_prestige_activations():
    """Co-op Prestige example: Coco's tile covers two Prestige icons (top and bottom
    left), resolved separately: the first takes the Mother Pig and 2 Prestige tokens and
    reveals a line's Attack token; the second keeps the Mother Pig, takes 1 token and
    reveals another."""
    # (3,4) lies over the right half of (2,4) (column 11, farmlands) and the left half of (2,5) (column 0, forests)
    wall = {(1, 4): "W1-11", (1, 5): "W1-11", (1, 0): "W1-11", (2, 4): "W1-12", (2, 5): "W1-12"}
    coco = castle("A", wall=wall, village={"T1": "V-Y7"})  # a Prestige token in the forests
    lines = tuple(Line(wolves=soldiers(3)) for _ in range(4))
    state = coop([coco, castle("B")], mother_pig=WEI, lines=lines, attack_supply=(10, 10, 10))
    state = run(state, Pending("place", seat=COCO, tile="W1-13"))
    state = play(state, PlaceTile(3, 4))
    assert set(engine.legal_actions(state)) == {
        ResolveFirst("PRE", "forests"),
        ResolveFirst("PRE", "farmlands"),
    }
    state = play(state, ResolveFirst("PRE", "forests"))
    assert state.mother_pig == COCO and state.castles[COCO].prestige == (2, 0, 0)
    assert top(state) == Pending("reveal_line", seat=COCO)
    state = play(state, RevealLine(0))
    assert engine.to_move(state) == CHANCE
    state = play(state, DrawAttack("sea"))
    assert state.lines[0].region == 1 and state.attack_supply == (10, 9, 10)
    assert state.castles[COCO].prestige == (2, 0, 1) and state.mother_pig == COCO
    assert RevealLine(0) not in engine.legal_actions(state)
    state = play(state, RevealLine(3), DrawAttack("farmlands"))
    assert state.lines[3].region == 2 and not state.pending


def test_coco_dispatch_removes_two_wolves():
    """Co-op Dispatch example: Coco places an Attack token from the supply, then with 2
    Dispatch icons in the section removes one wolf from the first line and one from
    the fourth, back to the bag."""
    coco = castle("A", village={"B_FF": "V-Y3"})  # a Dispatch token: count 2 in the forests
    lines = tuple(Line(wolves=(1, 0, 1, 1)) for _ in range(4))
    state = coop([coco, castle("B")], lines=lines, attack_supply=(10, 10, 10))
    state = run(state, Pending("fire", seat=COCO, ability="DIS", section=0))
    assert top(state).kind == "coop_dispatch"
    state = play(state, DrawAttack("sea"))
    assert state.castles[COCO].attack == (1, 0, 0)
    assert top(state) == Pending("remove_wolf", seat=COCO, count=2)
    bag = state.bag
    state = play(state, RemoveWolf(0, "vicious"), RemoveWolf(3, "soldier"))
    assert state.lines[0].wolves == (1, 0, 1, 0) and state.lines[3].wolves == (0, 0, 1, 1)
    assert state.bag == (bag[0] + 1, bag[1], bag[2], bag[3] + 1)
    assert not state.pending


def test_coco_and_wei_end_of_age():
    """Co-op End of Age example: Coco and Wei pick the lines in turn (twice each), the
    wolves go into their regions, the tokens go back; then the visible Defenders pour
    (Coco must defeat a vicious wolf first because of Strong Hides) and the archers give
    Arrow tokens: 1 for Coco, 3 for Wei."""
    coco = castle(
        "A",
        wall={(1, 0): "W1-04", (1, 4): "W1-07"},  # visible Defenders: column 1 (forests), 10 (farmlands)
        village={"B_FF": "V-Y1"},  # Defender count 2 in the forests and the farmlands
        wolves={("forests", "vicious"): 1, ("forests", "soldier"): 1},
        threats=("Strong Hides",),
    )
    wei = castle(
        "B",
        wall={(1, 0): "W1-04", (1, 4): "W1-07", (1, 2): "W1-10"},  # Defenders in each section
        village={"B_FF": "V-Y1", "L1": "V-Y2"},  # Defender counts: forests 2, sea 1, farmlands 3
        wolves={("farmlands", "vicious"): 1, ("farmlands", "soldier"): 1},
    )
    lines = (
        Line(wolves=(0, 0, 3, 0)),  # line 1: three archers (Wei, sea)
        Line(wolves=soldiers(3)),  # line 2: Coco, farmlands
        Line(region=1, wolves=soldiers(3)),  # line 3: already revealed, sea
        Line(region=2, wolves=(2, 0, 1, 0)),  # line 4: already revealed, farmlands
    )
    state = coop([coco, wei], mother_pig=COCO, lines=lines, attack_supply=(10, 9, 9), wall_stack=())
    state = run(state, Pending("end_age"))
    assert top(state) == Pending("pick_line", seat=COCO)
    state = play(state, PickLine(1), DrawAttack("farmlands"))
    assert top(state) == Pending("pick_line", seat=WEI)
    state = play(state, PickLine(0), DrawAttack("sea"))
    assert engine.legal_actions(state) == [PickLine(2), PickLine(3)]
    state = play(state, PickLine(3), PickLine(2))
    assert state.lines == () and state.attack_supply == (10, 10, 10)
    assert state.castles[COCO].wolves[8:12] == (5, 0, 1, 0)
    assert state.castles[WEI].wolves[4:8] == (3, 0, 3, 0)
    # Coco's Defenders: the forests first, where Strong Hides forces the vicious wolf
    assert top(state) == Pending("pour", seat=COCO, section=0, count=2)
    assert engine.legal_actions(state) == [PourCauldron("vicious")]
    with pytest.raises(IllegalAction, match="Strong Hides"):
        engine.apply(state, PourCauldron("soldier"))
    state = play(state, PourCauldron("vicious"))
    assert top(state) == Pending("pour", seat=COCO, section=2, count=2)
    state = play(state, PourCauldron("soldier"), PourCauldron("soldier"))
    # Wei: nothing in the forests (skipped), 3 cauldrons in the farmlands, 1 in the sea
    assert top(state) == Pending(
        "pour", seat=WEI, section=1, count=1
    )  # sea first (column 6 before column 10)
    state = play(state, PourCauldron("soldier"))
    assert top(state) == Pending("pour", seat=WEI, section=2, count=3)
    state = play(state, PourCauldron("vicious"), PourCauldron("soldier"))
    assert state.castles[COCO].arrows == 1 and state.castles[WEI].arrows == 3
    assert state.age == 2


def coop_scoring_castles():
    """Coco and Wei at Game End (co-op Scoring Example): Coco's farmlands hold 8 wolves
    against 4 levels (4 enter); Wei's sea 4 wolves against 4 levels, all enter (ladder)."""
    coco = castle("A", heights=(4, 5, 4), wolves={("farmlands", "soldier"): 8}, threats=("Towering",))
    wei = castle(
        "B",
        heights=(4, 4, 3),
        wolves={("sea", "soldier"): 3, ("sea", "ladder"): 1},
        threats=("Crumbling Foundation",),
    )
    return coco, wei


def test_coop_wolves_entered_score_minus_three_each():
    state = coop(list(coop_scoring_castles()), finished=True)
    lines = {line.label: line.points for line in engine.result(state).lines}
    assert lines["Wolves entered"] == (-12, -12)
    assert "Wolf assault: sea" not in lines


def test_team_total_140_does_not_beat_160():
    """Co-op Scoring Example: the Threat cards were met but the team's 140 points do
    not exceed the wolves' 160 (2 players): the game is lost."""
    coco, wei = coop_scoring_castles()
    coco = replace(coco, heights=(6, 5, 4), prestige=(10, 0, 0))  # Towering met
    wei = replace(wei, heights=(4, 4, 4), prestige=(9, 0, 0))  # Crumbling Foundation met
    state = coop([coco, wei], finished=True)
    result = engine.result(state)
    assert sum(result.scores) == (-12 + 30 + 20) + (-12 + 20 + 18) == 64
    prestige_needed = (140 - 64) // 2
    coco = replace(coco, prestige=(10 + prestige_needed, 0, 0))
    result = engine.result(coop([coco, wei], finished=True))
    assert sum(result.scores) == 140
    assert result.lost and result.winners == () and "140" in result.decided_by and "160" in result.decided_by
    result = engine.result(coop([replace(coco, attack=(7, 0, 0)), wei], finished=True))
    assert not result.lost and result.winners == (0, 1)


# --- lines, set-up and drafting -------------------------------------------------------


@pytest.mark.parametrize(("seats", "lines"), [(1, 2), (2, 4), (3, 6), (4, 7)])
def test_attack_lines_by_player_count(seats, lines):
    state = bare([castle(b) for b in "ABCD"[:seats]], variant="solo" if seats == 1 else "cooperative")
    state = run(replace(state, age=0), Pending("age_start"))
    assert len(state.lines) == lines
    assert [t.kind for t in state.pending[::-1][:lines]] == ["line_wolf"] * lines
    assert all(t.count == 3 for t in state.pending[::-1][:lines])


@pytest.mark.parametrize(("age", "wolves"), [(1, 4), (2, 5)])
def test_lines_grow_with_the_ages(age, wolves):
    state = coop([castle("A"), castle("B")], age=age)
    state = run(state, Pending("age_start"))
    assert {t.count for t in state.pending[::-1] if t.kind == "line_wolf"} == {wolves}


def test_four_players_seven_tokens_the_last_player_picks_once():
    lines = tuple(Line(region=0) for _ in range(7))
    state = coop([castle(b) for b in "ABCD"], lines=lines, mother_pig=2)
    state = run(state, Pending("end_age"))
    assert [t.seat for t in state.pending[::-1] if t.kind == "pick_line"] == [2, 3, 0, 1, 2, 3, 0]


def test_coop_two_players_discard_without_attack_by_default_and_with_the_option():
    state = engine.setup(Config("cooperative", 2))
    assert not state.discard_attack
    state = engine.setup(Config("cooperative", 2, options={"discard_attack_in_coop": True}))
    assert state.discard_attack
    state = coop([castle("A"), castle("B")])
    state = run(state, Pending("round_start"))
    for tile in ["W1-14", "W1-12", "W1-13", "W1-11"]:
        state = play(state, DrawWallTile(tile))
    state = play(state, DraftTile("W1-13"), PlaceTile(1, 5))
    assert top(state) == Pending("discard", seat=0)
    state = play(state, DiscardTile("W1-14"))
    assert top(state) == Pending("draft", seat=1)


def test_solo_reveals_three_takes_one_and_the_rest_leave():
    state = coop([castle("A")])
    state = run(state, Pending("round_start"))
    assert [t.kind for t in state.pending[::-1]] == ["reveal"] * 3 + ["draft", "round_end"]
    for tile in ["W1-14", "W1-12", "W1-13"]:
        state = play(state, DrawWallTile(tile))
    state = play(state, DraftTile("W1-13"), PlaceTile(1, 5))
    assert state.round == 2 and state.revealed == () and len(state.wall_stack) == 13


def test_solo_game_from_set_up_to_score():
    state, plies = play_out("solo", 1, 7)
    result = engine.result(state)
    assert state.finished and result.finished and plies < 1000
    assert len(state.castles[0].threats) == 1
    assert sum(1 for p in state.castles[0].wall if p.startswith("W")) == 12
    assert result.rating.endswith("against the wolves' 80")
    assert result.lost == (not result.winners)


# --- Threat cards ------------------------------------------------------------------------


def test_threat_cards_data():
    assert len(THREATS) == 13
    assert sorted(t.name for t in EDITION.threats if t.own) == [
        "Hungry Pack",
        "Short Supply",
        "Stubborn Villagers",
    ]
    assert THREATS["From All Sides"].number == 2 and THREATS["They're in the Walls"].number == 11


def test_from_all_sides_and_theyre_in_the_walls_are_never_drawn_together():
    state = coop([castle("A", threats=("From All Sides",)), castle("B")])
    state = replace(state, threat_deck=tuple(sorted(set(THREATS) - {"From All Sides"})))
    state = run(state, Pending("draw_threat", seat=0))
    names = {a.threat for a, _ in engine.chance_outcomes(state)}
    assert "They're in the Walls" not in names and len(names) == 11
    with pytest.raises(IllegalAction):
        engine.apply(state, DrawThreat("They're in the Walls"))


def met(c, name):
    return scoring.threat_met(c, name)


def test_threat_from_all_sides():
    entering = {("forests", "soldier"): 2, ("sea", "soldier"): 2, ("farmlands", "soldier"): 2}
    assert met(castle("A", heights=(1, 1, 1), wolves=entering), "From All Sides")
    assert not met(castle("A", heights=(1, 2, 1), wolves=entering), "From All Sides")  # repelled in the sea


def test_threat_theyre_in_the_walls():
    assert met(castle("A", heights=(0, 0, 0), wolves={("sea", "soldier"): 3}), "They're in the Walls")
    assert not met(castle("A", heights=(1, 0, 0), wolves={("forests", "soldier"): 3}), "They're in the Walls")


def test_threat_towering():
    """Towering asks 5 levels somewhere (castletui's reading: see rules_text.md)."""
    assert met(castle("A", heights=(5, 1, 1)), "Towering")
    assert not met(castle("A", heights=(4, 4, 4)), "Towering")


def test_threat_crumbling_foundation():
    """Crumbling Foundation asks 3 levels in every section (castletui's reading)."""
    assert met(castle("A", heights=(3, 3, 5)), "Crumbling Foundation")
    assert not met(castle("A", heights=(4, 2, 6)), "Crumbling Foundation")


def test_threat_iconoclast():
    all_covered = {(1, slot): "W1-11" for slot in range(5)}  # Board A's icons lie under slots 0-4
    assert met(castle("A", wall=all_covered), "Iconoclast")
    # Fortification tiles do not cover icons
    assert not met(castle("A", wall={**all_covered, (1, 2): "F"}), "Iconoclast")


def test_threat_isolated():
    c = castle("A", threats=("Isolated",))
    state = coop([c, castle("B")])
    state = run(state, Pending("village_place", seat=0, tile="V-Y1"))
    assert PlaceVillage("B_FS") not in engine.legal_actions(state)
    with pytest.raises(IllegalAction, match="Threat card"):
        engine.apply(state, PlaceVillage("B_FS"))
    state = play(state, PlaceVillage("T1"))
    assert met(state.castles[0], "Isolated")
    assert not met(castle("A", village={"B_SF": "V-Y1"}), "Isolated")


def test_threat_stubborn_villagers():
    c = castle("A", village={"T1": "V-Y1", "T2": "V-Y2"}, threats=("Stubborn Villagers",))
    state = run(coop([c, castle("B")]), Pending("village_place", seat=0, tile="V-Y3"))
    legal = {a.location for a in engine.legal_actions(state)}
    assert "B_FS" not in legal and "B_FF" not in legal and "R1" in legal
    assert met(c, "Stubborn Villagers")
    assert not met(castle("A", village={"T1": "V-Y1", "T2": "V-Y2", "B_FS": "V-Y3"}), "Stubborn Villagers")


def test_threat_disoriented():
    c = castle("A", threats=("Disoriented",))
    state = coop([c, castle("B")], village_face_up=("V-Y1",))
    state = run(state, Pending("village_take", seat=0))
    assert TakeVillage(token="V-Y1") not in engine.legal_actions(state)
    with pytest.raises(IllegalAction, match="Disoriented"):
        engine.apply(state, TakeVillage(token="V-Y1"))
    assert engine.apply(state, TakeVillage(colour="red")).pending[-1].kind == "village_blind"
    assert met(c, "Disoriented")


def test_threat_disoriented_cannot_choose_an_empty_stack():
    c = castle("A", threats=("Disoriented",))
    stacks = tuple(t for t in sorted(edition.TOKENS) if not t.startswith("V-R"))
    state = coop([c, castle("B")], village_face_up=("V-R1",), village_stacks=stacks)
    state = run(state, Pending("village_take", seat=0))
    assert TakeVillage(colour="red") not in engine.legal_actions(state)


def test_threat_out_of_range():
    c = castle("A", wolves={("sea", "archer"): 1, ("sea", "soldier"): 1}, threats=("Out of Range",))
    state = run(coop([c, castle("B")]), Pending("pour", seat=0, section=1, count=2))
    assert PourCauldron("archer") not in engine.legal_actions(state)
    with pytest.raises(IllegalAction, match="Out of Range"):
        engine.apply(state, PourCauldron("archer"))
    state = play(state, PourCauldron("soldier"))
    assert not state.pending  # only the archer is left: the pouring ends
    # the archer still brings an Arrow token at the End of Age
    state = run(state, Pending("arrows"))
    assert state.castles[0].arrows == 1


def test_threat_strong_hides():
    c = castle("A", wolves={("sea", "vicious"): 1, ("sea", "soldier"): 2}, threats=("Strong Hides",))
    state = run(coop([c, castle("B")]), Pending("pour", seat=0, section=1, count=3))
    assert engine.legal_actions(state) == [PourCauldron("vicious")]
    with pytest.raises(IllegalAction, match="Strong Hides"):
        engine.apply(state, StopPouring())
    state = play(state, PourCauldron("vicious"))
    assert PourCauldron("soldier") in engine.legal_actions(state)
    # Strong Hides does not stop Dispatch from removing vicious wolves from the lines
    lines = (Line(wolves=(0, 0, 0, 1)),)
    state = run(coop([c, castle("B")], lines=lines), Pending("remove_wolf", seat=0, count=1))
    assert engine.legal_actions(state) == [RemoveWolf(0, "vicious")]


def test_threat_coming_by_land():
    c = castle("A", threats=("Coming by Land",))
    lines = (Line(region=0, wolves=(0, 0, 0, 0)), Line(region=1, wolves=soldiers(1)))
    state = coop([c, castle("B")], lines=lines)
    state = run(state, Pending("pick_line", seat=0))
    state = play(state, PickLine(0))  # forests, empty line: still one more wolf
    assert top(state) == Pending("wolf", seat=0, section=0, count=1)
    state = play(state, DrawWolf("soldier"))
    state = run(state, Pending("pick_line", seat=0))
    state = play(state, PickLine(1))  # the sea: no extra wolf
    assert not state.pending and state.castles[0].wolves[0] == 1 and state.castles[0].wolves[4] == 1
    assert met(state.castles[0], "Coming by Land")


def test_threat_short_supply_placeholder():
    c = castle("A", village={"T1": "V-Y5", "B_FF": "V-B5"}, threats=("Short Supply",))  # Fortify count 3
    state = run(coop([c, castle("B")]), Pending("fire", seat=0, ability="FOR", section=0))
    assert top(state).count == 2
    state = play(state, PlaceFortification(1, 0), PlaceFortification(1, 1))
    assert not state.pending and met(state.castles[0], "Short Supply")


def test_threat_hungry_pack_placeholder():
    c = castle("A", wolves={("forests", "soldier"): 2, ("farmlands", "soldier"): 1}, threats=("Hungry Pack",))
    state = coop([c, castle("B")], lines=(Line(region=0), Line(region=0), Line(region=0), Line(region=0)))
    state = run(state, Pending("end_age"))
    for line in range(4):
        state = play(state, PickLine(line))
    assert top(state) == Pending("wolf", seat=0, section=1, count=1)  # the sea has the fewest
    assert met(c, "Hungry Pack")


def test_a_failed_threat_loses_the_game_whatever_the_score():
    c = castle(
        "A", heights=(3, 3, 3), prestige=(32, 0, 0), attack=(30, 0, 0), threats=("Towering",)
    )  # 5 asked
    result = engine.result(coop([c], finished=True))
    assert sum(result.scores) > 80
    assert result.lost and "Towering" in result.decided_by


def test_threat_report_lists_every_card_met_or_failed():
    a = castle("A", heights=(5, 1, 1), threats=("Towering", "Hungry Pack"))
    b = castle("B", heights=(3, 2, 3), threats=("Crumbling Foundation",))
    report = scoring.threat_report(coop([a, b], finished=True))
    assert report == (
        (0, "Towering", True),
        (0, "Hungry Pack", True),
        (1, "Crumbling Foundation", False),
    )
