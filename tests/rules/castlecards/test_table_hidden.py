"""Castlecards in table mode keeps no secret typed in front of the table
(issue 12): a card drawn into a hand, from the Village, Siege or Academy
deck or turned up from face-down loot, stays unseen in the state (a
placeholder in the hand, the card still among its deck's unseen cards)
until it is played, shown or discarded; then its owner names it, and the
rules check that it could be that card. Digital play is unchanged."""

from __future__ import annotations

import random

import castletui.rules.castlecards as game
import pytest
from castletui.rules.castlecards.chance import UNSEEN, possible_cards
from castletui.rules.castlecards.edition import FACE_DOWN
from castletui.rules.castlecards.state import (
    Academy,
    Attack,
    Build,
    Buy,
    Confirm,
    Discard,
    Draw,
    Give,
    Pending,
    Pick,
    Station,
)
from castletui.rules.core import CHANCE, IllegalAction, chance_rng, sample_outcome
from msgspec.structs import replace

from tests.rules.castlecards.helpers import ALL_CARDS, cards_in_play, config, run, table

VILLAGE, SIEGE, ACADEMY = UNSEEN["village"], UNSEEN["siege"], UNSEEN["academy"]


def with_unseen(state, seat: int, *placeholders: str):
    """``seat`` holds unseen cards (their cards stay among the unseen ones of their decks)."""
    player = state.players[seat]
    players = list(state.players)
    players[seat] = replace(player, hand=tuple(sorted(player.hand + placeholders)))
    return replace(state, players=tuple(players), unseen_loot=state.unseen_loot + placeholders.count(VILLAGE))


def test_a_village_card_drawn_into_a_hand_is_not_typed_in():
    """Rulebook (seeds/003_fe56a2aaebf453b7.txt), Buy: "play 1 Gold, draw 2 Village
    cards". At a real table only the buyer sees them: the table is asked nothing
    that names them."""
    state = table(2, hands={0: ["gold"]}, mode="table")
    state = game.apply(state, Buy())
    assert game.to_move(state) == CHANCE
    assert game.chance_outcomes(state) == [(Draw(VILLAGE), 1.0)]
    assert "keeps it secret" in game.chance_prompt(state)
    with pytest.raises(IllegalAction, match="nobody types it in"):
        game.apply(state, Draw("gold"))
    deck = state.village_deck
    state = run(state, Draw(VILLAGE), Draw(VILLAGE))
    assert state.players[0].hand == (VILLAGE, VILLAGE)
    # Still among the unseen cards, so the real deck is two cards shorter.
    assert state.village_deck == deck and state.unseen_loot == 2
    assert len(game.view(state, 1).village_deck) == len(deck) - 2


def test_a_played_card_is_named_and_must_be_one_still_unseen():
    """Buy names the Gold when it is played; a Gold every copy of which is seen
    elsewhere cannot be one of the unseen cards."""
    state = with_unseen(table(2, mode="table"), 0, VILLAGE)
    assert "gold" in possible_cards(state, 0) and game.Action  # any unseen card could be a Gold
    golds = state.village_deck.count("gold")
    after = game.apply(state, Buy())
    assert after.players[0].hand == () and after.village_deck.count("gold") == golds - 1
    assert after.unseen_loot == 0 and "gold" in after.discard
    every_gold_seen = replace(state, village_deck=tuple(c for c in state.village_deck if c != "gold"))
    assert Buy() not in game.legal_actions(every_gold_seen)
    with pytest.raises(IllegalAction, match="can be Gold: every one is seen elsewhere"):
        game.apply(every_gold_seen, Buy())
    with pytest.raises(IllegalAction, match="can be Gold: every one is seen elsewhere"):
        game.apply(every_gold_seen, Discard("gold"))


def test_two_cards_from_one_unseen_card_are_refused():
    """Academy: a Duke and 2 Gold. One unseen card cannot be both a Duke and a Gold."""
    state = with_unseen(table(2, hands={0: ["gold"]}, mode="table"), 0, VILLAGE)
    assert Academy() not in game.legal_actions(state)
    with pytest.raises(IllegalAction, match="a Duke and 2 Gold"):
        game.apply(state, Academy())
    state = with_unseen(state, 0, VILLAGE)
    assert Academy() in game.legal_actions(state)
    state = game.apply(state, Academy())
    assert "duke" in state.removed and state.players[0].hand == ()


def test_a_siege_weapon_built_stays_unseen_until_it_attacks():
    """Build: 4 Builders and Gold, take the top Siege card; it is named when it
    attacks (Attack: show the cards)."""
    state = table(2, hands={0: ["builders", "gold", "gold", "gold"]}, mode="table")
    state = run(state, Build(), Pick("builders"), Pick("gold"), Pick("gold"), Pick("gold"))
    # A Thief may be asked first (everyone holding cards is asked).
    while state.pending[-1].kind == "thief":
        state = game.apply(state, game.legal_actions(state)[-1])
    assert game.chance_outcomes(state) == [(Draw(SIEGE), 1.0)]
    state = run(state, Draw(SIEGE))
    assert state.players[0].hand == (SIEGE,)
    # Next turn: the unseen card may attack as any siege weapon still unseen.
    state = replace(state, pending=(Pending("end-action"), Pending("action", seat=0)))
    state = run(state, Attack(1, 1))
    picks = [a.card for a in game.legal_actions(state) if isinstance(a, Pick)]
    assert set(picks) == set(state.siege_deck)
    state = run(state, Pick("trebuchet"), Confirm())
    assert "trebuchet" not in state.siege_deck and state.assault.swords == 4


def test_an_academy_card_reacts_when_named():
    """Two players start with an Academy card each (Set-up); it is the defender's
    surprise, named when it is played."""
    state = table(2, hands={0: ["catapult"]}, mode="table")
    state = with_unseen(state, 1, ACADEMY)
    state = run(state, Attack(1, 1), Pick("catapult"), Confirm())
    assert state.pending[-1].purpose == "react"
    traps = state.academy_deck.count("trap")
    state = run(state, Pick("trap"), Confirm())
    assert state.assault.outcome == "failure" and state.academy_deck.count("trap") == traps - 1


def test_keeping_a_way_past_the_walls():
    """Attack: the Castle behind one Wall only with a Battering Ram or a Siege
    Tower. An unseen Siege card named as another weapon would leave the attack
    unable to go on: that naming is refused while it is the only way."""
    state = table(2, hands={0: ["catapult"]}, walls={1: 1}, mode="table")
    state = with_unseen(state, 0, SIEGE)
    state = run(state, Attack(1, 0))
    picks = {a.card for a in game.legal_actions(state) if isinstance(a, Pick)}
    # The Catapult in hand leaves the unseen card free to be the assault weapon.
    assert picks == {"catapult", "battering-ram", "siege-tower"}
    with pytest.raises(IllegalAction, match="Keep a way past the Walls"):
        game.apply(state, Pick("ballista"))
    state = run(state, Pick("siege-tower"), Pick("catapult"), Confirm())
    assert state.assault.outcome == "success"


def test_a_given_card_passes_unseen():
    """A player without a castle may give cards away: the card changes hands, the table still does not see it."""
    state = table(3, hands={0: []}, mode="table")
    players = list(state.players)
    players[2] = replace(players[2], out=True)
    state = with_unseen(replace(state, players=tuple(players)), 2, VILLAGE)
    state = replace(state, pending=(Pending("give", seat=2),))
    assert Give(VILLAGE, 0) in game.legal_actions(state)
    state = game.apply(state, Give(VILLAGE, 0))
    assert state.players[0].hand == (VILLAGE,) and state.unseen_loot == 1


def test_stationing_names_the_defender():
    """Defense: the Bowmen go under a Wall, face up: named then."""
    state = with_unseen(table(2, mode="table"), 0, VILLAGE)
    assert Station("bowmen-red", 1) in game.legal_actions(state)
    state = game.apply(state, Station("bowmen-red", 1))
    assert state.players[0].fortress[1].stationed == ("bowmen-red",) and state.unseen_loot == 0


def test_digital_draws_still_name_the_card():
    state = game.apply(table(2, hands={0: ["gold"]}), Buy())
    outcomes = [action.card for action, _ in game.chance_outcomes(state)]
    assert len(outcomes) > 1 and VILLAGE not in outcomes


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_card_is_accounted_for_and_named_only_once_played(seats):
    """Random table-mode games: every unseen card in a hand is one of the unseen
    cards of its deck, so the 110 always add up; nothing played is left unnamed."""
    for seed in range(3):
        state = game.setup(config(seats, "table"))
        rng = random.Random(seed)
        ply = 0
        named_on_the_way = 0
        while game.to_move(state) is not None:
            if game.to_move(state) == CHANCE:
                action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
            else:
                action = rng.choice(game.legal_actions(state))
            before = sum(p.hand.count(VILLAGE) for p in state.players)
            state = game.apply(state, action)
            named_on_the_way += max(0, before - sum(p.hand.count(VILLAGE) for p in state.players))
            ply += 1
            found = cards_in_play(state)
            face_down = found.pop(FACE_DOWN, 0)
            unseen = {deck: found.pop(placeholder, 0) for deck, placeholder in UNSEEN.items()}
            turning_up = sum(
                p.count for p in state.pending if p.kind in ("deal", "draw") and p.source == "reveal"
            )
            assert face_down + unseen["village"] + turning_up == state.unseen_loot
            assert unseen["siege"] <= len(state.siege_deck) and unseen["academy"] <= len(state.academy_deck)
            assert found == ALL_CARDS
            assert all(card not in UNSEEN.values() for card in state.discard)
            assert ply < 20_000
        assert named_on_the_way > 0


def test_a_bot_holding_unseen_cards_does_not_fail():
    """A bot seat at a real table (offered only with a note) may hold unseen
    cards: the bots read a placeholder as a card of no kind and play on."""
    from castletui.rules.core import bots

    state = game.setup(config(3, "table"))
    rng = random.Random(1)
    for ply in range(400):
        if game.to_move(state) is None:
            break
        if game.to_move(state) == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(1, ply))
        else:
            action = bots.choose(game, state, "normal", rng)
        state = game.apply(state, action)
    assert any(UNSEEN["village"] in player.hand for player in state.players) or game.to_move(state) is None
