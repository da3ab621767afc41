"""A Game of Thrones Catan's scene (rules/got_catan/scene.py, issue 44 item
1): what a seat's screen draws, computed from the seat's view alone, as
plain data that round-trips through msgspec; and what it shows for a few
positions, the rulebook's Longest Road example and the build cost card
among them."""

import random

import castletui.rules.got_catan as game
import msgspec
import pytest
from castletui.rules.core import CHANCE, chance_rng, sample_outcome
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.edition import HIDDEN
from castletui.rules.got_catan.legal import offer_reason
from castletui.rules.got_catan.scene import GotCatanScene
from castletui.rules.got_catan.state import BuildSettlement, OfferTrade
from msgspec.structs import replace

from .helpers import config, corner, path, run, table

RED, BLUE = 0, 1


def played(variant: str, seats: int, plies: int, seed: int = 7) -> game.State:
    """A seeded random game ``plies`` in."""
    state = game.setup(config(seats, variant=variant))
    rng = random.Random(seed)
    for ply in range(plies):
        seat = game.to_move(state)
        if seat is None:
            break
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = game.random_action(state, rng)
        state = game.apply(state, action)
    return state


def seen(state: game.State, seat: int) -> GotCatanScene:
    return game.scene(game.view(state, seat), seat)


@pytest.mark.parametrize("variant", ["base", "brotherhood"])
@pytest.mark.parametrize("plies", [0, 40, 160])
def test_the_scene_round_trips_through_msgspec(variant, plies):
    state = played(variant, 4, plies)
    for seat in range(4):
        scene = seen(state, seat)
        for encode, decode in (
            (msgspec.json.encode, msgspec.json.decode),
            (msgspec.msgpack.encode, msgspec.msgpack.decode),
        ):
            assert decode(encode(scene), type=GotCatanScene) == scene


@pytest.mark.parametrize("variant", ["base", "brotherhood"])
def test_two_states_with_the_same_view_make_the_same_scene(variant):
    """Another's hand and the deck swapped for other cards of the same
    counts: the seat's view is the same, and so is its scene."""
    state = played(variant, 4, 160)
    others = list(state.players)
    for seat in (1, 2, 3):
        player = others[seat]
        others[seat] = replace(
            player,
            hand=tuple(sorted("ore" if card != "ore" else "wool" for card in player.hand)),
            development=("victory-point",) * len(player.development),
            bought=(),
        )
    swapped = replace(state, players=tuple(others), development_deck=tuple(reversed(state.development_deck)))
    assert game.view(swapped, 0) == game.view(state, 0)
    assert seen(swapped, 0) == seen(state, 0)


def test_the_scene_shows_the_gift_as_it_stands():
    home = corner(4, "r1c3", "N")
    state = table(
        settlements={RED: [home]},
        keeps={BLUE: [corner(4, "r2c6", "S")]},
        roads={RED: path(4, home, BOARDS[4].corner_corners[home][0])},
    )
    gift = seen(state, RED).gift
    board = BOARDS[4]
    assert gift.layout.hex_numbers == board.hex_numbers
    assert gift.corner_owner[home] == RED and home not in gift.keeps
    assert corner(4, "r2c6", "S") in gift.keeps
    assert gift.edge_owner.count(RED) == 1
    assert gift.tormund == state.tormund
    assert gift.blocked == ()
    # A 6 and an 8 come 5 times in 36 rolls: the most dots (the red tokens).
    for number, pips in zip(gift.layout.hex_numbers, gift.layout.hex_pips, strict=True):
        assert pips == 6 - abs(7 - number)
    assert all(resource for resource in gift.resources)


def test_the_build_cost_card_says_what_each_costs_and_why_not():
    """The cost card of the rulebook: a road is a brick and a lumber, a
    settlement adds wool and grain, a keep 3 ore and 2 grain, a development
    card ore, wool and grain; with a road's cards only a road is open."""
    home = corner(4, "r1c3", "N")
    state = table(settlements={RED: [home]}, hands={RED: ["brick", "lumber"]})
    build = {row.key: row for row in seen(state, RED).build}
    assert list(build) == ["settlement", "keep", "road", "development"]
    assert build["road"].cost == (("brick", 1), ("lumber", 1))
    assert build["settlement"].cost == (("brick", 1), ("lumber", 1), ("wool", 1), ("grain", 1))
    assert build["keep"].cost == (("ore", 3), ("grain", 2))
    assert build["development"].cost == (("ore", 1), ("wool", 1), ("grain", 1))
    assert build["road"].reason == ""
    assert all(build[key].reason for key in ("settlement", "keep", "development"))


def test_the_rulebook_longest_road_example_in_the_players_panel():
    """Rulebook, Longest Road example (tests/rules/got_catan/test_longest_road.py):
    once Red's settlement breaks Blue's 7 roads, the scene gives Red the
    card with 6 roads and Blue 5; and the points each seat sees."""
    blue = [corner(4, "r0c1", "SW")]
    for name in ("r0c1", "r0c2", "r0c3"):
        blue += [corner(4, name, "S"), corner(4, name, "SE")]
    blue.append(corner(4, "r0c4", "S"))
    red = [corner(4, "r2c6", "S")]
    for name in ("r2c6", "r2c5", "r2c4"):
        red += [corner(4, name, "SW"), corner(4, f"r2c{int(name[-1]) - 1}", "S")]
    board = BOARDS[4]
    fork = next(c for c in board.corner_corners[red[3]] if c not in red)
    spur = next(c for c in board.corner_corners[blue[5]] if c not in blue)
    state = table(
        settlements={BLUE: [blue[0]], RED: [red[0]]},
        roads={BLUE: path(4, *blue), RED: path(4, *red) + path(4, red[3], fork) + path(4, blue[5], spur)},
        hands={RED: ["brick", "lumber", "wool", "grain"]},
        development={BLUE: ["victory-point"]},
        turn=RED,
    )
    before = seen(state, BLUE)
    assert before.longest_road == BLUE and before.players[BLUE].road_length == 7
    state = run(state, BuildSettlement(blue[5]))
    for seat in (RED, BLUE):
        scene = seen(state, seat)
        assert scene.longest_road == RED
        assert scene.players[RED].road_length == 6 and scene.players[BLUE].road_length == 5
    # Blue's Victory Point card counts on Blue's own screen only.
    assert seen(state, BLUE).players[BLUE].points == 2
    assert seen(state, RED).players[BLUE].points == 1
    assert seen(state, RED).players[RED].points == 4


def test_a_hand_shows_as_the_seat_may_see_it():
    state = table(
        hands={RED: ["ore", "ore", "wool"], BLUE: ["brick"]},
        development={RED: ["ranger-patrol"], BLUE: ["road-building"]},
    )
    scene = seen(state, RED)
    assert scene.players[RED].held == (("ore", 2), ("wool", 1))
    assert [card.title for card in scene.players[RED].development] == ["Ranger Patrol"]
    assert scene.players[BLUE].cards == 1 and scene.players[BLUE].held == ()
    assert [(card.card, card.hidden) for card in scene.players[BLUE].development] == [(HIDDEN, True)]
    assert scene.after_roll and not seen(state, BLUE).after_roll


def test_the_trade_desk_refuses_as_the_rules_do():
    state = table(hands={RED: ["ore", "ore", "wool"]})
    desk = seen(state, RED).trade
    offers = [
        OfferTrade.of(["ore"], ["brick"]),
        OfferTrade.of(["ore", "ore", "ore"], ["brick"]),
        OfferTrade.of(["ore"], ["ore"]),
        OfferTrade.of([], ["brick"]),
        OfferTrade.of(["wool"], ["grain"], RED),
        OfferTrade.of(["wool"], ["grain"], BLUE),
    ]
    for offer in offers:
        assert desk.refusal(offer) == offer_reason(state, RED, offer)
    assert desk.refusal(offers[0]) == ""
    assert desk.refusal(offers[1]) == "You do not hold the cards you offer."
    assert desk.words(offers[5]) == game.label(state, offers[5])


def test_brotherhood_adds_the_wall_and_the_hero():
    state = played("brotherhood", 4, 60)
    scene = seen(state, 0)
    assert scene.watch is not None
    wall = scene.watch.wall
    assert len(wall.sections) == 4 and len(wall.clans) == 3 and len(wall.trails) == 6
    assert [section.guards for section in wall.sections] == list(state.wall)
    assert scene.watch.guards == tuple(
        sum(section.count(seat) for section in state.wall) for seat in range(4)
    )
    assert wall.breaches == state.breaches
    assert (scene.watch.hero is None) == (not state.players[0].hero)
    assert seen(played("base", 4, 60), 0).watch is None
