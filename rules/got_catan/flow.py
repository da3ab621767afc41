"""Whose decision it is, and the automatic steps the rules take by
themselves between decisions: production after a roll (the shortage rule
included) or the 7, free roads and free resources as far as there are any,
closing a trade offer once everyone asked has answered, and the start of a
turn. Also the changes every action shares: paying and taking cards,
placing pieces (Longest Road follows), and the win.

``AUTOMATIC_STEPS`` maps each automatic kind of :class:`Step` to its step;
``apply`` hands it to ``rules.core.run_automatic``. Each step that changes
the game records an event for the log (``text.effects``).

Registration points (``layers``): a variant adds its automatic steps to
``AUTOMATIC_STEPS`` and its chance steps to ``CHANCE_KINDS``; its layer's
``holder_changed`` (Longest Road or Largest Patrol changed hands),
``after_production`` and ``wins_at_once`` are read here.
"""

from __future__ import annotations

from collections.abc import Callable

from castletui.rules.core import CHANCE, pushed, recorded
from castletui.rules.core.multiset import added, removed
from msgspec.structs import replace

from .board import BOARDS
from .edition import RESOURCE_INDEX, RESOURCES, ROBBER_ROLL, RULES, TERRAIN_RESOURCE
from .layers import LAYERS
from .legal import road_sites
from .roads import blocked_for, largest_patrol_holder, longest_road_holder, road_length
from .scoring import points
from .state import Dice, Offer, Player, State, Step

CHANCE_KINDS: set[str] = {"terrain", "dice", "draw", "steal"}
"""The kinds of step chance decides (a variant adds its own)."""


def to_move(state: State) -> int | None:
    pending = state.pending
    if not pending:
        return None
    step = pending[-1]  # the top (asked at every ply: no call to ``top`` here)
    if step.kind in CHANCE_KINDS:
        return CHANCE
    return step.seat


def turn_player(state: State) -> int | None:
    """Whose turn it is while others discard, answer an offer or are robbed;
    during the set-up, whoever places; None when the game is over."""
    if not state.pending:
        return None
    if state.turn >= 0:
        return state.turn
    seat = to_move(state)
    return None if seat == CHANCE else seat


# --- changes every action shares ------------------------------------------------


def with_player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
    players = state.players
    return players[:seat] + (player,) + players[seat + 1 :]


def paid(state: State, seat: int, cards: tuple[str, ...]) -> State:
    """``seat`` returns ``cards`` (in their hand) to the supply."""
    player = state.players[seat]
    hand = player.hand
    supply = list(state.supply)
    for card in cards:
        hand = removed(hand, card)
        supply[RESOURCE_INDEX[card]] += 1
    return replace(state, players=with_player(state, seat, replace(player, hand=hand)), supply=tuple(supply))


def taken(state: State, seat: int, cards: tuple[str, ...] | list[str]) -> State:
    """``seat`` takes ``cards`` from the supply (which has them)."""
    player = state.players[seat]
    hand = player.hand
    supply = list(state.supply)
    for card in cards:
        hand = added(hand, card)
        supply[RESOURCE_INDEX[card]] -= 1
    return replace(state, players=with_player(state, seat, replace(player, hand=hand)), supply=tuple(supply))


def moved_card(state: State, giver: int, receiver: int, card: str) -> tuple[Player, ...]:
    """Players after one card goes from ``giver``'s hand to ``receiver``'s."""
    players = list(state.players)
    players[giver] = replace(players[giver], hand=removed(players[giver].hand, card))
    players[receiver] = replace(players[receiver], hand=added(players[receiver].hand, card))
    return tuple(players)


def with_road(state: State, seat: int, edge: int) -> State:
    """A road of ``seat`` on ``edge``; their road length and Longest Road follow."""
    player = state.players[seat]
    roads = tuple(sorted(player.roads + (edge,)))
    owners = state.edge_owner
    state = replace(
        state,
        players=with_player(state, seat, replace(player, roads=roads)),
        edge_owner=owners[:edge] + (seat,) + owners[edge + 1 :],
    )
    return _lengths_changed(state, (seat,))


def with_settlement(state: State, seat: int, corner: int) -> State:
    """A settlement of ``seat`` on ``corner``: it may break others' roads."""
    player = state.players[seat]
    owners = state.corner_owner
    state = replace(
        state,
        players=with_player(
            state, seat, replace(player, settlements=tuple(sorted(player.settlements + (corner,))))
        ),
        corner_owner=owners[:corner] + (seat,) + owners[corner + 1 :],
    )
    board = BOARDS[len(state.players)]
    touched = {
        state.edge_owner[edge]
        for edge in board.corner_edges[corner]
        if state.edge_owner[edge] not in (-1, seat)
    }
    return _lengths_changed(state, tuple(sorted(touched))) if touched else state


def with_keep(state: State, seat: int, corner: int) -> State:
    """``seat``'s settlement on ``corner`` becomes a keep (the settlement goes back to their supply)."""
    player = state.players[seat]
    player = replace(
        player,
        settlements=removed_id(player.settlements, corner),
        keeps=tuple(sorted(player.keeps + (corner,))),
    )
    return replace(state, players=with_player(state, seat, player))


def without_road(state: State, seat: int, edge: int, recount: bool = True) -> State:
    """``seat``'s road on ``edge`` taken up (Othell Yarwyck)."""
    player = state.players[seat]
    owners = state.edge_owner
    state = replace(
        state,
        players=with_player(state, seat, replace(player, roads=removed_id(player.roads, edge))),
        edge_owner=owners[:edge] + (-1,) + owners[edge + 1 :],
    )
    return _lengths_changed(state, (seat,)) if recount else state


def removed_id(ids: tuple[int, ...], item: int) -> tuple[int, ...]:
    index = ids.index(item)
    return ids[:index] + ids[index + 1 :]


def _lengths_changed(state: State, seats: tuple[int, ...]) -> State:
    """Recount the roads of ``seats`` and pass Longest Road on if it moves."""
    if not seats:
        return state
    board = BOARDS[len(state.players)]
    players = list(state.players)
    for seat in seats:
        player = players[seat]
        length = road_length(board, player.roads, blocked_for(state.corner_owner, seat))
        if length != player.road_length:
            players[seat] = replace(player, road_length=length)
    state = replace(state, players=tuple(players))
    before = state.longest_road
    holder = longest_road_holder([p.road_length for p in players], before)
    if holder == before:
        return state
    state = replace(state, longest_road=holder)
    if holder < 0:
        return recorded(state, "longest-road-aside", before)
    state = _holder_changed(state)
    return recorded(state, "longest-road", holder, players[holder].road_length, before)


def _holder_changed(state: State) -> State:
    """Longest Road or Largest Patrol changed hands: the variant's hook."""
    hook = LAYERS[state.variant].holder_changed
    return hook(state) if hook is not None else state


def patrol_played(state: State, seat: int) -> State:
    """One more Ranger Patrol face up before ``seat``; Largest Patrol follows."""
    player = state.players[seat]
    state = replace(state, players=with_player(state, seat, replace(player, patrols=player.patrols + 1)))
    before = state.largest_patrol
    holder = largest_patrol_holder([p.patrols for p in state.players], before)
    if holder == before:
        return state
    state = replace(state, largest_patrol=holder)
    state = _holder_changed(state)
    return recorded(state, "largest-patrol", holder, state.players[holder].patrols, before)


def checked_win(state: State) -> State:
    """10 points on your own turn wins at once [rules]: checked after every
    action, and when a turn begins (points may come during others' turns,
    as when a rival's settlement breaks the holder's Longest Road). A
    variant may win at the end of the turn instead (``wins_at_once``)."""
    if not LAYERS[state.variant].wins_at_once:
        return state
    seat = state.turn
    if seat < 0 or not state.pending or points(state, seat) < RULES.points_to_win:
        return state
    state = replace(state, winner=seat, pending=(), offer=Offer())
    return recorded(state, "won", seat, points(state, seat))


# --- the automatic steps ------------------------------------------------------


PRODUCED_BY = {"settlement": 1, "keep": 2}
"""Resource cards a building collects from each touching hex that produces."""


def share_out(
    owed: list[list[int]], supply: list[int] | tuple[int, ...]
) -> tuple[list[list[str]], list[int], list[tuple]]:
    """What each seat collects when ``owed`` (per seat, per resource in
    ``RESOURCES`` order) meets the ``supply``: everyone is paid in full
    where the supply can; where it cannot, a player owed alone takes what
    is left and otherwise nobody gets that resource. Returns the cards per
    seat, the supply after, and notes for the log: ("short-one", seat,
    resource, left, owed) and ("shortage", resource, left, owed)."""
    supply = list(supply)
    gains: list[list[str]] = [[] for _ in owed]
    notes: list[tuple] = []
    for index, resource in enumerate(RESOURCES):
        owed_to = [seat for seat in range(len(owed)) if owed[seat][index]]
        if not owed_to:
            continue
        total = sum(owed[seat][index] for seat in owed_to)
        if total <= supply[index]:
            for seat in owed_to:
                gains[seat] += [resource] * owed[seat][index]
            supply[index] -= total
        elif len(owed_to) == 1:
            # Only one player is owed it: they take what is left.
            seat = owed_to[0]
            left = supply[index]
            gains[seat] += [resource] * left
            supply[index] = 0
            notes.append(("short-one", seat, resource, left, total))
        else:
            notes.append(("shortage", resource, supply[index], total))
    return gains, supply, notes


def must_discard(hand: int) -> int:
    """Cards a hand of ``hand`` returns on a 7: half, rounded down, of more than the hand limit."""
    return hand // 2 if hand > RULES.hand_limit else 0


def owed_by_roll(state: State, total: int) -> tuple[list[list[int]], list[int]]:
    """What a roll of ``total`` (not the 7) owes each seat, per resource in
    ``RESOURCES`` order, before the supply is shared out: a settlement 1
    card, a keep 2, from each touching hex showing the number [rules:
    "Producing Resources"], none from the hex Tormund or a wildling holds.
    Also the hexes held that would have paid someone. The board and the
    supply alone: every seat's view gives the same."""
    board = BOARDS[len(state.players)]
    owed = [[0] * len(RESOURCES) for _ in state.players]
    held: list[int] = []
    corner_owner = state.corner_owner
    blocked = state.blocked
    for hex_id in board.number_hexes.get(total, ()):
        if hex_id == state.tormund or (blocked and blocked[hex_id]):
            if any(corner_owner[corner] >= 0 for corner in board.hex_corners[hex_id]):
                held.append(hex_id)
            continue
        index = RESOURCE_INDEX[TERRAIN_RESOURCE[state.terrain[hex_id]]]
        for corner in board.hex_corners[hex_id]:
            owner = corner_owner[corner]
            if owner >= 0:
                building = "keep" if corner in state.players[owner].keeps else "settlement"
                owed[owner][index] += PRODUCED_BY[building]
    return owed, held


def produced(before: State, outcome, seat: int) -> int:
    """The review's luck ledger (``produced`` hook): the resource cards the
    dice ``outcome`` give ``seat`` in ``before`` (waiting for the dice),
    the supply's shortage rule included; on the 7, minus the cards the seat
    must give back. 0 at any other chance step. The board, the supply and
    the hands' sizes alone, all public: a seat's view answers as the state."""
    step = before.pending[-1] if before.pending else None
    if step is None or step.kind != "dice" or not isinstance(outcome, Dice):
        return 0
    if outcome.total == ROBBER_ROLL:
        return -must_discard(len(before.players[seat].hand))
    gains, _, _ = share_out(owed_by_roll(before, outcome.total)[0], before.supply)
    return len(gains[seat])


def _produce(state: State, step: Step) -> State:
    """The dice showed ``step.count``: production, or the 7."""
    if step.count == ROBBER_ROLL:
        return _seven(state, step.seat)
    owed, held = owed_by_roll(state, step.count)
    for hex_id in held:
        blocked = state.blocked[hex_id] if state.blocked else ""
        if blocked and hex_id != state.tormund:
            state = recorded(state, "wildling-holds", -1, hex_id, blocked)
        else:
            state = recorded(state, "tormund-holds", -1, hex_id)
    gains, supply, notes = share_out(owed, state.supply)
    for note in notes:
        if note[0] == "short-one":
            state = recorded(state, "short-one", *note[1:])
        else:
            state = recorded(state, "shortage", -1, *note[1:])
    players = list(state.players)
    for seat, cards in enumerate(gains):
        if cards:
            players[seat] = replace(players[seat], hand=tuple(sorted(players[seat].hand + tuple(cards))))
    state = replace(state, players=tuple(players), supply=tuple(supply))
    paid_any = False
    for seat, cards in enumerate(gains):
        if cards:
            paid_any = True
            state = recorded(state, "production", seat, *_counted(cards))
    if not paid_any:
        state = recorded(state, "no-production", -1, step.count)
    hook = LAYERS[state.variant].after_production
    return hook(state, step.seat, gains) if hook is not None else state


def _counted(cards: list[str]) -> tuple[str, ...]:
    """("2 brick", "1 ore") for the event of a payment."""
    return tuple(f"{cards.count(resource)} {resource}" for resource in RESOURCES if resource in cards)


def _seven(state: State, roller: int) -> State:
    """Everyone with more than 7 cards returns half (rounded down), each in
    turn from the roller; then the roller moves Tormund."""
    seats = len(state.players)
    steps = []
    for offset in range(seats):
        seat = (roller + offset) % seats
        hand = len(state.players[seat].hand)
        if must_discard(hand):
            steps.append(Step("discard", seat=seat, count=must_discard(hand)))
            state = recorded(state, "must-discard", seat, must_discard(hand), hand)
    steps.append(Step("tormund", seat=roller))
    return replace(state, pending=pushed(state.pending, *steps))


def _road_building(state: State, step: Step) -> State:
    """Road Building: as many of its free roads as there are pieces and
    places for; none left is told in the log."""
    player = state.players[step.seat]
    if len(player.roads) >= state.road_limit:
        return recorded(state, "no-free-road", step.seat, step.count, "pieces")
    if not road_sites(state, step.seat):
        return recorded(state, "no-free-road", step.seat, step.count, "room")
    return replace(state, pending=state.pending + (replace(step, kind="free-road"),))


def _winter(state: State, step: Step) -> State:
    """Winter is Coming: take resources while the supply has any."""
    if not any(state.supply):
        return recorded(state, "supply-empty", step.seat, step.count)
    return replace(state, pending=state.pending + (replace(step, kind="take"),))


def _close_offer(state: State, step: Step) -> State:
    """Everyone asked has answered: the offerer chooses, or nobody took it."""
    if not state.offer.accepted:
        return recorded(replace(state, offer=Offer()), "no-takers", step.seat)
    return replace(state, pending=state.pending + (replace(step, kind="choose"),))


def _start_turn(state: State, step: Step) -> State:
    seat = step.seat
    state = replace(
        state,
        turn=seat,
        turn_number=state.turn_number + 1,
        card_played=False,
        offers_made=0,
        pending=state.pending + (Step("start", seat=seat),),
    )
    return recorded(state, "turn", seat, state.turn_number)


AUTOMATIC_STEPS: dict[str, Callable[[State, Step], State]] = {
    "produce": _produce,
    "road-building": _road_building,
    "winter": _winter,
    "close-offer": _close_offer,
    "start-turn": _start_turn,
}
"""Each automatic kind of step and what the rules do there (``run_automatic``;
a variant adds its own)."""
