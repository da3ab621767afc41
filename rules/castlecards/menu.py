"""Castlecards' menu hook (rules/core/menu.py): the lines of a menu level
as the game shows them, each with a stable ``key``.

Given the lines the driver made (labels, groups, spots, previews, the
"why not?" lines), it adds what the rules know: the turn's groups say how
many ways they open ("Attack... (3 targets)"), come first, and throwing a
card away (which does nothing) comes last; inside Attack and Night attack
each target says its shields; while cards are picked each card's line
says what it adds and how the attack would stand with it, and Confirm
says what confirming does, or is greyed with the rules' reason (in place
of the rules' "why not?" line of the same key).

Keys: a group line's is its name (the driver's), a "why not?" line's its
label ("Confirm"), an action's its kind and fields ("Pick:gold",
"Attack:1:0:False").
"""

from __future__ import annotations

import msgspec
from castletui.rules.core import top
from castletui.rules.core.menu import Line
from msgspec.structs import replace

from .fortress import card_shields
from .legal import legal_actions
from .queries import GROUPS, attack_outlook, explore_torches, group, group_note, pick_words
from .state import Attack, Confirm, NightAttack, Pending, Pick, State
from .text import card_name, count_words, versus

CONFIRM = "Confirm"
"""The key of Confirm's line, greyed or not, and of the rules' "why not?" line it replaces."""


def action_key(action: object) -> str:
    """A stable key for an action's line: its kind and its fields."""
    return ":".join([type(action).__name__, *(str(value) for value in msgspec.structs.astuple(action))])


def keyed(line: Line) -> Line:
    """The line with a key: its action's where it has none yet."""
    if line.key or line.action is None:
        return line
    return replace(line, key=action_key(line.action))


def menu(view: State, seat: int, path: tuple[str, ...], lines: list[Line]) -> list[Line]:
    """The lines of menu level ``path`` for ``seat``, from its view."""
    step = top(view.pending)
    lines = [keyed(line) for line in lines]
    if step is None:
        return lines
    if step.kind == "select":
        return choosing(view, step, lines)
    if step.kind != "action":
        return lines  # the Thief, or a fallen player giving cards away: the rules' lines as they are
    if path:
        return [with_shields(view, line) for line in lines]
    return turn(view, lines)


def turn(view: State, lines: list[Line]) -> list[Line]:
    """The turn's first menu: each group line saying how many ways it
    opens; the groups first, the actions, and Throw a card away last."""
    sizes: dict[str, int] = {}
    for action in legal_actions(view):
        where = group(view, action)
        if where:
            sizes[where[0]] = sizes.get(where[0], 0) + 1
    groups, actions, last = [], [], []
    for line in lines:
        if line.group is not None and line.key in sizes:
            note = group_note(line.key, sizes[line.key])
            line = replace(line, text=f"{line.key}... ({note})") if note else line
            (last if line.key == GROUPS["discard"] else groups).append(line)
        else:
            actions.append(line)
    return groups + actions + last


def with_shields(view: State, line: Line) -> Line:
    """A target of Attack or Night attack, with its shields."""
    action = line.action
    if not isinstance(action, Attack | NightAttack):
        return line
    card = view.players[action.target].fortress[action.slot]
    shields = count_words(card_shields(card, action.garrison), "shield", "shields")
    return replace(line, text=f"{line.text} ({shields})")


def choosing(view: State, step: Pending, lines: list[Line]) -> list[Line]:
    """A line per card that may be picked, with what it adds, then Confirm
    (greyed with the rules' reason while it may not be chosen)."""
    picks, confirm, rest = [], [], []
    for line in lines:
        action = line.action
        if isinstance(action, Pick):
            picks.append(replace(line, text=f"+ {card_name(action.card)} {pick_words(view, action.card)}"))
        elif isinstance(action, Confirm):
            confirm.append(replace(line, text=confirm_words(view, step, line.text), key=CONFIRM))
        elif line.why_not and line.key == CONFIRM:
            # Why Confirm is not possible yet, in the rules' words (e.g. a Castle out of reach).
            text = "Confirm: pick a card first" if not step.selected else f"Confirm: {line.why_not}"
            confirm.append(Line(text, why_not=line.why_not, key=CONFIRM))
        else:
            rest.append(line)
    return picks + confirm + rest


def confirm_words(view: State, step: Pending, label: str) -> str:
    """What Confirm does now: the attack as it would stand, the Explorers'
    torches; ``label`` (the rules' words) for a pass with nothing chosen."""
    purpose = step.purpose
    chosen = len(step.selected)
    if purpose == "attack":
        if view.assault.night:
            what = f"{count_words(chosen, 'card', 'cards')} face down" if chosen else "nothing (a bluff)"
            return f"Confirm: attack by night with {what}"
        return f"Confirm: attack, {versus(attack_outlook(view))}"
    if purpose in ("support", "react") and not chosen:
        return label  # "No reaction", or a plain pass for a seat asked with nothing to play
    if purpose in ("support", "react"):
        return f"Confirm: {purpose}, {versus(attack_outlook(view))}"
    if purpose == "explore":
        return f"Confirm: explore with {count_words(explore_torches(view), 'torch', 'torches')}"
    return "Confirm"
