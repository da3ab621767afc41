"""castletui installs one top-level name, ``castletui`` (issue 31, item 1).

PyPI's django-rules is imported as ``rules``: when castletui installed its
rules layer as a top-level ``rules`` too, installing one overwrote the
other's files and uninstalling castletui broke django-rules. The layers
keep their folders (rules/, saves/) and are installed as castletui.rules
and castletui.saves (setup.py). Built and installed for real: a wheel of
castletui beside a wheel made here that, like django-rules, installs
``rules``; installing and uninstalling either leaves the other working.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.python_source import parse as parse_python

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("rules", "saves")


def test_no_module_imports_a_layer_by_its_folders_name():
    """A module imported as both ``rules.x`` and ``castletui.rules.x`` would
    be two modules with two copies of every class."""
    wrong = []
    for folder in ("castletui", "rules", "saves", "tests", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(parse_python(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                wrong += [
                    f"{path.relative_to(ROOT)}:{node.lineno} {name}"
                    for name in names
                    if name.split(".")[0] in LAYERS
                ]
    assert wrong == []


def _wheel_of_a_rules_package(folder: Path) -> Path:
    """A tiny wheel that installs a top-level ``rules`` package, as
    django-rules does (the test must not need the network)."""
    name, version = "other_rules", "1.0"
    files = {
        "rules/__init__.py": b"def has_perm(name, user):\n    return name == 'ok'\n",
        f"{name}-{version}.dist-info/METADATA": (
            f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()
        ),
        f"{name}-{version}.dist-info/WHEEL": (
            b"Wheel-Version: 1.0\nGenerator: castletui-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        ),
    }
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{name}-{version}.dist-info/RECORD,,")
    files[f"{name}-{version}.dist-info/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, data in files.items():
            archive.writestr(path, data)
    return wheel


def _run(*command: str | Path, cwd: Path | None = None) -> str:
    done = subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, cwd=cwd, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.slow
def test_castletui_and_another_rules_package_install_and_uninstall_side_by_side(tmp_path):
    wheels = tmp_path / "wheels"
    # The test extra brings setuptools>=77, so the build needs no network.
    _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", wheels, ROOT)
    castletui_wheel = next(wheels.glob("castletui-*.whl"))
    with zipfile.ZipFile(castletui_wheel) as archive:
        top = {name.split("/")[0] for name in archive.namelist()}
    assert {name for name in top if not name.endswith(".dist-info")} == {"castletui"}
    other = _wheel_of_a_rules_package(tmp_path)

    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", python, "-q"]
    # No dependencies: only what each installs is looked at, offline. No
    # bytecode compiled: which files go where is the point, not their .pyc
    # (compiling castletui's modules was most of each install's time).
    _run(*pip, "install", "--no-deps", "--no-compile", other, castletui_wheel)
    sites = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").strip())
    works = "import rules; assert rules.has_perm('ok', None)"
    _run(python, "-c", works, cwd=tmp_path)
    assert (sites / "castletui" / "rules" / "registry.py").is_file()
    assert (sites / "castletui" / "saves" / "table.py").is_file()

    _run(*pip, "uninstall", "-y", "castletui")
    _run(python, "-c", works, cwd=tmp_path)  # the other rules package is intact
    _run(*pip, "install", "--no-deps", "--no-compile", castletui_wheel)
    _run(*pip, "uninstall", "-y", "other_rules")
    assert (sites / "castletui" / "rules" / "registry.py").is_file()  # and castletui is
    assert not (sites / "rules").exists()


def test_a_checkout_imports_its_layers_without_an_editable_install():
    """castletui imported from a checkout (or an unpacked sdist) whose
    install is not editable still finds castletui.rules in rules/."""
    script = (
        "import sys\n"
        "sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in getattr(f, '__module__', '')]\n"
        "sys.path[:] = [p for p in sys.path if '__editable__' not in p]\n"
        "import castletui.rules.registry, castletui.saves\n"
        "print(castletui.rules.registry.__file__)\n"
    )
    found = _run(sys.executable, "-c", script, cwd=ROOT).strip()
    assert Path(found) == ROOT / "rules" / "registry.py"
