"""Castle Raisers rulings where the rulebook leaves the players a choice (set-up
options): each player's Threat cards, the start player, and castletui's own
Threat cards. The rulebook is ``seeds/000_b1469f6f1c1c5ef1.txt``; the spec
``games/castle-raisers.md``."""

from __future__ import annotations

import castletui.rules.castle_raisers as engine
import pytest
from castletui.rules.castle_raisers.edition import OWN_THREATS, THREATS
from castletui.rules.castle_raisers.state import DrawStartPlayer, DrawThreat
from castletui.rules.castle_raisers.text import label
from castletui.rules.core import CHANCE, Config, IllegalAction


def threat_draws(state):
    """How many Threat cards each seat has still to draw at set-up (once the start
    player is known: the rest of the set-up is laid out from them)."""
    if state.pending[-1].kind == "draw_start_player":
        state = engine.apply(state, DrawStartPlayer(0))
    counts = [0] * state.seats
    for task in state.pending[::-1]:
        if task.kind == "draw_threat":
            counts[task.seat] += 1
    return counts


def draw_every_threat(state):
    """Answer the set-up decisions (chance and players alike: the first choice) up to
    the last Threat card."""
    if state.pending[-1].kind == "draw_start_player":
        state = engine.apply(state, DrawStartPlayer(0))
    while any(task.kind == "draw_threat" for task in state.pending[::-1]):
        state = engine.apply(state, engine.legal_actions(state)[0])
    return state


# --- Threat cards per player ---------------------------------------------------------------


def test_each_player_draws_one_threat_card_by_default():
    """Goal and Difficulty: "For your first game, it is suggested that each player
    draw 1 Threat card" (seeds/000_b1469f6f1c1c5ef1.txt)."""
    assert threat_draws(engine.setup(Config("cooperative", 3))) == [1, 1, 1]
    assert threat_draws(engine.setup(Config("solo", 1))) == [1]


def test_threat_difficulty_is_chosen_per_player():
    """Goal and Difficulty: "any number of players may choose not to draw a card; to
    raise the difficulty, any number of players may choose to draw 2 (or more)"
    (seeds/000_b1469f6f1c1c5ef1.txt): each player has their own number."""
    config = Config("cooperative", 4, options={"threats_player_1": 0, "threats_player_3": 3})
    state = engine.setup(config)
    assert threat_draws(state) == [0, 1, 3, 1]
    state = draw_every_threat(state)
    assert [len(castle.threats) for castle in state.castles] == [0, 1, 3, 1]
    assert state.threats_by_seat == (0, 1, 3, 1)


def test_no_threat_card_at_all_is_difficulty_zero():
    """Goal and Difficulty: "any number of players may choose not to draw a card"
    (seeds/000_b1469f6f1c1c5ef1.txt), so also every player."""
    state = engine.setup(Config("cooperative", 2, options={"threats_player_1": 0, "threats_player_2": 0}))
    assert threat_draws(state) == [0, 0]
    assert state.threats_per_player == 0


def test_threat_options_only_in_the_team_games():
    """Set-up (competitive): "The Threat cards are only used in cooperative/solo mode"
    (seeds/000_b1469f6f1c1c5ef1.txt)."""
    names = {option.name for option in engine.INFO.options_for("competitive")}
    assert not any(name.startswith("threats_player") for name in names)
    solo = {option.name for option in engine.INFO.options_for("solo")}
    assert "threats_player_1" in solo and "threats_player_2" not in solo
    with pytest.raises(IllegalAction):
        engine.setup(Config("competitive", 2, options={"threats_player_1": 2}))
    with pytest.raises(IllegalAction):
        engine.setup(Config("cooperative", 2, options={"threats_player_1": 9}))


def test_more_threat_cards_than_the_deck_holds_are_skipped():
    """Components: "All tiles and tokens are limited. If a player cannot take one ...
    the corresponding effect cannot be resolved and is skipped"
    (seeds/000_b1469f6f1c1c5ef1.txt): a draw the Threat deck cannot give is skipped."""
    options = {f"threats_player_{n}": 4 for n in range(1, 5)}
    state = draw_every_threat(engine.setup(Config("cooperative", 4, options=options)))
    drawn = [name for castle in state.castles for name in castle.threats]
    # From All Sides and They're in the Walls never go together, so the last seat
    # to draw may find nothing it is allowed to take
    assert len(drawn) == len(set(drawn)) <= 13
    assert sum(len(castle.threats) for castle in state.castles) < 16
    assert not any(task.kind == "draw_threat" for task in state.pending[::-1])


# --- the start player ----------------------------------------------------------------------


def test_start_player_is_drawn_at_random_by_default():
    """Set-up 5a: "The player who last heard "The Three Little Pigs" fable is the
    starting player (or choose randomly)" (seeds/000_b1469f6f1c1c5ef1.txt). castletui
    cannot know who heard the fable last, so by default chance decides, as an
    explicit decision (saves replay it, table mode asks for it), never always seat 1."""
    state = engine.setup(Config("competitive", 3))
    assert engine.to_move(state) == CHANCE and state.pending[-1].kind == "draw_start_player"
    outcomes = engine.chance_outcomes(state)
    assert [(action.seat, probability) for action, probability in outcomes] == [
        (0, 1 / 3),
        (1, 1 / 3),
        (2, 1 / 3),
    ]
    state = engine.apply(state, DrawStartPlayer(2))
    assert state.mother_pig == 2


def test_the_players_can_say_who_starts():
    """Set-up 5a: the player who last heard the fable starts and "receives the Mother
    Pig first player token" (seeds/000_b1469f6f1c1c5ef1.txt): the players name that seat."""
    state = engine.setup(Config("cooperative", 3, options={"start_player": "player 2"}))
    assert state.mother_pig == 1 and state.pending[-1].kind != "draw_start_player"
    with pytest.raises(IllegalAction, match="Player 3 cannot start"):
        engine.setup(Config("competitive", 2, options={"start_player": "player 3"}))


def test_setup_runs_backwards_from_the_start_players_right():
    """Set-up 5b: "Starting from the last player and going counterclockwise, each
    player chooses 1 faceup Village token" and boards "may be chosen starting from
    the last player and going counterclockwise" (seeds/000_b1469f6f1c1c5ef1.txt):
    the last player sits to the start player's right."""
    state = engine.setup(Config("competitive", 4, options={"choose_boards": True}))
    state = engine.apply(state, DrawStartPlayer(2))
    assert [task.seat for task in state.pending[::-1] if task.kind == "choose_board"] == [1, 0, 3, 2]
    assert [task.seat for task in state.pending[::-1] if task.kind == "start_village"] == [1, 0, 3, 2]


def test_the_start_player_starts_the_first_round():
    """How to Play: "Starting with the player with the Mother Pig, on your turn choose
    1 of the remaining faceup Wall tiles" (seeds/000_b1469f6f1c1c5ef1.txt)."""
    state = engine.setup(Config("competitive", 3, options={"start_player": "player 3"}))
    while state.round == 0:
        state = engine.apply(state, engine.legal_actions(state)[0])
    assert state.round_order == (2, 0, 1)


def test_solo_has_no_start_player_to_choose():
    """Solo: the one player always holds the Mother Pig, so there is nothing to draw."""
    assert "start_player" not in {option.name for option in engine.INFO.options_for("solo")}
    state = engine.setup(Config("solo", 1))
    assert state.mother_pig == 0 and state.pending[-1].kind != "draw_start_player"


# --- castletui's own Threat cards ------------------------------------------------------------


def test_the_deck_holds_only_the_named_threat_cards_by_default():
    """Components: "13 Threat cards (cooperative/solo)", of which the Threat Cards FAQ
    names ten, from "Disoriented" to "Isolated" (seeds/000_b1469f6f1c1c5ef1.txt). The
    other three are unknown, so castletui does not pretend to have them."""
    state = engine.setup(Config("cooperative", 2))
    assert len(state.threat_deck) == 10
    assert not OWN_THREATS & set(state.threat_deck)
    assert {"Disoriented", "From All Sides", "Isolated", "They're in the Walls"} <= set(state.threat_deck)


def test_own_threat_cards_join_the_deck_with_the_option():
    """Components: "13 Threat cards" (seeds/000_b1469f6f1c1c5ef1.txt): with option
    own_threat_cards castletui's three cards fill the deck to 13, each with its own
    name and text, told apart as castletui's own."""
    state = engine.setup(Config("solo", 1, options={"own_threat_cards": True}))
    assert len(state.threat_deck) == 13
    assert OWN_THREATS == {"Hungry Pack", "Short Supply", "Stubborn Villagers"} <= set(state.threat_deck)
    for name in OWN_THREATS:
        card = THREATS[name]
        assert card.own and card.number > 13
        assert "placeholder" not in card.text.lower() and "source" not in card.text.lower()
        assert label(state, DrawThreat(name)) == f"{name} (castletui's own card)"
    assert label(state, DrawThreat("Towering")) == "Towering"


def test_own_threat_cards_are_only_offered_in_the_team_games():
    """Set-up (competitive): "The Threat cards are only used in cooperative/solo mode"
    (seeds/000_b1469f6f1c1c5ef1.txt)."""
    assert "own_threat_cards" not in {option.name for option in engine.INFO.options_for("competitive")}
    with pytest.raises(IllegalAction):
        engine.setup(Config("competitive", 2, options={"own_threat_cards": True}))
