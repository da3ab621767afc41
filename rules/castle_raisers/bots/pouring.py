"""Castle Raisers bots' plan for a pouring of cauldrons, shared by the
competitive bot (:mod:`.competitive`) and the co-operative one (:mod:`.coop`),
which otherwise do not depend on each other."""

from __future__ import annotations

from castletui.rules.castle_raisers.edition import VICIOUS
from castletui.rules.castle_raisers.state import Action, State

WORTH = {"ladder": 3.0, "archer": 1.3, "vicious": 1.2, "soldier": 1.0}
"""What defeating one wolf of each kind is worth to the pouring player: a ladder
lets every wolf of its region in, an archer shoots an Arrow every End of Age, a
vicious wolf takes a pouring of 2 to defeat at all."""


def planned_pour(state: State, seat: int, actions: list[Action]) -> Action | None:
    """Plan the whole pouring, then name its first cauldron: as many wolves as the
    cauldrons allow, ladders first, then archers, vicious wolves and soldiers.
    None when no wolf is worth a cauldron (the caller then decides otherwise)."""
    castle = state.castles[seat]
    top = state.pending[-1]
    names = [getattr(action, "wolf", "") for action in actions]
    base = top.section * 4
    best_plan: list[str] = []
    best_worth = 0.0
    vicious_allowed = "vicious" in names
    for vicious in range(0, (castle.wolves[base + VICIOUS] if vicious_allowed else 0) + 1):
        left = top.count - 2 * vicious
        if left < 0:
            break
        plan = ["vicious"] * vicious
        for kind in ("ladder", "archer", "soldier"):
            if kind in names:
                take = min(left, castle.wolves[base + ("soldier", "ladder", "archer").index(kind)])
                plan += [kind] * take
                left -= take
        total = sum(WORTH[kind] for kind in plan)
        if total > best_worth:
            best_plan, best_worth = plan, total
    if not best_plan:
        return None
    first = max(best_plan, key=lambda kind: WORTH[kind])
    return actions[names.index(first)]
