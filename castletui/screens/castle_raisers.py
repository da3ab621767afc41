"""Castle Raisers' game screen: a castle (switch with Tab or 1-4), the
Village and Piggy boards (b cycles them on small terminals; larger ones show
all three), the Threat cards of a co-operative or solo game (t), and the
action bar grouped into steps. The boards are laid out in
castletui/styles/castle_raisers.tcss; each is a board of the frame's
(cursor, Enter, clicks).

Placing a Wall tile is two steps on screen: first the tile, then its slot (a
line of the action bar or a click on a lit slot of the castle), and Escape
or "Choose another tile" backs out before anything is played. The slot lines
say what each placement would fire and with what count, from the rules'
own queries. Every other decision (ability order, cauldron targets, Village
tokens and locations, Fortification tiles, co-op lines) is one line per
legal action, each lighting its spot on the board (the rules' ``spot``).

The players panel labels each score ("12 now") with where it comes from;
co-op and solo add the team total against the wolves'. The score sheet
(``s``, and at the end) shows every line of the rules' Result; co-op and
solo add the team total and every Threat card met or failed, castletui's
own cards marked as such.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList

from castletui.driver import Frame
from castletui.replay import Replay
from castletui.rules.castle_raisers import (
    ABILITY_NAMES,
    FORTIFICATION,
    LOCATIONS,
    ROUNDS_PER_AGE,
    SECTION_INDEX,
    SECTIONS,
    TILES,
    TOKENS,
    Asking,
    DiscardTile,
    DraftTile,
    PickLine,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    ResolveFirst,
    RevealLine,
    ability_count,
    asking,
    cauldrons_needed,
    covered_icons,
    discard_makes_wolves_attack,
    legal_slots,
    location_sections,
    team_standing,
    tile_text,
    token_words,
    village_breakdown,
    why_not_legal,
    wolves_around,
    wolves_entering,
)
from castletui.rules.core import CHANCE, name_seats
from castletui.screens.game import Choice, GameScreen
from castletui.screens.result import verdict
from castletui.session import Session
from castletui.widgets.castle_raisers_castle import CastleBoard
from castletui.widgets.castle_raisers_ink import ICON_WORD, Marks, RaisersBoard, wolves_short
from castletui.widgets.castle_raisers_piggy import PiggyBoard, tile_face
from castletui.widgets.castle_raisers_threats import threat_cards
from castletui.widgets.castle_raisers_village import VillageBoard
from castletui.widgets.panels import PlayersPanel
from castletui.widgets.plain import Plain

BOARD_MODES = ("castle", "village", "piggy")
STYLES = Path(__file__).parent.parent / "styles" / "castle_raisers.tcss"
ROOMY = (110, 36)
"""A terminal at least this big shows the three boards at once."""
SCORE_WORDS = (
    ("Wolf assault", "wolves"),
    ("Wolves entered", "wolves"),
    ("Wall levels", "walls"),
    ("Village", "village"),
    ("Prestige", "prestige"),
    ("Attack", "attack"),
    ("Arrow", "arrows"),
)
"""Score-sheet lines gathered under one word for the players panel."""


def score_parts(result: Any, seat: int) -> list[tuple[str, float]]:
    """Where a seat's standing comes from: the score sheet's lines summed
    under a word each ("walls 12", "wolves -30"), biggest first, zeros left out."""
    parts: dict[str, float] = {}
    for line in result.lines:
        word = next((w for prefix, w in SCORE_WORDS if line.label.startswith(prefix)), line.label.lower())
        parts[word] = parts.get(word, 0.0) + line.points[seat]
    return sorted(((w, p) for w, p in parts.items() if p), key=lambda item: -abs(item[1]))


class CastleRaisersScreen(GameScreen):
    HELP = (
        "Take a Wall tile, then choose a lit slot on your castle (the action bar, j/k or the arrows, or a "
        "click); Escape puts the tile back. Every icon the tile covers fires for its section; each slot "
        "line says what it would fire and how strongly. Tab or 1-4 shows another castle; b shows the "
        "Village or Piggy board on a small terminal (a larger one shows all three); t lists the Threat "
        "cards of a co-operative or solo game. "
        "The castle: levels numbered on the left, 0 the foundation, the ring unrolled so a tile leaving "
        "the right edge comes back on the left; [Vil|Dis] is a tile (Vil Settling Villagers, Pre "
        "Establishing Prestige, For Fortifying, Dis Dispatching Wolves, Def Defending), dim icons are "
        "covered, shaded tiles are Fortification tiles, lit dots are the slots you may take. Above the "
        "wall each region's wolves (S soldier, L soldier with ladder, A archer, V vicious wolf) and how "
        "many would enter now (the arrow); below it the Village tokens (colour letter and icon; border "
        "tokens sit on the section borders), the Prestige and Attack piles and each icon's count per "
        "section. The legend under each board says the same. A click on a board gives it the keys: "
        "the arrows or hjkl move over its lit spots and Enter chooses. s shows the score sheet, ctrl+s saves "
        "under a new name, r opens the rules."
    )
    CSS_PATH = STYLES
    CURSOR_OPENS_GROUPS = False  # no groups: a picked tile's slots replace the rules' lines
    BINDINGS = [
        Binding("tab", "next_castle", "Castle", key_display="Tab", priority=True),
        Binding("shift+tab", "previous_castle", "Previous castle", show=False, priority=True),
        Binding("1", "castle(0)", "Castle 1", show=False),
        Binding("2", "castle(1)", "Castle 2", show=False),
        Binding("3", "castle(2)", "Castle 3", show=False),
        Binding("4", "castle(3)", "Castle 4", show=False),
        Binding("b", "next_board", "Board"),
        Binding("t", "threats", "Threats"),
        Binding("k,h", "cursor(-1)", "Previous choice", show=False),
        Binding("j,l", "cursor(1)", "Next choice", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.picked_tile = ""  # screen-side step: the tile chosen, its slot still to choose
        self.shown_castle = -1  # -1: follow the player whose view is shown
        self.board_mode = "castle"
        self.mode_decision = -1  # the ply the board mode was last chosen for
        self.castle_from_draw = False  # table mode: a draw's question showed another castle

    def compose_board(self) -> ComposeResult:
        with VerticalScroll(id="cr-boards"):
            yield CastleBoard(id="cr-castle")
            with Horizontal(id="cr-lower"):
                yield PiggyBoard(id="cr-piggy")
                yield VillageBoard(id="cr-village")

    def on_resize(self) -> None:
        # GameScreen.on_resize fits the Footer too: Textual calls each class's handler.
        self.refresh_table()

    @property
    def roomy(self) -> bool:
        return self.app.size.width >= ROOMY[0] and self.app.size.height >= ROOMY[1]

    @property
    def cooperative(self) -> bool:
        return self.session.variant != "competitive"

    # --- what the table shows ---------------------------------------------------

    def castle_seat(self) -> int:
        seats = len(self.session.players)
        seat = self.shown_castle if self.shown_castle >= 0 else self.viewer
        return min(max(seat, 0), seats - 1)

    def asked(self) -> Asking | None:
        """What the decision on top asks (the rules' ``asking``, from the view)."""
        return asking(self.frame.view) if self.frame is not None else None

    def update_board(self, view: Any) -> None:
        top = asking(view)
        marks = Marks(
            names=self.session.names,
            tile=self.picked_tile or (top.tile if top is not None else ""),
            owner=top.seat if top is not None else -1,
            to_move=self.frame.seat,
        )
        roomy = self.roomy
        self.query_one(CastleBoard).show_castle(self.castle_seat())
        for board in self.query(RaisersBoard):
            board.show(view, marks, roomy)
            board.display = roomy or board.id == f"cr-{self.board_mode}"
        self.query_one("#cr-lower").set_class(roomy, "-roomy")
        self.set_class(roomy, "-roomy")

    def refresh_table(self) -> None:
        self._follow_decision(self.driver.frame(self.viewer, self.menu_path))
        super().refresh_table()
        board = self.focused
        if isinstance(board, RaisersBoard) and (not board.display or not self.on_board(board)):
            # Nothing to choose on that board now (or it was put away): the keys go back to the action bar.
            self.query_one("#actions", OptionList).focus()

    def on_board(self, board: RaisersBoard) -> bool:
        """Whether some choice now is about a spot drawn on ``board``."""
        board.render()  # where its spots are, as drawn for the view just shown
        return any(spot in board.spot_cells for spot in board.selectable)

    def _follow_decision(self, frame: Frame) -> None:
        """A new decision for a person brings its board forward (small
        terminals); at a real table, so does each question about a draw:
        the castle the wolves go into, the Village stack, the Wall tiles."""
        top = asking(frame.view)
        seat = frame.seat
        if top is None or frame.ply == self.mode_decision:
            return
        if seat == CHANCE and self.session.mode == "table":
            self.mode_decision = frame.ply
            self.board_mode = top.board
            if top.board == "castle" and 0 <= top.seat < len(self.session.names):
                self.shown_castle, self.castle_from_draw = top.seat, True
            return
        if seat is None or seat == CHANCE or self.session.is_bot(seat):
            return
        if self.castle_from_draw:
            self.shown_castle = -1  # the draws were about another castle: back to the mover's
            self.castle_from_draw = False
        self.mode_decision = frame.ply
        self.board_mode = top.board

    def side_text(self, frame: Frame) -> Text:
        """Each player's standing, said for what it is: "12 now", and where
        it comes from ("walls 12, wolves -30"); co-op: the team against the wolves'."""
        session = self.session
        view = frame.view
        result = frame.standing
        to_move = frame.seat
        many = len(session.names) > 3 and not self.roomy  # one row each
        word = "final" if to_move is None else "now"
        text = Text(no_wrap=True, overflow="ellipsis")
        for seat, name in enumerate(session.names):
            style = "bold reverse" if seat == to_move else ("bold" if seat == frame.viewer else "")
            who = name + (f" ({session.bot_words(seat)})" if session.is_bot(seat) and not many else "")
            score = f"{result.scores[seat]:g} {word}" if seat < len(result.scores) else ""
            text.append(">" if seat == to_move else " ", style=style)
            width, score_width = (7, 8) if many else (16, 10)
            text.append(f"{who:<{width}.{width}}", style=style)
            text.append(f"{score:>{score_width}}")
            room = (self.query_one(PlayersPanel).content_size.width or 27) - (
                width + score_width + 2 if many else 2
            )
            parts = ""
            for part in (f"{w} {p:g}" for w, p in score_parts(result, seat)):
                if len(parts) + len(part) + (2 if parts else 0) > room:
                    break  # the biggest first: what is left out matters least
                parts = f"{parts}, {part}" if parts else part
            if many:
                text.append(f" {parts}" if parts else "", style="dim")
                text.append("\n")
            else:
                text.append("\n")
                if parts:
                    text.append(f"  {parts}\n", style="dim")
        if frame.waiting:
            text.append(frame.waiting + "\n", style="bold" if to_move is None else "italic")
        if view.variant != "competitive":
            team, target, beat = team_standing(view)
            text.append(f" Team {team:g} {word}, to beat {target}\n", style="bold green" if beat else "bold")
        if view.age:
            text.append(f" Age {view.age}, round {view.round} of {ROUNDS_PER_AGE}\n")
        return text

    def prompt_text(self) -> str:
        frame = self.frame
        if self.picked_tile and frame is not None and frame.deciding and self.handing_over is None:
            name = self.session.names[frame.viewer]
            return f"{name}, where does {tile_text(self.picked_tile)} go? (Esc: another tile)"
        return super().prompt_text()

    # --- the action bar ------------------------------------------------------

    def menu(self, frame: Frame) -> list[Choice]:
        actions = [action for action, _, _ in frame.menu]
        if any(isinstance(action, DraftTile) for action in actions):
            return self._draft_choices(frame, actions)
        if any(isinstance(action, PlaceTile) for action in actions):
            return [self._slot_choice(frame, a.level, a.slot, a) for a in actions if isinstance(a, PlaceTile)]
        return [Choice(self._text(frame, action), action, where=spot) for action, _, spot in frame.menu]

    def _text(self, frame: Frame, action: Any) -> str:
        """The rules' label, with what a player needs to choose well."""
        view = frame.view
        text = next(line.text for line in frame.lines if line.action == action)
        if isinstance(action, ResolveFirst):
            section = SECTION_INDEX[action.section]
            count = ability_count(view.castles[frame.viewer], action.ability, section)
            return f"{text} (count {count})"
        if isinstance(action, DiscardTile):
            text = f"Discard {self.tile_words(action.tile)}"
            return f"{text}: the wolves attack" if discard_makes_wolves_attack(view, action.tile) else text
        if isinstance(action, PlaceVillage):
            return self.location_words(action.location)
        if isinstance(action, PickLine | RevealLine) and action.line < len(view.lines):
            line = view.lines[action.line]
            region = SECTIONS[line.region] if line.region >= 0 else "face down"
            return f"{text}: {region}, {wolves_short(line.wolves) or 'no wolves'}"
        if isinstance(action, PourCauldron):
            needed = cauldrons_needed(action.wolf)
            return f"{text} ({needed} cauldron{'s' if needed != 1 else ''})"
        token = getattr(action, "token", "")
        if token:
            return f"{token}: {ICON_WORD[TOKENS[token].ability]} icon, scores {token_words(token)}"
        return text

    @staticmethod
    def location_words(location: str) -> str:
        """A Village location as the castle draws it: "Forests, left of the two",
        "Border sea|farmlands" (it counts in both)."""
        sections = location_sections(location)
        if len(sections) > 1:
            return f"Border {'|'.join(sections)} (counts in both)"
        siblings = [place for place in LOCATIONS if location_sections(place) == sections]
        side = (
            ("left", "right")[siblings.index(location)]
            if len(siblings) == 2
            else str(siblings.index(location) + 1)
        )
        return f"{sections[0].capitalize()}, {side} of the two"

    @staticmethod
    def tile_words(tile: str) -> str:
        """A Wall tile as the boards draw it, with its material and id: ``[Pre|For] straw (W1-05)``."""
        return f"{tile_face(tile)} {TILES[tile].material} ({tile})"

    def _draft_choices(self, frame: Frame, actions: list[Any]) -> list[Choice]:
        drafts = [a for a in actions if isinstance(a, DraftTile)]
        if self.picked_tile and any(a.tile == self.picked_tile for a in drafts):
            draft = next(a for a in drafts if a.tile == self.picked_tile)
            slots = legal_slots(frame.view.castles[frame.viewer].wall)
            choices = [
                self._slot_choice(frame, level, slot, (draft, PlaceTile(level, slot)))
                for level, slot in slots
            ]
            choices.append(Choice("Choose another tile", run=lambda: self.pick_tile("")))
            return choices
        self.picked_tile = ""
        return [
            Choice(
                f"Take {self.tile_words(a.tile)}",
                run=lambda tile=a.tile: self.pick_tile(tile),
                where=("tile", a.tile),
            )
            for a in drafts
        ]

    def _slot_choice(self, frame: Frame, level: int, slot: int, action: Any) -> Choice:
        """A slot line: where, and what the placement would fire (with its count)."""
        castle = frame.view.castles[frame.viewer]
        fired = [
            ABILITY_NAMES[ability].split()[0]
            + f" {SECTIONS[section]}"
            + ("" if ability == "VIL" else f" x{ability_count(castle, ability, section)}")
            for ability, section in covered_icons(castle.board, castle.wall, level, slot)
        ]
        text = f"Level {level} slot {slot}: " + ("fires " + " + ".join(fired) if fired else "fires nothing")
        if isinstance(action, tuple):
            return Choice(text, run=lambda: self.place_picked(action), where=("slot", level, slot))
        return Choice(text, action, where=("slot", level, slot))

    def pick_tile(self, tile: str) -> None:
        self.picked_tile = tile
        self.board_mode = "castle"
        self.refresh_table()

    def place_picked(self, actions: tuple[Any, Any]) -> None:
        """Play the two rules actions the screen gathered: take the tile, place it."""
        draft, place = actions
        if self.play(draft, advance=False):
            self.play(place)

    def after_action(self, action: Any) -> None:
        if isinstance(action, PlaceTile) or not isinstance(action, DraftTile):
            self.picked_tile = ""
        if self.session.to_move() not in (CHANCE, None) and not self.session.is_bot(self.session.to_move()):
            self.shown_castle = -1

    @on(OptionList.OptionHighlighted, "#actions")
    def redraw_the_tile(self, event: OptionList.OptionHighlighted) -> None:
        """The tile being placed is drawn under the cursor: the castle redraws with it."""
        self.query_one(CastleBoard).refresh()

    def refused_at(self, spot: Any) -> None:
        """On an unlit slot while placing, the rules say why not."""
        top = self.asked()
        placing = top is not None and (top.tile or self.picked_tile)
        if spot[0] == "slot" and placing and self.castle_seat() == top.seat:
            _, level, slot = spot
            reason = why_not_legal(self.frame.view.castles[top.seat].wall, level, slot)
            self.notify(reason or "Choose a lit slot.", title="Not allowed", severity="warning", timeout=6)
            return
        super().refused_at(spot)

    # --- keys ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``t`` only in a game with Threat cards; ``b`` only where the boards take turns."""
        if action == "threats":
            return self.cooperative
        if action == "next_board":
            return not self.roomy
        return super().check_action(action, parameters)

    def action_next_castle(self) -> None:
        self.show_castle((self.castle_seat() + 1) % len(self.session.players))

    def action_previous_castle(self) -> None:
        self.show_castle((self.castle_seat() - 1) % len(self.session.players))

    def action_castle(self, seat: int) -> None:
        seats = len(self.session.players)
        if seat >= seats:
            self.notify(
                f"There {'is' if seats == 1 else 'are'} {seats} castle{'s' if seats > 1 else ''}.", timeout=3
            )
            return
        self.show_castle(seat)

    def show_castle(self, seat: int) -> None:
        self.shown_castle = seat
        self.board_mode = "castle"
        self.refresh_table()

    def action_next_board(self) -> None:
        if self.roomy:
            self.notify("All three boards are shown: b switches them on a small terminal.", timeout=3)
            return
        self.board_mode = BOARD_MODES[(BOARD_MODES.index(self.board_mode) + 1) % len(BOARD_MODES)]
        self.refresh_table()
        self.query_one("#cr-boards").scroll_home(animate=False)

    def action_threats(self) -> None:
        if self.cooperative:
            self.app.push_screen(CastleRaisersThreats(self.session))

    def action_cursor(self, step: int) -> None:
        """hjkl move through the choices (and so over the lit spots of the board)."""
        actions = self.query_one("#actions", OptionList)
        if step < 0:
            actions.action_cursor_up()
        else:
            actions.action_cursor_down()

    def back_out(self) -> bool:
        """Escape: put the chosen tile back (nothing was played yet)."""
        if not self.picked_tile:
            return super().back_out()
        self.picked_tile = ""
        return True

    def can_back_out(self) -> bool:
        return bool(self.picked_tile) or super().can_back_out()

    def action_undo(self) -> None:
        self.picked_tile = ""
        self.shown_castle = -1
        super().action_undo()

    def take_back(self, person: int | None) -> str:
        """Taking a tile and placing it is one choice here (two rules
        actions): one `u` takes both back."""
        message = self.session.undo(person)
        top = asking(self.session.view(self.viewer))
        if top is not None and top.tile and top.tile != FORTIFICATION:
            self.session.undo(person)
            return "Took back the tile and where it went."
        return message

    def action_score(self) -> None:
        self.app.push_screen(CastleRaisersResult(self.session, self.viewer))


class CastleRaisersThreats(ModalScreen[None]):
    """Every Threat card in play, with its whole text, who holds it and
    whether it is met so far (co-operative and solo)."""

    BINDINGS = [Binding("escape,enter,t,q", "close", "Close")]
    CSS_PATH = STYLES

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        session = self.session
        with Vertical(classes="dialog cr-threats"):
            yield Plain("Threat cards", classes="dialog-question")
            with VerticalScroll(id="cr-threats-scroll"):
                yield Plain(threat_cards(session.view(0), session.names, session.over), id="cr-threat-cards")
            yield Plain("Enter or Esc: back to the table", id="cr-close")

    def on_mount(self) -> None:
        self.query_one("#cr-threats-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class CastleRaisersResult(ModalScreen[None]):
    """The score sheet: every line of the rules' Result per player and the
    totals; co-operative and solo also the team total against the wolves'
    and each Threat card met or failed (castletui's own cards marked)."""

    BINDINGS = [Binding("escape,enter,s,q", "close", "Close"), Binding("r", "replay", "Replay")]
    CSS_PATH = STYLES

    def __init__(self, session: Session, viewer: int = 0) -> None:
        super().__init__()
        self.session = session
        self.viewer = viewer

    def action_replay(self) -> None:
        """Watch the game again (castletui/screens/replay.py), through the
        eyes of the person whose log the table shows."""
        replay = Replay.of_session(self.session, None)
        self.dismiss(None)
        self.app.open_replay(replay)

    def compose(self) -> ComposeResult:
        result = self.session.result()
        with Vertical(classes="dialog cr-result"):
            title = "Final score" if result.finished else "Score so far"
            yield Plain(title, classes="dialog-question")
            yield Plain(self.verdict(), id="cr-verdict")
            with VerticalScroll(id="cr-sheet-scroll"):
                yield Plain(self.sheet(), id="cr-sheet")
                if self.session.variant != "competitive":
                    yield Plain(self.threats(), id="cr-threats")
                if self.app.size.height >= 34:
                    yield Plain(self.details(), id="cr-details")
            yield Plain("Enter or Esc: back to the table; r: replay the game", id="cr-close")

    def on_mount(self) -> None:
        self.query_one("#cr-sheet-scroll").focus()

    def verdict(self) -> str:
        """Who won and why; co-operative: the verdict alone (the team line below says the rest)."""
        session = self.session
        result = session.result()
        if session.variant == "competitive" or not result.finished:
            return name_seats(verdict(session), session.names)
        head = "The team wins!" if not result.lost else "The game is lost:"
        return f"{head} {name_seats(result.decided_by, session.names)}."

    def sheet(self) -> Any:
        from rich.table import Table  # only the score sheet needs it: not before the first frame

        result = self.session.result()
        names = self.session.names
        coop = self.session.variant != "competitive"
        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold", padding=(0, 1))
        table.add_column("", no_wrap=True)
        for name in names:
            table.add_column(Text(name[:10]), justify="right", no_wrap=True)
        if coop and len(names) > 1:
            table.add_column("Team", justify="right", style="bold", no_wrap=True)
        for line in result.lines:
            cells = [f"{points:g}" for points in line.points]
            if coop and len(names) > 1:
                cells.append(f"{sum(line.points):g}")
            table.add_row(Text(line.label), *cells)
        totals = [f"{score:g}" for score in result.scores]
        if coop and len(names) > 1:
            totals.append(f"{sum(result.scores):g}")
        table.add_row(Text("Total", style="bold"), *totals, style="bold")
        return table

    def details(self) -> Text:
        """Tall terminals: where each line comes from, per player: the wolves that enter
        per section (and those around the castle, the tie-break) and each Village token's score."""
        view = self.session.view(self.viewer)  # every castle is in plain sight
        text = Text()
        for seat, castle in enumerate(view.castles):
            name = self.session.names[seat]
            entering = ", ".join(
                f"{section} {wolves_entering(castle, index)}" for index, section in enumerate(SECTIONS)
            )
            text.append(f"{name}: ", style="bold")
            text.append(f"wolves enter {entering}; {wolves_around(castle)} around the castle\n")
            scored: dict[tuple[str, str], list[str]] = {}
            for entry in village_breakdown(castle):
                scored.setdefault((entry.location, entry.token), []).append(f"{entry.section} {entry.points}")
            for (location, token), parts in scored.items():
                text.append(f"  {location} {token} ({token_words(token)}): {', '.join(parts)}\n", style="dim")
        return text

    def threats(self) -> Text:
        """The team's standing and every Threat card, met or failed, with its text."""
        session = self.session
        return threat_cards(session.view(0), session.names, session.result().finished)

    def action_close(self) -> None:
        self.dismiss(None)


SCREEN = CastleRaisersScreen
