"""Castlecards' table-mode questions (issue 12): every chance question names
whose draw it is and from which pile; the set-up is one form (who starts,
then the deal counted, never named: each hand is dealt face down and only
its owner looks); no draw of several cards in the open, so no line of
counts (``chance_batch``) is offered.

Rulebook (seeds/003_fe56a2aaebf453b7.txt), set-up: 2 players take 4
Village cards and 1 Academy card each, 3-4 players 5 Village cards each;
the first player is chosen or drawn at random."""

from __future__ import annotations

import random

import castletui.rules.castlecards as game
import pytest
from castletui.rules.castlecards.chance import UNSEEN
from castletui.rules.castlecards.edition import FACE_DOWN
from castletui.rules.castlecards.state import Buy, Decline, Draw, FirstPlayer, Pending
from castletui.rules.castlecards.text import card_name
from castletui.rules.core import CHANCE, chance_rng, name_seats, sample_outcome, screen, table_entry
from castletui.rules.core.table_entry import BatchRefused, batch_actions
from msgspec.structs import replace

from tests.rules.castlecards.helpers import config, table

VILLAGE, SIEGE, ACADEMY = UNSEEN["village"], UNSEEN["siege"], UNSEEN["academy"]
NAMES = ["Coco", "Wei", "Ada", "Bo"]


def drawing(state, **step) -> game.State:
    """``state`` with one draw on top of the stack (below it the turn goes on)."""
    return replace(state, pending=state.pending + (Pending("draw", **step),))


# --- every chance question names its subject ----------------------------------------


def _questions():
    """(name, state, words the question must hold, whose seat it names)."""
    two = table(2, mode="table")
    three = table(3, mode="table", turn=1)
    return [
        ("who starts", game.setup(config(2, "table")), "Who starts", None),
        (
            "village into a hand",
            drawing(two, source="village", dest="hand", target=1, count=2),
            "takes the top Village card into hand (1 more after this one)",
            "{P1}",
        ),
        ("siege into a hand", drawing(two, source="siege", dest="hand", target=0), "top Siege card", "{P0}"),
        (
            "academy into a hand",
            drawing(two, source="academy", dest="hand", target=1),
            "top Academy card",
            "{P1}",
        ),
        (
            "loot turned up into a hand",
            drawing(replace(three, unseen_loot=1), source="reveal", dest="hand", target=2),
            "takes a face-down loot card into hand",
            "{P2}",
        ),
        (
            "loot taken face down",
            drawing(three, source="village", dest="loot", target=1),
            "takes the top Village card as loot, face down",
            "{P1}",
        ),
        (
            "a fallen player's loot",
            drawing(
                replace(
                    three,
                    players=tuple(
                        replace(p, loot=(FACE_DOWN,) * 3) if seat == 0 else p
                        for seat, p in enumerate(three.players)
                    ),
                    unseen_loot=3,
                ),
                source="loot",
                source_seat=0,
                dest="loot",
                target=1,
                count=2,
            ),
            "takes one of {P0}'s face-down loot cards (1 more after this one) without looking",
            "{P1}",
        ),
        (
            "the dungeon turned up",
            drawing(two, source="dungeon", dest="open"),
            "Which Dungeon card is turned up for {P0}'s Explorers?",
            "{P0}",
        ),
        (
            "a siege weapon from under the deck",
            drawing(
                replace(two, siege_deck=(), siege_under=("catapult", "ballista")),
                source="siege",
                dest="hand",
                target=1,
            ),
            "The Siege deck is used up: which card from under it did {P1} draw?",
            "{P1}",
        ),
        (
            "an academy card from under the deck",
            drawing(
                replace(two, academy_deck=(), academy_under=("trap",)),
                source="academy",
                dest="hand",
                target=0,
            ),
            "The Academy deck is used up: which card from under it did {P0} draw?",
            "{P0}",
        ),
    ]


@pytest.mark.parametrize("name, state, words, seat", _questions(), ids=[q[0] for q in _questions()])
def test_every_chance_question_names_whose_draw_and_which_pile(name, state, words, seat):
    assert game.to_move(state) == CHANCE
    question = game.chance_prompt(state)
    assert words in question
    assert "What happened" not in question
    if seat is not None:
        assert seat in question
    # Its answers are the outcomes' labels, and it turns into the players' names.
    assert all(game.label(state, action) for action, _ in game.chance_outcomes(state))
    assert "{P" not in name_seats(question, NAMES)


def test_an_unseen_card_is_confirmed_not_named():
    state = drawing(table(2, mode="table"), source="village", dest="hand", target=0)
    ((action, _),) = game.chance_outcomes(state)
    assert action == Draw(VILLAGE)
    assert game.label(state, action) == "Into the hand, unseen (named when played)"
    assert card_name(VILLAGE) == "Village card (unseen)" and card_name(SIEGE, short=True) == "Siege ?"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_table_games_ask_no_question_without_its_subject(seats):
    """Every chance question of whole table-mode games names a player (or
    asks who starts) and a pile, and none is the bare "What happened?"."""
    kinds = set()
    for seed in range(4):
        state = game.setup(config(seats, "table"))
        rng = random.Random(seed)
        for ply in range(3000):
            seat = game.to_move(state)
            if seat is None:
                break
            if seat == CHANCE:
                question = game.chance_prompt(state)
                step = state.pending[-1]
                kinds.add((step.kind, step.source, step.dest))
                assert "What happened" not in question
                assert "{P" in question or question.startswith("Who starts")
                assert any(
                    pile in question for pile in ("Village", "Siege", "Academy", "Dungeon", "loot", "start")
                )
                action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
            else:
                action = rng.choice(game.legal_actions(state))
            state = game.apply(state, action)
    assert ("first", "", "") in kinds and ("draw", "village", "hand") in kinds


# --- no draw of several cards in the open: no line of counts --------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_no_two_open_draws_come_in_a_row(seats):
    """A line of counts is for several pieces drawn together in the open.
    In Castlecards' table mode every card drawn into a hand or loot goes in
    unseen (one outcome: confirmed, not named); only a single card is ever
    named (the dungeon turned up, a card from under a deck), so the game
    offers no ``chance_batch``."""
    assert not hasattr(game, "chance_batch")
    for seed in range(4):
        state = game.setup(config(seats, "table"))
        rng = random.Random(seed)
        open_run = 0
        for ply in range(3000):
            seat = game.to_move(state)
            if seat is None:
                break
            if seat == CHANCE:
                outcomes = game.chance_outcomes(state)
                named = state.pending[-1].kind == "draw" and len(outcomes) > 1
                open_run = open_run + 1 if named else 0
                assert open_run <= 1
                action = sample_outcome(outcomes, chance_rng(seed, ply))
            else:
                open_run = 0
                action = rng.choice(game.legal_actions(state))
            state = game.apply(state, action)


# --- the set-up on one form ------------------------------------------------------------


@pytest.mark.parametrize(
    "seats, options, dealt, words",
    [
        (2, {}, 10, "Deal: 4 Village + 1 Academy each"),
        (3, {}, 15, "Deal: 5 Village cards each"),
        (4, {}, 20, "Deal: 5 Village cards each"),
        (4, {"teams": True}, 20, "Deal: 5 Village cards each"),
    ],
    ids=["2 players", "3 players", "4 players", "4 players in teams"],
)
def test_the_set_up_is_one_form_who_starts_then_the_deal_counted(seats, options, dealt, words):
    state = game.setup(config(seats, "table", **options))
    first, deal = game.setup_form(state)
    assert first.question == "Who starts" and first.count == 1
    assert first.kinds == tuple(f"{{P{seat}}}" for seat in range(seats))
    assert deal.question == words and deal.count == dealt and deal.kinds == ("cards face down",)
    # The count alone, or with the start of its name, is what a player types.
    assert screen.parse_counts(str(dealt), deal.kinds) == screen.parse_counts(f"{dealt} cards", deal.kinds)
    assert screen.parse_counts(str(dealt), deal.kinds) == (dealt,)
    # Each question fits the form's label column (33 columns).
    assert all(len(field.question) <= 33 for field in (first, deal))
    # Typed as the players' names: the last player starts.
    typed = screen.parse_counts(NAMES[seats - 1].lower(), tuple(name_seats(k, NAMES) for k in first.kinds))
    actions = batch_actions(game, state, (first, deal), [typed, (dealt,)])
    assert actions[0] == FirstPlayer(seats - 1) and len(actions) == 1 + dealt
    for action in actions:
        state = game.apply(state, action)
    # No card was named: every hand holds only unseen cards, the decks are whole.
    assert all(set(player.hand) <= {VILLAGE, ACADEMY} for player in state.players)
    assert sum(len(player.hand) for player in state.players) == dealt
    assert len(state.village_deck) == 64 and state.unseen_loot == dealt - (2 if seats == 2 else 0)
    # The first turn's card is the turn's own draw, asked on its own; the form is done.
    assert game.setup_form(state) == ()
    assert game.to_move(state) == CHANCE and state.turn == seats - 1
    assert f"{{P{seats - 1}}} takes the top Village card into hand" in game.chance_prompt(state)


def test_a_wrong_count_of_the_deal_is_refused_on_its_line():
    state = game.setup(config(2, "table"))
    fields = game.setup_form(state)
    with pytest.raises(BatchRefused, match="10 drawn, but you typed 9") as refused:
        batch_actions(game, state, fields, [(1, 0), (9,)])
    assert refused.value.field == 1


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_deal_has_one_answer_which_a_blank_line_takes(seats):
    """Issue 28, item 10: "Deal ... 10: cards face down" refused a blank
    line ("10 drawn, but you typed 0"). The deal can come up one way only:
    the kit's form says so, fills it in, and a blank line is read as it."""
    state = game.setup(config(seats, "table"))
    first, deal = table_entry.setup_form(game, state)
    assert not first.forced and deal.forced
    dealt = deal.count
    assert table_entry.only_answer(deal, NAMES) == f"{dealt} cards face down"
    assert "Enter takes it" in table_entry.how_to_type(deal, NAMES)
    assert table_entry.read_counts(deal, NAMES, "") == (dealt,)
    assert table_entry.only_answer(first, NAMES) == ""
    actions = batch_actions(game, state, (first, deal), [(1,) + (0,) * (seats - 1), (dealt,)])
    assert len(actions) == 1 + dealt


def test_a_deal_answered_one_card_at_a_time_leaves_the_rest_on_the_form():
    """Escape on the form answers one question at a time; a game saved in
    the middle of the deal reopens on a form for the rest of it."""
    state = game.setup(config(3, "table"))
    state = game.apply(state, FirstPlayer(0))
    for _ in range(3):
        state = game.apply(state, Draw(VILLAGE))
    (deal,) = game.setup_form(state)
    assert deal.count == 12 and deal.question == "The rest of the deal"
    for action in batch_actions(game, state, (deal,), [(12,)]):
        state = game.apply(state, action)
    assert game.setup_form(state) == () and state.turn_number == 1


def test_digital_play_has_no_set_up_form():
    assert game.setup_form(game.setup(config(2))) == ()
    assert game.setup_form(game.setup(config(4))) == ()


def test_a_hand_of_unseen_cards_is_not_said_to_hold_nothing():
    """Asked at a support or Thief step, a seat holding unseen cards may hold
    what is asked for: its pass does not say it has none (in digital play a
    hand without them still says so)."""
    for mode, support, thief in (
        ("table", "No, let it be", "Let the Gold go"),
        ("digital", "Pass (no attack cards)", "Pass (no Thief to play)"),
    ):
        state = table(3, hands={0: ["catapult", "gold"], 1: ["duke"]}, mode=mode)
        if mode == "table":
            hands = {1: (VILLAGE,)}
            players = tuple(replace(p, hand=hands.get(seat, p.hand)) for seat, p in enumerate(state.players))
            state = replace(state, players=players, unseen_loot=1)
        bought = game.apply(state, Buy())
        assert bought.pending[-1].kind == "thief" and bought.pending[-1].seat == 1
        assert game.label(bought, Decline()) == thief
        state = game.apply(state, game.Attack(2, 1))
        state = game.apply(state, game.Pick("catapult"))
        state = game.apply(state, game.Confirm())
        step = state.pending[-1]
        assert (step.purpose, step.seat) == ("support", 1)
        assert game.label(state, game.Confirm()) == support
