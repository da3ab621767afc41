"""Castle Raisers state and actions: frozen msgspec Structs, nothing else.

A turn is a stack of :class:`Pending` steps (``State.pending``, its LAST item
the top, as everywhere in ``rules.core.decisions``): some are decisions of a
seat or of chance, the rest are automatic steps the rules take by themselves
(``flow``). Every action answers the decision on top. ``State.events`` holds
what the rules did by themselves in the last action (``text.effects`` words it).

Positions on the wall: slot ``(level, slot)`` with ``level >= 1`` is stored at
``Castle.wall[(level - 1) * PORTIONS + slot]`` as a Wall tile id, ``"F"`` for a
Fortification tile, or ``""`` when empty. Sections and regions are indices into
``edition.SECTIONS`` (forests, sea, farmlands); wolves are counted per region
and kind at ``Castle.wolves[region * 4 + kind]``.
"""

from __future__ import annotations

from typing import Union

import msgspec
from castletui.rules.castle_raisers.edition import LOCATIONS, SECTIONS
from castletui.rules.core import Event

FORTIFICATION = "F"
"""What a Fortification tile looks like in ``Castle.wall``."""


# The Structs here are ``gc=False``: the cyclic garbage collector does not track them. Frozen,
# holding only strings, numbers, tuples and other such Structs, they can never be part of a
# reference cycle, and a bot's search makes hundreds of thousands of them: the collector walked
# them all for nothing (about 3% of the instructions of a hard co-op draft search, 3 players).


class Castle(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    """One player's Castle board and everything around it."""

    board: str = ""
    wall: tuple[str, ...] = ()
    heights: tuple[int, ...] = (0,) * len(SECTIONS)
    """The highest level over each section (cached from ``wall``)."""
    village: tuple[str, ...] = ("",) * len(LOCATIONS)
    """The Village token id on each location (``edition.LOCATIONS`` order), "" if empty."""
    wolves: tuple[int, ...] = (0,) * (4 * len(SECTIONS))
    prestige: tuple[int, ...] = (0,) * len(SECTIONS)
    attack: tuple[int, ...] = (0,) * len(SECTIONS)
    arrows: int = 0
    threats: tuple[str, ...] = ()
    """Threat card names (co-operative and solo)."""


class Line(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    """Co-operative: a face-down Attack token with its line of wolves.

    ``region`` is -1 while the token is face down: which region it shows is
    decided by chance when it is revealed (no hidden order in the state).
    """

    region: int = -1
    wolves: tuple[int, ...] = (0, 0, 0, 0)
    picked: bool = False


class Pending(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    """One step of the decision stack. ``kind`` says what it is; the other fields are its
    parameters (which seat, which section or region, how many, which tile)."""

    kind: str
    seat: int = 0
    section: int = -1
    count: int = 0
    tile: str = ""
    ability: str = ""
    other_ability: str = ""
    other_section: int = -1


class State(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    variant: str
    seats: int
    castles: tuple[Castle, ...]
    pending: tuple[Pending, ...] = ()
    """The decision stack: its last item is the step to take next."""
    mode: str = "digital"
    fortified_defenders_fire: bool = True
    choose_boards: bool = False
    """Set-up: players choose their Castle boards (from the last player backwards) instead of drawing them."""
    discard_attack: bool = True
    """Whether a discarded or returned tile with a Dispatch icon makes the wolves attack (2 players)."""
    age: int = 0
    round: int = 0
    mother_pig: int = 0
    round_order: tuple[int, ...] = ()
    revealed: tuple[str, ...] = ()
    """The face-up Wall tiles of the current round, still to be taken."""
    wall_stack: tuple[str, ...] = ()
    """What is left of the current age's stack, as a sorted multiset."""
    boards_left: tuple[str, ...] = ()
    village_face_up: tuple[str, ...] = ()
    village_stacks: tuple[str, ...] = ()
    """Every face-down Village token, sorted (each colour's stack is its tokens here)."""
    attack_supply: tuple[int, ...] = (0, 0, 0)
    bag: tuple[int, ...] = (0, 0, 0, 0)
    fortification_supply: int = 0
    prestige_supply: int = 0
    arrow_supply: int = 0
    lines: tuple[Line, ...] = ()
    threat_deck: tuple[str, ...] = ()
    threats_by_seat: tuple[int, ...] = ()
    """Co-operative and solo: how many Threat cards each player draws (the difficulty, per player)."""
    finished: bool = False
    events: tuple[Event, ...] = ()
    """What the rules did by themselves in the action that made this state."""

    @property
    def threats_per_player(self) -> int:
        """The most Threat cards any player draws: 0 when nobody plays with one
        (the screens say "difficulty 0" then)."""
        return max(self.threats_by_seat, default=0)


# --- actions ----------------------------------------------------------------

_ACTION = {"frozen": True, "tag": True, "omit_defaults": True, "gc": False}


class DrawStartPlayer(msgspec.Struct, **_ACTION):
    """Chance: the start player, chosen at random (they take the Mother Pig)."""

    seat: int


class DrawBoard(msgspec.Struct, **_ACTION):
    """Chance: the Castle board a player takes at random."""

    board: str


class ChooseBoard(msgspec.Struct, **_ACTION):
    board: str


class DrawVillage(msgspec.Struct, **_ACTION):
    """Chance: the Village token that comes off a stack (replenishing, or taken blind)."""

    token: str


class DrawWolf(msgspec.Struct, **_ACTION):
    """Chance: the Wolf token drawn from the bag."""

    kind: str


class DrawWallTile(msgspec.Struct, **_ACTION):
    """Chance: the Wall tile revealed from the age's stack."""

    tile: str


class DrawAttack(msgspec.Struct, **_ACTION):
    """Chance: the region an Attack token shows."""

    region: str


class DrawThreat(msgspec.Struct, **_ACTION):
    """Chance: a Threat card drawn (co-operative and solo)."""

    threat: str


class DraftTile(msgspec.Struct, **_ACTION):
    tile: str


class PlaceTile(msgspec.Struct, **_ACTION):
    level: int
    slot: int


class ResolveFirst(msgspec.Struct, **_ACTION):
    """Which of the two covered icons fires first."""

    ability: str
    section: str


class TakeVillage(msgspec.Struct, **_ACTION):
    """A face-up Village token (``token``), or the top of ``colour``'s stack blind."""

    token: str = ""
    colour: str = ""


class PlaceVillage(msgspec.Struct, **_ACTION):
    location: str


class PlaceFortification(msgspec.Struct, **_ACTION):
    level: int
    slot: int


class PourCauldron(msgspec.Struct, **_ACTION):
    """Defeat one wolf of ``wolf`` kind with this pouring's cauldrons."""

    wolf: str


class StopPouring(msgspec.Struct, **_ACTION):
    pass


class DiscardTile(msgspec.Struct, **_ACTION):
    """2 players: the first player discards one of the remaining tiles."""

    tile: str


class RevealLine(msgspec.Struct, **_ACTION):
    """Co-operative Prestige: turn one line's face-down Attack token up."""

    line: int


class RemoveWolf(msgspec.Struct, **_ACTION):
    """Co-operative Dispatch: send one wolf of a line back to the bag."""

    line: int
    wolf: str


class PickLine(msgspec.Struct, **_ACTION):
    """Co-operative End of Age: take a line's wolves into your region."""

    line: int


Action = Union[  # noqa: UP007 - msgspec needs a Union object it can inspect
    DrawStartPlayer,
    DrawBoard,
    ChooseBoard,
    DrawVillage,
    DrawWolf,
    DrawWallTile,
    DrawAttack,
    DrawThreat,
    DraftTile,
    PlaceTile,
    ResolveFirst,
    TakeVillage,
    PlaceVillage,
    PlaceFortification,
    PourCauldron,
    StopPouring,
    DiscardTile,
    RevealLine,
    RemoveWolf,
    PickLine,
]
