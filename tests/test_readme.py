"""Every ``castletui ...`` command the README shows, run (issue 31, item 2),
so that the README can never drift from the program again.

The commands are read from README.md: its code blocks (indented or fenced,
``&&`` chains and the ``command="..."`` of an authorized_keys line
included) and its inline code spans that start with ``castletui``. Each
runs through ``castletui.cli.main`` with temporary save, table, settings,
data and log folders. Commands without the app (``list``, ``rules
--print``, ``calc`` with a table's answers on stdin, ``--help``) run to the
end and exit 0; the others must reach the point of starting the app: its
``run`` is replaced by one that records the app, whose kind and first
screen (the ``Start``) are checked, and what that Start opens is built
headless (the game set up, the save opened, the table made). No terminal,
no real TUI, no server.

Placeholders are filled with real values: ``[X]`` is run without and with
X, ``GAME`` with every game, ``FILE`` with a real save; a table's name in
an example is a real table made under that name; the game account's folder
``/home/play/tables`` is a temporary one; ``castletui host`` records its
configuration instead of listening, and its ``ann.pub`` is a real key. A command that cannot run here
goes in SKIPPED with the reason (none at present)."""

from __future__ import annotations

import io
import itertools
import json
import re
import shlex
import sys
from pathlib import Path

import pytest
from castletui.rules import registry
from castletui.saves.table import Table

from castletui import cli, saves
from castletui.app import CastleApp
from castletui.jsonlines.app import ProgramSeatsApp
from castletui.session import Session
from castletui.shared import SharedApp, create_table
from tests.rules.castle_raisers.test_calc import castle

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

SKIPPED: dict[str, str] = {}
"""README commands (as the README writes them) run elsewhere, not here, with
where: not collected at all, so a CI run skips nothing."""

PLAY_TABLES = "/home/play/tables"
"""The game account's table folder of the SSH set-up: a temporary one here."""

CALC_ANSWERS = {
    # A table's answers to `castletui calc GAME`, one a line (tests/test_calc.py has the rulings).
    "catapult-castle": "solo\n10\n\n",
    "castlecards": "castle\n0\n\ncatapult, bowmen\ntrap\n",
    "castle-raisers": "\n".join(
        ["", "Milo, Wei", *castle("5 6 5", ("", "3 soldier", "7 soldier")), *castle("6 5 3")]
    )
    + "\n",
    "got-catan": "production\nRed, Blue, White\n6\n1\nhills\n\nRed 2 settlements, Blue settlement\n\n",
}


# --- reading the README --------------------------------------------------------


def code_block_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) of every line in a code block: fenced, or
    indented four spaces or more after a blank line (Markdown's rule)."""
    found = []
    fenced = in_block = False
    after_blank = True
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            found.append((number, line))
            continue
        if not line.strip():
            after_blank = True
            continue
        in_block = line.startswith("    ") and (in_block or after_blank)
        if in_block:
            found.append((number, line))
        after_blank = False
    return found


def commands_in(line: str) -> list[str]:
    """The castletui commands on one shell line (each part of a chain, or
    the forced command of an authorized_keys line), comments left out."""
    parts = re.findall(r'command="([^"]*)"', line) or re.split(r"&&|\|\||;|\|", line)
    found = []
    for part in parts:
        if "castletui" not in part:
            continue  # a transcript's line (an apostrophe is no shell quote there)
        # A redirection (<answers, >answers) is the shell's, not castletui's.
        words = [word for word in shlex.split(part, comments=True) if not word.startswith(("<", ">"))]
        if words and Path(words[0]).name == "castletui":
            found.append(shlex.join(["castletui", *words[1:]]).replace("'", ""))
    return found


def readme_commands() -> dict[str, int]:
    """Every castletui command in the README, as written, with its first line."""
    text = README.read_text(encoding="utf-8")
    found: dict[str, int] = {}
    for number, line in code_block_lines(text):
        for command in commands_in(line):
            found.setdefault(command, number)
    for match in re.finditer(r"`([^`]+)`", text):
        span = " ".join(match.group(1).split())
        if span == "castletui" or span.startswith("castletui "):
            found.setdefault(span, text.count("\n", 0, match.start()) + 1)
    return found


COMMANDS = readme_commands()

STORE_URL = "postgresql://castle@db.example/castletui"
"""The README's PostgreSQL store ("Running a bigger server"): those commands
run against a real server in tests/stores/test_readme_store.py."""
SKIPPED.update(
    {
        command: "needs PostgreSQL: tests/stores/test_readme_store.py"
        for command in COMMANDS
        if STORE_URL in command
    }
)


def expansions(command: str) -> list[list[str]]:
    """The argument lists a README command stands for: ``[X]`` without and
    with X, ``GAME`` as every game."""
    words = shlex.split(command)[1:]
    optional = [index for index, word in enumerate(words) if word.startswith("[") and word.endswith("]")]
    runs = []
    for kept in itertools.product((False, True), repeat=len(optional)):
        dropped = {index for index, keep in zip(optional, kept, strict=True) if not keep}
        argv = [word.strip("[]") for index, word in enumerate(words) if index not in dropped]
        if "GAME" in argv:
            runs += [[game_id if word == "GAME" else word for word in argv] for game_id in registry.ids()]
        else:
            runs.append(argv)
    return runs


# --- running one ---------------------------------------------------------------


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """Temporary folders for everything castletui writes, a save to resume
    and the README's table by its name."""
    tables = tmp_path / "tables"
    monkeypatch.setenv("CASTLETUI_TABLE_DIR", str(tables))
    save_folder = saves.save_dir()
    save_folder.mkdir(parents=True)
    players = [saves.Player("Coco"), saves.Player("Wei")]
    session = Session.new("castlecards", "two-player", players, seed=1, path=save_folder / "evening.toml")
    table, _, _ = create_table(tables, "ann", "castlecards", "two-player", players)
    named = tables / "castlecards-2026-05-01-201500.json"
    table.path.rename(named)
    return {
        "FILE": str(session.path),
        "TABLE": str(named),
        "tables": tables,
        "play": tmp_path / "play-tables",
    }


@pytest.fixture
def recorded(monkeypatch):
    """The apps castletui would run, instead of running them."""
    apps: list[CastleApp] = []

    def record(app, *args, **kwargs):
        apps.append(app)

    monkeypatch.setattr(CastleApp, "run", record)
    # The app would need a terminal (castletui.terminal); these only record it.
    monkeypatch.setattr("castletui.terminal.has_terminal", lambda: True)
    return apps


ANN_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB2XJYLdcJmN+1FeKdf7nm+DObJVRlDSUGa2jYo/ah70 ann@laptop"
"""A real public key for ``castletui host add Ann ann.pub``."""


@pytest.fixture
def hosted(tmp_path, monkeypatch):
    """What `castletui host` would serve, instead of listening: its
    configuration. ``ann.pub`` is in the working folder, and Ann's is a
    registered key (so ``host remove Ann`` and ``host players`` have her)."""
    pytest.importorskip("asyncssh")
    from castletui.host import server

    configs: list = []

    async def serve(config, key, *, ready=None):
        configs.append(config)
        return 0

    monkeypatch.setattr(server, "serve", serve)
    monkeypatch.setenv("CASTLETUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ann.pub").write_text(ANN_KEY + "\n")
    if (tmp_path / "tables").exists():
        (tmp_path / "tables").chmod(0o700)  # the host refuses a table folder others can open
    return configs


@pytest.fixture
def served(monkeypatch):
    """What `castletui serve` would serve, instead of serving it."""
    servers: list[dict] = []

    class Server:
        def __init__(self, command: str, host: str, port: int, title: str) -> None:
            servers.append({"command": command, "host": host, "port": port})

        def serve(self) -> None:
            pass

    monkeypatch.setattr("textual_serve.server.Server", Server)
    return servers


def fill(argv: list[str], folders: dict) -> list[str]:
    filled = []
    for word in argv:
        word = word.replace(PLAY_TABLES, str(folders["play"]))
        if re.fullmatch(r"[A-Z][A-Z_]+", word):
            assert word in folders, f"no real value for the placeholder {word}: add one, or skip the command"
            word = folders[word]
        filled.append(word)
    return filled


def expected_kind(args) -> tuple[str, type]:
    """The first screen and the app a command line asks for."""
    if args.command in (None, "resume", "rules", "join"):
        programs = getattr(args, "programs", None)
        return (
            args.command or "menu",
            SharedApp if args.command == "join" else ProgramSeatsApp if programs else CastleApp,
        )
    if args.command == "replay":
        return ("replay" if args.file else "load"), CastleApp
    assert args.command == "new", args.command
    straight_in = args.players is not None or args.bots is not None or args.names is not None
    kind = ("shared" if args.shared else "play") if straight_in or args.programs else "wizard"
    return kind, SharedApp if args.shared else ProgramSeatsApp if args.programs else CastleApp


def check_what_it_opens(app: CastleApp, folders: dict, tmp_path: Path) -> None:
    """Build headless what the app would open first."""
    start = app.start
    if start.kind == "play":
        session = Session.new(**start.new_game, path=tmp_path / "new-game.toml")
        assert session.ply >= 0
    elif start.kind == "shared":
        table, seat, _ = create_table(folders["tables"], app.who, **start.new_game)
        assert table.path.exists() and seat == 0
    elif start.kind == "wizard":
        info = registry.get(start.game_id).INFO
        assert info.variant(start.new_game["variant"])
    elif start.kind == "resume" and start.path is not None:
        assert Session.open(start.path).save.game == "castlecards"
    elif start.kind == "join" and start.path is not None:
        seat = start.new_game["seat"]
        _, seating = Table(start.path).take_seat(seat if seat is not None else 1, app.who)
        assert app.who in seating.owners
    elif start.kind == "rules":
        assert start.game_id in registry.ids()
    elif start.kind == "replay":
        assert start.new_game["replay"].save.game == "castlecards"


@pytest.mark.parametrize(
    "command",
    sorted(command for command in COMMANDS if command not in SKIPPED),
    ids=lambda command: f"{COMMANDS[command]}: {command}",
)
def test_a_readme_command_runs(command, folders, recorded, served, hosted, capsys, monkeypatch, tmp_path):
    for argv in expansions(command):
        argv = fill(argv, folders)
        shown = shlex.join(["castletui", *argv])
        recorded.clear()
        args = cli.build_parser().parse_args(argv) if "--help" not in argv else None
        if args is not None and args.command == "host" and argv[1:2] != ["add"]:
            assert cli.main(["host", "add", "Ann", "ann.pub"]) == 0  # a fresh data folder each time
            capsys.readouterr()
        if args is not None and args.command == "calc":
            monkeypatch.setattr(sys, "stdin", io.StringIO(CALC_ANSWERS[args.game]))
        if getattr(args, "json", False):  # JSON-lines play: no answer comes, the game stops and is saved
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO()))
        if getattr(args, "plain", False):  # plain lines: the player leaves at once
            monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
        try:
            status = cli.main(argv)
        except SystemExit as leaving:  # --help
            status = leaving.code
        out, err = capsys.readouterr()
        assert status == 0, f"{shown}: exit {status}: {err.strip()}"
        assert "Traceback" not in out + err and "something went wrong" not in err, shown
        if (
            args is None
            or args.command in ("list", "calc", "verify", "review")
            or getattr(args, "print", False)
            or getattr(args, "text", False)
            or getattr(args, "plain", False)
        ):
            assert out.strip() and not recorded, f"{shown}: printed nothing"
        elif args.command == "host":
            assert not recorded, shown
            if argv[1:2] in (["add"], ["players"]):
                assert "Ann" in out and "SHA256:" in out, f"{shown}: {out}"
            elif argv[1:2] == ["remove"]:
                assert "Ann" in out, f"{shown}: {out}"
            else:  # the server itself: its configuration as the README's flags say
                assert (
                    len(hosted) == 1 and hosted[0].port == args.port and hosted[0].open == ("--open" in argv)
                )
                assert (hosted[0].ready_file is not None) == ("--ready-file" in argv)
                assert (hosted[0].events_file is not None) == ("--events-file" in argv)
                hosted.clear()
        elif args.command == "schema" or getattr(args, "json", False):
            assert out.strip() and not recorded, f"{shown}: printed nothing"
            printed = [out] if args.command == "schema" else out.splitlines()
            assert all(isinstance(json.loads(text), dict) for text in printed), shown
        elif args.command == "serve":
            assert len(served) == 1 and not recorded, shown
            assert " join " in served[0]["command"] and f"--as {args.as_name}" in served[0]["command"]
            served.clear()
        else:
            assert len(recorded) == 1, f"{shown}: started no app ({err.strip()})"
            app = recorded[0]
            kind, app_class = expected_kind(args)
            assert app.start.kind == kind and type(app) is app_class, f"{shown}: {app.start}, {type(app)}"
            check_what_it_opens(app, folders, tmp_path)


def test_the_readme_commands_are_found():
    """The reading above finds the examples it must (a change of the README's
    layout that hid them from this test would fail here), and SKIPPED names
    only commands that are still in the README."""
    assert {
        "castletui new castlecards --shared --players 3 --bots 1",
        "castletui resume [FILE]",
        "castletui rules catapult-castle [--print]",
        "castletui calc castle-raisers",
        "castletui join --as Ann --table-dir /home/play/tables",
        "castletui serve --as Ann --port 8000",
        "castletui",
    } <= set(COMMANDS)
    assert len(COMMANDS) >= 20
    assert set(SKIPPED) <= set(COMMANDS)


def test_the_shared_example_with_three_players_is_the_multi_player_game(folders, recorded, capsys):
    """The README example that was refused: "Castlecards (2 players) is for
    2 players, not 3". Without --variant the variant that fits the players
    is chosen, and the app says which."""
    assert cli.main(["new", "castlecards", "--shared", "--players", "3", "--bots", "1"]) == 0
    start = recorded[0].start
    assert start.new_game["variant"] == "multi-player"
    assert "multi-player" in start.note and "3 players" in start.note
