"""Catapult Castle state and actions: msgspec Structs, frozen, TOML/JSON safe.

The table is 16 squares (``4 * mat + position``, see ``edition``); each holds
a :class:`Stack`. Decks are card counts (:class:`Pile`), never an order. What
is left to do is the ``pending`` stack of :class:`Pending` steps, the LAST one
on top (``rules.core.decisions``); each action answers the decision on top,
and the automatic steps under it are then taken by ``flow``.

Decisions (who answers):

- ``start``       CHANCE: who starts (the last to lose a kingdom) -> ChooseStart
- ``setup_card``  CHANCE: the card that goes face down under a set-up stack -> Draw
- ``draw``        CHANCE: a card ``seat`` draws from deck ``deck`` -> Draw
- ``turn``        ``seat``: play cards, rearrange (solo), then Aim (digital) / Shoot (table);
  reopened for an Extra Shot, where SkipExtraShot lets it go instead
- ``land``        CHANCE: where the ammo landed -> Land
- ``take``        ``seat``: the ammo is in the tower on ``square``; with the
  option ``may_decline_hit`` the shooter may take it -> TakeTower, or
  leave it standing -> LeaveTower
- ``place``       ``seat``: where the captured tower goes -> Place / ReturnToBox
- ``stack_card``  the card under a stacked tower: CHANCE (top of the deck,
  or the reshuffled discard) -> Draw, or ``seat`` (a card from hand) -> GiveCard
- ``reveal``      CHANCE, table mode: an unseen card freed by a hit turns face up
  (``deck``, from under ``square``) -> Draw, one its deck's unseen pool holds
- ``rearrange``   ``seat`` (solo): MoveTower ... DoneRearranging

Table mode asks no ``setup_card`` or ``draw`` and no CHANCE ``stack_card``:
those cards go in unseen (``edition.UNSEEN``), counted in their deck's Pile
(then the unseen pool: ``pieces.unseen_pool``) until named.

Automatic steps (taken by ``flow``, never on top when someone must decide):

- ``next``           the bottom of the stack while the game runs: the turn's
  extra shot, the next turn, or the end of the game
- ``opening_draws``  under the set-up cards: once the start player is known,
  the opening draws (the last player; skilled: everyone) fall due
- ``card_due``       ``seat`` is due a card from deck ``deck``: a ``draw``,
  or nothing when the deck and its discard are both empty (table mode: the
  card goes into the hand unseen at once)

The ``events`` are what those automatic steps did in the last action, for
the log (``text.effects``).

The action instances every state shares (``DRAWS``, ``LAND_IN``...) are built
once at the end: ``legal_actions`` and ``chance_outcomes`` list them without
building new Structs.
"""

from __future__ import annotations

import msgspec
from castletui.rules.catapult_castle.edition import (
    EDITION,
    KINDS,
    ROOF,
    SQUARE_COUNT,
    SQUARE_NAMES,
    SQUARES_PER_MAT,
    UNSEEN,
)
from castletui.rules.core import Event


class Card(msgspec.Struct, frozen=True):
    """A card face down between two towers; ``deck`` shows on its back."""

    deck: int
    kind: str


class Stack(msgspec.Struct, frozen=True, omit_defaults=True):
    """What stands on a square, bottom first.

    ``towers[i]`` is the ammo inside tower ``i`` (only the top one can catch
    more); ``cards[i]`` lies face down between ``towers[i]`` and
    ``towers[i + 1]``; ``roof`` is the deck of the Reinforced Roof on top
    (-1: none).
    """

    towers: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    roof: int = -1


class Pile(msgspec.Struct, frozen=True, omit_defaults=True):
    """A deck or discard as counts per card kind (``edition.KINDS`` order).
    In table mode a deck's Pile also counts its unseen cards out of it (in
    a hand, under a tower): ``pieces.deck_size`` is what the deck holds.

    ``unknown`` is only used by ``view``: cards whose kinds that seat may not
    know (a deck's make-up would give away the face-down cards)."""

    counts: tuple[int, ...] = (0, 0, 0, 0)
    unknown: int = 0

    @property
    def size(self) -> int:
        return sum(self.counts) + self.unknown


class Pending(msgspec.Struct, frozen=True, omit_defaults=True):
    """One step still to take: a decision or an automatic step (see the
    module docstring for the kinds)."""

    kind: str
    seat: int = -1
    deck: int = -1
    square: int = -1
    ammo: int = 0
    accuracy: int = -1
    from_mat: int = -1


class State(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A whole game of Catapult Castle."""

    variant: str
    seats: int
    mode: str = "digital"
    beginner: bool = False
    skilled: bool = False
    max_stack: int = 0
    """The house rule's highest stack; 0 (the rulebook): no limit. See ``pieces.stack_limit``."""
    may_decline: bool = False
    """A hit may be declined (option ``may_decline_hit``): the shooter is asked
    (``take``). Off in games saved before the option (``Option.before``)."""
    seat_mats: tuple[int, ...]
    """The mat of each seat."""
    mat_owner: tuple[int, ...]
    """Per mat: its seat, NEUTRAL (-1) or ABSENT (-2)."""
    squares: tuple[int, ...]
    """The square numbers in play (absent quadrants and, skilled, the removed square left out)."""
    stacks: tuple[Stack, ...]
    """All 16 squares, in play or not."""
    hands: tuple[tuple[str, ...], ...]
    """Per seat, the card kinds in hand: a multiset (``rules.core.multiset``)."""
    decks: tuple[Pile, ...]
    """Per mat, the deck that belongs to it."""
    discards: tuple[Pile, ...]
    supply: int
    """Ammo left in the supply (solo: ammo left to shoot)."""
    removed: int = 0
    """Towers out of play: solo, the towers shot off the mats; otherwise towers with nowhere to go."""
    start_seat: int = -1
    turn_seat: int = -1
    turn_number: int = 0
    shots_left: int = 0
    """Shots still to take this turn after the one being resolved."""
    shot_taken: bool = False
    magic_toss: bool = False
    strong_ammo: bool = False
    rearrangements_left: int = 0
    rearrange_moves: int = 0
    pending: tuple[Pending, ...] = ()
    """The decision stack, top last."""
    over: bool = False
    end_reason: str = ""
    """Why the game ended: "ammo", "towers" (a player lost every tower),
    "shots" (solo: no ammo left) or "cleared" (solo: no tower left)."""
    events: tuple[Event, ...] = ()
    """What the automatic steps did in the last action (``text.effects`` tells them)."""
    pools: tuple[Pile, ...] = ()
    """Only in a table-mode ``view``: per mat, its deck's unseen pool
    (``pieces.unseen_pool``), the counts of what nobody has named. The
    view's ``decks`` say only how many cards are left; the full state's
    ``decks`` are the pools themselves, so it leaves this empty."""


# --- actions -----------------------------------------------------------------


class ChooseStart(msgspec.Struct, frozen=True, tag=True):
    """Chance (or the players at a real table): who lost a kingdom most recently."""

    seat: int


class Draw(msgspec.Struct, frozen=True, tag=True):
    """Chance: the kind of card that came off a deck."""

    kind: str


class PlayCard(msgspec.Struct, frozen=True, tag=True, omit_defaults=True):
    """Play a card before shooting; a Reinforced Roof names the tower it goes on."""

    kind: str
    mat: int = -1
    square: str = ""


class Aim(msgspec.Struct, frozen=True, tag=True, omit_defaults=True):
    """Digital shot at the top tower of ``square`` on ``mat`` with the
    mini-game's ``accuracy`` (0..100); solo also names the firing mat."""

    mat: int
    square: str
    accuracy: int
    from_mat: int = -1


class Shoot(msgspec.Struct, frozen=True, tag=True, omit_defaults=True):
    """Table mode: the real catapult fires (solo: from ``from_mat``'s corner)."""

    from_mat: int = -1


class SkipExtraShot(msgspec.Struct, frozen=True, tag=True):
    """Extra Shot is a "may": let the extra shots still owed this turn go, and end the turn."""


class Land(msgspec.Struct, frozen=True, tag=True, omit_defaults=True):
    """Chance: where the ammo ended. ``mat`` -1 is nowhere; ``off_roof``
    means it bounced off the roof on that square's stack."""

    mat: int = -1
    square: str = ""
    off_roof: bool = False


class TakeTower(msgspec.Struct, frozen=True, tag=True):
    """Take the tower the ammo landed in (with Strong Ammo, its stack)."""


class LeaveTower(msgspec.Struct, frozen=True, tag=True):
    """Decline the hit: the tower stays where it stands, the ammo inside it."""


class Place(msgspec.Struct, frozen=True, tag=True):
    """Put the captured tower on ``square`` of your own mat (empty, or stack on it)."""

    square: str


class GiveCard(msgspec.Struct, frozen=True, tag=True):
    """Deck empty: the card from hand that goes face down under the new tower."""

    kind: str


class ReturnToBox(msgspec.Struct, frozen=True, tag=True):
    """No legal spot (or no card to stack with): the captured tower leaves play."""


class Rearrange(msgspec.Struct, frozen=True, tag=True):
    """Solo: start one of the two rearrangements."""


class MoveTower(msgspec.Struct, frozen=True, tag=True):
    """Solo rearrangement: move the top tower of one square onto another."""

    from_mat: int
    from_square: str
    to_mat: int
    to_square: str


class DoneRearranging(msgspec.Struct, frozen=True, tag=True):
    """Solo: the new layout is final."""


Action = (
    ChooseStart
    | Draw
    | PlayCard
    | Aim
    | Shoot
    | SkipExtraShot
    | Land
    | TakeTower
    | LeaveTower
    | Place
    | GiveCard
    | ReturnToBox
    | Rearrange
    | MoveTower
    | DoneRearranging
)


# --- the action instances every state shares ------------------------------------
# Built once: legal_actions and chance_outcomes stay cheap (actions are immutable).

DRAWS = {kind: Draw(kind) for kind in KINDS}
PLAYS = {kind: PlayCard(kind) for kind in KINDS if kind != ROOF}
PLAY_ROOF = tuple(
    PlayCard(ROOF, q // SQUARES_PER_MAT, SQUARE_NAMES[q % SQUARES_PER_MAT]) for q in range(SQUARE_COUNT)
)
LAND_IN = tuple(Land(q // SQUARES_PER_MAT, SQUARE_NAMES[q % SQUARES_PER_MAT]) for q in range(SQUARE_COUNT))
LAND_ROOF = tuple(
    Land(q // SQUARES_PER_MAT, SQUARE_NAMES[q % SQUARES_PER_MAT], True) for q in range(SQUARE_COUNT)
)
LAND_NOWHERE = Land()
PLACES = {name: Place(name) for name in SQUARE_NAMES}
GIVES = {kind: GiveCard(kind) for kind in (*KINDS, UNSEEN)}
SHOOT = Shoot()
SHOOT_FROM = tuple(Shoot(m) for m in range(len(EDITION.mats)))
REARRANGE = Rearrange()
DONE_REARRANGING = DoneRearranging()
RETURN_TO_BOX = ReturnToBox()
SKIP_EXTRA_SHOT = SkipExtraShot()
TAKE_TOWER = TakeTower()
LEAVE_TOWER = LeaveTower()
_AIMS: dict[tuple[int, int, int], Aim] = {}
_MOVES: dict[tuple[int, int], MoveTower] = {}


def aim_action(square: int, accuracy: int, from_mat: int) -> Aim:
    """The shared Aim at ``square`` with ``accuracy`` (solo: from ``from_mat``'s corner)."""
    key = (square, accuracy, from_mat)
    action = _AIMS.get(key)
    if action is None:
        action = _AIMS[key] = Aim(
            square // SQUARES_PER_MAT, SQUARE_NAMES[square % SQUARES_PER_MAT], accuracy, from_mat
        )
    return action


def move_action(source: int, target: int) -> MoveTower:
    """The shared MoveTower from square ``source`` onto square ``target``."""
    key = (source, target)
    action = _MOVES.get(key)
    if action is None:
        action = _MOVES[key] = MoveTower(
            source // SQUARES_PER_MAT,
            SQUARE_NAMES[source % SQUARES_PER_MAT],
            target // SQUARES_PER_MAT,
            SQUARE_NAMES[target % SQUARES_PER_MAT],
        )
    return action
