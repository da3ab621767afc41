"""Castle Raisers rules, one test each: the ring wall, the abilities, supplies,
rounds and ages, scoring and the winner."""

from __future__ import annotations

import castletui.rules.castle_raisers as engine
import msgspec
import pytest
from castletui.rules.castle_raisers import edition, geometry, scoring
from castletui.rules.castle_raisers.edition import (
    BOARDS,
    COLUMN_SECTION,
    EDITION,
    TILES,
    TILES_BY_AGE,
    TOKENS,
    TOKENS_BY_COLOUR,
)
from castletui.rules.castle_raisers.sheet import (
    assault_penalties,
    competitive_winners,
    score_sheet,
    wolves_entering,
)
from castletui.rules.castle_raisers.state import (
    DraftTile,
    DrawAttack,
    DrawBoard,
    DrawStartPlayer,
    DrawVillage,
    DrawWallTile,
    DrawWolf,
    Pending,
    PlaceFortification,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    StopPouring,
    TakeVillage,
)
from castletui.rules.core import CHANCE, Config, IllegalAction

from tests.rules.castle_raisers.helpers import bare, castle, play, replace, run, top

# --- edition data ------------------------------------------------------------------


def test_edition_counts_match_the_component_list():
    """48 Wall tiles (16 per age), 32 Village tokens (8 per colour), 92 wolves
    (32/10/30/20), 30 Attack tokens, 32 Fortification, Arrow and Prestige tokens,
    4 boards, 9 Village locations, 13 Threat cards."""
    assert len(EDITION.wall_tiles) == 48
    assert all(len(TILES_BY_AGE[age]) == 16 for age in (1, 2, 3))
    assert len(EDITION.village_tokens) == 32
    assert all(len(tokens) == 8 for tokens in TOKENS_BY_COLOUR.values())
    assert (EDITION.wolves.soldier, EDITION.wolves.ladder, EDITION.wolves.archer, EDITION.wolves.vicious) == (
        32,
        10,
        30,
        20,
    )
    assert sum(edition.ATTACK_SUPPLY) == 30
    assert EDITION.supplies.fortification_tiles == EDITION.supplies.arrow_tokens == 32
    assert EDITION.supplies.prestige_tokens == 32
    assert len(BOARDS) == 4 and len(edition.LOCATIONS) == 9
    assert len(EDITION.threats) == 13


def test_village_tokens_never_target_their_own_colour_and_top_icons_are_four_abilities():
    for token in TOKENS.values():
        assert token.ability in ("DEF", "DIS", "FOR", "PRE")
        assert token.target != token.colour


def test_each_board_has_five_starting_icons_one_per_level_one_slot():
    for board in BOARDS.values():
        assert sorted(icon.ability for icon in board.icons) == ["DEF", "DIS", "FOR", "PRE", "VIL"]
        slots = [((icon.column - 1) % 12) // 2 for icon in board.icons]
        assert len(set(slots)) == 5


def test_info_and_edition_tag():
    assert engine.INFO.id == "castle-raisers" and engine.INFO.title == "Castle Raisers"
    assert [v.name for v in engine.INFO.variants] == ["competitive", "cooperative", "solo"]
    assert engine.INFO.edition.startswith("Castle Raisers, proposed components #")


# --- the ring wall -------------------------------------------------------------------


def test_first_tiles_straddle_a_portion_boundary_any_of_six():
    assert geometry.legal_slots(()) == tuple((1, slot) for slot in range(6))
    for slot in range(6):
        left, right = geometry.slot_columns(1, slot)
        assert left // 2 != right // 2  # two different foundation portions


def test_level_two_needs_both_tiles_below():
    wall = geometry.put((), 1, 0, "W1-01")
    assert (2, 0) not in geometry.legal_slots(wall)
    wall = geometry.put(wall, 1, 1, "W1-02")
    assert (2, 0) in geometry.legal_slots(wall)
    assert "not supported" in geometry.why_not_legal(wall, 2, 1)
    assert "already holds" in geometry.why_not_legal(wall, 1, 0)


def test_the_ring_wraps_around():
    """Slot (2,5) lies on (1,5) and (1,0): the wall is a closed ring."""
    wall = geometry.put(geometry.put((), 1, 5, "W1-01"), 1, 0, "W1-02")
    assert (2, 5) in geometry.legal_slots(wall)
    assert geometry.slot_columns(1, 5) == (11, 0)


def test_tiles_need_not_be_adjacent_nor_levels_complete():
    wall = geometry.put(geometry.put((), 1, 0, "W1-01"), 1, 3, "W1-02")
    wall = geometry.put(geometry.put(wall, 1, 1, "W1-03"), 2, 0, "W1-04")
    assert (3, 0) not in geometry.legal_slots(wall)
    assert (1, 2) in geometry.legal_slots(wall) and (2, 3) not in geometry.legal_slots(wall)


def test_placing_illegally_is_refused_with_the_reason():
    state = bare([castle("A"), castle("B")])
    state = run(state, Pending("place", seat=0, tile="W1-11"))
    with pytest.raises(IllegalAction, match="level 2 needs both tiles below it"):
        engine.apply(state, PlaceTile(2, 0))


def test_covering_fires_the_right_half_then_the_left_half_below():
    wall = geometry.put(geometry.put((), 1, 0, "W1-05"), 1, 1, "W1-03")  # PRE|FOR, VIL|DIS
    assert geometry.covered_icons("A", wall, 2, 0) == (("FOR", 0), ("VIL", 0))


def test_a_level_one_tile_covers_the_foundation_icons():
    assert geometry.covered_icons("A", (), 1, 0) == (("PRE", 0),)
    assert geometry.covered_icons("A", (), 1, 5) == ()


def test_section_heights_count_a_straddling_tile_for_both_sections():
    wall = geometry.put((), 1, 1, "W1-01")  # columns 3 and 4: forests and sea
    assert geometry.section_heights(wall) == (1, 1, 0)
    assert COLUMN_SECTION[3] == 0 and COLUMN_SECTION[4] == 1


def test_identical_icons_fire_without_an_order_choice():
    wall = {(1, 2): "W1-07", (1, 3): "W1-04"}
    state = bare([castle("A", wall=wall, wolves={("sea", "soldier"): 3}), castle("B")])
    state = run(state, Pending("place", seat=0, tile="W1-11"))
    state = play(state, PlaceTile(2, 2))
    assert top(state) == Pending("pour", seat=0, section=1, count=1)


def test_a_fortification_tile_fires_nothing():
    state = bare([castle("A"), castle("B")])
    state = run(state, Pending("fortify", seat=0, count=1))
    state = play(state, PlaceFortification(1, 0))  # over Board A's Prestige icon
    assert not state.pending and state.mother_pig == 0 and state.castles[0].prestige == (0, 0, 0)


# --- abilities ----------------------------------------------------------------------


def test_prestige_when_you_hold_the_mother_pig_skips_taking_it():
    state = bare([castle("A"), castle("B")], mother_pig=0)
    state = run(state, Pending("fire", seat=0, ability="PRE", section=1))
    assert state.mother_pig == 0 and state.castles[0].prestige == (0, 1, 0)


def test_village_blind_draw_is_a_chance_decision_over_the_stack():
    state = bare([castle("A"), castle("B")])
    state = run(state, Pending("fire", seat=0, ability="VIL", section=0))
    state = play(state, TakeVillage(colour="green"))
    assert engine.to_move(state) == CHANCE
    outcomes = engine.chance_outcomes(state)
    assert len(outcomes) == 8 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    state = play(state, DrawVillage("V-G4"))
    assert top(state).kind == "village_place" and top(state).tile == "V-G4"
    state = play(state, PlaceVillage("L2"))
    assert state.castles[0].village[edition.LOCATION_INDEX["L2"]] == "V-G4"
    assert not state.pending  # nothing to replenish after a blind draw


def test_village_token_cannot_go_on_an_occupied_location():
    state = bare([castle("A", village={"T1": "V-Y1"}), castle("B")])
    state = run(state, Pending("fire", seat=0, ability="VIL", section=0))
    state = play(state, TakeVillage(colour="red"), DrawVillage("V-R1"))
    assert PlaceVillage("T1") not in engine.legal_actions(state)
    with pytest.raises(IllegalAction, match="already holds"):
        engine.apply(state, PlaceVillage("T1"))


def test_dispatch_with_two_icons_resolves_separately():
    # DIS|DIS at (1,2) and (1,3)? Use the right half of W1-14 and the left half of W1-14
    wall = {(1, 2): "W1-14", (1, 3): "W1-14"}
    state = bare([castle("A", wall=wall), castle("B"), castle("C")])
    state = run(state, Pending("place", seat=0, tile="W1-11"))
    state = play(state, PlaceTile(2, 2))
    assert top(state).kind == "dispatch"
    state = play(state, DrawAttack("forests"), DrawWolf("soldier"), DrawWolf("soldier"))
    assert top(state).kind == "dispatch"  # the second icon reveals its own token
    state = play(state, DrawAttack("farmlands"), DrawWolf("archer"), DrawWolf("archer"))
    assert state.castles[0].attack == (0, 2, 0)
    assert state.castles[1].wolves[0] == 1 and state.castles[1].wolves[10] == 1


def test_pouring_may_stop_early_and_vicious_needs_two():
    c = castle("A", wolves={("forests", "vicious"): 1, ("forests", "soldier"): 1})
    state = bare([c, castle("B")])
    state = run(state, Pending("pour", seat=0, section=0, count=2))
    assert set(engine.legal_actions(state)) == {
        PourCauldron("vicious"),
        PourCauldron("soldier"),
        StopPouring(),
    }
    state = play(state, PourCauldron("soldier"))
    assert engine.legal_actions(state) == []  # 1 cauldron cannot defeat the vicious wolf: skipped
    assert not state.pending


def test_pouring_on_a_missing_wolf_is_refused():
    state = bare([castle("A", wolves={("sea", "soldier"): 1}), castle("B")])
    state = run(state, Pending("pour", seat=0, section=1, count=1))
    with pytest.raises(IllegalAction, match="no archer in your sea"):
        engine.apply(state, PourCauldron("archer"))


# --- supplies ------------------------------------------------------------------------


def test_empty_prestige_supply_gives_what_is_left():
    state = bare([castle("A", village={"T1": "V-Y7"}), castle("B")], prestige_supply=1, mother_pig=1)
    state = run(state, Pending("fire", seat=0, ability="PRE", section=0))
    assert state.castles[0].prestige == (1, 0, 0) and state.prestige_supply == 0 and state.mother_pig == 0
    state = run(state, Pending("fire", seat=0, ability="PRE", section=0))
    assert state.castles[0].prestige == (1, 0, 0)


def test_empty_fortification_supply_skips_fortify():
    state = bare([castle("A"), castle("B")], fortification_supply=0)
    state = run(state, Pending("fire", seat=0, ability="FOR", section=0))
    assert not state.pending


def test_empty_attack_supply_skips_dispatch_entirely():
    state = bare([castle("A"), castle("B")], attack_supply=(0, 0, 0))
    state = run(state, Pending("fire", seat=0, ability="DIS", section=0))
    assert not state.pending and state.castles[1].wolves == (0,) * 12


def test_empty_bag_the_drawing_player_takes_what_is_left_the_others_skip():
    state = bare([castle("A"), castle("B"), castle("C"), castle("D")], bag=(1, 0, 0, 0))
    state = run(state, Pending("fire", seat=0, ability="DIS", section=0))
    state = play(state, DrawAttack("sea"))
    assert [a for a, _ in engine.chance_outcomes(state)] == [DrawWolf("soldier")]
    state = play(state, DrawWolf("soldier"))
    assert not state.pending and state.bag == (0, 0, 0, 0)
    assert [sum(c.wolves) for c in state.castles] == [0, 1, 0, 0]
    with pytest.raises(IllegalAction):
        engine.apply(
            replace(state, pending=(Pending("wolf", seat=2, section=0, count=1),)), DrawWolf("soldier")
        )


def test_empty_village_board_skips_settling():
    state = bare([castle("A"), castle("B")], village_face_up=(), village_stacks=())
    state = run(state, Pending("fire", seat=0, ability="VIL", section=0))
    assert not state.pending


def test_village_with_no_empty_location_skips_settling():
    full = {name: token for name, token in zip(edition.LOCATIONS, sorted(TOKENS), strict=False)}
    state = bare([castle("A", village=full), castle("B")])
    state = run(state, Pending("fire", seat=0, ability="VIL", section=0))
    assert not state.pending


def test_empty_stack_only_face_up_tokens_and_no_replenishing():
    state = bare([castle("A"), castle("B")], village_face_up=("V-Y1",), village_stacks=())
    state = run(state, Pending("fire", seat=0, ability="VIL", section=0))
    assert engine.legal_actions(state) == [TakeVillage(token="V-Y1")]
    state = play(state, TakeVillage(token="V-Y1"), PlaceVillage("T1"))
    assert not state.pending and state.village_face_up == ()


def test_arrow_supply_runs_out():
    state = bare([castle("A", wolves={("forests", "archer"): 3}), castle("B")], arrow_supply=2)
    state = run(state, Pending("arrows"))
    assert state.castles[0].arrows == 2 and state.arrow_supply == 0


# --- set-up, rounds and ages -----------------------------------------------------------


def test_setup_from_boards_to_the_first_tile():
    state = engine.setup(Config("competitive", 3))
    assert top(state).kind == "draw_start_player" and engine.to_move(state) == CHANCE
    state = play(state, DrawStartPlayer(0))
    assert top(state).kind == "draw_board" and engine.to_move(state) == CHANCE
    state = play(state, DrawBoard("B"), DrawBoard("D"), DrawBoard("A"))
    # 2 face-up tokens per colour
    for _ in range(8):
        state = play(state, engine.chance_outcomes(state)[0][0])
    assert len(state.village_face_up) == 8
    # from the last player backwards, each takes a face-up token for the start location
    assert [t.seat for t in state.pending[::-1][:3]] == [2, 1, 0]
    for _ in range(3):
        state = play(state, engine.legal_actions(state)[0])
    assert state.castles[2].village[edition.LOCATION_INDEX["R1"]]  # Board A starts on R1
    assert len(state.village_face_up) == 5  # replenished only after everyone chose
    while top(state).kind == "replenish":
        state = play(state, engine.chance_outcomes(state)[0][0])
    assert len(state.village_face_up) == 8
    assert [(t.kind, t.seat, t.count) for t in state.pending[::-1][:3]] == [("wolf", 0, 2)] * 3
    while top(state).kind == "wolf":
        state = play(state, engine.chance_outcomes(state)[0][0])
    assert [sum(c.wolves) for c in state.castles] == [6, 6, 6]
    assert all(sum(c.wolves[r * 4 : r * 4 + 4]) == 2 for c in state.castles for r in range(3))
    assert state.age == 1 and state.round == 1 and top(state).kind == "reveal"
    assert len(state.wall_stack) == 16


def test_choose_boards_option_from_the_last_player():
    state = engine.setup(
        Config("competitive", 2, options={"choose_boards": True, "start_player": "player 1"})
    )
    assert top(state) == Pending("choose_board", seat=1)
    assert engine.to_move(state) == 1


def test_round_order_is_fixed_at_the_start_of_the_round():
    """Taking the Mother Pig during a round changes who starts the next round only."""
    state = bare([castle("A"), castle("B"), castle("C")], mother_pig=1)
    state = run(state, Pending("round_start"))
    assert state.round_order == (1, 2, 0)
    for tile in ["W1-12", "W1-13", "W1-11", "W1-14"]:
        state = play(state, DrawWallTile(tile))
    state = play(state, DraftTile("W1-13"), PlaceTile(1, 1))  # seat 1, Board B: no icon under (1,1)
    while top(state).seat == 1 and top(state).kind != "draft":
        state = play(state, engine.legal_actions(state)[0])
    assert top(state) == Pending("draft", seat=2)
    # seat 2 takes the Mother Pig with Board C's Prestige icon (column 9, slot 4)
    state = play(state, DraftTile("W1-12"), PlaceTile(1, 4))
    assert state.mother_pig == 2
    while top(state).kind != "draft":
        state = play(state, engine.legal_actions(state)[0])
    assert top(state) == Pending("draft", seat=0)  # the order of this round stands
    state = play(state, DraftTile("W1-11"), PlaceTile(1, 5))
    while top(state).kind not in ("reveal",):
        state = play(state, engine.legal_actions(state)[0])
    assert state.round_order == (2, 0, 1)


def test_four_players_place_all_four_tiles():
    state = bare([castle(b) for b in "ABCD"])
    state = run(state, Pending("round_start"))
    assert [t.kind for t in state.pending[::-1]].count("draft") == 4


def test_end_of_age_moves_to_the_next_stack_and_the_game_ends_after_age_three():
    state = bare([castle("A"), castle("B")])
    state = run(state, Pending("end_age"))
    assert state.age == 2 and state.round == 1 and top(state).kind == "reveal"
    assert state.wall_stack == TILES_BY_AGE[2]
    state = replace(state, age=3, pending=())
    state = run(state, Pending("end_age"))
    assert state.finished and engine.to_move(state) is None and engine.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="game is over"):
        engine.apply(state, StopPouring())


def test_visible_defenders_and_the_fortification_option():
    wall = {(1, 3): "W1-04", (2, 3): "F"}  # DEF on the left half of (1,3) is under (2,2), not (2,3)
    c = castle("A", wall=wall)
    assert geometry.visible_defenders("A", c.wall) == (1,)
    wall = {(1, 3): "W1-04", (1, 4): "W1-01", (2, 2): "F", (1, 2): "W1-01"}
    c = castle("A", wall=wall)
    assert geometry.visible_defenders("A", c.wall, fortified_visible=True) == (1,)
    assert geometry.visible_defenders("A", c.wall, fortified_visible=False) == ()
    # a Wall tile on top hides it
    c = castle("A", wall={**wall, (2, 2): "W1-01"})
    assert geometry.visible_defenders("A", c.wall) == ()
    # foundation Defenders never fire at the End of Age
    assert geometry.visible_defenders("A", ()) == ()


def test_fortified_defenders_option_off_hides_them_at_end_of_age():
    wall = {(1, 3): "W1-04", (1, 2): "W1-01", (2, 2): "F"}
    c = castle("A", wall=wall, wolves={("sea", "soldier"): 1})
    state = engine.setup(Config("competitive", 2, options={"fortified_defenders_fire": False}))
    state = replace(state, castles=(c, castle("B")), pending=())
    state = run(state, Pending("end_age_defenders"))
    assert not state.pending
    state = replace(state, fortified_defenders_fire=True)
    state = run(state, Pending("end_age_defenders"))
    assert top(state) == Pending("pour", seat=0, section=1, count=1)


# --- scoring ---------------------------------------------------------------------------


def test_wolves_enter_over_the_wall_and_all_with_a_ladder():
    c = castle("A", heights=(2, 2, 2), wolves={("forests", "soldier"): 3, ("sea", "ladder"): 1})
    assert wolves_entering(c, 0) == 1 and wolves_entering(c, 1) == 1 and wolves_entering(c, 2) == 0


@pytest.mark.parametrize(
    ("entered", "points"),
    [
        ((5, 3, 1, 0), (-10, -5, 0, 0)),
        ((5, 5, 1, 0), (-10, -10, 0, 0)),  # a tie for the highest: nobody gets -5
        ((5, 3, 3, 0), (-10, -5, -5, 0)),  # a tie for second
        ((0, 0, 0, 0), (0, 0, 0, 0)),
        ((2, 0, 0), (-10, 0, 0)),  # none entered scores 0 even when tied for second
        ((4, 1), (-10, -5)),  # 2 players: more -10, fewer -5
        ((3, 3), (-10, -10)),  # 2 players: a tie, both -10
        ((3, 0), (-10, 0)),
        ((0, 0), (0, 0)),
    ],
)
def test_wolf_assault_ranking(entered, points):
    assert assault_penalties(entered) == points


def test_score_sheet_lines_cover_every_rule():
    labels = [line.label for line in score_sheet([castle("A"), castle("B")])]
    assert labels == [
        "Wolf assault: forests",
        "Wolf assault: sea",
        "Wolf assault: farmlands",
        "Arrow tokens",
        "Prestige tokens",
        "Attack tokens",
        "Wall levels",
        "Village: colours",
        "Village: empty locations",
        "Village: no wolves enter",
        "Village: Attack tokens",
        "Village: Prestige tokens",
        "Village: wall levels",
    ]


def test_basic_lines():
    c = castle("A", heights=(2, 4, 3), prestige=(1, 2, 0), attack=(0, 0, 2), arrows=3)
    lines = {line.label: line.points[0] for line in score_sheet([c, castle("B")])}
    assert lines["Arrow tokens"] == -3 and lines["Prestige tokens"] == 6
    assert lines["Attack tokens"] == 6 and lines["Wall levels"] == 20


def test_wall_level_and_empty_conditions_on_a_border():
    c = castle("A", heights=(2, 4, 3), village={"B_FS": "V-Y8", "B_SF": "V-Y2"})  # wall /2 ; empty /4
    lines = {line.label: line.points[0] for line in score_sheet([c, castle("B")])}
    assert lines["Village: wall levels"] == 2 * 2 + 2 * 4
    # B_SF touches the sea (R1, R2 empty; B_FS taken) and the farmlands (L1, L2, B_FF empty)
    assert lines["Village: empty locations"] == 4 * 2 + 4 * 3


def test_winner_most_points_then_fewest_wolves_then_shared():
    a = castle("A", wolves={("forests", "soldier"): 1})
    b = castle("B", wolves={("forests", "soldier"): 2})
    assert competitive_winners([a, b], [10, 9]) == ((0,), "most points")
    winners, why = competitive_winners([a, b], [10, 10])
    assert winners == (0,) and "fewest wolves" in why
    winners, why = competitive_winners([a, a], [10, 10])
    assert winners == (0, 1) and "shared" in why


def test_result_is_interim_while_running_and_final_at_the_end():
    state = bare([castle("A", prestige=(1, 0, 0)), castle("B")])
    interim = engine.result(state)
    assert not interim.finished and interim.scores == (2.0, 0.0)
    final = engine.result(replace(state, finished=True))
    assert final.finished and final.winners == (0,)
    assert all(sum(line.points[s] for line in final.lines) == final.scores[s] for s in range(2))


def test_state_and_actions_encode_to_json_and_toml():
    state = engine.setup(Config("competitive", 4))
    for encode, decode in (
        (msgspec.json.encode, msgspec.json.decode),
        (msgspec.toml.encode, msgspec.toml.decode),
    ):
        assert decode(encode(state), type=engine.State) == state
        action = PlaceTile(2, 3)
        assert decode(encode({"a": action}), type=dict[str, engine.Action])["a"] == action


def test_tile_ids_and_halves():
    assert TILES["W1-16"].right == "" and TILES["W2-16"].left == ""


def test_calculator_result_for_castles_typed_in():
    a = castle("A", heights=(4, 4, 4), prestige=(2, 0, 0))
    b = castle("B", heights=(3, 3, 3), wolves={("sea", "soldier"): 5})
    result = scoring.calculator_result((a, b))
    assert result.finished and result.winners == (0,)
    assert result.scores == (24.0, 15.0 - 10.0)
