"""Castle Raisers in table mode: every chance question names what it is
about (whose castle and region, which Village stack, line, Age stack,
whose Threat card), the pieces the rules draw together are one line of
counts (wolves into one region, a round's Wall tiles, one stack's Village
tokens, a line's wolves, one player's Threat cards) whose names
``parse_counts`` tells apart, and the set-up's draws before the first
choice are one form, () once past."""

from __future__ import annotations

import castletui.rules.castle_raisers as engine
import pytest
from castletui.rules.castle_raisers import table_entry
from castletui.rules.castle_raisers.chance import CHANCE_KINDS
from castletui.rules.castle_raisers.edition import (
    BOARD_NAMES,
    COLOURS,
    SECTION_INDEX,
    THREATS,
    TILES_BY_AGE,
    TOKENS,
    TOKENS_BY_COLOUR,
    WOLF_KINDS,
)
from castletui.rules.castle_raisers.state import (
    ChooseBoard,
    DrawStartPlayer,
    DrawThreat,
    DrawWallTile,
    DrawWolf,
    Line,
    Pending,
    TakeVillage,
)
from castletui.rules.core import CHANCE, Config, IllegalAction
from castletui.rules.core.screen import parse_counts
from castletui.rules.core.table_entry import BatchRefused, batch_actions, chance_batch, read_counts

from tests.rules.castle_raisers.helpers import bare, castle, replace, run, top

GENERIC = "What happened at the table?"


def table(variant: str = "competitive", seats: int = 2, **options) -> engine.State:
    return engine.setup(Config(variant, seats, options, mode="table"))


def two() -> engine.State:
    return bare([castle("A"), castle("B")])


def coop(lines: int = 2, **changes) -> engine.State:
    state = bare([castle("A"), castle("B")], variant="cooperative", **changes)
    return replace(state, lines=tuple(Line() for _ in range(lines)))


def answer(state: engine.State, batches, *texts: str) -> list:
    """The actions typed on a form or a counts line: one text per batch."""
    counts = [parse_counts(text, batch.kinds) for batch, text in zip(batches, texts, strict=True)]
    return batch_actions(engine, state, batches, counts)


def played(state: engine.State, actions) -> engine.State:
    for action in actions:
        state = engine.apply(state, action)
    return state


# --- every chance kind's question names what it is about --------------------------------

QUESTIONS = {
    "draw_start_player": (lambda: table(), ("Who starts", "Mother Pig")),
    "draw_board": (lambda: engine.apply(table(), DrawStartPlayer(1)), ("{P0}", "Castle board")),
    "replenish": (lambda: run(two(), Pending("replenish", tile="red")), ("red Village stack", "turned up")),
    "village_blind": (
        lambda: run(two(), Pending("village_blind", seat=1, tile="green")),
        ("{P1}", "green Village stack", "blind"),
    ),
    "wolf": (
        lambda: run(two(), Pending("wolf", seat=1, section=SECTION_INDEX["farmlands"], count=3)),
        ("{P1}'s farmlands", "3 to draw"),
    ),
    "line_wolf": (lambda: run(coop(), Pending("line_wolf", section=1, count=3)), ("line 2", "3 to draw")),
    "reveal": (lambda: run(two(), *[Pending("reveal")] * 4), ("1 of 4", "Age I stack")),
    "dispatch": (
        lambda: run(two(), Pending("dispatch", seat=0, section=SECTION_INDEX["sea"], count=2)),
        ("{P0}", "sea section", "Attack token", "draw 2"),
    ),
    "wolves_attack": (lambda: run(two(), Pending("wolves_attack")), ("wolves attack", "Attack token")),
    "line_region": (lambda: run(coop(), Pending("line_region", section=1)), ("line 2", "region")),
    "coop_dispatch": (
        lambda: run(coop(), Pending("coop_dispatch", seat=1, section=SECTION_INDEX["forests"])),
        ("{P1}", "forests section", "Attack token"),
    ),
    "draw_threat": (
        lambda: run(
            coop(threat_deck=tuple(sorted(THREATS)), threats_by_seat=(2, 1)), Pending("draw_threat", seat=0)
        ),
        ("{P0}", "Threat card 1 of 2"),
    ),
}


def test_every_chance_kind_has_a_question():
    assert set(QUESTIONS) == CHANCE_KINDS


@pytest.mark.parametrize("kind", sorted(QUESTIONS))
def test_the_question_names_what_the_draw_is_about(kind):
    build, words = QUESTIONS[kind]
    state = build()
    assert engine.to_move(state) == CHANCE and top(state).kind == kind
    question = engine.chance_prompt(state)
    assert question != GENERIC
    for word in words:
        assert word in question, (word, question)


def test_the_wall_tiles_are_counted_as_they_come():
    state = run(two(), *[Pending("reveal")] * 4)
    state = engine.apply(state, DrawWallTile(TILES_BY_AGE[1][0]))
    assert "Wall tile 2 of 4" in engine.chance_prompt(state)


def test_no_chance_decision_is_the_plain_question():
    state = play_to_start_village()
    assert engine.to_move(state) != CHANCE
    assert engine.chance_prompt(state) == GENERIC
    assert engine.chance_batch(state) is None


# --- the names a player types ------------------------------------------------------------


def distinguishable(kinds: tuple[str, ...]) -> bool:
    """Each kind typed alone, and by the shortest start no other kind shares, is read as itself."""
    for index, kind in enumerate(kinds):
        alone = tuple(int(i == index) for i in range(len(kinds)))
        if parse_counts(kind, kinds) != alone:
            return False
        if parse_counts(shortest_start(kind, kinds), kinds) != alone:
            return False
    return True


def shortest_start(kind: str, kinds: tuple[str, ...]) -> str:
    for length in range(1, len(kind) + 1):
        start = kind[:length]
        try:
            if parse_counts(start, kinds) == tuple(int(k == kind) for k in kinds):
                return start
        except IllegalAction:
            continue
    return kind


@pytest.mark.parametrize("age", sorted(TILES_BY_AGE))
def test_wall_tiles_are_named_by_their_icons_and_told_apart(age):
    kinds = tuple(table_entry.TILE_NAMES[tile] for tile in TILES_BY_AGE[age])
    assert len(set(kinds)) == len(kinds) and table_entry.TILE_NAMES[TILES_BY_AGE[age][0]] in (
        "VilPre",
        "PreVil",
    )
    assert distinguishable(kinds)


@pytest.mark.parametrize("colour", COLOURS)
def test_village_tokens_are_named_by_their_condition_and_told_apart_in_a_stack(colour):
    kinds = tuple(table_entry.TOKEN_NAMES[token] for token in TOKENS_BY_COLOUR[colour])
    assert len(set(kinds)) == len(kinds)
    assert set(kinds) <= {*COLOURS, "empty", "no-wolves", "Attack", "Prestige", "wall"} - {colour}
    assert distinguishable(kinds)
    # one letter each: a stack's two tokens are four keys
    assert all(len(shortest_start(kind, kinds)) == 1 for kind in kinds)


def test_wolves_threats_and_boards_are_told_apart():
    assert distinguishable(WOLF_KINDS)
    assert distinguishable(tuple(sorted(THREATS)))
    assert distinguishable(BOARD_NAMES)


# --- pieces drawn together -----------------------------------------------------------------


def test_the_wolves_of_one_region_are_one_question():
    state = run(two(), Pending("wolf", seat=1, section=SECTION_INDEX["sea"], count=3))
    batch = engine.chance_batch(state)
    assert batch.count == 3 and batch.kinds == WOLF_KINDS
    assert batch.question == "Wolves drawn into {P1}'s sea"
    bag = state.bag
    after = played(state, answer(state, [batch], "2 soldier 1 archer"))
    wolves = after.castles[1].wolves[SECTION_INDEX["sea"] * 4 :][:4]
    assert wolves == (2, 0, 1, 0) and sum(bag) - sum(after.bag) == 3


def test_wolf_steps_into_the_same_place_are_one_question_and_other_places_are_not():
    forests = SECTION_INDEX["forests"]
    state = run(
        two(),
        Pending("wolf", seat=1, section=forests, count=2),
        Pending("wolf", seat=1, section=forests, count=1),
        Pending("wolf", seat=0, section=forests, count=2),
    )
    assert engine.chance_batch(state).count == 3
    state = played(state, answer(state, [engine.chance_batch(state)], "3 vicious"))
    batch = engine.chance_batch(state)
    assert batch.count == 2 and "{P0}" in batch.question


def test_no_more_wolves_than_the_bag_holds_and_a_kind_it_lacks_is_refused():
    state = run(
        replace(two(), bag=(1, 0, 1, 0)), Pending("wolf", seat=0, section=SECTION_INDEX["sea"], count=3)
    )
    batch = engine.chance_batch(state)
    assert batch.count == 2
    with pytest.raises(BatchRefused, match="ladder cannot come up"):
        answer(state, [batch], "soldier ladder")


def test_a_lines_wolves_are_one_question():
    state = run(coop(), Pending("line_wolf", section=0, count=3), Pending("line_wolf", section=1, count=3))
    batch = engine.chance_batch(state)
    assert batch.count == 3 and batch.question == "Wolves drawn for line 1"
    after = played(state, answer(state, [batch], "s l a"))
    assert after.lines[0].wolves == (1, 1, 1, 0) and engine.chance_batch(after).question.endswith("line 2")


def test_the_wall_tiles_of_a_round_are_one_question():
    state = run(two(), *[Pending("reveal")] * 4)
    batch = engine.chance_batch(state)
    assert batch.count == 4 and batch.question == "Wall tiles revealed from the Age I stack"
    after = played(state, answer(state, [batch], "vilp forv vild defv"))
    assert after.revealed == TILES_BY_AGE[1][:4]
    assert engine.to_move(after) != CHANCE


def test_a_tile_revealed_twice_is_refused():
    state = run(two(), *[Pending("reveal")] * 4)
    with pytest.raises(BatchRefused, match="VilPre cannot come up"):
        answer(state, [engine.chance_batch(state)], "2 vilp forv vild")


def test_one_stacks_village_tokens_are_one_question_and_each_stack_its_own():
    state = run(
        two(),
        Pending("replenish", tile="red"),
        Pending("replenish", tile="red"),
        Pending("replenish", tile="blue"),
    )
    batch = engine.chance_batch(state)
    assert batch.count == 2 and batch.question == "Red Village stack, turned up"
    assert set(batch.kinds) == {table_entry.TOKEN_NAMES[token] for token in TOKENS_BY_COLOUR["red"]}
    after = played(state, answer(state, [batch], "blue no"))
    assert set(after.village_face_up) == {"V-R1", "V-R8"}
    assert engine.chance_batch(after).count == 1 and "Blue" in engine.chance_batch(after).question


def test_one_players_threat_cards_are_one_question_and_exclusive_cards_are_refused():
    state = run(
        coop(threat_deck=tuple(sorted(THREATS)), threats_by_seat=(2, 1)),
        Pending("draw_threat", seat=0),
        Pending("draw_threat", seat=0),
        Pending("draw_threat", seat=1),
    )
    batch = engine.chance_batch(state)
    assert batch.count == 2 and batch.question == "Threat cards drawn by {P0}"
    with pytest.raises(BatchRefused, match="They're in the Walls cannot come up"):
        answer(state, [batch], "from they're")
    after = played(state, answer(state, [batch], "From All Sides, Isolated"))
    assert set(after.castles[0].threats) == {"From All Sides", "Isolated"}
    assert engine.chance_batch(after).count == 1


@pytest.mark.parametrize("kind", ["dispatch", "wolves_attack", "village_blind", "draw_start_player"])
def test_a_draw_of_one_piece_is_asked_alone(kind):
    state = QUESTIONS[kind][0]()
    assert engine.chance_batch(state) is None


# --- the set-up on one form ----------------------------------------------------------------


def play_to_start_village() -> engine.State:
    state = table()
    form = engine.setup_form(state)
    return played(state, answer(state, form, "{P0}", "a", "b", "b e", "p w", "b a", "b n"))


def test_the_set_up_form_asks_the_start_player_the_boards_and_each_stacks_tokens():
    state = table()
    form = engine.setup_form(state)
    assert [field.question for field in form] == [
        "Start player (Mother Pig)",
        "Castle board of {P0}",
        "Castle board of {P1}",
        "Yellow Village stack, turned up",
        "Blue Village stack, turned up",
        "Red Village stack, turned up",
        "Green Village stack, turned up",
    ]
    assert [field.count for field in form] == [1, 1, 1, 2, 2, 2, 2]
    assert form[0].kinds == ("{P0}", "{P1}") and form[2].kinds == BOARD_NAMES


def test_the_form_plays_the_set_up_up_to_the_first_choice_and_is_then_done():
    state = play_to_start_village()
    assert top(state).kind == "start_village" and top(state).seat == 1  # the last player first
    assert state.mother_pig == 0
    assert [c.board for c in state.castles] == ["A", "B"]
    assert set(state.village_face_up) == {"V-Y1", "V-Y2", "V-B1", "V-B2", "V-R1", "V-R2", "V-G1", "V-G2"}
    assert engine.setup_form(state) == ()
    state = engine.apply(state, TakeVillage("V-Y1"))
    state = engine.apply(state, TakeVillage("V-R1"))
    assert engine.to_move(state) == CHANCE and top(state).kind == "replenish"
    assert engine.setup_form(state) == ()  # the rest of the set-up is asked in batches
    assert engine.chance_batch(state) is not None


def test_two_players_naming_one_board_are_refused_on_the_second_line():
    state = table()
    form = engine.setup_form(state)
    with pytest.raises(BatchRefused, match="A cannot come up") as refused:
        answer(state, form, "{P0}", "a", "a", "b e", "p w", "b a", "b n")
    assert refused.value.field == 2


def test_a_known_start_player_and_a_solo_game_leave_out_the_start_line():
    state = table(start_player="player 2")
    assert engine.setup_form(state)[0].question == "Castle board of {P0}"
    assert state.mother_pig == 1
    solo = table("solo", 1)
    assert [field.question for field in engine.setup_form(solo)][:2] == [
        "Castle board of {P0}",
        "Yellow Village stack, turned up",
    ]
    assert len(engine.setup_form(solo)) == 5


def test_chosen_boards_split_the_form_at_the_choice():
    state = table(choose_boards=True)
    form = engine.setup_form(state)
    assert [field.question for field in form] == ["Start player (Mother Pig)"]
    state = played(state, answer(state, form, "{P1}"))
    assert engine.to_move(state) != CHANCE and engine.setup_form(state) == ()
    state = played(state, [ChooseBoard("C"), ChooseBoard("D")])
    assert [field.question.split()[0] for field in engine.setup_form(state)] == [
        colour.capitalize() for colour in COLOURS
    ]


def test_the_form_is_empty_once_play_begins():
    state = play_to_start_village()
    while engine.to_move(state) is not None and state.age == 0:
        if engine.to_move(state) == CHANCE:
            state = engine.apply(state, engine.chance_outcomes(state)[0][0])
        else:
            state = engine.apply(state, engine.legal_actions(state)[0])
        assert engine.setup_form(state) == ()


def test_cooperative_threat_cards_come_after_the_form_one_player_at_a_time():
    state = table("cooperative", 2, threats_player_1=2, threats_player_2=1)
    form = engine.setup_form(state)
    state = played(state, answer(state, form, "{P0}", "a", "b", "b e", "p w", "b a", "b n"))
    state = played(state, [TakeVillage("V-Y1"), TakeVillage("V-R1")])
    while top(state).kind == "replenish":
        batch = engine.chance_batch(state)
        state = played(state, [next(a for a, _ in engine.chance_outcomes(state) if batch.kind_of(a))])
    batch = engine.chance_batch(state)
    assert batch.question == "Threat cards drawn by {P0}" and batch.count == 2
    state = played(state, answer(state, [batch], "isolated towering"))
    batch = engine.chance_batch(state)
    assert batch.question == "Threat cards drawn by {P1}" and batch.count == 1
    state = engine.apply(state, DrawThreat("Disoriented"))
    assert [c.threats for c in state.castles] == [("Isolated", "Towering"), ("Disoriented",)]
    assert engine.chance_batch(state).question == "Wolves drawn into {P0}'s forests"
    assert isinstance(engine.chance_outcomes(state)[0][0], DrawWolf)


def test_first_letters_that_also_start_a_name_are_read_as_the_pieces_drawn():
    """Issue 28, item 9: with two tokens of the blue stack turned up, the
    first letters 'pr' ("Prestige red") were read as the start of
    "Prestige", one token, and refused ("2 drawn, but you typed 1")."""
    state = run(two(), Pending("replenish", tile="blue"), Pending("replenish", tile="blue"))
    batch = chance_batch(engine, state)
    names = ("Milo", "Wei")
    counts = read_counts(batch, names, "pr")
    assert sum(counts) == 2
    assert {batch.kinds[i] for i, n in enumerate(counts) if n} == {"Prestige", "red"}
    after = played(state, batch_actions(engine, state, [batch], [counts]))
    assert {TOKENS[token].condition for token in after.village_face_up} >= {"prestige", "colour"}
    # With one piece to name, the start of a name is still the name.
    alone = run(two(), Pending("replenish", tile="blue"))
    assert read_counts(chance_batch(engine, alone), names, "pr") == read_counts(
        chance_batch(engine, alone), names, "Prestige"
    )
