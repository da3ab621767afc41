"""The save file: one versioned msgspec Struct, written as TOML or JSON.

A save holds the set-up and every action from the first (chance included),
so loading is a replay; ``check`` pins the state that replay must reach.
TOML cannot hold ``None``: every Struct here omits its defaults.

Format 2 writes a save as a journal: a header that a
move never changes (the game, its seed, its set-up), then one line per
logged action, so the autosave after a move appends one line whatever the
game's length (saves.codec has the layout). Each line carries what the game
looks like after it (``hash``, ``at``, ``status``, ``finished``): that is
what format 1 kept in the header and rewrote with the whole file at every
move. Format 1 files (header, log and ``[check]`` in one document) are read
as they always were.

Format 3 (this castletui) adds the record's checks: the header's ``chain``
and each line's (saves.chain), so a change anywhere is found by every
reader; a shared table's header also carries a ``commitment`` to its seed,
revealed with its ``salt`` when the game ends (saves.seal).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from castletui.rules import registry
from castletui.rules.core import Config

FORMAT = "castletui-save"
VERSION = 3
"""The newest save format this castletui writes and reads. 2: the header is
written once and each action is appended as a line that says what the game
looks like after it (a castletui that reads only format 1 would see a log
longer than its ``[check]`` and call the file damaged, so it is told that
the file is newer instead). 3: the header and every line carry a check
that covers all before them (saves.chain); a castletui of format 2 would
append lines without one, so it is told the file is newer. Files of
formats 1 and 2 are read as they always were and gain the checks when
they are next written whole."""

CHAINED = 3
"""The first format whose header and lines carry their checks."""

# What no real game produces. A save beyond these is refused with a message
# that says which limit, rather than parsed for seconds or drawn for minutes.
MAX_SAVE_BYTES = 4 * 1024 * 1024
"""A long 4-player game saves in well under 1 MiB."""
MAX_PLIES = 20_000
"""The longest games (4-player Castle Raisers) log about 1,500 decisions."""
MAX_NAME_LENGTH = 40
"""A player's name; the wizard takes 16 characters."""
MAX_TEXT_LENGTH = 200
"""Any other text field of a save (game id, edition, dates, status)."""

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT_LENGTH)]


class Player(msgspec.Struct, frozen=True, omit_defaults=True):
    """Who sits at a seat: a person at the keyboard, or a bot and its level."""

    name: Name
    kind: Text = "human"  # "human" or "bot"
    level: Text = "normal"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


class SaveConfig(msgspec.Struct, frozen=True, omit_defaults=True):
    variant: Text
    players: Annotated[list[Player], msgspec.Meta(min_length=1, max_length=8)]
    options: dict[Text, Any] = {}


class LogEntry(msgspec.Struct, frozen=True, omit_defaults=True):
    """One decision: the seat that took it (-1 for chance) and the action,
    kept as plain data here and typed by the game when replayed.

    From format 2 on, each entry also says when it was made (``at``) and
    the hash of the state it led to (``hash``, checked when it is the last
    entry). Format 1 entries have neither (the header held the hash)."""

    seat: int
    action: dict[str, Any]
    at: Text = ""
    hash: Text = ""


class Line(msgspec.Struct, frozen=True, omit_defaults=True):
    """One line of a journal as it is in the file: the entry, what it said
    of the game when it was written last (After's fields), and its check
    (format 3: saves.chain). Only the codec and the chain see it; the game
    sees LogEntry."""

    seat: int
    action: dict[str, Any]
    at: Text = ""
    hash: Text = ""
    status: Text = ""
    finished: bool = False
    updated: Text = ""
    chain: Text = ""

    def entry(self) -> LogEntry:
        return LogEntry(self.seat, self.action, self.at, self.hash)


class After(msgspec.Struct, frozen=True, omit_defaults=True):
    """What a journal's last line says about the game as it stands after
    that move, beside its entry (each line says it when it is written
    last; a line read from the middle of a file is never asked).
    ``updated`` only when the file was saved later than the move was made
    (an undo writes the file whole)."""

    status: Text = ""
    finished: bool = False
    updated: Text = ""


class Check(msgspec.Struct, frozen=True):
    plies: int
    state_hash: Text


class SaveFile(msgspec.Struct, omit_defaults=True, kw_only=True):
    format: Text  # always written (omit_defaults would drop a default)
    version: int
    game: Text
    edition: Text = ""
    created: Text
    updated: Text
    seed: int
    mode: Text = "digital"
    config: SaveConfig
    log: Annotated[list[LogEntry], msgspec.Meta(max_length=MAX_PLIES)] = []
    check: Check = Check(0, "")
    finished: bool = False
    status: Text = ""
    commitment: Text = ""
    """A shared table's commitment to its seed (saves.seal): the hash of
    the seed and ``salt``, in the header from the first move."""
    salt: Text = ""
    """Revealed with the seed when a shared table's game ends."""

    @property
    def players(self) -> list[Player]:
        return self.config.players

    def rules_config(self) -> Config:
        """The rules layer's view of the set-up: an option added since the
        save was made at the value it was played under
        (``GameInfo.saved_options``)."""
        options = dict(self.config.options)
        try:
            info = registry.get(self.game).INFO
        except registry.UnknownGame:
            pass  # replay_states names the unknown game
        else:
            options = info.saved_options(self.config.variant, options)
        return Config(
            variant=self.config.variant,
            seats=len(self.config.players),
            options=options,
            mode=self.mode,
        )


class Envelope(msgspec.Struct):
    """The first thing read from a file: enough to say which format and
    version it is before trusting the rest."""

    format: str = ""
    version: Any = None
