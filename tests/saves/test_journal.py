"""Saves as a journal (format 2, issue 25 item 9): a move appends one line
and rewrites nothing, a castletui killed while appending loses only that
move, saves of format 1 still open, a watcher reads only what was appended,
and the TOML log's quick reader means exactly what tomllib does. A JSON save
is one JSON document after every move (its move is written over the
document's last bytes, ``]}``, and the end again after it)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import msgspec
import pytest
from castletui.rules.core import CHANCE, Config, state_hash
from castletui.saves import codec
from castletui.saves.schema import After, Line, LogEntry
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from castletui import saves
from castletui.session import Session
from tests.saves.test_saves import played_save

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).resolve().parents[2]


def bots(tmp_path: Path, suffix: str, seed: int = 4) -> Session:
    players = [saves.Player("Ann", "bot", "random"), saves.Player("Wei", "bot", "random")]
    return Session.new("catapult-castle", "standard", players, seed=seed, path=tmp_path / f"g{suffix}")


def step(session: Session) -> None:
    """One move: a digital draw or a bot's decision."""
    seat = session.to_move()
    session.act(session.digital_chance() if seat == CHANCE else session.bot_decision())


def kept(path: Path) -> bytes:
    """What a move never writes over: the file without JSON's end."""
    data = path.read_bytes()
    return data[: len(data) - len(codec.end_of(path.suffix))]


def moments_of_a_move(before: bytes, after: bytes, suffix: str) -> list[tuple[bytes, bool]]:
    """Every file a castletui killed while writing a move can leave: the
    first k bytes of what it writes, over the file's end and past it (the
    rest of the end still there while k is shorter than it; or not, as a
    file system that lost power may leave it), and whether the move's
    entry is whole in it."""
    end = codec.end_of(suffix)
    start = len(before) - len(end)
    assert after[:start] == before[:start]
    entry_end = len(after) - len(end) - (1 if suffix == ".toml" else 0)
    cuts = [after[: start + k] + before[start + k :] for k in range(len(after) - start)]
    cuts += [after[: start + k] for k in range(1, len(end))]
    return [(cut, len(cut) >= entry_end and cut[:entry_end] == after[:entry_end]) for cut in cuts]


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_move_appends_its_line_and_rewrites_nothing(tmp_path, suffix):
    session = bots(tmp_path, suffix)
    path = session.path
    for _ in range(5):
        step(session)
    inode = path.stat().st_ino
    for _ in range(20):
        before = path.read_bytes()
        step(session)
        after = path.read_bytes()
        assert after.startswith(before[: len(before) - len(codec.end_of(suffix))]), (
            "the file before the move is kept byte for byte (JSON: up to its closing bracket)"
        )
        assert after.count(b"\n") == before.count(b"\n") + 1, "one line per move"
        assert after.endswith(codec.end_of(suffix))
    assert path.stat().st_ino == inode, "never written whole (a rename would make a new file)"
    assert not saves.backup_path(path).exists()
    loaded = Session.open(path)
    assert loaded.state == session.state and loaded.save.status == session.status_text()
    assert loaded.save.updated == session.save.updated == session.save.log[-1].at


@pytest.mark.parametrize("updated", ["2026-11-29T08:00:00+00:00", "2026-12-24T18:00:00+00:00"])
def test_a_save_written_whole_reads_back_when_it_was_saved(tmp_path, updated):
    """An undo saves later than its last move was made; a test pins the
    date earlier: either way the file says when it was saved."""
    save, _ = played_save(plies=12)
    path = saves.dump(
        msgspec.structs.replace(save, updated=updated, status="Wei to play"), tmp_path / "g.json"
    )
    read = saves.read(path)
    assert (read.updated, read.status) == (updated, "Wei to play")
    assert read.log == save.log, "each move keeps the time it was made"


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_move_cut_short_at_any_byte_loses_only_that_move(tmp_path, suffix):
    """A castletui killed while writing a move leaves part of it: at every
    length it could have reached, the game opens at the move before it (or
    with it, once its entry is whole), and the next move writes the file
    whole again (its .bak keeps the cut file)."""
    session = bots(tmp_path, suffix)
    for _ in range(29):
        step(session)
    path = session.path
    before = path.read_bytes()
    step(session)
    whole = path.read_bytes()
    moments = moments_of_a_move(before, whole, suffix)
    assert [has_move for _, has_move in moments].count(False) > 20
    for cut, has_move in moments:
        path.write_bytes(cut)
        save = saves.load(path)
        state = session.states[-1] if has_move else session.states[-2]
        assert len(save.log) == (30 if has_move else 29), cut[-80:]
        assert saves.replay(save) == state
        assert save.check.state_hash == state_hash(state)
    # Cut right before its last newline, the file holds the whole move.
    path.write_bytes(whole[:-1])
    assert len(saves.load(path).log) == 30
    cut = moments[10][0]
    path.write_bytes(cut)
    reopened = Session.open(path)
    step(reopened)
    assert saves.read(path).check.plies == 30
    assert saves.backup_path(path).read_bytes() == cut
    if suffix == ".json":
        assert len(json.loads(path.read_bytes())["log"]) == 30


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_damaged_whole_line_is_refused_not_left_out(tmp_path, suffix):
    """Only a last line without its newline (JSON: with nothing but the
    document's end after it) is a move in flight: a whole line that does
    not read is damage, and says so."""
    session = bots(tmp_path, suffix)
    for _ in range(10):
        step(session)
    data = kept(session.path)
    line = data.rindex(b"\n", 0, len(data) - 1) + 1
    session.path.write_bytes(data[: line + 8] + b"\x01" + session.path.read_bytes()[line + 9 :])
    with pytest.raises(saves.SaveError, match="entry 10" if suffix == ".json" else None):
        saves.load(session.path)


@pytest.mark.parametrize("entry", [1, 4, 9])
def test_a_damaged_json_entry_with_lines_after_it_is_refused_naming_it(tmp_path, entry):
    """Cut short after it or not, an entry with more lines after it was
    written whole: it is damage, not the move in flight."""
    session = bots(tmp_path, ".json")
    for _ in range(10):
        step(session)
    lines = session.path.read_bytes().split(b"\n")
    first = lines.index(b' "log": [') + 1
    lines[first + entry - 1] = lines[first + entry - 1].replace(b'"action": {', b'"action": {{', 1)
    for data in (b"\n".join(lines), b"\n".join(lines)[:-40]):
        session.path.write_bytes(data)
        with pytest.raises(saves.SaveError, match=f"log entry {entry} is not valid JSON"):
            saves.load(session.path)


def test_a_json_save_is_one_json_document_after_every_move_and_an_undo(tmp_path):
    """Players' tools read a .json save as JSON (json.load, jq): the file is
    one document holding what castletui reads from it."""
    players = [saves.Player("Ann"), saves.Player("Wei", "bot", "random")]
    session = Session.new("castlecards", "two-player", players, seed=1027, path=tmp_path / "cards.json")
    assert json.loads(session.path.read_bytes())["log"] == []

    def same_as_castletui_reads() -> None:
        document = json.loads(session.path.read_bytes())
        assert document["format"] == "castletui-save" and document["version"] == saves.VERSION
        assert list(document)[-1] == "log", "the log is the last member"
        log = document["log"]
        assert msgspec.convert(log, list[LogEntry]) == session.save.log
        assert (log[-1]["status"], log[-1]["hash"]) == (session.status_text(), state_hash(session.state))
        assert saves.read(session.path) == session.save

    undone = False
    for _ in range(300):
        session.run_automatic()
        same_as_castletui_reads()
        if session.to_move() == 0 and session.save.log and session.save.log[-1].seat == 0:
            if undone:
                break
            session.undo()
            same_as_castletui_reads()
            undone = True
        session.act(session.legal_actions()[0])
        same_as_castletui_reads()
    assert undone


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_castletui_killed_while_playing_loses_at_most_the_move_in_flight(tmp_path, suffix):
    """A real process, killed with SIGKILL while it autosaves move after move."""
    script = (
        "import sys; sys.path.insert(0, sys.argv[2])\n"
        "from pathlib import Path\n"
        "from tests.saves.test_journal import bots, step\n"
        f"session = bots(Path(sys.argv[1]), {suffix!r}, seed=11)\n"
        "while not session.over and sys.stdin.readline():\n"
        "    step(session)\n"
        "    print(session.ply, flush=True)\n"
        "print('over', flush=True)\n"
        "sys.stdin.read()\n"
    )
    # Lockstep: the player makes one move per line it reads, so when the kill
    # lands at most the one move let go after the last printed ply is in
    # flight, however busy the machine (free-running, it raced two moves ahead).
    player = subprocess.Popen(
        [sys.executable, "-c", script, str(tmp_path), str(ROOT)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    saved = 0
    try:
        player.stdin.write("go\n")
        player.stdin.flush()
        for line in player.stdout:
            if line.strip() == "over":
                break
            saved = int(line)
            player.stdin.write("go\n")
            player.stdin.flush()
            if saved >= 40:
                break
    finally:
        os.kill(player.pid, signal.SIGKILL)
        player.wait()
    assert saved > 0
    save = saves.load(tmp_path / f"g{suffix}")
    assert saved <= len(save.log) <= saved + 1


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_an_undo_writes_the_file_whole_and_keeps_the_one_before_as_bak(tmp_path, suffix):
    players = [saves.Player("Ann"), saves.Player("Wei", "bot", "random")]
    session = Session.new("castlecards", "two-player", players, seed=1027, path=tmp_path / f"cards{suffix}")
    for _ in range(300):
        session.run_automatic()
        if session.to_move() == 0 and session.save.log and session.save.log[-1].seat == 0:
            break
        session.act(session.legal_actions()[0])
    before = session.path.read_bytes()
    session.undo()
    assert saves.backup_path(session.path).read_bytes() == before
    assert Session.open(session.path).state == session.state
    session.act(session.legal_actions()[0])  # and appending goes on from there
    assert Session.open(session.path).state == session.state


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("v1-*")), ids=lambda path: path.name)
def test_saves_of_format_1_open_and_become_format_2_at_the_next_move(tmp_path, path):
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    original = saves.load(copy)
    assert original.version == 1 and len(original.log) > 0
    assert original.status.startswith("written by castletui 0.x")
    session = Session.open(copy)
    seat = session.to_move()
    session.act(session.digital_chance() if seat == CHANCE else session.legal_actions()[0])
    assert saves.backup_path(copy).read_bytes() == path.read_bytes()
    reloaded = Session.open(copy)
    assert reloaded.save.version == saves.VERSION and reloaded.state == session.state
    assert reloaded.save.log[: len(original.log)] == original.log


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_watcher_reads_only_the_moves_appended_since(tmp_path, suffix):
    session = bots(tmp_path, suffix)
    for _ in range(5):
        step(session)
    _, position = saves.read_at(session.path)
    assert position.plies == 5
    for _ in range(3):
        step(session)
    appended = saves.read_since(session.path, position)
    assert [(e.seat, e.action) for e in appended.entries] == [
        (e.seat, e.action) for e in session.save.log[5:]
    ]
    assert appended.status == session.status_text() and appended.position.plies == 8
    assert appended.entries[-1].hash == state_hash(session.state)
    # Nothing new: nothing read. Half a line (a move being written): left for the next look.
    assert saves.read_since(session.path, appended.position).entries == []
    with open(session.path, "r+b") as file:
        file.seek(0, os.SEEK_END)
        file.seek(file.tell() - len(codec.end_of(suffix)))
        file.write(b"9 = { seat = 0, act" if suffix == ".toml" else b',\n{"seat": 0, "act')
    assert saves.read_since(session.path, appended.position).entries == []
    # A file written whole since (an undo, a new game under the name): read it whole again.
    saves.dump(session.save, session.path)
    with pytest.raises(saves.Rewritten):
        saves.read_since(session.path, appended.position)


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_watcher_looking_at_any_moment_of_a_move_reads_it_once_whole(tmp_path, suffix):
    """At every moment of a move's write a watcher reads nothing or the
    whole move, never an error; looking from a file read in the middle of
    one, it reads the move once it is there."""
    session = bots(tmp_path, suffix)
    for _ in range(12):
        step(session)
    path = session.path
    before = path.read_bytes()
    _, position = saves.read_at(path)
    step(session)
    whole = path.read_bytes()
    for cut, has_move in moments_of_a_move(before, whole, suffix):
        # A watcher reads a TOML line once its newline is there (JSON: its entry once whole).
        seen = has_move if suffix == ".json" else cut == whole
        path.write_bytes(cut)
        appended = look(path, position)
        assert appended.entries == session.save.log[12 : 13 if seen else 12], cut[-60:]
        _, midway = saves.read_at(path)
        assert midway.plies == (13 if has_move else 12)
        path.write_bytes(whole)
        later = look(path, midway)
        assert later.entries == ([] if has_move else session.save.log[12:13])
        assert later.position.plies == 13 and look(path, later.position).entries == []
        if not has_move:
            assert later.status == session.status_text()


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_reader_waits_for_the_move_being_appended_and_never_reads_across_it(tmp_path, suffix):
    """A read that began before a move's write and ended after it would
    join the file's old end to the new move's last bytes (seen at a host
    under load: "its log goes on after its end"). A reader waits while a
    writer holds the file's lock, so it reads the move whole once the
    writer lets go, whichever way it reads."""
    import fcntl
    import threading

    session = bots(tmp_path, suffix)
    for _ in range(6):
        step(session)
    path = session.path
    before = path.read_bytes()
    _, position = saves.read_at(path)
    step(session)
    whole = path.read_bytes()
    path.write_bytes(before)
    start = len(before) - len(codec.end_of(suffix))
    middle = start + (len(whole) - start) // 2
    read: dict[str, object] = {}

    def reader() -> None:
        read["whole"] = saves.read_at(path)[1].plies
        read["since"] = [entry.seat for entry in saves.read_since(path, position).entries]

    with open(path, "r+b") as writer:
        fcntl.flock(writer, fcntl.LOCK_EX)  # as an append holds it
        writer.seek(start)
        writer.write(whole[start:middle])  # the first half of the move
        writer.flush()
        reading = threading.Thread(target=reader)
        reading.start()
        reading.join(timeout=0.2)  # a reader that did not wait would read the half now
        writer.write(whole[middle:])
        writer.flush()
    reading.join()
    assert read == {"whole": 7, "since": [session.save.log[6].seat]}


def look(path: Path, position: saves.Position) -> saves.Appended:
    """What a watcher takes in: what was appended, or, when the file
    changed without growing (the first bytes of a JSON move written over
    its end look like that, as does a file rewritten in place), what it
    holds beyond ``position`` read whole (saves.read_since)."""
    try:
        return saves.read_since(path, position)
    except saves.Rewritten:
        assert path.stat().st_size == position.size
        save, now = saves.read_at(path)
        return saves.Appended(save.log[position.plies :], save.status, save.finished, now)


def test_a_json_save_of_the_first_format_2_layout_opens_and_is_written_as_one_document(tmp_path):
    """Format 2 first wrote a JSON save as a header then lines (never
    released, but such files exist where it ran): it opens, and the next
    move writes it whole, as one document."""
    session = bots(tmp_path, ".json")
    for _ in range(8):
        step(session)
    data = session.path.read_bytes()
    found = data.index(codec.JSON_LOG)
    lines = data[found + len(codec.JSON_LOG) + 1 : -len(codec.JSON_END)].split(b",\n")
    earlier = data[:found] + b"\n}\n" + b"".join(line + b"\n" for line in lines)
    session.path.write_bytes(earlier)
    with pytest.raises(json.JSONDecodeError):
        json.loads(earlier)
    assert saves.read(session.path) == session.save
    reopened = Session.open(session.path)
    assert reopened.state == session.state
    step(reopened)
    assert saves.backup_path(session.path).read_bytes() == earlier
    assert len(json.loads(session.path.read_bytes())["log"]) == 9
    assert Session.open(session.path).state == reopened.state


def test_a_json_save_laid_out_anew_by_a_json_tool_opens_as_it_stands(tmp_path):
    """``jq . game.json > game.json`` (or an editor) lays the document out
    otherwise: it opens with its status, and the next move writes it in
    castletui's layout again."""
    session = bots(tmp_path, ".json")
    for _ in range(8):
        step(session)
    document = json.loads(session.path.read_bytes())
    session.path.write_text(json.dumps(document, indent=2))
    assert saves.read(session.path) == session.save
    reopened = Session.open(session.path)
    step(reopened)
    assert session.path.read_bytes().endswith(codec.JSON_END)
    assert len(json.loads(session.path.read_bytes())["log"]) == 9


@pytest.mark.parametrize(
    "ending",
    [
        b"\n]}\n]}\n",  # the end twice
        b"\n]}\n{}\n",  # something after the end
        b'\n],\n"check": {"plies": 1, "state_hash": ""}}\n',  # a member after the log
        b',\n{"seat": 0}\n]}\n',  # an entry without its action
        b",\n" + b"[" * 5000 + b"]" * 5000 + b"\n]}\n",  # nesting
    ],
)
def test_hostile_json_endings_are_refused_or_read_never_misread(tmp_path, ending):
    """A hostile or damaged ending never crashes castletui nor adds a move
    it did not write; writing the next move never appends to it blind."""
    session = bots(tmp_path, ".json")
    for _ in range(6):
        step(session)
    data = kept(session.path) + ending
    session.path.write_bytes(data)
    try:
        reopened = Session.open(session.path)
    except saves.SaveError as error:
        assert str(error).startswith(session.path.name)
        return
    assert reopened.save.log == session.save.log
    step(reopened)
    assert saves.backup_path(session.path).read_bytes() == data
    assert len(json.loads(session.path.read_bytes())["log"]) == 7


def test_a_json_document_laid_out_otherwise_and_cut_short_is_refused(tmp_path):
    """A shared table (one document, its log indented, written whole) that
    was cut short is never read line by line as a save (which would open
    it as an ordinary game and autosave over the table)."""
    save, _ = played_save(plies=12)
    plain = msgspec.to_builtins(save)
    plain["table"] = {"owners": ["ann", "wei"]}
    data = msgspec.json.format(msgspec.json.encode(plain), indent=1) + b"\n"
    found = data.index(b'"log": [')
    path = tmp_path / "table.json"
    for cut in range(found, found + 400):
        path.write_bytes(data[:cut])
        with pytest.raises(saves.SaveError, match="not valid JSON"):
            saves.read(path)


def test_a_hand_edited_toml_log_is_read_by_tomllib(tmp_path):
    save, state = played_save(plies=12)
    path = saves.dump(save, tmp_path / "edited.toml")
    text = path.read_text()
    text = text.replace("\n3 = {", "\n# the third move\n3   =   {").replace("seat = ", "seat=", 2)
    path.write_text(text)
    assert codec._toml_lines(text.split("[log]\n")[1].encode(), 1) is None
    loaded = saves.load(path)
    assert loaded.log == save.log and saves.replay(loaded) == state


def test_a_toml_log_with_a_move_missing_is_refused(tmp_path):
    save, _ = played_save(plies=12)
    path = saves.dump(save, tmp_path / "gap.toml")
    lines = path.read_text().split("\n")
    path.write_text("\n".join(line for line in lines if not line.startswith("5 = ")))
    with pytest.raises(saves.SaveError, match="move 5 is missing"):
        saves.load(path)


# --- the TOML log's quick reader is exact -----------------------------------


def pieces(*tokens: str, size: int) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(tokens), max_size=size).map("".join)


TEXTS = pieces(*"aZ_ ,={}[]\"'\\#:.-1\t\n\x7f\u00e9\u2028\U0001f600", ", b = ", "{ c = ", '\\" = ', size=20)
KEYS = st.one_of(st.from_regex(r"[a-z_]{1,6}", fullmatch=True), TEXTS)
VALUES = st.recursive(
    st.one_of(st.integers(-(2**63), 2**63 - 1), st.booleans(), TEXTS),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, max_size=3)),
    max_leaves=8,
)


EMPTY = saves.new_save("catapult-castle", Config("standard", 2), [saves.Player("A"), saves.Player("B")], 1)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    actions=st.lists(st.dictionaries(KEYS, VALUES, max_size=4), min_size=1, max_size=3),
    status=TEXTS,
)
def test_the_quick_toml_reader_reads_what_castletui_writes_as_tomllib_does(actions, status):
    entries = [
        LogEntry(seat=n - 1, action=action, at="2026-11-30T10:00:00+00:00")
        for n, action in enumerate(actions)
    ]
    save = msgspec.structs.replace(EMPTY, log=entries, status=status, updated="2026-11-30T10:00:00+00:00")
    body = codec.encode_lines(save, 0, ".toml")
    by_tomllib = tomllib.loads(body.decode())
    assert [msgspec.to_builtins(entry) for entry in entries[:-1]] == [
        {key: value for key, value in by_tomllib[str(n)].items() if key != "chain"}
        for n in range(1, len(entries))
    ]
    quick = codec._toml_lines(body, 1)
    if quick is not None:  # else tomllib reads it: slower, never different
        assert quick == msgspec.convert([by_tomllib[str(n)] for n in range(1, len(entries) + 1)], list[Line])
    path = Path("x.toml")
    lines, after, _ = codec.parse_lines(body, ".toml", 1, path)
    assert ([line.entry() for line in lines], after) == (entries, After(status))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=pieces(*"1 ={}[],\"'\\ab#t:.", "true", "seat", "action", " = ", "{ ", ", ", size=30))
def test_the_quick_toml_reader_never_reads_a_line_otherwise_than_tomllib(line):
    """Any line at all: the quick reader either declines it, or reads what
    tomllib reads (and never takes what tomllib refuses)."""
    body = f"1 = {line}\n".encode()
    by_quick = codec._toml_lines(body, 1, msgspec.json.Decoder())
    if by_quick is None:
        return  # declined: tomllib reads it
    try:
        by_tomllib = tomllib.loads(body.decode())
    except tomllib.TOMLDecodeError:
        pytest.fail(f"the quick reader took {body!r}, which is not TOML")
    assert by_quick == [by_tomllib["1"]]
