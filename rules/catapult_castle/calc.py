"""Catapult Castle rules helpers: the final ranking with the rulebook's
tie-breaks (most towers on the mat, then ammo inside them, then cards in
hand, then later in turn order) from what a table counts at the end, and
the solo score with its rating.

Pure functions over the rules' own scoring (``scoring.rank``,
``scoring.decided_by``, ``scoring.solo_points``, ``edition.rating_for``):
nothing here orders players again, and what no game can end with is refused
by the rules' own reasons (``scoring.final_count_reason``,
``scoring.solo_count_reason``), each answer as it is typed. :func:`helpers` gives the conversation a
table has with them (the screen API's ``helpers`` hook, ``castletui calc
catapult-castle``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from castletui.rules.catapult_castle.edition import rating_for
from castletui.rules.catapult_castle.scoring import (
    decided_by,
    final_count_reason,
    position_in_turn_order,
    rank,
    solo_count_reason,
    solo_points,
)
from castletui.rules.core import IllegalAction
from castletui.rules.core.screen import Helper, Question, parse_whole_numbers


class Count(NamedTuple):
    """What one player has at the end of the game."""

    towers: int
    ammo: int
    cards: int


class Ranking(NamedTuple):
    """Players from first to last (indices into the counts given), the
    keys they were ordered by, and what decided the winner, in words."""

    order: tuple[int, ...]
    keys: tuple[tuple[int, int, int, int], ...]
    decided_by: str


def final_ranking(counts: Sequence[Count], start: int = 0) -> Ranking:
    """Rank players given in seat order; ``start`` is the start player's index."""
    seats = len(counts)
    if not 2 <= seats <= 4:
        raise IllegalAction("Catapult Castle is ranked for 2 to 4 players (the solo game has its own score).")
    if not 0 <= start < seats:
        raise IllegalAction("The start player is one of the players.")
    reason = final_count_reason(counts)
    if reason:
        raise IllegalAction(reason)
    keys = tuple(
        (count.towers, count.ammo, count.cards, position_in_turn_order(seat, start, seats))
        for seat, count in enumerate(counts)
    )
    return Ranking(tuple(rank(list(keys))), keys, decided_by(list(keys)))


def solo_result(towers_removed: int, ammo_left: int) -> tuple[int, str]:
    """The solo score and its rating; IllegalAction for counts no solo game ends with."""
    reason = solo_count_reason(towers_removed, ammo_left)
    if reason:
        raise IllegalAction(reason)
    score = solo_points(towers_removed, ammo_left)
    return score, rating_for(score)


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def ranking_lines(ranking: Ranking, names: Sequence[str]) -> list[str]:
    width = max(len(name) for name in names) + 2
    lines = []
    for place, seat in enumerate(ranking.order, start=1):
        towers, ammo, cards, turn = ranking.keys[seat]
        lines.append(
            f"{_ordinal(place)}  {names[seat].ljust(width)}{_plural(towers, 'tower')}, {ammo} ammo, "
            f"{_plural(cards, 'card')}, went {_ordinal(turn)}"
        )
    lines.append(f"Winner: {names[ranking.order[0]]}. {ranking.decided_by}.")
    return lines


# --- the conversations --------------------------------------------------------------


def _names(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    if not 2 <= len(names) <= 4:
        raise IllegalAction("Type 2 to 4 names apart by commas, in turn order from the start player.")
    if len(set(names)) != len(names):
        raise IllegalAction("Give each player a different name.")
    return names


def _count(before: Sequence[Count], seats: int):
    """The parser of the next player's count, refusing what no game of
    ``seats`` ends with, alone or with the players ``before`` them."""

    def parse(text: str) -> Count:
        count = Count(*parse_whole_numbers(text, 3, "towers on the mat, ammo inside them, cards in hand"))
        reason = final_count_reason([*before, count], seats)
        if reason:
            raise IllegalAction(reason)
        return count

    return parse


def _ranking_question(answers: Mapping[str, Any]) -> Question | None:
    if "names" not in answers:
        return Question(
            "names", "Who played, in turn order from the start player? Names apart by commas", _names
        )
    for seat, name in enumerate(answers["names"]):
        if f"p{seat}" not in answers:
            return Question(
                f"p{seat}",
                f"{name}: towers on your mat, ammo inside them, cards in hand (3 numbers)?",
                _count([answers[f"p{before}"] for before in range(seat)], len(answers["names"])),
            )
    return None


def _ranking_report(answers: Mapping[str, Any]) -> list[str]:
    names = answers["names"]
    ranking = final_ranking([answers[f"p{seat}"] for seat in range(len(names))], start=0)
    return ranking_lines(ranking, names)


def _number(what: str, check=None):
    """The parser of one whole number; ``check(n)`` says why it cannot be, or ""."""

    def parse(text: str) -> int:
        n = parse_whole_numbers(text, 1, what)[0]
        reason = check(n) if check is not None else ""
        if reason:
            raise IllegalAction(reason)
        return n

    return parse


def _solo_question(answers: Mapping[str, Any]) -> Question | None:
    if "removed" not in answers:
        return Question(
            "removed", "Towers you shot off the mats?", _number("towers removed", _removed_reason)
        )
    if "ammo" not in answers:
        removed = answers["removed"]

        def possible(ammo: int) -> str:
            return solo_count_reason(removed, ammo)  # the pair is the rule, not each number

        return Question("ammo", "Ammo left to shoot?", _number("ammo left", possible), "0")
    return None


def _removed_reason(removed: int) -> str:
    return solo_count_reason(removed, 0)


def _solo_report(answers: Mapping[str, Any]) -> list[str]:
    score, rating = solo_result(answers["removed"], answers["ammo"])
    return [f"Score {score}: {answers['removed']} towers removed + {answers['ammo']} ammo left. {rating}"]


RANKING = Helper(
    name="ranking",
    title="Final ranking",
    summary="Count towers, ammo inside them and cards in hand: who wins, and which tie-break decided it.",
    next_question=_ranking_question,
    report=_ranking_report,
)
SOLO = Helper(
    name="solo",
    title="Solo score",
    summary="Towers removed and ammo left: the solo score and its rating.",
    next_question=_solo_question,
    report=_solo_report,
)


def helpers() -> tuple[Helper, ...]:
    """The Catapult Castle rules helpers (the screen API's ``helpers`` hook)."""
    return (RANKING, SOLO)
