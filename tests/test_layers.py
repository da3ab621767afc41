"""The layers stay apart: rules and saves never load textual or rich, and
the quick command-line paths don't either."""

from __future__ import annotations

import subprocess
import sys


def loaded_ui_modules(code: str) -> str:
    probe = code + "\nimport sys\nprint(' '.join(m for m in ('textual', 'rich') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def test_rules_and_saves_import_neither_textual_nor_rich():
    code = "import rules, saves, rules.registry, rules.core.bots\nfor g in rules.registry.ids(): rules.registry.get(g)"
    assert loaded_ui_modules(code) == ""


def test_session_driver_imports_no_textual():
    assert loaded_ui_modules("import castletui.session") == ""


def test_version_help_and_list_do_not_import_textual(tmp_path):
    for argv in (
        ["--version"],
        ["--help"],
        ["list", "--save-dir", str(tmp_path)],
        ["list", "--games"],
        ["calc", "castle-raisers", "--list"],
    ):
        code = (
            "import contextlib, io\nfrom castletui.cli import main\n"
            f"with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()): main({argv!r})"
        )
        loaded = loaded_ui_modules(code)
        # calc asks with Rich's Prompt (issue 31, item 4): Rich, never textual.
        assert loaded == ("rich" if argv[0] == "calc" else ""), argv


def test_the_app_imports_only_the_kit_the_registry_and_each_games_face():
    """castletui draws from a game's face (the protocol and its public
    queries), never from the game's internal modules."""
    import ast
    from pathlib import Path

    from rules import registry

    faces = {entry.rules for entry in registry.ENTRIES.values()}
    allowed = {"rules", "rules.core", "rules.core.bots", "rules.registry"} | faces
    pending_kit: set[str] = set()  # a game on its way onto the kit
    reaching_in = []
    for path in (Path(__file__).parents[1] / "castletui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rules"):
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.startswith("rules")]
            for name in names:
                if name not in allowed and not any(name.startswith(game + ".") for game in pending_kit):
                    reaching_in.append(f"{path}: {name}")
    assert not reaching_in, reaching_in
