"""What the screens may ask: the board of a game and its places, points,
trade rates, where pieces may go, why an action is refused, and the screen
API hooks (``prompt``, ``spot``, ``group``) of ``rules.core.screen``."""

from __future__ import annotations

from collections.abc import Hashable

from rules.core import IllegalAction, seat_ref, top

from .apply import apply
from .board import BOARDS, Board
from .edition import COSTS, DEVELOPMENT, HIDDEN, RESOURCES, RULES, TERRAIN_RESOURCE, development_title
from .legal import (
    board_of,
    cost_words,
    playable,
    road_sites,
    settlement_sites,
    setup_settlement_sites,
    trade_rate,
)
from .scoring import PIPS, point_lines, points, production, public_points
from .state import (
    Accept,
    BuildKeep,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    CancelTrade,
    Decline,
    Discard,
    EndTurn,
    MoveTormund,
    Offer,
    OfferTrade,
    PlayDevelopment,
    Player,
    Rob,
    Roll,
    State,
    Step,
    TakeResource,
    TradeWith,
    TradeWithSupply,
)
from .text import corner_name, edge_name, hex_name


def refusal(state: State, action) -> str:
    """Why ``action`` is refused now, in ``apply``'s words ("" if it is allowed)."""
    try:
        apply(state, action)
    except IllegalAction as refused:
        return refused.reason
    return ""


def longest_road_length(state: State, seat: int) -> int:
    return state.players[seat].road_length


def hex_resource(state: State, hex_id: int) -> str:
    """What the hex produces ("" before the variable set-up lays it)."""
    terrain = state.terrain[hex_id]
    return TERRAIN_RESOURCE[terrain] if terrain else ""


# --- the screen API (rules.core.screen) ----------------------------------------------

_PROMPTS = {
    "place-settlement": "{who}, place a settlement (set-up round {count}):",
    "place-road": "{who}, place a road by your new settlement:",
    "start": "{who}, roll the dice (or play a development card first):",
    "turn": "{who}, trade, build, buy or end your turn:",
    "discard": "{who}, return {count} more card(s) to the supply:",
    "tormund": "{who}, move Tormund to another hex:",
    "rob": "{who}, choose whom to steal from:",
    "free-road": "{who}, place a free road ({count} to go):",
    "take": "{who}, take a resource from the supply ({count} to go):",
    "answer": "{who}, {offerer} offers {give} for {get}: accept?",
    "choose": "{who}, choose whom to trade with:",
}


def prompt(state: State, seat: int) -> str:
    """The question for the person to move."""
    from .text import cards_words

    step = top(state.pending)
    if step is None:
        return "The game is over."
    template = _PROMPTS.get(step.kind)
    if template is None:
        return f"{seat_ref(seat)}, choose:"
    offer = state.offer
    return template.format(
        who=seat_ref(step.seat),
        count=step.count,
        offerer=seat_ref(state.turn),
        give=cards_words(offer.give) if offer.give else "",
        get=cards_words(offer.get) if offer.get else "",
    )


def spot(state: State, action) -> Hashable | None:
    """The place on the Gift an action is about: ("corner", id), ("edge", id) or ("hex", id)."""
    if isinstance(action, (BuildSettlement, BuildKeep)):
        return ("corner", action.corner)
    if isinstance(action, BuildRoad):
        return ("edge", action.edge)
    if isinstance(action, MoveTormund):
        return ("hex", action.hex)
    return None


def group(state: State, action) -> tuple[str, ...]:
    """Where an action sits in the action menu during a turn."""
    step = top(state.pending)
    if step is None or step.kind != "turn":
        return ()
    if isinstance(action, BuildRoad):
        return ("Build", "Road")
    if isinstance(action, BuildSettlement):
        return ("Build", "Settlement")
    if isinstance(action, BuildKeep):
        return ("Build", "Keep")
    if isinstance(action, (BuyDevelopment, PlayDevelopment)):
        return ("Development card",)
    if isinstance(action, TradeWithSupply):
        return ("Trade", "With the supply")
    if isinstance(action, OfferTrade):
        return ("Trade", "Offer to players")
    return ()


__all__ = [
    "BOARDS",
    "COSTS",
    "DEVELOPMENT",
    "HIDDEN",
    "PIPS",
    "RESOURCES",
    "RULES",
    "TERRAIN_RESOURCE",
    "Accept",
    "Board",
    "BuildKeep",
    "BuildRoad",
    "BuildSettlement",
    "BuyDevelopment",
    "CancelTrade",
    "Decline",
    "Discard",
    "EndTurn",
    "MoveTormund",
    "Offer",
    "OfferTrade",
    "PlayDevelopment",
    "Player",
    "Rob",
    "Roll",
    "Step",
    "TakeResource",
    "TradeWith",
    "TradeWithSupply",
    "board_of",
    "corner_name",
    "cost_words",
    "development_title",
    "edge_name",
    "group",
    "hex_name",
    "hex_resource",
    "longest_road_length",
    "playable",
    "point_lines",
    "points",
    "production",
    "prompt",
    "public_points",
    "refusal",
    "road_sites",
    "settlement_sites",
    "setup_settlement_sites",
    "spot",
    "trade_rate",
]
