"""The boards of the replay screen: each game's own board widgets (the ones
its game screen draws, castletui/widgets), fed a position as one seat saw
it and lit at the spot of the step being replayed.

A game screen plays; these only show, so they hold none of its choices,
menus or cursors: one small class per game says which widgets make its
table and how to show a view on them. The widgets draw only the view they
are given, so a board never shows more than the replay's viewer saw.

Under the table, each game with hands lists them (``hands``), a line per
seat: every hand when every hand is open, else the viewer's own and the
others' as counts. The view is the gate: what it hides is not listed.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen

from castletui.rules.castle_raisers import decision
from castletui.rules.castlecards import card_name
from castletui.rules.catapult_castle import catapult_mat, hand_words
from castletui.rules.got_catan import RESOURCES, development_title, is_watch
from castletui.widgets.board import SpotBoard
from castletui.widgets.castle_raisers_castle import CastleBoard
from castletui.widgets.castle_raisers_ink import Marks, RaisersBoard
from castletui.widgets.castle_raisers_piggy import PiggyBoard
from castletui.widgets.castle_raisers_village import VillageBoard
from castletui.widgets.castlecards_attack import AttackPanel
from castletui.widgets.castlecards_fortresses import Fortresses
from castletui.widgets.castlecards_hand import Hand
from castletui.widgets.castlecards_piles import Piles
from castletui.widgets.catapult_castle_board import TableBoard, TableLegend, TableMarks
from castletui.widgets.got_catan_map import GotCatanMap, MapMarks
from castletui.widgets.got_catan_wall import GotCatanWall
from castletui.widgets.plain import Plain


class Shown:
    """What a board is told about the step: the view, the seat whose hand
    the table shows (the viewer's, or whoever's turn it is when every hand
    is open), the names, the spot lit, the seat that took the step, and
    whose hands the viewer sees: every one when they are open, else only
    ``own``'s (None: the table's eyes, no hand at all)."""

    def __init__(
        self,
        view: Any,
        seat: int,
        names: list[str],
        spot: Hashable | None,
        actor: int,
        open_hands: bool = False,
        own: int | None = None,
    ) -> None:
        self.view, self.seat, self.names, self.spot, self.actor = view, seat, names, spot, actor
        self.open_hands, self.own = open_hands, own

    def sees_hand_of(self, seat: int) -> bool:
        """Whether ``seat``'s hand is shown: every hand when they are open, else the viewer's own."""
        return self.open_hands or seat == self.own


def hand_lines(shown: Shown, hands: list[tuple[int, str]], own_only: bool = False) -> Text | None:
    """A line per seat: its name and hand (``hands``: how many cards and
    the words for them) where the viewer sees it, else how many cards.
    ``own_only``: the table draws the viewer's own hand already, so only
    an open table lists hands."""
    if own_only and not shown.open_hands:
        return None
    text = Text()
    for seat, (count, words) in enumerate(hands):
        name = shown.names[seat] if seat < len(shown.names) else f"seat {seat + 1}"
        text.append(f"{name}: ", style="bold")
        if shown.sees_hand_of(seat):
            text.append(f"{words}\n")
        else:
            text.append(f"{count} card{'' if count == 1 else 's'}\n", style="dim")
    text.rstrip()
    return text


def light(screen: Screen, spot: Hashable | None) -> None:
    """The step's spot lit (and under the cursor) on every board that has it."""
    for board in screen.query(SpotBoard):
        board.offer([spot] if spot is not None else [])
        board.point_at(spot)


class ReplayBoards:
    """The default: the view as text (a game without its own board)."""

    def compose(self) -> ComposeResult:
        yield Plain("", id="replay-text-board")

    def show(self, screen: Screen, shown: Shown) -> None:
        screen.query_one("#replay-text-board", Plain).update(repr(shown.view))

    def hands(self, shown: Shown) -> Text | None:
        """The hands under the table (None: a game without hands)."""
        return None


class CatapultCastleBoards(ReplayBoards):
    def compose(self) -> ComposeResult:
        yield TableBoard(id="replay-table")
        yield TableLegend(id="replay-legend")

    def show(self, screen: Screen, shown: Shown) -> None:
        screen.query_one(TableBoard).show(
            shown.view, TableMarks(names=shown.names, catapult=catapult_mat(shown.view))
        )
        light(screen, shown.spot)

    def hands(self, shown: Shown) -> Text | None:
        return hand_lines(shown, [(len(hand), hand_words(hand)) for hand in shown.view.hands])


class CastleRaisersBoards(ReplayBoards):
    """The castle of whoever took the step, or, on a small terminal, the
    board the step's spot is on (the castle, the Village or the Piggy board)."""

    ROOMY = (110, 36)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="replay-cr-boards"):
            yield CastleBoard(id="cr-castle")
            with Horizontal(id="replay-cr-lower"):
                yield PiggyBoard(id="cr-piggy")
                yield VillageBoard(id="cr-village")

    def show(self, screen: Screen, shown: Shown) -> None:
        view = shown.view
        top = decision(view)
        owner = shown.actor if shown.actor >= 0 else (top.seat if top is not None else shown.seat)
        castles = len(view.castles)
        castle = min(max(owner if owner >= 0 else shown.seat, 0), castles - 1)
        size = screen.app.size
        roomy = size.width >= self.ROOMY[0] and size.height >= self.ROOMY[1]
        marks = Marks(names=shown.names, owner=castle, to_move=None)
        screen.query_one(CastleBoard).show_castle(castle)
        boards = list(screen.query(RaisersBoard))
        for board in boards:
            board.show(view, marks, roomy)
        light(screen, shown.spot)
        on_board = "cr-castle"
        for board in boards:
            board.render()  # where its spots are, for the view just shown
            if shown.spot is not None and shown.spot in board.spot_cells:
                on_board = board.id or on_board
                break
        for board in boards:
            board.display = roomy or board.id == on_board
        screen.query_one("#replay-cr-lower").set_class(roomy, "-roomy")


class CastlecardsBoards(ReplayBoards):
    """The four parts of the table, each at the level of detail that lets
    all four fit (as the game screen picks it)."""

    PLANS = (
        ("roomy", "wide", "roomy", "wide"),
        ("block", "block", "block", "block"),
        ("inline", "block", "block", "block"),
    )

    def compose(self) -> ComposeResult:
        yield OpenFortresses(id="cc-fortresses")
        yield Piles(id="cc-piles")
        yield AttackPanel(id="cc-attack")
        yield Hand(id="cc-hand")

    def show(self, screen: Screen, shown: Shown) -> None:
        parts = (
            screen.query_one(Fortresses),
            screen.query_one(Piles),
            screen.query_one(AttackPanel),
            screen.query_one(Hand),
        )
        area = screen.query_one("#replay-board-area")
        width = area.content_size.width or max(20, screen.app.size.width - 32)
        height = (area.content_size.height or max(4, screen.app.size.height - 4)) - 1
        # Every hand open: they are listed under the table, none of them "yours".
        parts[0].nobody_is_you = shown.open_hands
        parts[3].display = not shown.open_hands
        hands = self.hands(shown)
        if hands is not None:
            height -= sum(len(line.wrap(screen.app.console, max(10, width - 2))) for line in hands.split())
        for part in parts:
            part.state, part.viewer, part.names = shown.view, shown.seat, shown.names
        plans = [plan for plan in self.PLANS if plan[0] != "roomy" or width >= 64]
        chosen = plans[-1]
        for plan in plans:
            heights = [
                len(part.lines(width, detail)) if part.display else 0
                for part, detail in zip(parts, plan, strict=True)
            ]
            if sum(heights) <= height:
                chosen = plan
                break
        for part, detail in zip(parts, chosen, strict=True):
            part.show(shown.view, shown.seat, shown.names, detail)
        parts[2].display = bool(parts[2].lines(width))
        light(screen, shown.spot)

    def hands(self, shown: Shown) -> Text | None:
        players = shown.view.players
        words = [hand_of_cards(player.hand) for player in players]
        return hand_lines(
            shown, [(len(p.hand), w) for p, w in zip(players, words, strict=True)], own_only=True
        )


def counted(names: Iterable[str]) -> str:
    """Names in words, each once with how many, in the order first met: "Gold x3, Duke"."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name + (f" x{count}" if count > 1 else "") for name, count in counts.items())


def hand_of_cards(hand: tuple[str, ...]) -> str:
    """A Castlecards hand in words: "Gold x3, Duke"."""
    return counted(card_name(card, short=True) for card in hand) or "no cards"


class OpenFortresses(Fortresses):
    """The replay's fortresses: with every hand open nobody at the table is "you"."""

    nobody_is_you = False

    def head(self, seat: int, short: bool):
        if not self.nobody_is_you:
            return super().head(seat, short)
        viewer = self.viewer
        self.viewer = -1  # no seat is -1, so no row is marked "(you)"
        try:
            return super().head(seat, short)
        finally:
            self.viewer = viewer


class GotCatanBoards(ReplayBoards):
    """The Gift, and in Brotherhood the Wall under it when there is room
    (else the Wall only when the step was on it)."""

    BOTH_FROM = 40

    def compose(self) -> ComposeResult:
        yield GotCatanMap(id="gift")
        yield GotCatanWall(id="wall")

    def show(self, screen: Screen, shown: Shown) -> None:
        view = shown.view
        gift, wall = screen.query_one(GotCatanMap), screen.query_one(GotCatanWall)
        gift.show(view, MapMarks(names=shown.names))
        watch = is_watch(view)
        if watch:
            wall.show(view, shown.names)
        light(screen, shown.spot)
        on_wall = False
        if watch and shown.spot is not None:
            wall.render()
            on_wall = shown.spot in wall.spot_cells
        both = screen.app.size.height >= self.BOTH_FROM
        wall.display = watch and (both or on_wall)
        gift.display = not watch or both or not on_wall

    def hands(self, shown: Shown) -> Text | None:
        hands = []
        for player in shown.view.players:
            held = [f"{player.hand.count(r)} {r}" for r in RESOURCES if r in player.hand]
            cards = counted(development_title(card) for card in player.development)
            words = (", ".join(held) or "no resources") + ("; " + cards if cards else "")
            hands.append((len(player.hand) + len(player.development), words))
        return hand_lines(shown, hands)


BOARDS: dict[str, type[ReplayBoards]] = {
    "catapult-castle": CatapultCastleBoards,
    "castle-raisers": CastleRaisersBoards,
    "castlecards": CastlecardsBoards,
    "got-catan": GotCatanBoards,
}


def boards_for(game_id: str) -> ReplayBoards:
    return BOARDS.get(game_id, ReplayBoards)()
