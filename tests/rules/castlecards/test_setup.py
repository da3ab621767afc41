"""Castlecards: the card list, set-up by player count, the first player, and
what ``view`` hides."""

import castletui.rules.castlecards as game
import msgspec
import pytest
from castletui.rules.castlecards.edition import CARDS, EDITION, HIDDEN, deck_cards, total_cards
from castletui.rules.castlecards.state import Attack, Committed, Confirm, FirstPlayer, NightAttack, Pick
from castletui.rules.core import CHANCE, IllegalAction

from tests.rules.castlecards.helpers import ALL_CARDS, config, run, table


def test_the_card_list_adds_up_to_110():
    assert total_cards() == 110
    assert len(deck_cards("village")) == 64
    assert len(deck_cards("siege")) == 10
    assert len(deck_cards("academy")) == 10
    assert len(deck_cards("dungeon")) == 10
    assert len(EDITION.fortress.colours) * (1 + EDITION.fortress.walls_per_colour) == 16


def test_village_cards_match_the_spec_table():
    by_kind: dict[str, int] = {}
    for card in CARDS.values():
        if card.deck == "village":
            by_kind[card.kind] = by_kind.get(card.kind, 0) + card.count
    assert by_kind == {
        "soldiers": 16,
        "bowmen": 16,
        "gold": 10,
        "builders": 6,
        "explorers": 6,
        "duke": 4,
        "king": 2,
        "thief": 2,
        "night": 2,
    }
    for colour in EDITION.fortress.colours:
        soldiers = [c for c in CARDS.values() if c.kind == "soldiers" and c.colour == colour]
        assert sorted((c.strength, c.count) for c in soldiers) == [(1, 2), (2, 2)]
        bowmen = [c for c in CARDS.values() if c.kind == "bowmen" and c.colour == colour]
        assert [(c.strength, c.count) for c in bowmen] == [(1, 4)]
    torches = sorted((c.torches, c.count) for c in CARDS.values() if c.kind == "explorers")
    assert torches == [(1, 4), (2, 2)]


def test_siege_academy_and_dungeon_match_the_spec():
    siege = {c.name: (c.strength, c.count, c.assault) for c in CARDS.values() if c.deck == "siege"}
    assert siege == {
        "battering-ram": (2, 2, "last-wall"),
        "siege-tower": (1, 2, "any"),
        "catapult": (3, 3, ""),
        "ballista": (2, 2, ""),
        "trebuchet": (4, 1, ""),
    }
    dungeons = sorted((c.danger, c.treasure, c.count) for c in CARDS.values() if c.deck == "dungeon")
    assert dungeons == [(0, 1, 2), (1, 2, 3), (2, 2, 2), (3, 3, 2), (4, 4, 1)]
    academy = {c.name: c.count for c in CARDS.values() if c.deck == "academy"}
    assert academy == {"trap": 3, "shield-wall": 3, "sabotage": 2, "boiling-oil": 2}


def test_info_and_options():
    assert game.INFO.id == "castlecards"
    assert game.INFO.title == "Castlecards"
    assert [(v.name, v.min_seats, v.max_seats) for v in game.INFO.variants] == [
        ("two-player", 2, 2),
        ("multi-player", 3, 4),
    ]
    assert game.INFO.option("weapons_defend").default is True
    assert game.INFO.option("round_limit").default == 0
    assert game.INFO.edition.startswith("Castlecards")


def test_bad_configs_are_refused():
    from castletui.rules.core import Config

    with pytest.raises(IllegalAction):
        game.setup(Config("two-player", 3))
    with pytest.raises(IllegalAction):
        game.setup(Config("multi-player", 2))
    with pytest.raises(IllegalAction):
        game.setup(Config("two-player", 2, {"no_such_option": True}))


def test_two_players_set_up_castle_three_walls_four_village_one_academy():
    state = game.setup(config(2))
    assert game.to_move(state) == CHANCE
    outcomes = game.chance_outcomes(state)
    assert outcomes == [(FirstPlayer(0), 0.5), (FirstPlayer(1), 0.5)]
    state = game.apply(state, FirstPlayer(1))
    for _ in range(2 * 4 + 2):
        assert game.to_move(state) == CHANCE
        assert abs(sum(p for _, p in game.chance_outcomes(state)) - 1) < 1e-9
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    # Now the first player's turn draw.
    assert state.turn == 1
    for player in state.players:
        assert [card.kind for card in player.fortress] == ["castle", "wall", "wall", "wall"]
        village = [c for c in player.hand if CARDS[c].deck == "village"]
        academy = [c for c in player.hand if CARDS[c].deck == "academy"]
        assert len(village) == 4 and len(academy) == 1
    assert state.pending[-1].kind == "draw" and state.pending[-1].target == 1
    assert len(state.village_deck) == 64 - 8
    assert len(state.academy_deck) == 8


@pytest.mark.parametrize("seats", [3, 4])
def test_three_or_four_players_set_up_castle_two_walls_five_village(seats):
    state = game.setup(config(seats))
    assert len(game.chance_outcomes(state)) == seats
    state = game.apply(state, FirstPlayer(seats - 1))
    for _ in range(5 * seats):
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    assert state.turn == seats - 1
    for player in state.players:
        assert [card.kind for card in player.fortress] == ["castle", "wall", "wall"]
        assert len(player.hand) == 5
        assert all(CARDS[c].deck == "village" for c in player.hand)
    assert len(state.academy_deck) == 10
    assert state.pending[-1].target == seats - 1  # the first turn starts with a draw


def test_chance_draw_probabilities_follow_the_multiset():
    state = game.setup(config(2))
    state = game.apply(state, FirstPlayer(0))
    outcomes = dict((a.card, p) for a, p in game.chance_outcomes(state))
    assert outcomes["gold"] == pytest.approx(10 / 64)
    assert outcomes["king"] == pytest.approx(2 / 64)
    assert sum(outcomes.values()) == pytest.approx(1)
    with pytest.raises(IllegalAction):
        game.apply(state, FirstPlayer(0))


def test_view_hides_other_hands_loot_and_decks():
    state = table(
        3,
        hands={0: ["gold", "catapult"], 1: ["trap", "king"], 2: ["night"]},
        loot={0: ["duke"], 1: ["builders", "gold"]},
    )
    seen = game.view(state, 0)
    assert seen.players[0].hand == state.players[0].hand
    assert seen.players[1].hand == (HIDDEN, HIDDEN)
    assert seen.players[2].hand == (HIDDEN,)
    assert seen.players[0].loot == (HIDDEN,)  # even one's own loot is face down
    assert seen.players[1].loot == (HIDDEN, HIDDEN)
    assert seen.village_deck == (HIDDEN,) * len(state.village_deck)
    assert seen.siege_deck == (HIDDEN,) * len(state.siege_deck)
    assert type(seen) is type(state)
    msgspec.json.encode(seen)  # still a plain, encodable state


def test_view_hides_night_attack_cards_until_revealed():
    state = table(2, hands={0: ["night", "catapult"], 1: ["trap"]})
    state = run(state, NightAttack(1, 1), Pick("catapult"), Confirm())
    assert game.to_move(state) == 1  # the defender reacts, blind
    assert game.view(state, 1).assault.cards == (Committed(0, HIDDEN),)
    assert game.view(state, 0).assault.cards == (Committed(0, "catapult"),)
    state = run(state, Confirm())
    assert state.assault.revealed and game.view(state, 1).assault.cards == (Committed(0, "catapult"),)


def test_view_hides_cards_still_being_chosen():
    state = table(2, hands={0: ["soldiers-red-2", "bowmen-red"]})
    state = run(state, Attack(1, 1), Pick("soldiers-red-2"))
    assert game.view(state, 1).pending[-1].selected == (HIDDEN,)
    assert game.view(state, 0).pending[-1].selected == ("soldiers-red-2",)


def test_states_round_trip_through_json_and_toml():
    state = table(3, hands={0: ["gold"], 1: ["trap"]}, loot={2: ["king"]})
    assert msgspec.json.decode(msgspec.json.encode(state), type=game.State) == state
    assert msgspec.toml.decode(msgspec.toml.encode(state), type=game.State) == state


def test_the_helper_table_keeps_all_110_cards():
    from tests.rules.castlecards.helpers import cards_in_play

    state = table(4, hands={0: ["gold"]}, stationed={(1, 1): ["bowmen-blue"]}, loot={2: ["king"]})
    assert cards_in_play(state) == ALL_CARDS


def test_log_lines_never_name_a_hidden_card():
    from castletui.rules.castlecards.state import Draw, Give
    from castletui.rules.core import name_seats

    state = game.setup(config(2))
    state = game.apply(state, FirstPlayer(0))
    line = name_seats(game.describe(state, Draw("king")))
    assert line == "Player 1 draws a Village card." and "King" not in line
    night = run(table(2, hands={0: ["night", "catapult"], 1: ["trap"]}), NightAttack(1, 1))
    assert "Catapult" not in game.describe(night, Pick("catapult"))
    assert "Catapult" not in game.describe(run(night, Pick("catapult")), Confirm())
    fallen = table(3, hands={0: ["gold"]})
    assert "Gold" not in game.describe(fallen, Give("gold", 1))


def test_labels_are_short_and_name_seats_by_reference():
    state = table(2, hands={0: ["gold", "catapult"]})
    labels = [game.label(state, action) for action in game.legal_actions(state)]
    assert "Buy: 1 Gold for 2 cards" in labels
    assert "Attack {P1}'s Wall 1" in labels
