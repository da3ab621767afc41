"""Local play where there is no fcntl and no pwd (Windows): issue 31, item 5.

A fresh interpreter has both made unimportable before castletui loads
(``sys.modules[name] = None`` makes ``import name`` raise ImportError), as
on a system without them: the command line, the saves, the rules and a
local game in the app must all still work, and shared tables say in one
line that they need a POSIX system."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = textwrap.dedent(
    """
    import sys

    for name in ("fcntl", "pwd"):
        sys.modules[name] = None  # import name now raises ImportError, as on Windows

    import asyncio
    import contextlib
    import io

    import castletui.rules.registry

    from castletui import rules
    from castletui import saves
    import castletui.saves.table
    from castletui import saves
    from castletui import cli
    from castletui.commands.start import start_from
    from castletui.app import CastleApp, Start
    from castletui.screens.game import GameScreen
    from castletui.session import Session

    assert cli.main(["list", "--games"]) == 0
    assert cli.main(["rules", "castlecards", "--print"]) == 0

    # The session: a new game, moves applied and autosaved, then resumed.
    players = [saves.Player("Coco"), saves.Player("Wei", "bot", "random")]
    path = saves.save_dir() / "local.toml"
    session = Session.new("castlecards", "two-player", players, seed=3, path=path)
    session.run_automatic(limit=5)
    for _ in range(3):
        if session.over:
            break
        if session.to_move() == 0:
            session.act(session.legal_actions()[0])
        session.run_automatic(limit=5)
    assert session.ply > 0
    assert Session.open(path).ply == session.ply

    # castletui list and castletui resume's choice of file.
    assert cli.main(["list"]) == 0
    start = start_from(cli.build_parser().parse_args(["resume", str(path)]), rules.registry)
    assert start.kind == "resume", start

    # The app, headless: a new game from the command line's choices opens its screen.
    start = start_from(
        cli.build_parser().parse_args(["new", "castlecards", "--players", "2", "--bots", "1"]),
        rules.registry,
    )
    assert start.kind == "play", start

    async def play():
        app = CastleApp(start, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(50):
                if isinstance(app.screen, GameScreen):
                    break
                await pilot.pause()
            assert isinstance(app.screen, GameScreen), app.screen
            app.exit()

    asyncio.run(play())

    # Shared tables say what they need, in one line, without a traceback.
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors):
        status = cli.main(["join"])
    assert status == 2 and "need a POSIX system" in errors.getvalue(), errors.getvalue()
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors):
        status = cli.main(["new", "castlecards", "--shared", "--players", "2"])
    assert status == 2 and "need a POSIX system" in errors.getvalue(), errors.getvalue()
    print("local play works")
    """
)


def test_local_play_works_without_fcntl_and_pwd(tmp_path):
    env = {
        **os.environ,
        "CASTLETUI_SAVE_DIR": str(tmp_path / "saves"),
        "CASTLETUI_DATA_DIR": str(tmp_path / "data"),
        "CASTLETUI_TABLE_DIR": str(tmp_path / "tables"),
        "CASTLETUI_CONFIG_DIR": str(tmp_path / "config"),
        "CASTLETUI_LOG_DIR": str(tmp_path / "logs"),
        "CASTLETUI_BOT_DELAY": "0",
    }
    finished = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert finished.returncode == 0, finished.stderr[-3000:]
    assert "local play works" in finished.stdout


def test_shared_tables_say_when_they_cannot_work_here(monkeypatch):
    """posix_problem is empty here (the suite runs on a POSIX system) and
    names what is missing where fcntl is."""
    from castletui.saves import table

    assert table.posix_problem() == ""
    monkeypatch.setitem(sys.modules, "fcntl", None)
    assert "POSIX" in table.posix_problem()
