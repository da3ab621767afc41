"""Castlecards' scene: what one seat's screen draws, as frozen Structs
(rules/core/scene.py), computed from that seat's view alone.

The four parts of the table read it and nothing else: every fortress (its
cards, shields and stationed units, who holds how many cards), the piles,
the attack, Explorers or build under way (totals and verdict weighed by the
rules), the last attack, the end, and the viewer's hand; the players panel
reads the King's actions left, the action bar the question of each group.
Cards are :class:`Card`, each with every word a board writes for it, so no
widget asks the rules what a card is called or worth. Each part is a
:class:`Scene` too (a part of what the seat's screen draws).

It is made once per frame: the card words are worked out once per card
name (:func:`card`), the rest is a pass over the view.
"""

from __future__ import annotations

from functools import cache, lru_cache

from castletui.rules.core import seat_ref, top
from castletui.rules.core.protocol import Result
from castletui.rules.core.scene import Scene

from .edition import CARDS, COLOUR, HIDDEN, STRENGTH
from .fortress import base_shields, card_shields
from .queries import GROUPS, attack_outlook, attack_parts, build_paid, explore_torches, pile_sizes
from .scoring import result
from .state import FortressCard, State
from .text import card_face, card_name, unit_code, unit_name, verdict


class Card(Scene, frozen=True, kw_only=True):
    """A card as the boards write it: ``card`` is the rules' name (what a
    spot ("hand", card) names), the rest its words."""

    card: str
    name: str
    """In full: "Soldiers red 2"."""
    short: str
    """At 80x24: "Soldiers R2"."""
    face: str
    """The name on a card drawn in a hand: "Soldiers"."""
    note: str
    """What it is worth or does, under the face: "red 2", "2 torches"."""
    unit: str
    """Stationed, without its colour: "Soldiers 2"."""
    code: str
    """Stationed, in 2-4 characters: "S2"."""
    strength: int
    colour: str
    """A fortress colour for Soldiers and Bowmen, else ""."""
    deck: str
    """The deck it came from ("village", "siege", "academy", "dungeon"), "" if unknown."""


class Fort(Scene, frozen=True, kw_only=True):
    """A fortress card: the Castle (slot 0) or a Wall, and what stands on it."""

    slot: int
    standing: bool
    shields: int
    """With its stationed cards."""
    places: int
    """Its own shields: as many cards as may be stationed under it."""
    stationed: tuple[Card, ...]


class Fortress(Scene, frozen=True, kw_only=True):
    """A seat's row on the table: its fortress cards by slot, its hand as
    the viewer may see it (face-down cards for another's), its loot."""

    seat: int
    colour: str
    cards: tuple[Fort, ...]
    hand: tuple[Card, ...]
    loot: int
    loot_shown: bool
    """Whether the head says the loot (3-4 players, or any loot at all)."""
    turn: bool
    """Its turn, in a game still running."""
    out: bool
    winner: bool


class Dungeon(Scene, frozen=True, kw_only=True):
    danger: int
    treasure: int


class Piles(Scene, frozen=True, kw_only=True):
    """How many cards each pile holds (the decks with what was put back under
    them), the discard on top, and the dungeon left face up."""

    village: int
    discard: int
    siege: int
    academy: int
    dungeon: int
    top: Card | None = None
    open_dungeon: Dungeon | None = None


class Played(Scene, frozen=True, kw_only=True):
    """A card of the attack under way: whose, which (None while face down or
    still being chosen by another), and whether a reaction knocked it out."""

    owner: int
    card: Card | None
    knocked: bool


class OngoingAttack(Scene, frozen=True, kw_only=True):
    """The attack under way, weighed as far as the viewer may know."""

    attacker: int
    defender: int
    slot: int
    garrison: bool
    night: bool
    group: str
    """The menu group it was declared from (Escape goes back there)."""
    cards: tuple[Played, ...]
    against_swords: tuple[str, ...]
    """The reactions that take swords off, in words."""
    shields_from: tuple[str, ...]
    """The target, its defenders and any Shield Wall, in words."""
    swords: int | None
    """The swords in all; None while cards face down to this seat hide the total."""
    shields: int
    hidden: int
    """Face-down cards whose swords this seat does not know."""
    succeeds: bool | None
    """Whether it would succeed if weighed now; None while the swords are unknown."""
    verdict: str


class LastAttack(Scene, frozen=True, kw_only=True):
    attacker: int
    defender: int
    slot: int
    garrison: bool
    succeeded: bool
    swords: int
    shields: int


class Choosing(Scene, frozen=True, kw_only=True):
    """Cards being picked now: for what ("attack", "support", "react",
    "explore", "build"), by whom, and the cards picked so far."""

    purpose: str
    seat: int
    selected: tuple[Card, ...]


class Exploring(Scene, frozen=True, kw_only=True):
    torches: int
    danger: int | None
    """The open dungeon's; None when the next dungeon is still unseen."""


class Building(Scene, frozen=True, kw_only=True):
    paid: int
    cost: int


class Ending(Scene, frozen=True, kw_only=True):
    winners: tuple[int, ...]
    decided: str
    """What decided it, as the score sheet says it."""
    fallen: tuple[int, ...]


class CastlecardsScene(Scene, frozen=True, kw_only=True):
    """What ``seat``'s screen draws."""

    seat: int
    fortresses: tuple[Fortress, ...]
    """Every seat's, by seat."""
    piles: Piles
    attack: OngoingAttack | None = None
    choosing: Choosing | None = None
    exploring: Exploring | None = None
    building: Building | None = None
    last: LastAttack | None = None
    ending: Ending | None = None
    king_actions: int = 0
    """Actions left in the turn when a King gives more than one."""
    questions: tuple[tuple[str, str], ...] = ()
    """The question over the action bar while a group is open, by group."""
    standing: Result | None = None
    """The score as this seat may know it (the rules' result of its view):
    what the plain mode's ``score`` reads."""


@cache
def card(name: str) -> Card:
    """A card's words, worked out once per name (HIDDEN and table mode's
    unseen placeholders included)."""
    face, note = card_face(name)
    return Card(
        card=name,
        name=card_name(name),
        short=card_name(name, short=True),
        face=face,
        note=note,
        unit=unit_name(name),
        code=unit_code(name),
        strength=STRENGTH.get(name, 0),
        colour=COLOUR.get(name, ""),
        deck=CARDS[name].deck if name in CARDS else "",
    )


def _cards(names) -> tuple[Card, ...]:
    return tuple(card(name) for name in names)


def _fort(slot: int, fort: FortressCard) -> Fort:
    return Fort(
        slot=slot,
        standing=fort.standing,
        shields=card_shields(fort),
        places=base_shields(fort),
        stationed=_cards(fort.stationed),
    )


@lru_cache(maxsize=8)
def _questions(seat: int) -> tuple[tuple[str, str], ...]:
    who = seat_ref(seat)
    return (
        (GROUPS["attack"], f"{who}, which card do you attack?"),
        (GROUPS["night"], f"{who}, which card do you storm by night?"),
        (GROUPS["defend"], f"{who}, station a defender or take one back:"),
        (GROUPS["discard"], f"{who}, which card do you throw away (it does nothing)?"),
    )


def _assault(view: State) -> OngoingAttack | None:
    outlook = attack_outlook(view)
    parts = attack_parts(view)
    if outlook is None or parts is None:
        return None
    assault = view.assault
    return OngoingAttack(
        attacker=assault.attacker,
        defender=assault.defender,
        slot=assault.slot,
        garrison=assault.garrison,
        night=assault.night,
        group=GROUPS["night"] if assault.night else GROUPS["attack"],
        cards=tuple(
            Played(owner=owner, card=None if name == HIDDEN else card(name), knocked=knocked)
            for owner, name, knocked in parts.cards
        ),
        against_swords=parts.against_swords,
        shields_from=parts.shields,
        # The swords of face-down cards are not counted in the outlook: its total would be untrue.
        swords=None if outlook.hidden else outlook.swords,
        shields=outlook.shields,
        hidden=outlook.hidden,
        succeeds=None if outlook.hidden else outlook.succeeds,
        verdict=verdict(outlook),
    )


VIEW_VERSION = (2, "3ff74d3a28945e0a")
"""This scene's version as a bot is given it (JSON-lines play: castletui
schema GAME), and the hash of the shape it names
(castletui/jsonlines/schema.py): tests/jsonlines/test_schema.py fails when
the Structs here change and this does not. Bump the number, set the hash."""


def scene(view: State, seat: int) -> CastlecardsScene:
    """What ``seat``'s screen draws, from ``view(state, seat)``."""
    ended = bool(view.ended_by)
    fortresses = tuple(
        Fortress(
            seat=index,
            colour=player.colour,
            cards=tuple(_fort(slot, fort) for slot, fort in enumerate(player.fortress)),
            hand=_cards(player.hand),
            loot=len(player.loot),
            loot_shown=bool(player.loot) or view.variant != "two-player",
            turn=index == view.turn and not ended,
            out=player.out,
            winner=ended and view.winner == index,
        )
        for index, player in enumerate(view.players)
    )
    sizes = pile_sizes(view)
    dungeon = CARDS[view.open_dungeon] if view.open_dungeon else None
    piles = Piles(
        village=sizes["village"],
        discard=sizes["discard"],
        siege=sizes["siege"],
        academy=sizes["academy"],
        dungeon=sizes["dungeon"],
        top=card(view.discard[-1]) if view.discard else None,
        open_dungeon=Dungeon(danger=dungeon.danger, treasure=dungeon.treasure) if dungeon else None,
    )
    step = top(view.pending)
    choosing = exploring = building = None
    if step is not None and step.kind == "select":
        choosing = Choosing(purpose=step.purpose, seat=step.seat, selected=_cards(step.selected))
        if step.purpose == "explore":
            exploring = Exploring(torches=explore_torches(view), danger=dungeon.danger if dungeon else None)
        elif step.purpose == "build":
            paid, cost = build_paid(view)
            building = Building(paid=paid, cost=cost)
    assault = view.assault
    last = None
    if assault.outcome and not ended:
        last = LastAttack(
            attacker=assault.attacker,
            defender=assault.defender,
            slot=assault.slot,
            garrison=assault.garrison,
            succeeded=assault.outcome == "success",
            swords=assault.swords,
            shields=assault.shields,
        )
    ending = None
    standing = result(view)
    if ended:
        ending = Ending(
            winners=standing.winners,
            decided=standing.decided_words(),
            fallen=tuple(index for index, player in enumerate(view.players) if player.out),
        )
    return CastlecardsScene(
        seat=seat,
        fortresses=fortresses,
        piles=piles,
        attack=_assault(view),
        choosing=choosing,
        exploring=exploring,
        building=building,
        last=last,
        ending=ending,
        king_actions=view.actions_left if view.actions_left > 1 and not ended else 0,
        questions=_questions(seat),
        standing=standing,
    )
