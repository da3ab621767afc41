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
its steps as new kinds of :class:`Step` and its actions as Structs of the
one ``Action`` union (a save decodes them as it decodes the base game's).
What they do lives in its layer, ``rules.got_catan.brotherhood``.
"""

from __future__ import annotations

from typing import Union

import msgspec
from castletui.rules.core import Event


class Player(msgspec.Struct, frozen=True, omit_defaults=True):
    hand: tuple[str, ...] = ()  # resource cards, sorted
    development: tuple[str, ...] = ()  # unplayed development cards, Victory Points included, sorted
    bought: tuple[str, ...] = ()  # those of ``development`` bought this turn: not playable yet
    patrols: int = 0  # Ranger Patrols played, face up (Largest Patrol)
    settlements: tuple[int, ...] = ()  # corner ids
    keeps: tuple[int, ...] = ()  # corner ids
    roads: tuple[int, ...] = ()  # edge ids
    road_length: int = 0  # the longest unbroken road, kept up to date
    # Brotherhood of the Watch
    hero: str = ""  # the hero card before the player ("" in the base game)
    hero_side: str = "A"  # "A", or "B" once flipped after a first use
    hero_since: int = -1  # the turn number the hero was taken (or flipped): not usable in that turn
    card_settlements: int = 0  # settlement spaces of the build-cost card holding a token


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
    - ``wildling-die``: the wildling die (d12) rolled with the two dice.
    - ``token``: a face-down wildling token is revealed (``target`` 0: from
      ``seat``'s build-cost card, 1: from the pool).
    - ``peek``: Melisandre: ``seat`` looks at the next card of the deck (``count`` to go).
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
    - ``place-guard``: a free guard on the Wall (set-up round 3, New Recruits).
    - ``patrol``: a Ranger Patrol (Brotherhood): move Tormund or free a hex.
    - ``tarly``: Samwell Tarly: a roll brought ``seat`` nothing: take a resource, or not.
    - ``give-back``: Jeor Mormont: give seat ``target`` a card back.
    - ``mance``: Mance Rayder: take a card from seat ``target``'s hand (shown to ``seat``).
    - ``pick``: Melisandre: keep one of the cards looked at.
    - ``hero-after``: a hero was used: flip it to its B side, or swap it.
    automatic (taken by ``flow``, never on top when someone is asked):
    - ``produce``: the dice showed ``count``: production, or the 7.
    - ``road-building``: ``count`` free roads for ``seat``, as far as there is room.
    - ``winter``: ``count`` resources for ``seat``, as far as the supply has any.
    - ``close-offer``: every asked player answered.
    - ``start-turn``: ``seat``'s turn begins.
    - ``advance``: the wildling die showed ``count``: a wildling walks to the Wall.
    - ``reveal``: a token from the pool is due (the pool reshuffled if empty).
    - ``recruit``: New Recruits: a free guard, if one is left and there is room.
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
    # Brotherhood of the Watch (empty in the base game)
    wall: tuple[
        tuple[int, ...], ...
    ] = ()  # per section, west to east: the seats of its guards, space 1 first
    breaches: int = 0
    frostfangs: tuple[int, ...] = ()  # figures left, per kind (``edition.WILDLINGS`` order)
    camps: tuple[tuple[str, ...], ...] = ()  # per clan: the wildlings in its camps, hottest first
    clearings: tuple[tuple[str, ...], ...] = ()  # per clearing: the wildlings waiting there
    blocked: tuple[str, ...] = ()  # per hex: the wildling blocking it, or ""
    tokens_hidden: tuple[str, ...] = ()  # every face-down token (cards and pool), sorted
    pool: int = 0  # how many of them are in the pool
    tokens_spent: tuple[str, ...] = ()  # face up beside the board, sorted
    tokens_due: int = 0  # pool tokens owed (Longest Road or Largest Patrol changed hands)
    heroes: tuple[str, ...] = ()  # the hero display, A side up
    wildling_die: int = 0  # the last wildling die
    peek: tuple[str, ...] = ()  # Melisandre: the cards looked at, sorted
    ended_by: str = ""  # "points", "breach" (third breach) or "gift" (8 wildlings in the Gift)


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


class ShowVictoryPoint(msgspec.Struct, **_ACTION):
    """Table mode: show one of your unseen development cards, a Victory
    Point card (it counts from then on)."""


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


# --- Brotherhood of the Watch ----------------------------------------------------


class WildlingDie(msgspec.Struct, **_ACTION):
    """Chance: the face the wildling die (d12) shows."""

    face: int


class Token(msgspec.Struct, **_ACTION):
    """Chance: the wildling token revealed ("cave/giant")."""

    token: str


class BuildGuard(msgspec.Struct, **_ACTION):
    """Pay brick, wool and lumber for a guard on wall ``section`` (0-3).
    With Alliser Thorne: pay ``pay`` in place of ``instead_of``."""

    section: int
    instead_of: str = ""
    pay: str = ""


class PlaceGuard(msgspec.Struct, **_ACTION):
    """A free guard on wall ``section`` (set-up round 3, New Recruits)."""

    section: int


class FreeHex(msgspec.Struct, **_ACTION):
    """Ranger Patrol: send the wildling on ``hex`` back to the Frostfangs
    and take a resource of that hex."""

    hex: int


class DeclineHero(msgspec.Struct, **_ACTION):
    """Samwell Tarly: do not take the free resource now."""


class FlipHero(msgspec.Struct, **_ACTION):
    """After a first use: turn your hero to its B side (one more use)."""


class SwapHero(msgspec.Struct, **_ACTION):
    """After a use: return your hero to the display and take ``hero``."""

    hero: str


class ForcedTrade(msgspec.Struct, **_ACTION):
    """Jeor Mormont: demand 1 ``resource`` from seat ``first`` (and ``second``)."""

    resource: str
    first: int
    second: int = -1


class GiveCard(msgspec.Struct, **_ACTION):
    """Jeor Mormont: the card given back."""

    resource: str


class TradeOneForOne(msgspec.Struct, **_ACTION):
    """Bowen Marsh: 1 ``give`` for 1 ``get`` with the supply."""

    give: str
    get: str


class RedirectRoad(msgspec.Struct, **_ACTION):
    """Othell Yarwyck: take up the road on ``edge`` and build it free on ``to``."""

    edge: int
    to: int


class ChooseDevelopment(msgspec.Struct, **_ACTION):
    """Melisandre: buy a development card choosing it from the top 3; pay
    ``pay`` in place of ``instead_of`` if given."""

    instead_of: str = ""
    pay: str = ""


class PeekDevelopment(msgspec.Struct, **_ACTION):
    """Chance: the next card of the deck Melisandre looks at."""

    card: str


class PickDevelopment(msgspec.Struct, **_ACTION):
    """Melisandre: keep ``card``; the others go back into the deck."""

    card: str


class TakeFromLeader(msgspec.Struct, **_ACTION):
    """Mance Rayder: look at seat ``victim``'s hand (more points than you)."""

    victim: int


class TakeCard(msgspec.Struct, **_ACTION):
    """Mance Rayder: the card taken from the hand looked at."""

    resource: str


class ClearNorth(msgspec.Struct, **_ACTION):
    """Benjen Stark: send the wildling in camp ``slot`` of clan ``clan``, or
    in clearing ``clearing`` (one of kind ``kind``), back to the Frostfangs."""

    clan: int = -1
    slot: int = -1
    clearing: int = -1
    kind: str = ""


class ClearGift(msgspec.Struct, **_ACTION):
    """Ygritte: send the wildling on ``hex`` back to the Frostfangs."""

    hex: int


class PatrolToGuard(msgspec.Struct, **_ACTION):
    """Yoren: discard a played Ranger Patrol for a free guard on ``section``."""

    section: int


class ChaseTormund(msgspec.Struct, **_ACTION):
    """Qhorin Halfhand: Tormund back to his camp; take a resource of his hex."""


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
    ShowVictoryPoint,
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
    WildlingDie,
    Token,
    BuildGuard,
    PlaceGuard,
    FreeHex,
    DeclineHero,
    FlipHero,
    SwapHero,
    ForcedTrade,
    GiveCard,
    TradeOneForOne,
    RedirectRoad,
    ChooseDevelopment,
    PeekDevelopment,
    PickDevelopment,
    TakeFromLeader,
    TakeCard,
    ClearNorth,
    ClearGift,
    PatrolToGuard,
    ChaseTormund,
]
