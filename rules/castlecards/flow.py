"""Whose decision it is, and the automatic steps the rules take by
themselves between decisions: dealing cards (reshuffling the discards when
the Village deck runs out), weighing an attack and carrying out its
outcome, a dungeon explored, a fallen castle's loot, the end of an action
and the start of a turn.

``AUTOMATIC_STEPS`` maps each automatic kind of :class:`Pending` to its
step; ``apply`` hands it to ``rules.core.run_automatic``. Each step that
changes the game records an event for the log (``text.effects``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from castletui.rules.core import CHANCE, Event, pushed, recorded
from castletui.rules.core.multiset import added_all
from msgspec.structs import replace

from .chance import cards_left
from .decks import draw_source, reshuffled, village_in_deck
from .edition import CARDS, FACE_DOWN, TORCHES
from .fortress import card_shields, reach_cut, standing, team_of, walls_in_the_way, weigh
from .state import FortressCard, Pending, State


def to_move(state: State) -> int | None:
    pending = state.pending
    if not pending:
        return None
    step = pending[-1]  # the top (asked at every ply: no call to ``top`` here)
    if step.kind == "draw" or step.kind == "first":
        return CHANCE
    return step.seat


def turn_player(state: State) -> int | None:
    """Whose turn it is (a Thief, a supporter or a defender decides during
    another player's turn); None when the game is over."""
    if not state.pending or state.turn < 0:
        return None
    return state.turn


def deal(source: str, dest: str, target: int = -1, count: int = 1, source_seat: int = -1) -> Pending:
    """The automatic step that draws ``count`` cards from ``source`` into
    ``dest`` of ``target``, one chance decision per card."""
    return Pending("deal", source=source, source_seat=source_seat, dest=dest, target=target, count=count)


# --- the automatic steps ------------------------------------------------------


def _deal(state: State, step: Pending) -> State:
    """Put the next card of ``step`` up to chance, reshuffling the discards
    into a new Village deck when it ran out; an empty pile gives nothing."""
    if step.source == "village":
        if not village_in_deck(state):
            thrown = len(state.discard)
            state = reshuffled(state)
            if thrown:
                village = village_in_deck(state)
                state = recorded(state, "reshuffle", -1, village, thrown - village)
            if not village_in_deck(state):
                return recorded(state, "no-card", step.target, step.source)
    else:
        _, under = draw_source(state, step)
        # Table mode: a deck's multiset also holds its unseen cards in hands.
        if cards_left(state, step) <= 0 and not under:
            return recorded(state, "no-card", step.target, step.source)
    return replace(state, pending=state.pending + (replace(step, kind="draw"),))


def _end_action(state: State, step: Pending) -> State:
    """The turn player's action is over: another one if a King granted it,
    else the next player's turn."""
    left = state.actions_left - 1
    if left > 0:
        state = replace(
            state,
            actions_left=left,
            actions_used=state.actions_used + 1,
            pending=pushed(state.pending, Pending("action", seat=state.turn), Pending("end-action")),
        )
        return recorded(state, "more-actions", state.turn, left)
    return start_turn(state, (state.turn + 1) % len(state.players))


def _start_turn(state: State, step: Pending) -> State:
    return start_turn(state, state.turn)


@lru_cache(maxsize=32)
def _opening(seat: int, fallen: bool, card_in_deck: bool) -> tuple[tuple[Pending, ...], Event]:
    """The steps a turn starts with, in stack order, and its event: the same
    for every turn of a seat, so they are built once (a new turn is the most
    frequent automatic step). With a card in the Village deck the turn's
    card goes straight up to chance; else its deal step reshuffles the
    discards first, or gives nothing."""
    if fallen:
        return pushed((), Pending("give", seat=seat), Pending("end-action")), Event("fallen-turn", seat)
    card = deal("village", "hand", seat)
    if card_in_deck:
        card = replace(card, kind="draw")
    steps = pushed((), card, Pending("action", seat=seat), Pending("end-action"))
    return steps, Event("turn", seat)


def start_turn(state: State, seat: int) -> State:
    """Begin ``seat``'s turn; fallen players with empty hands are skipped."""
    seats = len(state.players)
    for _ in range(seats):
        player = state.players[seat]
        if not player.out or player.hand:
            break
        seat = (seat + 1) % seats
    turn_number = state.turn_number + 1
    if state.round_limit and turn_number > state.round_limit * seats:
        state = replace(state, ended_by="round-limit", pending=(), actions_left=0)
        return recorded(state, "round-limit", -1, state.round_limit)
    steps, event = _opening(seat, state.players[seat].out, village_in_deck(state) > 0)
    return replace(
        state,
        turn=seat,
        turn_number=turn_number,
        actions_left=1,
        actions_used=0,
        stationed_this_turn=False,
        pending=state.pending + steps,
        events=(*state.events, event),
    )


def torches_beat(explorers: Sequence[str], dungeon: str) -> bool:
    """Whether the Explorers' torches beat the dungeon's danger (a tie does not)."""
    return sum(TORCHES.get(card, 0) for card in explorers) > CARDS[dungeon].danger


def _explored(state: State, step: Pending) -> State:
    """The Explorers go to the discards; if their torches beat the open
    dungeon's danger, it goes too and its treasure is dealt."""
    seat = step.seat
    dungeon = state.open_dungeon
    explorers = state.table
    state = replace(state, table=(), discard=state.discard + explorers)
    if not dungeon:  # the dungeon deck ran dry under the explorers (cannot happen: checked before)
        return state
    data = CARDS[dungeon]
    if torches_beat(explorers, dungeon):
        state = replace(
            state,
            open_dungeon="",
            discard=state.discard + (dungeon,),
            pending=pushed(state.pending, deal("village", "hand", seat, data.treasure)),
        )
        return recorded(state, "treasure", seat, data.treasure)
    return recorded(state, "dungeon-holds", seat)  # beaten back: the dungeon stays face up


def _loot_to_hand(state: State) -> bool:
    """Loot goes straight to hand with 2 players, and once two castles remain."""
    if state.variant == "two-player":
        return True
    return sum(1 for player in state.players if not player.out) <= 2


class Weighing(NamedTuple):
    """An attack weighed: swords after the reactions against the shields of
    the target with its Shield Walls; ``counted`` the attack cards that
    still count, ``knocked_out`` those a Sabotage or Boiling Oil took."""

    swords: int
    shields: int
    success: bool
    counted: tuple[str, ...]
    knocked_out: tuple[str, ...]


def weigh_attack(
    cards: Sequence[str], reactions: Sequence[str], target: FortressCard, garrison: bool, walls: int
) -> Weighing:
    """Weigh an attack on ``target`` (its stationed units only with
    ``garrison``) behind ``walls`` standing Walls (a Castle's; 0 for a
    Wall): more swords than shields take it, a tie fails."""
    # Sabotaging every assault weapon leaves the attack unable to pass the
    # Walls: weigh counts its swords 0 (the weapons are what made it legal).
    swords, counted, knocked = weigh(list(cards), list(reactions), walls)
    shields = card_shields(target, garrison)
    shields += sum(CARDS[r].effect for r in reactions if r == "shield-wall")
    return Weighing(swords, shields, swords > shields, tuple(counted), tuple(knocked))


def _resolve(state: State, step: Pending) -> State:
    """Weigh the attack in progress (swords after reactions against shields)
    and carry out its outcome: the cards to the discards, a fallen card, the
    loot, a fallen castle, the last castle standing."""
    assault = state.assault
    cards = [c.card for c in assault.cards]
    defender = state.players[assault.defender]
    target = defender.fortress[assault.slot]
    walls = walls_in_the_way(state)
    weighing = weigh_attack(cards, assault.reactions, target, assault.garrison, walls)
    swords, shields, success = weighing.swords, weighing.shields, weighing.success
    discard = state.discard + tuple(cards) + assault.reactions
    players = state.players
    if success:
        discard += target.stationed
        fortress = list(defender.fortress)
        if assault.garrison:
            fortress[assault.slot] = replace(target, stationed=())
        else:
            fortress[assault.slot] = replace(target, standing=False, stationed=())
        defender = replace(defender, fortress=tuple(fortress))
        castle = assault.slot == 0 and not assault.garrison
        if castle:
            # The fortress is gone: every card stationed on it goes to the discards.
            for card in defender.fortress:
                discard += card.stationed
            defender = replace(
                defender, out=True, fortress=tuple(replace(card, stationed=()) for card in defender.fortress)
            )
        players = players[: assault.defender] + (defender,) + players[assault.defender + 1 :]
    assault = replace(
        assault, revealed=True, outcome="success" if success else "failure", swords=swords, shields=shields
    )
    state = replace(state, players=players, discard=discard, assault=assault)
    fell = success and assault.slot == 0 and not assault.garrison
    alive = standing(state) if fell else []
    won = bool(alive) and (len(alive) == 1 or (state.teams and len({team_of(seat) for seat in alive}) == 1))
    # The verdict first, as the log tells it: a Night attack's cards are
    # shown to all now, so the event may name them (the last details).
    state = recorded(
        state,
        "attack-weighed",
        assault.attacker,
        assault.defender,
        assault.slot,
        assault.garrison,
        swords,
        shields,
        success,
        reach_cut(cards, assault.reactions, walls),
        alive[0] if won else -1,
        assault.night,
        *(cards if assault.night else ()),  # flat: a nested tuple would come back a list
    )
    if not success:
        # "If you are defeated ... passes the turn": a repelled attack ends the
        # turn, and any actions a King still granted are lost.
        state = replace(state, actions_left=min(state.actions_left, 1))
        return recorded(state, "repelled", assault.attacker)
    if assault.garrison:
        return recorded(state, "garrison-routed", assault.defender, assault.slot, len(target.stationed))
    if assault.slot != 0:
        dest = "hand" if _loot_to_hand(state) else "loot"
        state = replace(state, pending=pushed(state.pending, deal("village", dest, assault.attacker)))
        return recorded(state, "wall-falls", assault.defender, assault.slot, len(target.stationed))
    state = recorded(state, "castle-falls", assault.defender)
    if won:
        state = replace(state, winner=alive[0], ended_by="castle", pending=())
        return recorded(state, "won", alive[0], int(state.teams))
    # Loot: the Castle's own loot card, then half the fallen player's loot
    # (rounded up) drawn blind; the fallen player keeps the rest in hand.
    fallen_loot = len(defender.loot)
    taken = (fallen_loot + 1) // 2
    dest = "hand" if _loot_to_hand(state) else "loot"
    steps = [deal("village", dest, assault.attacker)]
    if fallen_loot:
        steps.append(deal("loot", "loot", assault.attacker, taken, source_seat=assault.defender))
    steps.append(Pending("loot-rest", target=assault.defender))
    state = replace(state, pending=pushed(state.pending, *steps))
    return recorded(state, "loot", assault.attacker, assault.defender, taken, fallen_loot)


def _loot_rest(state: State, step: Pending) -> State:
    """The fallen player keeps the rest of its loot in hand; once two castles
    remain, everyone standing takes theirs into hand too."""
    fallen = step.target
    players = list(state.players)
    seats = [fallen]
    if _loot_to_hand(state):
        seats += [seat for seat, other in enumerate(players) if other.loot and seat != fallen]
    reveals: list[Pending] = []
    counts: list[tuple[int, int]] = []
    for seat in seats:
        player = players[seat]
        seen = tuple(card for card in player.loot if card != FACE_DOWN)
        players[seat] = replace(player, hand=added_all(player.hand, seen), loot=())
        if player.loot:
            counts.append((seat, len(player.loot)))
        unseen = len(player.loot) - len(seen)
        if unseen:
            # Table mode: the owner turns them up; the table says what each one is.
            reveals.append(deal("reveal", "hand", seat, unseen))
    state = replace(state, players=tuple(players), pending=pushed(state.pending, *reveals))
    for seat, count in counts:
        state = recorded(state, "loot-kept" if seat == fallen else "loot-to-hand", seat, count)
    return state


AUTOMATIC_STEPS: dict[str, Callable[[State, Pending], State]] = {
    "deal": _deal,
    "resolve": _resolve,
    "explored": _explored,
    "loot-rest": _loot_rest,
    "start-turn": _start_turn,
    "end-action": _end_action,
}
"""Each automatic kind of step and what the rules do there (``run_automatic``)."""
