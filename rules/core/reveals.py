"""Whether a decision showed the seat that made it something hidden from
it, with no draw in between: A Game of Thrones Catan's Mance Rayder shows
his player the leader's hand, a forced trade shows who held the resource,
a Castlecards attack's confirmation turns its cards up. Undo never takes
such a move back (saves/table.py, castletui/session.py): the seat would
keep what it saw and choose again knowing it.

Told for every game alike, with no hook of its own: the seat's view after
the move is compared with the one the seat could work out by itself, by
playing the move on its own view before it. Where the rules cannot play
the move on a view (it needs a card the view hides), nothing is told.
"""

from __future__ import annotations

from typing import Any

from castletui.rules.core.protocol import Game


def shows_hidden(game: Game, before: Any, action: Any, after: Any, seat: int) -> bool:
    """Whether ``seat`` playing ``action`` in ``before`` (leading to
    ``after``) saw in its view something its view before could not tell it.
    Chance and the table's public eyes (a negative seat) decide nothing."""
    if seat < 0:
        return False
    try:
        expected = game.view(game.apply(game.view(before, seat), action), seat)
    except Exception:  # noqa: BLE001 - a view the rules cannot play on tells nothing
        return False
    return expected != game.view(after, seat)
