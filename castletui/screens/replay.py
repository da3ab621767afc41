"""The replay screen: a game watched again step by step (castletui/replay.py
holds the game; this screen only shows it).

The board area shows the position after the step, as the replay's viewer
saw it, on the game's own boards (castletui/screens/replay_boards.py), the
step's spot lit. Beside it: each player's score now and over the whole
game (a sparkline per player), the log of the turn up to this step, and the
turn list (who, what they did, the score after), which moves the replay as
it is browsed. Keys: left/right a step, [ and ] a turn, Home/End the first
and last, g a turn by number, v whose eyes (a finished game only), p play
on from here in a new save, a analyse the game (castletui/review.py: on
a thread, its processes beside; a progress bar, Escape cancels) and then
each reviewed player's chance beside the score, n/N the next or previous
turning point.
"""

from __future__ import annotations

import textwrap
import threading

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, ProgressBar, Sparkline
from textual.widgets.option_list import Option

from castletui import review, saves
from castletui.replay import EVERYONE, Replay
from castletui.rules.core import CHANCE, IllegalAction, name_seats
from castletui.rules.core import screen as screen_api
from castletui.rules.core.review import DEFAULT_BUDGET
from castletui.screens.replay_boards import Shown, boards_for
from castletui.screens.while_shown import WhileShown
from castletui.widgets.footer import SteadyFooter
from castletui.widgets.header import SteadyHeader
from castletui.widgets.plain import Plain

WIDE = 110
"""From this many columns the side panel is 40 wide (as the game screens')."""


class ReplayScreen(WhileShown, Screen):
    HELP = (
        "Watch the game again. Left and right step one action back or on; [ and ] a whole turn; Home "
        "and End the start and the end; g jumps to a turn by its number. The turn list (up, down) "
        "shows each turn as you move through it. The board shows the game after the step, as the "
        "seat named at the top saw it, the step's place lit. v shows another seat's eyes (only once "
        "the game is over, never at a shared table); p plays on from here in a new save, leaving the "
        "original as it is. a analyses the game: each player's chance to win as the strong bot's search "
        "sees it from their own seat, shown beside the score once done (Escape cancels while it runs); "
        "n and N then jump to the next and previous turning point."
    )
    DEFAULT_CSS = """
    ReplayScreen #replay-main { height: 1fr; }
    ReplayScreen #replay-board-area { width: 1fr; height: 100%; }
    ReplayScreen #replay-where { height: 1; padding: 0 1; text-style: bold; }
    ReplayScreen #replay-jump { height: 1; border: none; padding: 0 1; background: $boost; display: none; }
    ReplayScreen #replay-side { width: 30; height: 100%; border-left: solid $primary; }
    ReplayScreen.-wide #replay-side { width: 40; }
    ReplayScreen .replay-score { height: 1; padding: 0 1; }
    ReplayScreen .replay-score Plain { width: 13; height: 1; }
    ReplayScreen .replay-score Sparkline { width: 1fr; height: 1; }
    ReplayScreen .replay-score Sparkline > .sparkline--min-color { color: $primary 60%; }
    ReplayScreen .replay-chance { height: 1; padding: 0 1; display: none; }
    ReplayScreen .replay-chance Plain { width: 13; height: 1; }
    ReplayScreen .replay-chance Sparkline { width: 1fr; height: 1; }
    ReplayScreen #replay-produced { height: auto; padding: 0 1; display: none; }
    ReplayScreen #replay-progress { height: 1; padding: 0 1; display: none; }
    ReplayScreen.-analysing #replay-progress { display: block; }
    ReplayScreen #replay-log { height: 6; padding: 0 1; border-top: solid $primary; }
    ReplayScreen #replay-turns {
        height: 1fr; border: none; border-top: solid $primary; padding: 0; scrollbar-size-vertical: 1;
    }
    ReplayScreen #replay-text-board { padding: 0 1; }
    ReplayScreen #replay-table { width: 1fr; height: auto; }
    ReplayScreen #replay-legend { height: 1; padding: 0 1; color: $text-muted; }
    ReplayScreen #replay-hands { height: auto; padding: 0 1; border-top: solid $primary; }
    ReplayScreen #replay-cr-boards { height: 1fr; scrollbar-size-vertical: 1; }
    ReplayScreen #replay-cr-boards CastleBoard { height: auto; }
    ReplayScreen #replay-cr-lower { height: auto; }
    ReplayScreen #replay-cr-lower PiggyBoard, ReplayScreen #replay-cr-lower VillageBoard { width: 1fr; height: auto; }
    ReplayScreen #replay-cr-lower.-roomy VillageBoard { margin-left: 2; }
    ReplayScreen #cc-fortresses, ReplayScreen #cc-piles, ReplayScreen #cc-attack, ReplayScreen #cc-hand {
        height: auto; padding: 0 1;
    }
    """
    BINDINGS = [
        Binding("right,l", "step(1)", "Step", key_display="←→"),
        Binding("left,h", "step(-1)", "Step back", show=False),
        Binding("right_square_bracket", "turn(1)", "Turn", key_display="[ ]"),
        Binding("left_square_bracket", "turn(-1)", "Turn back", show=False),
        Binding("home", "first", "First", show=False, priority=True),
        Binding("end", "last", "Last", show=False, priority=True),
        # A turn number's keys are priority bindings: they run in the order they
        # are typed even faster than the focus moves to the box (g, 1, 2, Enter
        # in one burst over SSH), where a widget's own key would run late.
        Binding("g", "jump", "Go to turn", priority=True),
        *(
            Binding(digit, f"digit('{digit}')", "Turn number", show=False, priority=True)
            for digit in "0123456789"
        ),
        Binding("enter", "jump_go", "Go", show=False, priority=True),
        Binding("v", "eyes", "Eyes"),
        Binding("p", "play_on", "Play on"),
        # Shown by ? and once analysed (n/N), not in the footer: an 80-column footer is full.
        Binding("a", "analyse", "Analyse", show=False),
        Binding("n", "turning(1)", "Turning point", key_display="n N"),
        Binding("N", "turning(-1)", "Turning point back", show=False),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, replay: Replay, ply: int | None = None) -> None:
        super().__init__()
        self.replay = replay
        self.ply = replay.plies if ply is None else max(0, min(ply, replay.plies))
        self.boards = boards_for(replay.save.game)
        self.title = f"Replay: {replay.game.INFO.title}"
        self.sub_title = replay.path.name if replay.path is not None else ""
        self.report: review.Report | None = None
        self.cancel_review: threading.Event | None = None
        self.review_budget = DEFAULT_BUDGET
        self.review_workers: int | None = None  # every core

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SteadyHeader()
        with Horizontal(id="replay-main"):
            with Vertical(id="replay-board-area"):
                yield Plain("", id="replay-where")
                yield Input(placeholder="Turn number, then Enter (Esc: never mind)", id="replay-jump")
                yield from self.boards.compose()
                yield Plain("", id="replay-hands")
            with Vertical(id="replay-side"):
                for seat, name in enumerate(self.replay.names):
                    with Horizontal(classes="replay-score"):
                        yield Plain(name, id=f"replay-score-{seat}")
                        yield Sparkline([], id=f"replay-spark-{seat}", summary_function=max)
                for seat in range(len(self.replay.names)):
                    with Horizontal(classes="replay-chance", id=f"replay-chance-row-{seat}"):
                        yield Plain("", id=f"replay-chance-{seat}")
                        yield Plain("", id=f"replay-chance-spark-{seat}")
                yield Plain("", id="replay-produced")
                yield ProgressBar(id="replay-progress", show_eta=False)
                yield Plain("", id="replay-log")
                yield OptionList(id="replay-turns", markup=False)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.set_class(self.app.size.width >= WIDE, "-wide")
        self.filled_width = 0
        self.fill_turns()
        self.show_step()
        self.query_one("#replay-turns", OptionList).focus()

    def on_resize(self) -> None:
        self.set_class(self.app.size.width >= WIDE, "-wide")
        self.call_after_refresh(self.refit)

    def refit(self) -> None:
        """A new size: the turn list cut to its new width, the boards laid out again."""
        if self.turns_width() != self.filled_width:
            self.fill_turns()
        self.chance_lines()
        self.show_step()

    # --- what it shows --------------------------------------------------------

    def fill_turns(self) -> None:
        """The turn list and the score chart, for the viewer (what a turn
        says depends on whose eyes: a secret card stays a secret). Each
        turn is one line, cut to the list's width."""
        replay = self.replay
        turns = self.query_one("#replay-turns", OptionList)
        width = self.turns_width()
        options = []
        for index, turn in enumerate(replay.turns):
            what, who = replay.what_they_did(turn), replay.who(turn)
            # A log line names its player already ("Coco aims at..."): no need to say it twice.
            label = (
                "Set-up:"
                if turn.seat is None
                else f"{turn.number:>3}" + ("" if what.startswith(who) else f" {who}:")
            )
            line = f"{label} {what} ({replay.score_words(turn.last)})"
            text = Text(line if len(line) <= width else line[: width - 1] + "…", no_wrap=True)
            text.stylize("bold", 0, len(label))
            options.append(Option(text, id=str(index)))
        self.filled_width = width
        highlighted = turns.highlighted
        turns.clear_options()
        turns.add_options(options)
        turns.highlighted = highlighted
        for seat, points in enumerate(replay.score_series()):
            self.query_one(f"#replay-spark-{seat}", Sparkline).data = points

    def turns_width(self) -> int:
        """The turn list's width inside its scroll bar (before the first
        layout: the side panel's)."""
        width = self.query_one("#replay-turns", OptionList).scrollable_content_region.width
        return max(10, width or (38 if self.app.size.width >= WIDE else 28) - 1)

    def show_step(self) -> None:
        """The board, scores, log and turn list after step ``ply``."""
        replay = self.replay
        step = replay.step(self.ply)
        turn = step.turn
        actor = replay.save.log[self.ply - 1].seat if self.ply > 0 else -1
        seat = self.hand_seat(turn.seat, actor)
        viewer = replay.viewer
        own = viewer if viewer is not EVERYONE and viewer >= 0 else None
        shown = self.shown = Shown(
            step.view,
            seat,
            replay.names,
            step.spot,
            actor,
            open_hands=viewer is EVERYONE,
            own=own,
            scene=screen_api.scene(replay.game, step.view, seat),
        )
        hands = self.boards.hands(shown)
        hands_line = self.query_one("#replay-hands", Plain)
        hands_line.display = hands is not None
        hands_line.update(hands if hands is not None else "")
        self.boards.show(self, shown)
        turns_count = max(t.number for t in replay.turns)
        who = "set-up" if turn.seat is None else f"turn {turn.number}/{turns_count} {replay.who(turn)}"
        eyes = "all hands open" if replay.viewer is EVERYONE else f"as {self.eyes_name()} saw it"
        # The lines of fixed size are redrawn without a new layout of the screen.
        self.query_one("#replay-where", Plain).update(
            f"Step {self.ply}/{replay.plies}, {who} · {eyes}", layout=False
        )
        for index, name in enumerate(replay.names):
            score = step.standing.scores[index] if index < len(step.standing.scores) else 0
            self.query_one(f"#replay-score-{index}", Plain).update(f"{name[:8]:<8}{score:>4g}", layout=False)
        self.query_one("#replay-log", Plain).update(self.turn_log(turn), layout=False)
        self.show_chances()
        turns = self.query_one("#replay-turns", OptionList)
        index = replay.turn_of(self.ply)
        if turns.highlighted != index:
            turns.highlighted = index

    def eyes_name(self) -> str:
        viewer = self.replay.viewer
        return "the table" if viewer == CHANCE else self.replay.names[viewer]

    def hand_seat(self, turn_seat: int | None, actor: int) -> int:
        """Whose hand the table shows: the viewer's own, else (every hand
        open, or the table's eyes, where the view holds no hand) the player
        whose turn it is."""
        viewer = self.replay.viewer
        if viewer is not EVERYONE and viewer != CHANCE:
            return viewer
        if turn_seat is not None:
            return turn_seat
        return max(actor, 0)

    LOG_ROWS = 5

    def turn_log(self, turn) -> Text:
        """The turn's log up to this step, this step's lines in bold: as
        many of this step's lines as fit the box (its first, the action,
        always), then the turn's earlier lines above them while room is left."""
        earlier = [line for ply in range(max(1, turn.first), self.ply) for line in self.replay.lines_at(ply)]
        current = list(self.replay.lines_at(self.ply)) or ["The game as it was set up."]
        width = max(10, self.query_one("#replay-log", Plain).content_size.width or 27)
        rows = 0
        kept_current: list[str] = []
        for line in current:
            height = len(textwrap.wrap(line, width)) or 1
            if rows + height > self.LOG_ROWS and kept_current:
                break
            kept_current.append(line)
            rows += height
        kept_earlier: list[str] = []
        for line in reversed(earlier):
            height = len(textwrap.wrap(line, width)) or 1
            if rows + height > self.LOG_ROWS:
                break
            kept_earlier.insert(0, line)
            rows += height
        text = Text()
        for line in kept_earlier:
            text.append(line + "\n", style="dim")
        for line in kept_current:
            text.append(line + "\n", style="bold")
        text.rstrip()
        return text

    # --- moving -----------------------------------------------------------------

    def go(self, ply: int) -> None:
        ply = max(0, min(ply, self.replay.plies))
        if ply != self.ply:
            self.ply = ply
            self.show_step()

    def action_step(self, by: int) -> None:
        self.go(self.ply + by)

    def action_turn(self, by: int) -> None:
        replay = self.replay
        self.go(replay.next_turn_ply(self.ply) if by > 0 else replay.previous_turn_ply(self.ply))

    def action_first(self) -> None:
        self.go(0)

    def action_last(self) -> None:
        self.go(self.replay.plies)

    @on(OptionList.OptionHighlighted, "#replay-turns")
    def turn_browsed(self, event: OptionList.OptionHighlighted) -> None:
        """Moving through the turn list shows each turn's end (the list
        follows the steps too: a turn already shown is left where it is)."""
        index = int(event.option.id or 0)
        if index != self.replay.turn_of(self.ply):
            self.go(self.replay.turns[index].last)

    def action_jump(self) -> None:
        field = self.query_one("#replay-jump", Input)
        field.value = ""
        field.display = True
        field.focus()
        self.refresh_bindings()

    def action_digit(self, digit: str) -> None:
        """A digit is the start of, or more of, the turn number to go to
        (g first or not)."""
        field = self.query_one("#replay-jump", Input)
        if not field.display:
            self.action_jump()
        field.value += digit
        field.cursor_position = len(field.value)

    def action_jump_go(self) -> None:
        field = self.query_one("#replay-jump", Input)
        if not field.display:
            return  # the turn list already shows the turn it is on
        text = field.value.strip()
        turn = self.replay.turn_number(int(text)) if text.isdigit() else None
        if turn is None:
            last = max(t.number for t in self.replay.turns)
            self.notify(f"Type a turn number from 0 to {last}.", title="No such turn", timeout=4)
            return
        self.close_jump()
        self.go(turn.last)

    def close_jump(self) -> None:
        field = self.query_one("#replay-jump", Input)
        field.display = False
        self.query_one("#replay-turns", OptionList).focus()
        self.refresh_bindings()

    def action_back(self) -> None:
        if self.query_one("#replay-jump", Input).display:
            self.close_jump()
            return
        if self.stop_analysis():
            return
        self.app.pop_screen()

    # --- the review ---------------------------------------------------------------

    def chance_at(self, seat: int) -> float | None:
        """The seat's chance as last estimated at or before this step."""
        if self.report is None:
            return None
        known = [chance for ply, chance in self.report.curve_points(seat) if ply <= self.ply]
        return known[-1] if known else None

    def show_chances(self) -> None:
        """Each reviewed player's chance at this step and over the game
        (no row before an analysis: the screen is as it was)."""
        for seat, name in enumerate(self.replay.names):
            row = self.query_one(f"#replay-chance-row-{seat}", Horizontal)
            row.display = self.report is not None and seat in self.report.curve_seats()
            if not row.display:
                continue
            chance = self.chance_at(seat)
            words = "  -" if chance is None else f"{chance:>4.0%}"
            # Played together, one curve: the table's.
            label = "Table" if self.report is not None and self.report.together else name[:7]
            self.query_one(f"#replay-chance-{seat}", Plain).update(f"{label:<7}{words:>5}", layout=False)

    def show_produced(self) -> None:
        """What chance produced for each player over the game against its
        odds (the luck ledger's row, where the game counts production:
        GoT Catan's resources from the dice), one line each."""
        produced = self.query_one("#replay-produced", Plain)
        entries = self.report.produced if self.report is not None else []
        produced.display = bool(entries)
        if entries:
            produced.update("\n".join(["Produced / lost (expected):", *map(self.produced_line, entries)]))

    def produced_line(self, entry: review.Produced) -> str:
        line = f"{self.replay.names[entry.seat][:7]:<7} {entry.got:>3} ({entry.expected:4.1f})"
        if entry.lost or entry.lost_expected:
            line += f" -{entry.lost} ({entry.lost_expected:.1f})"
        return line

    def chance_lines(self) -> None:
        """Each reviewed player's chance over the game, as wide as its row."""
        if self.report is None:
            return
        for seat in self.report.curve_seats():
            line = self.query_one(f"#replay-chance-spark-{seat}", Plain)
            width = max(4, line.content_size.width or (24 if self.app.size.width >= WIDE else 14))
            line.update(review.sparkline(self.report.curve(seat), width))

    def action_analyse(self) -> None:
        """Review the game through this replay's eyes (the cache answers at
        once when it holds this game's)."""
        if self.cancel_review is not None:
            return  # one at a time
        cancel = self.cancel_review = threading.Event()
        self.set_class(True, "-analysing")
        self.query_one("#replay-progress", ProgressBar).update(total=None, progress=0)
        self.run_worker(lambda: self.analysis(cancel), thread=True, exclusive=True, group="review")

    def analysis(self, cancel: threading.Event) -> None:
        """On the worker thread: the review, its progress told to the screen."""

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self.show_progress, done, total)

        workers = self.review_workers
        if getattr(self.app, "lobby_only", False) and (workers is None or workers > 1):
            # castletui host or a game account: the machine's cores are every player's.
            workers = 1
        report = review.analyse(
            self.replay, self.review_budget, workers=workers, cancel=cancel, progress=progress
        )
        self.app.call_from_thread(self.analysed, report, cancel)

    def show_progress(self, done: int, total: int) -> None:
        self.query_one("#replay-progress", ProgressBar).update(total=total, progress=done)

    def analysed(self, report: review.Report | None, cancel: threading.Event) -> None:
        if cancel is not self.cancel_review:
            return  # a review cancelled, then another begun: this one's answer is stale
        self.cancel_review = None
        self.set_class(False, "-analysing")
        if report is None:
            self.notify("Analysis cancelled.", timeout=3)
            return
        self.report = report
        self.chance_lines()
        self.show_chances()
        self.show_produced()
        self.refresh_bindings()
        count = len(report.turning_plies())
        self.notify(f"Analysed: {count} turning point{'' if count == 1 else 's'} (n, N).", timeout=4)

    def stop_analysis(self) -> bool:
        """Cancel a review under way; whether one was."""
        if self.cancel_review is None:
            return False
        self.cancel_review.set()
        self.cancel_review = None
        self.set_class(False, "-analysing")
        self.notify("Analysis cancelled.", timeout=3)
        return True

    def on_unmount(self) -> None:
        if self.cancel_review is not None:
            self.cancel_review.set()

    def action_turning(self, by: int) -> None:
        """To the next (or previous) turning point, its words told."""
        if self.report is None:
            return
        plies = self.report.turning_plies()
        ahead = [ply for ply in plies if (ply > self.ply if by > 0 else ply < self.ply)]
        if not ahead:
            self.notify("No more turning points that way.", timeout=3)
            return
        ply = ahead[0] if by > 0 else ahead[-1]
        self.go(ply)
        for decision in self.report.decisions:
            if decision.ply == ply:
                who = self.replay.names[decision.seat]
                self.notify(name_seats(decision.words(), self.replay.names), title=who, timeout=8)

    # --- whose eyes, and playing on ---------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """v shows only where another seat's eyes may be had; p only where
        the game may be played on."""
        if action == "eyes":
            return len(self.replay.eyes()) > 1
        if action == "play_on":
            return not self.replay.play_on_problem()
        if action == "turning":
            return self.report is not None
        return True

    def action_eyes(self) -> None:
        replay = self.replay
        try:
            replay.see_as(replay.next_eyes())
        except IllegalAction as error:
            self.notify(error.reason, title="Not allowed", severity="warning", timeout=5)
            return
        # Another pair of eyes reviews other seats: the analysis is done again for them.
        self.stop_analysis()
        self.report = None
        self.show_produced()
        self.fill_turns()
        self.show_step()
        self.refresh_bindings()
        self.notify(f"Seen by {replay.seen_by}.", timeout=3)

    def action_play_on(self) -> None:
        try:
            session = self.replay.play_on(self.ply, self.app.save_dir)
        except IllegalAction as error:
            self.notify(error.reason, title="Cannot play on", severity="warning", timeout=6)
            return
        except saves.SaveError as error:
            self.notify(str(error), title="Cannot play on", severity="error", timeout=8)
            return
        name = session.path.name if session.path is not None else "a new save"
        self.app.open_session(session, resumed=True)
        self.app.notify(f"Playing on in {name}; the original game is unchanged.", timeout=6)
