"""A seeded corpus of hostile save files: real games of every registered game
and variant, saved as TOML and JSON, then damaged in every way we know a file
can be (cut short, bytes flipped, lines lost or repeated, values of the wrong
type, nan and inf, nesting, huge texts and numbers, markup and control
characters in names, a newer version, another game, moves out of order,
actions changed, a move cut short while it was appended). The suite runs every file through ``saves.load``, the
session that ``castletui resume`` opens, ``castletui list`` and the load
screen; ``benchmarks/`` times it."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import msgspec
from castletui.rules import registry
from castletui.rules.core import Config
from castletui.saves import codec

from castletui import saves
from tests.playing import playout

Mutation = Callable[[bytes, random.Random], bytes]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data))]


def flip_bytes(data: bytes, rng: random.Random) -> bytes:
    mutable = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        mutable[rng.randrange(len(mutable))] = rng.randrange(256)
    return bytes(mutable)


def drop_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def repeat_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    index = rng.randrange(len(lines))
    lines.insert(index, lines[index])
    return b"\n".join(lines)


def swap_lines(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    first, second = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[first], lines[second] = lines[second], lines[first]
    return b"\n".join(lines)


_SCALAR = re.compile(rb'(?<=[=:] )(-?\d+|"[^"\n]*"|true|false)')
ODD_VALUES = [
    b"nan",
    b"inf",
    b"-inf",
    b"-1",
    b"0",
    b"99999999999999999999999",
    b"1.5",
    b'"x"',
    b'""',
    b"true",
    b"[]",
    b"{}",
    b"[[[[[[[[1]]]]]]]]",
    b'"[/]"',
    b'"[b]bold"',
    b'"' + b"A" * 100_000 + b'"',
]


def odd_value(data: bytes, rng: random.Random) -> bytes:
    """A value (a number, a text, true or false) replaced by one of another
    type or range."""
    spots = list(_SCALAR.finditer(data))
    spot = rng.choice(spots)
    value = rng.choice(ODD_VALUES)
    if data.lstrip().startswith(b"{") and value in (b"nan", b"inf", b"-inf"):
        value = b"NaN" if value == b"nan" else b"1e999"
    return data[: spot.start()] + value + data[spot.end() :]


def deep_nesting(data: bytes, rng: random.Random) -> bytes:
    depth = rng.choice([200, 1000, 5000])
    spots = list(_SCALAR.finditer(data))
    spot = rng.choice(spots)
    return data[: spot.start()] + b"[" * depth + b"1" + b"]" * depth + data[spot.end() :]


def hostile_name(data: bytes, rng: random.Random) -> bytes:
    name = rng.choice(
        [
            b"[/]",
            b"[Team A]",
            b"[b]x[/b]",
            b"\\u001b[31mred",
            b"line\\nbreak",
            b"A" * 5000,
            b"",
            b"\\u202eevil",
        ]
    )
    return re.sub(rb'(name"?\s*[=:]\s*)"[^"\n]*"', lambda m: m.group(1) + b'"' + name + b'"', data, count=1)


def newer_version(data: bytes, rng: random.Random) -> bytes:
    return re.sub(
        rb'(version"?\s*[=:]\s*)\d+', rb"\g<1>" + str(rng.choice([2, 99, -1])).encode(), data, count=1
    )


def other_game(data: bytes, rng: random.Random) -> bytes:
    replacement = rng.choice([b"chess", b"", b"../../etc/passwd"] + [g.encode() for g in registry.ids()])
    return re.sub(
        rb'(game"?\s*[=:]\s*)"[^"\n]*"', lambda m: m.group(1) + b'"' + replacement + b'"', data, count=1
    )


def moves_out_of_order(data: bytes, rng: random.Random) -> bytes:
    """Two log entries (one per line in both formats) swapped."""
    lines = _lines(data)
    entries = [i for i, line in enumerate(lines) if b"seat" in line and b"action" in line]
    if len(entries) < 2:
        return swap_lines(data, rng)
    first, second = rng.sample(entries, 2)
    lines[first], lines[second] = lines[second], lines[first]
    return b"\n".join(lines)


def bad_seat(data: bytes, rng: random.Random) -> bytes:
    spots = list(re.finditer(rb'seat"?\s*[=:]\s*(-?\d+)', data))
    spot = rng.choice(spots)
    value = str(rng.choice([-2, 5, 99, 2**63])).encode()
    return data[: spot.start(1)] + value + data[spot.end(1) :]


def bad_action_field(data: bytes, rng: random.Random) -> bytes:
    """A number inside an action changed to one out of any sane range."""
    lines = _lines(data)
    entries = [i for i, line in enumerate(lines) if b"action" in line and re.search(rb"[=:] ?-?\d", line)]
    if not entries:
        return odd_value(data, rng)
    index = rng.choice(entries)
    numbers = list(re.finditer(rb"(?<=[=:] )-?\d+|(?<=[=:])-?\d+", lines[index]))
    spot = rng.choice(numbers)
    value = str(rng.choice([-1, 7, 40, 10**6, 2**62])).encode()
    lines[index] = lines[index][: spot.start()] + value + lines[index][spot.end() :]
    return b"\n".join(lines)


def bad_encoding(data: bytes, rng: random.Random) -> bytes:
    junk = rng.choice([b"\xff\xfe", b"\xef\xbb\xbf", b"\x00", b"\xc3\x28", b"\r\r"])
    index = rng.randrange(len(data))
    return data[:index] + junk + data[index:]


def torn_append(data: bytes, rng: random.Random) -> bytes:
    """A castletui killed while appending a move: its line cut short
    (JSON: the last entry, written over the document's end), sometimes with
    junk after it (a disk that lost power mid-sector)."""
    end = len(data) - len(codec.end_of(".json" if data.endswith(codec.JSON_END) else ".toml"))
    start = data.rindex(b"\n", 0, end - 1) + 1
    cut = data[: rng.randrange(start, end)]
    return cut + (
        bytes(rng.randrange(256) for _ in range(rng.randint(1, 12))).replace(b"\n", b"")
        if rng.random() < 0.3
        else b""
    )


def emptied(data: bytes, rng: random.Random) -> bytes:
    return rng.choice([b"", b"   \n\n", b"\x00" * 100, b"{}", b"[]", b"null"])


MUTATIONS: dict[str, Mutation] = {
    mutation.__name__: mutation
    for mutation in (
        truncate,
        flip_bytes,
        drop_line,
        repeat_line,
        swap_lines,
        odd_value,
        deep_nesting,
        hostile_name,
        newer_version,
        other_game,
        moves_out_of_order,
        bad_seat,
        bad_action_field,
        bad_encoding,
        torn_append,
        emptied,
    )
}


def real_saves(seed: int = 2026) -> list[saves.SaveFile]:
    """One save of a game under way for every registered game and variant."""
    rng = random.Random(seed)
    found = []
    for game_id in sorted(registry.ids()):
        for variant in registry.get(game_id).INFO.variants:
            seats = variant.max_seats if variant.max_seats <= 3 else 3
            config = Config(variant.name, seats)
            run = playout(game_id, config, rng.randrange(10**6), stop_at=rng.randint(20, 80))
            names = ["Ann", "Wei", "Coco"][:seats]
            save = saves.new_save(game_id, config, [saves.Player(name) for name in names], 1)
            save = msgspec.structs.replace(save, created="2026-11-30T09:00:00+00:00")
            for seat, action, state in zip(run.seats, run.actions, run.states[1:], strict=True):
                save = saves.append(save, seat, action, state, "2026-11-30T10:00:00+00:00")
            found.append(save)
    return found


def write_corpus(folder: Path, per_kind: int = 2, seed: int = 2026) -> dict[Path, str]:
    """Write the corpus into ``folder``: every mutation kind ``per_kind``
    times over every real save, in both formats. Returns each file's
    mutation kind."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    written: dict[Path, str] = {}
    for number, save in enumerate(real_saves(seed)):
        for suffix in (".toml", ".json"):
            original = saves.dump(save, folder / f"original-{number}{suffix}").read_bytes()
            written[folder / f"original-{number}{suffix}"] = "original"
            for kind, mutation in MUTATIONS.items():
                for copy in range(per_kind):
                    path = folder / f"{kind}-{number}-{copy}{suffix}"
                    path.write_bytes(mutation(original, rng))
                    written[path] = kind
    return written
