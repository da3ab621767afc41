"""Where the pieces are, as the rules modules share it: what stands where,
whose it is, where a captured tower may go, what a landing does; plus the
small tuple helpers ``apply`` uses to copy only what changes (a deck or
discard is a count per card kind, so its helpers add or take one of a kind).
Pure functions of a State, shared by the rules, the bots and the queries the
screens use."""

from __future__ import annotations

from castletui.rules.catapult_castle.edition import (
    EDITION,
    KIND_INDEX,
    KINDS,
    ROOF,
    SQUARES_PER_MAT,
    UNSEEN,
    square_index,
)
from castletui.rules.catapult_castle.state import Land, Pending, Pile, Stack, State

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
    return [q for q in state.squares if q // SQUARES_PER_MAT == mat]


def tower_count(state: State, seat: int) -> int:
    """Towers standing on a seat's mat."""
    mat = state.seat_mats[seat]
    if mat < 0:
        return 0
    stacks = state.stacks
    return sum(len(stacks[q].towers) for q in range(SQUARES_PER_MAT * mat, SQUARES_PER_MAT * (mat + 1)))


def ammo_inside(state: State, seat: int) -> int:
    """Ammo inside the towers on a seat's mat (the first tie-break)."""
    mat = state.seat_mats[seat]
    if mat < 0:
        return 0
    stacks = state.stacks
    return sum(sum(stacks[q].towers) for q in range(SQUARES_PER_MAT * mat, SQUARES_PER_MAT * (mat + 1)))


def towers_on_table(state: State) -> int:
    return sum(len(stack.towers) for stack in state.stacks)


def targets(state: State, seat: int, from_mat: int = -1) -> list[int]:
    """Squares whose top tower ``seat`` may aim at: every tower except its
    own (solo: except those on the firing mat ``from_mat``)."""
    stacks = state.stacks
    if is_solo(state):
        return [q for q in state.squares if stacks[q].towers and q // SQUARES_PER_MAT != from_mat]
    own = state.seat_mats[seat]
    return [q for q in state.squares if stacks[q].towers and q // SQUARES_PER_MAT != own]


def shooter_mat(state: State, pending: Pending) -> int:
    """The mat whose corner the catapult stands at for this shot."""
    return pending.from_mat if pending.from_mat >= 0 else state.seat_mats[pending.seat]


# --- table mode's unseen cards ------------------------------------------------------
# At a real table nobody types in a card drawn into a hand or put face down
# under a tower: it goes in as UNSEEN, and its deck's Pile keeps counting it.
# So in table mode ``decks[d]`` is the unseen pool of deck ``d``: the cards
# still in the deck and the unseen ones out of it, whose kinds nobody has
# typed in; an unseen card may be named as any kind still in that pool. When
# a deck runs out, its discard is shuffled into the pool (the unseen cards
# drawn before then can only be the leftover kinds; the pool no longer tells
# them apart: the check stays "could be", never "must be").


def unseen_out(state: State, deck: int) -> int:
    """Unseen cards of ``deck`` out of it: in its owner's hand, face down
    under towers, or freed and waiting to be named (0 in digital play)."""
    if state.mode != "table":
        return 0
    out = sum(1 for step in state.pending if step.kind == "reveal" and step.deck == deck)
    owner = state.mat_owner[deck]
    if owner >= 0:
        out += state.hands[owner].count(UNSEEN)
    for stack in state.stacks:
        for card in stack.cards:
            if card.deck == deck and card.kind == UNSEEN:
                out += 1
    return out


def deck_size(state: State, deck: int) -> int:
    """Cards really left in ``deck`` (table mode: its pool less the unseen
    cards out of it). A ``view``'s deck already says it (``Pile.unknown``)."""
    pile = state.decks[deck]
    if pile.unknown or state.mode != "table":
        return pile.size
    return max(0, pile.size - unseen_out(state, deck))


def unseen_pool(state: State, deck: int) -> Pile:
    """Table mode: the kinds an unseen card of ``deck`` could be (a view
    carries them in ``pools``: its ``decks`` are only sizes)."""
    return state.pools[deck] if state.pools else state.decks[deck]


def possible_kinds(state: State, seat: int) -> list[str]:
    """The card kinds ``seat`` could show from hand, in the rulebook's order:
    those in hand, and in table mode those an unseen card could be."""
    hand = state.hands[seat]
    deck = own_deck(state, seat)
    pool = unseen_pool(state, deck).counts if UNSEEN in hand and deck >= 0 else (0,) * len(KINDS)
    return [kind for kind, n in zip(KINDS, pool, strict=True) if kind in hand or n]


def naming_reason(state: State, seat: int, kind: str) -> str:
    """Why ``seat`` cannot show a ``kind`` from hand (neither holding one
    nor an unseen card that could be one), or ""."""
    hand = state.hands[seat]
    if kind in hand:
        return ""
    k = KIND_INDEX.get(kind, -1)
    if UNSEEN in hand and k >= 0:
        if unseen_pool(state, own_deck(state, seat)).counts[k]:
            return ""
        return f"None of your unseen cards can be {kind}: every one of your deck's is seen elsewhere."
    return f"You have no {kind} in hand."


def pool_taken(state: State, deck: int, kind: str) -> dict[str, tuple[Pile, ...]]:
    """The change once an unseen card of ``deck`` is named ``kind``: one
    fewer of it in the deck's unseen pool (a view's ``pools``, else ``decks``)."""
    field = "pools" if state.pools else "decks"
    return {field: pile_take(getattr(state, field), deck, KIND_INDEX[kind])}


def named(state: State, seat: int, kind: str) -> tuple[tuple[str, ...], dict[str, tuple[Pile, ...]]]:
    """(the hand, the pool's change) once ``seat`` has shown a ``kind``
    from hand: the card itself if known (no change), else an unseen card
    named, its kind taken out of the pool (check :func:`naming_reason` first)."""
    hand = state.hands[seat]
    if kind in hand:
        index = hand.index(kind)
        return hand[:index] + hand[index + 1 :], {}
    index = hand.index(UNSEEN)
    return hand[:index] + hand[index + 1 :], pool_taken(state, own_deck(state, seat), kind)


def draw_pile(state: State, deck: int) -> Pile:
    """What a draw from ``deck`` comes from: the deck, or (empty) its reshuffled discard."""
    return state.decks[deck] if deck_size(state, deck) else state.discards[deck]


def cards_to_draw(state: State, deck: int) -> int:
    """How many cards a draw from ``deck`` could come from (deck, else its discard)."""
    return deck_size(state, deck) or state.discards[deck].size


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
    if not (cards_to_draw(state, deck) or state.hands[seat]):
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
