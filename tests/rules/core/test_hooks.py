"""The one adapter to a game's optional hooks (rules/core/hooks.py): the
game's own hook where it has one, the kit's default where not, read from
the face at every call (so the app and the kit never ask a face with
getattr, and a wrapped face is seen)."""

from __future__ import annotations

import random
import types

from castletui.rules import registry
from castletui.rules.core import Config, hooks, screen
from castletui.rules.core.hooks import TABLE_QUESTION

from tests.toy_game import Face, Hold, Roll, State


def bare(pig):
    """The toy game with only the protocol: every optional hook missing."""
    names = (
        "INFO",
        "setup",
        "to_move",
        "legal_actions",
        "chance_outcomes",
        "apply",
        "view",
        "result",
        "describe",
    )
    return types.SimpleNamespace(**{name: getattr(pig, name) for name in names})


def test_without_hooks_the_kit_fills_every_default(pig):
    game = bare(pig)
    state = game.setup(Config("standard", 2))
    adapter = hooks(game)
    assert adapter.label(state, Roll()) == game.describe(state, Roll())
    assert adapter.effects(state, Roll(), state) == []
    assert adapter.view_action(state, Roll(), 1) == Roll()
    assert adapter.turn_player(state) == game.to_move(state)
    assert adapter.chance_prompt(state) == TABLE_QUESTION
    assert adapter.chance_batch(state) is None
    assert adapter.setup_form(state) == ()
    assert adapter.prompt(state, 1) == "{P1}, choose:"
    assert adapter.spot(state, Roll()) is None
    assert adapter.group(state, Roll()) == ()
    assert adapter.preview(state, Roll(), 0) == ""
    assert adapter.refusals(state, 0) == []
    assert adapter.helpers() == ()
    assert adapter.steady_choice(state, 0, Roll(), 7, 3) is None
    assert adapter.random_action(state, random.Random(1)) in game.legal_actions(state)
    assert adapter.own("bot_action") is None and adapter.own("evaluate") is None
    assert not screen.has_preview(game)


def test_a_games_own_hook_answers(pig):
    game = bare(pig)
    game.turn_player = lambda state: 7
    game.chance_prompt = lambda state: "What does the die show?"
    game.group = lambda view, action: ["Dice"]
    state = game.setup(Config("standard", 2))
    adapter = hooks(game)
    assert adapter.turn_player(state) == 7
    assert adapter.chance_prompt(state) == "What does the die show?"
    assert adapter.group(state, Roll()) == ("Dice",)
    rolling = State(seats=2, target=20, scores=(0, 0), turn_total=5, rolling=True)
    assert hooks(pig).effects(rolling, Face(1), pig.apply(rolling, Face(1))) == ["{P0} loses 5 points"]
    assert hooks(pig).own("evaluate") is pig.evaluate


def test_a_face_wrapped_after_the_adapter_was_made_is_seen(pig):
    game = bare(pig)
    adapter = hooks(game)
    game.label = lambda state, action: "held" if action == Hold() else "rolled"
    assert adapter.label(game.setup(Config("standard", 2)), Hold()) == "held"


def test_every_real_game_answers_through_the_adapter():
    for game_id in registry.ids():
        game = registry.get(game_id)
        state = game.setup(Config(game.INFO.variants[0].name, game.INFO.variants[0].min_seats))
        adapter = hooks(game)
        assert isinstance(adapter.chance_prompt(state), str)
        assert adapter.turn_player(state) == getattr(game, "turn_player", game.to_move)(state)
