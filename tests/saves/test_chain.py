"""The record's chain (issue 42): each line's check covers the line and
the check before it, the header's covers the header (edition and seed
included); every reader checks it, a follower of a shared table line by
line; saves of format 2 open and gain the checks when next written whole."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from castletui.rules.core import CHANCE
from castletui.saves import codec
from castletui.saves.codec import ChangedRecord
from castletui.saves.table import Table

from castletui import saves
from castletui.session import Session
from tests.saves.sealing import reseal
from tests.saves.test_saves import played_save
from tests.shared.test_trust import dealt, with_bo

FIXTURES = Path(__file__).parent / "fixtures"
HASH = re.compile(rb'hash"?\s*[:=]\s*"([0-9a-f]+)"')


def other_hash(data: bytes, line: int) -> bytes:
    """``data`` with the state hash on log line ``line`` (1-based) changed, the
    file's length kept."""
    marker = codec.TOML_LOG if codec.TOML_LOG in data else codec.JSON_LOG + b"\n"
    body_start = data.find(marker) + len(marker) if marker in data else 0
    lines = data[body_start:].split(b"\n")
    match = HASH.search(lines[line - 1])
    digits = match.group(1)
    changed = bytes(reversed(digits)) if digits != bytes(reversed(digits)) else b"0" * len(digits)
    lines[line - 1] = lines[line - 1].replace(digits, changed)
    return data[:body_start] + b"\n".join(lines)


@pytest.fixture(params=[".toml", ".json"])
def saved(request, tmp_path) -> Path:
    save, _ = played_save(plies=30)
    return saves.dump(save, tmp_path / f"coco{request.param}")


@pytest.mark.parametrize("line", [1, 2, 15, 29, 30])
def test_a_line_changed_anywhere_is_refused_naming_its_move_and_offering_the_one_before(saved, line):
    saved.write_bytes(other_hash(saved.read_bytes(), line))
    with pytest.raises(ChangedRecord) as caught:
        saves.load(saved)
    assert caught.value.entry == line
    assert f"changed at move {line}" in str(caught.value) and saved.name in str(caught.value)
    partial = caught.value.partial
    assert len(partial.log) == partial.check.plies == line - 1
    states = saves.replay_states(partial)  # the moves before it were really played
    saves.verify(partial, states)


def test_every_line_carries_its_check_and_the_header_its_own(saved):
    data = saved.read_bytes()
    assert data.count(b"chain") == 31  # the header and 30 lines
    assert saves.read(saved).version == saves.VERSION == 3


@pytest.mark.parametrize(
    ("field", "new"),
    [
        ("edition", lambda old: old.replace("rules 2", "rules 1")),
        ("seed", lambda old: str(int(old) + 1)),
        ("created", lambda old: old.replace("2026", "2025")),
    ],
)
def test_the_header_and_its_edition_are_inside_the_check(saved, field, new):
    text = saved.read_text()
    pattern = re.compile(rf'("?{field}"?\s*[:=]\s*"?)([^"\n,]+)')
    changed = pattern.sub(lambda match: match.group(1) + new(match.group(2)), text, count=1)
    assert changed != text
    saved.write_text(changed)
    with pytest.raises(saves.SaveError, match="was changed after castletui wrote it"):
        saves.load(saved)


def test_a_line_spliced_in_from_another_game_is_refused(tmp_path):
    mine, _ = played_save(plies=30)
    other, _ = played_save(plies=30, seed=9)
    ours, theirs = saves.dump(mine, tmp_path / "ours.toml"), saves.dump(other, tmp_path / "theirs.toml")
    lines = ours.read_bytes().splitlines(keepends=True)
    lines[-1] = theirs.read_bytes().splitlines(keepends=True)[-1]
    ours.write_bytes(b"".join(lines))
    with pytest.raises(ChangedRecord) as caught:
        saves.load(ours)
    assert caught.value.entry == 30


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_save_of_format_2_opens_and_gains_the_checks_when_next_written(tmp_path, suffix):
    path = tmp_path / f"old{suffix}"
    shutil.copy(FIXTURES / f"v2-catapult-castle{suffix}", path)
    before = path.read_bytes()
    assert b"chain" not in before
    session = Session.open(path)
    assert session.ply == 40 and path.read_bytes() == before  # opening writes nothing
    seat = session.to_move()
    session.act(session.digital_chance() if seat == CHANCE else session.bot_decision())
    assert not session.last_save_error
    after = path.read_bytes()
    assert after.count(b"chain") == 1 + 41  # written whole: the header and every line checked
    reread = saves.load(path)
    assert reread.version == 3 and len(reread.log) == 41
    # From now on each move appends its line, chained to the one before.
    session.act(session.digital_chance() if session.to_move() == CHANCE else session.bot_decision())
    grown = path.read_bytes()
    end = len(codec.end_of(suffix))
    assert grown[: len(after) - end] == after[: len(after) - end]
    assert len(saves.load(path).log) == 42


def test_a_follower_refuses_an_appended_line_whose_check_fails_as_a_fresh_terminal_does(tmp_path):
    table = with_bo(tmp_path)
    ann = dealt(table)
    bo = Session.at_table(Table(table.path), 1, "bo")
    assert bo.ply == ann.ply
    mover = ann if ann.to_move() == 0 else bo
    mover.act(mover.legal_actions()[0])
    follower = bo if mover is ann else ann
    moved = mover.ply
    with open(table.path, "r+b") as file:  # in place: the same file, the same length
        data = file.read()
        end = data.rfind(b"\n", 0, len(data) - len(codec.JSON_END))
        file.seek(0)
        file.write(data[: end + 1] + other_hash(data[end + 1 :], 1)[: len(data) - end - 1])
    with pytest.raises(saves.SaveError, match=f"the table.s record was changed at move {moved}") as caught:
        follower.sync()
    assert caught.value.entry == moved and follower.ply == moved - 1  # it stays where it was
    with pytest.raises(ChangedRecord) as fresh:
        Table(table.path).read()
    assert fresh.value.entry == moved


# --- item 4: what a crash leaves after the last good line -------------------------


def play_on(session: Session) -> None:
    session.act(session.digital_chance() if session.to_move() == CHANCE else session.bot_decision())


@pytest.mark.parametrize("suffix", [".toml", ".json"])
@pytest.mark.parametrize("cut", ["nuls after the end", "last line become nuls", "last line torn then nuls"])
def test_nuls_or_a_torn_line_after_the_last_good_one_open_at_it_and_are_mended(tmp_path, suffix, cut):
    path = tmp_path / f"crash{suffix}"
    shutil.copy(FIXTURES / f"v2-catapult-castle{suffix}", path)
    session = Session.open(path)
    play_on(session)  # written whole, with its checks: 41 moves
    play_on(session)  # appended: 42
    data = path.read_bytes()
    end = len(codec.end_of(suffix))
    last_line = data.rfind(b"\n", 0, len(data) - end - 1) + 1
    if cut == "nuls after the end":
        damaged, moves = data + b"\0" * 4096, 42
    elif cut == "last line become nuls":  # the size was written, the data never was
        damaged, moves = data[:last_line] + b"\0" * (len(data) - last_line), 41
    else:
        damaged, moves = data[: last_line + 20] + b"\0" * 3000, 41
    path.write_bytes(damaged)
    reopened = Session.open(path)
    assert reopened.ply == moves
    assert path.read_bytes() == damaged  # opening changes nothing
    play_on(reopened)
    mended = path.read_bytes()
    assert b"\0" not in mended and len(saves.load(path).log) == moves + 1


# --- item 3: a follower notices a table rewritten in place --------------------------


def rewrite_in_place(path: Path, data: bytes) -> None:
    """As ``cp`` or an editor does: the same file (inode), new bytes."""
    with open(path, "r+b") as file:
        file.write(data)
        file.truncate()


def other_history(data: bytes, longer: bool) -> bytes:
    """The table with its last move made at another time (as long, or
    longer), every check recomputed: a history that holds together."""
    stamps = re.findall(rb'"at":\s*"([^"]+)"', data)
    old = stamps[-1]
    new = old.replace(b"+00:00", b".5+00:00") if longer else old.replace(b"+00:00", b"+01:00")
    position = data.rfind(old)
    return data[:position] + new + data[position + len(old) :]


@pytest.mark.parametrize("rewrite", ["same length", "longer", "an older copy"])
def test_two_followers_agree_after_the_table_is_rewritten_in_place(tmp_path, rewrite):
    table = with_bo(tmp_path)
    ann = dealt(table)
    bo = Session.at_table(Table(table.path), 1, "bo")
    older = table.path.read_bytes()
    mover, follower = (ann, bo) if ann.to_move() == 0 else (bo, ann)
    mover.act(mover.legal_actions()[0])
    follower.sync()
    assert follower.save.log == mover.save.log
    if rewrite == "an older copy":  # cp of a copy taken before the last move
        data = older
    else:
        rewritten = table.path.with_name("rewritten.json")
        rewritten.write_bytes(other_history(table.path.read_bytes(), longer=rewrite == "longer"))
        reseal(rewritten)
        data = rewritten.read_bytes()
        assert (len(data) == table.path.stat().st_size) is (rewrite == "same length")
    inode = table.path.stat().st_ino
    rewrite_in_place(table.path, data)
    assert table.path.stat().st_ino == inode
    for terminal in (ann, bo):
        terminal.sync()
    fresh, _ = Table(table.path).read()
    assert ann.save.log == bo.save.log == fresh.log  # nobody stayed on the old history
    # The next commit keeps the table readable for a terminal that opens it afresh.
    after = ann if ann.to_move() == 0 else bo
    after.act(after.legal_actions()[0])
    fresh_save, _ = Table(table.path).read()
    assert fresh_save.log == after.save.log
    (ann if after is bo else bo).sync()
    assert ann.save.log == bo.save.log == fresh_save.log
