"""The new-game wizard, generic over a game's GameInfo: game, variant,
players (name; a person or a bot and its level), mode and options."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Select, Static

from castletui import stylesheets
from castletui.rules import registry
from castletui.rules.core import GameInfo, IllegalAction, Option, bots, check_option, parse_option
from castletui.saves import Player, SaveError
from castletui.saves.clock import per_move_choices, per_move_words
from castletui.saves.names import name_key, name_problem, normal_name
from castletui.saves.seeds import read_seed
from castletui.saves.table import invited_names
from castletui.settings import default_names
from castletui.stylesheets import ReadsStylesheet
from castletui.tables import name_of, start_shared_game
from castletui.widgets.footer import SteadyFooter
from castletui.widgets.header import SteadyHeader
from castletui.widgets.plain import Plain, PlainLabel
from castletui.widgets.still import hold_cursors_still

MAX_SEATS = 4
SEAT_KINDS = [("Person", "human")] + [(f"Bot ({level})", f"bot:{level}") for level in bots.LEVELS]
# Short enough for the narrow select at 80 columns; the help (F1) says more.
WHERE = [
    ("Hot-seat, this terminal", "here"),
    ("Shared, own terminals", "shared"),
]
TABLE_BOT_NOTE = (
    "At a real table every seat is a person. A bot seat is still offered: someone at the table "
    "moves its pieces and plays its cards as castletui says."
)
MODES = [
    ("Digital: castletui rolls, draws and aims", "digital"),
    ("Table: real dice and decks, you type what came up", "table"),
]


class NewGameScreen(ReadsStylesheet, Screen):
    """Set up a game. Every choice comes from the game's GameInfo, so a new
    game needs nothing here."""

    STYLESHEET = stylesheets.MENUS

    HELP = (
        "Tab moves between fields; Enter on a list opens it. Each seat is a person at this keyboard "
        "(hot-seat) or a bot; on a shared table you take the first person's seat and the others "
        "join from their own terminals (castletui join). Table mode is for a real game on a real "
        "table: castletui keeps score and you type in what the dice, decks and shots did."
    )
    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+s", "start", "Start", priority=True),
    ]

    def __init__(self, game_id: str = "", preset: dict | None = None) -> None:
        super().__init__()
        ids = registry.ids()
        self.game_id = game_id if game_id in ids else ids[0]
        self.built_for: tuple[str, str] = ("", "")  # (game, variant) the options were built for
        self.preset = preset or {}
        self.shown_mode = ""
        self.digital_kinds: list[str] = []
        """The seats' kinds before table mode made them all people."""

    @property
    def default_names(self) -> list[str]:
        """The seats' names until changed: the settings' player name first,
        or, for a game others join (from the lobby), the name this castletui
        sits down as: the first seat is theirs."""
        if self.preset.get("shared"):
            return default_names(name_of(self.app))
        return default_names(self.app.settings.player_name)

    @property
    def info(self) -> GameInfo:
        return registry.get(self.game_id).INFO

    def compose(self) -> ComposeResult:
        yield SteadyHeader()
        with VerticalScroll(id="wizard"):
            yield Plain("New game", classes="title")
            with Horizontal(classes="field"):
                yield PlainLabel("Game", classes="field-label")
                yield Select(
                    [(registry.get(game_id).INFO.title, game_id) for game_id in registry.ids()],
                    value=self.game_id,
                    allow_blank=False,
                    compact=True,
                    id="game",
                )
            with Horizontal(classes="field"):
                yield PlainLabel("Variant", classes="field-label")
                options, variant = self._variant_options()
                yield Select(options, value=variant, allow_blank=False, compact=True, id="variant")
            yield Plain("", id="variant-help", classes="help")
            with Horizontal(classes="field"):
                yield PlainLabel("Players", classes="field-label")
                options, seats = self._seat_options(variant)
                yield Select(options, value=seats, allow_blank=False, compact=True, id="seats")
            for seat in range(MAX_SEATS):
                with Horizontal(classes="field seat", id=f"seat-{seat}"):
                    yield PlainLabel(f"Seat {seat + 1}", classes="field-label")
                    yield Input(self.default_names[seat], id=f"name-{seat}", max_length=16, compact=True)
                    yield Select(
                        SEAT_KINDS,
                        value="human" if seat == 0 else "bot:normal",
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{seat}",
                    )
            with Horizontal(classes="field"):
                yield PlainLabel("Played at", classes="field-label")
                # Through a game account's forced command (join --as) only shared
                # tables: a hot-seat save there would be every player's to open.
                lobby_only = getattr(self.app, "lobby_only", False)
                yield Select(
                    WHERE[1:] if lobby_only else WHERE,
                    value="shared" if self.preset.get("shared") or lobby_only else "here",
                    allow_blank=False,
                    compact=True,
                    id="where",
                )
            with Horizontal(classes="field"):
                yield PlainLabel("Mode", classes="field-label")
                yield Select(
                    MODES,
                    value=self.preset.get("mode", "digital"),
                    allow_blank=False,
                    compact=True,
                    id="mode",
                )
            yield Plain("", id="mode-help", classes="help")
            yield Vertical(id="options")
            # A shared table draws its own seed: whoever knew it would know every hand.
            with Horizontal(classes="field", id="seed-field"):
                yield PlainLabel("Seed", classes="field-label")
                yield Input(
                    "", placeholder="blank: a new random game", id="seed", type="integer", compact=True
                )
            # A shared table instead may be private: only the names invited sit or watch.
            with Horizontal(classes="field", id="invite-field"):
                yield PlainLabel("Invite only", classes="field-label")
                yield Input("", placeholder="blank: anyone; or names: Bo, Cy", id="invite", compact=True)
            # And a clock: when a seat's time runs out, the others may hand it to a bot (saves.clock).
            with Horizontal(classes="field", id="per-move-field"):
                yield PlainLabel("Time per move", classes="field-label")
                choices = [(words, seconds) for words, seconds in per_move_choices().items()]
                per_move = self.preset.get("per_move", 0)
                if per_move not in dict(choices).values():
                    choices.append((per_move_words(per_move), per_move))  # --per-move gave another
                yield Select(choices, value=per_move, allow_blank=False, compact=True, id="per-move")
            yield Plain("", id="wizard-error", classes="error")
            with Horizontal(id="wizard-buttons"):
                yield Button("Start", variant="primary", id="start", compact=True)
                yield Button("Back", id="back", compact=True)
        yield SteadyFooter()

    def _variant_options(self, first: bool = True) -> tuple[list, str]:
        info = self.info
        names = [v.name for v in info.variants]
        wanted = self.preset.get("variant") if first else None
        return [(v.title or v.name, v.name) for v in info.variants], wanted if wanted in names else names[0]

    def _seat_options(self, variant_name: str, first: bool = True) -> tuple[list, int]:
        variant = self.info.variant(variant_name)
        counts = list(range(variant.min_seats, variant.max_seats + 1))
        wanted = self.preset.get("players") if first else None
        return [(str(n), n) for n in counts], wanted if wanted in counts else (
            2 if 2 in counts else counts[0]
        )

    def on_mount(self) -> None:
        variant = str(self.query_one("#variant", Select).value)
        self.query_one("#variant-help", Static).update(self.info.variant(variant).help)
        self.show_seats(int(self.query_one("#seats", Select).value))
        self.build_options(self.info, variant)
        self.show_mode(str(self.query_one("#mode", Select).value))
        self.show_where(str(self.query_one("#where", Select).value))
        self.query_one("#game", Select).focus()
        hold_cursors_still(self)

    # --- keeping the form in step with the game and variant ----------------

    def load_game(self, game_id: str) -> None:
        self.game_id = game_id
        options, value = self._variant_options(first=False)
        variant = self.query_one("#variant", Select)
        variant.set_options(options)
        variant.value = value
        self.load_variant(value)

    def load_variant(self, name: str) -> None:
        self.query_one("#variant-help", Static).update(self.info.variant(name).help)
        options, value = self._seat_options(name, first=False)
        seats = self.query_one("#seats", Select)
        seats.set_options(options)
        seats.value = value
        self.show_seats(value)
        self.build_options(self.info, name)

    def show_seats(self, count: int) -> None:
        for seat in range(MAX_SEATS):
            self.query_one(f"#seat-{seat}").display = seat < count

    def build_options(self, info: GameInfo, variant: str) -> None:
        self.built_for = (info.id, variant)
        box = self.query_one("#options", Vertical)
        box.remove_children()
        rows = [self._option_row(option) for option in info.options_for(variant)]
        if rows:
            box.mount(Plain("Options", classes="subtitle"), *rows)

    def _option_row(self, option: Option) -> Horizontal:
        preset = self.preset.get("options", {}).get(option.name, option.default)
        widget_id = f"option-{option.name}"
        if option.choices:
            widget = Select(
                [(str(c), c) for c in option.choices],
                value=preset,
                allow_blank=False,
                compact=True,
                id=widget_id,
            )
            # As wide as its longest choice and the arrow: "variable" wrapped
            # to "variabl / e" in the usual width.
            widget.styles.width = max(10, max(len(str(c)) for c in option.choices) + 4)
        elif isinstance(option.default, bool):
            # On/Off reads at a glance, where a checkbox's mark is easy to misread.
            widget = Select(
                [("Off", False), ("On", True)],
                value=bool(preset),
                allow_blank=False,
                id=widget_id,
                compact=True,
            )
        else:
            widget = Input(str(preset), type="integer", id=widget_id, compact=True)
        return Horizontal(
            PlainLabel(option.title or option.name.replace("_", " ").capitalize(), classes="field-label"),
            widget,
            Plain(option.help, classes="help option-help"),
            classes="field option",
        )

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        if event.value != self.game_id and event.value is not Select.NULL:
            self.load_game(str(event.value))

    @on(Select.Changed, "#variant")
    def variant_changed(self, event: Select.Changed) -> None:
        # A Select also says Changed for its first value: rebuilding the same
        # form then would pull out option widgets still being mounted.
        if event.value is not Select.NULL and (self.game_id, str(event.value)) != self.built_for:
            self.load_variant(str(event.value))

    @on(Select.Changed, "#seats")
    def seats_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL:
            self.show_seats(int(event.value))

    @on(Select.Changed, "#mode")
    def mode_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL and str(event.value) != self.shown_mode:
            self.show_mode(str(event.value))

    @on(Select.Changed, "#where")
    def where_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL:
            self.show_where(str(event.value))

    def show_where(self, where: str) -> None:
        """No Seed on a shared table: it draws its own, which nobody sees."""
        shared = where == "shared"
        self.query_one("#seed-field").display = not shared
        self.query_one("#invite-field").display = shared
        self.query_one("#per-move-field").display = shared
        if shared:
            self.query_one("#seed", Input).value = ""

    @property
    def shared(self) -> bool:
        return self.query_one("#where", Select).value == "shared"

    def show_mode(self, mode: str) -> None:
        """Table mode seats people by default (a bot at a real table needs
        someone to move its pieces for it); back in digital play the seats
        are as they were."""
        self.shown_mode = mode
        note = self.query_one("#mode-help", Static)
        kinds = [self.query_one(f"#kind-{seat}", Select) for seat in range(MAX_SEATS)]
        if mode == "table":
            self.digital_kinds = [str(kind.value) for kind in kinds]
            for kind in kinds:
                kind.value = "human"
            note.update(TABLE_BOT_NOTE)
            note.display = True
        else:
            for kind, value in zip(kinds, self.digital_kinds, strict=False):
                kind.value = value
            note.update("")
            note.display = False

    # --- starting ----------------------------------------------------------

    def choices(self) -> dict:
        """What the form says, as the arguments of Session.new; raises
        ValueError with a message for the player."""
        variant = str(self.query_one("#variant", Select).value)
        count = int(self.query_one("#seats", Select).value)
        players = []
        for seat in range(count):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or self.default_names[seat]
            problem = name_problem(name)
            if problem:
                raise ValueError(f"Seat {seat + 1}'s name {problem}.")
            name = normal_name(name)
            kind = str(self.query_one(f"#kind-{seat}", Select).value)
            if kind == "human":
                players.append(Player(name))
            else:
                players.append(Player(name, "bot", kind.split(":", 1)[1]))
        if len({name_key(p.name) for p in players}) < len(players):
            raise ValueError("Give each player a different name (not only in capitals).")
        options = {}
        for option in self.info.options_for(variant):
            widget = self.query_one(f"#option-{option.name}")
            value = widget.value
            try:
                if isinstance(widget, Input):
                    value = parse_option(option, value)
                else:
                    check_option(option, value)
            except IllegalAction as error:
                raise ValueError(error.reason) from None
            if value != option.default:
                options[option.name] = value
        seed_text = self.query_one("#seed", Input).value.strip()
        if self.shared and seed_text:
            raise ValueError("A shared table draws its own seed, which nobody sees: leave Seed blank.")
        return {
            "game_id": self.game_id,
            "variant": variant,
            "players": players,
            "options": options,
            "mode": str(self.query_one("#mode", Select).value),
            "seed": read_seed(seed_text) if seed_text else None,
        }

    def action_start(self) -> None:
        try:
            choices = self.choices()
        except ValueError as error:
            self.query_one("#wizard-error", Static).update(str(error))
            return
        if self.shared:
            if choices["mode"] != "digital":
                self.query_one("#wizard-error", Static).update(
                    "A shared table is played digitally: castletui rolls and draws for everyone."
                )
                return
            # You take the first person's seat; the others are open for whoever joins.
            del choices["seed"]  # the table draws its own
            try:
                invited = invited_names(self.query_one("#invite", Input).value)
            except SaveError as error:
                self.query_one("#wizard-error", Static).update(str(error))
                return
            if invited:
                choices["invited"] = invited
            per_move = int(self.query_one("#per-move", Select).value)
            if per_move:
                choices["per_move"] = per_move
            start_shared_game(self.app, **choices)
            return
        self.app.start_game(**choices)

    def action_cancel(self) -> None:
        self.app.pop_screen()

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def back_pressed(self) -> None:
        self.action_cancel()
