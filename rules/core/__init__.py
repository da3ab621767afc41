"""The game kit every game is built on: the protocol (configuration, game
metadata, results, refusals), chance, the decision stack (and
:func:`answered_top`, the one way every game's ``apply`` goes) and the
event log, multisets, the edition loader, replay, seats in log lines, and
:class:`Hooks`, the one adapter to a game's optional hooks.

Every game package (``rules/<game>/``) exposes the same plain functions
(see ``shared/design.md`` section 2)::

    INFO: GameInfo
    State: type            # the msgspec Struct of a full game state
    Action: type           # the union of the game's tagged action Structs
    setup(config) -> State
    to_move(state) -> int | None        # a seat, CHANCE, or None when over
    legal_actions(state) -> list[Action]
    chance_outcomes(state) -> list[tuple[Action, float]]
    apply(state, action) -> State       # pure; raises IllegalAction(reason)
    view(state, seat) -> State          # hidden information stripped
    result(state) -> Result
    describe(state, action) -> str      # a log line, seats as seat_ref(n)

Optional: ``label(state, action)`` (a short action-bar text, defaults to
``describe``; for a chance outcome it names the outcome, as the table-mode
picker lists them), ``chance_prompt(state)`` (the question table mode asks),
``effects(before, action, after) -> list[str]`` (log lines for what the
rules did by themselves after an action: tokens taken, wolves arriving),
``view_action(state, action, seat)`` (the action as that seat saw it, for
its log lines: a card picked or stolen in secret becomes a placeholder; see
:mod:`rules.core.log`), ``shown(before, action, after, seat) -> str``
(what a move showed its seat of hidden cards, "{P1}'s hand": why undo
leaves it standing; :mod:`rules.core.reveals` tells whether it did), ``evaluate(state, seat) -> float`` (used by the
greedy bot),
``bot_action(view, seat, level, rng)`` (a game's own bot, given the
seat's view and never the state: :mod:`rules.core.bots`),
``random_action(view, rng)`` (a game's own ``random`` level, where uniform
play would go in circles), ``search_hooks(view, seat)`` (the
``search.Hooks`` its hard bot searches with there, or None: the review's
estimates, :mod:`rules.core.review`),
``turn_player(state) -> int | None`` (whose turn it is, where others decide
during it: a reaction, a Thief; the hot-seat frame brings the device back to
that player to see how the turn ended; defaults to ``to_move``).

Every optional hook is read through :func:`hooks` (``hooks(game).label(
view, action)``), which gives the game's own or the kit's default: neither
the kit nor the app asks a face with ``getattr``.

The screen API (``prompt``, ``spot``, ``group``, ``preview``,
``refusals``), each given ``view(state, seat)`` for the seat that reads it,
and the rules helpers (``helpers``) are described in
:mod:`rules.core.screen`; table mode's questions in
:mod:`rules.core.table_entry`.

Log lines never hold player names (they live in the save, not the state):
they name seats with :func:`seat_ref` and the app fills names in with
:func:`name_seats`. Each seat reads its own log (:func:`log_lines`): what
the seat may see, never more.
"""

from castletui.rules.core import screen, table_entry
from castletui.rules.core.chance import chance_rng, sample_outcome, weighted
from castletui.rules.core.decisions import answered_top, popped, pushed, replaced_top, run_automatic, top
from castletui.rules.core.edition import load_edition
from castletui.rules.core.events import Event, fresh, recorded
from castletui.rules.core.hooks import Hooks, hooks, label
from castletui.rules.core.log import log_lines, view_action
from castletui.rules.core.protocol import (
    CHANCE,
    PUBLIC,
    Config,
    Game,
    GameInfo,
    IllegalAction,
    Option,
    Result,
    ScoreLine,
    Variant,
    check_config,
    check_option,
    parse_option,
)
from castletui.rules.core.replay import replay, state_hash
from castletui.rules.core.reveals import shows_hidden
from castletui.rules.core.seats import name_seats, seat_ref

__all__ = [
    "CHANCE",
    "PUBLIC",
    "Config",
    "Event",
    "Game",
    "Hooks",
    "GameInfo",
    "IllegalAction",
    "Option",
    "Result",
    "ScoreLine",
    "Variant",
    "chance_rng",
    "check_config",
    "check_option",
    "fresh",
    "hooks",
    "label",
    "load_edition",
    "log_lines",
    "name_seats",
    "parse_option",
    "popped",
    "pushed",
    "recorded",
    "replaced_top",
    "replay",
    "run_automatic",
    "sample_outcome",
    "screen",
    "table_entry",
    "seat_ref",
    "shows_hidden",
    "state_hash",
    "top",
    "answered_top",
    "view_action",
    "weighted",
]
