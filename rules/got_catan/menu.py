"""The action bar as A Game of Thrones Catan shows it (the screen API's
``menu`` hook, rules/core/menu.py): on a turn after the roll the build
menu is always there (every cost, and why what cannot be built cannot),
first when something can be built; the offer between players is one line
the app opens its trade dialog from; each card to return says how many of
it the player holds.

Every line the hook makes or keeps has a stable ``key`` (``BUILD``,
``OFFER``, a build row's key, ``discard:<resource>``, a "why not?" line's
key), so the app finds lines by key and never by their words.
"""

from __future__ import annotations

from castletui.rules.core.menu import Line
from msgspec.structs import replace

from .queries import OFFER_TO_PLAYERS, build_menu
from .state import BuyDevelopment, Discard, State

BUILD = "build"
"""The key of the "Build..." line (the rules' group ``BUILD_GROUP``)."""
BUILD_GROUP = "Build"
OFFER = "offer"
"""The key of the line that makes an offer to the other players."""
ROLL_FIRST = "roll-first"
"""The key of the "why not?" line before the roll (no building, no trade)."""

BUILD_KEYS = {
    "Road": "road",
    "Settlement": "settlement",
    "Keep": "keep",
    "Development card": "development",
    "Guard": "guard",
}
"""Each build cost card row's key, by its title: also the key of the rules'
"why not?" line of the same thing, which a greyed row hides."""
REFUSAL_KEYS = {**BUILD_KEYS, OFFER_TO_PLAYERS: OFFER, "Build or trade": ROLL_FIRST}
"""The keys of the "why not?" lines (``queries.refusals``), by their label."""


def menu(view: State, seat: int, path: tuple[str, ...], lines: list[Line]) -> list[Line]:
    """The lines of menu level ``path`` for ``seat`` (see the module docstring)."""
    step = view.pending[-1] if view.pending else None
    on_turn = step is not None and step.kind == "turn" and step.seat == seat
    if on_turn and path == (BUILD_GROUP,):
        return build_lines(view, seat, lines)
    out = []
    for line in lines:
        if line.why_not and line.note in REFUSAL_KEYS:
            line = replace(line, key=REFUSAL_KEYS[line.note])
        elif line.group == ("Trade", OFFER_TO_PLAYERS):
            line = replace(line, key=OFFER)
        elif on_turn and line.group == (BUILD_GROUP,):
            continue  # placed below, on every turn
        elif isinstance(line.action, Discard):
            resource = line.action.resource
            held = view.players[seat].hand.count(resource)
            line = replace(line, text=f"{line.text} (you hold {held})", key=f"discard:{resource}")
        out.append(line)
    if on_turn and not path:
        # First when something can be built: Enter on the first line makes progress.
        can_build = any(line.group == (BUILD_GROUP,) for line in lines) or any(
            key == "development" and not reason for key, _, _, reason in build_rows(view, seat)
        )
        out.insert(0 if can_build else 1, Line(f"{BUILD_GROUP}...", group=(BUILD_GROUP,), key=BUILD))
    return out


def build_lines(view: State, seat: int, lines: list[Line]) -> list[Line]:
    """Road, Settlement, Keep and Development card (Brotherhood: Guard) with
    their costs: a group to open where something can be built (``lines``,
    the level's, hold the groups), else the rules' reason; a development
    card is bought right here."""
    open_groups = {line.group for line in lines if line.group is not None}
    out = []
    for key, title, cost, reason in build_rows(view, seat):
        cost_text = ", ".join(f"{cost.count(r)} {r}" for r in dict.fromkeys(cost))
        if key == "development":
            if not reason:
                out.append(Line(f"Buy a development card ({cost_text})", BuyDevelopment(), key=key))
            else:
                out.append(Line(f"Development card: {reason}", why_not=reason or "not now", key=key))
        elif (BUILD_GROUP, title) in open_groups:
            out.append(Line(f"{title}... ({cost_text})", group=(BUILD_GROUP, title), key=key))
        else:
            why = reason or f"({cost_text}) nowhere to build one now."
            out.append(Line(f"{title}: {why}", why_not=why, key=key))
    return out


def build_rows(view: State, seat: int) -> list[tuple[str, str, tuple[str, ...], str]]:
    """The build cost card's rows (``queries.build_menu``), each with its
    key: (key, title, cost, why not)."""
    return [
        (BUILD_KEYS.get(title, title.lower()), title, cost, reason)
        for title, cost, reason in build_menu(view, seat)
    ]
