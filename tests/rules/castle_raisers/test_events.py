"""Castle Raisers events and their log lines (``effects``): what ``apply``
resolves by itself, told from ``after.events``, checked on the rulebook's examples (shared/games/castle-raisers.md,
"Worked examples") and along seeded games."""

from __future__ import annotations

import random

import castletui.rules.castle_raisers as game
import msgspec
import pytest
from castletui.rules.castle_raisers.edition import TILES_BY_AGE
from castletui.rules.castle_raisers.state import (
    DraftTile,
    DrawAttack,
    DrawVillage,
    DrawWallTile,
    DrawWolf,
    Line,
    Pending,
    PickLine,
    PlaceTile,
    PlaceVillage,
    ResolveFirst,
    TakeVillage,
)
from castletui.rules.core import CHANCE, Config, chance_rng, sample_outcome

from tests.rules.castle_raisers.helpers import bare, castle, play, replace, run, top

MILO, HOWARD, COCO, WEI = 0, 1, 2, 3
_encode = msgspec.json.Encoder(order="deterministic").encode


def step(state, action):
    """Apply ``action``; return (the state after, the extra log lines), checking that
    the lines never repeat the action's own line."""
    after = game.apply(state, action)
    lines = game.effects(state, action, after)
    assert game.describe(state, action) not in lines
    return after, lines


def with_face_up(state, *tokens):
    stacks = list(state.village_stacks)
    for token in tokens:
        stacks.remove(token)
    return replace(state, village_face_up=tuple(sorted(tokens)), village_stacks=tuple(stacks))


# --- Prestige and the Mother Pig ------------------------------------------------------------


def milo_prestige_state(**changes):
    """Establishing Prestige example, up to the replenish after Milo's villager: the
    Prestige icon fires next (Mother Pig from Coco, 2 tokens into the forests)."""
    milo = castle("A", wall={(1, 5): "W1-02", (1, 0): "W1-05"})
    changes.setdefault("mother_pig", COCO)
    state = bare([milo, castle("B"), castle("C"), castle("D")], **changes)
    state = with_face_up(state, "V-Y7", "V-B7")
    state = run(state, Pending("place", seat=MILO, tile="W1-14"))
    return play(state, PlaceTile(2, 5), ResolveFirst("VIL", "forests"), TakeVillage(token="V-Y7"))


def test_milo_prestige_example_takes_the_mother_pig_and_two_tokens():
    """Establishing Prestige example: after the replenish (its own log line), the
    Prestige icon fires: Milo takes the Mother Pig from Coco, then 2 Prestige tokens."""
    state = milo_prestige_state()
    state, lines = step(state, PlaceVillage("B_FF"))
    assert lines == []  # the replenish is a chance draw, logged by itself
    state, lines = step(state, DrawVillage("V-Y1"))
    assert lines == [
        "{P0} takes the Mother Pig from {P2}",
        "{P0} takes 2 Prestige tokens into the forests section",
    ]


def test_prestige_with_a_short_or_empty_supply():
    """Every supply is limited: Milo gets what is left, or nothing (the Mother Pig still moves)."""
    state = milo_prestige_state(prestige_supply=1)
    state = play(state, PlaceVillage("B_FF"))
    _, lines = step(state, DrawVillage("V-Y1"))
    assert lines[1] == "Only 1 Prestige token is left: {P0} takes 1 of 2 into the forests section"
    state = milo_prestige_state(prestige_supply=0)
    state = play(state, PlaceVillage("B_FF"))
    _, lines = step(state, DrawVillage("V-Y1"))
    assert lines == ["{P0} takes the Mother Pig from {P2}", "No Prestige tokens are left: {P0} gets none"]


def test_prestige_when_already_holding_the_mother_pig():
    """Competitive: the Mother Pig stays put if it is already yours: only the tokens are told."""
    state = milo_prestige_state(mother_pig=MILO)
    state = play(state, PlaceVillage("B_FF"))
    _, lines = step(state, DrawVillage("V-Y1"))
    assert lines == ["{P0} takes 2 Prestige tokens into the forests section"]


def test_coco_two_prestige_activations_and_no_face_down_line_left():
    """Co-op Prestige example: each activation takes tokens (the Mother Pig once); with
    every line already face up, the reveal is skipped and said so."""
    wall = {(1, 4): "W1-11", (1, 5): "W1-11", (1, 0): "W1-11", (2, 4): "W1-12", (2, 5): "W1-12"}
    coco = castle("A", wall=wall, village={"T1": "V-Y7"})
    lines = (Line(wolves=(3, 0, 0, 0)), Line(region=1, wolves=(3, 0, 0, 0)))
    state = bare([coco, castle("B")], variant="cooperative", mother_pig=1, lines=lines)
    state = run(state, Pending("place", seat=0, tile="W1-13"))
    state = play(state, PlaceTile(3, 4))
    state, lines = step(state, ResolveFirst("PRE", "forests"))
    assert lines == [
        "{P0} takes the Mother Pig from {P1}",
        "{P0} takes 2 Prestige tokens into the forests section",
    ]
    state = play(state, game.legal_actions(state)[0])  # reveals line 1
    state, lines = step(state, DrawAttack("sea"))
    assert lines == [
        "{P0} takes 1 Prestige token into the farmlands section",
        "Every line's Attack token is already face up: {P0} reveals none",
    ]


# --- Fortification tiles --------------------------------------------------------------------


def fortify_state(**changes):
    """Milo (Board A) about to cover his Fortify icon (farmlands, column 10) with a Fortify
    token on L1: count 2, as in the Fortifying the Walls example."""
    milo = castle("A", village={"L1": "V-Y5"})
    state = bare([milo, castle("B")], **changes)
    return run(state, Pending("place", seat=MILO, tile="W1-11"))


def test_milo_fortify_example_gets_two_tiles():
    """Fortifying the Walls example: 2 Fortify icons in the section, 2 Fortification tiles."""
    state, lines = step(fortify_state(), PlaceTile(1, 4))
    assert lines == ["{P0} gets 2 Fortification tiles to place"]
    assert top(state) == Pending("fortify", seat=MILO, count=2)


def test_no_fortification_tiles_left():
    state, lines = step(fortify_state(fortification_supply=0), PlaceTile(1, 4))
    assert lines == ["No Fortification tiles are left: {P0} gets none"]
    assert not state.pending
    _, lines = step(fortify_state(fortification_supply=1), PlaceTile(1, 4))
    assert lines == ["Only 1 Fortification tile is left: {P0} gets 1 of 2"]


def test_short_supply_threat_caps_fortification_tiles():
    milo = castle("A", village={"L1": "V-Y5", "L2": "V-Y6"}, threats=("Short Supply",))  # count 3
    state = run(bare([milo, castle("B")], variant="cooperative"), Pending("place", seat=0, tile="W1-11"))
    _, lines = step(state, PlaceTile(1, 4))
    assert lines == [
        "Short Supply: {P0} may take only 2 Fortification tiles",
        "{P0} gets 2 Fortification tiles to place",
    ]


# --- Attack tokens and skipped Dispatch -----------------------------------------------------


def test_milo_dispatch_example_keeps_the_token_in_the_section():
    """Dispatching Wolves example: the token shows the forests (describe says so) and
    stays with Milo in the sea section (the new fact); the draws are logged by themselves."""
    milo = castle("A", wall={(1, 2): "W1-03", (1, 3): "W1-08"}, village={"R1": "V-Y5"})
    state = bare([milo, castle("B"), castle("C"), castle("D")])
    state = run(state, Pending("place", seat=MILO, tile="W1-11"))
    state = play(state, PlaceTile(2, 2), ResolveFirst("DIS", "sea"))
    state, lines = step(state, DrawAttack("forests"))
    assert lines == ["{P0} keeps the Attack token in the sea section"]
    state, lines = step(state, DrawWolf("soldier"))
    assert lines == []


def test_dispatch_with_no_attack_token_left_is_skipped():
    """Board A's Dispatch icon (column 8, farmlands) covered with the Attack supply empty."""
    state = bare([castle("A"), castle("B")], attack_supply=(0, 0, 0))
    state = run(state, Pending("place", seat=MILO, tile="W1-11"))
    state, lines = step(state, PlaceTile(1, 3))
    assert lines == ["No Attack tokens are left: {P0}'s Dispatch sends no wolves"]
    assert not state.pending


def test_dispatch_with_an_empty_bag_draws_nothing():
    """An empty bag skips the rest: the others' draws are told in one line."""
    state = bare([castle("A"), castle("B"), castle("C")], bag=(0, 0, 0, 0))
    state = run(state, Pending("place", seat=MILO, tile="W1-11"))
    state = play(state, PlaceTile(1, 3))
    state, lines = step(state, DrawAttack("forests"))
    assert lines == [
        "{P0} keeps the Attack token in the farmlands section",
        "The bag is empty: {P1} and {P2} draw no more wolves into the forests",
    ]


def test_coco_coop_dispatch_keeps_the_token():
    """Co-op Dispatch example: the Attack token from the supply goes into Coco's forests section."""
    coco = castle("A", village={"B_FF": "V-Y3"})
    lines = tuple(Line(wolves=(1, 0, 1, 1)) for _ in range(4))
    state = bare([coco, castle("B")], variant="cooperative", lines=lines)
    state = run(state, Pending("fire", seat=0, ability="DIS", section=0))
    _, lines = step(state, DrawAttack("sea"))
    assert lines == ["{P0} keeps the Attack token in the forests section"]


# --- rounds, ages, arrows, game end ---------------------------------------------------------


def test_a_new_round_returns_the_fourth_tile_to_the_box():
    """3 players: the fourth tile returns to the box, then the next round begins.
    Each slot chosen covers only blank half-columns of its board, so nothing fires."""
    state = run(bare([castle("A"), castle("B"), castle("C")]), Pending("round_start"))
    for tile in ["W1-14", "W1-12", "W1-13", "W1-11"]:
        state = play(state, DrawWallTile(tile))
    state = play(state, DraftTile("W1-12"), PlaceTile(1, 5), DraftTile("W1-13"), PlaceTile(1, 1))
    state = play(state, DraftTile("W1-11"))
    state, lines = step(state, PlaceTile(1, 3))
    assert lines == ["Wall tile W1-14 DIS|DIS returns to the box", "Round 2 of Age I begins: {P0} goes first"]


def end_of_age_state(age, **changes):
    """The last placement of round 4: Howard (Board B) places on (1,1), covering nothing."""
    milo = castle(
        "A",
        wall={(1, 3): "W1-04"},  # a visible Defender in the sea
        wolves={("sea", "vicious"): 1, ("forests", "archer"): 2, ("farmlands", "archer"): 1},
    )
    howard = castle("B", wolves={("forests", "archer"): 1})
    state = bare([milo, howard], age=age, round=4, wall_stack=(), **changes)
    return run(state, Pending("place", seat=HOWARD, tile=TILES_BY_AGE[age][0]), Pending("round_end"))


def test_milo_end_of_age_example_lone_cauldron_and_three_arrows():
    """End of Age example: Milo's lone cauldron cannot beat the vicious wolf; three archers
    give three Arrow tokens (Howard's one archer, one); then Age II begins."""
    state, lines = step(end_of_age_state(1), PlaceTile(1, 1))
    assert lines == [
        "End of Age I",
        "{P0}'s 1 cauldron cannot defeat any wolf left in the sea",
        "{P0} takes 3 Arrow tokens for 3 archers",
        "{P1} takes 1 Arrow token for 1 archer",
        "Age II begins",
        "Round 1 of Age II begins: {P0} goes first",
    ]
    assert game.to_move(state) == CHANCE and top(state).kind == "reveal"


def test_arrows_run_out():
    _, lines = step(end_of_age_state(1, arrow_supply=2), PlaceTile(1, 1))
    assert "Only 2 Arrow tokens are left: {P0} takes 2 of 3" in lines
    assert "No Arrow tokens are left: {P1} gets none for 1 archer" in lines


def test_game_end_wolves_enter():
    """Scoring example, Milo: farmlands 7 wolves vs 5 levels, 2 enter; sea 4 vs 6, all 4
    enter because of the soldier with a ladder; forests none."""
    state = end_of_age_state(3)
    milo = castle(
        "A",
        heights=(5, 6, 5),
        wolves={("farmlands", "soldier"): 7, ("sea", "soldier"): 3, ("sea", "ladder"): 1},
    )
    state = replace(state, castles=(milo, state.castles[HOWARD]))
    state, lines = step(state, PlaceTile(1, 1))
    assert lines == [
        "End of Age III",
        "{P1} takes 1 Arrow token for 1 archer",
        "The game ends",
        "4 wolves enter {P0}'s castle from the sea, helped by a ladder",
        "2 wolves enter {P0}'s castle from the farmlands",
    ]
    assert state.finished and not state.pending


# --- co-op lines of wolves ------------------------------------------------------------------


def test_coco_and_wei_end_of_age_wolves_arrive():
    """Co-op End of Age example: each chosen line's wolves arrive in the region its token
    shows; after the last pick the tokens go back to the supply."""
    coco = castle("A", wall={(1, 0): "W1-04", (1, 4): "W1-07"}, village={"B_FF": "V-Y1"})
    wei = castle("B", wall={(1, 0): "W1-04", (1, 4): "W1-07", (1, 2): "W1-10"})
    lines = (
        Line(wolves=(0, 0, 3, 0)),
        Line(wolves=(3, 0, 0, 0)),
        Line(region=1, wolves=(3, 0, 0, 0)),
        Line(region=2, wolves=(2, 0, 1, 0)),
    )
    state = bare([coco, wei], variant="cooperative", lines=lines, attack_supply=(10, 9, 9), wall_stack=())
    state = run(state, Pending("end_age"))
    state, lines = step(state, PickLine(1))
    assert lines == []  # its token is face down: chance says which region next
    state, lines = step(state, DrawAttack("farmlands"))
    assert lines == ["3 wolves arrive in {P0}'s farmlands: 3 soldiers"]
    state = play(state, PickLine(0), DrawAttack("sea"))
    state, lines = step(state, PickLine(3))
    assert lines == ["3 wolves arrive in {P0}'s farmlands: 2 soldiers, 1 archer"]
    state, lines = step(state, PickLine(2))
    assert lines[:2] == [
        "3 wolves arrive in {P1}'s sea: 3 soldiers",
        "4 Attack tokens of the lines go back to the supply",
    ]


def test_an_emptied_line_brings_no_wolf_and_coming_by_land_adds_one():
    coco = castle("A", threats=("Coming by Land",))
    lines = (Line(region=0), Line(region=1, wolves=(1, 0, 0, 0)))
    state = bare([coco, castle("B")], variant="cooperative", lines=lines, wall_stack=())
    state = run(state, Pending("end_age"))
    _, lines = step(state, PickLine(0))
    assert lines == [
        "Line 1 is empty: no wolf arrives in {P0}'s forests",
        "Coming by Land: {P0} draws 1 more wolf into the forests",
    ]


def test_coop_age_begins_lines_laid_and_an_empty_bag():
    """A new co-op age: the Attack tokens are laid in lines; the bag runs dry while the
    last wolf is drawn, so the lines get no wolves (one line says so), and round 1 begins."""
    state = bare([castle("A"), castle("B")], variant="cooperative", bag=(1, 0, 0, 0), wall_stack=())
    state = run(state, Pending("wolf", seat=0, section=0, count=1), Pending("age_start"))
    state, lines = step(state, DrawWolf("soldier"))
    assert lines == [
        "Age II begins",
        "4 Attack tokens are laid face down, each with a line of 4 wolves",
        "The bag is empty: lines 1, 2, 3 and 4 get no more wolves",
        "Round 1 of Age II begins: {P0} goes first",
    ]


def test_coop_round_begins_after_the_last_line_wolf():
    state = bare([castle("A"), castle("B")], variant="cooperative", wall_stack=())
    state = run(state, Pending("age_start"))
    lines = []
    while top(state).kind == "line_wolf":
        state, lines = step(state, DrawWolf("soldier"))
    assert lines == ["Round 1 of Age II begins: {P0} goes first"]
    assert all(line.wolves == (4, 0, 0, 0) for line in state.lines)


def test_too_few_attack_tokens_for_every_line():
    state = bare([castle("A"), castle("B")], variant="cooperative", attack_supply=(1, 1, 0), wall_stack=())
    state = run(state, Pending("wolf", seat=0, section=0, count=1), Pending("age_start"))
    _, lines = step(state, DrawWolf("soldier"))
    assert lines[1:3] == [
        "Only 2 Attack tokens are left: 2 lines instead of 4",
        "2 Attack tokens are laid face down, each with a line of 4 wolves",
    ]


# --- other skipped decisions -----------------------------------------------------------------


def test_an_empty_stack_cannot_replenish():
    state = bare([castle("A"), castle("B")])
    yellow = tuple(t for t in state.village_stacks if t.startswith("V-Y"))
    state = with_face_up(state, "V-Y1", *yellow[1:])
    state = replace(state, village_face_up=("V-Y1",))  # the rest of yellow leaves the game
    state = run(state, Pending("fire", seat=MILO, ability="VIL", section=0))
    state = play(state, TakeVillage(token="V-Y1"))
    _, lines = step(state, PlaceVillage("T1"))
    assert lines == ["The yellow stack is empty: no Village token replaces the one taken"]


def test_no_location_left_for_a_villager():
    full = {location: "V-G1" for location in ("T1", "T2", "R1", "R2", "L1", "L2", "B_FS", "B_SF", "B_FF")}
    state = bare([castle("A", village=full), castle("B")])
    state = run(state, Pending("place", seat=MILO, tile="W1-11"))
    _, lines = step(state, PlaceTile(1, 1))  # Board A's Settling Villagers icon (column 3)
    assert lines == ["{P0} has no location left for a Village token: no villager settles"]


def test_plain_actions_add_nothing():
    state = run(bare([castle("A"), castle("B"), castle("C")]), Pending("round_start"))
    state, lines = step(state, DrawWallTile("W1-14"))
    assert lines == []
    for tile in ["W1-12", "W1-13", "W1-11"]:
        state = play(state, DrawWallTile(tile))
    _, lines = step(state, DraftTile("W1-12"))
    assert lines == []


# --- along seeded games ------------------------------------------------------------------------

GAMES = [("competitive", 2), ("competitive", 3), ("competitive", 4)]
GAMES += [("cooperative", 2), ("cooperative", 3), ("cooperative", 4), ("solo", 1)]


def narrated_playout(variant, seats, seed):
    state = game.setup(Config(variant, seats))
    rng = random.Random(seed)
    plies = 0
    seen = []
    while game.to_move(state) is not None:
        assert plies < 3000
        if game.to_move(state) == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, plies))
        else:
            action = rng.choice(game.legal_actions(state))
        after = game.apply(state, action)
        frozen = (_encode(state), _encode(after))
        lines = game.effects(state, action, after)
        assert (_encode(state), _encode(after)) == frozen, "effects must not change its inputs"
        assert all(isinstance(line, str) and line for line in lines)
        assert game.describe(state, action) not in lines
        for line in lines:
            assert "{P" not in line or any(f"{{P{seat}}}" in line for seat in range(seats))
        seen += lines
        state = after
        plies += 1
    return seen


@pytest.mark.parametrize("variant,seats", GAMES)
def test_effects_along_seeded_games(variant, seats):
    seen = []
    for seed in range(3):
        seen += narrated_playout(variant, seats, seed)
    assert sum(line.startswith("Age ") for line in seen) == 9  # three ages, three games
    assert sum(line == "The game ends" for line in seen) == 3
    assert any(line.startswith("Round 4 of Age III") for line in seen)
    if variant != "competitive":
        assert any(" arrive in " in line or " arrives in " in line for line in seen)
