"""Any one change to a valid journal (issue 42, item 7): one byte, one
line, one header field or its tail. Loading it either refuses it in a
sentence naming the file, or opens a game whose every move was really
played, in that order (never a crash, never a move that was not played)."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest
from castletui.saves.table import Table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from castletui import saves
from castletui.tables import create_table
from tests.saves.test_saves import played_save
from tests.shared.test_trust import dealt

ORIGINAL, _ = played_save(plies=30)
OTHER, _ = played_save(plies=30, seed=9)

BOUNDED = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


FILES = {suffix: saves.codec.encode(ORIGINAL, suffix) for suffix in (".toml", ".json")}
OTHERS = {suffix: saves.codec.encode(OTHER, suffix) for suffix in (".toml", ".json")}


def assert_refused_or_played(path: Path) -> None:
    try:
        save, states, _ = saves.open_game(path)
    except saves.SaveError as error:
        assert path.name in str(error), str(error)
        if error.partial is not None:  # the game offered at the move before: really played
            assert error.partial.log == ORIGINAL.log[: len(error.partial.log)]
        return
    assert save.log == ORIGINAL.log[: len(save.log)], "opened a move that was never played"
    assert saves.replay_states(ORIGINAL)[len(save.log)] == states[-1]


def lines_of(data: bytes) -> list[bytes]:
    return data.split(b"\n")


# --- the mutations -------------------------------------------------------------


def one_byte(data: bytes, position: int, value: int) -> bytes:
    position %= len(data)
    return data[:position] + bytes([value]) + data[position + 1 :]


def one_line(data: bytes, suffix: str, index: int, how: str) -> bytes:
    lines = lines_of(data)
    index %= len(lines)
    if how == "drop":
        del lines[index]
    elif how == "repeat":
        lines.insert(index, lines[index])
    elif how == "swap":
        other = (index + 1) % len(lines)
        lines[index], lines[other] = lines[other], lines[index]
    else:  # from another game, at the same place
        theirs = lines_of(OTHERS[suffix])
        lines[index] = theirs[min(index, len(theirs) - 1)]
    return b"\n".join(lines)


HEADER_FIELDS = [
    *("version", "game", "edition", "created", "seed", "mode", "variant"),
    *("name", "kind", "level", "beginner", "max_stack", "chain"),
]
WRONG_VALUES = [
    '"x"',
    "0",
    "-1",
    "true",
    "99999999999999999999",
    '""',
    "[]",
    '"digital"',
    '"table"',
    "2",
    "3",
]


def one_field(data: bytes, suffix: str, field: str, value: str) -> bytes:
    if suffix == ".json":
        pattern = re.compile(rf'("{field}\w*": )([^,\n}}]+)'.encode())
    else:
        pattern = re.compile(rf"(^{field}\w* = |\b{field}\w* = )([^,\n}}]+)".encode(), re.MULTILINE)
    header_end = data.find(b"[log]") if suffix == ".toml" else data.find(b'"log": [')
    head = pattern.sub(lambda match: match.group(1) + value.encode(), data[:header_end], count=1)
    return head + data[header_end:]


def one_tail(data: bytes, cut: int, ending: bytes) -> bytes:
    return data[: len(data) - (cut % len(data))] + ending


ENDINGS = st.sampled_from(
    [b"", b"\0" * 4096, b"\n", b"}\n", b"]}\n", b'{"seat": 0', b"garbage\n", b"\xff\xfe"]
)


@pytest.mark.parametrize("suffix", [".toml", ".json"])
@BOUNDED
@given(position=st.integers(0, 10**6), value=st.integers(0, 255))
def test_one_byte_changed(tmp_path_factory, suffix, position, value):
    path = tmp_path_factory.mktemp("byte") / f"game{suffix}"
    path.write_bytes(one_byte(FILES[suffix], position, value))
    assert_refused_or_played(path)


@pytest.mark.parametrize("suffix", [".toml", ".json"])
@BOUNDED
@given(index=st.integers(0, 10**6), how=st.sampled_from(["drop", "repeat", "swap", "another game's"]))
def test_one_line_changed(tmp_path_factory, suffix, index, how):
    path = tmp_path_factory.mktemp("line") / f"game{suffix}"
    path.write_bytes(one_line(FILES[suffix], suffix, index, how))
    assert_refused_or_played(path)


@pytest.mark.parametrize("suffix", [".toml", ".json"])
@BOUNDED
@given(field=st.sampled_from(HEADER_FIELDS), value=st.sampled_from(WRONG_VALUES))
def test_one_header_field_changed(tmp_path_factory, suffix, field, value):
    path = tmp_path_factory.mktemp("field") / f"game{suffix}"
    path.write_bytes(one_field(FILES[suffix], suffix, field, value))
    assert_refused_or_played(path)


@pytest.mark.parametrize("suffix", [".toml", ".json"])
@BOUNDED
@given(cut=st.integers(0, 10**6), ending=ENDINGS)
def test_its_tail_cut_or_padded(tmp_path_factory, suffix, cut, ending):
    path = tmp_path_factory.mktemp("tail") / f"game{suffix}"
    path.write_bytes(one_tail(FILES[suffix], cut, ending))
    assert_refused_or_played(path)


def test_a_tail_of_nuls_or_a_torn_line_opens_at_the_last_whole_move():
    """Not only never wrong: what a crash leaves opens, in both formats."""
    for suffix, data in FILES.items():
        last_line = data.rstrip(b"\n").rfind(b"\n") if suffix == ".toml" else data.rfind(b"\n{")
        for damaged in (data + b"\0" * 100, data[: last_line + 30]):
            path = Path(f"/tmp/record-tail{suffix}")
            decoded = saves.codec.decode(damaged, path)
            assert decoded.log == ORIGINAL.log[: len(decoded.log)] and len(decoded.log) >= 29


def test_the_mutations_do_change_the_file():
    for suffix, data in FILES.items():
        assert one_field(data, suffix, "seed", "2") != data
        assert one_field(data, suffix, "max_stack", '"x"') != data
        assert one_field(data, suffix, "level", '"x"') != data
        assert one_line(data, suffix, 3, "drop") != data
    assert msgspec.json.decode(FILES[".json"])["version"] == saves.VERSION


# --- a follower of a shared table and a terminal opening it afresh agree ------------


def a_table_at_play(folder: Path):
    """A castlecards table for ann and bo a few moves in, and bo's Table
    having read it (a follower)."""
    from castletui.saves.table import Table

    directory = folder / "tables"
    directory.mkdir(mode=0o700)
    table, _, _ = create_table(
        directory, "ann", "castlecards", "two-player", [saves.Player("A"), saves.Player("B")]
    )
    Table(table.path).take_seat(1, "bo")
    ann = dealt(table)
    while ann.ply < 14 and not ann.over:
        mover = ann.to_move()
        if mover != 0:
            break
        ann.act(ann.legal_actions()[0])
    follower = Table(table.path)
    follower.read()
    return table.path, follower


@BOUNDED
@given(
    how=st.sampled_from(["byte", "line", "tail"]),
    where=st.integers(0, 10**6),
    value=st.integers(0, 255),
    ending=ENDINGS,
)
def test_a_follower_and_a_fresh_terminal_agree_after_any_change_in_place(
    tmp_path_factory, how, where, value, ending
):
    path, follower = a_table_at_play(tmp_path_factory.mktemp("table"))
    data = path.read_bytes()
    if how == "byte":
        changed = one_byte(data, where, value)
    elif how == "line":
        changed = one_line(data, ".json", where, ["drop", "repeat", "swap"][value % 3])
    else:
        changed = one_tail(data, where, ending)
    with open(path, "r+b") as file:  # the same inode, as cp or an editor leaves it
        file.write(changed)
        file.truncate()
    seen = []
    for reader in (follower, Table(path)):
        try:
            seen.append(reader.read()[0].log)
        except saves.SaveError:
            seen.append("refused")
    assert seen[0] == seen[1], f"the follower saw {seen[0]!r:.80}, a fresh terminal {seen[1]!r:.80}"
