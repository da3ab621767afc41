"""Brotherhood of the Watch: what may be done now. The legal actions of
its own kinds of step (added to ``legal.DECISIONS``), its actions before
and after the roll (guards, the hero), why a guard or a hero action is
refused: the layer's hooks on the base game's ``legal``. (The guard's
"why not?" line is ``brotherhood.queries``'s, with the base's.)"""

from __future__ import annotations

from castletui.rules.core.multiset import counts

from ..edition import NEW_RECRUITS, RANGER_PATROL, RESOURCES, ROAD_BUILDING, WATCH, WINTER_IS_COMING
from ..legal import DECISIONS, chance_actions, cost_reason
from ..state import (
    BuildGuard,
    DeclineHero,
    FlipHero,
    FreeHex,
    GiveCard,
    PickDevelopment,
    PlaceGuard,
    State,
    Step,
    SwapHero,
    TakeCard,
    TakeResource,
)
from .heroes import HERO_ACTIONS, hero_actions, hero_reason
from .wall import guard_sections, guards_on_wall

PLAYABLE = (RANGER_PATROL, ROAD_BUILDING, WINTER_IS_COMING, NEW_RECRUITS)
"""The development cards played in Brotherhood of the Watch."""

_GUARDS = [BuildGuard(section) for section in range(WATCH.sections)]
_TAKES = {resource: TakeResource(resource) for resource in RESOURCES}


def guard_reason(state: State, seat: int, section: int, free: bool = False) -> str:
    """Why ``seat`` may not put a guard on ``section`` now, or ""."""
    if not 0 <= section < len(state.wall):
        return f"The Wall has sections 1 to {len(state.wall)}."
    if guards_on_wall(state, seat) >= WATCH.guards:
        return f"You have no guards left: all {WATCH.guards} are on the Wall."
    if len(state.wall[section]) >= WATCH.guard_spaces:
        return f"Wall section {section + 1} is full: all {WATCH.guard_spaces} spaces hold a guard."
    return "" if free else cost_reason("guard", state.players[seat].hand)


# --- the layer's hooks on the base game's turn ---------------------------------------------------


def start_actions(state: State, seat: int) -> list:
    """Before the roll: a hero that acts then."""
    return hero_actions(state, seat, before_roll=True)


def turn_actions(state: State, seat: int, have: dict[str, int]) -> list:
    """After the roll: a guard where there is room, and the hero."""
    actions = []
    if have.get("brick") and have.get("wool") and have.get("lumber"):
        actions += [_GUARDS[section] for section in guard_sections(state, seat)]
    return actions + hero_actions(state, seat, before_roll=False)


def turn_reason(state: State, seat: int, action) -> str | None:
    """Why a guard or a hero action is refused after the roll ("" allowed);
    None for an action that is not the layer's."""
    if isinstance(action, BuildGuard) and not action.instead_of:
        return guard_reason(state, seat, action.section)
    if isinstance(action, (*HERO_ACTIONS, BuildGuard)):
        return hero_reason(state, seat, action, before_roll=False)
    return None


# --- the legal actions of its own steps ---------------------------------------------------------


def _place_guard(state: State, step: Step) -> list:
    return [PlaceGuard(section) for section in guard_sections(state, step.seat)]


def _patrol(state: State, step: Step) -> list:
    tormund = DECISIONS["tormund"](state, step)
    return tormund + [FreeHex(hex_id) for hex_id, kind in enumerate(state.blocked) if kind]


def _tarly(state: State, step: Step) -> list:
    return [_TAKES[resource] for index, resource in enumerate(RESOURCES) if state.supply[index]] + [
        DeclineHero()
    ]


def _give_back(state: State, step: Step) -> list:
    return [GiveCard(card) for card, _ in counts(state.players[step.seat].hand)]


def _mance(state: State, step: Step) -> list:
    return [TakeCard(card) for card, _ in counts(state.players[step.target].hand)]


def _pick(state: State, step: Step) -> list:
    return [PickDevelopment(card) for card, _ in counts(state.peek)]


def _hero_after(state: State, step: Step) -> list:
    flip = [FlipHero()] if state.players[step.seat].hero_side == "A" else []
    return flip + [SwapHero(hero) for hero in state.heroes]


DECISIONS_ADDED = {
    "wildling-die": chance_actions,
    "token": chance_actions,
    "peek": chance_actions,
    "place-guard": _place_guard,
    "patrol": _patrol,
    "tarly": _tarly,
    "give-back": _give_back,
    "mance": _mance,
    "pick": _pick,
    "hero-after": _hero_after,
}
"""Added to ``legal.DECISIONS``."""
