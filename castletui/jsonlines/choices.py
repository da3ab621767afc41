"""A seat's legal choices as JSON-lines play offers them: each action's id
is the action as a save holds it (``saves.replay.encode_action``, compact JSON),
the same in every run and for every reader; its words are the rules'
label of it, as the action bar reads it; its group is the menu's. An
action the screen plays as a mini-game (Catapult Castle's aim) is offered
once per place, made with a steady hand (Session.steady_choice): its id
carries the drawn outcome, and a note about it goes with the prompt."""

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


def choices(session: Any, seat: int, menu: Menu) -> tuple[tuple[Choice, ...], dict[str, Any], str]:
    """The choices of ``menu`` in its order, each id's action, and the note
    a steady hand adds to the prompt ("" without one)."""
    game, view, names = session.game, session.view(seat), session.names
    listed, by_id, note = [], {}, ""
    for action, group, _spot in menu:
        steady = session.steady_choice(seat, action)
        if steady is not None:
            action, words, note = steady
        else:
            words = name_seats(label(game, view, action), names)
        ident = choice_id(encode_action(action))
        if ident in by_id:  # the rules list a few accuracies of one aim: a steady hand makes them one
            continue
        listed.append(Choice(ident, words, tuple(group)))
        by_id[ident] = action
    return tuple(listed), by_id, note
