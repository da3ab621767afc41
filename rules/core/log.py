"""The game log as one seat may read it.

A log line is told for a seat: the action as that seat saw it (a game's
optional ``view_action(state, action, seat)``, beside ``view`` in its
view.py: a card picked in secret becomes a face-down placeholder, a stolen
card stays named for the thief and the victim only) and what the rules did
by themselves (``effects``) from that seat's ``view`` of the states before
and after. ``describe`` reads the full state before the action for the
public facts of the moment (whose step it is, which attack), so it names a
card only where the action (as seen) or its own result shows it to
everyone; the per-game swap tests check that swapping any card hidden from
a seat changes nothing in that seat's lines.

``seat`` CHANCE (a seat of nobody's: every hand hidden) is the log all at
the table may read, for table mode's one shared screen; ``seat`` None names
everything, for a game of bots only and the playthrough traces.
"""

from __future__ import annotations

from typing import Any

from castletui.rules.core.hooks import Hooks
from castletui.rules.core.protocol import Game


def view_action(game: Game, state: Any, action: Any, seat: int | None) -> Any:
    """``action`` (about to be applied to ``state``) as ``seat`` sees it;
    the whole action for ``seat`` None or a game without the hook."""
    return action if seat is None else Hooks(game).view_action(state, action, seat)


def log_lines(game: Game, before: Any, action: Any, after: Any, seat: int | None = None) -> list[str]:
    """The log lines of ``action`` (which made ``after`` from ``before``)
    for ``seat``: its own line, then what the rules did by themselves."""
    seen = view_action(game, before, action, seat)
    lines = [game.describe(before, seen)]
    hooks = Hooks(game)
    if hooks.own("effects") is not None:  # no view to take for a game without effects
        if seat is not None:
            before, after = game.view(before, seat), game.view(after, seat)
        lines += hooks.effects(before, seen, after)
    return lines
