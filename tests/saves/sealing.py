"""Sealing a save edited by hand: its checks (saves.chain) recomputed, as
whoever edits a file and knows the format can. Tests use it to reach the
checks behind the chain (the replay, the state hash, the header's fields)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import msgspec
from castletui.saves import codec
from castletui.saves.chain import header_check, line_check
from castletui.saves.schema import Line

_CHECK = re.compile(rb'("?chain"?\s*[:=]\s*")([0-9a-f]*)(")')


def reseal(path: Path) -> None:
    """Recompute the header's check and every line's, in place."""
    data = path.read_bytes()
    if path.suffix == ".json":
        found = data.find(codec.JSON_LOG)
        head, body = data[:found], data[found:]
        header = msgspec.json.decode(head + b"\n}")
    else:
        found = data.find(codec.TOML_LOG)
        head, body = data[: found + 1], data[found + 1 :]
        header = tomllib.loads(head.decode())
    check = header_check(header)
    head = _with_check(head, check)
    lines = []
    for text in body.split(b"\n"):
        if _CHECK.search(text):
            line = _line(text, path.suffix)
            check = line_check(check, line)
            text = _with_check(text, check)
        lines.append(text)
    path.write_bytes(head + b"\n".join(lines))


def _with_check(text: bytes, check: str) -> bytes:
    return _CHECK.sub(lambda match: match.group(1) + check.encode() + match.group(3), text, count=1)


def _line(text: bytes, suffix: str) -> Line:
    if suffix == ".json":
        piece = text.strip().removeprefix(b",").removesuffix(b"]}").removesuffix(b",")
        return msgspec.json.decode(piece, type=Line)
    (value,) = tomllib.loads(text.decode()).values()
    return msgspec.convert(value, Line)
