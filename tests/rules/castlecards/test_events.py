"""The decision stack (its top is its last item) and the event log: each
automatic step that changes the game records an event, and ``effects``
tells it in the log right after the action that set it off."""

import random

import castletui.rules.castlecards as game
from castletui.rules.castlecards.state import (
    Attack,
    Buy,
    Confirm,
    Discard,
    Draw,
    Explore,
    King,
    Pass,
    Pick,
    Station,
)
from castletui.rules.core import CHANCE, chance_rng, name_seats, sample_outcome
from msgspec.structs import replace

from tests.rules.castlecards.helpers import config, run, table

NAMES = ["Ann", "Bo", "Cy", "Di"]


def told(state, action):
    """(the state after ``action``, the log lines of what the rules then did by themselves)."""
    if isinstance(action, str):
        action = Draw(action)
    after = run(state, action)
    return after, [name_seats(line, NAMES) for line in game.effects(state, action, after)]


def _fall(state, seat):
    """``seat``'s Castle fell earlier."""
    player = state.players[seat]
    fortress = (replace(player.fortress[0], standing=False),) + player.fortress[1:]
    fallen = replace(player, out=True, fortress=fortress)
    return replace(state, players=state.players[:seat] + (fallen,) + state.players[seat + 1 :])


# --- the decision stack -----------------------------------------------------------


def test_the_top_of_the_stack_is_its_last_item():
    state = game.setup(config(2))
    assert state.pending[-1].kind == "first" and game.to_move(state) == CHANCE
    assert state.pending[0].kind == "start-turn"  # the first turn waits under the deal
    state = run(state, game.legal_actions(state)[0])
    assert state.pending[-1].kind == "draw" and state.pending[-1].target == 0
    turn = table(2, hands={0: ["king"]})
    assert [step.kind for step in turn.pending] == ["end-action", "action"]
    assert game.to_move(turn) == turn.pending[-1].seat == 0


def test_an_action_starts_with_no_events_of_the_one_before():
    state, lines = told(table(2, hands={0: ["gold"]}), Discard("gold"))
    assert state.events and lines
    state, lines = told(state, "duke")
    assert state.events == () and lines == []


# --- one line per automatic step ------------------------------------------------


def test_a_new_turn_begins():
    _, lines = told(table(2, hands={0: ["gold"]}), Discard("gold"))
    assert lines == ["Bo's turn begins."]


def test_the_king_leaves_more_actions():
    state, lines = told(table(2, hands={0: ["king", "gold", "gold"]}), King())
    assert lines == ["Ann has 2 more actions this turn."]
    _, lines = told(state, Discard("gold"))
    assert lines == ["Ann has 1 more action this turn."]


def test_the_discards_are_reshuffled_into_a_new_village_deck():
    state = table(2, hands={0: ["gold"]})
    state = replace(
        state, village_deck=(), discard=("king", "catapult", "trap", "duke", "dungeon-1-2", "ballista")
    )
    _, lines = told(state, Buy())
    assert lines == [
        "The discards are shuffled into a new Village deck of 3 cards; 4 cards go back under the other decks."
    ]


def test_an_empty_village_deck_and_discards_give_no_card():
    state = replace(table(2), village_deck=(), discard=())
    _, lines = told(state, Pass())
    assert lines == ["Bo's turn begins.", "The Village deck and the discards are empty: Bo gets no card."]


def test_a_repelled_attack_ends_the_turn():
    state = run(table(2, hands={0: ["soldiers-red-2"]}), Attack(1, 1), Pick("soldiers-red-2"))
    _, lines = told(state, Confirm())
    assert lines == [
        "2 swords against 2 shields: the attack on Bo's Wall 1 fails.",
        "The attack cards go to the discards; a repelled attack ends Ann's turn.",
        "Bo's turn begins.",
    ]


def test_a_routed_garrison_goes_to_the_discards():
    state = table(
        2, hands={0: ["soldiers-red-2", "bowmen-red"]}, stationed={(1, 1): ["bowmen-blue", "bowmen-blue"]}
    )
    state = run(state, Attack(1, 1, True), Pick("soldiers-red-2"), Pick("bowmen-red"))
    _, lines = told(state, Confirm())
    assert lines == [
        "3 swords against 2 shields: the attack on the units on Bo's Wall 1 succeeds.",
        "The 2 units on Bo's Wall 1 go to the discards.",
        "Bo's turn begins.",
    ]


def test_a_wall_falls_with_its_defenders():
    state = table(2, hands={0: ["catapult", "soldiers-red-2"]}, stationed={(1, 1): ["bowmen-blue"]})
    state = run(state, Attack(1, 1), Pick("catapult"), Pick("soldiers-red-2"))
    _, lines = told(state, Confirm())
    assert lines == [
        "5 swords against 3 shields: the attack on Bo's Wall 1 succeeds.",
        "Bo's Wall 1 falls, its 1 defender to the discards.",
    ]


def test_a_fallen_castles_loot_moves_to_the_victor_and_the_rest_to_its_hand():
    state = table(
        4,
        hands={1: ["catapult", "soldiers-blue-2"]},
        turn=1,
        walls={0: 0},
        loot={0: ["gold", "builders", "duke"], 2: ["king"]},
    )
    state = run(state, Attack(0, 0), Pick("catapult"), Pick("soldiers-blue-2"))
    state, lines = told(state, Confirm())
    assert lines == [
        "5 swords against 3 shields: the attack on Ann's Castle succeeds.",
        "Ann's Castle falls: Ann is out of the game, every defender to the discards.",
        "Bo takes the Castle's loot card and 2 of Ann's 3 loot cards, drawn blind.",
    ]
    state = run(state, "night", "gold")
    _, lines = told(state, "duke")
    assert lines == ["Ann keeps the rest of their loot: 1 card into hand.", "Cy's turn begins."]


def test_once_two_castles_remain_everyone_takes_their_loot_into_hand():
    state = table(
        3,
        hands={1: ["catapult", "soldiers-blue-2"]},
        turn=1,
        walls={0: 0},
        loot={0: ["gold", "builders"], 1: ["night"], 2: ["king"]},
    )
    state = run(state, Attack(0, 0), Pick("catapult"), Pick("soldiers-blue-2"), Confirm(), "duke")
    _, lines = told(state, "gold")
    assert lines == [
        "Ann keeps the rest of their loot: 1 card into hand.",
        "Two castles remain: Bo takes their 2 loot cards into hand.",
        "Two castles remain: Cy takes their 1 loot card into hand.",
        "Cy's turn begins.",
    ]


def test_the_last_castle_standing_ends_the_game():
    state = table(2, hands={0: ["catapult", "soldiers-red-2"]}, walls={1: 0})
    state = run(state, Attack(1, 0), Pick("catapult"), Pick("soldiers-red-2"))
    _, lines = told(state, Confirm())
    assert lines == [
        "5 swords against 3 shields: the attack on Bo's Castle succeeds. Ann's castle is the last one standing!",
        "Bo's Castle falls: Bo is out of the game, every defender to the discards.",
        "The game is over: the last castle standing wins.",
    ]


def test_the_last_team_standing_wins_together():
    state = _fall(table(4, hands={0: ["catapult", "soldiers-red-2"]}, walls={1: 0}, teams=True), 3)
    state = run(state, Attack(1, 0), Pick("catapult"), Pick("soldiers-red-2"), Confirm())
    assert game.to_move(state) is None
    lines = [name_seats(line, NAMES) for line in game.effects(state, Confirm(), state)]
    assert lines[-1] == "The game is over: Ann's team holds the last castles standing and wins together."


def test_a_dungeon_beaten_gives_its_treasure():
    state = replace(table(2, hands={0: ["explorers-1", "explorers-2"]}), open_dungeon="dungeon-2-2")
    state = run(state, Explore(), Pick("explorers-1"), Pick("explorers-2"))
    _, lines = told(state, Confirm())
    assert lines == [
        "The dungeon is beaten: Ann draws 2 Village cards of treasure; "
        "the Explorers and the dungeon go to the discards."
    ]


def test_a_dungeon_that_holds_stays_face_up():
    state = replace(table(2, hands={0: ["explorers-2"]}), open_dungeon="dungeon-2-2")
    state = run(state, Explore(), Pick("explorers-2"))
    _, lines = told(state, Confirm())
    assert lines == ["The Explorers go to the discards; the dungeon stays face up.", "Bo's turn begins."]


def test_a_fallen_players_turn_is_for_giving_cards_away():
    state = _fall(table(3, hands={0: ["gold"]}, turn=2), 0)
    _, lines = told(state, Pass())
    assert lines == ["Ann's turn: their Castle has fallen, so they may only give cards away."]


def test_the_round_limit_ends_the_game():
    state = table(2, hands={0: ["bowmen-red"]}, round_limit=1)
    state = run(state, Station("bowmen-red", 1), "duke")
    _, lines = told(state, Discard("duke"))
    assert lines == ["The round limit (1 round) is reached: the game ends."]


# --- what the log may hold --------------------------------------------------------


def test_events_name_no_card_and_every_seat_sees_them():
    """The log is read by everyone: an event holds counts, seats and piles,
    never a card's name but those an attack shows to all when it is weighed
    (a Night attack's, revealed: every seat's view holds them then);
    ``view`` leaves the events as they are."""
    piles = {"village", "siege", "academy", "dungeon", "loot", "reveal"}
    kinds = set()
    for seats in (2, 3, 4):
        state = game.setup(config(seats))
        chooser = random.Random(seats)
        ply = 0
        while game.to_move(state) is not None:
            if game.to_move(state) == CHANCE:
                action = sample_outcome(game.chance_outcomes(state), chance_rng(seats, ply))
            else:
                action = chooser.choice(game.legal_actions(state))
            state = game.apply(state, action)
            ply += 1
            for event in state.events:
                kinds.add(event.kind)
                shown = [c.card for c in state.assault.cards] if event.kind == "attack-weighed" else []
                names = [item for item in event.detail if not isinstance(item, int)]
                assert all(item in piles for item in names) or names == shown, event
                if names:
                    assert state.assault.revealed and state.assault.night
                assert game.effects(state, action, state)  # every kind has its line
            assert game.view(state, 0).events == state.events
    assert {"turn", "repelled", "won", "attack-weighed"} <= kinds
