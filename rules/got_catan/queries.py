"""What the screens may ask: the board of a game and its places, points,
trade rates, where pieces may go, why an action is refused, the build
menu with what each seat can afford, and the screen API hooks (``prompt``,
``spot``, ``group``, ``preview``, ``refusals``) of ``rules.core.screen``,
each given a seat's ``view`` ("why not?" from legal's reasons, the words
``apply`` refuses with).

Registration points (``layers``): a variant adds the question of each of
its own kinds of step to ``PROMPTS``; its layer places its actions on the
board (``spot``) and in the turn menu (``group``), previews them, adds its
"why not?" lines (``refusals``) and its rows to the build menu, and says
what its development cards do. A variant's own queries (Brotherhood's Wall
and heroes) live in its subpackage.
"""

from __future__ import annotations

from collections.abc import Hashable

from castletui.rules.core import IllegalAction, seat_ref, top

from .apply import apply
from .board import BOARDS, Board
from .chance import UNSEEN, cards_left, could_be
from .edition import (
    COST_ORDER,
    COSTS,
    DEVELOPMENT,
    HIDDEN,
    RESOURCES,
    RULES,
    TERRAIN_RESOURCE,
    VICTORY_POINT,
    development_title,
)
from .layers import BASE, LAYERS
from .legal import (
    ROLL_FIRST,
    board_of,
    buy_reason,
    cost_reason,
    cost_words,
    keep_reason,
    offers_closed_reason,
    play_reason,
    playable,
    road_reason,
    road_sites,
    rob_victims,
    settlement_reason,
    settlement_sites,
    setup_settlement_sites,
    trade_rate,
)
from .scoring import PIPS, point_lines, points, production, public_points
from .state import (
    Accept,
    BuildGuard,
    BuildKeep,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    CancelTrade,
    Decline,
    DeclineHero,
    Discard,
    EndTurn,
    FlipHero,
    FreeHex,
    MoveTormund,
    Offer,
    OfferTrade,
    PlaceGuard,
    PlayDevelopment,
    Player,
    Rob,
    Roll,
    ShowVictoryPoint,
    State,
    Step,
    SwapHero,
    TakeResource,
    TradeWith,
    TradeWithSupply,
)
from .text import cards_words, corner_name, edge_name, hex_name


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

PROMPTS = {
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
"""The question at each kind of decision (a variant adds its own)."""


def prompt(view: State, seat: int) -> str:
    """The question for the person to move."""
    step = top(view.pending)
    if step is None:
        return "The game is over."
    template = PROMPTS.get(step.kind)
    if template is None:
        return f"{seat_ref(seat)}, choose:"
    offer = view.offer
    return template.format(
        who=seat_ref(step.seat),
        count=step.count,
        offerer=seat_ref(view.turn),
        give=cards_words(offer.give) if offer.give else "",
        get=cards_words(offer.get) if offer.get else "",
        target=seat_ref(step.target),
    )


def spot(view: State, action) -> Hashable | None:
    """The place on the Gift an action is about: ("corner", id), ("edge", id) or ("hex", id)."""
    if isinstance(action, (BuildSettlement, BuildKeep)):
        return ("corner", action.corner)
    if isinstance(action, BuildRoad):
        return ("edge", action.edge)
    if isinstance(action, MoveTormund):
        return ("hex", action.hex)
    hook = LAYERS[view.variant].spot
    return hook(action) if hook is not None else None


def group(view: State, action) -> tuple[str, ...]:
    """Where an action sits in the action menu during a turn."""
    step = top(view.pending)
    if step is None or step.kind != "turn":
        return ()
    if isinstance(action, BuildRoad):
        return ("Build", "Road")
    if isinstance(action, BuildSettlement):
        return ("Build", "Settlement")
    if isinstance(action, BuildKeep):
        return ("Build", "Keep")
    if isinstance(action, (BuyDevelopment, PlayDevelopment, ShowVictoryPoint)):
        return ("Development card",)
    if isinstance(action, TradeWithSupply):
        return ("Trade", "With the supply")
    if isinstance(action, OfferTrade):
        return ("Trade", OFFER_TO_PLAYERS)
    hook = LAYERS[view.variant].group
    return hook(action) if hook is not None else ()


_THINGS = (
    ("settlement", "Settlement"),
    ("keep", "Keep"),
    ("road", "Road"),
    ("development", "Development card"),
)
"""The build menu, most points first."""

_WHAT_CARDS_DO = {
    "ranger-patrol": "move Tormund and steal a card; 3 patrols take Largest Patrol (2 VP)",
    "road-building": f"build {RULES.road_building_roads} roads for free",
    "winter-is-coming": f"take {RULES.winter_cards} resource cards of your choice from the supply",
    "victory-point": "1 victory point, kept face down until you win",
}


def build_menu(state: State, seat: int) -> list[tuple[str, tuple[str, ...], str]]:
    """The build cost card for ``seat``: each thing (title), its cost
    (resources in the cost card's order, repeated as often as paid) and why
    ``seat`` cannot buy it now ("" when the hand pays for it and a piece is
    left)."""
    player = state.players[seat]
    menu = []
    for thing, title in _THINGS:
        if thing == "development":
            reason = buy_reason(state, seat)
        else:
            reason = cost_reason(thing, player.hand)
            pieces = {
                "road": state.road_limit - len(player.roads),
                "settlement": RULES.settlements - len(player.settlements),
                "keep": RULES.keeps - len(player.keeps),
            }[thing]
            if not reason and pieces <= 0:
                reason = f"You have no {thing}s left."
        menu.append((title, cost_row(thing), reason))
    hook = LAYERS[state.variant].build_menu
    return menu + hook(state, seat) if hook is not None else menu


def cost_row(thing: str) -> tuple[str, ...]:
    """The cost of ``thing``: resources in the cost card's order, repeated as often as paid."""
    cost = COSTS[thing]
    return tuple(r for r in COST_ORDER[thing] for _ in range(cost.count(r)))


def what_card_does(card: str, variant: str = "base") -> str:
    """What a development card does, in a few words (as ``variant`` plays it)."""
    return LAYERS.get(variant, BASE).cards_do.get(card) or _WHAT_CARDS_DO.get(card, "")


def _pips_words(state: State, hexes) -> str:
    board = board_of(state)
    parts = []
    total = 0
    for hex_id in hexes:
        terrain = state.terrain[hex_id]
        if not terrain:
            continue
        number = board.hex_numbers[hex_id]
        total += PIPS[number]
        parts.append(f"{TERRAIN_RESOURCE[terrain]} on {number}")
    if not parts:
        return "nothing"
    return f"{', '.join(parts)} ({total} in 36 rolls)"


def preview(view: State, action, seat: int) -> str:
    """What choosing ``action`` would do, as ``seat`` may know it (a
    variant's layer first: its own actions and its roll)."""
    hook = LAYERS[view.variant].preview
    words = hook(view, action, seat) if hook is not None else ""
    if words:
        return words
    board = board_of(view)
    step = top(view.pending)
    kind = step.kind if step is not None else ""
    setup_step = kind in ("place-settlement", "place-road")
    if isinstance(action, BuildRoad):
        if setup_step or kind == "free-road":
            return "Free. Roads lead to new settlement sites."
        after = apply(view, action)
        length = after.players[seat].road_length
        return f"Pays {cost_words('road')}; your longest road: {length}."
    if isinstance(action, BuildSettlement):
        corner = action.corner
        words = f"1 VP; collects {_pips_words(view, board.corner_hexes[corner])}"
        route, rate = board.corner_routes[corner]
        if rate:
            words += f"; trade route {rate}:1 {route or 'any resource'}"
        if setup_step:
            return words + "."
        return f"{words}. Pays {cost_words('settlement')}."
    if isinstance(action, BuildKeep):
        return (
            f"+1 VP and double: {_pips_words(view, board.corner_hexes[action.corner])}. "
            f"Pays {cost_words('keep')}."
        )
    if isinstance(action, BuyDevelopment):
        return f"Pays {cost_words('development')}; {cards_left(view)} cards left in the deck."
    if isinstance(action, PlayDevelopment):
        does = f"{development_title(action.card)}: {what_card_does(action.card, view.variant)}."
        if action.card not in view.players[seat].development:
            return f"Names one of your unseen cards. {does}"
        return does
    if isinstance(action, ShowVictoryPoint):
        return "One of your unseen cards is a Victory Point: shown, it counts 1 VP from now on."
    if isinstance(action, MoveTormund):
        hex_id = action.hex
        number = board.hex_numbers[hex_id]
        owners = sorted({view.corner_owner[c] for c in board.hex_corners[hex_id]} - {-1, seat})
        robbed = [owner for owner in owners if view.players[owner].hand]
        blocks = f"Blocks the {number} ({PIPS[number]} in 36 rolls)"
        if not owners:
            return f"{blocks}; nobody to steal from there."
        names = " or ".join(seat_ref(owner) for owner in robbed)
        return f"{blocks}; steal from {names}." if robbed else f"{blocks}; nobody there holds a card."
    if isinstance(action, Rob):
        return f"{seat_ref(action.victim)} holds {len(view.players[action.victim].hand)} cards: you take one at random."
    if isinstance(action, Discard):
        left = len(view.players[seat].hand) - 1
        more = step.count - 1 if step is not None else 0
        return f"You keep {left} cards" + (f"; {more} more to return." if more else ".")
    if isinstance(action, TradeWithSupply):
        rate = trade_rate(view, seat, action.give)
        return f"You give {rate} {action.give} and get 1 {action.get}."
    if isinstance(action, OfferTrade):
        left = view.offer_limit - view.offers_made - 1
        return f"Everyone may accept or decline; then you pick one. {left} offers left this turn."
    if isinstance(action, Accept):
        offer = view.offer
        return f"You give {cards_words(offer.get)} and get {cards_words(offer.give)}, if {seat_ref(view.turn)} picks you."
    if isinstance(action, Decline):
        return "Your cards stay as they are."
    if isinstance(action, TradeWith):
        offer = view.offer
        return (
            f"You give {cards_words(offer.give)} to {seat_ref(action.seat)} and get {cards_words(offer.get)}."
        )
    if isinstance(action, TakeResource):
        return f"{view.supply[RESOURCES.index(action.resource)]} {action.resource} left in the supply."
    if isinstance(action, Roll):
        return "Hexes with the number produce; a 7 brings Tormund."
    if isinstance(action, EndTurn):
        return f"{seat_ref((seat + 1) % len(view.players))} plays next."
    return ""


__all__ = [
    "BuildGuard",
    "PlaceGuard",
    "FreeHex",
    "FlipHero",
    "SwapHero",
    "DeclineHero",
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
    "build_menu",
    "cards_words",
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
    "preview",
    "points",
    "production",
    "prompt",
    "public_points",
    "refusal",
    "refusals",
    "ShowVictoryPoint",
    "UNSEEN",
    "rob_victims",
    "road_sites",
    "settlement_sites",
    "setup_settlement_sites",
    "spot",
    "trade_rate",
    "what_card_does",
]


# --- why not? (the screen API's refusals, from legal's reasons) -----------------------

OFFER_TO_PLAYERS = "Offer to players"
"""The menu group of offers between players, and the label of why none may be made."""
_NO_SETTLEMENT_SITE = "A settlement needs a free corner on your roads, two paths from any other building."
_NO_ROAD_SITE = "No free path joins your roads, settlements or keeps."


def refusals(view: State, seat: int) -> list[tuple[str, str]]:
    """Why not? What ``seat`` might expect to do at their turn but may not
    now, each (label, reason) in the words ``apply`` refuses it with (the
    same reason functions): first each development card held that may not
    be played now (the question a player asks most: "why can't I play
    it?"); then before the roll, building; after it, each piece they cannot
    build or buy anywhere, in the build cost card's order."""
    if not view.pending:
        return []
    step = view.pending[-1]
    if step.seat != seat or step.kind not in ("start", "turn"):
        return []
    found: list[tuple[str, str]] = []
    for card in dict.fromkeys(view.players[seat].development):
        if card == UNSEEN:
            # Table mode: why none of the cards it could be may be played now.
            kinds = LAYERS[view.variant].playable
            could = [kind for kind in kinds if could_be(view, seat, kind, bought_ok=True)]
            reasons = [play_reason(view, seat, kind) for kind in could]
            if reasons and all(reasons):
                found.append(("Play a development card", reasons[0]))
        elif card in DEVELOPMENT and card != VICTORY_POINT:
            reason = play_reason(view, seat, card)
            if reason:
                found.append((f"Play {development_title(card)}", reason))
    if step.kind == "start":
        found.append(("Build or trade", ROLL_FIRST))
        return found
    player = view.players[seat]
    sites = settlement_sites(view, seat)
    reason = settlement_reason(view, seat, sites[0]) if sites else _NO_SETTLEMENT_SITE
    if reason:
        found.append(("Settlement", reason))
    if player.settlements:
        reason = keep_reason(view, seat, player.settlements[0])
    else:
        reason = "A keep replaces one of your settlements: you have none on the Gift."
    if reason:
        found.append(("Keep", reason))
    edges = road_sites(view, seat)
    reason = road_reason(view, seat, edges[0]) if edges else _NO_ROAD_SITE
    if reason:
        found.append(("Road", reason))
    reason = buy_reason(view, seat)
    if reason:
        found.append(("Development card", reason))
    reason = offers_closed_reason(view) or ("" if player.hand else "You hold no cards to offer.")
    if reason:
        found.append((OFFER_TO_PLAYERS, reason))
    hook = LAYERS[view.variant].refusals
    return found + hook(view, seat) if hook is not None else found
