"""Catapult Castle at a real table (issue 12): no secret typed in front of
the table, every question naming what it is about, the cards freed from one
stack typed as one line of counts, and the start player on the set-up form.

A card drawn into a hand, or put face down under a tower, goes in unseen
(``edition.UNSEEN``) and stays in its deck's unseen pool (``decks[d]`` in
table mode) until it is played, when its owner names it and the rules check
the pool still holds one, or freed face up by a hit, when the table names
it. Digital play is unchanged (the traces in tests/playthroughs say so)."""

from __future__ import annotations

import random

import castletui.rules.catapult_castle as g
import pytest
from castletui.rules.catapult_castle.edition import (
    DECK_COUNTS,
    EXTRA_SHOT,
    KIND_INDEX,
    KINDS,
    MAGIC_TOSS,
    ROOF,
    STRONG_AMMO,
    UNSEEN,
)
from castletui.rules.catapult_castle.pieces import deck_size
from castletui.rules.catapult_castle.state import (
    Card,
    ChooseStart,
    Draw,
    GiveCard,
    Land,
    Pending,
    Pile,
    Place,
    PlayCard,
    Shoot,
    Stack,
)
from castletui.rules.core import CHANCE, Config, IllegalAction, bots, chance_rng, sample_outcome, seat_ref
from castletui.rules.core.table_entry import BatchRefused, batch_actions
from msgspec.structs import replace

from tests.rules.catapult_castle.helpers import new, q, ready, shoot, with_hand, with_stacks

ES, MT, SA = EXTRA_SHOT, MAGIC_TOSS, STRONG_AMMO


def with_pool(state: g.State, deck: int, counts: tuple[int, ...]) -> g.State:
    """``state`` with deck ``deck``'s unseen pool made of ``counts`` (per kind)."""
    decks = list(state.decks)
    decks[deck] = Pile(counts)
    return replace(state, decks=tuple(decks))


# --- the draws nobody types in ----------------------------------------------------------


def test_the_opening_draw_goes_in_unseen_and_the_table_is_asked_nothing():
    """Set-up: the player to the start player's right draws a card. Only they see it."""
    state = g.apply(new(2), ChooseStart(0))
    assert g.to_move(state) == 0 and g.legal_actions(state) == [Shoot()]
    assert state.hands == ((), (UNSEEN,))
    # The pool still counts it; the deck really holds 7.
    assert state.decks[2].size == 8 and deck_size(state, 2) == 7
    assert g.view(state, 0).decks[2].size == 7 and g.view(state, 1).decks[2].size == 7
    assert g.view(state, 1).hands[1] == (UNSEEN,) and g.view(state, 0).hands[1] == ("hidden",)
    assert any("draws a card, kept secret" in line for line in g.effects(new(2), ChooseStart(0), state))


def test_three_player_set_up_cards_go_under_unseen_and_decks_hold_7():
    """Rulebook, Setup (3 players): a card from each mat's deck face down on the inner tower."""
    state = new(3)
    assert [step.kind for step in state.pending] == ["next", "opening_draws", "start"]
    for mat in range(3):
        assert state.stacks[q(mat, "inner")] == Stack((0, 0), (Card(mat, UNSEEN),))
    state = g.apply(state, ChooseStart(0))
    assert [deck_size(state, mat) + len(state.hands[mat]) for mat in range(3)] == [7, 7, 7]
    assert state.hands == ((), (), (UNSEEN,))


def test_skilled_set_up_asks_only_for_the_start_player():
    state = g.apply(new(4, skilled=True), ChooseStart(2))
    assert g.to_move(state) == 2
    assert [len(hand) for hand in state.hands] == [1, 2, 1, 1]
    assert all(set(hand) == {UNSEEN} for hand in state.hands)


def test_a_victim_draws_unseen_and_an_empty_deck_reshuffles_its_discard_into_the_pool():
    state = with_stacks(ready(2, start=0), {q(0, "outer"): Stack(), q(0, "right"): Stack()})
    after = shoot(state, 2, "left")
    assert after.hands[1] == (UNSEEN, UNSEEN) and g.to_move(after) == 0  # straight to the placing
    # Wei's deck is out (its pool is the one card in hand); the discard is shuffled in.
    state = with_pool(state, 2, (1, 0, 0, 0))
    state = replace(state, discards=(*state.discards[:2], Pile((0, 2, 0, 0)), state.discards[3]))
    assert deck_size(state, 2) == 0
    before = g.apply(state, Shoot())
    after = g.apply(before, Land(2, "left"))
    assert after.hands[1] == (UNSEEN, UNSEEN)
    assert after.decks[2].counts == (1, 2, 0, 0) and after.discards[2].size == 0
    assert deck_size(after, 2) == 1
    lines = g.effects(before, Land(2, "left"), after)
    assert any("discard is shuffled into a new deck" in line for line in lines)


def test_a_stacking_card_goes_under_unseen():
    """Rulebook, If You Hit: no empty square, the top card of your deck goes face down under it."""
    state = shoot(ready(2, start=0), 1, "inner")
    before = state
    state = g.apply(state, Place("right"))
    assert state.stacks[q(0, "right")] == Stack((0, 1), (Card(0, UNSEEN),))
    assert deck_size(state, 0) == deck_size(before, 0) - 1 and state.decks[0].size == 8
    assert "face down under the new tower, unseen" in " ".join(g.effects(before, Place("right"), state))
    assert g.view(state, 0).stacks[q(0, "right")].cards == (Card(0, "hidden"),)


def test_with_no_deck_an_unseen_card_from_hand_goes_under_as_it_is():
    state = with_hand(ready(2, start=0), 0, UNSEEN, ES)
    state = with_pool(state, 0, (0, 0, 1, 0))  # the deck is out: the pool is the unseen card's
    state = shoot(state, 1, "inner")
    state = g.apply(state, Place("inner"))
    assert g.to_move(state) == 0
    assert set(g.legal_actions(state)) == {GiveCard(ES), GiveCard(UNSEEN)}
    assert g.label(state, GiveCard(UNSEEN)) == "Put your unseen card under"
    state = g.apply(state, GiveCard(UNSEEN))
    assert state.stacks[q(0, "inner")].cards == (Card(0, UNSEEN),) and state.hands[0] == (ES,)
    assert state.decks[0].counts == (0, 0, 1, 0)  # still unseen, still in the pool


# --- named when played -------------------------------------------------------------


def test_an_unseen_card_is_named_when_it_is_played():
    state = with_hand(ready(2, start=0), 0, UNSEEN)
    plays = [a for a in g.legal_actions(state) if isinstance(a, PlayCard)]
    assert {a.kind for a in plays} == set(KINDS)  # it could be any card of the King deck
    pool = state.decks[0]
    state = g.apply(state, PlayCard(SA))
    assert state.hands[0] == () and state.strong_ammo
    assert state.decks[0].counts[KIND_INDEX[SA]] == pool.counts[KIND_INDEX[SA]] - 1
    assert state.discards[0].counts[KIND_INDEX[SA]] == 1
    assert (
        g.describe(with_hand(ready(2, start=0), 0, UNSEEN), PlayCard(SA))
        == f"{seat_ref(0)} plays Strong Ammo"
    )


def test_a_roof_named_from_an_unseen_card_goes_on_its_tower():
    state = with_hand(ready(2, start=0), 0, UNSEEN)
    assert PlayCard(ROOF, 0, "inner") in g.legal_actions(state)
    state = g.apply(state, PlayCard(ROOF, 0, "inner"))
    assert state.stacks[q(0, "inner")].roof == 0 and state.decks[0].counts[KIND_INDEX[ROOF]] == 1


def test_a_card_every_one_of_which_is_seen_cannot_be_named():
    """Both King Extra Shots are in the discard: the unseen card cannot be one."""
    state = with_pool(with_hand(ready(2, start=0), 0, UNSEEN), 0, (0, 2, 2, 2))
    state = replace(state, discards=(Pile((2, 0, 0, 0)), *state.discards[1:]))
    assert PlayCard(ES) not in g.legal_actions(state)
    with pytest.raises(IllegalAction, match="None of your unseen cards can be Extra Shot"):
        g.apply(state, PlayCard(ES))
    assert dict(g.refusals(state, 0))[ES].startswith("None of your unseen cards can be Extra Shot")
    # A known card in hand is played as it is, the pool left alone.
    known = g.apply(with_hand(state, 0, ES, UNSEEN), PlayCard(ES))
    assert known.hands[0] == (UNSEEN,) and known.decks[0] == state.decks[0]


def test_an_unseen_card_after_the_shot_is_refused_with_the_reason():
    state = with_hand(ready(2, start=0), 0, UNSEEN)
    state = g.apply(g.apply(state, PlayCard(ES)), Shoot())
    state = g.apply(state, Land())
    state = with_hand(state, 0, UNSEEN)
    assert state.shot_taken and g.to_move(state) == 0
    # One line for the unseen card, not one per card it could be.
    assert g.refusals(state, 0) == [("Your unseen card", "Cards are played before the turn's first shot.")]
    two = with_hand(state, 0, UNSEEN, UNSEEN, ROOF)
    assert [label for label, _ in g.refusals(two, 0)] == ["Your 2 unseen cards", ROOF]


# --- turned face up by a hit: the table names it -------------------------------------


def test_a_card_freed_by_a_hit_is_named_by_the_table():
    """Rulebook, If You Hit: a card under a taken tower goes face up to its deck's discard."""
    state = g.apply(new(3), ChooseStart(0))
    state = with_stacks(state, {q(0, "outer"): Stack()})
    state = shoot(state, 1, "inner")
    assert g.to_move(state) == CHANCE and state.pending[-1].kind == "reveal"
    assert {a.kind for a, _ in g.chance_outcomes(state)} == set(KINDS)
    prompt = g.chance_prompt(state)
    assert f"under {seat_ref(1)}'s inner tower" in prompt and "Queen discard" in prompt
    # While it is being named it is still out of the deck.
    assert deck_size(state, 1) == 7 and g.view(state, 0).decks[1].size == 7
    state = g.apply(state, Draw(MT))
    assert state.discards[1].counts == (0, 1, 0, 0) and state.decks[1].counts == (2, 1, 2, 2)
    # Then the victim draws (unseen), from the 7 left.
    assert state.hands[1] == (UNSEEN,) and deck_size(state, 1) == 6
    assert g.to_move(state) == 0 and state.pending[-1].kind == "place"


def test_a_freed_card_that_cannot_be_is_refused():
    state = with_stacks(g.apply(new(3), ChooseStart(0)), {q(0, "outer"): Stack()})
    state = with_pool(state, 1, (2, 2, 2, 0))
    state = shoot(state, 1, "inner")
    assert Draw(ROOF) not in g.legal_actions(state)
    with pytest.raises(IllegalAction, match="every Reinforced Roof of the Queen deck is seen elsewhere"):
        g.apply(state, Draw(ROOF))


def test_strong_ammo_frees_several_cards_one_line_of_counts():
    """Strong Ammo takes a stack whole: its cards turn face up together, one batch."""
    stack = Stack((0, 0, 0), (Card(2, UNSEEN), Card(2, UNSEEN)))
    state = with_stacks(with_hand(ready(2, start=0), 0, SA), {q(2, "left"): stack, q(0, "outer"): Stack()})
    state = g.apply(state, PlayCard(SA))
    state = shoot(state, 2, "left")
    batch = g.chance_batch(state)
    assert batch is not None and batch.count == 2
    assert batch.kinds == ("Extra Shot", "Magic Toss", "Strong Ammo", "Roof")
    assert batch.question == f"Cards freed from {seat_ref(1)}'s left stack, face up to the Prince discard"
    actions = batch_actions(g, state, [batch], [(1, 0, 0, 1)])
    assert actions == [Draw(ES), Draw(ROOF)]
    with pytest.raises(BatchRefused, match="2 drawn, but you typed 3"):
        batch_actions(g, state, [batch], [(3, 0, 0, 0)])
    drained = with_pool(state, 2, (1, 2, 2, 2))
    with pytest.raises(BatchRefused, match="Extra Shot cannot come up"):
        batch_actions(g, drained, [g.chance_batch(drained)], [(2, 0, 0, 0)])
    for action in actions:
        state = g.apply(state, action)
    assert state.discards[2].counts == (1, 0, 0, 1)
    assert g.chance_batch(state) is None


def test_a_single_freed_card_is_no_batch_of_several():
    state = shoot(with_stacks(g.apply(new(3), ChooseStart(0)), {q(0, "outer"): Stack()}), 1, "inner")
    batch = g.chance_batch(state)
    assert batch is not None and batch.count == 1 and batch.question == g.chance_prompt(state)
    assert g.chance_batch(g.apply(new(2), ChooseStart(0))) is None
    assert g.chance_batch(g.apply(ready(2, start=0), Shoot())) is None


# --- the set-up form ----------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_set_up_form_asks_for_the_start_player_only(seats):
    state = new(seats)
    (field,) = g.setup_form(state)
    assert field.count == 1 and field.kinds == tuple(seat_ref(s) for s in range(seats))
    assert "Who starts?" in field.question
    actions = batch_actions(g, state, [field], [tuple(int(s == 1) for s in range(seats))])
    assert actions == [ChooseStart(1)]
    after = g.apply(state, actions[0])
    assert g.setup_form(after) == () and g.to_move(after) == 1


def test_no_set_up_form_in_a_digital_game_or_solo():
    assert g.setup_form(new(2, mode="digital")) == ()
    assert g.setup_form(g.setup(Config("solo", 1, mode="table"))) == ()


# --- every question names what it is about ---------------------------------------------


def test_every_chance_prompt_names_its_subject():
    assert "Who starts?" in g.chance_prompt(new(2))
    digital = g.apply(new(3, mode="digital"), ChooseStart(0))
    assert digital.pending[-1].kind == "setup_card"
    setup_card = g.chance_prompt(digital)
    assert "{P0}'s King deck" in setup_card and "{P0}'s inner tower" in setup_card
    while digital.pending[-1].kind == "setup_card":
        digital = g.apply(digital, Draw(ES))
    assert digital.pending[-1].kind == "draw"
    assert g.chance_prompt(digital) == "Card drawn from {P2}'s Prince deck by {P2}: which is it?"
    # Stacking in a digital game: the top card of the shooter's deck, under the new tower.
    digital = replace(digital, pending=digital.pending[:1])
    digital = replace(
        digital, pending=(*digital.pending, Pending("stack_card", seat=0, deck=0, square=q(0, "left")))
    )
    assert g.chance_prompt(digital) == (
        "Top card of {P0}'s King deck, face down under {P0}'s new tower on {P0}'s left tower: which is it?"
    )
    # A neutral mat's deck (2 players) is named by its royalty.
    two = g.apply(new(2, mode="digital", skilled=True), ChooseStart(0))
    assert two.pending[-1].kind == "setup_card"
    neutral = replace(
        two, pending=(*two.pending[:-1], replace(two.pending[-1], deck=1, square=q(1, "inner")))
    )
    assert "the Queen deck" in g.chance_prompt(neutral) and "the Queen mat's inner tower" in g.chance_prompt(
        neutral
    )
    # Where a shot landed: whose ammo; solo, from which corner.
    landing = g.apply(ready(2, start=1), Shoot())
    assert g.chance_prompt(landing) == "Where did {P1}'s ammo land?"
    solo = g.apply(g.setup(Config("solo", 1, mode="table")), Shoot(2))
    assert g.chance_prompt(solo) == "Where did the ammo shot from the Prince corner land?"
    # A card freed by a hit (see above): the tower it lay under and the discard it goes to.
    freed = shoot(with_stacks(g.apply(new(3), ChooseStart(0)), {q(0, "outer"): Stack()}), 2, "inner")
    assert g.chance_prompt(freed) == (
        "Card freed from under {P2}'s inner tower, face up to the Prince discard: which is it?"
    )


# --- whole games ------------------------------------------------------------------


def cards_of(state: g.State, deck: int) -> int:
    """Every card of ``deck``: its pool (deck and unseen cards), discard, the
    known ones in its owner's hand and under towers, and its roofs in play."""
    total = state.decks[deck].size + state.discards[deck].size
    owner = state.mat_owner[deck]
    if owner >= 0:
        total += sum(1 for kind in state.hands[owner] if kind != UNSEEN)
    for stack in state.stacks:
        total += sum(1 for card in stack.cards if card.deck == deck and card.kind != UNSEEN)
        total += stack.roof == deck
    return total


@pytest.mark.parametrize(
    "options, seats", [({}, 2), ({}, 3), ({"skilled": True}, 4), ({"beginner": True}, 2)]
)
def test_random_table_games_account_for_every_card_and_name_the_played_ones(options, seats):
    for seed in range(4):
        state = g.setup(Config("standard", seats, options, "table"))
        rng = random.Random(seed)
        ply = 0
        named = 0
        while g.to_move(state) is not None:
            if g.to_move(state) == CHANCE:
                assert state.pending[-1].kind in ("start", "land", "reveal")
                action = sample_outcome(g.chance_outcomes(state), chance_rng(seed, ply))
                named += state.pending[-1].kind == "reveal"
            else:
                action = rng.choice(g.legal_actions(state))
                if isinstance(action, PlayCard) and action.kind not in state.hands[state.pending[-1].seat]:
                    named += 1
            state = g.apply(state, action)
            ply += 1
            for deck in range(4):
                if state.mat_owner[deck] != -2:
                    assert cards_of(state, deck) == sum(DECK_COUNTS[deck])
                    assert 0 <= deck_size(state, deck) <= state.decks[deck].size
            assert ply < 5000
        assert g.result(state).finished
    assert named or options.get("beginner")


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "random"])
def test_bots_at_a_real_table_play_on_with_unseen_cards(level):
    """A bot seat at a real table (offered only with a note) holds unseen
    cards: it may play them weakly, but it never fails."""
    for seats in (2, 3):
        state = g.setup(Config("standard", seats, {}, "table"))
        rng = random.Random(seats)
        ply = 0
        while g.to_move(state) is not None and ply < 3000:
            if g.to_move(state) == CHANCE:
                action = sample_outcome(g.chance_outcomes(state), chance_rng(seats, ply))
            else:
                action = bots.choose(g, state, level, rng)
            state = g.apply(state, action)
            ply += 1
        assert g.to_move(state) is None


def test_a_bot_gives_an_unseen_card_when_its_deck_is_out():
    state = with_pool(with_hand(ready(2, start=0), 0, UNSEEN), 0, (1, 0, 0, 0))
    state = g.apply(shoot(state, 1, "inner"), Place("inner"))
    assert g.to_move(state) == 0 and state.pending[-1].kind == "stack_card"
    assert bots.choose(g, state, "normal", random.Random(0)) == GiveCard(UNSEEN)


def test_digital_draws_still_name_the_card():
    state = g.apply(new(2, mode="digital"), ChooseStart(0))
    assert g.to_move(state) == CHANCE and state.pending[-1].kind == "draw"
    assert {a.kind for a, _ in g.chance_outcomes(state)} == set(KINDS)
