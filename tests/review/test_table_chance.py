"""Issue 47.1: co-operative and solo games get the table's chance to win,
estimated with the game's ``coop_hooks`` (a search whose value is the
table's win: Castle Raisers' team result, a Catapult Castle solo's cleared
table), shown as one curve, "the table". The hard bots there still decide
by their own playouts and rules of thumb (their traces: tests/rules/)."""

import pytest
from castletui.rules.core.review import Decision, review_decision, table_outcome

from castletui import review
from castletui.replay import Replay
from tests.review.games import solo_game

BUDGET = 2


def reviewed(path, game_id, seed, plies=None):
    solo_game(path, game_id, seed, plies)
    replay = Replay.open(path, "all" if plies is None else None)
    return replay, review.analyse(replay, BUDGET, workers=0, use_cache=False)


def check_table_review(replay, report):
    assert report.together and report.seats == [0] and report.curve_seats() == [0]
    assert report.decisions and report.moves
    curve = report.curve(0)
    assert len(curve) > 10 and all(0.0 <= chance <= 1.0 for chance in curve)
    assert review.TABLE in review.text(replay, report)


def test_a_solo_catapult_castle_game_is_reviewed_for_the_table(tmp_path):
    replay, report = reviewed(tmp_path / "solo.toml", "catapult-castle", seed=1)
    check_table_review(replay, report)
    # Won only by clearing the table (the solo always "wins" its score).
    assert report.final == [1.0 if replay.states[-1].removed == 16 else 0.0]


def test_a_solo_castle_raisers_game_going_on_is_reviewed_for_the_table(tmp_path):
    replay, report = reviewed(tmp_path / "solo.toml", "castle-raisers", seed=1, plies=36)
    check_table_review(replay, report)
    assert not report.final


@pytest.mark.slow
def test_a_solo_castle_raisers_game_is_reviewed_for_the_table_to_its_end(tmp_path):
    replay, report = reviewed(tmp_path / "solo.toml", "castle-raisers", seed=10)
    check_table_review(replay, report)
    assert report.final == [1.0]


def test_a_won_position_is_estimated_higher_than_a_lost_one(tmp_path):
    """The last decisions of a solo game won (seed 10) and of one lost (seed 1)."""
    last = {}
    for seed in (10, 1):
        session = solo_game(tmp_path / f"{seed}.toml", "castle-raisers", seed)
        replay = Replay.open(session.path, "all")
        outcome = table_outcome(replay.game, replay.states, 0)
        assert outcome == (1.0 if seed == 10 else 0.0)
        decisions = [ply for ply in range(1, replay.plies + 1) if replay.to_move_at(ply - 1) == 0]
        for ply in reversed(decisions):
            decision = review_decision(
                replay.game, replay.states[ply - 1], replay.actions[ply - 1], ply, BUDGET
            )
            if decision is not None:
                last[seed] = decision
                break
    assert last[10].before > last[1].before


def test_a_cooperative_tables_seats_make_one_curve():
    """Every seat's decisions estimate the same chance: the table's, one curve."""
    decisions = [
        Decision(ply=1, seat=0, before=0.4, after=0.5, best=0.5, chosen="a"),
        Decision(ply=3, seat=1, before=0.5, after=0.3, best=0.6, chosen="b", stronger="c"),
    ]
    report = review.Report(key="", budget=1, seats=[0, 1], decisions=decisions, together=True)
    assert report.curve_seats() == [0]
    assert report.curve_points(0) == [(0, 0.4), (1, 0.5), (2, 0.5), (3, 0.3)]
    assert [d.seat for d in report.turning_points(1)] == [1]  # whose choice it was stays known
