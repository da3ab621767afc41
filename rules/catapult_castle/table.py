"""Catapult Castle table queries: what stands where, whose it is, where a
captured tower may go, what a landing does; plus the small tuple helpers
``apply`` uses to copy only what changes (a deck or discard is a count per
card kind, so its helpers add or take one of a kind). Pure functions of a
State, shared by the rules, the bots and the queries the screens use."""

from __future__ import annotations

from rules.catapult_castle.edition import EDITION, KIND_INDEX, ROOF, square_index
from rules.catapult_castle.state import Land, Pending, Pile, Stack, State

EMPTY_STACK = Stack()
EMPTY_PILE = Pile()
ROOF_INDEX = KIND_INDEX[ROOF]


def put(items: tuple, index: int, value: object) -> tuple:
    """``items`` with ``value`` at ``index``, every other item shared."""
    return items[:index] + (value,) + items[index + 1 :]


def pile_add(piles: tuple[Pile, ...], deck: int, kind: int) -> tuple[Pile, ...]:
    """``piles`` with one more card of kind number ``kind`` in pile ``deck``."""
    pile = piles[deck]
    counts = pile.counts
    return put(piles, deck, Pile(put(counts, kind, counts[kind] + 1), pile.unknown))


def pile_take(piles: tuple[Pile, ...], deck: int, kind: int) -> tuple[Pile, ...]:
    """``piles`` with one card of kind number ``kind`` fewer in pile ``deck``."""
    pile = piles[deck]
    counts = pile.counts
    return put(piles, deck, Pile(put(counts, kind, counts[kind] - 1), pile.unknown))


def is_solo(state: State) -> bool:
    return state.variant == "solo"


def own_deck(state: State, seat: int) -> int:
    """The deck (= mat number) a seat draws from and discards to; -1 in solo."""
    return state.seat_mats[seat]


def mat_squares(state: State, mat: int) -> list[int]:
    """The squares of ``mat`` that are in play."""
    return [q for q in state.squares if q // 4 == mat]


def tower_count(state: State, seat: int) -> int:
    """Towers standing on a seat's mat."""
    mat = state.seat_mats[seat]
    if mat < 0:
        return 0
    stacks = state.stacks
    return sum(len(stacks[q].towers) for q in range(4 * mat, 4 * mat + 4))


def ammo_inside(state: State, seat: int) -> int:
    """Ammo inside the towers on a seat's mat (the first tie-break)."""
    mat = state.seat_mats[seat]
    if mat < 0:
        return 0
    stacks = state.stacks
    return sum(sum(stacks[q].towers) for q in range(4 * mat, 4 * mat + 4))


def towers_on_table(state: State) -> int:
    return sum(len(stack.towers) for stack in state.stacks)


def targets(state: State, seat: int, from_mat: int = -1) -> list[int]:
    """Squares whose top tower ``seat`` may aim at: every tower except its
    own (solo: except those on the firing mat ``from_mat``)."""
    stacks = state.stacks
    if is_solo(state):
        return [q for q in state.squares if stacks[q].towers and q // 4 != from_mat]
    own = state.seat_mats[seat]
    return [q for q in state.squares if stacks[q].towers and q // 4 != own]


def shooter_mat(state: State, pending: Pending) -> int:
    """The mat whose corner the catapult stands at for this shot."""
    return pending.from_mat if pending.from_mat >= 0 else state.seat_mats[pending.seat]


def draw_pile(state: State, deck: int) -> Pile:
    """What a draw from ``deck`` comes from: the deck, or (empty) its reshuffled discard."""
    pile = state.decks[deck]
    return pile if pile.size else state.discards[deck]


def stack_limit(state: State) -> int:
    """How many towers high a won tower may be stacked. The rulebook sets no
    limit ("you must stack the tower on one of the towers"): ``max_stack`` 0.
    A house rule may set one; a stack can never outgrow the towers in the game."""
    return state.max_stack or EDITION.total_towers


def rearrange_limit(state: State) -> int:
    """Solo rearrangements stack at most 3 high (the rulebook), or lower under the house rule."""
    return min(stack_limit(state), EDITION.solo_max_stack)


def placement(state: State, seat: int) -> tuple[str, list[int]]:
    """Where a captured tower may go: ("empty", squares) while the mat has an
    empty square, else ("stack", towers it may be stacked on), else ("none", [])."""
    stacks = state.stacks
    own = mat_squares(state, state.seat_mats[seat])
    empty = [q for q in own if not stacks[q].towers]
    if empty:
        return "empty", empty
    deck = own_deck(state, seat)
    if not (state.decks[deck].size or state.hands[seat] or state.discards[deck].size):
        return "none", []
    limit = stack_limit(state)
    stackable = [q for q in own if stacks[q].roof < 0 and len(stacks[q].towers) < limit]
    return ("stack", stackable) if stackable else ("none", [])


def landing_effect(state: State, pending: Pending, action: Land) -> str:
    """What a landing does: "nowhere", "roof" (the roof takes it and goes),
    "own" (your own tower, or solo the firing mat: a miss) or "hit"."""
    if action.mat < 0:
        return "nowhere"
    q = square_index(action.mat, action.square)
    if state.stacks[q].roof >= 0:
        return "roof"
    if is_solo(state):
        return "own" if action.mat == pending.from_mat else "hit"
    return "own" if state.mat_owner[action.mat] == pending.seat else "hit"


def captured_towers(state: State, square: int) -> int:
    """How many towers a hit on ``square`` takes (Strong Ammo takes a whole stack)."""
    height = len(state.stacks[square].towers)
    return height if state.strong_ammo and height > 1 else 1
