"""The win (spec: 10 points on your own turn wins at once), the score
sheet that adds up, and what each seat may see (hands and development
cards private, others see counts)."""

import castletui.rules.got_catan as game
from castletui.rules.got_catan import queries, scoring
from castletui.rules.got_catan.state import BuildKeep, EndTurn, Roll
from msgspec.structs import replace

from .helpers import corner, run, table

SITES = [corner(4, name, "S") for name in ("r2c1", "r2c3", "r2c5", "r0c1", "r0c4")]


def test_ten_points_on_your_own_turn_wins_at_once():
    state = table(keeps={0: SITES[:2]}, settlements={0: SITES[2:]}, hands={0: ["ore"] * 3 + ["grain"] * 2})
    state = replace(state, largest_patrol=0)
    assert scoring.points(state, 0) == 9  # 2 keeps, 3 settlements, Largest Patrol
    state = run(state, BuildKeep(SITES[2]))
    assert state.winner == 0 and game.to_move(state) is None
    assert "{P0} has 10 victory points on their own turn and wins." in game.effects(None, None, state)


def test_ten_points_reached_in_another_turn_win_when_your_turn_begins():
    state = table(keeps={1: SITES[:4]}, settlements={1: SITES[4:]}, turn=0)
    state = replace(state, longest_road=1)
    assert scoring.points(state, 1) == 11
    assert state.winner == -1  # not on their turn
    state = run(state, EndTurn())
    assert state.winner == 1


def test_the_score_lines_add_up_to_the_scores():
    state = table(keeps={1: SITES[:2]}, settlements={1: SITES[2:4]}, development={1: ["victory-point"]})
    state = replace(state, longest_road=1, largest_patrol=1)
    result = game.result(state)
    assert not result.finished
    assert [line.label for line in result.lines] == [
        "Settlements",
        "Keeps",
        "Longest Road",
        "Largest Patrol",
        "Victory Point cards",
    ]
    for seat in range(4):
        assert sum(line.points[seat] for line in result.lines) == result.scores[seat]
    assert result.scores[1] == 2 + 4 + 2 + 2 + 1


def test_the_view_hides_hands_and_development_cards_but_not_their_counts():
    state = table(
        hands={0: ["ore", "wool"], 1: ["brick"]}, development={1: ["ranger-patrol", "victory-point"]}
    )
    seen = game.view(state, 0)
    assert seen.players[0].hand == ("ore", "wool")
    assert seen.players[1].hand == ("hidden",) and len(seen.players[1].development) == 2
    assert "victory-point" not in seen.players[1].development
    assert game.view(seen, 0) == seen
    assert game.view(state, 1).players[1].development == ("ranger-patrol", "victory-point")


def test_once_the_game_is_won_every_seat_reads_the_same_result_from_its_view():
    """The final count reveals Victory Point cards: at the end a seat's
    view shows every development card, so the score it reads is the
    table's; others' resource hands stay hidden."""
    state = table(
        keeps={0: SITES[:2]},
        settlements={0: SITES[2:]},
        hands={0: ["ore"] * 3 + ["grain"] * 2, 1: ["brick"]},
        development={1: ["victory-point", "ranger-patrol"]},
    )
    state = run(replace(state, largest_patrol=0), BuildKeep(SITES[2]))
    assert game.to_move(state) is None
    for seat in range(4):
        seen = game.view(state, seat)
        assert game.result(seen) == game.result(state)
        assert sorted(seen.players[1].development) == ["ranger-patrol", "victory-point"]
        assert seen.players[1].hand == (("brick",) if seat == 1 else ("hidden",))
        assert game.view(seen, seat) == seen


def test_the_player_to_move_can_decide_from_their_own_view():
    state = table(hands={0: ["ore", "wool", "grain", "brick"] * 2}, development={0: ["ranger-patrol"]})
    assert game.legal_actions(game.view(state, 0)) == game.legal_actions(state)


def test_screen_hooks_name_places_groups_and_prompts():
    state = table(hands={0: ["brick", "lumber"]}, settlements={0: [SITES[0]]})
    road = next(a for a in game.legal_actions(state) if type(a).__name__ == "BuildRoad")
    assert game.spot(state, road) == ("edge", road.edge)
    assert game.group(state, road) == ("Build", "Road")
    assert game.spot(state, BuildKeep(SITES[0])) == ("corner", SITES[0])
    assert game.prompt(state, 0) == "{P0}, trade, build, buy or end your turn:"
    assert game.prompt(table(rolled=False), 0).startswith("{P0}, roll the dice")
    assert game.group(state, EndTurn()) == ()
    assert game.label(table(rolled=False), Roll()) == "Roll the dice"
    assert queries.refusal(state, BuildKeep(SITES[0])).startswith("A keep needs 3 ore and 2 grain")
