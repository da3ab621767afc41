"""Questions the game screen asks about an attack or a choice of cards in
progress, answered by the rules so the screen never weighs swords itself.

Every function works on a full state or on one seat's ``view`` (where the
face-down cards of a Night attack are placeholders that count 0 swords and
are reported as ``hidden``).
"""

from __future__ import annotations

import msgspec

from rules.core import IllegalAction

from .edition import HIDDEN, TORCHES
from .engine import apply
from .fortress import attack_total, defence_total
from .state import Pick, State


class Outlook(msgspec.Struct, frozen=True):
    """How the attack in progress stands right now."""

    swords: int  # known swords after the reactions played or being picked
    shields: int  # the target's shields, Shield Walls included
    hidden: int  # face-down cards whose swords are not known to this view
    succeeds: bool  # whether it would succeed if settled now, as far as known


def attack_outlook(state: State) -> Outlook | None:
    """The attack in progress (cards shown, being picked, reactions), or None
    when no attack is under way."""
    assault = state.assault
    if assault.attacker < 0 or assault.outcome:
        return None
    hidden = sum(1 for committed in assault.cards if committed.card == HIDDEN)
    top = state.pending[-1] if state.pending else None
    if top is not None and top.kind == "select" and top.purpose in ("attack", "support"):
        hidden += sum(1 for card in top.selected if card == HIDDEN)
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
    top = state.pending[-1] if state.pending else None
    cards = list(state.table)
    if top is not None and top.kind == "select" and top.purpose == "explore":
        cards += top.selected
    return sum(TORCHES.get(card, 0) for card in cards)


def explore_succeeds(torches: int, danger: int) -> bool:
    """Explorers win a dungeon when their torches are more than its danger."""
    return torches > danger
