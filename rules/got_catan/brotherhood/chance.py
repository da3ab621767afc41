"""Brotherhood of the Watch's chance: the wildling die (d12), a face-down
wildling token turned up (each as likely as another: nobody has seen
one), and the development cards Melisandre looks at (added to
``chance.OUTCOMES``). Table mode's questions at each are
``brotherhood.table_entry``'s."""

from __future__ import annotations

from castletui.rules.core.multiset import counts

from ..chance import UNSEEN, cards_left
from ..edition import CLANS, DEVELOPMENT, WATCH, token_parts
from ..state import PeekDevelopment, State, Step, Token, WildlingDie

_FACES = [(WildlingDie(face), 1 / WATCH.die_faces) for face in range(1, WATCH.die_faces + 1)]
_PEEKS = {name: PeekDevelopment(name) for name in DEVELOPMENT}
_UNSEEN_PEEK = PeekDevelopment(UNSEEN)
_TOKENS: dict[str, Token] = {}


def _token(name: str) -> Token:
    token = _TOKENS.get(name)
    if token is None:
        token = _TOKENS[name] = Token(name)
    return token


def _wildling_die(state: State, step: Step) -> list:
    return list(_FACES)


def _token_outcomes(state: State, step: Step) -> list:
    # Nobody has seen a face-down token: each is as likely as another.
    hidden = state.tokens_hidden
    return [(_token(name), count / len(hidden)) for name, count in counts(hidden)]


def _peek(state: State, step: Step) -> list:
    if state.table_mode:
        # Melisandre's holder looks at the cards alone.
        return [(_UNSEEN_PEEK, 1.0)] if cards_left(state) > 0 else []
    deck = state.development_deck
    return [(_PEEKS[name], count / len(deck)) for name, count in counts(deck)]


OUTCOMES = {"wildling-die": _wildling_die, "token": _token_outcomes, "peek": _peek}
"""Added to ``chance.OUTCOMES``."""


def token_words(token: str) -> str:
    """ "a giant of the Cave people"."""
    clan, kind = token_parts(token)
    return f"a {kind} of the {CLANS[clan].title}"
