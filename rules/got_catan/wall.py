"""Brotherhood of the Watch: the Wall and the north. Guards on the wall
sections, wildlings from the Frostfangs into their clans' camps (the wildling
tokens), the rush of a fifth wildling, the advance on the wildling die, what
happens when a wildling reaches a clearing (climbers jump, giants kill a
guard, regulars wait while the guards hold), breaches, the hexes wildlings
block in the Gift, and the end of the game at the Wall.

Every function takes and returns a State and records what happened as
events (``text.effects`` tells them). None of them asks anyone: the chance
(the wildling die, the tokens) is decided before they run.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core import recorded

from .board import BOARDS
from .edition import CLANS, TRAIL_OF_FACE, WATCH, WILDLING_INDEX, token_parts
from .scoring import guard_points, guards_on_wall, points
from .state import Offer, State


def _set(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


def section_has_room(state: State, section: int) -> bool:
    return len(state.wall[section]) < WATCH.guard_spaces


def guard_sections(state: State, seat: int) -> list[int]:
    """The sections where ``seat`` may place a guard now (a guard left, a free space)."""
    if guards_on_wall(state, seat) >= WATCH.guards:
        return []
    return [section for section in range(len(state.wall)) if section_has_room(state, section)]


def with_guard(state: State, seat: int, section: int) -> State:
    """A guard of ``seat`` on the lowest free space of ``section``."""
    before = guard_points(state, seat)
    state = replace(state, wall=_set(state.wall, section, state.wall[section] + (seat,)))
    state = recorded(state, "guard", seat, section, len(state.wall[section]))
    return _guard_tokens(state, seat, before)


def _guard_tokens(state: State, seat: int, before: int) -> State:
    after = guard_points(state, seat)
    if after != before:
        state = recorded(state, "guard-points", seat, after, guards_on_wall(state, seat))
    return state


def without_first_guard(state: State, section: int) -> State:
    """The guard on space 1 of ``section`` goes back to its owner; the others
    move down a space."""
    guards = state.wall[section]
    if not guards:
        return state
    seat = guards[0]
    before = guard_points(state, seat)
    state = replace(state, wall=_set(state.wall, section, guards[1:]))
    state = recorded(state, "guard-falls", seat, section)
    return _guard_tokens(state, seat, before)


def gift_wildlings(state: State) -> int:
    return sum(1 for kind in state.blocked if kind)


def _to_frostfangs(state: State, kind: str) -> State:
    index = WILDLING_INDEX[kind]
    return replace(state, frostfangs=_set(state.frostfangs, index, state.frostfangs[index] + 1))


def freed(state: State, hex_id: int) -> State:
    """The wildling blocking ``hex_id`` goes back to the Frostfangs."""
    kind = state.blocked[hex_id]
    state = replace(state, blocked=_set(state.blocked, hex_id, ""))
    return _to_frostfangs(state, kind)


def from_camp(state: State, clan: int, slot: int) -> tuple[State, str]:
    """The wildling in camp ``slot`` of ``clan`` leaves; the colder ones move up."""
    camps = state.camps[clan]
    kind = camps[slot]
    state = replace(state, camps=_set(state.camps, clan, camps[:slot] + camps[slot + 1 :]))
    return state, kind


def from_clearing(state: State, clearing: int, kind: str) -> State:
    waiting = list(state.clearings[clearing])
    waiting.remove(kind)
    return replace(state, clearings=_set(state.clearings, clearing, tuple(waiting)))


def migrated(state: State, token: str) -> State:
    """A token revealed: a wildling of its kind leaves the Frostfangs for
    its clan's hottest free camp; a fifth in the clan is a rush."""
    clan, kind = token_parts(token)
    index = WILDLING_INDEX[kind]
    if not state.frostfangs[index]:
        return recorded(state, "no-figure", -1, kind, CLANS[clan].name)
    state = replace(
        state,
        frostfangs=_set(state.frostfangs, index, state.frostfangs[index] - 1),
        camps=_set(state.camps, clan, state.camps[clan] + (kind,)),
    )
    state = recorded(state, "migrate", -1, kind, CLANS[clan].name, len(state.camps[clan]))
    if len(state.camps[clan]) < CLANS[clan].camps:
        return state
    # The rush: the hottest camp takes the lower trail, the next the higher.
    state = recorded(state, "rush", -1, CLANS[clan].name)
    for trail in CLANS[clan].trails:
        if state.ended_by:
            break
        state, walker = from_camp(state, clan, 0)
        state = arrived(state, walker, trail.clearing, CLANS[clan].name)
    return state


def advanced(state: State, face: int) -> State:
    """The wildling die shows ``face``: along its trail, the wildling in the
    hottest camp of that clan walks to the clearing."""
    trail = TRAIL_OF_FACE.get(face)
    if trail is None:
        return recorded(state, "no-advance", -1, face)
    clan, rank = trail
    if not state.camps[clan]:
        return recorded(state, "camps-empty", -1, face, CLANS[clan].name)
    state, walker = from_camp(state, clan, 0)
    return arrived(state, walker, CLANS[clan].trails[rank].clearing, CLANS[clan].name)


def arrived(state: State, kind: str, clearing: int, clan: str) -> State:
    """A wildling reaches ``clearing``, which the section of the same index defends."""
    section = clearing
    state = recorded(state, "advance", -1, kind, clan, clearing)
    if kind == "climber":
        # Climbers jump the Wall at once and block a hex: no breach.
        state = blocked_by(state, kind, section)
        return ended_at_wall(state)
    if kind == "giant":
        if state.wall[section]:
            seat = state.wall[section][0]
            state = recorded(state, "giant-kills", seat, section)
            state = without_first_guard(state, section)
            return _to_frostfangs(state, kind)
        state = replace(state, clearings=_set(state.clearings, clearing, state.clearings[clearing] + (kind,)))
        return breached(state, section)
    state = replace(state, clearings=_set(state.clearings, clearing, state.clearings[clearing] + (kind,)))
    regulars = state.clearings[clearing].count("regular")
    guards = len(state.wall[section])
    if regulars > guards:
        return breached(state, section)
    return recorded(state, "wildlings-wait", -1, clearing, regulars, guards)


def breached(state: State, section: int) -> State:
    """A breach: the guard on space 1 falls, every wildling in the clearing
    jumps the Wall and blocks a hex, the breach marker moves on."""
    state = recorded(state, "breach", -1, section, len(state.clearings[section]), state.breaches + 1)
    state = without_first_guard(state, section)
    waiting = state.clearings[section]
    state = replace(state, clearings=_set(state.clearings, section, ()), breaches=state.breaches + 1)
    for kind in waiting:
        state = blocked_by(state, kind, section)
    return ended_at_wall(state)


def blocked_by(state: State, kind: str, section: int) -> State:
    """A wildling jumps the Wall at ``section``: it blocks the first free
    hex of the section's lane (then the nearest free hex)."""
    board = BOARDS[len(state.players)]
    for hex_id in board.block_order[section]:
        if not state.blocked[hex_id]:
            state = replace(state, blocked=_set(state.blocked, hex_id, kind))
            return recorded(state, "blocks", -1, kind, hex_id)
    return _to_frostfangs(state, kind)  # pragma: no cover - the game ends long before


def ended_at_wall(state: State) -> State:
    """The third breach, or 8 wildlings in the Gift, ends the game at once:
    most guards on the Wall wins (then most points, the oldest guard, the
    most western guard)."""
    if state.ended_by:
        return state
    if state.breaches >= WATCH.breaches_to_end:
        why = "breach"
    elif gift_wildlings(state) >= WATCH.gift_wildlings_to_end:
        why = "gift"
    else:
        return state
    winners = wall_winners(state)
    # ``apply`` clears the decision stack once the action is over.
    state = replace(state, ended_by=why, winner=winners[0], offer=Offer())
    return recorded(state, "wall-falls", winners[0], why, guards_on_wall(state, winners[0]))


def wall_rank(state: State, seat: int) -> tuple[int, int, int, int]:
    """How ``seat`` stands when the Wall falls, the higher the better: guards,
    points, then the oldest guard (lowest space), then the most western."""
    best_space, best_section = WATCH.guard_spaces, len(state.wall)
    for section, guards in enumerate(state.wall):
        for space, owner in enumerate(guards):
            if owner == seat and (space, section) < (best_space, best_section):
                best_space, best_section = space, section
    return (guards_on_wall(state, seat), points(state, seat), -best_space, -best_section)


def wall_winners(state: State) -> tuple[int, ...]:
    ranks = [wall_rank(state, seat) for seat in range(len(state.players))]
    best = max(ranks)
    return tuple(seat for seat, rank in enumerate(ranks) if rank == best)
