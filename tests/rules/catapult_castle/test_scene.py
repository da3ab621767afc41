"""Issue 44, item 1 for Catapult Castle: the scene (rules/catapult_castle/
scene.py) is what a seat's screen draws, from its view alone: the same for
two states a seat cannot tell apart, plain data that round-trips through
msgspec, and the table, the panel and the aiming mini-game as the rulebook
lays them out."""

from __future__ import annotations

import castletui.rules.catapult_castle as g
import msgspec
import pytest
from castletui.rules.catapult_castle.edition import DISTANCES, MAGIC_TOSS, ROOF, STRONG_AMMO
from castletui.rules.catapult_castle.queries import shot_difficulty, shot_odds
from castletui.rules.catapult_castle.scene import CatapultCastleScene
from castletui.rules.catapult_castle.state import Aim, Card, Stack
from castletui.rules.core import CHANCE, Config
from msgspec.structs import replace

from tests.rules.catapult_castle.helpers import q, with_hand, with_stacks


def digital(seats: int, variant: str = "standard") -> g.State:
    """A digital game after set-up: the start player is about to shoot."""
    options = {} if variant == "solo" else {"may_decline_hit": False}  # a hit is taken at once
    state = g.setup(Config(variant, seats, options, "digital"))
    while g.to_move(state) == CHANCE:
        state = g.apply(state, g.chance_outcomes(state)[0][0])
    return state


def scene_of(state: g.State, seat: int) -> CatapultCastleScene:
    return g.scene(g.view(state, seat), seat)


def test_the_scene_is_computed_from_the_view_alone():
    """Two states that differ only in what seat 0 may not see (seat 1's
    hand, the kinds of the cards face down under a tower, the decks' make-up)
    give seat 0 the same view and the same scene."""
    state = with_stacks(digital(2), {q(1, "inner"): Stack(towers=(0, 2), cards=(Card(1, ROOF),))})
    state = with_hand(with_hand(state, 0, MAGIC_TOSS), 1, STRONG_AMMO, ROOF)
    other = with_hand(state, 1, MAGIC_TOSS, MAGIC_TOSS)
    other = with_stacks(other, {q(1, "inner"): Stack(towers=(0, 2), cards=(Card(1, STRONG_AMMO),))})
    other = replace(other, decks=(other.decks[1], *other.decks[1:]))
    assert g.view(other, 0) == g.view(state, 0) and other != state
    assert scene_of(other, 0) == scene_of(state, 0)
    assert scene_of(other, 1) != scene_of(state, 1), "seat 1 sees its own hand"


@pytest.mark.parametrize(
    ("seats", "variant"), [(1, "solo"), (2, "standard"), (3, "standard"), (4, "standard")]
)
def test_the_scene_round_trips_through_msgspec(seats, variant):
    scene = scene_of(digital(seats, variant), 0)
    assert msgspec.json.decode(msgspec.json.encode(scene), type=CatapultCastleScene) == scene
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(scene), type=CatapultCastleScene) == scene


def test_three_players_set_up_as_the_rulebook_says():
    """Rulebook set-up with 3 players: three mats in an L, the fourth
    quadrant empty; a tower on each of the 12 squares, then on each inner
    tower a card face down and a 5th tower on it (15 towers)."""
    scene = scene_of(digital(3), 0)
    assert [mat.in_play for mat in scene.mats] == [True, True, True, False]
    assert [mat.title for mat in scene.mats] == ["{P0} (King)", "{P1} (Queen)", "{P2} (Prince)", ""]
    inner = [square for square in scene.squares if square.name == "inner" and square.mat < 3]
    assert [(square.towers, square.cards_under) for square in inner] == [(2, 1)] * 3
    assert sum(square.towers for square in scene.squares) == 15
    assert not any(square.on_table for square in scene.squares if square.mat == 3)
    assert scene.supply == 36


def test_two_players_the_side_mats_are_neutral_and_every_square_is_on_the_grid():
    scene = scene_of(digital(2), 0)
    assert [mat.title for mat in scene.mats] == [
        "{P0} (King)",
        "Queen (neutral)",
        "{P1} (Prince)",
        "Princess (neutral)",
    ]
    assert sorted((square.column, square.row) for square in scene.squares) == [
        (column, row) for column in range(4) for row in range(4)
    ]
    assert [square.number for square in scene.squares] == list(range(16))
    assert all(square.on_table and square.towers == 1 for square in scene.squares)


def test_the_panel_shows_the_seats_own_hand_and_deck_and_only_counts_the_others():
    state = with_hand(with_hand(digital(2), 0, ROOF, ROOF, MAGIC_TOSS), 1, STRONG_AMMO)
    scene = scene_of(state, 0)
    mine, theirs = scene.hands
    assert (mine.cards, mine.words, mine.short) == (3, "Magic Toss, 2 Reinforced Roof", "Magic Toss, 2 Roof")
    assert theirs.cards == 1 and STRONG_AMMO not in theirs.words
    mat = state.seat_mats[0]
    assert (scene.deck, scene.discard) == (state.decks[mat].size, state.discards[mat].size)
    assert not scene.solo and scene.rearrangements_left == 0


def test_every_aim_gets_the_shot_the_rules_draw_its_landing_from():
    """The mini-game's numbers (distance, height, sweet spot, odds) for a
    tower are the rules' shot model's, for every tower the shooter may aim
    at, in the shooter's scene and in the other seat's alike (the table is open)."""
    state = digital(2)
    seat = state.pending[-1].seat
    scene = scene_of(state, seat)
    assert scene.catapult == state.seat_mats[seat] and not scene.catapult_at_chosen_corner
    aims = [a for a in g.legal_actions(state) if isinstance(a, Aim) and a.accuracy == 100]
    assert len(aims) == 12, "every tower but the shooter's own four"
    for aim in aims:
        shot = scene.shot(aim.mat, aim.square)
        assert (shot.distance, shot.height, shot.sweet_spot) == shot_difficulty(state, aim)
        assert shot.odds(60) == shot_odds(state, aim, 60)
        assert scene_of(state, 1 - seat).shot(aim.mat, aim.square) == shot
    assert scene.shot(1, "inner").target == "the Queen mat's inner tower"
    assert scene.shot(2, "outer").target == "{P1}'s outer tower"


def test_solo_fires_from_any_corner_and_the_catapult_follows_the_corner_chosen():
    state = digital(1, "solo")
    scene = scene_of(state, 0)
    assert scene.solo and scene.catapult == -1 and scene.catapult_at_chosen_corner
    assert [mat.title for mat in scene.mats] == ["King mat", "Queen mat", "Prince mat", "Princess mat"]
    aims = [a for a in g.legal_actions(state) if isinstance(a, Aim) and a.accuracy == 100]
    assert {a.from_mat for a in aims} == {0, 1, 2, 3}
    for aim in aims:
        shot = scene.shot(aim.mat, aim.square, aim.from_mat)
        assert (shot.distance, shot.height, shot.sweet_spot) == shot_difficulty(state, aim)
    assert scene.shot(0, "inner", 1).distance == DISTANCES[1][q(0, "inner")]


def test_while_the_ammo_flies_the_catapult_stands_at_the_shooters_corner():
    state = digital(2)
    seat = state.pending[-1].seat
    flying = g.apply(state, next(a for a in g.legal_actions(state) if isinstance(a, Aim)))
    assert scene_of(flying, seat).catapult == scene_of(flying, 1 - seat).catapult == state.seat_mats[seat]


def test_a_roof_stops_a_shot_and_magic_toss_widens_the_sweet_spot():
    """Rulebook: a Reinforced Roof stops the next shot into its tower; Magic
    Toss makes this turn's shots surer (the mini-game's wider sweet spot)."""
    state = digital(2)
    seat = state.pending[-1].seat
    target = next(a for a in g.legal_actions(state) if isinstance(a, Aim))
    square = q(target.mat, target.square)
    plain = scene_of(state, seat).shot(target.mat, target.square)
    roofed = scene_of(with_stacks(state, {square: Stack(towers=(0,), roof=target.mat)}), seat)
    assert roofed.squares[square].roof
    odds = roofed.shot(target.mat, target.square).odds(100)
    assert odds.target == 0 and odds.roof == pytest.approx(plain.odds(100).target)
    magic = scene_of(replace(state, magic_toss=True), seat)
    assert magic.magic_toss and magic.shot(target.mat, target.square).sweet_spot > plain.sweet_spot


def test_a_lone_tower_has_nowhere_for_a_near_miss_to_drop():
    state = digital(2)
    seat = state.pending[-1].seat
    empty = {square: Stack() for square in range(16) if square != q(1, "outer")}
    scene = scene_of(with_stacks(state, empty), seat)
    shot = scene.shot(1, "outer")
    assert not shot.near_by and shot.odds(100).near == 0
    assert [square.towers for square in scene.squares].count(1) == 1
