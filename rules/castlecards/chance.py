"""Chance decisions: who starts, and the card that comes up at a draw (its
odds from the multiset left in the pile). The question table mode asks at
each of them is ``table_entry``'s.

Table mode keeps no secret typed in front of the table: a card drawn into
a hand from a shuffled deck (Village, Siege, Academy), or a face-down loot
card turned up into a hand, goes in as an unseen placeholder
(``UNSEEN[deck]``) and stays among the unseen cards of its deck (the deck's
multiset still holds it; Village cards are counted in ``unseen_loot``).
It is named only when it is played, shown or discarded: :func:`named`
turns a placeholder into the card a player names, after checking that it
could be that card (it is still among the unseen cards), and
:func:`can_name` is the same test for the legal actions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from castletui.rules.core import IllegalAction, top
from castletui.rules.core.multiset import added, counts, removed
from msgspec.structs import replace

from .decks import draw_source, face_down_draw
from .edition import CARDS, DECK, FACE_DOWN, HIDDEN, KIND, STRENGTH, TORCHES, title
from .state import Draw, FirstPlayer, Pending, State

UNSEEN = {"village": "unseen-village", "siege": "unseen-siege", "academy": "unseen-academy"}
"""Table mode: what a hand holds for a card of that deck nobody at the table has named yet."""
UNSEEN_DECK = {placeholder: deck for deck, placeholder in UNSEEN.items()}
# A placeholder has no kind, strength or torches, like edition's HIDDEN and
# FACE_DOWN: code that reads a hand card by card (the bots, the words) must
# not fail on one. (These entries belong beside HIDDEN's in edition.py.)
for _placeholder in UNSEEN.values():
    KIND[_placeholder] = ""
    STRENGTH[_placeholder] = 0
    TORCHES[_placeholder] = 0
UNSEEN_TITLES = {"village": "Village", "siege": "Siege", "academy": "Academy"}
_SEEN_ELSEWHERE = "every one is seen elsewhere."


def unseen_in_hands(state: State, deck: str) -> int:
    """Placeholders of ``deck`` in every hand that its multiset counts (0
    outside table mode, and on a view: its decks hold only the cards
    really left, and the unseen pools lie apart in ``pools``)."""
    if not state.table_mode or state.pools is not None:
        return 0
    placeholder = UNSEEN[deck]
    return sum(player.hand.count(placeholder) for player in state.players)


def cards_left(state: State, step: Pending) -> int:
    """Cards really in the shuffled part of the pile ``step`` draws from: in
    table mode the multiset also holds the unseen cards in hands (and, for
    the Village deck, the face-down loot)."""
    deck, _ = draw_source(state, step)
    source = step.source
    if source == "village":
        return len(deck) - state.unseen_loot
    if source in ("siege", "academy"):
        return len(deck) - unseen_in_hands(state, source)
    return len(deck)


def unseen_draw(state: State, step: Pending) -> str:
    """Table mode: the placeholder a draw into a hand goes in as (the player
    sees the card, the table does not), or "" when the table names the card:
    a dungeon turned up, a card from under a deck (it came face up from the
    discards), any draw in digital play."""
    if not state.table_mode or step.dest != "hand":
        return ""
    if step.source == "reveal":
        return UNSEEN["village"]
    if step.source in UNSEEN and cards_left(state, step) > 0:
        return UNSEEN[step.source]
    return ""


def possible_cards(state: State, seat: int) -> dict[str, int]:
    """Each card ``seat`` may play now, with how many of it on its own: the
    cards in hand, and in table mode the cards an unseen one could be (as
    many as there are unseen cards of its deck, and of that card unseen)."""
    hand = state.players[seat].hand
    have = dict(counts(hand))
    if not state.table_mode:
        return have
    for placeholder, deck in UNSEEN_DECK.items():
        unseen = have.pop(placeholder, 0)
        if not unseen:
            continue
        for card, left in counts(unseen_pool(state, deck)):
            have[card] = have.get(card, 0) + min(unseen, left)
    return have


def unseen_pool(state: State, deck: str) -> tuple[str, ...]:
    """The unseen cards of ``deck``: what an unseen card of it could be (a
    view carries them in ``pools``; the full state keeps them in its decks)."""
    if state.pools is not None:
        return getattr(state.pools, deck)
    return (
        state.village_deck
        if deck == "village"
        else state.siege_deck
        if deck == "siege"
        else state.academy_deck
    )


def naming_reason(state: State, seat: int, cards: Iterable[str]) -> str:
    """Why ``seat`` cannot show ``cards`` from hand (naming unseen cards
    where the known ones are missing), or "" if it can."""
    hand = state.players[seat].hand
    cards = tuple(cards)
    if len(cards) == 1 and cards[0] in hand:
        return ""  # the common case, at every listed action: no counting
    if not state.table_mode:
        # Digital play has no unseen card: the hand is all there is. Random
        # play and the bots ask this at every spend of Gold (who may Thief
        # it) and every Build pick, so no Counters here.
        short = _short_of(hand, cards)
        return f"You have no {title(short)} in hand." if short else ""
    missing = Counter(cards)
    missing.subtract(Counter(hand))
    wanted = {card: n for card, n in missing.items() if n > 0}
    if not wanted:
        return ""
    per_deck: Counter[str] = Counter()
    for card, n in wanted.items():
        deck = DECK.get(card, "")
        placeholder = UNSEEN.get(deck)
        if not state.table_mode or placeholder is None or placeholder not in hand:
            return f"You have no {title(card)} in hand."
        if unseen_pool(state, deck).count(card) < n:
            return f"None of your unseen {UNSEEN_TITLES[deck]} cards can be {title(card)}: " + _SEEN_ELSEWHERE
        per_deck[placeholder] += n
    for placeholder, n in per_deck.items():
        if hand.count(placeholder) < n:
            deck = UNSEEN_DECK[placeholder]
            return f"You hold only {hand.count(placeholder)} unseen {UNSEEN_TITLES[deck]} card(s)."
    return ""


def _short_of(hand: tuple[str, ...], cards: tuple[str, ...]) -> str:
    """The first of ``cards`` that ``hand`` holds too few of, or ""."""
    for card in cards:
        if hand.count(card) < cards.count(card):
            return card
    return ""


def can_name(state: State, seat: int, cards: Iterable[str]) -> bool:
    """Whether ``seat`` can show ``cards`` from hand (see :func:`naming_reason`)."""
    if not state.table_mode:  # the hand is all there is: no reason to word
        cards = tuple(cards)
        hand = state.players[seat].hand
        # (one card, as at every spend of Gold that a Thief might take: no counting)
        return cards[0] in hand if len(cards) == 1 else not _short_of(hand, cards)
    return not naming_reason(state, seat, cards)


def named(state: State, seat: int, cards: Iterable[str]) -> State:
    """``state`` once ``seat`` has named the unseen cards needed to show
    ``cards`` (each placeholder becomes the card named, taken out of the
    unseen cards of its deck). Cards already known in hand are left alone;
    where no unseen card could be the one named, the state is returned
    unchanged, so the action is refused with its own reason."""
    if not state.table_mode:
        return state
    cards = list(cards)
    reason = naming_reason(state, seat, cards)
    if reason:
        if reason.endswith(_SEEN_ELSEWHERE):
            raise IllegalAction(reason)  # the rules' check that it could be that card
        return state
    player = state.players[seat]
    hand = player.hand
    missing = Counter(cards)
    missing.subtract(Counter(hand))
    changes: dict = {}
    for card, n in missing.items():
        for _ in range(max(n, 0)):
            deck = DECK[card]
            hand = added(removed(hand, UNSEEN[deck]), card)
            if state.pools is not None:  # a view: the card was out of its deck already
                pools = changes.get("pools", state.pools)
                changes["pools"] = replace(pools, **{deck: removed(getattr(pools, deck), card)})
                continue
            pool = changes.get(f"{deck}_deck", unseen_pool(state, deck))
            changes[f"{deck}_deck"] = removed(pool, card)
            if deck == "village":
                changes["unseen_loot"] = changes.get("unseen_loot", state.unseen_loot) - 1
    if not changes:
        return state
    players = state.players
    players = players[:seat] + (replace(player, hand=hand),) + players[seat + 1 :]
    return replace(state, players=players, **changes)


def chance_outcomes(state: State) -> list[tuple[Draw | FirstPlayer, float]]:
    step = top(state.pending)
    if step is None:
        return []
    if step.kind == "first":
        seats = len(state.players)
        return [(FirstPlayer(seat), 1 / seats) for seat in range(seats)]
    if step.kind != "draw":
        return []
    deck, under = draw_source(state, step)
    if state.table_mode:
        if face_down_draw(state, step):
            # Nobody looks at the card: the table has nothing to say but that it went face down.
            return [(Draw(FACE_DOWN), 1.0)]
        unseen = unseen_draw(state, step)
        if unseen:
            # Only its new owner looks at it: nobody types it in until it is played.
            return [(_DRAWS[unseen], 1.0)]
        left = cards_left(state, step)
    else:
        left = len(deck)  # digital play: nothing unseen is counted in the deck
    if left > 0:
        total = len(deck)
        return [(_DRAWS[card], count / total) for card, count in counts(deck)]
    # The shuffled part is gone: the card put back under comes up, for sure.
    return [(Draw(under[0]), 1.0)]


_DRAWS = {name: Draw(name) for name in (*CARDS, HIDDEN, FACE_DOWN, *UNSEEN.values())}
"""One Draw per card, shared: a draw lists the odds of some 30 cards, and
random play and the bots list them at every draw."""
