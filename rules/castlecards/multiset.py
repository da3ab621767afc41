"""Hands and decks as multisets: sorted tuples of card names, shared between
states (every change builds a new tuple)."""

from __future__ import annotations

from bisect import bisect
from functools import lru_cache


def remove(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def add(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """Insert into a sorted multiset."""
    index = bisect(cards, card)
    return cards[:index] + (card,) + cards[index:]


def add_many(cards: tuple[str, ...], more) -> tuple[str, ...]:
    return tuple(sorted(cards + tuple(more)))


@lru_cache(maxsize=8192)
def counts(cards: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """(card, how many) for a sorted multiset, in name order."""
    out: list[tuple[str, int]] = []
    previous = ""
    run = 0
    for card in cards:
        if card == previous:
            run += 1
        else:
            if run:
                out.append((previous, run))
            previous, run = card, 1
    if run:
        out.append((previous, run))
    return tuple(out)
