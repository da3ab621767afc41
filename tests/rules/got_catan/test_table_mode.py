"""Table mode of A Game of Thrones Catan: development cards drawn stay
unseen until they are played (or a Victory Point card shown), named then
and checked against the cards still unseen; every chance question names
what it is about; wildling tokens turned up together are one line of
counts; the variable set-up's terrain is one form; and "why not?" lists
what the player may not do now, in the words apply refuses it with."""

from __future__ import annotations

import castletui.rules.got_catan as game
import pytest
from castletui.rules.core import CHANCE, Config, IllegalAction, table_entry
from castletui.rules.got_catan import queries, scoring
from castletui.rules.got_catan.chance import UNSEEN, cards_left
from castletui.rules.got_catan.edition import HIDDEN
from castletui.rules.got_catan.state import (
    BuildGuard,
    BuildKeep,
    BuyDevelopment,
    ChooseDevelopment,
    Dice,
    DrawDevelopment,
    EndTurn,
    MoveTormund,
    PeekDevelopment,
    PickDevelopment,
    PlaceTerrain,
    PlayDevelopment,
    Roll,
    ShowVictoryPoint,
    Step,
    WildlingDie,
)
from msgspec.structs import replace

from .helpers import check_counts, corner, hex_id, run, table

BUY = ["ore", "wool", "grain"]


def table_game(variant: str = "base", **kwargs):
    return table(mode="table", variant=variant, **kwargs)


def bought(state, seat: int = 0):
    """``state`` once ``seat`` bought a development card at the table."""
    state = run(state, BuyDevelopment())
    assert game.to_move(state) == CHANCE
    outcomes = game.chance_outcomes(state)
    assert outcomes == [(DrawDevelopment(UNSEEN), 1.0)]  # nothing to type: nobody else sees it
    return game.apply(state, DrawDevelopment(UNSEEN))


def next_turn_of(state, seat: int = 0):
    """Back to ``seat``'s turn, after the roll (the others' turns skipped)."""
    state = run(state, EndTurn())
    players = state.players
    return replace(state, pending=(Step("turn", seat=seat),), turn=seat, players=players, card_played=False)


# --- hidden development cards ------------------------------------------------------


def test_a_development_card_drawn_at_the_table_stays_unseen_in_the_deck():
    state = bought(table_game(hands={0: BUY}))
    deck = state.development_deck
    assert state.players[0].development == (UNSEEN,) and state.players[0].bought == (UNSEEN,)
    assert len(deck) == 23 and cards_left(state) == 22  # still among the unseen cards
    with pytest.raises(IllegalAction, match="nobody types it in"):
        game.apply(run(table_game(hands={0: BUY}), BuyDevelopment()), DrawDevelopment("road-building"))
    check_counts(state)


def test_digital_play_draws_the_card_itself():
    state = run(table(hands={0: BUY}), BuyDevelopment())
    outcomes = dict(game.chance_outcomes(state))
    assert DrawDevelopment(UNSEEN) not in outcomes and len(outcomes) == 4
    state = game.apply(state, DrawDevelopment("road-building"))
    assert state.players[0].development == ("road-building",)


def test_an_unseen_card_is_named_when_it_is_played_and_must_still_be_unseen():
    state = bought(table_game(hands={0: BUY}))
    plays = [a for a in game.legal_actions(state) if isinstance(a, PlayDevelopment)]
    assert plays == []  # bought this turn
    reasons = dict(game.refusals(state, 0))
    assert reasons["Play a development card"] == (
        "You bought your unseen development cards this turn: play them from your next turn."
    )
    state = next_turn_of(state)
    plays = [a.card for a in game.legal_actions(state) if isinstance(a, PlayDevelopment)]
    assert plays == ["ranger-patrol", "road-building", "winter-is-coming"]
    played = run(state, PlayDevelopment("road-building"))
    assert played.players[0].development == () and played.players[0].bought == ()
    assert played.development_deck.count("road-building") == 1  # one of the two named, out of the deck
    check_counts(played)
    # Both Road Building cards seen elsewhere: the unseen card cannot be one.
    deck = list(state.development_deck)
    deck.remove("road-building")
    deck.remove("road-building")
    gone = replace(state, development_deck=tuple(deck))
    assert PlayDevelopment("road-building") not in game.legal_actions(gone)
    with pytest.raises(IllegalAction, match="None of your unseen development cards can be Road Building"):
        game.apply(gone, PlayDevelopment("road-building"))


def test_a_victory_point_card_is_shown_and_counts_and_ten_points_win():
    settlements = [corner(4, "r0c1", "S"), corner(4, "r0c3", "S"), corner(4, "r0c5", "S")]
    keeps = [corner(4, "r2c2", "S"), corner(4, "r2c4", "S"), corner(4, "r2c6", "S")]
    state = bought(table_game(settlements={0: settlements}, keeps={0: keeps}, hands={0: BUY}))
    assert scoring.points(state, 0) == 9
    assert ShowVictoryPoint() in game.legal_actions(state)  # a Victory Point counts the turn it is bought
    state = run(state, ShowVictoryPoint())
    assert state.players[0].development == ("victory-point",)
    assert state.development_deck.count("victory-point") == 4
    assert state.winner == 0 and not state.pending  # 10 points on your own turn
    with pytest.raises(IllegalAction, match="never played: show one"):
        game.apply(bought(table_game(hands={0: BUY})), PlayDevelopment("victory-point"))


def test_no_victory_point_left_unseen_cannot_be_shown():
    state = bought(table_game(hands={0: BUY}))
    deck = tuple(card for card in state.development_deck if card != "victory-point")
    state = replace(state, development_deck=deck)
    assert ShowVictoryPoint() not in game.legal_actions(state)
    with pytest.raises(IllegalAction, match="can be a Victory Point"):
        game.apply(state, ShowVictoryPoint())


def test_the_table_view_shows_the_deck_and_the_unseen_cards_the_digital_view_hides():
    state = bought(table_game(hands={0: BUY, 1: ["brick"]}))
    seen = game.view(state, 1)
    assert seen.development_deck == state.development_deck
    assert seen.players[0].development == (UNSEEN,) and seen.players[0].hand == ()
    assert seen.players[1].hand == ("brick",)
    digital = game.apply(run(table(hands={0: BUY}), BuyDevelopment()), DrawDevelopment("ranger-patrol"))
    assert set(game.view(digital, 1).development_deck) == {HIDDEN}
    assert game.view(digital, 1).players[0].development == (HIDDEN,)


def test_melisandre_looks_alone_at_the_table_and_keeps_an_unseen_card():
    state = table_game(variant="brotherhood", hands={0: BUY})
    player = replace(state.players[0], hero="melisandre", hero_since=0)
    state = replace(state, players=(player,) + state.players[1:])
    state = run(state, ChooseDevelopment())
    assert game.chance_outcomes(state) == [(PeekDevelopment(UNSEEN), 1.0)]
    assert "alone" in game.chance_prompt(state) and "{P0}" in game.chance_prompt(state)
    state = game.apply(state, PeekDevelopment(UNSEEN))
    assert state.peek == (UNSEEN,) * 3 and game.to_move(state) == 0
    state = run(state, PickDevelopment(UNSEEN))
    assert state.players[0].development == (UNSEEN,) and state.peek == ()
    assert len(state.development_deck) == 25 and cards_left(state) == 24
    check_counts(state)


# --- every question names its subject -------------------------------------------------


def test_every_chance_question_names_what_it_is_about():
    state = game.setup(Config("base", 3, {}, "table"))
    assert game.chance_prompt(state) == "Which terrain lies on hex 1 of row 1 (the 8)?"
    rolled = replace(table_game(rolled=False), table_mode=True)
    dice = run(rolled, Roll())
    assert game.chance_prompt(dice) == "What did the dice show? ({P0}'s roll: the sum of the two dice)"
    draw = run(table_game(hands={0: BUY}), BuyDevelopment())
    assert game.chance_prompt(draw).startswith("{P0} draws a development card and keeps it secret")
    watch = run(table_game(variant="brotherhood", rolled=False), Roll())
    watch = game.apply(watch, Dice(8))
    assert game.chance_prompt(watch) == "What does the wildling die (d12) show? ({P0}'s roll)"
    at = corner(4, "r0c1", "S")
    steal = table_game(settlements={1: [at]}, hands={1: ["ore"]})
    steal = replace(steal, pending=(Step("tormund", seat=0),))
    steal = run(steal, MoveTormund(hex_id(4, "r0c1")))
    assert game.chance_prompt(steal).startswith("Card {P0} took from {P1}: which resource?")
    keep = _keep_to_reveal()
    assert game.chance_prompt(keep) == "Which wildling token is turned up from {P0}'s build-cost card?"
    pool = replace(keep, pending=(Step("token", seat=2, target=1),))
    assert game.chance_prompt(pool) == "Which wildling token is turned up from the pool?"


def test_a_steal_is_typed_by_the_two_players_who_see_it():
    at = corner(4, "r0c1", "S")
    state = table_game(settlements={1: [at]}, hands={1: ["ore", "wool"]})
    state = run(replace(state, pending=(Step("tormund", seat=0),)), MoveTormund(hex_id(4, "r0c1")))
    assert {action.resource for action, _ in game.chance_outcomes(state)} == {"ore", "wool"}


# --- several pieces at once, and the set-up form ------------------------------------------


def _keep_to_reveal():
    at = corner(4, "r1c2", "SW")
    state = table_game(variant="brotherhood", settlements={0: [at]}, hands={0: ["ore"] * 3 + ["grain"] * 2})
    player = replace(state.players[0], card_settlements=2)
    state = replace(state, players=(player,) + state.players[1:], pool=5)
    return run(state, BuildKeep(at))


def test_a_keeps_two_tokens_are_one_line_of_counts():
    state = _keep_to_reveal()
    batch = game.chance_batch(state)
    assert batch.count == 2 and batch.question == "Wildling tokens turned up: 2 from {P0}'s build-cost card"
    assert batch.kinds[:3] == ("river regular", "river climber", "river giant") and len(batch.kinds) == 9
    counts = [0] * 9
    counts[batch.kinds.index("cave giant")] = 1
    counts[batch.kinds.index("river regular")] = 1
    actions = table_entry.batch_actions(game, state, [batch], [counts])
    assert sorted(a.token for a in actions) == ["cave/giant", "river/regular"]
    for action in actions:
        state = game.apply(state, action)
    assert state.camps[0] == ("regular",) and state.camps[1] == ("giant",)
    assert game.chance_batch(state) is None
    pool = replace(
        state, pending=state.pending + (Step("token", seat=0, target=0), Step("token", seat=0, target=1))
    )
    assert game.chance_batch(pool).question == (
        "Wildling tokens turned up: 1 from {P0}'s build-cost card and 1 from the pool"
    )


def test_tokens_that_cannot_come_up_are_refused_with_the_reason():
    state = _keep_to_reveal()
    left = tuple(t for t in state.tokens_hidden if t != "hornfoot/giant")
    state = replace(state, tokens_hidden=left)
    batch = game.chance_batch(state)
    counts = [0] * 9
    counts[batch.kinds.index("hornfoot giant")] = 2
    with pytest.raises(table_entry.BatchRefused, match="hornfoot giant cannot come up here"):
        table_entry.batch_actions(game, state, [batch], [counts])


def test_the_variable_set_up_is_one_form_of_terrain_and_then_none():
    state = game.setup(Config("base", 3, {}, "table"))
    fields = game.setup_form(state)
    assert len(fields) == 16
    assert fields[0].question == "Hex 1 of row 1 (the 8)" and fields[0].kinds == (
        "fields",
        "forest",
        "hills",
        "mountains",
        "pasture",
    )
    laid = list(state.terrain_bag)  # sorted: a layout the bag can give
    counts = [tuple(int(kind == terrain) for kind in fields[0].kinds) for terrain in laid]
    actions = table_entry.batch_actions(game, state, fields, counts)
    assert actions == [PlaceTerrain(terrain) for terrain in laid]
    for action in actions:
        state = game.apply(state, action)
    assert state.terrain == tuple(laid) and game.setup_form(state) == ()
    assert game.to_move(state) == 0
    # A fifth hills hex does not exist: the form refuses the line.
    wrong = [tuple(int(kind == "hills") for kind in fields[0].kinds)] * 16
    with pytest.raises(table_entry.BatchRefused, match="hills cannot come up here") as refused:
        table_entry.batch_actions(game, game.setup(Config("base", 3, {}, "table")), fields, wrong)
    assert refused.value.field == 3
    assert game.setup_form(game.setup(Config("base", 3, {"board": "beginner"}, "table"))) == ()


def test_the_brotherhood_set_up_form_asks_the_terrain_only():
    state = game.setup(Config("brotherhood", 4, {}, "table"))
    assert len(game.setup_form(state)) == 21


def test_the_wildling_die_is_typed_after_the_dice():
    state = run(table_game(variant="brotherhood", rolled=False), Roll())
    state = game.apply(state, Dice(5))
    assert len(game.chance_outcomes(state)) == 12
    state = game.apply(state, WildlingDie(12))
    assert game.to_move(state) != CHANCE and state.wildling_die == 12


# --- why not? ---------------------------------------------------------------------------


def test_why_not_lists_what_cannot_be_built_in_applys_words():
    at = corner(4, "r1c2", "SW")
    state = table(settlements={0: [at]}, hands={0: ["ore"]})
    reasons = dict(game.refusals(state, 0))
    assert reasons["Keep"] == "A keep needs 3 ore and 2 grain; you have 1 ore."
    assert reasons["Keep"] == queries.refusal(state, BuildKeep(at))
    assert reasons["Development card"] == queries.refusal(state, BuyDevelopment())
    assert "Road" in reasons and "Settlement" in reasons
    assert game.refusals(state, 1) == []  # not their decision
    rich = table(settlements={0: [at]}, hands={0: ["ore"] * 3 + ["grain"] * 2})
    assert "Keep" not in dict(game.refusals(rich, 0))


def test_why_not_before_the_roll_and_for_a_card_bought_this_turn():
    start = table(rolled=False)
    assert dict(game.refusals(start, 0)) == {"Build or trade": queries.refusal(start, BuyDevelopment())}
    state = game.apply(run(table(hands={0: BUY}), BuyDevelopment()), DrawDevelopment("winter-is-coming"))
    reasons = dict(game.refusals(state, 0))
    assert reasons["Play Winter is Coming"] == queries.refusal(state, PlayDevelopment("winter-is-coming"))
    assert "this turn" in reasons["Play Winter is Coming"]


def test_why_not_lists_a_guard_in_brotherhood():
    state = table(variant="brotherhood", hands={0: ["brick"]})
    reasons = dict(game.refusals(state, 0))
    assert reasons["Guard"] == queries.refusal(state, BuildGuard(0))
