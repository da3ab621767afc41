"""Where a variant plugs into the base game: the registration points.

The base modules never import a variant. A variant (Brotherhood of the
Watch, the subpackage :mod:`rules.got_catan.brotherhood`) is a layer the
face switches on by calling its ``register()``; it adds itself in two ways:

- **its own kinds of step**, added to the base's per-kind tables, which
  the base reads without knowing whose kind it is: ``apply.ANSWERS`` (the
  answer to each decision), ``legal.DECISIONS`` (its legal actions),
  ``flow.AUTOMATIC_STEPS`` and ``flow.CHANCE_KINDS``, ``chance.OUTCOMES``,
  ``table_entry.PROMPTS`` and ``table_entry.BATCHES`` (chance steps and
  how table mode asks them), ``queries.PROMPTS`` (the question to the seat) and
  ``bots.planner.PLANS`` (the planner's answer); ``calc.HELPERS`` takes its
  rules helpers;
- **a** :class:`Layer` **under its variant name** (:func:`register`): the
  hooks the base calls where a step both games share goes differently
  (the dice bring the wildling die, a settlement reveals a token, 10 points
  win at the end of the turn...), its score lines, and its words.

A game's ``state.variant`` picks its layer: the base modules read
``LAYERS[state.variant]`` at every action (a subscript, not a call: this is
on the path of every ``apply``); the base game's is :data:`BASE`, whose
hooks are all empty. A hook left None is not called; a hook that answers
"not mine" returns None (or "").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from .edition import RANGER_PATROL, ROAD_BUILDING, RULES, WINTER_IS_COMING
from .state import State, Step

Hook = Callable[..., Any]


class Layer(msgspec.Struct, frozen=True):
    """What a variant changes in the steps the base game owns. Each hook's
    comment says where the base calls it."""

    # --- the rules ---------------------------------------------------------------
    playable: tuple[str, ...] = (RANGER_PATROL, ROAD_BUILDING, WINTER_IS_COMING)
    """Development cards that are played (Victory Points count by themselves)."""
    card_steps: Mapping[str, str] = msgspec.field(default_factory=lambda: {RANGER_PATROL: "tormund"})
    """The step a card played pushes, where it is a step of its own (``apply``)."""
    supply_rate: int = RULES.supply_rate
    longest_road_points: int = RULES.longest_road_points
    largest_patrol_points: int = RULES.largest_patrol_points
    wins_at_once: bool = True
    """10 points on your own turn win at once (``flow.checked_win``); False:
    the layer's ``end_of_turn`` decides."""
    opening: Callable[[int], list[Step]] | None = None
    """(seats) -> set-up steps after the settlement rounds (``setup``)."""
    setup: Callable[[State, Any], State] | None = None
    """(state, config) -> the fresh game with the layer's pieces (``setup``)."""
    rolled: Callable[[Step, int], tuple[Step, ...]] | None = None
    """(dice step, total) -> the steps that replace the dice (``apply``;
    the base: production)."""
    after_answer: Callable[[State, Step], State] | None = None
    """(state, step answered) -> the state, once any answer is applied and
    before the automatic steps run (``apply``)."""
    holder_changed: Callable[[State], State] | None = None
    """Longest Road or Largest Patrol changed hands (``flow``)."""
    after_production: Callable[[State, int, list[list[str]]], State] | None = None
    """(state, roller, cards each seat collected) (``flow``'s production)."""
    built: Callable[[State, int, str], State] | None = None
    """(state, seat, "settlement" or "keep") once it is built on a turn (``apply``)."""
    start_actions: Callable[[State, int], list] | None = None
    """(state, seat) -> the layer's actions before the roll (``legal``)."""
    turn_actions: Callable[[State, int, dict[str, int]], list] | None = None
    """(state, seat, cards held per resource) -> its actions after the roll (``legal``)."""
    start_answer: Callable[[State, Step, Any], State | None] | None = None
    """(state, step, action) -> the state after the layer's action before
    the roll, or None: not the layer's (``apply``; raises IllegalAction)."""
    turn_reason: Callable[[State, int, Any], str | None] | None = None
    """(state, seat, action) -> why the layer's action is refused after the
    roll ("" allowed), or None: not the layer's (``legal``)."""
    turn_answer: Callable[[State, Step, Any], State | None] | None = None
    """(state, step, action) -> the state after the layer's action (already
    allowed by ``turn_reason``) after the roll, or None (``apply``)."""
    end_of_turn: Callable[[State, int], State] | None = None
    """(state, seat) as ``seat`` ends their turn; a state with ``ended_by``
    set ends the game (``apply``)."""

    # --- the score ---------------------------------------------------------------
    score_lines: tuple[tuple[str, Callable[[State, int], int]], ...] = ()
    """(label, points of a seat) after the base game's lines (``scoring``)."""
    count_lines: tuple[tuple[str, Callable[[State, int], int]], ...] = ()
    """(label, a count of a seat) the score sheet shows after the points, not
    in the total: what decides a game the layer ends (``scoring``)."""
    result: Hook | None = None
    """(state, scores, lines) -> the Result of a game the layer ended, or None (``scoring``)."""
    won_words: str = "on their own turn."
    goal_words: str = f"The first to {RULES.points_to_win} victory points on their own turn wins."

    # --- the words and the screens ---------------------------------------------------
    label: Callable[[State, Any], str] | None = None
    """(state, action) -> the layer's action-bar label, or "" (``text``)."""
    describe: Callable[[State, Any], str] | None = None
    """(state, action) -> the layer's log line, or "" (``text``)."""
    line: Callable[[State, Any], str | None] | None = None
    """(state, event) -> the log line of the layer's event, "" for one the
    action's own line says, None for an event not the layer's (``text``)."""
    preview: Callable[[State, Any, int], str] | None = None
    """(state, action, seat) -> what the action would do, or "" (``queries``)."""
    refusals: Callable[[State, int], list[tuple[str, str]]] | None = None
    """(view, seat) -> the layer's "why not?" lines after the base game's (``queries``)."""
    spot: Callable[[Any], Any] | None = None
    """(action) -> the place the layer's action is about, or None (``queries``)."""
    group: Callable[[Any], tuple[str, ...]] | None = None
    """(action) -> where the layer's action sits in the turn menu, or () (``queries``)."""
    build_menu: Callable[[State, int], list] | None = None
    """(state, seat) -> rows after the base build cost card's (``queries``)."""
    cards_do: Mapping[str, str] = msgspec.field(default_factory=dict)
    """What a development card does, where the layer changes it (``queries``)."""
    scene: Callable[[State, int], Any] | None = None
    """(view, seat) -> the layer's part of the seat's scene, a ``scene.Watch`` (``scene``)."""
    plan: Hook | None = None
    """(state, seat, actions, rng) -> the planner bot's answer first, or
    None: the base plans decide (``bots.planner``)."""


BASE = Layer()
"""The base game: nothing added."""

LAYERS: dict[str, Layer] = {"base": BASE}
"""Each variant's layer, by ``Config.variant``."""


def register(variant: str, layer: Layer) -> None:
    """Switch ``layer`` on for games of ``variant`` (once; again replaces it)."""
    LAYERS[variant] = layer
