"""Brotherhood of the Watch: the heroes. Each player has one hero card; its
ability is used once, then the hero is flipped to its B side (one more use
on a later turn) or swapped for another from the display, and after the B
side's use it must be swapped. A hero is not used on the turn it was taken
(or flipped), and is never traded or stolen.

Here: which hero actions ``seat`` may take now (``hero_actions``), why one
is refused (``hero_reason``), and what each does (``used``). ``when`` in
edition.toml says when a hero acts: "turn" after your roll, "any" before or
after it, "production" (Samwell Tarly) when a roll brings you nothing, on
anyone's turn [proposed: only Samwell acts out of turn].
"""

from __future__ import annotations

from functools import lru_cache

from castletui.rules.core import pushed, recorded
from msgspec.structs import replace

from ..board import BOARDS
from ..chance import cards_left
from ..edition import COSTS, HEROES, RESOURCE_INDEX, RESOURCES, RULES, TERRAIN_RESOURCE
from ..flow import paid, taken, with_player, with_road, without_road
from ..legal import covers, road_sites
from ..roads import longest_road_holder
from ..scoring import public_points
from ..state import (
    BuildGuard,
    ChaseTormund,
    ChooseDevelopment,
    ClearGift,
    ClearNorth,
    ForcedTrade,
    PatrolToGuard,
    RedirectRoad,
    State,
    Step,
    TakeFromLeader,
    TradeOneForOne,
)
from .wall import freed, from_camp, from_clearing, guard_sections, to_frostfangs, token_due, with_guard

HERO_ACTIONS = (
    ForcedTrade,
    TradeOneForOne,
    RedirectRoad,
    ChooseDevelopment,
    TakeFromLeader,
    ClearNorth,
    ClearGift,
    PatrolToGuard,
    ChaseTormund,
)
"""The action of each hero with an action of its own (Alliser Thorne's is a
BuildGuard that pays differently; Samwell Tarly's a TakeResource)."""

_HERO_OF = {
    ForcedTrade: "mormont",
    TradeOneForOne: "marsh",
    RedirectRoad: "yarwyck",
    ChooseDevelopment: "melisandre",
    TakeFromLeader: "mance",
    ClearNorth: "benjen",
    ClearGift: "ygritte",
    PatrolToGuard: "yoren",
    ChaseTormund: "qhorin",
}


def hero_title(name: str) -> str:
    hero = HEROES.get(name)
    return hero.title if hero is not None else "a hero"


def ready(state: State, seat: int) -> bool:
    """Whether ``seat``'s hero may act this turn (not taken or flipped in it)."""
    player = state.players[seat]
    return bool(player.hero) and player.hero_since != state.turn_number


def acts_now(state: State, seat: int, before_roll: bool) -> bool:
    """Whether ``seat``'s hero may act at this point of their own turn."""
    if not ready(state, seat):
        return False
    when = HEROES[state.players[seat].hero].when
    return when == "any" or (when == "turn" and not before_roll)


@lru_cache(maxsize=4096)
def substitutes(thing: str, hand: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(instead_of, pay) pairs that let ``hand`` pay ``thing`` with one
    resource replaced by another (Alliser Thorne, Melisandre)."""
    cost = COSTS[thing]
    out = []
    for instead_of in dict.fromkeys(cost):
        rest = list(cost)
        rest.remove(instead_of)
        for pay in RESOURCES:
            if pay != instead_of and covers(hand, tuple(sorted(rest + [pay]))):
                out.append((instead_of, pay))
    return tuple(out)


def substituted(thing: str, instead_of: str, pay: str) -> tuple[str, ...]:
    """The cost of ``thing`` with ``pay`` in place of ``instead_of``."""
    cost = list(COSTS[thing])
    if instead_of:
        cost.remove(instead_of)
        cost.append(pay)
    return tuple(sorted(cost))


def loose_roads(state: State, seat: int) -> list[int]:
    """``seat``'s roads joined to their own pieces at one end only
    (opponents' pieces ignored): Othell Yarwyck may take these up."""
    board = BOARDS[len(state.players)]
    player = state.players[seat]
    own_roads = set(player.roads)
    buildings = set(player.settlements) | set(player.keeps)
    out = []
    for edge in player.roads:
        joined = 0
        for corner in board.edge_corners[edge]:
            if corner in buildings or any(
                other in own_roads and other != edge for other in board.corner_edges[corner]
            ):
                joined += 1
        if joined == 1:
            out.append(edge)
    return out


def redirect_targets(state: State, seat: int, edge: int) -> list[int]:
    """Where the road on ``edge`` may be rebuilt once taken up."""
    lifted = without_road(state, seat, edge, recount=False)
    return [to for to in road_sites(lifted, seat) if to != edge]


@lru_cache(maxsize=16)
def _demands(seats: int, seat: int) -> tuple[ForcedTrade, ...]:
    """Jeor Mormont's demands: a resource from one or two other players."""
    others = [other for other in range(seats) if other != seat]
    pairs = [(a, -1) for a in others] + [(a, b) for a in others for b in others if a < b]
    return tuple(ForcedTrade(resource, a, b) for resource in RESOURCES for a, b in pairs)


def hero_actions(state: State, seat: int, before_roll: bool) -> list:
    """The hero actions ``seat`` may take now on their own turn."""
    if not acts_now(state, seat, before_roll):
        return []
    player = state.players[seat]
    hero = player.hero
    hand = player.hand
    seats = len(state.players)
    if hero == "mormont":
        return list(_demands(seats, seat))
    if hero == "marsh":
        return [
            TradeOneForOne(give, get)
            for give in dict.fromkeys(hand)
            for index, get in enumerate(RESOURCES)
            if get != give and state.supply[index]
        ]
    if hero == "yarwyck":
        return [
            RedirectRoad(edge, to)
            for edge in loose_roads(state, seat)
            for to in redirect_targets(state, seat, edge)
        ]
    if hero == "thorne":
        sections = guard_sections(state, seat)
        return [
            BuildGuard(section, instead_of, pay)
            for section in sections
            for instead_of, pay in substitutes("guard", hand)
        ]
    if hero == "melisandre":
        if cards_left(state) <= 0:
            return []
        out = [ChooseDevelopment()] if covers(hand, COSTS["development"]) else []
        return out + [ChooseDevelopment(i, p) for i, p in substitutes("development", hand)]
    if hero == "mance":
        mine = public_points(state, seat)
        return [
            TakeFromLeader(other)
            for other in range(seats)
            if other != seat and state.players[other].hand and public_points(state, other) > mine
        ]
    if hero == "benjen":
        out = [
            ClearNorth(clan=clan, slot=slot)
            for clan, camps in enumerate(state.camps)
            for slot in range(len(camps))
        ]
        return out + [
            ClearNorth(clearing=clearing, kind=kind)
            for clearing, waiting in enumerate(state.clearings)
            for kind in sorted(set(waiting))
        ]
    if hero == "ygritte":
        return [ClearGift(hex_id) for hex_id, kind in enumerate(state.blocked) if kind]
    if hero == "yoren":
        if player.patrols < 1:
            return []
        return [PatrolToGuard(section) for section in guard_sections(state, seat)]
    if hero == "qhorin":
        return [ChaseTormund()] if state.tormund >= 0 else []
    return []


def hero_reason(state: State, seat: int, action, before_roll: bool) -> str:
    """Why ``seat`` may not take the hero action ``action`` now, or ""."""
    player = state.players[seat]
    wanted = "thorne" if isinstance(action, BuildGuard) else _HERO_OF.get(type(action), "")
    if player.hero != wanted:
        return f"That is {hero_title(wanted)}'s ability; your hero is {hero_title(player.hero)}."
    if player.hero_since == state.turn_number:
        return f"You took {hero_title(wanted)} this turn: use the ability from your next turn."
    if before_roll and HEROES[wanted].when != "any":
        return f"{hero_title(wanted)} acts after your roll: roll the dice first."
    if action in hero_actions(state, seat, before_roll):
        return ""
    return _WHY_NOT.get(wanted, "Your hero cannot do that now.")


_WHY_NOT = {
    "mormont": "Demand one resource from one or two other players.",
    "marsh": "Trade a card you hold 1:1 for another resource the supply has.",
    "yarwyck": "Take up a road joined to your pieces at one end only, and rebuild it where a road may go.",
    "thorne": "A guard needs a free space on a wall section, a guard left, and the cards with one replaced.",
    "melisandre": "Melisandre needs cards in the deck and the cost with at most one card replaced.",
    "mance": "Mance Rayder takes only from a player with more points than you and cards in hand.",
    "benjen": "Benjen Stark sends back a wildling that is in a camp or a clearing.",
    "ygritte": "Ygritte sends back a wildling that blocks a hex of the Gift.",
    "yoren": "Yoren needs a Ranger Patrol you played, a guard left and a free space on the Wall.",
    "qhorin": "Tormund is in his camp already.",
}


def used(state: State, seat: int, action) -> State:
    """``seat``'s hero does ``action`` (allowed); the flip-or-swap follows."""
    after = Step("hero-after", seat=seat)
    hero = state.players[seat].hero
    state = recorded(state, "hero", seat, hero)
    if isinstance(action, ForcedTrade):
        steps = []
        for target in (action.first, action.second):
            if target < 0:
                continue
            if action.resource in state.players[target].hand:
                players = list(state.players)
                players[target] = replace(players[target], hand=_less(players[target].hand, action.resource))
                players[seat] = replace(
                    players[seat], hand=tuple(sorted(players[seat].hand + (action.resource,)))
                )
                state = replace(state, players=tuple(players))
                state = recorded(state, "forced-trade", target, action.resource, seat)
                steps.append(Step("give-back", seat=seat, target=target))
            else:
                state = recorded(state, "forced-none", target, action.resource)
        return replace(state, pending=pushed(state.pending, *steps, after))
    if isinstance(action, TradeOneForOne):
        state = taken(paid(state, seat, (action.give,)), seat, (action.get,))
    elif isinstance(action, RedirectRoad):
        state = with_road(without_road(state, seat, action.edge), seat, action.to)
    elif isinstance(action, BuildGuard):
        state = paid(state, seat, substituted("guard", action.instead_of, action.pay))
        state = with_guard(state, seat, action.section)
    elif isinstance(action, ChooseDevelopment):
        state = paid(state, seat, substituted("development", action.instead_of, action.pay))
        look = min(3, cards_left(state))
        return replace(
            state,
            pending=pushed(
                state.pending, Step("peek", seat=seat, count=look), Step("pick", seat=seat), after
            ),
        )
    elif isinstance(action, TakeFromLeader):
        return replace(
            state, pending=pushed(state.pending, Step("mance", seat=seat, target=action.victim), after)
        )
    elif isinstance(action, ClearNorth):
        if action.clan >= 0:
            state, kind = from_camp(state, action.clan, action.slot)
        else:
            kind = action.kind
            state = from_clearing(state, action.clearing, kind)
        state = to_frostfangs(state, kind)
        state = recorded(state, "cleared-north", seat, kind)
        return replace(state, pending=pushed(state.pending, Step("reveal", seat=seat, target=1), after))
    elif isinstance(action, ClearGift):
        state = recorded(freed(state, action.hex), "cleared-gift", seat, action.hex)
    elif isinstance(action, PatrolToGuard):
        state = patrol_lost(state, seat)
        state = with_guard(state, seat, action.section)
    elif isinstance(action, ChaseTormund):
        left = state.tormund
        resource = TERRAIN_RESOURCE[state.terrain[left]]
        state = replace(state, tormund=-1)
        if state.supply[RESOURCE_INDEX[resource]]:
            state = taken(state, seat, (resource,))
            state = recorded(state, "tormund-chased", seat, left, resource)
        else:
            state = recorded(state, "tormund-chased", seat, left, "")
    return replace(state, pending=pushed(state.pending, after))


def patrol_lost(state: State, seat: int) -> State:
    """Yoren: one of ``seat``'s played Ranger Patrols is discarded; Largest
    Patrol stays while its holder is still (even jointly) the largest with 3
    or more, else goes to a single largest or is set aside."""
    player = state.players[seat]
    state = replace(state, players=with_player(state, seat, replace(player, patrols=player.patrols - 1)))
    before = state.largest_patrol
    holder = longest_road_holder([p.patrols for p in state.players], before, RULES.largest_patrol_minimum)
    if holder == before:
        return state
    state = replace(state, largest_patrol=holder)
    if holder < 0:
        return recorded(state, "largest-patrol-aside", before)
    state = token_due(state)
    return recorded(state, "largest-patrol", holder, state.players[holder].patrols, before)


def _less(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def flipped(state: State, seat: int) -> State:
    player = state.players[seat]
    player = replace(player, hero_side="B", hero_since=state.turn_number)
    return recorded(replace(state, players=with_player(state, seat, player)), "hero-flip", seat, player.hero)


def swapped(state: State, seat: int, hero: str) -> State:
    player = state.players[seat]
    order = list(HEROES)
    display = sorted((set(state.heroes) - {hero}) | {player.hero}, key=order.index)
    old = player.hero
    player = replace(player, hero=hero, hero_side="A", hero_since=state.turn_number)
    state = replace(state, players=with_player(state, seat, player), heroes=tuple(display))
    return recorded(state, "hero-swap", seat, old, hero)
