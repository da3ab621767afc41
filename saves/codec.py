"""Turning a SaveFile into bytes and back: TOML or JSON, chosen by extension.

Decoding is strict and every failure becomes a SaveError that names the
file and says what is wrong in words.

The layout (format 2) is a journal, so that the autosave after a move
appends one line however long the game is:

- a header with everything a move never changes (format, version, game,
  edition, created, seed, mode, config; with an empty log also updated,
  status and finished), written whole and atomically (saves.store.dump);
- then one line per logged action, in the order played: the entry (seat,
  action, ``at`` when it was made, ``hash`` of the state it led to) and,
  on the line that was last when it was written, how the game stands
  (schema.After: ``status``, ``finished``, and ``updated`` when the file
  was saved later than the move was made). The game stands as its last
  line says::

      [log]                                                          # TOML
      1 = { seat = -1, action = { type = "Draw", card = "gold" }, at = "...", status = "Ann to play", hash = "..." }

A TOML line is only ever appended whole, ending in a newline: a last line
without one is a move that was being written when castletui stopped. It is
read if it is a whole entry and otherwise left out (the file ``torn``),
which loses that one move and nothing else. Any other damage is refused as
before.

A JSON save stays one JSON document (players' tools open it as JSON): the
header's members, then ``log``, its last member, one entry a line, and the
document's end on a line of its own::

      {
       "format": "castletui-save",
       ...
       "log": [
      {"seat": -1, "action": {"type": "Draw", "card": "gold"}, "at": "...", ...},
      {"seat": 0, "action": {"type": "Build", ...}, ..., "status": "Wei to play", "hash": "..."}
      ]}

A move is written over the end (``JSON_END``): ``,`` then a newline and its
line, then the end again; the first move has no comma. A castletui stopped
in the middle of that leaves a file that is not JSON: it is then read line
by line, each whole entry line taken, a last one cut short (or the first
bytes of a move written over the end) left out, exactly as for TOML; a
damaged entry line with more lines after it is refused, naming the entry.

Format 3 adds the record's checks (saves.chain): the header's last
member and each line's last key, ``chain``, covers all before it. Every
reader checks them all: a header that does not match is refused, a line
that does not is refused naming its move (ChangedRecord, with the save up
to the move before it). NULs after the last bytes (a file system that lost
power) are left out like a move cut short. Files of formats 1 and 2 carry
no checks: they are read as before and written whole, with them, next time.

A shared table (saves.table) is such a JSON journal with one more header
member, ``table`` (who owns each seat). Files of format 1, and tables an
earlier castletui wrote, are one document with the log inside and ``check``,
``updated``, ``status`` and ``finished`` in the header; they are read as
they always were. So is a
JSON save of format 2 laid out anew by a JSON tool (it stands as its last
entry says), and one of the layout format 2 first had (a header, then
lines after its ``}``; never released): both are written whole, in this
layout, at the next move.

Reading a TOML log through tomllib costs 10-30 ms per 1,000 lines, more
than a whole load may cost (20 ms). Each line castletui writes is JSON once
its keys are quoted, so the lines are read in one pass by msgspec; a line
written any other way (by hand: comments, other spacing, other numbers)
sends the file through tomllib, which reads every valid TOML file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, NamedTuple

import msgspec
import tomli_w
from castletui.saves.chain import FIELD, first_break, header_check, line_check
from castletui.saves.errors import SaveError
from castletui.saves.names import name_problem
from castletui.saves.schema import (
    CHAINED,
    FORMAT,
    MAX_PLIES,
    VERSION,
    After,
    Check,
    Envelope,
    Line,
    SaveFile,
)

FORMATS = (".toml", ".json")


class Layout(NamedTuple):
    """How a file read was laid out, for the next write and for readers
    that follow it (saves.store.Position)."""

    journal: bool
    """Header then one line per entry (format 2's own): a move can be appended."""
    offset: int
    """Bytes up to the end of the last whole line (a document: its length).
    A JSON journal: up to the end of its last entry (or its log's ``[``),
    where the next move is written, over the ``JSON_END`` that follows."""
    torn: bool = False
    """A last line cut short (the move in flight when castletui stopped) was
    left out, or the file is otherwise not as castletui leaves it: the next
    write writes it whole."""
    check: str = ""
    """The check of the last line (of the header, for an empty log): the
    next line appended chains from it (saves.chain). Empty: a file of an
    older format, whose lines carry none."""


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


# --- writing -------------------------------------------------------------------

TOML_LOG = b"\n[log]\n"
"""The line the TOML header ends with; the log's lines follow it."""
JSON_LOG = b',\n "log": ['
"""How a JSON header ends: its last member, the log, opens (its lines follow)."""
JSON_END = b"\n]}\n"
"""How a JSON save ends, after its last entry: a move is written over it."""


def end_of(suffix: str) -> bytes:
    """What follows a journal's last entry and is written over by the next
    one (nothing in TOML: a move's line is appended)."""
    return JSON_END if suffix == ".json" else b""


_NOT_IN_HEADER = ("log", "check")
_ON_THE_LAST_LINE = ("updated", "status", "finished")


def encode(save: SaveFile, suffix: str, extra: dict[str, Any] | None = None) -> bytes:
    """The whole file: the header, then every log entry as a line (and
    JSON's end)."""
    return encode_checked(save, suffix, extra)[0]


def encode_checked(save: SaveFile, suffix: str, extra: dict[str, Any] | None = None) -> tuple[bytes, str]:
    """``encode``, and the check of its last line (saves.chain), which the
    next line appended chains from."""
    header, check = _header(save, suffix, extra)
    lines, check = lines_checked(save, 0, suffix, check)
    return header + lines, check


def encode_header(save: SaveFile, suffix: str, extra: dict[str, Any] | None = None) -> bytes:
    """What a move never changes. The file is written in this castletui's
    format, whatever the version it was read from. ``extra`` members go
    last in the header (a shared table's seating: saves.table), then the
    header's check."""
    return _header(save, suffix, extra)[0]


def _header(save: SaveFile, suffix: str, extra: dict[str, Any] | None) -> tuple[bytes, str]:
    plain = msgspec.to_builtins(save)
    plain["version"] = VERSION
    for key in _NOT_IN_HEADER + (_ON_THE_LAST_LINE if save.log else ()):
        plain.pop(key, None)
    plain.update(msgspec.to_builtins(extra or {}))
    check = plain[FIELD] = header_check(plain)
    return _header_bytes(plain, suffix), check


def _header_bytes(plain: dict[str, Any], suffix: str) -> bytes:
    if suffix == ".json":
        document = msgspec.json.format(msgspec.json.encode(plain), indent=1)
        return document.removesuffix(b"\n}") + JSON_LOG  # the log, last, is written by encode_lines
    try:
        header = tomli_w.dumps(plain).encode()
    except (TypeError, ValueError) as error:
        raise SaveError(f"This game cannot be written as TOML ({error}); save it as .json.") from None
    return header.rstrip(b"\n") + b"\n" + TOML_LOG


def encode_lines(save: SaveFile, start: int, suffix: str, check: str = "") -> bytes:
    """Log entries ``start`` to the end as lines, chained from ``check``
    (that of the line before entry ``start``: saves.chain); the last one
    also says how the game stands (the save's status and finished; its
    check's hash when the entry has none). JSON: what is written over the
    ``JSON_END`` after entry ``start`` (a comma unless it is the log's
    first, the lines, the end again)."""
    return lines_checked(save, start, suffix, check)[0]


def lines_checked(save: SaveFile, start: int, suffix: str, check: str) -> tuple[bytes, str]:
    """``encode_lines`` and the check of the last line written (``check``
    when there is none)."""
    entries = [msgspec.to_builtins(entry) for entry in save.log[start:]]
    if not entries:
        return (JSON_END if suffix == ".json" else b""), check
    last = entries[-1]
    state_hash = last.pop("hash", "") or (save.check.state_hash if save.check.plies == len(save.log) else "")
    updated = save.updated if save.updated != last.get("at") else ""
    last.update(msgspec.to_builtins(After(save.status, save.finished, updated)))
    if state_hash:
        last["hash"] = state_hash
    for entry in entries:
        check = entry[FIELD] = line_check(check, msgspec.convert(entry, Line))  # last: the line ends with it
    return _lines_bytes(entries, start, suffix), check


def _lines_bytes(entries: list[dict[str, Any]], start: int, suffix: str) -> bytes:
    if suffix == ".json":
        lines = b",".join(
            b"\n" + msgspec.json.format(_json_encoder.encode(entry), indent=0) for entry in entries
        )
        return (b"," if start else b"") + lines + JSON_END
    return "".join(
        f"{number} = {_toml_inline(entry)}\n" for number, entry in enumerate(entries, start + 1)
    ).encode()


_json_encoder = msgspec.json.Encoder()
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _toml_inline(value: Any) -> str:
    """``value`` as a TOML inline value on one line. Strings are written as
    JSON writes them (a TOML basic string means the same), DEL escaped
    (TOML refuses it raw)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _json_encoder.encode(value).decode().replace("\x7f", "\\u007f")
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = (
            f"{key if _BARE_KEY.fullmatch(key) else _toml_inline(key)} = {_toml_inline(item)}"
            for key, item in value.items()
        )
        return "{ " + ", ".join(items) + " }"
    if isinstance(value, list | tuple):
        # No space after the commas: ", " then a letter is only ever a key (see _toml_lines).
        return "[" + ",".join(_toml_inline(item) for item in value) + "]"
    if isinstance(value, float):
        return repr(value)
    raise SaveError(f"This game cannot be written as TOML (a {type(value).__name__}); save it as .json.")


# --- reading -------------------------------------------------------------------

_Entries = Annotated[list[Line], msgspec.Meta(max_length=MAX_PLIES)]
_entries_decoder = msgspec.json.Decoder(_Entries)
_entry_decoder = msgspec.json.Decoder(Line)
_after_decoder = msgspec.json.Decoder(After)
_afters_decoder = msgspec.json.Decoder(list[After])
_LINE_NUMBER = re.compile(rb"\n(\d+) = ")
# A key starts after "{ " or ", " with a letter; the patterns begin with a
# literal so that re scans for them at C speed (a look-behind is 10x slower).
_FIRST_KEY = re.compile(rb"\{ (?=[A-Za-z_])")
_NEXT_KEY = re.compile(rb", (?=[A-Za-z_])")


def decode(data: bytes, path: Path) -> SaveFile:
    """Parse and validate a save's bytes, or raise SaveError naming ``path``."""
    return decode_layout(data, path)[0]


def decode_layout(data: bytes, path: Path) -> tuple[SaveFile, Layout]:
    """The save in ``data`` and how the file is laid out."""
    # Every log entry names its seat: counting the word is far cheaper than
    # parsing a log no real game could have made.
    if data.count(b"seat") > MAX_PLIES + 100:
        raise SaveError(
            f"{path.name} holds more than {MAX_PLIES:,} moves, more than any real game makes; "
            "castletui does not open it.",
            path=path,
        )
    # What a file system that lost power leaves after the last bytes it
    # wrote (delayed allocation): NULs, left out like a move cut short.
    ended = data.rstrip(b"\0")
    try:
        save, layout = _decode(ended, path)
    except RecursionError:
        raise SaveError(
            f"{path.name} is not a castletui save: it is nested far deeper than a save ever is.", path=path
        ) from None
    return save, (layout._replace(torn=True) if len(ended) < len(data) else layout)


def decode_standing(data: bytes, path: Path) -> tuple[SaveFile, Any] | None:
    """How a format 3 JSON journal stands, for a listing: the save without
    its log (``check`` counts every line and holds the last one's hash),
    its status, finished and updated from its last line, and the header's
    ``table`` member as plain data (None: none). Only the header is decoded
    and checked, and the last line; the lines' checks are not followed, so
    a record changed in the middle is listed as it says it stands: reading
    it whole (decode_layout, as opening it does) refuses it, as always.
    None when ``data`` is not such a journal exactly as castletui leaves it
    (an older format, a move cut short, a damaged header or last line):
    decode_layout then says what it is."""
    if not data.endswith(JSON_END):
        return None
    found = data.find(_JSON_LOG_LINE)
    raw = _json_header(data, found) if found >= 0 else None
    if raw is None or raw.get("format") != FORMAT or raw.get("version") != VERSION:
        return None
    if raw.get(FIELD) != header_check(raw):
        return None
    seating = raw.get("table")
    start = found + len(_JSON_LOG_LINE)
    body = data[start : len(data) - len(JSON_END)]  # "{...},\n{...}", empty for an empty log
    last: Line | None = None
    plies = 0
    if body:
        plies = body.count(b"\n") + 1
        if plies > MAX_PLIES:
            return None
        end = body.rfind(b"\n")
        try:
            last = _entry_decoder.decode(body[end + 1 :])
            # The last line is what the listing shows: it must follow from
            # the one before it (or the header), else a hand's edit of it
            # would be listed as the game's word.
            before = raw.get(FIELD) if end < 0 else _entry_decoder.decode(_previous_line(body, end)).chain
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
            return None  # read whole, it says what is wrong
        if last.chain != line_check(str(before), last):
            return None
    if last is None:
        _take_after(raw, [], After())
    else:
        _take_after(raw, [last], After(last.status, last.finished, last.updated))
    raw.pop(FIELD, None)
    try:
        save = msgspec.convert(raw, SaveFile)
    except msgspec.ValidationError:
        return None
    if save.log or any(name_problem(player.name) for player in save.players):
        return None
    return msgspec.structs.replace(save, check=Check(plies, last.hash if last else "")), seating


def _previous_line(body: bytes, end: int) -> bytes:
    """The line of ``body`` that ends at ``end`` (where the last begins), without its comma."""
    return body[body.rfind(b"\n", 0, end) + 1 : end].rstrip().removesuffix(b",")


class ChangedRecord(SaveError):
    """A line whose check does not follow from the lines before it: the
    record was changed after it was written. ``entry`` is the move,
    ``partial`` the save up to the move before it (each of its lines
    checked)."""


def _decode(data: bytes, path: Path) -> tuple[SaveFile, Layout]:
    suffix = format_of(path)
    parsed = (_parse_json if suffix == ".json" else _parse_toml)(data, path)
    raw, entries = parsed.raw, parsed.entries
    if not isinstance(raw, dict):
        raise SaveError(f"{path.name} is not a castletui save (its top level is not a table).", path=path)
    version = _check_envelope(raw, path)
    chained = version >= CHAINED
    if chained and entries is None:  # a journal laid out anew by hand, its log inside
        entries = _typed_entries(raw.pop("log", []), path)
    header = dict(raw) if chained else {}  # as written: checked once every field is known good
    lines = entries
    if entries is not None:
        after = (
            After(entries[-1].status, entries[-1].finished, entries[-1].updated) if entries else parsed.after
        )
        _take_after(raw, entries, after)
        entries = [line.entry() for line in entries]
    raw.pop(FIELD, None)
    try:
        save = msgspec.convert(raw, SaveFile)
    except msgspec.ValidationError as error:
        raise SaveError(f"{path.name} is damaged: {in_words(error)}.", path=path) from None
    if entries is not None:
        log = save.log + entries if save.log else entries
        if len(log) > MAX_PLIES:
            raise SaveError(f"{path.name} is damaged: more than {MAX_PLIES:,} moves in its log.", path=path)
        check = save.check if "check" in raw else Check(len(log), log[-1].hash if log else "")
        save = msgspec.structs.replace(save, log=log, check=check)
    elif "check" not in raw and save.log:
        save = msgspec.structs.replace(save, check=Check(len(save.log), save.log[-1].hash))
    for seat, player in enumerate(save.players):
        problem = name_problem(player.name)
        if problem:
            raise SaveError(f"{path.name} is damaged: player {seat + 1}'s name {problem}.", path=path)
    check = ""
    if chained:
        broken, check = first_break(_checked_header(header, path), lines or [])
        if broken >= 0:
            raise _changed(save, broken, path)
    # Only a file of this format is appended to: one of an older format is
    # rewritten whole first (gaining its checks), so it never holds lines
    # its version does not have.
    journal = entries is not None and parsed.appendable and chained
    return save, Layout(journal=journal, offset=parsed.offset, torn=parsed.torn, check=check)


def _checked_header(raw: dict, path: Path) -> str:
    """The check of a format 3 header, or SaveError when it is not the one
    the header carries (a member was changed: the seed, the edition...)."""
    check = header_check(raw)
    if raw.get(FIELD) != check:
        raise SaveError(
            f"{path.name} was changed after castletui wrote it: its header (the game, edition, seed, "
            "players or options) does not match its check, so castletui does not open it.",
            path=path,
        )
    return check


def _changed(save: SaveFile, broken: int, path: Path) -> ChangedRecord:
    """The refusal of a record changed at log entry ``broken`` (0-based)."""
    log = save.log[:broken]
    partial = msgspec.structs.replace(save, log=log, check=Check(len(log), log[-1].hash if log else ""))
    where = (
        f"it can be opened at move {broken}, the last one recorded as played"
        if broken
        else "it can be opened at its start, before any move"
    )
    return ChangedRecord(
        f"{path.name}: its record was changed at move {broken + 1} (that line's check does not follow "
        f"from the moves before it): {where}.",
        path=path,
        partial=partial,
        entry=broken + 1,
    )


class _Parsed(NamedTuple):
    raw: Any
    """The header as plain data (a document: all of it)."""
    entries: list[Line] | None
    """The entries of the log's lines (None: the file is one document)."""
    after: After
    """What the last line says of the game (After() when it says nothing)."""
    offset: int
    """Bytes up to the end of the last whole line."""
    torn: bool
    """A last line cut short was left out (or the file is not as castletui leaves it)."""
    appendable: bool = True
    """Laid out as this castletui writes a journal: a move can be added to it."""


def _check_envelope(raw: dict, path: Path) -> int:
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
    return envelope.version


def _take_after(raw: dict, entries: list[Line], after: After) -> None:
    """A journal stands as its last line says (the header, while the log
    is empty)."""
    if not entries:
        raw.setdefault("updated", raw.get("created"))
        return
    raw["status"], raw["finished"] = after.status, after.finished
    raw["updated"] = after.updated or entries[-1].at or raw.get("updated") or raw.get("created")


# --- JSON --------------------------------------------------------------------

_JSON_LOG_LINE = JSON_LOG + b"\n"


def _parse_json(data: bytes, path: Path) -> _Parsed:
    """The header and the log's entries. A save as castletui leaves it is
    read in one pass (the header's members, then the log typed entry by
    entry by msgspec); any other JSON document whole (format 1, a shared
    table, a save laid out anew by a JSON tool); a save whose last move was
    cut short line by line (_json_tail)."""
    found = data.find(_JSON_LOG_LINE)
    # Without its last newline (the last byte of a move not written yet) it
    # is read as it would be with it, and written whole at the next move.
    unended = data.endswith(JSON_END[:-1])
    if found >= 0 and (data.endswith(JSON_END) or unended):
        parsed = _json_journal(data + b"\n" if unended else data, found, path)
        if parsed is not None:
            return parsed._replace(torn=True) if unended else parsed
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as error:
        problem = _not_valid("JSON", error, path)
    else:
        return _json_document(raw, len(data), path)
    if found >= 0:
        parsed = _json_torn(data, found, path)
        if parsed is not None:
            return parsed
    elif b"\n}\n" in data:
        return _json_lines(data, path)
    raise problem


def _json_header(data: bytes, found: int) -> dict | None:
    """The members before the log (at ``found``), or None when they are not
    a header castletui writes (the file is then read as a document)."""
    try:
        raw = msgspec.json.decode(data[:found] + b"\n}")
    except (msgspec.DecodeError, RecursionError):  # nested too deep: decode_layout says so
        return None
    if not isinstance(raw, dict) or "log" in raw or "check" in raw:
        return None
    return raw


def _json_journal(data: bytes, found: int, path: Path) -> _Parsed | None:
    """A JSON save as castletui leaves it, or None when it is not one."""
    raw = _json_header(data, found)
    if raw is None:
        return None
    start = found + len(_JSON_LOG_LINE)
    body = data[start : len(data) - len(JSON_END)]  # "{...},\n{...}", empty for an empty log
    if not body:
        return _Parsed(raw, [], After(), start - 1, False)
    try:
        entries = _entries_decoder.decode(b"[" + body + b"]")
    except msgspec.ValidationError as error:
        raise SaveError(f"{path.name} is damaged: {in_words(error, 'log')}.", path=path) from None
    except msgspec.DecodeError:
        return None
    after = _after(_after_decoder.decode, body[body.rfind(b"\n") + 1 :], path)
    return _Parsed(raw, entries, after, len(data) - len(JSON_END), False)


def _json_document(raw: Any, size: int, path: Path) -> _Parsed:
    """A JSON save that is one document laid out otherwise. One of format 2
    without a ``check`` (a journal a JSON tool laid out anew) stands as its
    last entry says; it is written whole at the next move."""
    plain = _dict(raw)
    version, log = plain.get("version"), plain.get("log")
    if "check" in plain or not isinstance(version, int) or version < 2 or not isinstance(log, list):
        return _Parsed(raw, None, After(), size, False, appendable=False)
    del plain["log"]
    entries = _typed_entries(log, path)
    after = _after(lambda entry: msgspec.convert(entry, After), log[-1], path) if log else After()
    return _Parsed(plain, entries, after, size, False, appendable=False)


def _json_torn(data: bytes, found: int, path: Path) -> _Parsed | None:
    """A JSON save of castletui's layout that is not JSON: the move in
    flight when castletui stopped was cut short. Its whole entry lines are
    read one by one; None when its header is not castletui's."""
    raw = _json_header(data, found)
    version = raw.get("version") if raw is not None else None
    start = found + len(_JSON_LOG_LINE)
    # castletui's entry lines start at the line's start: a document laid out
    # otherwise (an older castletui's shared table cut short) is not read.
    if (
        raw is None
        or not isinstance(version, int)
        or version < 2
        or not data[start:].startswith((b"{", b"]"))
    ):
        return None
    entries, after, used = _json_tail(data[start:], 1, path)
    return _Parsed(raw, entries, after, start + used if entries else start - 1, True)


def _json_tail(body: bytes, first: int, path: Path) -> tuple[list[Line], After, int]:
    """The entries of a JSON log's lines ``body`` (from entry ``first``),
    what the last says of the game, and where in ``body`` the last ends.

    The last line with anything on it may be the move in flight: a part of
    an entry, the end (``]}``) or part of it, or an entry with the first
    bytes of the next move written over the end after it (``{...},]}``).
    What of it is a whole entry is taken, the rest left out. Any other line
    must be a whole entry (a comma after it or not): SaveError naming it."""
    lines = body.split(b"\n")
    final = len(lines) - 1
    while final >= 0 and not lines[final].strip():
        final -= 1
    entries: list[Line] = []
    last, used, begin = b"", 0, 0
    for index, line in enumerate(lines[: final + 1]):
        text = line.strip()
        line_start, begin = begin, begin + len(line) + 1
        if not text:
            continue
        if text.startswith(b"]"):
            if index != final:
                raise SaveError(
                    f"{path.name} is damaged: its log goes on after its end (after move {len(entries)}).",
                    path=path,
                )
            break
        piece = text.removesuffix(b"]}") if index == final else text
        piece = piece.removesuffix(b",").rstrip()
        try:
            entries.append(_entry_decoder.decode(piece))
        except (msgspec.DecodeError, msgspec.ValidationError):
            if index == final:
                break  # the move in flight
            _json_entry(piece, first + len(entries), path)  # raises, naming the entry
            raise
        last, used = piece, line_start + line.find(piece) + len(piece)
    after = _after(_after_decoder.decode, last, path) if entries else After()
    return entries, after, used


def _json_lines(data: bytes, path: Path) -> _Parsed:
    """A JSON save laid out as castletui wrote format 2 before it was one
    document (a header ending in a line ``}``, then one entry a line). It is
    written whole, as one document, at the next move."""
    end = data.find(b"\n}\n")
    raw = _json_value(data[: end + 2], path)
    body, piece = _whole_lines(data[end + 3 :])
    lines = [line for line in body.split(b"\n") if line.strip()]
    try:
        entries = _entries_decoder.decode(b"[" + b",".join(lines) + b"]") if lines else []
    except (msgspec.DecodeError, msgspec.ValidationError):
        entries = [_json_entry(line, number, path) for number, line in enumerate(lines, 1)]
    torn = False
    if piece.strip():
        try:
            entries.append(_entry_decoder.decode(piece))
            lines.append(piece)
        except (msgspec.DecodeError, msgspec.ValidationError):
            torn = True
    after = _after(_after_decoder.decode, lines[-1], path) if lines else After()
    return _Parsed(raw, entries, after, len(data), torn, appendable=False)


def _after(decode: Any, line: Any, path: Path) -> After:
    try:
        return decode(line)
    except msgspec.ValidationError as error:
        raise SaveError(f"{path.name} is damaged: {in_words(error, 'the last move')}.", path=path) from None
    except msgspec.DecodeError:
        return After()


def _json_value(data: bytes, path: Path) -> Any:
    try:
        return msgspec.json.decode(data)
    except msgspec.DecodeError as error:
        raise _not_valid("JSON", error, path) from None


def _json_entry(line: bytes, number: int, path: Path) -> Line:
    """One line of the log, or SaveError naming it (the slow way, for the message)."""
    try:
        return _entry_decoder.decode(line)
    except msgspec.DecodeError as error:
        raise SaveError(
            f"{path.name} is damaged: log entry {number} is not valid JSON ({str(error).rstrip('.')}).",
            path=path,
        ) from None
    except msgspec.ValidationError as error:
        raise SaveError(
            f"{path.name} is damaged: {in_words(error, f'log[{number - 1}]')}.", path=path
        ) from None


# --- TOML --------------------------------------------------------------------


def _parse_toml(data: bytes, path: Path) -> _Parsed:
    """As _parse_json, for TOML: the header, then the lines of its ``[log]``
    table. Without a ``[log]`` line of its own the file is one document
    (format 1, a file written by hand) and tomllib reads it all."""
    start = data.find(TOML_LOG)
    if start < 0:
        raw = _toml_document(data, path)
        if isinstance(raw.get("log"), dict):  # a [log] table of numbered moves, laid out by hand
            raw["log"] = _numbered(raw["log"], path)
        return _Parsed(raw, None, After(), len(data), False)
    start += len(TOML_LOG)
    body, piece = _whole_lines(data[start:])
    entries = _toml_lines(body, 1)
    if entries is None:  # written by hand: tomllib reads the header and the whole lines
        raw = _toml_document(data[: start + len(body)], path)
        log = _numbered(raw.pop("log", {}), path)
        entries = _typed_entries(log, path)
        after = _after(lambda line: msgspec.convert(line, After), log[-1], path) if log else After()
    else:
        raw = _toml_document(data[: start - len(TOML_LOG) + 1], path)
        last_line = body[body.rfind(b"\n", 0, len(body) - 1) + 1 :]
        after = _toml_after(last_line, len(entries)) if entries else After()
    torn = False
    if piece.strip():
        number = len(entries) + 1
        last = _toml_lines(piece + b"\n", number)
        if last is not None:
            after = _toml_after(piece + b"\n", number)
        else:
            try:
                line = msgspec.toml.decode(piece.decode("utf-8"))[str(number)]
                last = [msgspec.convert(line, Line)]
                after = msgspec.convert(line, After)
            except (
                UnicodeDecodeError,
                msgspec.DecodeError,
                KeyError,
            ):  # (a ValidationError is a DecodeError)
                last = None
        # A whole line without its newline is read (a watcher reads on
        # after it) but the file is written whole at the next move.
        torn = True
        entries += last or []
        body += piece if last else b""
    return _Parsed(raw, entries, after, start + len(body), torn)


def _toml_after(line: bytes, number: int) -> After:
    """What the TOML log line ``number`` says of the game after it (a
    line the quick reader declines says nothing: its status is shown empty)."""
    found = _toml_lines(line, number, _afters_decoder)
    return found[0] if found else After()


def _toml_document(data: bytes, path: Path) -> Any:
    try:
        # msgspec's TOML reader is tomllib's, loaded only when a file needs it (not for a new game).
        return msgspec.toml.decode(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{path.name} is not a text file, so not a castletui save.", path=path) from None
    except msgspec.DecodeError as error:
        raise _not_valid("TOML", error, path) from None


def _toml_lines(body: bytes, first: int, decoder: Any = _entries_decoder) -> list[Any] | None:
    """The entries of ``body``'s lines ``N = { ... }`` (numbered from
    ``first``) read as JSON in one pass (by ``decoder``), or None when a
    line is not written as castletui writes them (then tomllib reads it)."""
    found = _toml_json(body, first)
    if found is None:
        return None
    text, lines = found
    try:
        values = decoder.decode(text)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    return values if len(values) == lines else None


def _toml_json(body: bytes, first: int) -> tuple[bytes, int] | None:
    """``body``'s lines ``N = { ... }`` (numbered from ``first``) as a JSON
    array and how many lines that is (the array must hold as many values:
    ``1 = 2, 3`` is not one), or None when a line is not written as
    castletui writes them.

    castletui writes keys bare, after ``{ `` or ``, ``, and arrays without
    a space after their commas, so quoting every word that follows ``{ `` or
    ``, `` and turning each `` = `` into ``: `` makes JSON of exactly the
    same data. What else could take that turn is refused, not misread: a
    quote put into a text ends it with a letter or a colon after it, which
    no JSON parser takes; a `` = `` that did not follow a key leaves the
    counts unequal; TOML's other forms (literal strings, comments, dates,
    1_000, inf, a bare ``true`` after ``, ``) are not JSON or not entries.
    tests/saves/test_journal.py checks it against tomllib."""
    if not body.strip():
        return b"[]", 0
    text = b"\n" + body.rstrip(b"\n")  # each line starts after a newline
    numbers = _LINE_NUMBER.findall(text)
    expected = [b"%d" % number for number in range(first, first + len(numbers))]
    if len(numbers) != text.count(b"\n") or numbers != expected:
        return None
    text = _LINE_NUMBER.sub(b",", text)  # ",{ ... },{ ... }": the entries, a comma before each
    equals = text.count(b" = ")
    text, firsts = _FIRST_KEY.subn(b'{ "', text)
    text, nexts = _NEXT_KEY.subn(b', "', text)
    if firsts + nexts != equals or b"'" in text:
        return None
    return b"[" + text.replace(b" = ", b'": ')[1:] + b"]", len(numbers)


def _numbered(log: dict, path: Path) -> list[Any]:
    """The moves of a ``[log]`` table, numbered 1, 2, 3... (in any order)."""
    if not isinstance(log, dict):
        raise SaveError(f"{path.name} is damaged: its [log] is not a table of numbered moves.", path=path)
    try:
        numbers = sorted(int(key) for key in log)
    except ValueError:
        raise SaveError(
            f"{path.name} is damaged: its [log] holds something other than numbered moves.", path=path
        ) from None
    if numbers != list(range(1, len(numbers) + 1)):
        missing = next((n for n, m in enumerate(numbers, 1) if n != m), len(numbers) + 1)
        raise SaveError(f"{path.name} is damaged: move {missing} is missing from its log.", path=path)
    by_number = {int(key): value for key, value in log.items()}
    return [by_number[number] for number in numbers]


def _typed_entries(raw: list[Any], path: Path) -> list[Line]:
    try:
        return msgspec.convert(raw, _Entries)
    except msgspec.ValidationError as error:
        raise SaveError(f"{path.name} is damaged: {in_words(error, 'log')}.", path=path) from None


# --- both ---------------------------------------------------------------------


def _whole_lines(data: bytes) -> tuple[bytes, bytes]:
    """``data`` cut after its last newline: the whole lines and what follows."""
    end = data.rfind(b"\n") + 1
    return data[:end], data[end:]


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _not_valid(kind: str, error: Exception, path: Path) -> SaveError:
    detail = str(error).rstrip(".")
    hint = " (it may have been cut short)" if "truncated" in detail or "end of" in detail.lower() else ""
    return SaveError(f"{path.name} is not valid {kind}{hint}: {detail}.", path=path)


def parse_lines(data: bytes, suffix: str, first: int, path: Path) -> tuple[list[Line], After, int]:
    """The whole log lines at the start of ``data`` (what was appended to a
    journal after its entry ``first - 1``; JSON: what follows that entry's
    end), what the last of them says of the game, and how many bytes they
    take; a last line still being written is left for the next look.
    SaveError if a whole line is not an entry. NULs after the last bytes
    (a file system that lost power) are left for the next look too."""
    data = data.rstrip(b"\0")
    if suffix == ".json":
        return _json_since(data, first, path)
    body, _ = _whole_lines(data)
    if not body.strip():
        return [], After(), len(body)
    entries = _toml_lines(body, first)
    if entries is not None:
        last_line = body[body.rfind(b"\n", 0, len(body) - 1) + 1 :]
        return entries, _toml_after(last_line, first + len(entries) - 1), len(body)
    try:
        parsed = msgspec.toml.decode(body.decode("utf-8"))
    except (UnicodeDecodeError, msgspec.DecodeError) as error:
        raise _not_valid("TOML", error, path) from None
    try:
        shifted = {str(int(key) - first + 1): value for key, value in parsed.items()}
    except ValueError:
        raise SaveError(f"{path.name}: what was added to its log is not numbered moves.", path=path) from None
    log = _numbered(shifted, path)
    after = _after(lambda line: msgspec.convert(line, After), log[-1], path)
    return _typed_entries(log, path), after, len(body)


def _json_since(data: bytes, first: int, path: Path) -> tuple[list[Line], After, int]:
    """parse_lines for JSON: ``data`` starts right after an entry (or the
    log's ``[``): the document's end when nothing was added, else a comma
    and the new lines (the end, or part of it, while a move is being written)."""
    lead, newline, body = data.partition(b"\n")
    lead = lead.strip()
    if not newline or lead in (b"]}", b",]}"):
        return [], After(), 0  # nothing added (or the first bytes of a move)
    if lead not in (b"", b","):
        raise SaveError(f"{path.name}: what was added to its log is not log lines.", path=path)
    entries, after, used = _json_tail(body, first, path)
    return entries, after, (len(data) - len(body) + used) if entries else 0


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


def in_words(error: msgspec.ValidationError, root: str = "") -> str:
    """msgspec says "Expected `int`, got `str` - at `$.log[3].seat`"; say
    what is wrong and where in words a player can follow. ``root`` names
    what was decoded when it was not the whole file (``log``: a list of
    entries, so ``$[3].seat`` is ``log[3].seat``)."""
    message, _, location = str(error).partition(" - at `")
    location = location.rstrip("`").removeprefix("$")
    location = (root + location) if root else location.removeprefix(".")
    if match := _LENGTH.match(message):
        kind, bound, count = match.groups()
        one, many = ("character", "characters") if kind == "str" else ("entry", "entries")
        unit = one if count == "1" else many
        message = f"expected {_KINDS.get(kind, kind)} of {'at most' if bound == '<=' else 'at least'} {count} {unit}"
    elif match := _TYPES.match(message):
        wanted, got = (_KINDS.get(kind, kind) for kind in match.groups())
        message = f"expected {wanted}, not {got}"
    # msgspec quotes a bad value back ("Invalid value 'AAAA...'"): a hostile one may be huge.
    message = message if len(message) <= 200 else message[:197] + "..."
    location = location if len(location) <= 100 else location[:97] + "..."
    return f"{message} (at {location})" if location else message
