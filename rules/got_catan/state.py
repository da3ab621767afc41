"""The A Game of Thrones Catan state and actions as frozen msgspec Structs.

Hands and the development deck are multisets kept as sorted tuples of
names (the deck has no order: a draw is a chance decision naming the card).
The resource supply is a count per resource (``RESOURCES`` order). The
board is kept twice over, for speed: per player (the corners of their
settlements and keeps, the edges of their roads) and per place
(``corner_owner``, ``edge_owner``: the seat there or -1), always changed
together.

Turns are driven by ``pending``, the decision stack of ``rules.core`` (its
last item is the top); ``events`` holds what the automatic steps did in the
last action.

Brotherhood of the Watch adds to this without a rewrite: its fields (the
Wall's guards, wildlings north of the Wall and in the Gift, the wildling
tokens, heroes) come as new fields with defaults, empty in the base game,
and its steps as new kinds of :class:`Step`.
"""

from __future__ import annotations

from typing import Union

import msgspec

from rules.core import Event


class Player(msgspec.Struct, frozen=True, omit_defaults=True):
    hand: tuple[str, ...] = ()  # resource cards, sorted
    development: tuple[str, ...] = ()  # unplayed development cards, Victory Points included, sorted
    bought: tuple[str, ...] = ()  # those of ``development`` bought this turn: not playable yet
    patrols: int = 0  # Ranger Patrols played, face up (Largest Patrol)
    settlements: tuple[int, ...] = ()  # corner ids
    keeps: tuple[int, ...] = ()  # corner ids
    roads: tuple[int, ...] = ()  # edge ids
    road_length: int = 0  # the longest unbroken road, kept up to date


class Offer(msgspec.Struct, frozen=True, omit_defaults=True):
    """A trade the player to move offers: ``give`` for ``get``, to seat
    ``to`` (-1: to everyone), and the seats that accepted so far. An empty
    ``give`` means no offer is open."""

    give: tuple[str, ...] = ()
    get: tuple[str, ...] = ()
    to: int = -1
    accepted: tuple[int, ...] = ()


class Step(msgspec.Struct, frozen=True, omit_defaults=True):
    """One step of the decision stack.

    chance decisions (seat CHANCE):
    - ``terrain``: the variable set-up draws the terrain of hex ``target``.
    - ``dice``: the two dice of ``seat``'s roll (one outcome: their sum).
    - ``draw``: ``seat`` draws a development card.
    - ``steal``: ``seat`` takes a card at random from ``target``'s hand.
    decisions (``seat`` answers):
    - ``place-settlement``: set-up round ``count`` (1 or 2), a free settlement.
    - ``place-road``: set-up, a free road touching the settlement on corner ``target``.
    - ``start``: the turn begins: roll, or first play a development card.
    - ``turn``: after the roll: trade, build, buy, play, end the turn.
    - ``discard``: a 7: return ``count`` more cards to the supply.
    - ``tormund``: move Tormund to another hex.
    - ``rob``: choose whom to steal from (several opponents by Tormund).
    - ``free-road``: Road Building: ``count`` free roads still to place.
    - ``take``: Winter is Coming: ``count`` resources still to take.
    - ``answer``: accept or decline the open offer.
    - ``choose``: the offerer picks one of the players who accepted, or cancels.
    automatic (taken by ``flow``, never on top when someone is asked):
    - ``produce``: the dice showed ``count``: production, or the 7.
    - ``road-building``: ``count`` free roads for ``seat``, as far as there is room.
    - ``winter``: ``count`` resources for ``seat``, as far as the supply has any.
    - ``close-offer``: every asked player answered.
    - ``start-turn``: ``seat``'s turn begins.
    """

    kind: str
    seat: int = -1
    target: int = -1
    count: int = 0


class State(msgspec.Struct, frozen=True, omit_defaults=True):
    """A whole game; the options it was set up with are copied in, so the
    rules need no Config."""

    variant: str
    players: tuple[Player, ...]
    terrain: tuple[str, ...]  # per hex; "" until the variable set-up draws it
    corner_owner: tuple[int, ...]  # per corner: the seat of the settlement or keep there, or -1
    edge_owner: tuple[int, ...]  # per edge: the seat of the road there, or -1
    supply: tuple[int, ...]  # resource cards left, per resource
    development_deck: tuple[str, ...] = ()  # sorted multiset
    terrain_bag: tuple[str, ...] = ()  # terrain still to place (variable set-up)
    tormund: int = -1  # the hex Tormund stands on; -1: his camp, off the Gift
    pending: tuple[Step, ...] = ()
    events: tuple[Event, ...] = ()  # what the automatic steps did in the last action
    turn: int = -1  # whose turn it is; -1 during the set-up
    turn_number: int = 0  # turns begun
    dice: int = 0  # the last roll
    card_played: bool = False  # a development card was played this turn
    offers_made: int = 0  # trade offers made this turn
    offer: Offer = Offer()
    longest_road: int = -1  # who holds Longest Road
    largest_patrol: int = -1  # who holds Largest Patrol
    winner: int = -1
    # options
    road_limit: int = 14
    offer_limit: int = 3
    table_mode: bool = False


# --- actions --------------------------------------------------------------

_ACTION = dict(frozen=True, tag=True, omit_defaults=True)


class PlaceTerrain(msgspec.Struct, **_ACTION):
    """Chance (variable set-up): the terrain that goes on the next hex."""

    terrain: str


class Roll(msgspec.Struct, **_ACTION):
    """Roll the two dice."""


class Dice(msgspec.Struct, **_ACTION):
    """Chance: the sum the two dice show."""

    total: int


class BuildRoad(msgspec.Struct, **_ACTION):
    edge: int


class BuildSettlement(msgspec.Struct, **_ACTION):
    corner: int


class BuildKeep(msgspec.Struct, **_ACTION):
    """Replace one of your settlements by a keep."""

    corner: int


class BuyDevelopment(msgspec.Struct, **_ACTION):
    """Pay ore, wool and grain for the top development card."""


class DrawDevelopment(msgspec.Struct, **_ACTION):
    """Chance: the development card the buyer draws."""

    card: str


class PlayDevelopment(msgspec.Struct, **_ACTION):
    """Play a Ranger Patrol, Road Building or Winter is Coming."""

    card: str


class TakeResource(msgspec.Struct, **_ACTION):
    """Winter is Coming: take one resource card from the supply."""

    resource: str


class Discard(msgspec.Struct, **_ACTION):
    """A 7: return one card to the supply."""

    resource: str


class MoveTormund(msgspec.Struct, **_ACTION):
    hex: int


class Rob(msgspec.Struct, **_ACTION):
    """Choose the opponent by Tormund to steal from."""

    victim: int


class Steal(msgspec.Struct, **_ACTION):
    """Chance: the card taken at random from the victim's hand."""

    resource: str


class TradeWithSupply(msgspec.Struct, **_ACTION):
    """Give ``give`` at your rate (4, 3 or 2 cards) for one ``get``."""

    give: str
    get: str


class OfferTrade(msgspec.Struct, **_ACTION):
    """Offer cards ``give`` for cards ``get`` to seat ``to`` (-1: everyone).
    The cards are written "brick+brick+ore" (one plain text, as saves keep
    it); :meth:`of` builds an offer from cards, ``giving`` and ``getting``
    read them back."""

    give: str
    get: str
    to: int = -1

    @classmethod
    def of(
        cls, give: tuple[str, ...] | list[str], get: tuple[str, ...] | list[str], to: int = -1
    ) -> OfferTrade:
        return cls("+".join(sorted(give)), "+".join(sorted(get)), to)

    @property
    def giving(self) -> tuple[str, ...]:
        return tuple(sorted(self.give.split("+"))) if self.give else ()

    @property
    def getting(self) -> tuple[str, ...]:
        return tuple(sorted(self.get.split("+"))) if self.get else ()


class Accept(msgspec.Struct, **_ACTION):
    """Accept the open offer."""


class Decline(msgspec.Struct, **_ACTION):
    """Decline the open offer."""


class TradeWith(msgspec.Struct, **_ACTION):
    """Make the offered trade with one of the players who accepted."""

    seat: int


class CancelTrade(msgspec.Struct, **_ACTION):
    """Withdraw the offer."""


class EndTurn(msgspec.Struct, **_ACTION):
    """End your turn: the player to your left rolls next."""


Action = Union[
    PlaceTerrain,
    Roll,
    Dice,
    BuildRoad,
    BuildSettlement,
    BuildKeep,
    BuyDevelopment,
    DrawDevelopment,
    PlayDevelopment,
    TakeResource,
    Discard,
    MoveTormund,
    Rob,
    Steal,
    TradeWithSupply,
    OfferTrade,
    Accept,
    Decline,
    TradeWith,
    CancelTrade,
    EndTurn,
]
