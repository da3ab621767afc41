"""What the game screen and its board ask the rules, read-only, so they
never weigh swords or copy a rule themselves: the attack in progress and a
pick's effect on it, the Explorers' torches, why an action is refused, the
shields of a fortress card; and the names they read: the card data tables,
the State and FortressCard Structs, and the action Structs they build.

Every function works on a full state or on one seat's ``view`` (where the
face-down cards of a Night attack are placeholders that count 0 swords and
are reported as ``hidden``).
"""

from __future__ import annotations

import msgspec

from rules.core import IllegalAction, top

from .apply import apply
from .edition import ACADEMY_CARDS, CARDS, COLOUR, HIDDEN, KIND, STRENGTH, TORCHES, title
from .fortress import attack_total, base_shields, card_shields, defence_total
from .state import (
    Attack,
    Buy,
    Confirm,
    Decline,
    Discard,
    EndTurn,
    FortressCard,
    Give,
    NightAttack,
    Pick,
    PlayThief,
    Recall,
    State,
    Station,
)

__all__ = [
    "ACADEMY_CARDS",
    "CARDS",
    "COLOUR",
    "HIDDEN",
    "KIND",
    "STRENGTH",
    "TORCHES",
    "Attack",
    "Buy",
    "Confirm",
    "Decline",
    "Discard",
    "EndTurn",
    "FortressCard",
    "Give",
    "NightAttack",
    "Outlook",
    "Pick",
    "PlayThief",
    "Recall",
    "Station",
    "attack_outlook",
    "attack_total",
    "base_shields",
    "card_shields",
    "defence_total",
    "explore_succeeds",
    "explore_torches",
    "pick_outlook",
    "refusal",
    "title",
]


class Outlook(msgspec.Struct, frozen=True):
    """How the attack in progress stands right now."""

    swords: int  # known swords after the reactions played or being picked
    shields: int  # the target's shields, Shield Walls included
    hidden: int  # face-down cards whose swords are not known to this view
    succeeds: bool  # whether it would succeed if weighed now, as far as known


def attack_outlook(state: State) -> Outlook | None:
    """The attack in progress (cards shown, being picked, reactions), or None
    when no attack is under way."""
    assault = state.assault
    if assault.attacker < 0 or assault.outcome:
        return None
    hidden = sum(1 for committed in assault.cards if committed.card == HIDDEN)
    step = top(state.pending)
    if step is not None and step.kind == "select" and step.purpose in ("attack", "support"):
        hidden += sum(1 for card in step.selected if card == HIDDEN)
    swords = attack_total(state)
    shields = defence_total(state)
    # A tie fails: only more swords than shields take the card.
    return Outlook(swords, shields, hidden, swords > shields)


def pick_outlook(state: State, card: str) -> Outlook | None:
    """How the attack would stand once ``card`` is picked (attack, support or
    reaction); None if that pick is refused or no attack is under way."""
    try:
        after = apply(state, Pick(card))
    except (IllegalAction, KeyError, ValueError, IndexError):
        return None
    return attack_outlook(after)


def explore_torches(state: State) -> int:
    """Torches of the Explorers chosen so far (or on the table)."""
    step = top(state.pending)
    cards = list(state.table)
    if step is not None and step.kind == "select" and step.purpose == "explore":
        cards += step.selected
    return sum(TORCHES.get(card, 0) for card in cards)


def explore_succeeds(torches: int, danger: int) -> bool:
    """Explorers win a dungeon when their torches are more than its danger."""
    return torches > danger


def refusal(state: State, action) -> str:
    """Why ``action`` is refused right now ("" if it would be accepted): the
    same words ``apply`` raises, for a screen to show before trying."""
    try:
        apply(state, action)
    except IllegalAction as error:
        return error.reason
    return ""
