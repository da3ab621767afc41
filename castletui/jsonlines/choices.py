"""A seat's legal choices as JSON-lines play offers them: each action's id
is the action as a save holds it (``saves.replay.encode_action``, compact JSON),
the same in every run and for every reader; its words are the rules'
label of it, as the action bar reads it; its group is the menu's."""

from __future__ import annotations

from typing import Any

from castletui.jsonlines.protocol import Choice, choice_id
from castletui.rules.core import label, name_seats
from castletui.rules.core import screen as screen_api
from castletui.saves.replay import encode_action

Menu = tuple[tuple[Any, tuple[str, ...], Any], ...]
"""The driver's frame menu: each legal action, its group path and spot."""


def menu_of(session: Any, seat: int) -> Menu:
    """The legal actions of ``seat`` with their groups, read from its view,
    as ``Driver.frame`` lists them in its ``menu`` for the person deciding
    (and for a program's seat, a bot's to the session, whose frame has none)."""
    game, view = session.game, session.view(seat)
    return tuple((action, screen_api.group(game, view, action), None) for action in session.legal_actions())


def choices(session: Any, seat: int, menu: Menu) -> tuple[tuple[Choice, ...], dict[str, Any]]:
    """The choices of ``menu`` in its order, and each id's action."""
    game, view, names = session.game, session.view(seat), session.names
    listed, by_id = [], {}
    for action, group, _spot in menu:
        ident = choice_id(encode_action(action))
        listed.append(Choice(ident, name_seats(label(game, view, action), names), tuple(group)))
        by_id[ident] = action
    return tuple(listed), by_id
