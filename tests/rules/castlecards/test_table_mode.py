"""Castlecards in table mode (real decks decide, the players say what came
up): a face-down loot card is never named by the question the table is
asked, nor by its answers, until it is turned up into a hand."""

import random

import castletui.rules.castlecards as game
import pytest
from castletui.rules.castlecards.chance import UNSEEN
from castletui.rules.castlecards.edition import FACE_DOWN
from castletui.rules.castlecards.state import Attack, Confirm, Draw, Pick
from castletui.rules.core import CHANCE, IllegalAction, chance_rng, sample_outcome
from msgspec.structs import replace

from tests.rules.castlecards.helpers import ALL_CARDS, cards_in_play, config, run, table

UNSEEN_VILLAGE = UNSEEN["village"]


def test_a_face_down_loot_card_is_not_named_to_the_table():
    """Rulebook (seeds/003_fe56a2aaebf453b7.txt, Loot): "In the game with
    more than 2 players the loot card is secret. The player that get that
    card can neither see it nor use it". At a real table nobody knows which
    card it is, so the picker offers one answer that names no card."""
    state = table(3, hands={0: ["catapult"]}, mode="table")
    state = run(state, Attack(1, 1), Pick("catapult"), Confirm())
    assert state.assault.outcome == "success"
    assert game.to_move(state) == CHANCE
    assert game.chance_outcomes(state) == [(Draw(FACE_DOWN), 1.0)]
    assert game.label(state, Draw(FACE_DOWN)) == "It goes face down, unseen"
    assert "nobody looks" in game.chance_prompt(state)
    with pytest.raises(IllegalAction, match="face down"):
        game.apply(state, Draw("gold"))
    deck = state.village_deck
    state = run(state, Draw(FACE_DOWN))
    assert state.players[0].loot == (FACE_DOWN,) and state.unseen_loot == 1
    # The card is out of the real deck, but which one nobody knows: it stays
    # among the unseen Village cards, and the view counts the real deck.
    assert state.village_deck == deck
    assert len(game.view(state, 2).village_deck) == len(deck) - 1


def test_loot_turned_up_into_hand_stays_unseen_until_played():
    """Rulebook, Loot: when a castle falls "His enemy will draw half of his
    loot cards ... (rounded up) and the rest will be kept by the player that
    lost the castle"; "When only 2 players are remaining in the game, they
    can take the cards in the loot." Half the loot moves unseen; the cards
    that go into hands are seen by their owners only, so (issue 12) nobody
    types them in: they stay among the unseen cards until played."""
    state = table(3, hands={1: ["trebuchet", "catapult"]}, turn=1, walls={0: 0}, mode="table")
    players = list(state.players)
    players[0] = replace(players[0], loot=(FACE_DOWN,) * 3)
    state = replace(state, players=tuple(players), unseen_loot=3)
    state = run(state, Attack(0, 0), Pick("trebuchet"), Pick("catapult"), Confirm())
    assert state.players[0].out
    # Two castles remain: the Castle's own loot goes to hand, seen by its taker only.
    assert "keeps it secret" in game.chance_prompt(state)
    state = run(state, Draw(UNSEEN_VILLAGE))
    # Half of 3 rounded up moves from loot to loot, still face down.
    assert game.chance_outcomes(state) == [(Draw(FACE_DOWN), 1.0)]
    assert "without looking" in game.chance_prompt(state)
    state = run(state, Draw(FACE_DOWN), Draw(FACE_DOWN))
    # The fallen player keeps the rest in hand: turned up for its owner only.
    top = state.pending[-1]
    assert (top.source, top.target, top.count) == ("reveal", 0, 1)
    assert "face-down loot card into hand and keeps it secret" in game.chance_prompt(state)
    assert game.chance_outcomes(state) == [(Draw(UNSEEN_VILLAGE), 1.0)]
    with pytest.raises(IllegalAction, match="nobody types it in"):
        game.apply(state, Draw("duke"))
    state = run(state, Draw(UNSEEN_VILLAGE))
    assert state.players[0].hand == (UNSEEN_VILLAGE,) and state.unseen_loot == 4
    # Both castles left take their loot into hand, unseen.
    top = state.pending[-1]
    assert (top.source, top.target, top.count) == ("reveal", 1, 2)
    state = run(state, Draw(UNSEEN_VILLAGE), Draw(UNSEEN_VILLAGE))
    assert state.players[1].loot == () and state.players[1].hand.count(UNSEEN_VILLAGE) == 3
    assert state.unseen_loot == 4


def test_digital_loot_draws_still_name_the_card_for_replay():
    """Digital play draws the real card (the save replays it); the view and
    the log keep it secret."""
    state = table(3, hands={0: ["catapult"]})
    state = run(state, Attack(1, 1), Pick("catapult"), Confirm())
    outcomes = game.chance_outcomes(state)
    assert len(outcomes) > 1 and Draw(FACE_DOWN) not in [a for a, _ in outcomes]
    assert game.describe(state, Draw("gold")) == "{P0} takes a loot card face down."


@pytest.mark.parametrize("seats", [3, 4])
def test_every_card_is_accounted_for_in_table_mode_games(seats):
    """Random table-mode games: every face-down loot card (and every card
    unseen in a hand) is one of the unseen Village cards, so the 110 always
    add up, and none is left face down in a hand."""
    for seed in range(3):
        state = game.setup(config(seats, "table"))
        rng = random.Random(seed)
        ply = 0
        while game.to_move(state) is not None:
            if game.to_move(state) == CHANCE:
                action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
            else:
                action = rng.choice(game.legal_actions(state))
            state = game.apply(state, action)
            ply += 1
            found = cards_in_play(state)
            face_down = found.pop(FACE_DOWN, 0)
            # Village cards unseen in hands are among the unseen cards too (issue 12).
            face_down += found.pop(UNSEEN_VILLAGE, 0)
            found.pop("unseen-siege", 0), found.pop("unseen-academy", 0)
            # Loot being turned up has left the loot but is not named yet.
            turning_up = sum(
                p.count for p in state.pending if p.kind in ("deal", "draw") and p.source == "reveal"
            )
            assert face_down + turning_up == state.unseen_loot
            assert found == ALL_CARDS
            assert ply < 20_000
        standing = [player for player in state.players if not player.out]
        assert all(FACE_DOWN not in player.hand for player in state.players)
        in_hands = sum(p.hand.count(UNSEEN_VILLAGE) for p in state.players)
        assert len(standing) == 1 or state.unseen_loot == sum(len(p.loot) for p in state.players) + in_hands
