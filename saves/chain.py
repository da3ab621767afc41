"""The record's chain: each line of a journal carries a check (``chain``)
that covers the line and the check of the line before it; the header
carries one over all its members. A change anywhere (a move, a hash, the
edition, the seed) breaks that check and every later one.

The check is a hash of plain data, not of bytes: a TOML and a JSON file
of one game carry the same checks, and a file laid out anew by a tool
(other spacing, other key order) still checks out. It proves a record was
not changed by accident or by hand; whoever recomputes every check can
still write another game (only a revealed seed's commitment, saves.seal,
binds the draws).

Checking 1,000 lines costs about 2 ms of CPU (benchmarks/save_cost.py).
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
from castletui.saves.schema import Line

FIELD = "chain"
"""The member of the header and of each line that holds its check."""

_canonical = msgspec.json.Encoder(order="sorted")


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def header_check(header: dict[str, Any]) -> str:
    """The check of a header: every member but the check itself."""
    return _digest(_canonical.encode({key: value for key, value in header.items() if key != FIELD}))


def line_check(previous: str, line: Line) -> str:
    """The check of ``line`` after a line (or header) whose check is ``previous``."""
    fields = (line.seat, line.action, line.at, line.hash, line.status, line.finished, line.updated)
    return _digest(previous.encode() + _canonical.encode(fields))


def first_break(previous: str, lines: list[Line]) -> tuple[int, str]:
    """The index of the first line whose check is not what came before it
    makes it (-1 when all hold), and the check of the last line that holds."""
    for index, line in enumerate(lines):
        expected = line_check(previous, line)
        if line.chain != expected:
            return index, previous
        previous = expected
    return -1, previous
