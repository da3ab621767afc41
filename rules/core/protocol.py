"""The contract between a game and everything else: the seat that answers
chance, refusals with a reason, the configuration, a game's metadata and
options (with the one check of an option's value), and results."""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

CHANCE = -1
"""The seat that answers chance decisions (dice, draws, shuffles, landings)."""

PUBLIC = CHANCE
"""The eyes of nobody seated: ``view(state, PUBLIC)`` is the public view,
what everyone may see (no hand, no face-down card). A spectator watches
it, and table mode's one shared screen reads its log. Chance never holds
a card, so its seat doubles as nobody's (tests/rules/test_public_view.py)."""


class IllegalAction(Exception):
    """An action the rules refuse; ``reason`` is shown to the player as is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Config(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """What a game is set up with. Player names and bot levels live in the save."""

    variant: str
    seats: int
    options: dict[str, Any] = {}
    mode: str = "digital"
    """``digital`` (the app decides chance) or ``table`` (real dice and decks
    decide and players type in what happened): a game may offer different
    decisions in table mode, e.g. no aiming step before a real shot."""

    def option(self, name: str, info: GameInfo) -> Any:
        """The value of option ``name``, or its declared default."""
        if name in self.options:
            return self.options[name]
        return info.option(name).default


class Variant(msgspec.Struct, frozen=True):
    """A way to play a game, with the seat counts it allows."""

    name: str
    min_seats: int
    max_seats: int
    title: str = ""
    help: str = ""
    cooperative: bool = False

    def for_players(self) -> str:
        """ "for 1 player", "for 2 to 4 players"."""
        if self.min_seats == self.max_seats:
            return f"for {self.min_seats} player{'s' if self.min_seats != 1 else ''}"
        return f"for {self.min_seats} to {self.max_seats} players"


class Option(msgspec.Struct, frozen=True):
    """A house rule or an answer to an open rules question, with its default.

    Its type is its default's: ``choices`` lists the values it may take;
    without them a bool option is on or off, and an integer option is a whole
    number from ``minimum`` to ``maximum``. ``variants`` empty means: every
    variant. :func:`check_option` is the one place a value is checked, for the
    command line, the wizard and saves alike.
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    variants: tuple[str, ...] = ()
    title: str = ""
    minimum: int = 0
    maximum: int = 1000
    before: Any = None
    """The value a save made before this option existed plays with (the
    rules it was played under); None: its default. See
    :meth:`GameInfo.saved_options`."""


class GameInfo(msgspec.Struct, frozen=True):
    id: str
    title: str
    variants: tuple[Variant, ...]
    options: tuple[Option, ...] = ()
    summary: str = ""
    edition: str = ""

    def variant(self, name: str) -> Variant:
        for variant in self.variants:
            if variant.name == name:
                return variant
        names = ", ".join(v.name for v in self.variants)
        raise IllegalAction(f"{self.title} has no variant {name!r} (it has {names}).")

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def options_for(self, variant: str) -> tuple[Option, ...]:
        return tuple(o for o in self.options if not o.variants or variant in o.variants)

    def saved_options(self, variant: str, options: dict[str, Any]) -> dict[str, Any]:
        """A save's options as the rules read them. A new save writes every
        option, defaults too, so an option a save lacks was added after it
        was made: it plays at the option's ``before`` value, and its log
        replays as it was played (a ``Config`` made in code without the
        option still means its default)."""
        missing = {
            o.name: o.before
            for o in self.options_for(variant)
            if o.before is not None and o.name not in options
        }
        return {**missing, **options} if missing else options


class ScoreLine(msgspec.Struct, frozen=True):
    """One line of a score sheet: ``points`` per seat, in seat order.
    ``in_total`` False: a count the sheet shows beside the points, not added
    into the total (Brotherhood's guards on the Wall, which decide when the
    Wall falls; the line of their guard tokens holds the points)."""

    label: str
    points: tuple[float, ...]
    in_total: bool = True


class Result(msgspec.Struct, frozen=True):
    """How a finished (or running) game stands.

    ``scores`` per seat; ``lines`` the breakdown: those ``in_total`` add up
    to them, the others are counts shown beside (``ScoreLine``);
    ``winners`` the winning seats (all seats for a co-operative win, none for
    a co-operative loss); ``decided_by`` says which rule or tie-break decided
    it, in words; ``finished`` is False for an interim standing.
    """

    scores: tuple[float, ...]
    lines: tuple[ScoreLine, ...] = ()
    winners: tuple[int, ...] = ()
    finished: bool = True
    lost: bool = False
    decided_by: str = ""
    rating: str = ""

    def decided_words(self) -> str:
        """ "Decided by the last castle standing." for the sheet, the banner
        and the prompt alike, or "" when nothing is said."""
        decided = self.decided_by.rstrip(".")  # the rules' words may end in a full stop
        return f"Decided by {decided[:1].lower()}{decided[1:]}." if decided else ""


class Game(Protocol):
    """What the registry holds: a module with the protocol functions."""

    INFO: GameInfo
    State: type
    Action: Any

    def setup(self, config: Config) -> Any: ...
    def to_move(self, state: Any) -> int | None: ...
    def legal_actions(self, state: Any) -> list[Any]: ...
    def chance_outcomes(self, state: Any) -> list[tuple[Any, float]]: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def view(self, state: Any, seat: int) -> Any: ...
    def result(self, state: Any) -> Result: ...
    def describe(self, state: Any, action: Any) -> str: ...


# --- config checks ---------------------------------------------------------


def check_config(info: GameInfo, config: Config) -> None:
    """Refuse a config the game cannot be set up with, saying why."""
    variant = info.variant(config.variant)
    if not variant.min_seats <= config.seats <= variant.max_seats:
        raise IllegalAction(
            f"{info.title} ({variant.title or variant.name}) is {variant.for_players()}, not {config.seats}."
        )
    known = {o.name: o for o in info.options_for(config.variant)}
    for name, value in config.options.items():
        if name not in known:
            raise IllegalAction(f"{info.title} has no option {name!r} in this variant.")
        check_option(known[name], value)


def _same_kind(value: Any, default: Any) -> bool:
    # bool is a subclass of int: True must not pass for 1, nor 1 for True.
    return type(value) is type(default) or (
        isinstance(value, str) and isinstance(default, str)  # str subclasses from decoders
    )


def check_option(option: Option, value: Any) -> None:
    """Refuse a value ``option`` cannot take, saying why. The one check for
    options from the command line, the wizard and save files alike."""
    name = option.title or option.name
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    if not _same_kind(value, option.default):
        if isinstance(option.default, bool):
            raise IllegalAction(f"Option {name!r} is on or off (true/false), not {shown}.")
        if isinstance(option.default, int):
            raise IllegalAction(f"Option {name!r} takes a whole number, not {shown}.")
        raise IllegalAction(f"Option {name!r} takes a text, not {shown}.")
    if option.choices:
        if value not in option.choices:
            listed = ", ".join(str(choice) for choice in option.choices)
            raise IllegalAction(f"Option {name!r} takes one of {listed}, not {shown}.")
    elif (
        isinstance(value, int)
        and not isinstance(value, bool)
        and not option.minimum <= value <= option.maximum
    ):
        raise IllegalAction(
            f"Option {name!r} takes a whole number from {option.minimum} to {option.maximum}, not {shown}."
        )


def parse_option(option: Option, text: str) -> Any:
    """The value of ``option`` that a player typed (``--option NAME=TEXT``),
    of the option's own type and checked; IllegalAction if it is not one."""
    text = text.strip()
    value: Any = text
    if isinstance(option.default, bool):
        words = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
        value = words.get(text.lower(), text)
    elif isinstance(option.default, int):
        try:
            value = int(text)
        except ValueError:
            value = text
    check_option(option, value)
    return value
