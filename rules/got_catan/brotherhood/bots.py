"""The planner's Brotherhood of the Watch plans: defend the Wall as well as
build.

It reads the danger at each wall section: how likely a wildling reaches the
section's clearing on the next roll (the wildling die's faces whose clan has
a wildling in camp) and what that wildling would do there (a regular
breaches when the waiting regulars would outnumber the guards, a giant
kills a guard or breaches an empty section, a climber only blocks a hex).
Guards go where the danger is highest, and also up to the 3 and 5 that
bring VP tokens, and more when the Wall is close to falling (the most
guards win then). Heroes are used when they help at once: Benjen and
Ygritte against the wildlings, Qhorin when Tormund sits on the bot's hexes,
Yoren for a guard, Marsh and Mormont for a missing card, Thorne and
Melisandre to pay what it cannot, Mance against the leader (Yarwyck's
road is left unused).

``plan(state, seat, actions, rng)`` (the layer's ``plan``) answers a
decision, or returns None to leave it to the base planner
(``bots.planner``, whose goal and supply trades it builds on); the
Ranger Patrol's step, when no hex of the bot's is worth freeing, moves
Tormund as the base planner does (added to ``bots.planner.PLANS``).
"""

from __future__ import annotations

from castletui.rules.core.multiset import counts

from ..board import BOARDS
from ..bots.planner import goal, move_tormund, supply_trade
from ..edition import CLANS, COSTS, TRAIL_OF_FACE, WATCH
from ..scoring import PIPS, points, production, public_points
from ..state import (
    BuildGuard,
    ChaseTormund,
    ChooseDevelopment,
    ClearGift,
    ClearNorth,
    DeclineHero,
    FlipHero,
    ForcedTrade,
    FreeHex,
    GiveCard,
    MoveTormund,
    PatrolToGuard,
    PlaceGuard,
    State,
    SwapHero,
    TakeCard,
    TakeFromLeader,
    TakeResource,
    TradeOneForOne,
)
from .wall import arrival, guards_on_wall

HERO_PREFERENCE = (
    "benjen",
    "thorne",
    "yoren",
    "ygritte",
    "marsh",
    "tarly",
    "qhorin",
    "melisandre",
    "mance",
    "mormont",
    "yarwyck",
)
"""Heroes the bot takes from the display, the most useful first (the Wall first)."""


def danger(state: State) -> list[float]:
    """Per wall section: the chance, next roll, of a breach or a lost guard there."""
    out = [0.0] * len(state.wall)
    for clan, rank in TRAIL_OF_FACE.values():
        camps = state.camps[clan]
        if not camps:
            continue
        clearing = CLANS[clan].trails[rank].clearing
        out[clearing] += _harm(state, camps[0], clearing) / WATCH.die_faces
    for clan, camps in enumerate(state.camps):
        if len(camps) == CLANS[clan].camps - 1:
            # One more token of this clan is a rush: both trails at once.
            for rank, trail in enumerate(CLANS[clan].trails):
                if rank < len(camps):
                    out[trail.clearing] += 0.3 * _harm(state, camps[rank], trail.clearing)
    return out


_HARM = {"jumps": 0.2, "kills": 0.6, "breach": 1.5}
"""How much each outcome of a wildling's arrival hurts (a regular that waits: 0.1 per regular waiting)."""


def _harm(state: State, kind: str, clearing: int) -> float:
    coming = arrival(state, kind, clearing)
    return _HARM.get(coming.outcome, 0.1 * coming.regulars)


def best_section(state: State, sections: list[int]) -> int:
    """Where a guard helps most: the most dangerous section, then the one
    whose space 1 would be the bot's (oldest guard), then the west."""
    threat = danger(state)
    waiting = [len(c) for c in state.clearings]
    return max(sections, key=lambda s: (threat[s] + 0.2 * waiting[s] - 0.05 * len(state.wall[s]), -s))


def wants_guard(state: State, seat: int) -> bool:
    """Whether a guard is worth its three cards now."""
    mine = guards_on_wall(state, seat)
    if mine >= WATCH.guards:
        return False
    if max(danger(state), default=0.0) >= 0.1:
        return True
    if mine + 1 in WATCH.guard_token_at:
        return True  # a VP token
    rivals = max(guards_on_wall(state, other) for other in range(len(state.players)) if other != seat)
    return state.breaches >= 1 and mine <= rivals


def _missing(hand: tuple[str, ...], cost: tuple[str, ...]) -> list[str]:
    have = dict(counts(hand))
    out = []
    for card, need in counts(cost):
        out += [card] * max(0, need - have.get(card, 0))
    return out


def _my_blocked(state: State, seat: int) -> list[tuple[float, int]]:
    """(value, hex) of the blocked hexes that cost ``seat`` production."""
    board = BOARDS[len(state.players)]
    out = []
    for hex_id, kind in enumerate(state.blocked):
        if not kind:
            continue
        value = 0.0
        for corner in board.hex_corners[hex_id]:
            if state.corner_owner[corner] == seat:
                value += PIPS[board.hex_numbers[hex_id]] * (2 if corner in state.players[seat].keeps else 1)
        out.append((value, hex_id))
    return sorted(out, reverse=True)


def hero_move(state: State, seat: int, actions: list):
    """A hero action worth taking now, or None."""
    player = state.players[seat]
    hand = player.hand
    threat = danger(state)
    for action in actions:
        if isinstance(action, ClearNorth):
            break
    else:
        action = None
    if action is not None and max(threat, default=0.0) >= 0.12:
        # Benjen: the wildling about to do the most harm.
        def relief(a: ClearNorth) -> float:
            if a.clearing >= 0:
                return 1.0 + threat[a.clearing]
            clearing = CLANS[a.clan].trails[0].clearing
            return (2.0 - a.slot) * 0.3 + threat[clearing] * (1.0 if a.slot == 0 else 0.3)

        return max((a for a in actions if isinstance(a, ClearNorth)), key=relief)
    blocked = _my_blocked(state, seat)
    if blocked and blocked[0][0] >= 3:
        gift = ClearGift(blocked[0][1])
        if gift in actions:
            return gift
    if ChaseTormund() in actions and state.tormund >= 0:
        board = BOARDS[len(state.players)]
        if any(state.corner_owner[c] == seat for c in board.hex_corners[state.tormund]):
            return ChaseTormund()
    yoren = [a for a in actions if isinstance(a, PatrolToGuard)]
    if yoren and (state.largest_patrol != seat or player.patrols > WATCH.guards):
        return PatrolToGuard(best_section(state, [a.section for a in yoren]))
    thorne = [a for a in actions if isinstance(a, BuildGuard) and a.instead_of]
    if thorne and wants_guard(state, seat):
        spare = dict(counts(hand))
        section = best_section(state, sorted({a.section for a in thorne}))
        return max(
            (a for a in thorne if a.section == section),
            key=lambda a: (spare.get(a.pay, 0), a.pay, a.instead_of),
        )
    leaders = [a for a in actions if isinstance(a, TakeFromLeader)]
    if leaders:
        return max(leaders, key=lambda a: (public_points(state, a.victim), -a.victim))
    return None


def hero_trade(state: State, seat: int, actions: list, cost: tuple[str, ...]):
    """Marsh, Mormont or Melisandre when they complete ``cost``."""
    hand = state.players[seat].hand
    missing = _missing(hand, cost)
    if not missing:
        return None
    spare = list(hand)
    for card in cost:
        if card in spare:
            spare.remove(card)
    for action in actions:
        if isinstance(action, TradeOneForOne) and action.get in missing and action.give in spare:
            return action
    if len(missing) == 1:
        demands = [
            a for a in actions if isinstance(a, ForcedTrade) and a.resource == missing[0] and a.second >= 0
        ]
        if demands and spare:
            return demands[0]
    return None


# --- the plans per decision ------------------------------------------------------------------


def _place_guard(state: State, seat: int, actions: list, rng) -> object:
    return PlaceGuard(best_section(state, [a.section for a in actions]))


def _patrol(state: State, seat: int, actions: list, rng):
    blocked = _my_blocked(state, seat)
    if blocked and blocked[0][0] > 0 and FreeHex(blocked[0][1]) in actions:
        return FreeHex(blocked[0][1])
    return None  # the base planner moves Tormund


def _tarly(state: State, seat: int, actions: list, rng) -> object:
    _, _, cost = goal(state, seat)
    for card in _missing(state.players[seat].hand, cost) + ["brick", "wool", "lumber"]:
        if TakeResource(card) in actions:
            return TakeResource(card)
    takes = [a for a in actions if isinstance(a, TakeResource)]
    return takes[0] if takes else DeclineHero()


def _give_back(state: State, seat: int, actions: list, rng) -> object:
    _, _, cost = goal(state, seat)
    spare = list(state.players[seat].hand)
    for card in cost:
        if card in spare:
            spare.remove(card)
    pool = spare or list(state.players[seat].hand)
    card = max(sorted(set(pool)), key=pool.count)
    return GiveCard(card)


def _mance(state: State, seat: int, actions: list, rng) -> object:
    _, _, cost = goal(state, seat)
    for card in _missing(state.players[seat].hand, cost):
        if TakeCard(card) in actions:
            return TakeCard(card)
    made = production(state, seat)
    return min(actions, key=lambda a: (made.get(a.resource, 0), a.resource))


def _pick(state: State, seat: int, actions: list, rng) -> object:
    order = ("victory-point", "new-recruits", "ranger-patrol", "road-building", "winter-is-coming")
    return min(actions, key=lambda a: order.index(a.card) if a.card in order else 9)


def _hero_after(state: State, seat: int, actions: list, rng) -> object:
    if FlipHero() in actions:
        return FlipHero()
    swaps = [a for a in actions if isinstance(a, SwapHero)]
    return min(swaps, key=lambda a: HERO_PREFERENCE.index(a.hero))


def _urgent(state: State, seat: int) -> bool:
    """The Wall may fall soon and the bot does not lead in guards: the most
    guards win then, so guards come before building."""
    mine = guards_on_wall(state, seat)
    rivals = max(guards_on_wall(state, other) for other in range(len(state.players)) if other != seat)
    return mine < WATCH.guards and state.breaches >= WATCH.breaches_to_end - 2 and mine <= rivals


def _turn(state: State, seat: int, actions: list, rng):
    """Before the base planner's turn plan: defend the Wall and use the hero."""
    move = hero_move(state, seat, actions)
    if move is not None:
        return move
    guards = [a for a in actions if isinstance(a, BuildGuard) and not a.instead_of]
    urgent = _urgent(state, seat)
    if guards and (urgent or wants_guard(state, seat)):
        threat = max(danger(state), default=0.0)
        # With the Wall in danger, a guard before anything else; else only
        # when the building plan cannot be paid this turn.
        _, _, cost = goal(state, seat)
        if urgent or threat >= 0.1 or _missing(state.players[seat].hand, cost) or points(state, seat) >= 8:
            return BuildGuard(best_section(state, [a.section for a in guards]))
    if urgent and guards_on_wall(state, seat) < WATCH.guards:
        trade = supply_trade(state, seat, actions, COSTS["guard"])
        if trade is not None:
            return trade
    _, _, cost = goal(state, seat)
    trade = hero_trade(state, seat, actions, cost)
    if trade is not None:
        return trade
    choose = [a for a in actions if isinstance(a, ChooseDevelopment)]
    if choose and cost == COSTS["development"]:
        return choose[0]
    return None


def _start(state: State, seat: int, actions: list, rng):
    return hero_move(state, seat, actions)


def _patrol_tormund(state: State, seat: int, actions: list, rng) -> object:
    """The Ranger Patrol's step, as the base game plays it: Tormund."""
    moves = [a for a in actions if isinstance(a, MoveTormund)]
    return move_tormund(state, seat, moves, rng) if moves else None


PLANNER_PLANS = {"patrol": _patrol_tormund}
"""Added to ``bots.planner.PLANS``: the base planner's answer at the layer's steps."""

PLANS = {
    "place-guard": _place_guard,
    "patrol": _patrol,
    "tarly": _tarly,
    "give-back": _give_back,
    "mance": _mance,
    "pick": _pick,
    "hero-after": _hero_after,
    "turn": _turn,
    "start": _start,
}


def plan(state: State, seat: int, actions: list, rng):
    """The Brotherhood plan for the decision on top, or None."""
    step = state.pending[-1]
    run = PLANS.get(step.kind)
    return run(state, seat, actions, rng) if run is not None else None
