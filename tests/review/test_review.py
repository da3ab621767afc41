"""Issue 47: ``castletui review`` and its cache, and an analysis cancelled
half-way (castletui/review.py)."""

from __future__ import annotations

import os
import sys
import threading

import msgspec
import pytest
from castletui.rules.core import CHANCE

from castletui import cli, review
from castletui.replay import Replay
from tests.review.games import castlecards_game, got_table_game

BUDGET = 4
WAIT_SECONDS = 30.0
"""How long a review may take before the test calls it a hang (a bound, not a measure)."""


@pytest.fixture
def finished(tmp_path):
    path = tmp_path / "game.toml"
    castlecards_game(path)
    return path


@pytest.fixture
def going_on(tmp_path):
    """A game stopped after 50 steps: reviewed for one seat (quick)."""
    path = tmp_path / "going-on.toml"
    castlecards_game(path, plies=50)
    return path


def analysed(path, seat=None, **kwargs):
    replay = Replay.open(path, seat)
    return replay, review.analyse(replay, BUDGET, workers=0, **kwargs)


@pytest.mark.slow
def test_a_finished_game_is_reviewed_for_every_seat(finished):
    replay, report = analysed(finished)
    assert report.seats == [0, 1]
    for seat in (0, 1):
        curve = report.curve(seat)
        assert curve and all(0.0 <= chance <= 1.0 for chance in curve)
        assert curve[-1] == report.final[seat]
    assert {decision.seat for decision in report.decisions} == {0, 1}
    assert all(replay.to_move_at(d.ply - 1) == d.seat for d in report.decisions)
    assert all(replay.to_move_at(move.ply - 1) == CHANCE for move in report.moves)
    for decision in report.decisions:
        if decision.stronger:
            assert decision.best > decision.after + 0.02  # a turning point's alternative is better
    assert report.turning_plies() == sorted(report.turning_plies())


def test_an_unfinished_game_is_reviewed_only_for_the_viewer(going_on):
    path = going_on
    _, report = analysed(path, "Bo")
    assert report.seats == [1]
    assert {decision.seat for decision in report.decisions} <= {1}
    assert {move.seat for move in report.moves} <= {1} and not report.final
    with pytest.raises(Exception):  # noqa: B017 - everyone's eyes are refused for a game going on
        Replay.open(path, "all")


def test_the_review_is_cached_beside_the_save_never_inside(going_on):
    before = going_on.read_bytes()
    _, report = analysed(going_on, "Ada")
    cache = review.cache_path(going_on, [0])
    assert cache.parent == going_on.parent and cache.name == f".{going_on.name}.review-1.json"
    assert going_on.read_bytes() == before
    assert msgspec.json.decode(cache.read_bytes(), type=review.Report) == report
    assert cache.stat().st_mode & 0o077 == 0


def test_each_players_review_of_one_table_is_kept_apart(going_on):
    """Two players of one table folder: each one's review (which names
    what that seat held) is a file of its own, private, and neither
    overwrites the other's."""
    _, ada = analysed(going_on, "Ada")
    _, bo = analysed(going_on, "Bo")
    ada_file, bo_file = review.cache_path(going_on, [0]), review.cache_path(going_on, [1])
    assert ada_file != bo_file
    assert msgspec.json.decode(ada_file.read_bytes(), type=review.Report) == ada
    assert msgspec.json.decode(bo_file.read_bytes(), type=review.Report) == bo
    assert all(path.stat().st_mode & 0o077 == 0 for path in (ada_file, bo_file))
    assert not list(going_on.parent.glob("*.tmp"))


def test_a_cache_that_is_stale_or_corrupt_is_ignored(going_on, monkeypatch):
    analysed(going_on, "Ada")
    cache = review.cache_path(going_on, [0])
    computed = []
    real = review._compute
    monkeypatch.setattr(review, "_compute", lambda *args: computed.append(1) or real(*args))
    analysed(going_on, "Ada")
    assert computed == []  # the cache answered
    cache.write_bytes(b"{not json")
    _, report = analysed(going_on, "Ada")
    assert computed == [1] and msgspec.json.decode(cache.read_bytes(), type=review.Report) == report
    replay = Replay.open(going_on, "Ada")
    assert (
        review.analyse(replay, BUDGET + 1, workers=0).budget == BUDGET + 1
    )  # another budget: another review
    assert computed == [1, 1]
    stale = msgspec.json.decode(cache.read_bytes(), type=review.Report)
    cache.write_bytes(msgspec.json.encode(msgspec.structs.replace(stale, key="another record")))
    analysed(going_on, "Ada")
    assert computed == [1, 1, 1]


def test_an_analysis_cancelled_half_way_stops_and_keeps_nothing(going_on):
    replay = Replay.open(going_on, "Ada")
    cancel = threading.Event()
    seen = []

    def progress(done, total):
        seen.append(done)
        if done * 2 >= total:
            cancel.set()

    assert review.analyse(replay, BUDGET, workers=0, cancel=cancel, progress=progress) is None
    assert not review.cache_path(going_on, [0]).exists()
    assert 0 < max(seen) < len(review.plan(replay.game, replay.states, [0]))
    assert review.analyse(replay, BUDGET, workers=0) is not None  # the replay is still usable


@pytest.mark.slow
def test_the_pool_gives_the_same_review_and_cancels(going_on):
    replay = Replay.open(going_on, "Ada")
    alone = review.analyse(replay, BUDGET, workers=0, use_cache=False)
    assert review.analyse(replay, BUDGET, workers=2, use_cache=False) == alone
    cancel = threading.Event()

    def progress(done, total):
        if done * 2 >= total:
            cancel.set()

    assert (
        review.analyse(replay, BUDGET, workers=2, cancel=cancel, progress=progress, use_cache=False) is None
    )


def test_castletui_review_text_prints_the_review(going_on, capsys):
    command = ["review", str(going_on), "--as", "Ada", "--text", "--budget", str(BUDGET), "--workers", "0"]
    assert cli.main(command) == 0
    printed = capsys.readouterr().out
    replay = Replay.open(going_on, "Ada")
    assert printed == review.text(replay, review.analyse(replay, BUDGET, workers=0))
    assert review.cache_path(going_on, [0]).exists()


def test_the_luck_of_a_table_game_is_everyones_from_the_record(tmp_path):
    session = got_table_game(tmp_path / "t.toml", plies=120, seed=3)  # the real dice, as typed in
    replay = Replay.of_session(session, None)
    assert replay.viewer == CHANCE
    report = review.analyse(replay, BUDGET, workers=0)
    rolls = sum(type(action).__name__ == "Dice" for action in replay.actions)
    assert rolls > 5 and not report.decisions
    (dice,) = [tally for tally in report.tallies if tally.step == "Dice"]
    assert sum(dice.counts) == rolls and sum(dice.expected) == pytest.approx(rolls)
    assert {entry.seat for entry in report.luck if entry.step == "Dice"} == {0, 1, 2}
    # The real dice's production for every player, against their numbers' odds.
    assert {entry.seat for entry in report.produced} == {0, 1, 2}
    assert all(0 < entry.count <= rolls and entry.expected > 0 for entry in report.produced)
    printed = review.text(replay, report)
    assert all(review.production_words(entry) in printed for entry in report.produced)


def test_the_pool_starts_under_a_standard_error_without_a_file(monkeypatch):
    """Under the app, standard error is Textual's capture, with no file
    descriptor, which multiprocessing would hand the pool's processes."""

    class Captured:
        def fileno(self):
            raise OSError("no file")

    captured = Captured()
    monkeypatch.setattr(sys, "stderr", captured)
    with review._stderr_with_a_file():
        assert sys.stderr.fileno() >= 0
    assert sys.stderr is captured


@pytest.mark.parametrize("planted", ["fifo", "link", "writable by others"])
def test_a_cache_planted_beside_a_table_is_never_read(going_on, monkeypatch, planted):
    """In a group's table folder another member can put anything under a
    review's name: a pipe must not hang the review, a link must not be
    followed, and a file others could write is not this player's review."""
    _, report = analysed(going_on, "Ada")
    cache = review.cache_path(going_on, [0])
    kept = cache.read_bytes()
    cache.unlink()
    if planted == "fifo":
        os.mkfifo(cache)
    elif planted == "link":
        (going_on.parent / "elsewhere.json").write_bytes(kept)
        cache.symlink_to(going_on.parent / "elsewhere.json")
    else:
        cache.write_bytes(kept)
        cache.chmod(0o666)
    computed = []
    real = review._compute
    monkeypatch.setattr(review, "_compute", lambda *args: computed.append(1) or real(*args))
    finished = []
    worker = threading.Thread(target=lambda: finished.append(analysed(going_on, "Ada")[1]), daemon=True)
    worker.start()
    worker.join(WAIT_SECONDS)  # a bound for a hang, not a measure
    assert finished == [report] and computed == [1]  # computed again, not read from the plant
