"""Brotherhood of the Watch, the full game, as a layer over the base game:
guards on the Wall, wildlings coming south on the wildling die and the
tokens, breaches and the Gift, the heroes, New Recruits, and 10 points
that win at the end of your own turn.

The base modules never import this package. The face
(``rules.got_catan``) switches it on by calling :func:`register`, which
adds its kinds of step to the base's per-kind tables and its
:class:`~rules.got_catan.layers.Layer` under the variant name
``"brotherhood"`` (``rules.got_catan.layers`` describes each registration
point). Its state fields and actions stay in the base ``state`` (a save
decodes one ``State`` and one ``Action`` union); what they do is here:

- ``wall``: the Wall and the north (guards, tokens, the advance, the one
  rule of a wildling's arrival, breaches, the end at the Wall);
- ``heroes``: each hero's actions, refusals and use;
- ``flow``: its automatic steps, the set-up, and its hooks on the base
  game's steps (the wildling die after the dice, tokens under a
  settlement or keep, Samwell Tarly, the end-of-turn win);
- ``legal``, ``apply``, ``chance``: the actions, answers and chance of its
  own steps, and its guard and hero actions on the base turn;
- ``table_entry``: table mode's questions at its chance steps;
- ``text``, ``queries``: its words and what the screens ask (the Wall
  board, the forecast of the wildling die, the heroes); ``scene``: the
  Wall board and the seat's hero in the seat's scene (``scene.Watch``);
- ``bots``: the planner's plans for the Wall and the heroes;
- ``calc``: the wildling-die helper and the guards on the score sheet.
"""

from __future__ import annotations

from ..apply import ANSWERS
from ..bots.planner import PLANS
from ..calc import HELPERS, SCORE_COUNTS
from ..chance import OUTCOMES
from ..edition import BROTHERHOOD, NEW_RECRUITS, RANGER_PATROL, RULES, WATCH
from ..flow import AUTOMATIC_STEPS, CHANCE_KINDS
from ..layers import Layer
from ..layers import register as register_layer
from ..legal import DECISIONS
from ..queries import PROMPTS as QUESTIONS
from ..table_entry import BATCHES, PROMPTS
from . import apply, bots, calc, chance, flow, legal, queries, scene, table_entry, text, wall

LAYER = Layer(
    playable=legal.PLAYABLE,
    card_steps={RANGER_PATROL: "patrol", NEW_RECRUITS: "recruit"},
    supply_rate=WATCH.supply_rate,
    longest_road_points=WATCH.longest_road_points,
    largest_patrol_points=WATCH.largest_patrol_points,
    wins_at_once=False,
    opening=flow.opening,
    setup=flow.set_up,
    rolled=flow.rolled,
    after_answer=flow.after_answer,
    holder_changed=wall.token_due,
    after_production=flow.after_production,
    built=flow.built,
    start_actions=legal.start_actions,
    turn_actions=legal.turn_actions,
    start_answer=apply.start_answer,
    turn_reason=legal.turn_reason,
    turn_answer=apply.turn_answer,
    end_of_turn=flow.end_of_turn,
    score_lines=(("Guard tokens", wall.guard_points),),
    count_lines=(("Guards on the Wall", wall.guards_on_wall),),
    result=wall.wall_result,
    won_words="at the end of their own turn.",
    goal_words=f"{RULES.points_to_win} victory points at the end of your own turn win; "
    "if the Wall falls, most guards on the Wall win.",
    label=text.label,
    describe=text.describe,
    line=text.line,
    preview=queries.preview,
    refusals=queries.refusals,
    spot=queries.spot,
    group=queries.group,
    build_menu=queries.build_menu,
    cards_do=queries.CARDS_DO,
    scene=scene.scene,
    plan=bots.plan,
)
"""Brotherhood of the Watch's hooks on the base game's steps."""


def register() -> None:
    """Switch Brotherhood of the Watch on: its steps into the base's tables,
    its layer under ``"brotherhood"`` (again: the same, nothing doubled)."""
    ANSWERS.update(apply.ANSWERS_ADDED)
    DECISIONS.update(legal.DECISIONS_ADDED)
    AUTOMATIC_STEPS.update(flow.AUTOMATIC_STEPS)
    CHANCE_KINDS.update(chance.OUTCOMES.keys())
    OUTCOMES.update(chance.OUTCOMES)
    PROMPTS.update(table_entry.PROMPTS)
    BATCHES.update(table_entry.BATCHES)
    QUESTIONS.update(queries.PROMPTS)
    PLANS.update(bots.PLANNER_PLANS)
    if calc.WILDLING_DIE not in HELPERS:
        HELPERS.append(calc.WILDLING_DIE)
    SCORE_COUNTS[BROTHERHOOD] = calc.SCORE_COUNT
    register_layer(BROTHERHOOD, LAYER)
