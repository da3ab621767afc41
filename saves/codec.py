"""Turning a SaveFile into bytes and back: TOML or JSON, chosen by extension.

Decoding is strict and every failure becomes a SaveError that names the
file and says what is wrong in words.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import msgspec
import tomli_w

from saves.errors import SaveError
from saves.names import name_problem
from saves.schema import FORMAT, MAX_PLIES, VERSION, Envelope, SaveFile

FORMATS = (".toml", ".json")


def format_of(path: Path) -> str:
    """``.toml`` or ``.json`` from the file name; a backup (``x.toml.bak``)
    has the format of the file it backs up."""
    name = path.name
    if name.endswith(".bak"):
        name = name[: -len(".bak")]
    suffix = Path(name).suffix.lower()
    if suffix not in FORMATS:
        raise SaveError(
            f"{path.name}: a save file ends in .toml or .json, not {suffix or 'nothing'}.", path=path
        )
    return suffix


def encode(save: SaveFile, suffix: str) -> bytes:
    if suffix == ".json":
        return msgspec.json.format(msgspec.json.encode(save), indent=1) + b"\n"
    # tomli-w writes the TOML; msgspec turns the Struct into plain data first.
    return tomli_w.dumps(msgspec.to_builtins(save)).encode()


def decode(data: bytes, path: Path) -> SaveFile:
    """Parse and validate a save's bytes, or raise SaveError naming ``path``."""
    # Every log entry names its seat: counting the word is far cheaper than
    # parsing a log no real game could have made.
    if data.count(b"seat") > MAX_PLIES + 100:
        raise SaveError(
            f"{path.name} holds more than {MAX_PLIES:,} moves, more than any real game makes; "
            "castletui does not open it.",
            path=path,
        )
    try:
        return _decode(data, path)
    except RecursionError:
        raise SaveError(
            f"{path.name} is not a castletui save: it is nested far deeper than a save ever is.", path=path
        ) from None


def _decode(data: bytes, path: Path) -> SaveFile:
    raw = _parse(data, path)
    if not isinstance(raw, dict):
        raise SaveError(f"{path.name} is not a castletui save (its top level is not a table).", path=path)
    # A non-text format field is not ours either: say so rather than a type error.
    envelope = (
        msgspec.convert(raw, Envelope, strict=False) if isinstance(raw.get("format"), str) else Envelope()
    )
    if envelope.format != FORMAT:
        raise SaveError(f'{path.name} is not a castletui save (no format = "{FORMAT}" line).', path=path)
    if not isinstance(envelope.version, int) or isinstance(envelope.version, bool):
        raise SaveError(f"{path.name}: the save's version should be a whole number.", path=path)
    if envelope.version > VERSION:
        raise SaveError(
            f"{path.name} was written by a newer castletui (save format {envelope.version}; this one "
            f"reads up to {VERSION}). Update castletui to open it; the file is left as it is.",
            path=path,
        )
    try:
        save = msgspec.convert(raw, SaveFile)
    except msgspec.ValidationError as error:
        raise SaveError(f"{path.name} is damaged: {in_words(error)}.", path=path) from None
    for seat, player in enumerate(save.players):
        problem = name_problem(player.name)
        if problem:
            raise SaveError(f"{path.name} is damaged: player {seat + 1}'s name {problem}.", path=path)
    return save


def _parse(data: bytes, path: Path) -> Any:
    suffix = format_of(path)
    try:
        if suffix == ".json":
            return msgspec.json.decode(data)
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{path.name} is not a text file, so not a castletui save.", path=path) from None
    except (msgspec.DecodeError, tomllib.TOMLDecodeError) as error:
        kind = "JSON" if suffix == ".json" else "TOML"
        detail = str(error).rstrip(".")
        hint = " (it may have been cut short)" if "truncated" in detail or "end of" in detail.lower() else ""
        raise SaveError(f"{path.name} is not valid {kind}{hint}: {detail}.", path=path) from None


_KINDS = {
    "str": "a text",
    "int": "a whole number",
    "bool": "true or false",
    "array": "a list",
    "object": "a table",
    "float": "a number",
    "null": "nothing",
}
_LENGTH = re.compile(r"Expected `(\w+)` of length (<=|>=) (\d+)")
_TYPES = re.compile(r"Expected `(\w+)`, got `(\w+)`")


def in_words(error: msgspec.ValidationError) -> str:
    """msgspec says "Expected `int`, got `str` - at `$.log[3].seat`"; say
    what is wrong and where in words a player can follow."""
    message, _, location = str(error).partition(" - at `")
    location = location.rstrip("`").removeprefix("$").removeprefix(".")
    if match := _LENGTH.match(message):
        kind, bound, count = match.groups()
        one, many = ("character", "characters") if kind == "str" else ("entry", "entries")
        unit = one if count == "1" else many
        message = f"expected {_KINDS.get(kind, kind)} of {'at most' if bound == '<=' else 'at least'} {count} {unit}"
    elif match := _TYPES.match(message):
        wanted, got = (_KINDS.get(kind, kind) for kind in match.groups())
        message = f"expected {wanted}, not {got}"
    return f"{message} (at {location})" if location else message
