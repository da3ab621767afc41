"""The lobby stays fast (issue 46): what its first frame does not show is
not loaded before it, nor the whole table of confusable characters that
only a name beyond ASCII needs (benchmarks/lobby_frame.py gives the times)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

NOT_BEFORE_THE_LOBBY = (
    "castletui.notify_me",  # Notify me: its dialog, over castletui host only
    "castletui.screens.notify_dialog",
    "castletui.session",  # a game on a table: loaded as one opens
    "castletui.driver",
    "watchfiles",  # the watch where inotify is missing
    "castletui.screens.dialogs",  # the app's dialogs: loaded as the first is shown
)


def test_the_lobbys_first_frame_loads_nothing_it_does_not_show(tmp_path):
    """In a fresh process: a folder with a free seat (names compared) and a
    table of the player's, the lobby drawn; none of NOT_BEFORE_THE_LOBBY
    loaded by then, and no name compared through the whole table."""
    probe = f"""
import sys
from pathlib import Path
sys.path.insert(0, {str(ROOT / "benchmarks")!r})
import lobby_frame

lobby_frame.prepare(Path({str(tmp_path / "tables")!r}), tables=4, bos=1, moves=2)
for name in [name for name in sys.modules if name.startswith("castletui")]:
    del sys.modules[name]  # the lobby alone, as castletui join starts it
for name in {NOT_BEFORE_THE_LOBBY!r}:
    sys.modules.pop(name, None)
lobby_frame.lobby(Path({str(tmp_path / "tables")!r}))
from castletui.saves import names
print("loaded:", *(name for name in {NOT_BEFORE_THE_LOBBY!r} if name in sys.modules))
print("prototypes", names._prototypes.cache_info().misses)
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.splitlines()[-2:] == ["loaded:", "prototypes 0"], done.stdout


def test_a_lobby_run_after_another_replays_no_unchanged_table(tmp_path):
    """In a fresh process, the lobby twice (as two logins): the second
    lists every table from the first's cache (castletui/lobby_cache.py),
    so the game's rules, which only a table read or replayed needs, are
    not loaded at all."""
    probe = f"""
import sys
from pathlib import Path
sys.path.insert(0, {str(ROOT / "benchmarks")!r})
import lobby_frame

tables = Path({str(tmp_path / "tables")!r})
lobby_frame.prepare(tables, tables=4, bos=1, moves=2)
for run in ("first", "second"):
    for name in [name for name in sys.modules if name.startswith("castletui")]:
        del sys.modules[name]  # the lobby alone, as castletui join starts it
    lobby_frame.lobby(tables)
    print(run, "loaded:", *(name for name in sys.modules if name.startswith("castletui.rules.castlecards")))
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    first, second = (line.split() for line in done.stdout.splitlines() if " loaded:" in line)
    assert "castletui.rules.castlecards" in first, done.stdout  # the probe sees them when they load
    assert second == ["second", "loaded:"], done.stdout


def test_a_first_login_after_another_players_replays_no_unchanged_table(tmp_path):
    """In a fresh process each: p3, who sits at none of bo's tables, logs
    in and out; then bo's first login lists every table, and finds the
    turns of his own, in the cache p3's lobby kept as it left
    (castletui/lobby_cache.py: one for every player), and loads no game's rules."""
    probe = f"""
import sys
from pathlib import Path
sys.path.insert(0, {str(ROOT / "benchmarks")!r})
import lobby_frame

tables = Path({str(tmp_path / "tables")!r})
lobby_frame.prepare(tables, tables=4, bos=1, moves=2)
for who in ("user:p3", "user:bo"):
    for name in [name for name in sys.modules if name.startswith("castletui")]:
        del sys.modules[name]  # the lobby alone, as castletui join starts it
    lobby_frame.lobby(tables, who)
    print(who, "loaded:", *(name for name in sys.modules if name.startswith("castletui.rules.castlecards")))
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    other, bo = (line.split() for line in done.stdout.splitlines() if " loaded:" in line)
    assert "castletui.rules.castlecards" in other, done.stdout  # the probe sees them when they load
    assert bo == ["user:bo", "loaded:"], done.stdout
