"""Castle Raisers' game screen: a castle (switch with Tab or 1-4), the Village
and Piggy boards (b cycles them on small terminals; larger ones show all
three), and the action bar grouped into steps.

Placing a Wall tile is two steps on screen: first the tile, then its slot (a
line of the action bar or a click on a lit slot of the castle), and Escape
or "Choose another tile" backs out before anything is played. The slot lines
say what each placement would fire and with what count, from the rules'
own queries. Every other decision (ability order, cauldron targets, Village
tokens and locations, Fortification tiles, co-op lines) is one line per
legal action, each lighting its spot on the board.

The score sheet (``s``, and at the end) shows every line of the rules'
Result; co-op and solo add the team total against the wolves' and every
Threat card met or failed, castletui's own cards marked as such.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList

from castletui.screens.game import Choice, GameScreen
from castletui.screens.result import verdict
from castletui.session import Session
from castletui.widgets.castle_raisers_board import BoardMarks, CastleRaisersBoard, token_short
from castletui.widgets.plain import Plain
from rules.castle_raisers import (
    ABILITY_NAMES,
    FORTIFICATION,
    LOCATION_INDEX,
    ROUNDS_PER_AGE,
    SECTION_INDEX,
    SECTIONS,
    THREATS,
    WOLF_KINDS,
    DiscardTile,
    DraftTile,
    PickLine,
    PlaceFortification,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    RemoveWolf,
    ResolveFirst,
    RevealLine,
    TakeVillage,
    ability_count,
    cauldrons_needed,
    covered_icons,
    decision,
    discard_makes_wolves_attack,
    legal_slots,
    location_sections,
    team_standing,
    threat_report,
    tile_text,
    token_text,
    village_breakdown,
    why_not_legal,
    wolves_around,
    wolves_entering,
)
from rules.core import CHANCE, name_seats

BOARD_MODES = ("castle", "village", "piggy")
# Which board a small terminal shows for each kind of decision.
MODE_FOR_DECISION = {
    "village_take": "village",
    "reveal_line": "piggy",
    "remove_wolf": "piggy",
    "pick_line": "piggy",
}


def spot_of(action: Any) -> Any:
    """The board spot an action is about (lit on the board), or None."""
    if isinstance(action, PlaceTile | PlaceFortification):
        return ("slot", action.level, action.slot)
    if isinstance(action, DraftTile | DiscardTile):
        return ("tile", action.tile)
    if isinstance(action, TakeVillage):
        return ("token", action.token) if action.token else ("stack", action.colour)
    if isinstance(action, PlaceVillage):
        return ("loc", LOCATION_INDEX[action.location])
    if isinstance(action, RevealLine | RemoveWolf | PickLine):
        return ("line", action.line)
    return None


class CastleRaisersScreen(GameScreen):
    HELP = (
        "Take a Wall tile, then choose a lit slot on your castle (the action bar, j/k or the arrows, or a "
        "click); Escape puts the tile back. Every icon the tile covers fires for its section; each slot "
        "line says what it would fire and how strongly. Tab or 1-4 shows another castle; b shows the "
        "Village or Piggy board on a small terminal (a larger one shows all three). "
        "The castle: levels numbered on the left, 0 the foundation, the ring unrolled so a tile leaving "
        "the right edge comes back on the left; \\[Vi Di] is a tile (Vi Settling Villagers, Pr Prestige, "
        "Fo Fortifying, Di Dispatching Wolves, De Defending), dim icons are covered, shaded tiles are "
        "Fortification tiles, lit dots are the slots you may take. Above the wall each region's wolves "
        "(s soldier, l soldier with ladder, a archer, v vicious wolf) and how many would enter now; below "
        "it the Village tokens (colour letter and icon; border tokens sit on the section borders), the "
        "Prestige and Attack piles and each ability's count per section. s shows the score sheet."
    )
    BINDINGS = [
        Binding("tab", "next_castle", "Castle", key_display="Tab", priority=True),
        Binding("shift+tab", "previous_castle", "Previous castle", show=False, priority=True),
        Binding("1", "castle(0)", "Castle 1", show=False),
        Binding("2", "castle(1)", "Castle 2", show=False),
        Binding("3", "castle(2)", "Castle 3", show=False),
        Binding("4", "castle(3)", "Castle 4", show=False),
        Binding("b", "next_board", "Board"),
        Binding("k,h", "cursor(-1)", "Previous choice", show=False),
        Binding("j,l", "cursor(1)", "Next choice", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.picked_tile = ""  # screen-side step: the tile chosen, its slot still to choose
        self.shown_castle = -1  # -1: follow the player whose view is shown
        self.board_mode = "castle"
        self.mode_decision = ""  # the decision kind the board mode was last chosen for
        self.highlighted_spot: Any = None

    def compose_board(self) -> ComposeResult:
        yield CastleRaisersBoard(id="cr-board")

    def on_mount(self) -> None:
        # GameScreen.on_mount runs too: Textual calls each class's handler.
        self.fit_footer()

    def on_resize(self) -> None:
        self.fit_footer()

    def fit_footer(self) -> None:
        """Two more keys than the frame's: below 100 columns the Footer leaves out the command
        palette's hint (ctrl+p still opens it) so that F1 Help stays in sight."""
        self.query_one(Footer).show_command_palette = self.app.size.width >= 100

    # --- what the table shows ---------------------------------------------------

    def castle_seat(self) -> int:
        seats = len(self.session.state.castles)
        seat = self.shown_castle if self.shown_castle >= 0 else self.viewer
        return min(max(seat, 0), seats - 1)

    def top_task(self) -> Any:
        return decision(self.session.state)

    def update_board(self, view: Any) -> None:
        top = self.top_task()
        lit = frozenset(choice.where for choice in self.choice_list if choice.where is not None)
        tile = self.picked_tile or (top.tile if top is not None and top.kind == "place" else "")
        if top is not None and top.kind == "fortify":
            tile = FORTIFICATION
        seat = self.session.to_move()
        self.query_one(CastleRaisersBoard).show(
            view,
            self.session.names,
            self.castle_seat(),
            self.board_mode,
            BoardMarks(
                lit=lit,
                selected=self.highlighted_spot,
                tile=tile,
                to_move=seat,
                owner=top.seat if top is not None else -1,
            ),
        )

    def refresh_table(self) -> None:
        self._follow_decision()
        super().refresh_table()
        # The board lights what the action bar offers, so draw it after the choices.
        actions = self.query_one("#actions", OptionList)
        index = actions.highlighted
        self.highlighted_spot = (
            self.choice_list[index].where if index is not None and index < len(self.choice_list) else None
        )
        self.update_board(self.session.view(self.viewer))

    def _follow_decision(self) -> None:
        """A new decision for a person brings its board forward (small terminals)."""
        top = self.top_task()
        seat = self.session.to_move()
        if top is None or seat is None or seat == CHANCE or self.session.is_bot(seat):
            return
        key = f"{self.session.ply}:{top.kind}"
        if key != self.mode_decision:
            self.mode_decision = key
            self.board_mode = MODE_FOR_DECISION.get(top.kind, "castle")

    def side_lines(self) -> list[str]:
        state = self.session.state
        lines = []
        if state.age:
            lines.append(
                f" Age {state.age}, round {state.round}/{ROUNDS_PER_AGE}, stack {len(state.wall_stack)}"
            )
        seat = self.castle_seat()
        if state.castles and state.castles[seat].board:
            lines.append(f" Showing {self.session.names[seat][:12]}'s castle")
        return lines

    def turn_prompt(self, name: str) -> str:
        top = self.top_task()
        kind = top.kind if top is not None else ""
        if self.picked_tile:
            return f"{name}, where does {tile_text(self.picked_tile)} go? (Esc: another tile)"
        prompts = {
            "draft": f"{name}, take a Wall tile; then choose its slot:",
            "discard": f"{name}, discard one of the other tiles:",
            "order": f"{name}, two icons are covered: which fires first?",
            "village_take": f"{name}, Settling Villagers: take a Village token:",
            "fortify": f"{name}, place a Fortification tile ({top.count if top else 0} to place):",
            "reveal_line": f"{name}, Prestige: reveal an Attack token of the lines:",
            "remove_wolf": f"{name}, Dispatch: send a wolf back ({top.count if top else 0} to go):",
            "pick_line": f"{name}, End of Age: choose a line's Attack token:",
            "start_village": f"{name}, choose a Village token for your starting location:",
            "choose_board": f"{name}, choose your Castle board:",
        }
        if kind == "place" and top is not None:
            return f"{name}, place {tile_text(top.tile)} on a lit slot:"
        if kind == "village_place" and top is not None:
            return f"{name}, where does {token_text(top.tile)} go?"
        if kind == "pour" and top is not None:
            region = SECTIONS[top.section] if 0 <= top.section < len(SECTIONS) else "?"
            plural = "s" if top.count != 1 else ""
            return f"{name}, {top.count} cauldron{plural} for the wolves in the {region}:"
        return prompts.get(kind, f"{name}, choose:")

    # --- the action bar ------------------------------------------------------

    def choices(self) -> list[Choice]:
        session = self.session
        actions = session.legal_actions()
        top = self.top_task()
        kind = top.kind if top is not None else ""
        if kind == "draft":
            return self._draft_choices(actions)
        if kind == "place":
            return [self._slot_choice(a.level, a.slot, a) for a in actions if isinstance(a, PlaceTile)]
        if kind == "pour":
            # the region whose wolves the cauldrons pour on
            return [Choice(self._text(action), action, where=("region", top.section)) for action in actions]
        return [Choice(self._text(action), action, where=spot_of(action)) for action in actions]

    def _text(self, action: Any) -> str:
        """The rules' label, with what a player needs to choose well."""
        state = self.session.state
        text = self.session.label(action)
        top = self.top_task()
        if isinstance(action, ResolveFirst) and top is not None:
            section = SECTION_INDEX[action.section]
            count = ability_count(state.castles[top.seat], action.ability, section)
            return f"{text} (count {count})"
        if isinstance(action, DiscardTile) and discard_makes_wolves_attack(state, action.tile):
            return f"{text}: the wolves attack"
        if isinstance(action, PlaceVillage):
            sections = "+".join(location_sections(action.location))
            return f"{text} ({sections})"
        if isinstance(action, PickLine | RevealLine) and action.line < len(state.lines):
            line = state.lines[action.line]
            region = SECTIONS[line.region] if line.region >= 0 else "face down"
            wolves = ", ".join(f"{n} {k}" for k, n in zip(WOLF_KINDS, line.wolves, strict=True) if n)
            return f"{text}: {region}, {wolves or 'no wolves'}"
        if isinstance(action, PourCauldron):
            needed = cauldrons_needed(action.wolf)
            return f"{text} ({needed} cauldron{'s' if needed != 1 else ''})"
        return text

    def _draft_choices(self, actions: list[Any]) -> list[Choice]:
        drafts = [a for a in actions if isinstance(a, DraftTile)]
        if self.picked_tile and any(a.tile == self.picked_tile for a in drafts):
            draft = next(a for a in drafts if a.tile == self.picked_tile)
            seat = self.top_task().seat
            slots = legal_slots(self.session.state.castles[seat].wall)
            choices = [
                self._slot_choice(level, slot, (draft, PlaceTile(level, slot))) for level, slot in slots
            ]
            choices.append(Choice("Choose another tile", run=lambda: self.pick_tile("")))
            return choices
        self.picked_tile = ""
        return [
            Choice(
                f"Take {tile_text(a.tile)}",
                run=lambda tile=a.tile: self.pick_tile(tile),
                where=("tile", a.tile),
            )
            for a in drafts
        ]

    def _slot_choice(self, level: int, slot: int, action: Any) -> Choice:
        """A slot line: where, and what the placement would fire (with its count)."""
        state = self.session.state
        seat = self.top_task().seat
        castle = state.castles[seat]
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
    def highlight_spot(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        self.highlighted_spot = self.choice_list[index].where if index < len(self.choice_list) else None
        self.update_board(self.session.view(self.viewer))

    @on(CastleRaisersBoard.SpotClicked)
    def spot_clicked(self, event: CastleRaisersBoard.SpotClicked) -> None:
        if event.spot[0] == "region":
            # a region is lit for the cauldrons: which wolf they pour on is chosen in the action bar
            self.query_one("#actions", OptionList).focus()
            return
        if self.choose_at(event.spot):
            return
        top = self.top_task()
        placing = top is not None and (top.kind in ("place", "fortify") or self.picked_tile)
        if event.spot[0] == "slot" and placing and self.castle_seat() == top.seat:
            # the rules say why that slot cannot take the tile
            _, level, slot = event.spot
            reason = why_not_legal(self.session.state.castles[top.seat].wall, level, slot)
            self.notify(reason or "Choose a lit slot.", title="Not allowed", severity="warning", timeout=6)
            return
        self.notify("Nothing to do there right now.", timeout=3)

    # --- keys ---------------------------------------------------------------------

    def action_next_castle(self) -> None:
        self.show_castle((self.castle_seat() + 1) % len(self.session.state.castles))

    def action_previous_castle(self) -> None:
        self.show_castle((self.castle_seat() - 1) % len(self.session.state.castles))

    def action_castle(self, seat: int) -> None:
        seats = len(self.session.state.castles)
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
        if self.query_one(CastleRaisersBoard).wide:
            self.notify("All three boards are shown: b switches them on a small terminal.", timeout=3)
            return
        self.board_mode = BOARD_MODES[(BOARD_MODES.index(self.board_mode) + 1) % len(BOARD_MODES)]
        self.refresh_table()

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

    def take_back(self, asking: int | None) -> str:
        """Taking a tile and placing it is one choice here (two rules
        actions): one `u` takes both back."""
        message = self.session.undo(asking)
        top = self.top_task()
        if top is not None and top.kind == "place":
            self.session.undo(asking)
            return "Took back the tile and where it went."
        return message

    def action_score(self) -> None:
        self.app.push_screen(CastleRaisersResult(self.session))


class CastleRaisersResult(ModalScreen[None]):
    """The score sheet: every line of the rules' Result per player and the
    totals; co-operative and solo also the team total against the wolves'
    and each Threat card met or failed (castletui's own cards marked)."""

    BINDINGS = [Binding("escape,enter,s,q", "close", "Close")]
    CSS = """
    CastleRaisersResult .cr-result { width: 100; max-width: 96%; max-height: 96%; }
    CastleRaisersResult #cr-sheet-scroll { height: auto; max-height: 100%; }
    CastleRaisersResult .dialog-question { margin-bottom: 0; }
    CastleRaisersResult #cr-verdict { height: auto; }
    CastleRaisersResult #cr-close { color: $text-muted; height: 1; }
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        result = self.session.result()
        with Vertical(classes="dialog cr-result"):
            title = "Final score" if result.finished else "Score so far"
            yield Plain(title, classes="dialog-question")
            yield Plain(self.verdict(), id="cr-verdict")
            with VerticalScroll(id="cr-sheet-scroll"):
                yield Plain(self.sheet(), id="cr-sheet")
                if self.session.state.variant != "competitive":
                    yield Plain(self.threats(), id="cr-threats")
                if self.app.size.height >= 34:
                    yield Plain(self.details(), id="cr-details")
            yield Plain("Enter or Esc: back to the table", id="cr-close")

    def on_mount(self) -> None:
        self.query_one("#cr-sheet-scroll").focus()

    def verdict(self) -> str:
        """Who won and why; co-operative: the verdict alone (the team line below says the rest)."""
        session = self.session
        result = session.result()
        if session.state.variant == "competitive" or not result.finished:
            return name_seats(verdict(session), session.names)
        head = "The team wins!" if not result.lost else "The game is lost:"
        return f"{head} {name_seats(result.decided_by, session.names)}."

    def sheet(self) -> Any:
        from rich.table import Table  # only the score sheet needs it: not before the first frame

        result = self.session.result()
        names = self.session.names
        coop = self.session.state.variant != "competitive"
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
        state = self.session.state
        text = Text()
        for seat, castle in enumerate(state.castles):
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
                text.append(f"  {location} {token} {token_short(token)}: {', '.join(parts)}\n", style="dim")
        return text

    def threats(self) -> Text:
        state = self.session.state
        result = self.session.result()
        text = Text()
        team, target, beat = team_standing(state)
        so_far = "" if result.finished else " so far"
        text.append(f"Team {team:g}{so_far} against the wolves' {target}: ", style="bold")
        text.append(("beaten" if beat else "not beaten") + so_far, style="bold green" if beat else "bold red")
        text.append("\n")
        report = threat_report(state)
        # Each card's text too when the terminal is tall enough to show it without scrolling.
        with_text = self.app.size.height >= 24 + 3 * len(report)
        if not report:
            text.append("No Threat cards (difficulty 0).", style="dim")
        for seat, name, met in report:
            text.append(f"{self.session.names[seat]}: {name}")
            if THREATS[name].own:
                text.append(" (castletui's own card)", style="italic")
            word = (
                ("met" if met else "failed") if result.finished else ("met so far" if met else "not met yet")
            )
            text.append(f"  {word}\n", style="bold green" if met else "bold red")
            if with_text:
                text.append(f"  {THREATS[name].text}\n", style="dim")
        return text

    def action_close(self) -> None:
        self.dismiss(None)


SCREEN = CastleRaisersScreen
