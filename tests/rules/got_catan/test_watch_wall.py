"""Brotherhood of the Watch: the set-up, guards and their points, the
wildling tokens, the camps and the rush, the wildling die's advance, the
clearings, breaches, blocked hexes and the two ends (spec "Brotherhood of
the Watch"; the worked examples of its last section)."""

from __future__ import annotations

import math

import castletui.rules.got_catan as game
import pytest
from castletui.rules.core import CHANCE, IllegalAction, log_lines, name_seats
from castletui.rules.got_catan import legal, scoring
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.brotherhood.wall import advanced, arrived, migrated
from castletui.rules.got_catan.edition import ALL_TOKENS, HEROES, WILDLINGS
from castletui.rules.got_catan.state import (
    BuildGuard,
    BuildKeep,
    BuildRoad,
    BuildSettlement,
    Dice,
    EndTurn,
    PlaceGuard,
    PlayDevelopment,
    Roll,
    Step,
    Token,
    TradeWithSupply,
    WildlingDie,
)
from msgspec.structs import replace

from .helpers import check_counts, config, corner, hex_id, path, run, table

GUARD = ["brick", "lumber", "wool"]


def watch(**kwargs):
    return table(variant="brotherhood", **kwargs)


def frostfangs(state, **less):
    return tuple(state.frostfangs[i] - less.get(kind, 0) for i, kind in enumerate(WILDLINGS))


def with_camps(state, clan: int, *kinds: str):
    camps = list(state.camps)
    camps[clan] = tuple(kinds)
    less = {kind: kinds.count(kind) for kind in set(kinds)}
    return replace(state, camps=tuple(camps), frostfangs=frostfangs(state, **less))


def with_wall(state, *sections):
    return replace(state, wall=tuple(tuple(guards) for guards in sections))


# --- set-up --------------------------------------------------------------------------


def test_the_third_set_up_round_places_one_guard_each_from_seat_1():
    state = game.setup(config(4, variant="brotherhood", board="beginner"))
    steps = [step for step in state.pending if step.kind == "place-guard"]
    # The stack's top is last: the guards come after both settlement rounds, seat 1 first.
    assert [step.seat for step in reversed(steps)] == [0, 1, 2, 3]
    kinds = [step.kind for step in reversed(state.pending)]
    assert kinds.index("place-guard") > max(i for i, kind in enumerate(kinds) if kind == "place-settlement")


def test_set_up_deals_the_heroes_a4_to_a1_and_the_rest_on_display():
    four = game.setup(config(4, variant="brotherhood"))
    assert [p.hero for p in four.players] == ["yarwyck", "tarly", "marsh", "mormont"]
    assert len(four.heroes) == 7 and not set(four.heroes) & {p.hero for p in four.players}
    three = game.setup(config(3, variant="brotherhood"))
    assert [p.hero for p in three.players] == ["tarly", "marsh", "mormont"]
    assert len(three.heroes) == 8
    reversed_ = game.setup(config(4, variant="brotherhood", heroes="reversed"))
    assert [p.hero for p in reversed_.players] == ["mormont", "marsh", "tarly", "yarwyck"]


def test_the_starting_heroes_help_says_the_deal_for_three_players_too():
    """Issue #43 (5): the wizard's help for "Starting heroes: rulebook"
    described only the 4-player deal. It names, for each player count, the
    cards the set-up deals, seat 1 first."""
    help_text = game.INFO.option("heroes").help
    for seats in (4, 3):
        dealt = [
            HEROES[player.hero].card for player in game.setup(config(seats, variant="brotherhood")).players
        ]
        deal = help_text.split(f"with {seats} players", 1)[1].split(";")[0].split("(")[0]
        assert [card for card in deal.replace(",", " ").split() if card in dealt] == dealt, deal


def test_set_up_puts_the_tokens_under_the_cards_and_the_rest_in_the_pool():
    """[proposed] 3 settlement spaces (1 token each) and 4 keep spaces (2 each):
    11 per player, 44 with 4 players and 4 left in the pool; 15 with 3."""
    four = game.setup(config(4, variant="brotherhood"))
    assert len(ALL_TOKENS) == 48 and four.pool == 4 and four.tokens_hidden == ALL_TOKENS
    assert all(p.card_settlements == 3 for p in four.players)
    assert game.setup(config(3, variant="brotherhood")).pool == 15
    assert four.frostfangs == (8, 8, 24)  # climbers, giants, regulars: all 40 in the Frostfangs
    assert four.wall == ((), (), (), ()) and four.breaches == 0


def test_the_base_game_has_no_wall_guards_or_heroes():
    state = game.setup(config(4))
    assert state.wall == () and not state.players[0].hero and state.pool == 0


def test_supply_trades_are_3_to_1():
    state = watch(hands={0: ["ore"] * 3})
    assert legal.trade_rate(state, 0, "ore") == 3
    state = run(state, TradeWithSupply("ore", "wool"))
    assert state.players[0].hand == ("wool",)


def test_longest_road_and_largest_patrol_are_1_vp():
    state = replace(watch(), longest_road=0, largest_patrol=1)
    assert scoring.point_lines(state, 0)[2] == 1 and scoring.point_lines(state, 1)[3] == 1
    base = replace(table(), longest_road=0)
    assert scoring.point_lines(base, 0)[2] == 2


# --- guards ---------------------------------------------------------------------------


def test_a_guard_costs_brick_wool_lumber_and_takes_the_lowest_free_space():
    state = with_wall(watch(hands={0: GUARD}), (1, 2), (), (), ())
    state = run(state, BuildGuard(0))
    assert state.wall[0] == (1, 2, 0)
    assert state.players[0].hand == ()
    with pytest.raises(IllegalAction, match="needs 1 brick, 1 wool and 1 lumber"):
        game.apply(state, BuildGuard(1))


def test_a_full_section_and_no_guard_left_are_refused():
    state = with_wall(watch(hands={0: GUARD * 2}), (1,) * 5, (0,) * 2, (), ())
    assert BuildGuard(0) not in game.legal_actions(state) and BuildGuard(1) in game.legal_actions(state)
    with pytest.raises(IllegalAction, match="section 1 is full"):
        game.apply(state, BuildGuard(0))
    state = with_wall(state, (1,) * 5, (0,) * 5, (0, 0), ())
    with pytest.raises(IllegalAction, match="no guards left"):
        game.apply(state, BuildGuard(3))


def test_guard_tokens_1_vp_for_3_and_2_for_5_lost_when_below():
    state = with_wall(watch(hands={0: GUARD}), (0, 0), (), (), ())
    assert scoring.point_lines(state, 0)[5] == 0
    state = run(state, BuildGuard(1))
    assert scoring.point_lines(state, 0)[5] == 1
    assert any("1 VP from guard tokens" in line for line in game.effects(state, None, state))
    five = with_wall(state, (0, 0, 0), (0, 0), (), ())
    assert scoring.point_lines(five, 0)[5] == 2
    # A giant kills the guard on space 1: down to 4 guards, 1 token left.
    after = arrived(five, "giant", 0, "river")
    assert after.wall[0] == (0, 0) and scoring.point_lines(after, 0)[5] == 1


def test_set_up_guard_is_free_and_new_recruits_too():
    state = game.setup(config(3, variant="brotherhood", board="beginner"))
    while state.pending[-1].kind != "place-guard":
        state = game.apply(state, game.legal_actions(state)[0])
    state = game.apply(state, PlaceGuard(2))
    assert state.wall[2] == (0,)
    recruits = watch(development={0: ["new-recruits"]})
    state = run(recruits, PlayDevelopment("new-recruits"))
    assert state.pending[-1].kind == "place-guard"
    state = run(state, PlaceGuard(1))
    assert state.wall[1] == (0,) and state.players[0].hand == ()


def test_new_recruits_with_no_guard_left_brings_nothing():
    state = with_wall(watch(development={0: ["new-recruits"]}), (0,) * 5, (0, 0), (), ())
    state = run(state, PlayDevelopment("new-recruits"))
    assert state.pending[-1].kind == "turn"
    assert any("New Recruits brings nothing" in line for line in game.effects(state, None, state))


# --- tokens -----------------------------------------------------------------------------


def _settleable(seats=4):
    """Red with a road ending where a settlement may go, and its cost."""
    road = path(seats, *(corner(seats, "r1c2", w) for w in ("N", "NE", "SE")))
    return dict(
        settlements={0: [corner(seats, "r1c2", "N")]},
        roads={0: road},
        hands={0: ["brick", "lumber", "wool", "grain"]},
    )


def test_building_a_settlement_reveals_the_token_under_it():
    state = watch(**_settleable())
    state = run(state, BuildSettlement(corner(4, "r1c2", "SE")))
    assert game.to_move(state) == CHANCE
    outcomes = dict(game.chance_outcomes(state))
    assert math.isclose(sum(outcomes.values()), 1.0)
    assert math.isclose(outcomes[Token("cave/giant")], 3 / 48)
    assert state.players[0].card_settlements == 2
    state = game.apply(state, Token("cave/giant"))
    assert state.camps[1] == ("giant",) and state.frostfangs == (8, 7, 24)
    assert state.tokens_spent == ("cave/giant",) and state.pool == 4  # from the card, not the pool
    check_counts(state)


def test_a_keep_reveals_two_and_its_settlement_goes_back_over_a_pool_token():
    at = corner(4, "r1c2", "SW")
    state = replace(watch(settlements={0: [at]}, hands={0: ["ore"] * 3 + ["grain"] * 2}), pool=5)
    player = replace(state.players[0], card_settlements=2)
    state = replace(state, players=(player,) + state.players[1:])
    state = run(state, BuildKeep(at))
    assert [step.kind for step in state.pending[-2:]] == ["token", "token"]
    assert state.players[0].card_settlements == 3 and state.pool == 4
    state = game.apply(game.apply(state, Token("river/regular")), Token("river/regular"))
    assert state.camps[0] == ("regular", "regular") and state.pending[-1].kind == "turn"
    check_counts(state)


def test_taking_longest_road_reveals_a_token_from_the_pool_and_an_empty_pool_is_reshuffled():
    seats = 4
    line = [corner(seats, "r2c2", w) for w in ("SW", "S", "SE")] + [
        corner(seats, "r2c3", w) for w in ("S", "SE", "NE")
    ]
    roads = path(seats, *line)
    state = watch(settlements={0: [line[0]]}, roads={0: roads[:4]}, hands={0: ["brick", "lumber"]})
    state = replace(state, pool=0, tokens_spent=("hornfoot/climber",), tokens_hidden=state.tokens_hidden[1:])
    state = replace(state, tokens_hidden=tuple(sorted(state.tokens_hidden)))
    state = run(state, BuildRoad(roads[4]))
    assert state.longest_road == 0
    assert state.pending[-1] == Step("token", seat=0, target=1)
    assert state.pool == 1 and state.tokens_spent == ()  # reshuffled from the one spent token
    state = game.apply(state, Token("hornfoot/climber"))
    assert state.camps[2] == ("climber",) and state.pool == 0


def test_a_token_with_no_figure_left_does_nothing():
    state = replace(watch(), frostfangs=(8, 0, 24))
    after = migrated(state, "cave/giant")
    assert after.camps[1] == () and after.frostfangs == (8, 0, 24)


def test_the_rush_from_3_wildlings_left():
    """Spec worked example: a clan with 4 wildlings takes a fifth; the
    hottest camp takes the lower trail, the next the higher trail, and the 3
    left move up into the hottest camps."""
    state = with_wall(watch(), (0,), (0, 1), (2, 3), ())
    state = with_camps(state, 1, "regular", "climber", "regular", "giant")
    after = migrated(state, "cave/regular")
    assert after.camps[1] == ("regular", "giant", "regular")
    # camp 1's regular took trail 4 to the 3/4 clearing; camp 2's climber trail 5 to 5/6 and jumped.
    assert after.clearings[1] == ("regular",)
    board = BOARDS[4]
    assert after.blocked[board.lanes[2][0]] == "climber"
    lines = game.effects(state, None, after)
    assert any("rush" in line for line in lines)


# --- the wildling die and the advance -----------------------------------------------------


def test_the_roll_brings_the_wildling_die_after_the_two_dice():
    state = run(watch(rolled=False), Roll())
    state = game.apply(state, Dice(8))
    assert state.pending[-1].kind == "wildling-die" and game.to_move(state) == CHANCE
    outcomes = game.chance_outcomes(state)
    assert len(outcomes) == 12 and all(math.isclose(p, 1 / 12) for _, p in outcomes)
    assert "wildling die" in game.chance_prompt(state)


def test_production_or_the_7_comes_first_then_the_advance():
    state = with_camps(watch(rolled=False, hands={1: ["ore"] * 8}), 1, "regular")
    state = game.apply(game.apply(run(state, Roll()), Dice(7)), WildlingDie(4))
    # Blue discards first, Tormund moves; the cave regular still waits in camp 1.
    assert state.pending[-1].kind == "discard" and state.camps[1] == ("regular",)
    kinds = [step.kind for step in state.pending]
    assert "advance" in kinds and kinds.index("advance") < kinds.index("discard")


def test_advance_on_4_and_on_5_from_the_cave_people():
    """Spec worked example: the cave people's trails are the 4 (to the 3/4
    clearing) and the 5 (to the 5/6 clearing); the hottest camp walks, the
    others move up."""
    state = with_wall(with_camps(watch(), 1, "regular", "giant", "regular"), (0,), (0, 1), (2,), ())
    on_4 = advanced(state, 4)
    assert on_4.camps[1] == ("giant", "regular") and on_4.clearings[1] == ("regular",)
    on_5 = advanced(on_4, 5)
    # The giant reaches 5/6: it kills the guard on space 1 and goes home.
    assert on_5.camps[1] == ("regular",) and on_5.wall[2] == () and on_5.clearings[2] == ()
    assert on_5.frostfangs[1] == state.frostfangs[1] + 1


def test_faces_on_no_trail_and_empty_camps_advance_nobody():
    state = with_camps(watch(), 0, "regular")
    for face in (9, 10, 11, 12):
        assert advanced(state, face).camps == state.camps
    assert advanced(state, 6).camps == state.camps  # the hornfoot camps are empty


# --- clearings -------------------------------------------------------------------------------


def test_a_climber_jumps_and_blocks_the_first_free_hex_of_the_lane_without_a_breach():
    state = with_wall(watch(), (), (), (), ())
    board = BOARDS[4]
    state = replace(
        state, blocked=tuple("regular" if h == board.lanes[0][0] else "" for h in range(board.hexes))
    )
    after = arrived(state, "climber", 0, "river")
    assert after.blocked[board.lanes[0][1]] == "climber" and after.breaches == 0


def test_a_giant_breaches_a_section_without_guards():
    state = with_wall(watch(), (), (1,), (), ())
    after = arrived(state, "giant", 0, "river")
    assert after.breaches == 1 and after.blocked[BOARDS[4].lanes[0][0]] == "giant"


def test_regulars_wait_while_not_more_than_the_guards():
    state = with_wall(watch(), (), (0, 1), (), ())
    once = arrived(state, "regular", 1, "cave")
    twice = arrived(once, "regular", 1, "cave")
    assert twice.clearings[1] == ("regular", "regular") and twice.breaches == 0
    thrice = arrived(twice, "regular", 1, "cave")
    assert thrice.breaches == 1 and thrice.clearings[1] == ()


def test_the_5_6_clearing_breach_with_3_regulars_against_2_guards():
    """Spec worked example: 2 regulars wait at 5/6 against 2 guards; a third
    arrives: the guard on space 1 falls, guard 2 moves to space 1, and the 3
    regulars block the first 3 hexes of the section's lane."""
    state = with_wall(watch(), (), (), (1, 2), ())
    state = replace(state, clearings=((), (), ("regular", "regular"), ()), frostfangs=(8, 8, 21))
    after = arrived(state, "regular", 2, "hornfoot")
    assert after.wall[2] == (2,)
    lane = BOARDS[4].lanes[2]
    assert [after.blocked[h] for h in lane[:4]] == ["regular", "regular", "regular", ""]
    assert after.breaches == 1 and after.clearings[2] == ()
    check_counts(replace(after, pending=()))


def test_a_blocked_hex_produces_nothing():
    seats = 4
    at = corner(seats, "r0c1", "S")  # fields 6
    state = watch(settlements={0: [at]}, rolled=False)
    state = replace(state, blocked=tuple("regular" if h == hex_id(seats, "r0c1") else "" for h in range(21)))
    state = game.apply(game.apply(run(state, Roll()), Dice(6)), WildlingDie(10))
    assert "grain" not in state.players[0].hand
    assert any("keeps fields 6" in line for line in game.effects(state, None, state))


# --- the ends ------------------------------------------------------------------------------------


def test_the_third_breach_ends_the_game_and_most_guards_win():
    state = with_wall(watch(), (), (0, 1, 1), (1,), ())
    state = replace(state, breaches=2)
    after = arrived(state, "giant", 0, "river")  # no guard on section 1: the third breach
    assert after.ended_by == "breach" and after.winner == 1
    result = game.result(after)
    assert result.finished and result.winners == (1,)
    assert result.decided_by.startswith("The Wall's fall (the third breach): ")


def test_the_sheet_shows_the_guards_and_their_tokens_and_the_rule_that_decided():
    """Issue #28 (7): seat 1 won with 3 guards on the Wall, and the sheet's
    one Brotherhood row showed its 1 guard token. Both rows now: the
    tokens are points (in the total), the guards a count beside them."""
    state = replace(with_wall(watch(), (), (0, 1, 1), (1,), ()), ended_by="breach")
    result = game.result(state)
    lines = {line.label: line for line in result.lines}
    assert lines["Guards on the Wall"].points == (1.0, 3.0, 0.0, 0.0)
    assert not lines["Guards on the Wall"].in_total
    assert lines["Guard tokens"].points == (0.0, 1.0, 0.0, 0.0) and lines["Guard tokens"].in_total
    for seat in range(4):  # the points add up to the score; the guards are not points
        assert sum(line.points[seat] for line in result.lines if line.in_total) == result.scores[seat]
    assert result.winners == (1,)
    assert (
        result.decided_by
        == "The Wall's fall (the third breach): the most guards on the Wall, 3 against 1 and 0."
    )


@pytest.mark.parametrize(
    ("settlement", "wall", "winner", "decided"),
    [
        (
            True,
            ((0,), (1, 1), (0,), ()),
            0,
            "a tie on 2 guards on the Wall, broken by the most points, 1 against 0",
        ),
        (
            False,
            ((1, 0), (1, 0), (), ()),
            1,
            "a tie on 2 guards on the Wall and 0 points, broken by the oldest guard, space 1 against space 2",
        ),
        (
            False,
            ((1,), (0,), (), ()),
            1,
            "a tie on 1 guard on the Wall, 0 points and the oldest guard on space 1, "
            "broken by the most western guard, wall section 1 against wall section 2",
        ),
        (False, ((), (), (), ()), None, "a tie on 0 guards on the Wall and 0 points: they share it"),
    ],
    ids=["points", "oldest-guard", "western-guard", "all-tied"],
)
def test_a_tie_on_guards_names_the_tie_break_that_decided(settlement, wall, winner, decided):
    extra = {"settlements": {0: [corner(4, "r0c1", "S")]}} if settlement else {}
    state = replace(with_wall(watch(**extra), *wall), ended_by="gift")
    result = game.result(state)
    assert result.winners == ((winner,) if winner is not None else (0, 1, 2, 3))
    assert result.decided_by == f"The Wall's fall (8 wildlings in the Gift): {decided}."


def test_the_game_ends_with_8_wildlings_in_the_gift():
    board = BOARDS[4]
    seven = tuple("regular" if h < 7 else "" for h in range(board.hexes))
    state = with_wall(replace(watch(), blocked=seven, frostfangs=(7, 8, 17)), (0,), (), (), ())
    after = arrived(state, "climber", 3, "hornfoot")
    assert after.ended_by == "gift" and after.winner == 0


def test_wall_ties_go_to_points_then_the_oldest_then_the_most_western_guard():
    state = with_wall(watch(settlements={1: [corner(4, "r2c6", "S")]}), (0,), (1,), (), ())
    assert game.result(replace(state, ended_by="breach")).winners == (1,)  # more points
    state = with_wall(watch(), (2, 0), (1,), (), ())
    # 1 guard each for 0, 1 and 2 and no points: seat 2 and seat 1 hold a space 1; seat 2 is further west.
    assert game.result(replace(state, ended_by="breach")).winners == (2,)


def test_10_points_win_at_the_end_of_your_own_turn_not_at_once():
    keeps = [corner(4, h, "S") for h in ("r0c0", "r0c2", "r0c4", "r0c6")]
    settlements = [corner(4, h, "S") for h in ("r2c2", "r2c5")]
    state = watch(keeps={0: keeps}, settlements={0: settlements})  # 8 + 2 points
    assert scoring.points(state, 0) == 10
    assert game.legal_actions(state)  # not over yet
    after = run(state, EndTurn())
    assert after.ended_by == "points" and game.result(after).winners == (0,)
    # Issue 43, item 9: the second line said "ends their turn" again.
    lines = [name_seats(line, ["Wei", "Bo", "Cy", "Di"]) for line in log_lines(game, state, EndTurn(), after)]
    assert lines == ["Wei ends their turn.", "Wei has 10 victory points at the end of their turn and wins."]


def test_a_guard_s_preview_counts_the_regulars_waiting_in_proper_words():
    # It said "0 regular(s) waiting".
    from castletui.rules.got_catan.brotherhood.queries import preview

    state = with_wall(watch(hands={0: GUARD}), (), (), (), ())
    clearings = [(), ("regular",), ("regular", "regular"), ()]
    state = replace(state, clearings=tuple(clearings))
    said = [preview(game.view(state, 0), BuildGuard(section), 0) for section in range(3)]
    assert "(no regulars waiting at" in said[0]
    assert "(1 regular waiting at" in said[1]
    assert "(2 regulars waiting at" in said[2]
