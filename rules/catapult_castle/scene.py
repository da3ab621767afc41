"""Catapult Castle's scene: what one seat's screen draws, from its view alone
(rules/core/scene.py).

- the table (``TableBoard``): each mat's label, each square's towers, roof,
  ammo inside and cards face down under them, and where the catapult stands;
- the players panel (side.py): the ammo left, the rearrangements left
  (solo), the seat's hand and its deck and discard, what is in force this
  turn; the replay adds every hand as that seat saw it;
- the aiming mini-game: a tower's ``shot`` (worked out when a tower is
  aimed at, not for every frame): how far and tall it is, the sweet spot's
  width, and (``Shot.odds``) where an ammo shot with a given accuracy lands.

Words that name seats hold seat references (``{P0}``): the app names them.
Squares are numbered as the rules' spots are (``4 * mat + position``).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec
from castletui.rules.catapult_castle.edition import (
    ABSENT,
    DECK_NAMES,
    DISTANCES,
    KIND_INDEX,
    NEIGHBOURS,
    NEUTRAL,
    SHORT_NAMES,
    SQUARE_COUNT,
    SQUARE_NAMES,
    UNSEEN,
    square_index,
    square_point,
)
from castletui.rules.catapult_castle.pieces import is_solo, shooter_mat
from castletui.rules.catapult_castle.scoring import result
from castletui.rules.catapult_castle.shots import LandingOdds, landing_odds, sweet_spot_width
from castletui.rules.catapult_castle.state import Pending, State
from castletui.rules.catapult_castle.text import mat_name, tower_words
from castletui.rules.core import seat_ref
from castletui.rules.core.protocol import Result
from castletui.rules.core.scene import Scene


class Mat(msgspec.Struct, frozen=True, kw_only=True):
    """A quadrant of the table: its mat, if there is one."""

    in_play: bool
    """False for the empty quadrant of a 3-player game."""
    title: str = ""
    """As the board labels it: "{P0} (King)", "Queen (neutral)", "King mat" (solo)."""
    owner_words: str = ""
    """Whose its towers are: "{P1}'s", "the Queen mat's"."""
    owner: int = -1
    """The seat whose mat it is, -1 for a neutral, absent or solo mat."""


class Square(msgspec.Struct, frozen=True, kw_only=True):
    """One square of the 4x4 table and what stands on it."""

    number: int
    """The square's spot on the board (``4 * mat + position``)."""
    mat: int
    name: str
    """inner, left, right or outer: how prompts and the action bar name it."""
    column: int
    row: int
    """Where it sits on the 4x4 grid, (0, 0) top left."""
    on_table: bool
    """False for a square taken out of play (the Skilled variant's)."""
    towers: int = 0
    roof: bool = False
    ammo: int = 0
    """Ammo inside its towers."""
    cards_under: int = 0
    """Cards face down between its towers."""


class Hand(msgspec.Struct, frozen=True, kw_only=True):
    """A seat's hand as this seat sees it."""

    cards: int
    words: str
    """In card order with counts: "Extra Shot, 2 Reinforced Roof, 1 unseen"; "no cards"."""
    short: str
    """The same with short card names ("2 Roof"), for a narrow panel."""


class Shot(msgspec.Struct, frozen=True, kw_only=True):
    """A shot at a tower, as the aiming mini-game shows it."""

    target: str
    """ "{P1}'s inner tower"."""
    distance: float
    """In square widths from the catapult."""
    height: int
    sweet_spot: int
    """The sweet spot's width, in % of the power bar."""
    magic_toss: bool
    roofed: bool
    near_by: bool
    """Whether a tower stands next to it (where a near miss drops in)."""

    def odds(self, accuracy: int) -> LandingOdds:
        """Where an ammo shot with ``accuracy`` (0..100) lands (rules' shot model)."""
        return landing_odds(accuracy, self.distance, self.height, self.magic_toss, self.roofed, self.near_by)


class CatapultCastleScene(Scene, frozen=True, kw_only=True):
    """What a seat's Catapult Castle screen draws."""

    mats: tuple[Mat, ...]
    squares: tuple[Square, ...]
    """Every square of the table, by number."""
    catapult: int
    """The mat whose corner the catapult stands at (-1: no shot under way)."""
    catapult_at_chosen_corner: bool
    """Solo, at a turn: the catapult stands at whichever corner the player
    picks targets from (the action bar's open group), not at ``catapult``."""
    solo: bool
    supply: int
    """Ammo left in the supply (solo: ammo left to shoot)."""
    rearrangements_left: int
    hands: tuple[Hand, ...]
    """Every seat's hand, by seat: the others' as hidden cards."""
    deck: int = 0
    discard: int = 0
    """The seat's own deck and discard pile, in cards (not in solo)."""
    magic_toss: bool = False
    strong_ammo: bool = False
    shots_left: int = 0
    seat: int = -1
    """The seat whose screen this is."""
    standing: Result | None = None
    """The score as this seat may know it (the rules' result of its view):
    what the plain mode's ``score`` reads."""

    def shot(self, mat: int, square: str, from_mat: int = -1) -> Shot:
        """A shot at the tower on ``mat``'s ``square`` from the catapult's
        corner (solo: ``from_mat``'s), as the rules' shot model has it:
        worked out from the scene when a tower is aimed at."""
        q = square_index(mat, square)
        stack = self.squares[q]
        distance = DISTANCES[from_mat if from_mat >= 0 else self.catapult][q]
        return Shot(
            target=tower_words(self.mats[mat].owner_words, square),
            distance=distance,
            height=stack.towers,
            sweet_spot=sweet_spot_width(distance, stack.towers, self.magic_toss),
            magic_toss=self.magic_toss,
            roofed=stack.roof,
            near_by=any(self.squares[n].towers for n in NEIGHBOURS[q]),
        )


def _grid(square: int) -> tuple[int, int]:
    x, y = square_point(square)
    return int(x + 2), int(y + 2)


_GRID = tuple(_grid(q) for q in range(SQUARE_COUNT))


def in_card_order(kinds: Iterable[str]) -> list[str]:
    """Card kinds in the rulebook's order (Extra Shot, Magic Toss, Strong
    Ammo, Reinforced Roof), as a hand is shown; hidden cards last."""
    return sorted(kinds, key=lambda kind: KIND_INDEX.get(kind, len(KIND_INDEX)))


def hand_words(hand: Iterable[str], short: bool = False) -> str:
    """A hand as the side panel lists it, in card order with counts:
    "Extra Shot, 2 Roof, 1 unseen" ("unseen": table mode's cards not typed
    in yet, named when played); "no cards" when empty."""
    cards = in_card_order(hand)
    words = []
    for kind in dict.fromkeys(cards):
        n = cards.count(kind)
        if kind == UNSEEN:
            words.append(f"{n} unseen")
            continue
        name = SHORT_NAMES.get(kind, kind) if short else kind
        words.append(f"{n} {name}" if n > 1 else name)
    return ", ".join(words) if words else "no cards"


def mat_title(state: State, mat: int) -> str:
    """A mat as the board labels it: "{P0} (King)" for a player's, "Queen
    (neutral)" for one nobody owns, "King mat" in solo; "" when absent."""
    owner = state.mat_owner[mat]
    if owner == ABSENT:
        return ""
    if is_solo(state):
        return f"{DECK_NAMES[mat]} mat"
    if owner == NEUTRAL:
        return f"{DECK_NAMES[mat]} (neutral)"
    return f"{seat_ref(owner)} ({DECK_NAMES[mat]})"


def firing_step(state: State) -> Pending | None:
    """The decision of the shot being prepared or flying (a turn or a
    landing), None when there is none."""
    for step in reversed(state.pending):
        if step.seat >= 0 and step.kind in ("turn", "land"):
            return step
    return None


def _squares(view: State) -> tuple[Square, ...]:
    on_table = set(view.squares)
    squares = []
    for q, stack in enumerate(view.stacks):
        column, row = _GRID[q]
        squares.append(
            Square(
                number=q,
                mat=q // 4,
                name=SQUARE_NAMES[q % 4],
                column=column,
                row=row,
                on_table=q in on_table,
                towers=len(stack.towers),
                roof=stack.roof >= 0,
                ammo=sum(stack.towers),
                cards_under=len(stack.cards),
            )
        )
    return tuple(squares)


VIEW_VERSION = (1, "e2be4d5ec393e3cb")
"""This scene's version as a bot is given it (JSON-lines play: castletui
schema GAME), and the hash of the shape it names
(castletui/jsonlines/schema.py): tests/jsonlines/test_schema.py fails when
the Structs here change and this does not. Bump the number, set the hash."""


def scene(view: State, seat: int) -> CatapultCastleScene:
    """What ``seat``'s screen draws, from its ``view`` alone."""
    solo = is_solo(view)
    step = firing_step(view)
    at_chosen_corner = step is not None and step.kind == "turn" and solo
    catapult = -1 if step is None or at_chosen_corner else shooter_mat(view, step)
    deck = discard = 0
    if not solo and 0 <= seat < len(view.seat_mats):
        mat = view.seat_mats[seat]
        deck, discard = view.decks[mat].size, view.discards[mat].size
    return CatapultCastleScene(
        mats=tuple(
            Mat(
                in_play=owner != ABSENT,
                title=mat_title(view, mat),
                owner_words=mat_name(view, mat),
                owner=owner if owner >= 0 and not solo else -1,
            )
            for mat, owner in enumerate(view.mat_owner)
        ),
        squares=_squares(view),
        catapult=catapult,
        catapult_at_chosen_corner=at_chosen_corner,
        solo=solo,
        supply=view.supply,
        rearrangements_left=view.rearrangements_left,
        hands=tuple(
            Hand(cards=len(hand), words=hand_words(hand), short=hand_words(hand, short=True))
            for hand in view.hands
        ),
        deck=deck,
        discard=discard,
        magic_toss=view.magic_toss,
        strong_ammo=view.strong_ammo,
        shots_left=view.shots_left,
        seat=seat,
        standing=result(view),
    )
