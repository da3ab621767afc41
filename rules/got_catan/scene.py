"""What a seat's screen draws (rules/core/scene.py): the Gift (its layout,
terrain, Tormund, the wildlings on it, every building and road), each
player's row of the players panel, the seat's own hand, cards and build
cost card, the trade desk the trade dialog asks, and in Brotherhood of the
Watch the Wall board and the seat's hero (:class:`Watch`, filled by the
layer's ``scene`` hook: the base modules never import the layer).

``scene(view, seat)`` reads the seat's view only; the app draws the scene
and nothing else. Each frame makes one, so it is cheap: the Gift's layout
is made once per layout, and the rest is tuples the view holds already or
the counts the players panel showed before it.
"""

from __future__ import annotations

from functools import cache

import msgspec
from castletui.rules.core.protocol import Result
from castletui.rules.core.scene import Scene

from .board import BOARDS
from .chance import UNSEEN
from .edition import HIDDEN, RESOURCES, TERRAIN_RESOURCE, development_title
from .layers import LAYERS
from .legal import offer_terms_reason, offers_closed_reason
from .menu import build_rows
from .scoring import PIPS, points, public_points, result
from .state import OfferTrade, State
from .text import offer_label

_PART = {"frozen": True, "kw_only": True}


# --- the Gift ---------------------------------------------------------------------


class GiftLayout(msgspec.Struct, **_PART):
    """The Gift's places of one layout, numbered as the rules number them
    (rules/got_catan/board.py): the same for every game of ``seats``."""

    seats: int
    hex_numbers: tuple[int, ...]
    hex_pips: tuple[int, ...]  # rolls of 36 that bring each hex's number
    hex_corners: tuple[tuple[int, ...], ...]  # N, NE, SE, S, SW, NW
    hex_edges: tuple[tuple[int, ...], ...]
    corner_points: tuple[tuple[int, int], ...]  # (X, Y) on the board's grid
    edge_corners: tuple[tuple[int, int], ...]
    edge_hexes: tuple[tuple[int, ...], ...]
    route_edges: tuple[tuple[int, str, int], ...]  # (edge, resource or "" for any, rate)
    hex_places: tuple[str, ...] = ()  # "hex 4 of row 1": where a player finds a hex on the map
    corner_hexes: tuple[tuple[int, ...], ...] = ()  # the hexes round each corner, as its name lists them


@cache
def gift_layout(seats: int) -> GiftLayout:
    board = BOARDS[seats]
    return GiftLayout(
        seats=seats,
        hex_numbers=board.hex_numbers,
        hex_pips=tuple(PIPS[number] for number in board.hex_numbers),
        hex_corners=board.hex_corners,
        hex_edges=board.hex_edges,
        corner_points=board.corner_points,
        edge_corners=board.edge_corners,
        edge_hexes=board.edge_hexes,
        route_edges=board.route_edges,
        hex_places=board.hex_places,
        corner_hexes=board.corner_hexes,
    )


class Gift(msgspec.Struct, **_PART):
    """The Gift as it stands."""

    layout: GiftLayout
    terrain: tuple[str, ...]  # per hex; "" until the variable set-up lays it
    resources: tuple[str, ...]  # per hex: what it produces ("" not laid yet)
    tormund: int  # his hex; -1: his camp, off the Gift
    blocked: tuple[str, ...]  # Brotherhood: per hex, the wildling blocking it or ""; () in the base game
    corner_owner: tuple[int, ...]  # per corner: the seat building there, or -1
    keeps: frozenset[int]  # the corners with a keep
    edge_owner: tuple[int, ...]  # per edge: the seat of the road, or -1


# --- the players --------------------------------------------------------------------


class Card(msgspec.Struct, **_PART):
    """A development card in a hand as the seat sees it."""

    card: str  # its name ("ranger-patrol"), or the placeholder of one not seen
    title: str  # "Ranger Patrol"; "a development card" for one the seat does not know
    hidden: bool = False  # another's, face down
    unseen: bool = False  # table mode: drawn and not named yet (its holder holds it)
    new: bool = False  # bought this turn: not playable yet


class Player(msgspec.Struct, **_PART):
    """One player as the seat sees them."""

    points: int  # public points; the seat's own counts its Victory Point cards too
    cards: int  # resource cards in hand
    held: tuple[tuple[str, int], ...]  # (resource, how many) known to the seat, in RESOURCES order
    development: tuple[Card, ...]
    road_length: int
    patrols: int  # Ranger Patrols played


class BuildRow(msgspec.Struct, **_PART):
    """A row of the build cost card: what, its cost, and why not now ("": the seat can)."""

    key: str  # "road", "settlement", "keep", "development", "guard"
    title: str
    cost: tuple[tuple[str, int], ...]  # (resource, how many), in the cost card's order
    reason: str = ""


class TradeDesk(msgspec.Struct, **_PART):
    """What the trade dialog needs to check an offer as the rules do."""

    seat: int
    seats: int
    resources: tuple[str, ...]
    hand: tuple[str, ...]  # the seat's resource cards
    closed: str  # why no offer may be made this turn at all, "" while they may

    def refusal(self, offer: OfferTrade) -> str:
        """Why ``offer`` may not be made now, in the rules' words ("" if it may)."""
        return offer_terms_reason(self.closed, self.hand, self.seat, self.seats, offer)

    def words(self, offer: OfferTrade) -> str:
        """The offer as the action bar says it."""
        return offer_label(offer)


# --- Brotherhood of the Watch (filled by the layer) ----------------------------------------


class Clan(msgspec.Struct, **_PART):
    title: str
    camps: tuple[str, ...]  # wildling kinds, hottest first
    room: int  # camps in all


class Trail(msgspec.Struct, **_PART):
    """What a trail's next wildling would do when the wildling die shows ``faces``."""

    faces: str  # "1-2"
    wildling: str  # the kind of the wildling coming, "" if its clan's camps are empty
    clearing: int
    outcome: str  # "none", "jumps", "kills", "waits" or "breach"


class Section(msgspec.Struct, **_PART):
    title: str  # "W1"
    guards: tuple[int, ...]  # seats, space 1 first
    spaces: int
    clearing: str  # "1/2"
    waiting: tuple[str, ...]  # the wildlings in its clearing


class Hero(msgspec.Struct, **_PART):
    name: str
    title: str
    ability: str
    text: str
    side: str = "A"
    ready: bool = True  # may act this turn


class Wall(msgspec.Struct, **_PART):
    """The Wall board: the Frostfangs, the clans, the trails, the sections,
    the breach track, what the wildling die can do next, the hero display."""

    frostfangs: dict[str, int]  # wildlings left per kind
    pool: int  # wildling tokens in the pool
    on_cards: int  # face down on the build-cost cards
    spent: int
    clans: tuple[Clan, ...]
    trails: tuple[Trail, ...]  # each clan's two, west first
    sections: tuple[Section, ...]
    breaches: int
    breach_limit: int  # the breach that ends the game
    gift_wildlings: int
    gift_limit: int  # wildlings in the Gift that end the game
    forecast: tuple[tuple[str, str], ...]  # (the die's faces, what happens), then the idle faces
    display: tuple[Hero, ...]  # the heroes on display


class Watch(msgspec.Struct, **_PART):
    wall: Wall
    guards: tuple[int, ...]  # per seat: guards on the Wall
    hero: Hero | None  # the seat's


# --- the scene -------------------------------------------------------------------------


class GotCatanScene(Scene, frozen=True, kw_only=True):
    """What one seat's screen draws."""

    seat: int
    gift: Gift
    players: tuple[Player, ...]
    longest_road: int  # who holds it, or -1
    largest_patrol: int
    dice: int  # the last roll
    after_roll: bool  # the seat's own turn, after the roll
    build: tuple[BuildRow, ...]  # the seat's build cost card
    trade: TradeDesk
    watch: Watch | None = None
    standing: Result | None = None
    """The score as this seat may know it (the rules' result of its view):
    what the plain mode's ``score`` reads."""


VIEW_VERSION = (1, "e52be3fc65f86507")
"""This scene's version as a bot is given it (JSON-lines play: castletui
schema GAME), and the hash of the shape it names
(castletui/jsonlines/schema.py): tests/jsonlines/test_schema.py fails when
the Structs here change and this does not. Bump the number, set the hash."""


def scene(view: State, seat: int) -> GotCatanScene:
    """``seat``'s scene, from their view alone."""
    layer = LAYERS[view.variant]
    watch = layer.scene(view, seat) if layer.scene is not None else None
    step = view.pending[-1] if view.pending else None
    player = view.players[seat]
    return GotCatanScene(
        seat=seat,
        gift=Gift(
            layout=gift_layout(len(view.players)),
            terrain=view.terrain,
            resources=tuple(TERRAIN_RESOURCE[terrain] if terrain else "" for terrain in view.terrain),
            tormund=view.tormund,
            blocked=view.blocked,
            corner_owner=view.corner_owner,
            keeps=frozenset(corner for each in view.players for corner in each.keeps),
            edge_owner=view.edge_owner,
        ),
        players=tuple(_player(view, other, seat) for other in range(len(view.players))),
        longest_road=view.longest_road,
        largest_patrol=view.largest_patrol,
        dice=view.dice,
        after_roll=step is not None and step.kind == "turn" and step.seat == seat,
        build=tuple(
            BuildRow(
                key=key,
                title=title,
                cost=tuple((resource, cost.count(resource)) for resource in dict.fromkeys(cost)),
                reason=reason,
            )
            for key, title, cost, reason in build_rows(view, seat)
        ),
        trade=TradeDesk(
            seat=seat,
            seats=len(view.players),
            resources=RESOURCES,
            hand=player.hand,
            closed=offers_closed_reason(view),
        ),
        watch=watch,
        standing=result(view),
    )


def _player(view: State, seat: int, viewer: int) -> Player:
    player = view.players[seat]
    hand = player.hand
    bought = list(player.bought)
    cards = []
    for card in player.development:
        new = card in bought
        if new:
            bought.remove(card)
        cards.append(
            Card(
                card=card,
                title=development_title(card),
                hidden=card == HIDDEN,
                unseen=card == UNSEEN,
                new=new,
            )
        )
    return Player(
        points=points(view, seat) if seat == viewer else public_points(view, seat),
        cards=len(hand),
        held=tuple((resource, hand.count(resource)) for resource in RESOURCES if resource in hand),
        development=tuple(cards),
        road_length=player.road_length,
        patrols=player.patrols,
    )
