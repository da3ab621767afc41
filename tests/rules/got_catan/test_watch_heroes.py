"""Brotherhood of the Watch: the heroes (use once, then flip to the B side or
swap; not on the turn taken; never traded or stolen) and each of the eleven
abilities (research/got_catan.md 7.2), with the Ranger Patrol's second use."""

from __future__ import annotations

import castletui.rules.got_catan as game
import pytest
from castletui.rules.core import CHANCE, IllegalAction, log_lines
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.state import (
    BuildGuard,
    ChaseTormund,
    ChooseDevelopment,
    ClearGift,
    ClearNorth,
    DeclineHero,
    Dice,
    EndTurn,
    FlipHero,
    ForcedTrade,
    FreeHex,
    GiveCard,
    MoveTormund,
    PatrolToGuard,
    PeekDevelopment,
    PickDevelopment,
    PlayDevelopment,
    RedirectRoad,
    Roll,
    SwapHero,
    TakeCard,
    TakeFromLeader,
    TakeResource,
    Token,
    TradeOneForOne,
    WildlingDie,
)
from msgspec.structs import replace

from .helpers import check_counts, corner, hex_id, path, run, table


def hero(state, seat: int, name: str, since: int = 0, side: str = "A"):
    player = replace(state.players[seat], hero=name, hero_since=since, hero_side=side)
    display = tuple(h for h in state.heroes if h != name)
    if state.players[seat].hero not in display and state.players[seat].hero != name:
        display = display + (state.players[seat].hero,)
    return replace(
        state, players=state.players[:seat] + (player,) + state.players[seat + 1 :], heroes=display
    )


def watch(name: str = "", seat: int = 0, **kwargs):
    state = table(variant="brotherhood", **kwargs)
    return hero(state, seat, name) if name else state


def test_a_hero_is_not_used_on_the_turn_it_was_taken():
    state = hero(watch(hands={0: ["ore"]}), 0, "marsh", since=1)
    assert not any(isinstance(a, TradeOneForOne) for a in game.legal_actions(state))
    with pytest.raises(IllegalAction, match="this turn"):
        game.apply(state, TradeOneForOne("ore", "wool"))


def test_after_a_use_flip_to_b_then_after_b_swap_for_another():
    state = watch("marsh", hands={0: ["ore", "ore"]})
    state = run(state, TradeOneForOne("ore", "wool"))
    assert state.pending[-1].kind == "hero-after"
    assert FlipHero() in game.legal_actions(state) and SwapHero("benjen") in game.legal_actions(state)
    state = run(state, FlipHero())
    assert state.players[0].hero_side == "B"
    # Not again this turn.
    assert not any(isinstance(a, TradeOneForOne) for a in game.legal_actions(state))
    state = replace(state, turn_number=2)
    state = run(state, TradeOneForOne("ore", "grain"))
    assert FlipHero() not in game.legal_actions(state)
    with pytest.raises(IllegalAction, match="B side is used"):
        game.apply(state, FlipHero())
    state = run(state, SwapHero("qhorin"))
    player = state.players[0]
    assert (player.hero, player.hero_side, player.hero_since) == ("qhorin", "A", 2)
    assert "marsh" in state.heroes and "qhorin" not in state.heroes


def test_heroes_acting_before_the_roll_and_after():
    state = watch("qhorin", rolled=False)
    state = replace(state, tormund=hex_id(4, "r0c3"))
    assert ChaseTormund() in game.legal_actions(state)
    marsh = watch("marsh", rolled=False, hands={0: ["ore"]})
    assert not any(isinstance(a, TradeOneForOne) for a in game.legal_actions(marsh))
    with pytest.raises(IllegalAction, match="roll the dice first"):
        game.apply(marsh, TradeOneForOne("ore", "wool"))


def test_jeor_mormont_forced_trade():
    state = watch("mormont", hands={0: ["grain"], 1: ["ore", "wool"], 2: ["brick"]})
    state = run(state, ForcedTrade("ore", 1, 2))
    assert state.players[0].hand == ("grain", "ore") and state.players[1].hand == ("wool",)
    assert state.players[2].hand == ("brick",)  # no ore to hand over
    assert state.pending[-1].kind == "give-back" and state.pending[-1].target == 1
    state = run(state, GiveCard("grain"))
    assert state.players[1].hand == ("grain", "wool") and state.players[0].hand == ("ore",)
    assert state.pending[-1].kind == "hero-after"
    check_counts(state)


def test_bowen_marsh_trades_1_for_1_with_the_supply():
    state = run(watch("marsh", hands={0: ["ore"]}), TradeOneForOne("ore", "brick"))
    assert state.players[0].hand == ("brick",)


def test_samwell_tarly_takes_a_resource_when_a_roll_brings_nothing_on_anyones_turn():
    state = watch("tarly", seat=1, rolled=False)
    state = game.apply(game.apply(run(state, Roll()), Dice(12)), WildlingDie(10))
    # Nobody has buildings: Blue (Tarly) got nothing and is asked, during Red's turn.
    assert state.pending[-1].kind == "tarly" and game.to_move(state) == 1
    assert DeclineHero() in game.legal_actions(state)
    state = run(state, TakeResource("ore"))
    assert state.players[1].hand == ("ore",) and state.pending[-1].kind == "hero-after"


def test_samwell_tarly_on_the_b_side_is_offered_again_on_the_next_players_roll():
    """Issue #43 (5): flipping him said "once more from your next turn",
    yet only the turn he was flipped in is barred, and he acts on anyone's
    roll: the next player's roll already offers him. The rule stands (the
    rulebook allows it); the words now say what it does."""
    state = watch("tarly", seat=1, turn=1, rolled=False)
    state = game.apply(game.apply(run(state, Roll()), Dice(12)), WildlingDie(10))
    state = run(state, TakeResource("ore"))
    words = game.preview(game.view(state, 1), FlipHero(), 1)
    assert "your next turn" not in words and "any roll after this turn" in words
    state = run(state, FlipHero(), EndTurn())
    assert state.turn == 2
    state = game.apply(game.apply(run(state, Roll()), Dice(12)), WildlingDie(10))
    assert state.pending[-1].kind == "tarly" and game.to_move(state) == 1
    # A hero who acts on your own turn is back on your next turn, as the words say.
    marsh = run(watch("marsh", hands={0: ["ore"]}), TradeOneForOne("ore", "wool"))
    assert "from your next turn" in game.preview(game.view(marsh, 0), FlipHero(), 0)


def test_samwell_tarly_is_not_asked_on_a_7():
    state = watch("tarly", seat=1, rolled=False)
    state = game.apply(game.apply(run(state, Roll()), Dice(7)), WildlingDie(10))
    assert all(step.kind != "tarly" for step in state.pending)


def test_othell_yarwyck_redirects_a_road_joined_at_one_end_only():
    seats = 4
    a, b, c = (corner(seats, "r1c2", w) for w in ("N", "NE", "SE"))
    roads = path(seats, a, b, c)
    state = watch("yarwyck", settlements={0: [a]}, roads={0: roads})
    moves = [x for x in game.legal_actions(state) if isinstance(x, RedirectRoad)]
    assert {m.edge for m in moves} == {roads[1]}  # the first road joins the settlement and the second road
    target = next(m.to for m in moves)
    state = run(state, RedirectRoad(roads[1], target))
    assert roads[1] not in state.players[0].roads and target in state.players[0].roads


def test_alliser_thorne_builds_a_guard_with_one_resource_replaced():
    state = watch("thorne", hands={0: ["brick", "lumber", "ore"]})
    assert BuildGuard(1) not in game.legal_actions(state)
    state = run(state, BuildGuard(1, instead_of="wool", pay="ore"))
    assert state.wall[1] == (0,) and state.players[0].hand == ()


def test_melisandre_chooses_the_development_card_from_the_top_3():
    state = watch("melisandre", hands={0: ["ore", "wool", "brick"]})
    state = run(state, ChooseDevelopment(instead_of="grain", pay="brick"))
    assert game.to_move(state) == CHANCE and state.pending[-1].count == 3
    for card in ("victory-point", "ranger-patrol", "road-building"):
        state = game.apply(state, PeekDevelopment(card))
    assert state.peek == ("ranger-patrol", "road-building", "victory-point")
    assert game.view(state, 1).peek == ("hidden",) * 3 and game.view(state, 0).peek == state.peek
    deck = len(state.development_deck)
    state = run(state, PickDevelopment("victory-point"))
    assert state.players[0].development == ("victory-point",) and state.peek == ()
    assert len(state.development_deck) == deck + 2
    check_counts(state)


def test_mance_rayder_looks_at_a_leaders_hand_and_takes_a_card():
    seats = 4
    state = watch(
        "mance", settlements={2: [corner(seats, "r2c6", "S")]}, hands={2: ["ore", "wool"], 1: ["brick"]}
    )
    listed = [a for a in game.legal_actions(state) if isinstance(a, TakeFromLeader)]
    assert listed == [TakeFromLeader(2)]  # only Green has more points
    state = run(state, TakeFromLeader(2))
    assert game.view(state, 0).players[2].hand == ("ore", "wool")  # shown to Mance's holder
    assert game.view(state, 1).players[2].hand == ("hidden", "hidden")
    taking, state = state, run(state, TakeCard("wool"))
    assert state.players[0].hand == ("wool",) and state.players[2].hand == ("ore",)
    # Mance's holder and the one looked at read the card taken; the others do not.
    assert "wool" not in log_lines(game, taking, TakeCard("wool"), state, 1)[0]
    assert "wool" in log_lines(game, taking, TakeCard("wool"), state, 0)[0]
    assert "wool" in log_lines(game, taking, TakeCard("wool"), state, 2)[0]
    # The take is told by its own line only: no raw event after it ("mance-takes 0 (2,)").
    for seat in range(seats):
        assert len(log_lines(game, taking, TakeCard("wool"), state, seat)) == 1


def test_benjen_stark_clears_a_camp_the_colder_move_up_and_a_token_is_revealed():
    state = watch("benjen", rolled=False)
    state = replace(state, camps=(("regular", "giant", "climber"), (), ()), frostfangs=(7, 7, 23))
    state = run(state, ClearNorth(clan=0, slot=1))
    assert state.camps[0] == ("regular", "climber") and state.frostfangs == (7, 8, 23)
    assert game.to_move(state) == CHANCE and state.pending[-1].target == 1
    state = game.apply(state, Token("hornfoot/giant"))
    assert state.camps[2] == ("giant",) and state.pending[-1].kind == "hero-after"


def test_benjen_stark_clears_a_clearing():
    state = replace(watch("benjen"), clearings=((), ("regular", "regular"), (), ()), frostfangs=(8, 8, 22))
    state = run(state, ClearNorth(clearing=1, kind="regular"))
    assert state.clearings[1] == ("regular",)


def test_ygritte_sends_a_wildling_in_the_gift_home():
    blocked = tuple("giant" if h == 3 else "" for h in range(21))
    state = replace(watch("ygritte"), blocked=blocked, frostfangs=(8, 7, 24))
    state = run(state, ClearGift(3))
    assert state.blocked[3] == "" and state.frostfangs == (8, 8, 24)


def test_yoren_turns_a_played_patrol_into_a_guard():
    state = watch("yoren")
    player = replace(state.players[0], patrols=3)
    state = replace(state, players=(player,) + state.players[1:], largest_patrol=0)
    state = run(state, PatrolToGuard(2))
    assert state.wall[2] == (0,) and state.players[0].patrols == 2
    assert state.largest_patrol == -1  # under 3 patrols: Largest Patrol is set aside
    assert PatrolToGuard(0) not in game.legal_actions(watch("yoren"))  # no patrol played


def test_qhorin_chases_tormund_home_and_takes_a_resource_of_his_hex():
    state = replace(watch("qhorin"), tormund=hex_id(4, "r0c3"))  # pasture 8
    state = run(state, ChaseTormund())
    assert state.tormund == -1 and state.players[0].hand == ("wool",)
    assert ChaseTormund() not in game.legal_actions(replace(state, turn_number=5))


def test_ranger_patrol_moves_tormund_or_frees_a_hex_for_its_resource():
    board = BOARDS[4]
    blocked = tuple("regular" if h == hex_id(4, "r0c2") else "" for h in range(board.hexes))  # hills 4
    state = replace(watch(development={0: ["ranger-patrol"]}), blocked=blocked, frostfangs=(8, 8, 23))
    state = run(state, PlayDevelopment("ranger-patrol"))
    actions = game.legal_actions(state)
    assert MoveTormund(5) in actions and FreeHex(hex_id(4, "r0c2")) in actions
    state = run(state, FreeHex(hex_id(4, "r0c2")))
    assert state.blocked[hex_id(4, "r0c2")] == "" and state.players[0].hand == ("brick",)
    assert state.frostfangs == (8, 8, 24)


def test_heroes_are_never_traded_or_stolen():
    """No action moves a hero between players: the only ways to change one
    are the flip and the swap with the display after a use."""
    state = watch("marsh", hands={0: ["ore"], 1: ["wool"]})
    for action in game.legal_actions(state):
        after = game.apply(state, action)
        assert [p.hero for p in after.players[1:]] == [p.hero for p in state.players[1:]]
