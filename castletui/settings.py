"""castletui's settings file: ``settings.toml`` in the user config folder
(platformdirs' user_config_dir, or ``$CASTLETUI_CONFIG_DIR``), as posting,
harlequin and dolphie keep theirs::

    theme = "nord"              # the theme chosen in the command palette (saved when changed)
    bot_delay = 0.6             # seconds a bot pauses before its move shows
    save_dir = "~/castle-saves" # where saves live (--save-dir and $CASTLETUI_SAVE_DIR win)
    table_dir = "/srv/tables"   # where shared tables live (--table-dir and $CASTLETUI_TABLE_DIR win)
    player_name = "Ann"         # the first seat's name in a new game
    terminal_nudge = false      # no bell or desktop notice when a table comes to wait for your move

Every setting may be left out. A file that cannot be read (not TOML, an
unknown setting, a value of the wrong kind) gives one line of warning and
the defaults, never a crash; it is then never written over, so a typo
never costs the other settings. At hosts sharing a PostgreSQL store the
file's bytes are the store's, for every host (castletui.kept_settings).
Writing is atomic (a temporary file in the
same folder, renamed over the old one) and a failure (a read-only folder, a
full disk) is a warning too."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import msgspec
import platformdirs
import tomli_w

from castletui import kept_settings
from castletui.saves.names import name_key, name_problem, normal_name

ENVIRONMENT_VARIABLE = "CASTLETUI_CONFIG_DIR"
FILE_NAME = "settings.toml"
MAX_BYTES = 64 * 1024
"""Far more than five settings take: a larger file is not read."""
NAMES = ("Coco", "Wei", "Milo", "Juno")
"""The seats' names when nobody gives any."""


class Settings(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, frozen=True):
    """What the file may hold; an empty value (or no value) is castletui's default."""

    theme: str = ""
    bot_delay: Annotated[float, msgspec.Meta(ge=0, le=10)] | None = None
    save_dir: str = ""
    table_dir: str = ""
    player_name: str = ""
    terminal_nudge: bool = True
    """A bell and a desktop notification (OSC 9 or 777) when a table you sit
    at comes to wait for your move (castletui/nudge.py); the line in the
    header and the toast come either way."""
    plain: bool = False
    """Play as plain lines (castletui/plain/) whenever a command that can
    (new, resume, join, replay) is given without ``--plain``: at a host, the
    account's choice, made with ``plain on`` in plain mode."""


def folder() -> Path:
    """``$CASTLETUI_CONFIG_DIR``, else the user config folder."""
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return Path(os.environ[ENVIRONMENT_VARIABLE]).expanduser()
    return Path(platformdirs.user_config_dir("castletui", appauthor=False))


def path() -> Path:
    return folder() / FILE_NAME


def load() -> tuple[Settings, str]:
    """The settings, and a one-line warning when the file is broken (then
    the defaults). No file is no warning."""
    where = path()
    try:
        table = _read_table(where)
    except FileNotFoundError:
        return Settings(), ""
    except (OSError, UnicodeDecodeError, msgspec.DecodeError, ValueError) as error:
        return Settings(), broken(where, _why(error))
    try:
        settings = msgspec.convert(table, Settings)
    except msgspec.ValidationError as error:
        return Settings(), broken(where, str(error))
    if settings.player_name:
        problem = name_problem(settings.player_name)
        if problem:
            return Settings(), broken(where, f"the player_name {settings.player_name[:20]!r} {problem}")
        settings = msgspec.structs.replace(settings, player_name=normal_name(settings.player_name))
    return settings, ""


def broken(where: Path, why: str) -> str:
    return f"ignoring the settings in {where} ({why}); using the defaults"


def _why(error: BaseException) -> str:
    if isinstance(error, OSError):
        return error.strerror or type(error).__name__
    return str(error) or type(error).__name__


def _read_table(where: Path) -> dict:
    data = kept_settings.read(where, MAX_BYTES)
    if len(data) > MAX_BYTES:
        raise ValueError(f"larger than {MAX_BYTES // 1024} KiB")
    # msgspec's TOML reader loads tomllib only now: a start without a settings file goes without it.
    return msgspec.toml.decode(data.decode("utf-8"))


def save(**changes: object) -> str:
    """Write ``changes`` into the file, keeping everything else in it; an
    empty string, or a warning saying why not (the file is broken, the
    folder read-only, the disk full)."""
    where = path()
    try:
        table = _read_table(where)
    except FileNotFoundError:
        table = {}
    except (OSError, UnicodeDecodeError, msgspec.DecodeError, ValueError) as error:
        return f"not saved: {where} cannot be read ({_why(error)}), and castletui does not write over it"
    table.update(changes)
    try:
        msgspec.convert(table, Settings)
    except msgspec.ValidationError as error:
        return f"not saved: {where} has a problem ({error}), and castletui does not write over it"
    try:
        kept_settings.write(where, tomli_w.dumps(table).encode("utf-8"))
    except OSError as error:
        return f"could not save the settings to {where} ({_why(error)})"
    return ""



def folder_setting(given: str | None, environment: str, configured: str) -> str | None:
    """A folder's override, strongest first: ``given`` on the command line,
    then the environment variable (None here: the caller reads it), then
    the settings file's ``configured`` folder."""
    if given:
        return given
    if os.environ.get(environment):
        return None
    return configured or None


def default_names(player_name: str = "") -> list[str]:
    """The seats' names in a new game: the player's own first (when the
    settings give one), then the usual names, none twice."""
    if not player_name:
        return list(NAMES)
    return [player_name] + [name for name in NAMES if name_key(name) != name_key(player_name)]


def help_text() -> str:
    """What ``castletui --help`` says about the file."""
    return (
        f"Settings: {path()} (TOML: theme, bot_delay, save_dir, table_dir, player_name, terminal_nudge, plain; "
        f"${ENVIRONMENT_VARIABLE} moves it). The theme chosen in the command palette is saved there."
    )
