"""Hands, bags and decks as multisets: sorted tuples of names, shared
between states (every change builds a new tuple). The state holds no deck
order: a draw is a chance decision over what is left."""

from __future__ import annotations

from bisect import bisect
from collections.abc import Iterable
from functools import lru_cache


def removed(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` less one ``item`` (ValueError if there is none)."""
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def added(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` (sorted) with one more ``item``, still sorted."""
    index = bisect(items, item)
    return items[:index] + (item,) + items[index:]


def added_all(items: tuple[str, ...], more: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(items + tuple(more)))


@lru_cache(maxsize=8192)
def counts(items: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """(name, how many) for a sorted multiset, in name order."""
    out: list[tuple[str, int]] = []
    previous = ""
    run = 0
    for item in items:
        if item == previous:
            run += 1
        else:
            if run:
                out.append((previous, run))
            previous, run = item, 1
    if run:
        out.append((previous, run))
    return tuple(out)
