"""Whole games of every game and variant played in plain lines to the end,
by a script that reads only the printed text and answers with numbers:
people alone, people with bots (hot-seat, the curtain between them) and
table mode. Every line printed is checked: no escape sequence, and none
longer than 100 characters but the log's own lines."""

from __future__ import annotations

import pytest
from castletui.rules import registry

from tests.plain.reading import new_session, play, random_player

LONGEST = 100
ESCAPE = "\x1b"

# Random people rarely trade and often build in A Game of Thrones Catan:
# otherwise a game of three people takes thousands of moves.
RARELY = ("Trade", "Offer", "End turn")
OFTEN = ("Build", "Settlement", "Keep", "Road", "Guard", "Development card", "Place", "Buy")


PLAYER_SEEDS = {
    ("got-catan", "base", "people"): 2,
    ("got-catan", "base", "bots"): 5,
    ("got-catan", "base", "table"): 1,
    ("got-catan", "brotherhood", "people"): 3,
    ("got-catan", "brotherhood", "bots"): 5,
    ("got-catan", "brotherhood", "table"): 4,
}
"""The script's seed where the default makes a long game (these are short ones)."""


def cases() -> list:
    found = []
    for game_id in registry.ids():
        for variant in registry.get(game_id).INFO.variants:
            low, high = variant.min_seats, variant.max_seats
            found.append(
                pytest.param(game_id, variant.name, low, 0, "digital", id=f"{game_id}-{variant.name}-people")
            )
            if high >= 2:
                people = 2 if high >= 3 else 1
                bots = min(high, max(low, 3)) - people
                found.append(
                    pytest.param(
                        game_id, variant.name, people, bots, "digital", id=f"{game_id}-{variant.name}-bots"
                    )
                )
            found.append(
                pytest.param(game_id, variant.name, low, 0, "table", id=f"{game_id}-{variant.name}-table")
            )
    return found


def log_texts(session) -> set[str]:
    """Every log line any seat could read."""
    texts = set()
    for seat in [*range(len(session.players)), None]:
        session.read_log_as(seat)
        texts.update(line.text for line in session.log)
    return texts


@pytest.mark.parametrize(("game_id", "variant", "people", "bots", "mode"), cases())
def test_a_whole_game_in_plain_lines(game_id, variant, people, bots, mode) -> None:
    session = new_session(game_id, variant, people, bots, mode=mode, seed=11)
    kind = "table" if mode == "table" else ("bots" if bots else "people")
    seed = PLAYER_SEEDS.get((game_id, variant, kind), 4)
    output, status, game = play(session, random_player(seed, rarely=RARELY, often=OFTEN), limit=40_000)
    assert session.over, output[-2000:]
    assert status == 0
    assert ESCAPE not in output
    long = [line for line in output.splitlines() if len(line) > LONGEST]
    if long:
        logged = log_texts(session)
        assert [line for line in long if line not in logged] == []


@pytest.mark.parametrize("game_id", ["castlecards", "got-catan"])
def test_each_person_reads_the_log_through_their_own_eyes(game_id):
    """Hot-seat: what is said between a curtain rising for a person and the
    next curtain holds only log lines that person may read."""
    variant = registry.get(game_id).INFO.variants[0]
    session = new_session(game_id, variant.name, variant.min_seats, seed=5)
    output = play(session, random_player(1, rarely=RARELY, often=OFTEN), limit=1500)[0].splitlines()
    seen_by = {}
    everything = set()
    for seat, name in enumerate(session.names):
        session.read_log_as(seat)
        seen_by[name] = {line.text for line in session.log}
        everything |= seen_by[name]
    person, checked = None, 0
    for line in output:
        if line.endswith(", it is your table now."):
            person = line.removesuffix(", it is your table now.")
        elif line.startswith("Pass the device to"):
            person = None
        elif person is not None and line in everything:
            assert line in seen_by[person], (person, line)
            checked += 1
    assert checked > 0
