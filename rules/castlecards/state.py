"""The Castlecards state and actions as frozen msgspec Structs.

Hands and decks are multisets kept as sorted tuples of card names (a deck
has no order: drawing is a chance decision naming the card). The discard
pile keeps the order cards were thrown. Cards that go "back under" the
Siege, Academy and Dungeon decks wait in an ordered ``*_under`` tuple that
is drawn, first element first, only once the shuffled part of that deck is
empty.

Turns are driven by ``pending``, the decision stack of ``rules.core`` (its
last item is the top). Each player action or chance draw answers the top
one; the automatic steps between them are taken by ``flow``. ``events``
holds what those steps did during the last action.
"""

from __future__ import annotations

from typing import Union

import msgspec
from castletui.rules.core import Event


class FortressCard(msgspec.Struct, frozen=True, omit_defaults=True):
    """A Castle (slot 0) or a Wall (slots 1..) with the cards stationed under it."""

    kind: str  # "castle" or "wall"
    standing: bool = True
    stationed: tuple[str, ...] = ()


class Player(msgspec.Struct, frozen=True, omit_defaults=True):
    colour: str
    fortress: tuple[FortressCard, ...]
    hand: tuple[str, ...] = ()  # sorted
    loot: tuple[str, ...] = ()  # face down, nobody may look (3-4 players); sorted
    out: bool = False  # the Castle fell


class Committed(msgspec.Struct, frozen=True, array_like=True):
    """A card shown in the attack in progress, with whose it is."""

    owner: int
    card: str


class Assault(msgspec.Struct, frozen=True, omit_defaults=True):
    """The attack in progress, or the last one weighed (``outcome`` set);
    ``attacker == -1`` before the first attack of the game."""

    attacker: int = -1
    defender: int = -1
    slot: int = -1  # 0 the Castle, 1.. the Walls
    garrison: bool = False  # only the units stationed on that card
    night: bool = False
    cards: tuple[Committed, ...] = ()
    reactions: tuple[str, ...] = ()  # Academy cards the defender played
    revealed: bool = True  # False while a Night attack is face down
    outcome: str = ""  # "" while under way, then "success" or "failure"
    swords: int = 0  # the totals it was weighed with (after reactions)
    shields: int = 0


class Pools(msgspec.Struct, frozen=True, omit_defaults=True):
    """Table mode's unseen pools as a seat's ``view`` carries them: per
    shuffled deck, the cards nobody at the table has named (a sorted
    multiset: what its unseen cards could be, not which is where)."""

    village: tuple[str, ...] = ()
    siege: tuple[str, ...] = ()
    academy: tuple[str, ...] = ()


class Pending(msgspec.Struct, frozen=True, omit_defaults=True):
    """One step of the decision stack: a decision waiting to be answered, or
    an automatic step the rules take by themselves.

    decisions (``seat`` answers; CHANCE for ``first`` and ``draw``):
    - ``first``: CHANCE picks the first player.
    - ``draw``: CHANCE draws one card from ``source`` ("village", "siege",
      "academy", "dungeon", "loot" = the face-down loot of seat
      ``source_seat``, or "reveal" = table mode: say which Village card a
      face-down loot card turned up into hand is) into ``dest`` ("hand",
      "loot", "open") of ``target``; ``count`` cards are still to come from
      this deal, this one included.
    - ``action``: the turn player picks their action.
    - ``select``: ``seat`` picks cards one at a time for ``purpose``
      ("attack", "support", "react", "explore", "build"), then confirms.
    - ``thief``: ``seat`` may play a Thief on the ``count`` Gold that
      ``target`` just spent.
    - ``give``: an eliminated player's turn: give cards away, then end it.
    automatic (taken by ``flow``, never on top when a player is asked):
    - ``deal``: ``count`` cards to draw as above: the Village discards are
      reshuffled first if the deck ran out; an empty pile gives nothing.
    - ``resolve``: weigh the attack in progress and carry out its outcome.
    - ``explored``: compare the Explorers' torches with the open dungeon.
    - ``loot-rest``: the fallen seat ``target`` keeps the rest of its loot
      (and, once two castles remain, everyone standing takes loot to hand).
    - ``start-turn``: begin the turn of ``State.turn`` (after the deal).
    - ``end-action``: under every ``action`` and ``give``: the action is
      over, so another one (a King's) or the next player's turn.
    """

    kind: str
    seat: int = -1
    purpose: str = ""
    source: str = ""
    source_seat: int = -1
    dest: str = ""
    target: int = -1
    count: int = 0
    selected: tuple[str, ...] = ()


class State(msgspec.Struct, frozen=True, omit_defaults=True):
    """A whole game: fortresses and hands, the decks as multisets, the
    discards, the attack in progress and the stack of pending decisions; the
    options it was set up with are copied in so the rules need no Config."""

    variant: str
    players: tuple[Player, ...]
    village_deck: tuple[str, ...] = ()  # sorted multiset
    discard: tuple[str, ...] = ()  # in the order thrown
    siege_deck: tuple[str, ...] = ()  # the shuffled part, sorted multiset
    siege_under: tuple[str, ...] = ()  # put back under the deck, drawn first to last
    academy_deck: tuple[str, ...] = ()
    academy_under: tuple[str, ...] = ()
    dungeon_deck: tuple[str, ...] = ()
    dungeon_under: tuple[str, ...] = ()
    open_dungeon: str = ""  # a dungeon left unbeaten stays face up
    removed: tuple[str, ...] = ()  # Dukes out of the game
    table: tuple[str, ...] = ()  # Explorers on the table while a dungeon is resolved
    assault: Assault = Assault()
    pending: tuple[Pending, ...] = ()
    turn: int = -1  # the seat whose turn it is
    actions_left: int = 0
    actions_used: int = 0
    stationed_this_turn: bool = False  # Defense: one card put under the fortress a turn, King or not
    turn_number: int = 0  # turns begun, for the turn limit
    winner: int = -1  # the last castle standing
    ended_by: str = ""  # "" while the game runs, "castle" or "round-limit"
    weapons_defend: bool = True
    round_limit: int = 0  # 0: no limit
    ask_everyone: bool = True  # ask every seat holding cards at a Thief/support/reaction step, holder or not
    teams: bool = False  # 4 players in two teams: seats 1 and 3 against 2 and 4
    # Table mode: a loot card goes face down unseen, so nobody can say which
    # it is. It stays in ``village_deck`` (then the multiset of Village cards
    # nobody has seen) as one of ``unseen_loot`` cards out of the real deck,
    # and lies in the loot as FACE_DOWN. A card drawn into a hand is seen by
    # its owner only: it goes in as a placeholder (``chance.UNSEEN``) and
    # stays among the unseen cards of its deck until it is played (Village
    # ones are counted in ``unseen_loot`` too; Siege and Academy ones are
    # counted from the hands).
    table_mode: bool = False
    unseen_loot: int = 0
    # Only in a table-mode ``view``: the unseen pools, apart from its decks,
    # which hold only the cards really left (see ``chance``). The full state
    # keeps the pools in its decks, so it leaves this None.
    pools: Pools | None = None
    events: tuple[Event, ...] = ()  # what the automatic steps did in the last action


# --- actions --------------------------------------------------------------

_ACTION = dict(frozen=True, tag=True, omit_defaults=True)


class FirstPlayer(msgspec.Struct, **_ACTION):
    """Chance (or the table) picks who starts."""

    seat: int


class Draw(msgspec.Struct, **_ACTION):
    """Chance: the card that comes up from the deck (or loot) being drawn."""

    card: str


class Buy(msgspec.Struct, **_ACTION):
    """Play 1 Gold, draw 2 Village cards."""


class Explore(msgspec.Struct, **_ACTION):
    """Start choosing Explorers for the dungeon."""


class Attack(msgspec.Struct, **_ACTION):
    """Name the target (seat, slot; ``garrison`` for the stationed units only), then choose cards."""

    target: int
    slot: int
    garrison: bool = False


class NightAttack(msgspec.Struct, **_ACTION):
    """Play Night: like Attack, but the cards go face down (none at all is a bluff)."""

    target: int
    slot: int
    garrison: bool = False


class Station(msgspec.Struct, **_ACTION):
    """Defend: put a card from hand under one of your fortress cards."""

    card: str
    slot: int


class Recall(msgspec.Struct, **_ACTION):
    """Defend: take a stationed card back to hand."""

    card: str
    slot: int


class Build(msgspec.Struct, **_ACTION):
    """Start paying 4 Builders/Gold (at least 1 Builder) for a siege weapon."""


class Academy(msgspec.Struct, **_ACTION):
    """Play a Duke and 2 Gold, take an Academy card (the Duke leaves the game)."""


class King(msgspec.Struct, **_ACTION):
    """Play the King: two more actions this turn."""


class DrawVillage(msgspec.Struct, **_ACTION):
    """An action granted by a King spent on drawing a Village card."""


class Discard(msgspec.Struct, **_ACTION):
    """Use a card with no effect: throw it away (always allowed; you cannot pass)."""

    card: str


class Pass(msgspec.Struct, **_ACTION):
    """No card in hand and nothing to do: the action is lost."""


class Pick(msgspec.Struct, **_ACTION):
    """Add one card from hand to the cards being chosen."""

    card: str


class Confirm(msgspec.Struct, **_ACTION):
    """Done choosing (for support or reactions: nothing chosen means no)."""


class PlayThief(msgspec.Struct, **_ACTION):
    """Play a Thief and take the Gold just spent."""


class Decline(msgspec.Struct, **_ACTION):
    """Let the Gold go."""


class Give(msgspec.Struct, **_ACTION):
    """An eliminated player gives a card from hand to a player."""

    card: str
    to: int


class EndTurn(msgspec.Struct, **_ACTION):
    """An eliminated player ends their turn."""


Action = Union[
    FirstPlayer,
    Draw,
    Buy,
    Explore,
    Attack,
    NightAttack,
    Station,
    Recall,
    Build,
    Academy,
    King,
    DrawVillage,
    Discard,
    Pass,
    Pick,
    Confirm,
    PlayThief,
    Decline,
    Give,
    EndTurn,
]
