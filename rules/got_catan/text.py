"""The words of the game: log lines for actions (``describe``), action-bar
labels (``label``), and log lines for what the rules did by themselves
(``effects``, from the events of the automatic steps).

A log line never names a card another seat may not see: a development card
drawn is "a development card", and a stolen card is "a card" to everyone but
the thief and the victim (``view_action`` tells each seat's line). Only the
label of a chance outcome names it: that is the answer table mode lists
for the player who saw it.

Registration points (``layers``): a variant's layer gives the labels and
log lines of its own actions (``label``, ``describe``) and the lines of
its events (``line``); the base asks it first, and it answers "" for
anything not its own.
"""

from __future__ import annotations

from castletui.rules.core import Event, seat_ref, top

from .board import BOARDS, SIDE_NAMES
from .chance import UNSEEN
from .edition import HIDDEN, RULES, development_title
from .layers import LAYERS
from .legal import trade_rate
from .state import (
    Accept,
    BuildKeep,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    CancelTrade,
    Decline,
    Dice,
    Discard,
    DrawDevelopment,
    EndTurn,
    ForcedTrade,
    MoveTormund,
    OfferTrade,
    PlaceTerrain,
    PlayDevelopment,
    Rob,
    Roll,
    ShowVictoryPoint,
    State,
    Steal,
    TakeFromLeader,
    TakeResource,
    TradeWith,
    TradeWithSupply,
)


def hex_name(state: State, hex_id: int) -> str:
    """ "hills 4 (hex 3 of row 1)"; "the 4, hex 3 of row 1" before its
    terrain is laid (no label on the map names a hex: its row and place
    in the row do)."""
    board = BOARDS[len(state.players)]
    number = board.hex_numbers[hex_id]
    terrain = state.terrain[hex_id]
    where = board.hex_places[hex_id]
    return f"{terrain} {number} ({where})" if terrain else f"the {number}, {where}"


def _hexes_by(state: State, hexes: tuple[int, ...]) -> str:
    board = BOARDS[len(state.players)]
    names = [f"{state.terrain[h] or 'hex'} {board.hex_numbers[h]}" for h in hexes]
    return ", ".join(names)


def corner_name(state: State, corner: int) -> str:
    """ "corner 12 (hills 4, pasture 8)"."""
    board = BOARDS[len(state.players)]
    return f"corner {corner} ({_hexes_by(state, board.corner_hexes[corner])})"


def _hex_words(state: State, hex_id: int) -> str:
    """ "hills 4", with where it lies ("hills 4 (hex 3 of row 2)") when
    another hex reads the same; "the 4 (hex 3 of row 1)" before its
    terrain is laid."""
    board = BOARDS[len(state.players)]
    number, terrain = board.hex_numbers[hex_id], state.terrain[hex_id]
    if not terrain:
        return f"the {number} ({board.hex_places[hex_id]})"
    twins = [h for h in range(board.hexes) if state.terrain[h] == terrain and board.hex_numbers[h] == number]
    where = f" ({board.hex_places[hex_id]})" if len(twins) > 1 else ""
    return f"{terrain} {number}{where}"


def edge_place(state: State, edge: int) -> str:
    """Which path it is, in words a player finds on the map: "between
    hills 4 and pasture 8" (two hexes share one path), or "on the NE side
    of hills 4" for a path of the border (one hex)."""
    board = BOARDS[len(state.players)]
    hexes = board.edge_hexes[edge]
    if len(hexes) == 2:
        return f"between {_hex_words(state, hexes[0])} and {_hex_words(state, hexes[1])}"
    side = SIDE_NAMES[board.hex_edges[hexes[0]].index(edge)]
    return f"on the {side} side of {_hex_words(state, hexes[0])}"


def edge_name(state: State, edge: int) -> str:
    """ "the path between hills 4 and pasture 8", "the path on the NE side
    of hills 4"."""
    return f"the path {edge_place(state, edge)}"


def cards_words(cards: tuple[str, ...]) -> str:
    """ "2 brick and 1 ore"."""
    if not cards:
        return "nothing"
    order = list(dict.fromkeys(cards))
    parts = [f"{cards.count(card)} {card}" for card in order]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def label(view: State, action) -> str:
    """The short action-bar text (a chance outcome: what came up)."""
    hook = LAYERS[view.variant].label
    words = hook(view, action) if hook is not None else ""
    if words:
        return words
    if isinstance(action, PlaceTerrain):
        return action.terrain
    if isinstance(action, Dice):
        return str(action.total)
    if isinstance(action, DrawDevelopment):
        return "Drawn, kept secret" if action.card == UNSEEN else development_title(action.card)
    if isinstance(action, Steal):
        return action.resource
    if isinstance(action, ShowVictoryPoint):
        return "Show a Victory Point card"
    if isinstance(action, Roll):
        return "Roll the dice"
    if isinstance(action, BuildRoad):
        return f"Road {edge_place(view, action.edge)}"
    if isinstance(action, BuildSettlement):
        return f"Settlement on {corner_name(view, action.corner)}"
    if isinstance(action, BuildKeep):
        return f"Keep on {corner_name(view, action.corner)}"
    if isinstance(action, BuyDevelopment):
        return "Buy a development card"
    if isinstance(action, PlayDevelopment):
        return f"Play {development_title(action.card)}"
    if isinstance(action, TakeResource):
        return f"Take {action.resource}"
    if isinstance(action, Discard):
        return f"Return {action.resource}"
    if isinstance(action, MoveTormund):
        return f"Tormund to {hex_name(view, action.hex)}"
    if isinstance(action, Rob):
        return f"Steal from {seat_ref(action.victim)}"
    if isinstance(action, TradeWithSupply):
        step = top(view.pending)
        rate = _rate(view, step.seat if step is not None else -1, action.give)
        return f"{rate} {action.give} for 1 {action.get} (supply)"
    if isinstance(action, OfferTrade):
        return offer_label(action)
    if isinstance(action, Accept):
        return "Accept"
    if isinstance(action, Decline):
        return "Decline"
    if isinstance(action, TradeWith):
        return f"Trade with {seat_ref(action.seat)}"
    if isinstance(action, CancelTrade):
        return "Withdraw the offer"
    if isinstance(action, EndTurn):
        return "End turn"
    return str(action)


def one_card(resource: str) -> str:
    """ "1 ore", or "a card" for one the reader may not know (HIDDEN)."""
    return "a card" if resource in (HIDDEN, UNSEEN) else f"1 {resource}"


def _rate(state: State, seat: int, resource: str) -> int:
    return trade_rate(state, seat, resource) if seat >= 0 else RULES.supply_rate


def offer_label(offer: OfferTrade) -> str:
    """An offer between players in the action bar and the trade dialog."""
    return f"Offer {cards_words(offer.giving)} for {cards_words(offer.getting)}{_to(offer.to)}"


def _to(to: int) -> str:
    return "" if to < 0 else f" to {seat_ref(to)}"


def describe(state: State, action) -> str:
    """One log line for ``action``, told before it is applied."""
    step = top(state.pending)
    seat = step.seat if step is not None else -1
    who = seat_ref(seat)
    kind = step.kind if step is not None else ""
    hook = LAYERS[state.variant].describe
    words = hook(state, action) if hook is not None else ""
    if words:
        return words
    if isinstance(action, PlaceTerrain):
        target = step.target if step is not None else 0
        board = BOARDS[len(state.players)]
        return f"{action.terrain.capitalize()} goes on the {board.hex_numbers[target]}, {board.hex_places[target]}."
    if isinstance(action, Roll):
        return f"{who} rolls the dice."
    if isinstance(action, Dice):
        return f"{who} rolls {action.total}."
    if isinstance(action, DrawDevelopment):
        return f"{who} draws a development card."
    if isinstance(action, Steal):
        victim = step.target if step is not None else -1
        return f"{who} steals {one_card(action.resource)} from {seat_ref(victim)}."
    if isinstance(action, BuildRoad):
        verb = {"place-road": "places a road", "free-road": "builds a free road"}.get(kind, "builds a road")
        return f"{who} {verb} {edge_place(state, action.edge)}."
    if isinstance(action, BuildSettlement):
        verb = "places a settlement" if kind == "place-settlement" else "builds a settlement"
        return f"{who} {verb} on {corner_name(state, action.corner)}."
    if isinstance(action, BuildKeep):
        return f"{who} builds a keep on {corner_name(state, action.corner)}."
    if isinstance(action, BuyDevelopment):
        return f"{who} buys a development card."
    if isinstance(action, PlayDevelopment):
        return f"{who} plays {development_title(action.card)}."
    if isinstance(action, ShowVictoryPoint):
        return f"{who} shows a Victory Point card."
    if isinstance(action, TakeResource):
        return f"{who} takes 1 {action.resource} from the supply."
    if isinstance(action, Discard):
        return f"{who} returns 1 {action.resource} to the supply."
    if isinstance(action, MoveTormund):
        return f"{who} moves Tormund to {hex_name(state, action.hex)}."
    if isinstance(action, Rob):
        return f"{who} chooses to steal from {seat_ref(action.victim)}."
    if isinstance(action, TradeWithSupply):
        return f"{who} trades {_rate(state, seat, action.give)} {action.give} with the supply for 1 {action.get}."
    if isinstance(action, OfferTrade):
        to = "everyone" if action.to < 0 else seat_ref(action.to)
        return f"{who} offers {cards_words(action.giving)} for {cards_words(action.getting)} to {to}."
    if isinstance(action, Accept):
        return f"{who} accepts the offer."
    if isinstance(action, Decline):
        return f"{who} declines the offer."
    if isinstance(action, TradeWith):
        offer = state.offer
        return (
            f"{who} trades {cards_words(offer.give)} for {cards_words(offer.get)} with {seat_ref(action.seat)}."
            if offer.give
            else f"{who} trades with {seat_ref(action.seat)}."
        )
    if isinstance(action, CancelTrade):
        return f"{who} withdraws the offer."
    if isinstance(action, EndTurn):
        return f"{who} ends their turn."
    return str(action)


# --- effects: what the rules did by themselves -----------------------------------


def _line(state: State, event: Event) -> str:
    who = seat_ref(event.seat)
    detail = event.detail
    kind = event.kind
    if kind == "production":
        return f"{who} collects {' and '.join(detail)}."
    if kind == "no-production":
        return f"A {detail[0]}: nobody collects anything."
    if kind == "tormund-holds":
        return f"Tormund keeps {hex_name(state, detail[0])} from producing."
    if kind == "shortage":
        resource, left, owed = detail
        return f"The supply has {left} {resource} for {owed} owed: nobody gets {resource}."
    if kind == "short-one":
        resource, left, owed = detail
        return f"The supply has only {left} {resource} of the {owed} owed: {who} takes what is left."
    if kind == "must-discard":
        count, hand = detail
        return f"{who} holds {hand} cards and must return {count} to the supply."
    if kind == "nobody-to-rob":
        return "Nobody by Tormund has a card to steal."
    if kind == "starting-cards":
        return f"{who}'s second settlement brings {cards_words(tuple(detail))}."
    if kind == "no-road-room":
        return f"No free path is left by {who}'s settlement: no set-up road."
    if kind == "no-free-road":
        count, why = detail
        if why == "pieces":
            return f"{who} has no road pieces left: {count} free road(s) lost."
        return f"{who} has nowhere to build: {count} free road(s) lost."
    if kind == "supply-empty":
        return f"The supply is empty: {who} takes nothing more."
    if kind == "no-takers":
        return "Nobody accepts the offer."
    if kind == "turn":
        return f"{who}'s turn."
    if kind == "longest-road":
        length, before = detail
        line = f"{who} takes Longest Road with {length} segments"
        return f"{line} from {seat_ref(before)}." if before >= 0 else f"{line}."
    if kind == "longest-road-aside":
        return f"{who}'s road is broken: Longest Road is set aside until one road is the longest."
    if kind == "largest-patrol":
        count, before = detail
        line = f"{who} takes Largest Patrol with {count} Ranger Patrols"
        return f"{line} from {seat_ref(before)}." if before >= 0 else f"{line}."
    if kind == "won":
        return f"{who} has {detail[0]} victory points on their own turn and wins."
    hook = LAYERS[state.variant].line
    words = hook(state, event) if hook is not None else None
    # None: nobody has words for it (said raw, never lost); "": said by the action's own line.
    return f"{kind} {who} {detail}" if words is None else words


def effects(before: State, action, after: State) -> list[str]:
    """Log lines for what the rules did by themselves after ``action``."""
    lines = (_line(after, event) for event in after.events)
    return [line for line in lines if line]


def shown(before: State, action, after: State, seat: int) -> str:
    """What ``action`` showed ``seat`` of the cards hidden from it, in the
    game's words, for undo to say why it stands (rules.core.reveals tells
    whether it did): Mance Rayder's look, a forced trade, the game's end."""
    if isinstance(action, TakeFromLeader):
        return f"{seat_ref(action.victim)}'s hand"
    if isinstance(action, ForcedTrade):
        asked = [seat_ref(other) for other in (action.first, action.second) if other >= 0]
        return f"whether {' and '.join(asked)} held {action.resource}"
    if after.winner >= 0:
        return "every hand, as the game ended"
    return "cards hidden from you"
