"""The one adapter to a game's optional hooks: :class:`Hooks` answers every
optional hook of a face, the game's own where it has one, else the kit's
default. The kit and the app call a hook through it and never ask a face
with ``getattr`` whether it has one, so a game adds its hooks one at a time
and a default is written once.

Which state a hook is given (the contract, see :mod:`rules.core.screen`):
the screen API (``prompt``, ``spot``, ``group``, ``preview``, ``refusals``)
and ``label`` are given ``view(state, seat)`` for the seat that reads them,
and say nothing that seat may not see. ``chance_prompt``,
``chance_batch`` and ``setup_form`` ask the table about a chance decision
and name only what everyone at it sees, so any seat's view gives the same
words. ``effects`` and ``view_action`` read the full state (they make each
seat's log lines from it, as :func:`rules.core.log.log_lines` does), and
``turn_player`` belongs to the rules; ``produced`` is given the view of
the seat whose luck is counted (or the state, for everyone's eyes). The
bots' hooks (``bot_action``, ``random_action``, ``search_hooks``,
``coop_hooks``) are given the view of the seat to move
(:func:`rules.core.bots.decide`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

from castletui.rules.core.protocol import Game
from castletui.rules.core.scene import TextScene
from castletui.rules.core.seats import seat_ref

SHOWN_DEFAULT = "cards hidden from you"
"""What a move showed its player, for a game without ``shown``."""

TABLE_QUESTION = "What happened at the table?"
"""What table mode asks at a chance decision of a game without ``chance_prompt``."""


class Hooks:
    """``Hooks(game)``: the game's optional hooks with the kit's defaults.
    Nothing is cached: a face is read at every call, so a test may wrap
    one."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def own(self, name: str) -> Callable[..., Any] | None:
        """The game's own hook ``name``, or None where the game has none
        (the bots ask: no ``bot_action`` means the kit's greedy bot)."""
        return getattr(self.game, name, None)

    def search_hooks(self, view: Any, seat: int) -> Any:
        """The ``rules.core.search.Hooks`` the game's hard bot searches with
        for ``seat`` from its ``view``, or None where it does not search
        (the review estimates chances with them: rules/core/review.py)."""
        own = self.own("search_hooks")
        return own(view, seat) if own is not None else None

    def coop_hooks(self, view: Any, seat: int) -> Any:
        """The ``rules.core.search.Hooks`` whose value is the table's win in
        a co-operative or solo game, for ``seat`` from its ``view`` (the
        review's; the hard bots there decide otherwise), or None."""
        own = self.own("coop_hooks")
        return own(view, seat) if own is not None else None

    def produced(self, before: Any, outcome: Any, seat: int) -> int | None:
        """What the chance ``outcome`` produces for ``seat`` in ``before``,
        in the game's own unit (GoT Catan: resource cards from the dice, a 7
        counting the cards given back), or None where the game counts no
        production. Given a seat's view (the review's luck ledger, which
        sums it against its odds), and reads nothing the view hides."""
        own = self.own("produced")
        return own(before, outcome, seat) if own is not None else None

    # --- the log and the turn ---------------------------------------------

    def label(self, view: Any, action: Any) -> str:
        """The short text of an action in a menu (default: ``describe``)."""
        own = self.own("label")
        return own(view, action) if own is not None else self.game.describe(view, action)

    def effects(self, before: Any, action: Any, after: Any) -> list[str]:
        """Log lines for what the rules did by themselves (default: none)."""
        own = self.own("effects")
        return list(own(before, action, after)) if own is not None else []

    def shown(self, before: Any, action: Any, after: Any, seat: int) -> str:
        """What ``action`` showed ``seat`` of the cards hidden from it, in the
        game's words ("{P1}'s hand"), where rules.core.reveals tells it did:
        why undo leaves the move standing (default: plain words)."""
        own = self.own("shown")
        return own(before, action, after, seat) if own is not None else SHOWN_DEFAULT

    def view_action(self, state: Any, action: Any, seat: int) -> Any:
        """``action`` as ``seat`` saw it (default: the action itself)."""
        own = self.own("view_action")
        return own(state, action, seat) if own is not None else action

    def turn_player(self, state: Any) -> int | None:
        """Whose turn it is while others decide in it (default: ``to_move``)."""
        own = self.own("turn_player")
        return own(state) if own is not None else self.game.to_move(state)

    # --- the screen API ---------------------------------------------------

    def prompt(self, view: Any, seat: int) -> str:
        own = self.own("prompt")
        return own(view, seat) if own is not None else f"{seat_ref(seat)}, choose:"

    def spot(self, view: Any, action: Any) -> Hashable | None:
        own = self.own("spot")
        return own(view, action) if own is not None else None

    def group(self, view: Any, action: Any) -> tuple[str, ...]:
        own = self.own("group")
        return tuple(own(view, action)) if own is not None else ()

    def preview(self, view: Any, action: Any, seat: int) -> str:
        own = self.own("preview")
        return own(view, action, seat) if own is not None else ""

    def refusals(self, view: Any, seat: int) -> list[tuple[str, str]]:
        own = self.own("refusals")
        return list(own(view, seat)) if own is not None else []

    def scene(self, view: Any, seat: int) -> Any:
        """What the seat's screen draws (rules/core/scene.py); the kit's: the view as text."""
        own = self.own("scene")
        return own(view, seat) if own is not None else TextScene(text=repr(view))

    def menu(self, view: Any, seat: int, path: tuple[str, ...], lines: list[Any]) -> list[Any]:
        """The lines of menu level ``path`` as the game shows them (rules/core/menu.py)."""
        own = self.own("menu")
        return list(own(view, seat, path, lines)) if own is not None else lines

    def steady_choice(
        self, view: Any, seat: int, action: Any, seed: int | str, ply: int
    ) -> tuple[Any, str, str] | None:
        """For a player deciding by lines (plain, JSON, a program seat), an
        action the screen plays through a mini-game (Catapult Castle's aim)
        as such a player makes it: (the action with the mini-game's outcome
        drawn from the game's ``seed`` and ``ply``, its words, a note said
        before the choices). None (the default): the action as listed."""
        own = self.own("steady_choice")
        return own(view, seat, action, seed, ply) if own is not None else None

    def helpers(self) -> tuple[Any, ...]:
        own = self.own("helpers")
        return tuple(own()) if own is not None else ()

    # --- table mode -------------------------------------------------------

    def chance_prompt(self, state: Any) -> str:
        """The question table mode asks at a chance decision."""
        own = self.own("chance_prompt")
        return own(state) if own is not None else TABLE_QUESTION

    def chance_batch(self, state: Any) -> Any | None:
        own = self.own("chance_batch")
        return own(state) if own is not None else None

    def setup_form(self, state: Any) -> tuple[Any, ...]:
        own = self.own("setup_form")
        return tuple(own(state)) if own is not None else ()

    # --- bots -------------------------------------------------------------

    def random_action(self, state: Any, rng: random.Random) -> Any:
        """The game's own random play, else a uniformly random legal action."""
        own = self.own("random_action")
        return own(state, rng) if own is not None else rng.choice(self.game.legal_actions(state))


def hooks(game: Game) -> Hooks:
    """The adapter to ``game``'s optional hooks."""
    return Hooks(game)


def label(game: Game, view: Any, action: Any) -> str:
    """The short text for an action in the action bar."""
    return Hooks(game).label(view, action)
