"""Trading (spec "Base game": trade with the player to move, or the supply
at 4:1, 3:1 or 2:1 by the trade routes you touch): offers to one player or
to all, each asked player's own answer, the offerer's choice, the limit of
offers per turn."""

import castletui.rules.got_catan as game
import pytest
from castletui.rules.core import IllegalAction
from castletui.rules.got_catan import legal, queries
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.state import (
    Accept,
    BuildRoad,
    CancelTrade,
    Decline,
    EndTurn,
    OfferTrade,
    TradeWith,
    TradeWithSupply,
)
from msgspec.structs import replace

from .helpers import check_counts, corner, run, table


def test_the_supply_trades_four_for_one():
    state = table(hands={0: ["brick"] * 4})
    state = run(state, TradeWithSupply("brick", "ore"))
    assert state.players[0].hand == ("ore",)
    check_counts(state)
    with pytest.raises(IllegalAction, match="Trading brick with the supply takes 4; you have 3"):
        game.apply(table(hands={0: ["brick"] * 3}), TradeWithSupply("brick", "ore"))


def test_a_trade_route_you_touch_gives_two_for_one_in_its_resource_only():
    board = BOARDS[4]
    route_edge, resource, _ = next(r for r in board.route_edges if r[1] == "lumber")
    site = board.edge_corners[route_edge][0]
    state = table(settlements={0: [site]}, hands={0: ["lumber", "lumber", "ore", "ore"]})
    assert legal.trade_rate(state, 0, "lumber") == 2 and legal.trade_rate(state, 0, "ore") == 4
    state = run(state, TradeWithSupply("lumber", "wool"))
    assert state.players[0].hand == ("ore", "ore", "wool")
    assert legal.trade_rate(table(), 0, "lumber") == 4


def test_the_supply_must_have_the_card():
    state = replace(table(hands={0: ["brick"] * 4}), supply=(19, 19, 19, 0, 19))
    with pytest.raises(IllegalAction, match="The supply has no ore left"):
        game.apply(state, TradeWithSupply("brick", "ore"))


def test_an_offer_to_everyone_is_answered_by_each_then_the_offerer_chooses():
    state = table(hands={0: ["brick", "brick"], 1: ["ore"], 2: ["ore", "wool"], 3: []})
    state = run(state, OfferTrade.of(("brick",), ("ore",)))
    assert [game.to_move(state)] == [1] and game.legal_actions(state) == [Accept(), Decline()]
    state = run(state, Accept())
    assert game.to_move(state) == 2
    state = run(state, Accept())
    assert game.to_move(state) == 3 and game.legal_actions(state) == [Decline()]
    with pytest.raises(IllegalAction, match="You do not hold the cards asked for"):
        game.apply(state, Accept())
    state = run(state, Decline())
    assert game.to_move(state) == 0
    assert game.legal_actions(state) == [TradeWith(1), TradeWith(2), CancelTrade()]
    assert game.describe(state, TradeWith(2)) == "{P0} trades 1 brick for 1 ore with {P2}."
    state = run(state, TradeWith(2))
    assert state.players[0].hand == ("brick", "ore") and state.players[2].hand == ("brick", "wool")
    assert state.pending[-1].kind == "turn" and not state.offer.give
    check_counts(state)


def test_an_offer_to_one_player_asks_only_them_and_can_be_withdrawn():
    state = table(hands={0: ["brick", "wool"], 2: ["ore", "ore"]})
    state = run(state, OfferTrade.of(("brick", "wool"), ("ore", "ore"), to=2), check_listed=False)
    assert game.to_move(state) == 2
    state = run(state, Accept(), CancelTrade())
    assert state.players[0].hand == ("brick", "wool")


def test_nobody_accepting_closes_the_offer():
    state = table(hands={0: ["brick"]})
    state = run(state, OfferTrade.of(("brick",), ("ore",)), Decline(), Decline(), Decline())
    assert "Nobody accepts the offer." in game.effects(None, None, state)
    assert state.pending[-1].kind == "turn"


def test_offers_are_limited_per_turn_and_the_limit_resets_next_turn():
    state = table(hands={0: ["brick"]}, options={"trade_offers": 2})
    for _ in range(2):
        state = run(state, OfferTrade.of(("brick",), ("ore",)), Decline(), Decline(), Decline())
    assert not any(isinstance(a, OfferTrade) for a in game.legal_actions(state))
    with pytest.raises(IllegalAction, match="You have made 2 offers this turn"):
        game.apply(state, OfferTrade.of(("brick",), ("ore",)))
    state = run(state, EndTurn())
    assert state.offers_made == 0


def test_trading_between_players_can_be_switched_off():
    state = table(hands={0: ["brick"]}, options={"trade_offers": 0})
    with pytest.raises(IllegalAction, match="Trading between players is off"):
        game.apply(state, OfferTrade.of(("brick",), ("ore",)))


@pytest.mark.parametrize(
    ("offer", "reason"),
    [
        (OfferTrade.of(("ore",), ("brick",)), "You do not hold the cards you offer"),
        (OfferTrade.of(("brick",), ("brick",)), "Do not offer and ask for the same resource"),
        (OfferTrade.of(("brick",), ()), "Offer at least one card for at least one card"),
        (OfferTrade.of(("brick",), ("ore",), to=0), "Offer the trade to another player"),
        (OfferTrade.of(("gold",), ("ore",)), "Trade resource cards"),
    ],
)
def test_a_bad_offer_is_refused_with_the_reason(offer, reason):
    with pytest.raises(IllegalAction, match=reason):
        game.apply(table(hands={0: ["brick"]}), offer)


def test_no_trading_or_building_before_the_roll():
    state = table(hands={0: ["brick"] * 4}, settlements={0: [corner(4, "r1c3", "N")]}, rolled=False)
    with pytest.raises(IllegalAction, match="Roll the dice first"):
        game.apply(state, TradeWithSupply("brick", "ore"))
    with pytest.raises(IllegalAction, match="Roll the dice first"):
        game.apply(state, BuildRoad(0))


def test_why_no_offer_can_be_made_is_among_the_refusals():
    """Why not? says why no offer between players may be made this turn at
    all, in the words ``apply`` refuses an offer with (``t`` shows it)."""
    label = "Offer to players"
    assert dict(game.refusals(table(hands={0: []}), 0))[label] == "You hold no cards to offer."
    assert label not in dict(game.refusals(table(hands={0: ["brick"]}), 0))
    off = table(hands={0: ["brick"]}, options={"trade_offers": 0})
    assert dict(game.refusals(off, 0))[label] == queries.refusal(off, OfferTrade.of(("brick",), ("ore",)))
    state = table(hands={0: ["brick"]}, options={"trade_offers": 1})
    state = run(state, OfferTrade.of(("brick",), ("ore",)), Decline(), Decline(), Decline())
    assert dict(game.refusals(state, 0))[label] == "You have made 1 offer this turn, the most a turn allows."
