"""Castlecards loot and elimination by player count, fallen players (giving
cards, support, the Thief, no win), the last castle standing, and the round
limit option."""

import castletui.rules.castlecards as game
import pytest
from castletui.rules.castlecards.edition import HIDDEN
from castletui.rules.castlecards.state import (
    Attack,
    Buy,
    Confirm,
    Discard,
    EndTurn,
    Give,
    Pass,
    Pending,
    Pick,
    PlayThief,
    Station,
)
from castletui.rules.core import CHANCE, IllegalAction
from msgspec.structs import replace

from tests.rules.castlecards.helpers import run, table


def _fall(state, seat):
    """Mark ``seat``'s Castle as fallen (as if beaten earlier)."""
    player = state.players[seat]
    fortress = (replace(player.fortress[0], standing=False),) + player.fortress[1:]
    return replace(
        state,
        players=state.players[:seat]
        + (replace(player, out=True, fortress=fortress),)
        + state.players[seat + 1 :],
    )


def test_with_four_players_loot_is_face_down_and_the_victor_takes_half_the_fallen_loot():
    state = table(
        4,
        hands={1: ["catapult", "soldiers-blue-2"]},
        turn=1,
        walls={0: 0},
        loot={0: ["gold", "builders", "duke"], 2: ["king"]},
    )
    state = run(state, Attack(0, 0), Pick("catapult"), Pick("soldiers-blue-2"), Confirm())
    assert state.assault.outcome == "success"
    assert state.players[0].out
    # The Castle's own loot card, face down: three castles still stand.
    top = state.pending[-1]
    assert (top.source, top.dest, top.target) == ("village", "loot", 1)
    state = run(state, "night")
    # Half of 3, rounded up, drawn blind from the fallen player's loot.
    top = state.pending[-1]
    assert (top.source, top.source_seat, top.count, top.dest) == ("loot", 0, 2, "loot")
    assert dict((a.card, p) for a, p in game.chance_outcomes(state)) == pytest.approx(
        {"builders": 1 / 3, "duke": 1 / 3, "gold": 1 / 3}
    )
    state = run(state, "gold", "duke")
    assert state.players[1].loot == ("duke", "gold", "night")
    assert state.players[0].hand == ("builders",)  # the fallen keep the rest in hand
    assert state.players[0].loot == ()
    assert state.players[2].loot == ("king",)  # three castles remain: loot stays face down
    assert game.view(state, 1).players[1].loot == (HIDDEN,) * 3
    assert state.turn == 2


def test_with_three_players_two_castles_left_take_their_loot_into_hand():
    state = table(
        3,
        hands={1: ["catapult", "soldiers-blue-2"]},
        turn=1,
        walls={0: 0},
        loot={0: ["gold", "builders"], 1: ["night"], 2: ["king"]},
    )
    state = run(state, Attack(0, 0), Pick("catapult"), Pick("soldiers-blue-2"), Confirm())
    assert state.pending[-1].dest == "hand"  # only two castles remain: loot goes to hand
    state = run(state, "duke", "gold")
    assert state.players[1].hand == ("duke", "gold", "night")
    assert state.players[1].loot == ()
    assert state.players[2].hand == ("king",) and state.players[2].loot == ()
    assert state.players[0].hand == ("builders",)
    assert not game.result(state).finished


def test_with_three_players_a_fallen_wall_gives_face_down_loot():
    state = table(3, hands={0: ["catapult"]})
    state = run(state, Attack(1, 1), Pick("catapult"), Confirm())
    assert state.pending[-1].dest == "loot"
    state = run(state, "gold")
    assert state.players[0].loot == ("gold",) and state.players[0].hand == ()


def test_a_castle_behind_its_last_wall_needs_an_assault_weapon():
    state = table(
        4,
        hands={1: ["trebuchet", "catapult"]},
        turn=1,
        walls={0: 1},
        stationed={(0, 1): ["bowmen-red"], (0, 0): ["soldiers-red-1"]},
    )
    assert Attack(0, 0) not in game.legal_actions(state)  # a Wall stands and no assault weapon


def test_a_fallen_castle_discards_the_defenders_of_its_standing_walls():
    state = table(
        4,
        hands={1: ["battering-ram", "catapult"]},
        turn=1,
        walls={0: 1},
        stationed={(0, 1): ["bowmen-red"], (0, 0): ["soldiers-red-1"]},
    )
    state = run(state, Attack(0, 0), Pick("battering-ram"), Pick("catapult"), Confirm())
    assert state.assault.outcome == "success"  # 5 against 3 + 1
    fallen = state.players[0]
    assert fallen.out and all(card.stationed == () for card in fallen.fortress)
    assert {"bowmen-red", "soldiers-red-1"} <= set(state.discard)


def test_a_fallen_player_draws_nothing_and_may_only_give_cards_away():
    state = _fall(table(3, hands={0: ["gold", "king"]}, turn=2), 0)
    state = run(state, Pass())
    # seat 2 had nothing to do; now the fallen seat 0: no draw, a "give" decision
    assert game.to_move(state) == 0 and state.pending[-1].kind == "give"
    legal = game.legal_actions(state)
    assert Give("gold", 1) in legal and Give("gold", 2) in legal and EndTurn() in legal
    assert not any(isinstance(a, (Attack, Buy)) for a in legal)
    with pytest.raises(IllegalAction, match="give cards away"):
        game.apply(state, Buy())
    with pytest.raises(IllegalAction, match="Castle still stands"):
        game.apply(state, Give("gold", 0))
    state = run(state, Give("gold", 1))
    assert state.players[1].hand == ("gold",) and game.to_move(state) == 0
    state = run(state, EndTurn())
    assert state.turn == 1 and game.to_move(state) == CHANCE


def test_a_fallen_player_with_no_cards_is_skipped():
    state = _fall(table(3, turn=2), 0)
    state = run(state, game.legal_actions(state)[0])  # seat 2 passes
    assert state.turn == 1


def test_a_fallen_player_still_supports_attacks_and_plays_the_thief():
    state = _fall(table(3, hands={0: ["catapult", "thief"], 1: ["bowmen-blue", "gold"]}, turn=1), 0)
    state = run(state, Attack(2, 1), Pick("bowmen-blue"), Confirm())
    assert game.to_move(state) == 0 and state.pending[-1].purpose == "support"
    state = run(state, Pick("catapult"), Confirm())
    assert state.assault.outcome == "success"
    state = run(state, "night")  # the attacker's loot
    # Next: seat 2's turn. Later seat 1 buys and the fallen seat 0 steals the Gold.
    state = replace(state, pending=(Pending("end-action"), Pending("action", seat=1)), turn=1)
    state = run(state, Buy())
    assert game.to_move(state) == 0
    state = run(state, PlayThief())
    assert state.players[0].hand == ("gold",)


def test_the_last_castle_standing_wins_and_a_fallen_player_cannot():
    state = _fall(
        table(3, hands={1: ["catapult", "soldiers-blue-2"], 0: ["trebuchet"]}, turn=1, walls={2: 0}), 0
    )
    state = run(state, Attack(2, 0), Pick("catapult"), Pick("soldiers-blue-2"), Confirm())
    assert game.to_move(state) == 0 and state.pending[-1].purpose == "support"  # fallen, still asked
    state = run(state, Confirm())
    assert game.to_move(state) is None
    assert game.legal_actions(state) == []
    result = game.result(state)
    assert result.finished and result.winners == (1,)
    assert result.scores[0] == 0 and result.scores[2] == 0
    with pytest.raises(IllegalAction, match="over"):
        game.apply(state, Confirm())


def test_the_round_limit_ends_the_game_on_shields_standing():
    state = table(2, hands={0: ["bowmen-red"]}, walls={1: 2}, round_limit=1)
    state = run(state, Station("bowmen-red", 1), "duke", Discard("duke"))
    assert game.to_move(state) is None and state.ended_by == "round-limit"
    result = game.result(state)
    assert result.finished and result.winners == (0,)
    assert "round limit" in result.decided_by
    assert [line.label for line in result.lines] == [
        "Castle shields (with defenders)",
        "Wall shields (with defenders)",
    ]


def test_an_interim_result_while_the_game_runs():
    result = game.result(table(2))
    assert not result.finished and result.winners == ()
    assert result.scores == (9.0, 9.0)
