"""Brotherhood of the Watch's chance: the wildling die (d12), a face-down
wildling token turned up (each as likely as another: nobody has seen
one), and the development cards Melisandre looks at; table mode's question
at each, and the tokens turned up together asked on one line (added to
``chance.OUTCOMES``, ``chance.PROMPTS`` and ``chance.BATCHES``)."""

from __future__ import annotations

from rules.core import seat_ref
from rules.core.multiset import counts
from rules.core.table_entry import Batch

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


def _wildling_die_prompt(state: State, step: Step) -> str:
    return f"What does the wildling die (d12) show? ({seat_ref(step.seat)}'s roll)"


def _token_prompt(state: State, step: Step) -> str:
    where = "the pool" if step.target == 1 else f"{seat_ref(step.seat)}'s build-cost card"
    return f"Which wildling token is turned up from {where}?"


def _peek_prompt(state: State, step: Step) -> str:
    who = seat_ref(step.seat)
    if state.table_mode:
        return (
            f"{who} looks at the top {step.count} development cards alone (Melisandre): nobody types them in."
        )
    return f"Which development card does {who} see next? (Melisandre)"


PROMPTS = {"wildling-die": _wildling_die_prompt, "token": _token_prompt, "peek": _peek_prompt}
"""Added to ``chance.PROMPTS``."""


def _token_kind(token: str) -> str:
    """ "cave giant": a token as a player types it."""
    clan, kind = token.split("/")
    return f"{clan} {kind}"


TOKEN_KINDS = tuple(f"{clan.name} {kind}" for clan in CLANS for kind in ("regular", "climber", "giant"))
"""The nine kinds of wildling token, as typed ("river regular" .. "hornfoot giant")."""


def _token_of(action) -> str | None:
    return _token_kind(action.token) if isinstance(action, Token) else None


def tokens_batch(state: State) -> Batch | None:
    """Wildling tokens turned up together (a keep's two, a settlement's and
    a pool token for Longest Road), as one line of counts."""
    pending = state.pending
    steps = []
    for step in reversed(pending):
        if step.kind != "token":
            break
        steps.append(step)
    count = len(steps)
    from_card = sum(1 for step in steps if step.target != 1)
    parts = []
    if from_card:
        parts.append(f"{from_card} from {seat_ref(steps[0].seat)}'s build-cost card")
    if count - from_card:
        parts.append(f"{count - from_card} from the pool")
    noun = "Wildling tokens" if count > 1 else "Wildling token"
    question = f"{noun} turned up: {' and '.join(parts)}"
    return Batch(question, TOKEN_KINDS, count, _token_of)


BATCHES = {"token": tokens_batch}
"""Added to ``chance.BATCHES``."""
