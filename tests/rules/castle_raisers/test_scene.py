"""Castle Raisers' scene (rules/castle_raisers/scene.py): what a seat's
screen draws, from its view alone, as typed data that round-trips through
msgspec; and the menu hook's keyed lines (rules/castle_raisers/menu.py)."""

from __future__ import annotations

import random

import castletui.rules.castle_raisers as engine
import msgspec
from castletui.rules.castle_raisers.scene import RaisersScene
from castletui.rules.castle_raisers.state import DraftTile, Pending, PlaceTile, PourCauldron
from castletui.rules.core import CHANCE, Config, chance_rng, sample_outcome, screen
from castletui.rules.core.menu import Line

from tests.rules.castle_raisers.helpers import bare, castle, replace
from tests.rules.castle_raisers.test_examples import milo_counts_castle, scoring_example_castles
from tests.rules.hidden_swaps import hidden_cards

FORESTS, SEA, FARMLANDS = 0, 1, 2


def played(variant: str, seats: int, seed: int, plies: int):
    """The states of a seeded random game, one per ply."""
    rng = random.Random(seed)
    state = engine.setup(Config(variant, seats, {}, "digital"))
    for ply in range(plies):
        yield state
        mover = engine.to_move(state)
        if mover is None:
            return
        if mover == CHANCE:
            action = sample_outcome(engine.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = rng.choice(engine.legal_actions(state))
        state = engine.apply(state, action)


def test_the_scene_is_made_from_the_view_and_round_trips_through_msgspec():
    """Along a game: each seat's scene comes from its view (Castle Raisers
    hides nothing, so no swap of a hidden piece can change it, and the
    same view gives the same scene), and survives encoding."""
    for variant, seats in (("competitive", 3), ("cooperative", 2)):
        for ply, state in enumerate(played(variant, seats, seed=seats, plies=400)):
            if ply % 25:
                continue
            for seat in range(seats):
                assert not hidden_cards(engine, state, seat)
                view = engine.view(state, seat)
                drawn = engine.scene(view, seat)
                assert isinstance(drawn, RaisersScene)
                assert drawn == engine.scene(engine.view(state, seat), seat)
                assert msgspec.json.decode(msgspec.json.encode(drawn), type=RaisersScene) == drawn
                assert msgspec.msgpack.decode(msgspec.msgpack.encode(drawn), type=RaisersScene) == drawn


def test_the_screen_api_gives_the_game_scene():
    state = engine.setup(Config("competitive", 2, {}, "digital"))
    assert isinstance(screen.scene(engine, engine.view(state, 0), 0), RaisersScene)


def test_each_sections_icon_counts_as_the_rulebooks_settling_example():
    """Settling Villagers, example A: Milo's counts, Defender, Dispatch,
    Fortify, Prestige: forests 2,2,1,2; farmlands 1,1,1,1; sea 2,1,2,2."""
    state = bare([milo_counts_castle(), castle("B")])
    counts = [dict(section) for section in engine.scene(state, 0).castles[0].counts]
    order = ("DEF", "DIS", "FOR", "PRE")
    assert tuple(counts[FORESTS][icon] for icon in order) == (2, 2, 1, 2)
    assert tuple(counts[FARMLANDS][icon] for icon in order) == (1, 1, 1, 1)
    assert tuple(counts[SEA][icon] for icon in order) == (2, 1, 2, 2)
    assert "VIL" not in counts[FORESTS], "a Village icon settles a villager: it has no count"


def test_the_wolves_that_would_enter_as_the_rulebooks_scoring_example():
    """Scoring example: Milo's forests 0 enter, farmlands 2, sea 4 (the ladder)."""
    castles = scoring_example_castles()
    drawn = engine.scene(bare(list(castles)), 0).castles[0]
    assert [drawn.regions[s].entering for s in (FORESTS, FARMLANDS, SEA)] == [0, 2, 4]
    sea = drawn.regions[SEA]
    assert sea.words and sea.wolves == castles[0].wolves[SEA * 4 : SEA * 4 + 4]
    assert drawn.wolves_around == sum(castles[0].wolves)


def test_the_wall_says_where_each_half_lies_and_which_icons_are_covered():
    """A tile on level 2 slot 0 lies on the right half of slot 0 and the
    left half of slot 1 below it: those icons are covered, the others not;
    the scene's wall has one level more than the tiles, the next to build."""
    wall = {(1, 0): "W1-01", (1, 1): "W1-02", (2, 0): "W1-03"}
    drawn = engine.scene(bare([castle("A", wall=wall), castle("B")]), 0).castles[0]
    assert drawn.levels == 2 and len(drawn.wall) == 3
    first, second = drawn.wall[0][0], drawn.wall[0][1]
    assert first.piece == "W1-01" and [h.column for h in first.halves] == [1, 2]
    assert [h.covered for h in first.halves] == [False, True]
    assert [h.covered for h in second.halves] == [True, False]
    assert drawn.wall[1][0].piece == "W1-03" and drawn.wall[2][0].piece == ""
    assert len(drawn.foundation) == 12
    # the foundation under level 1 slot 0 is covered on both its halves
    assert [h.covered for h in drawn.foundation[1:3]] == [True, True]
    # the wall is a ring: level 1's last slot lies over the foundation's last and first columns
    ring = engine.scene(bare([castle("A", wall={(1, 5): "W1-04"}), castle("B")]), 0).castles[0]
    assert [h.column for h in ring.wall[0][5].halves] == [11, 0]
    assert [h.column for h in ring.foundation if h.covered] == [0, 11]


def test_while_a_tile_is_placed_each_unsupported_slot_says_why():
    milo = castle(wall={(1, 0): "W1-01"})
    state = bare([milo, castle("B")])
    state = replace(state, pending=(Pending("place", seat=0, tile="W1-02"),))
    drawn = engine.scene(state, 0)
    assert drawn.asking.seat == 0 and drawn.asking.tile.tile == "W1-02" and not drawn.asking.fortification
    reasons = {(r.level, r.slot): r.reason for r in drawn.slot_refusals}
    assert reasons[(2, 0)].startswith("That slot is not supported")
    assert (1, 1) not in reasons, "an empty slot of level 1 may take it"
    assert engine.scene(bare([milo, castle("B")]), 0).slot_refusals == ()


def test_the_menu_takes_a_tile_then_offers_its_slots_each_keyed():
    state = next(
        state
        for state in played("competitive", 2, seed=5, plies=400)
        if engine.to_move(state) not in (None, CHANCE) and state.pending[-1].kind == "draft"
    )
    seat = engine.to_move(state)
    lines = [Line(engine.label(state, a), a) for a in engine.legal_actions(state)]
    top = engine.menu(state, seat, (), lines)
    assert [line.key for line in top] == [tile for tile in state.revealed]
    assert all(line.group == (line.key,) and line.spot == ("tile", line.key) for line in top)
    tile = state.revealed[0]
    slots = engine.menu(state, seat, (tile,), [])
    assert slots and all(line.action == DraftTile(tile) for line in slots)
    assert [line.key for line in slots] == [
        f"slot {level} {slot}" for _, level, slot in (s.spot for s in slots)
    ]
    assert engine.menu(state, seat, ("W9-99",), []) == [], "not a tile to take: no lines"


def test_a_pouring_line_says_how_many_cauldrons_and_has_a_key():
    milo = castle(wolves={("sea", "vicious"): 1, ("sea", "soldier"): 1})
    state = replace(bare([milo, castle("B")]), pending=(Pending("pour", seat=0, section=SEA, count=2),))
    lines = [Line(engine.label(state, a), a) for a in engine.legal_actions(state)]
    shown = {line.key: line.text for line in engine.menu(state, 0, (), lines)}
    assert shown["PourCauldron vicious"].endswith("(2 cauldrons)")
    assert shown["PourCauldron soldier"].endswith("(1 cauldron)")
    assert PourCauldron("vicious") in [line.action for line in lines]


def test_a_place_decision_shows_its_slots_with_what_they_fire():
    state = replace(bare([castle("A"), castle("B")]), pending=(Pending("place", seat=0, tile="W1-02"),))
    lines = [Line(engine.label(state, a), a) for a in engine.legal_actions(state)]
    shown = engine.menu(state, 0, (), lines)
    assert [line.action for line in shown] == [a for a in engine.legal_actions(state)]
    assert all(isinstance(line.action, PlaceTile) and line.key.startswith("slot ") for line in shown)
    assert all(line.text.startswith(f"Level 1 slot {line.action.slot}: fires") for line in shown)
