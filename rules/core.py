"""The game protocol shared by every game: configuration, game metadata,
results, errors, and the chance helpers.

Every game package (``rules/<game>/``) exposes the same plain functions
(see ``shared/design.md`` section 2)::

    INFO: GameInfo
    State: type            # the msgspec Struct of a full game state
    Action: type           # the union of the game's tagged action Structs
    setup(config) -> State
    to_move(state) -> int | None        # a seat, CHANCE, or None when over
    legal_actions(state) -> list[Action]
    chance_outcomes(state) -> list[tuple[Action, float]]
    apply(state, action) -> State       # pure; raises IllegalAction(reason)
    view(state, seat) -> State          # hidden information stripped
    result(state) -> Result
    describe(state, action) -> str      # a log line, seats as seat_ref(n)

Optional: ``label(state, action)`` (a short action-bar text, defaults to
``describe``; for a chance outcome it names the outcome, as the table-mode
picker lists them), ``chance_prompt(state)`` (the question table mode asks),
``effects(before, action, after) -> list[str]`` (log lines for what the
rules did by themselves after an action: tokens taken, wolves arriving),
``evaluate(state, seat) -> float`` (used by the greedy bot),
``bot_action(state, level, rng)`` (a game's own bot),
``turn_player(state) -> int | None`` (whose turn it is, where others decide
during it: a reaction, a Thief; the hot-seat frame brings the device back to
that player to see how the turn ended; defaults to ``to_move``).

Log lines never hold player names (they live in the save, not the state):
they name seats with :func:`seat_ref` and the app fills names in with
:func:`name_seats`.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import msgspec

CHANCE = -1
"""The seat that answers chance decisions (dice, draws, shuffles, landings)."""


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


class ScoreLine(msgspec.Struct, frozen=True):
    """One line of a score sheet: ``points`` per seat, in seat order."""

    label: str
    points: tuple[float, ...]


class Result(msgspec.Struct, frozen=True):
    """How a finished (or running) game stands.

    ``scores`` per seat; ``lines`` the breakdown that adds up to them;
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


# --- chance ----------------------------------------------------------------


def chance_rng(seed: int | str, ply: int) -> random.Random:
    """The generator for the chance decision at ``ply``: the same seed and ply
    always give the same outcome, so undo and redo never re-roll."""
    return random.Random(f"{seed}:{ply}")


def sample_outcome(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """Pick one outcome by its probability."""
    if not outcomes:
        raise ValueError("no chance outcomes to sample from")
    point = rng.random() * sum(p for _, p in outcomes)
    for action, probability in outcomes:
        point -= probability
        if point < 0:
            return action
    return outcomes[-1][0]


def sample_chance(game: Game, state: Any, seed: int | str, ply: int) -> Any:
    """The digital draw for the chance decision at ``ply`` of a game."""
    return sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))


def weighted(counts: Iterable[tuple[Any, int]]) -> list[tuple[Any, float]]:
    """Turn (outcome, count) pairs into (outcome, probability), dropping zeros:
    the usual shape of a draw from a multiset."""
    pairs = [(outcome, count) for outcome, count in counts if count > 0]
    total = sum(count for _, count in pairs)
    return [(outcome, count / total) for outcome, count in pairs]


# --- replay and hashing ----------------------------------------------------


def replay(game: Game, config: Config, actions: Iterable[Any]) -> Any:
    """Rebuild a state from its set-up and the actions taken since."""
    state = game.setup(config)
    for action in actions:
        state = game.apply(state, action)
    return state


_encoder = msgspec.json.Encoder(order="deterministic")


def state_hash(state: Any) -> str:
    """A short stable fingerprint of a state (saved, and checked on load)."""
    return hashlib.sha256(_encoder.encode(state)).hexdigest()[:16]


# --- seat names in log lines ----------------------------------------------

_SEAT_REF = re.compile(r"\{P(\d+)\}")


def seat_ref(seat: int) -> str:
    """How a log line names a seat; :func:`name_seats` fills the name in."""
    return f"{{P{seat}}}"


def name_seats(text: str, names: Sequence[str] | None = None) -> str:
    """Replace seat references with player names ("Player 1"... by default)."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if names is not None and seat < len(names):
            return names[seat]
        return f"Player {seat + 1}"

    return _SEAT_REF.sub(name, text)


def label(game: Game, state: Any, action: Any) -> str:
    """The short text for an action in the action bar."""
    labeller = getattr(game, "label", None)
    return labeller(state, action) if labeller else game.describe(state, action)
