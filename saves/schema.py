"""The save file: one versioned msgspec Struct, written as TOML or JSON.

A save holds the set-up and every action from the first (chance included),
so loading is a replay; ``check`` pins the state that replay must reach.
TOML cannot hold ``None``: every Struct here omits its defaults.
"""

from __future__ import annotations

from typing import Any

import msgspec

from rules.core import Config

FORMAT = "castletui-save"
VERSION = 1
"""The newest save format this castletui writes and reads."""


class Player(msgspec.Struct, frozen=True, omit_defaults=True):
    """Who sits at a seat: a person at the keyboard, or a bot and its level."""

    name: str
    kind: str = "human"  # "human" or "bot"
    level: str = "normal"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


class SaveConfig(msgspec.Struct, frozen=True, omit_defaults=True):
    variant: str
    players: list[Player]
    options: dict[str, Any] = {}


class LogEntry(msgspec.Struct, frozen=True, omit_defaults=True):
    """One decision: the seat that took it (-1 for chance) and the action,
    kept as plain data here and typed by the game when replayed."""

    seat: int
    action: dict[str, Any]


class Check(msgspec.Struct, frozen=True):
    plies: int
    state_hash: str


class SaveFile(msgspec.Struct, omit_defaults=True, kw_only=True):
    format: str  # always written (omit_defaults would drop a default)
    version: int
    game: str
    edition: str = ""
    created: str
    updated: str
    seed: int
    mode: str = "digital"
    config: SaveConfig
    log: list[LogEntry] = []
    check: Check = Check(0, "")
    finished: bool = False
    status: str = ""

    @property
    def players(self) -> list[Player]:
        return self.config.players

    def rules_config(self) -> Config:
        """The rules layer's view of the set-up."""
        return Config(
            variant=self.config.variant,
            seats=len(self.config.players),
            options=dict(self.config.options),
            mode=self.mode,
        )


class Envelope(msgspec.Struct):
    """The first thing read from a file: enough to say which format and
    version it is before trusting the rest."""

    format: str = ""
    version: Any = None
