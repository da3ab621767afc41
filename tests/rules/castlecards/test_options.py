"""Castlecards options: ask everyone (no hint of who holds a Thief or an
Academy card), team play with 4 players, and the bot's team manners."""

import random

import castletui.rules.castlecards as game
import pytest
from castletui.rules.castlecards.state import Attack, Buy, Confirm, Decline, Pick, PlayThief
from castletui.rules.core import CHANCE, Config, IllegalAction, bots, chance_rng, sample_outcome
from msgspec.structs import replace

from tests.rules.castlecards.helpers import config, run, table


def test_ask_everyone_is_the_default_and_asks_each_seat_at_a_thief_window_in_turn_order():
    """Rulebook (seeds/003_fe56a2aaebf453b7.txt, Playing the Thief): "the
    player that holds the thief can play it"; asking only the holder would
    tell the table who holds it. By default every seat with cards is asked
    in turn, and one without a Thief has one plain pass."""
    state = table(3, hands={0: ["gold"], 1: ["duke"], 2: ["thief"]})
    assert state.ask_everyone
    state = run(state, Buy())
    assert game.to_move(state) == 1  # no Thief, asked all the same
    assert game.legal_actions(state) == [Decline()]
    assert game.label(state, Decline()) == "Pass (no Thief to play)"
    with pytest.raises(IllegalAction, match="no Thief"):
        game.apply(state, PlayThief())
    state = run(state, Decline())
    assert game.to_move(state) == 2
    assert game.label(state, Decline()) == "Let the Gold go"
    state = run(state, PlayThief())
    assert state.players[2].hand == ("gold",)


def test_ask_everyone_skips_a_seat_with_an_empty_hand():
    """Everyone sees a hand is empty: asking it would reveal nothing."""
    state = run(table(3, hands={0: ["gold"], 2: ["duke"]}), Buy())
    assert game.to_move(state) == 2 and game.legal_actions(state) == [Decline()]


def test_ask_everyone_asks_supporters_and_the_defender_without_cards():
    """Rulebook, Support an Attack: "the other players have the possibility
    of sending attack units" and "Once they all have decided to intervene
    or not, the victim will have the chance to react": each is asked, a
    seat without attack or Academy cards with a single pass."""
    state = table(3, hands={0: ["catapult"], 1: ["gold"], 2: ["duke"]})
    state = run(state, Attack(1, 1), Pick("catapult"), Confirm())
    assert game.to_move(state) == 2 and game.legal_actions(state) == [Confirm()]
    assert game.label(state, Confirm()) == "Pass (no attack cards)"
    assert "does not join" in game.describe(state, Confirm())  # the same words as a holder's no
    state = run(state, Confirm())
    assert game.to_move(state) == 1 and state.pending[-1].purpose == "react"
    assert game.legal_actions(state) == [Confirm()]
    assert game.label(state, Confirm()) == "Pass (no Academy cards)"
    state = run(state, Confirm())
    assert state.assault.outcome == "success"


def test_without_the_option_only_holders_are_asked():
    state = run(table(3, hands={0: ["gold"], 1: ["duke"]}, ask_everyone=False), Buy())
    assert game.to_move(state) == CHANCE
    state = table(3, hands={0: ["catapult"], 1: ["gold"], 2: ["duke"]}, ask_everyone=False)
    state = run(state, Attack(1, 1), Pick("catapult"), Confirm())
    assert state.assault.outcome == "success"


def test_team_play_needs_four_players():
    with pytest.raises(IllegalAction, match="4 players"):
        game.setup(Config("multi-player", 3, {"teams": True}))
    with pytest.raises(IllegalAction):
        game.setup(Config("two-player", 2, {"teams": True}))
    assert game.setup(Config("multi-player", 4, {"teams": True})).teams


def _fall(state, seat):
    player = state.players[seat]
    fortress = (replace(player.fortress[0], standing=False),) + player.fortress[1:]
    players = (
        state.players[:seat] + (replace(player, out=True, fortress=fortress),) + state.players[seat + 1 :]
    )
    return replace(state, players=players)


def test_a_team_wins_together_when_the_other_team_has_no_castle_left():
    state = _fall(table(4, hands={0: ["catapult", "soldiers-red-2"]}, walls={3: 0}, teams=True), 1)
    state = run(state, Attack(3, 0), Pick("catapult"), Pick("soldiers-red-2"), Confirm())
    assert game.to_move(state) is None
    result = game.result(state)
    assert result.winners == (0, 2)
    assert "team" in result.decided_by


def test_without_teams_the_game_goes_on_with_three_castles():
    state = _fall(table(4, hands={0: ["catapult", "soldiers-red-2"]}, walls={3: 0}), 1)
    state = run(state, Attack(3, 0), Pick("catapult"), Pick("soldiers-red-2"), Confirm())
    assert game.to_move(state) == CHANCE  # the loot; two castles remain and play on


def test_the_team_bot_does_not_attack_or_rob_its_partner():
    state = table(4, hands={0: ["catapult"]}, walls={2: 0}, teams=True)
    action = bots.choose(game, state, "normal", random.Random(0))
    assert not (isinstance(action, Attack) and action.target == 2)
    robbed = run(table(4, hands={2: ["gold"], 0: ["thief"]}, turn=2, teams=True), Buy())
    assert game.to_move(robbed) == 0
    assert bots.choose(game, robbed, "normal", random.Random(0)) == Decline()


def test_team_games_with_bots_reach_the_end():
    for seed in range(4):

        def choose(state, rng):
            return bots.choose(game, state, "normal", rng)

        state = game.setup(config(4, teams=True))
        assert state.teams
        final, _ = _playout_from(state, seed, choose)
        result = game.result(final)
        assert result.finished
        assert result.winners in ((0, 2), (1, 3))


def _playout_from(state, seed, choose):
    rng = random.Random(seed)
    ply = 0
    while game.to_move(state) is not None:
        if game.to_move(state) == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = choose(state, rng)
        state = game.apply(state, action)
        ply += 1
        assert ply < 5000
    return state, ply


def test_random_games_with_every_option_away_from_its_default_end():
    for seed in range(5):
        state = game.setup(config(4, teams=True, ask_everyone=False, weapons_defend=False))
        final, _ = _playout_from(state, seed, lambda s, rng: rng.choice(game.legal_actions(s)))
        assert game.result(final).finished


def test_the_round_limit_is_a_whole_number_from_0_to_200():
    assert game.setup(config(2, round_limit=200)).round_limit == 200
    for wrong in (-1, 201):
        with pytest.raises(IllegalAction, match="0 to 200"):
            game.setup(config(2, round_limit=wrong))
