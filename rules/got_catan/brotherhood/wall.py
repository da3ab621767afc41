"""Brotherhood of the Watch: the Wall and the north. Guards on the wall
sections, wildlings from the Frostfangs into their clans' camps (the wildling
tokens), the rush of a fifth wildling, the advance on the wildling die, what
happens when a wildling reaches a clearing (climbers jump, giants kill a
guard, regulars wait while the guards hold), breaches, the hexes wildlings
block in the Gift, and the end of the game at the Wall; the guard tokens
(``guard_points``, the layer's score line).

What a wildling does on reaching a clearing is decided in one place,
:func:`arrival`: the rule (``arrived``), the forecast the screens show
(``queries``) and the bot's sense of danger (``bots``) all read it.

Every function takes and returns a State and records what happened as
events (``text.effects`` tells them). None of them asks anyone: the chance
(the wildling die, the tokens) is decided before they run.
"""

from __future__ import annotations

from typing import NamedTuple

from castletui.rules.core import Result, ScoreLine, recorded
from msgspec.structs import replace

from ..board import BOARDS
from ..edition import CLANS, TRAIL_OF_FACE, WATCH, WILDLING_INDEX, token_parts
from ..scoring import points
from ..state import Offer, State
from .text import section_name


def guards_on_wall(state: State, seat: int) -> int:
    """How many of ``seat``'s guards stand on the Wall."""
    return sum(guards.count(seat) for guards in state.wall)


def guard_points(state: State, seat: int) -> int:
    """The VP tokens ``seat``'s guards hold: 1 for 3 on the Wall, 2 for 5 or more."""
    if not state.wall:
        return 0
    count = guards_on_wall(state, seat)
    return sum(1 for at in WATCH.guard_token_at if count >= at)


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


def token_due(state: State) -> State:
    """Longest Road or Largest Patrol changed hands: a token from the pool
    is owed (``apply`` puts it on the stack once the action is done)."""
    return replace(state, tokens_due=state.tokens_due + 1)


def gift_wildlings(state: State) -> int:
    return sum(1 for kind in state.blocked if kind)


def to_frostfangs(state: State, kind: str) -> State:
    """A wildling of ``kind`` goes back to the Frostfangs."""
    index = WILDLING_INDEX[kind]
    return replace(state, frostfangs=_set(state.frostfangs, index, state.frostfangs[index] + 1))


def freed(state: State, hex_id: int) -> State:
    """The wildling blocking ``hex_id`` goes back to the Frostfangs."""
    kind = state.blocked[hex_id]
    state = replace(state, blocked=_set(state.blocked, hex_id, ""))
    return to_frostfangs(state, kind)


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


class Arrival(NamedTuple):
    """What a wildling does on reaching a clearing (see :func:`arrival`)."""

    kind: str  # "regular", "climber" or "giant"
    clearing: int  # the wall section of the same index defends it
    outcome: str  # "jumps" (a climber blocks a hex), "kills" (a giant kills a guard), "waits" or "breach"
    guards: int  # guards on the section
    regulars: int  # a regular: the regulars in the clearing with it; else 0
    victim: int  # "kills": the seat whose guard (on space 1) dies; else -1


def arrival(state: State, kind: str, clearing: int) -> Arrival:
    """What a wildling of ``kind`` does on reaching ``clearing``, read from
    the state before it arrives: a climber jumps the Wall (no breach); a
    giant kills the guard on space 1, or breaches an empty section; a
    regular breaches when the regulars waiting there, it included,
    outnumber the guards, and waits otherwise."""
    guards = state.wall[clearing]
    if kind == "climber":
        return Arrival(kind, clearing, "jumps", len(guards), 0, -1)
    if kind == "giant":
        if guards:
            return Arrival(kind, clearing, "kills", len(guards), 0, guards[0])
        return Arrival(kind, clearing, "breach", 0, 0, -1)
    regulars = state.clearings[clearing].count("regular") + 1
    return Arrival(kind, clearing, "breach" if regulars > len(guards) else "waits", len(guards), regulars, -1)


def arrived(state: State, kind: str, clearing: int, clan: str) -> State:
    """A wildling reaches ``clearing``, which the section of the same index
    defends, and does what :func:`arrival` says."""
    section = clearing
    coming = arrival(state, kind, clearing)
    state = recorded(state, "advance", -1, kind, clan, clearing)
    if coming.outcome == "jumps":
        state = blocked_by(state, kind, section)
        return ended_at_wall(state)
    if coming.outcome == "kills":
        state = recorded(state, "giant-kills", coming.victim, section)
        state = without_first_guard(state, section)
        return to_frostfangs(state, kind)
    state = replace(state, clearings=_set(state.clearings, clearing, state.clearings[clearing] + (kind,)))
    if coming.outcome == "breach":
        return breached(state, section)
    return recorded(state, "wildlings-wait", -1, clearing, coming.regulars, coming.guards)


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
    return to_frostfangs(state, kind)  # pragma: no cover - the game ends long before


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


def wall_result(state: State, scores: tuple[float, ...], lines: tuple[ScoreLine, ...]) -> Result | None:
    """The standing of a game the Wall ended (the layer's ``result``); None otherwise."""
    if state.ended_by not in ("breach", "gift"):
        return None
    why = "the third breach" if state.ended_by == "breach" else "8 wildlings in the Gift"
    ranks = [wall_rank(state, seat) for seat in range(len(state.players))]
    return Result(
        scores=scores,
        lines=lines,
        winners=wall_winners(state),
        finished=True,
        decided_by=f"The Wall's fall ({why}): {wall_decider(ranks)}.",
    )


def wall_decider(ranks: list[tuple[int, int, int, int]]) -> str:
    """Which of :func:`wall_rank`'s four decided, in words, with the numbers
    of the players still tied before it (no names: the result screen puts
    the winners' names before it). Issue #28: the sheet showed Milo's guard
    tokens (1) and not the 3 guards that won."""
    contenders = list(range(len(ranks)))
    for item in range(len(ranks[0])):
        values = sorted({ranks[seat][item] for seat in contenders}, reverse=True)
        still = [seat for seat in contenders if ranks[seat][item] == values[0]]
        if len(still) == 1:
            break
        contenders = still
    else:  # tied on all four (no guards, as many points): they share the win
        guards, score = ranks[contenders[0]][:2]
        return f"a tie on {_guards(guards)} and {_points(score)}: they share it"
    first = ranks[still[0]]
    against = " and ".join(_RANK_WORDS[item](value) for value in values[1:])
    decided = f"{_BROKEN_BY[item]}, {_RANK_WORDS[item](values[0])} against {against}"
    if item == 0:
        return decided
    shared = [_guards(first[0]), _points(first[1]), f"the oldest guard on space {1 - first[2]}"][:item]
    tie = f"{', '.join(shared[:-1])} and {shared[-1]}" if len(shared) > 1 else shared[0]
    return f"a tie on {tie}, broken by {decided}"


def _guards(count: int) -> str:
    return f"{count} guard{'' if count == 1 else 's'} on the Wall"


def _points(count: int) -> str:
    return f"{count} point{'' if count == 1 else 's'}"


_BROKEN_BY = ("the most guards on the Wall", "the most points", "the oldest guard", "the most western guard")
_RANK_WORDS = (
    str,
    str,
    lambda space: f"space {1 - space}",  # wall_rank keeps -space: the lowest space is the oldest
    lambda section: section_name(-section),
)
