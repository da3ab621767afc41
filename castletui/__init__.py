"""castletui: castle board games in a terminal. This package is the app and
the command line; it is the only layer that imports textual.

The rules and saves layers are its subpackages ``castletui.rules`` and
``castletui.saves``, kept in the top-level folders ``rules/`` and ``saves/``
of a checkout (setup.py maps them; an installed castletui has them inside).
"""

import importlib
import sys
from importlib.machinery import PathFinder
from pathlib import Path

METADATA = "importlib.metadata"
"""The standard library's module that reads the installed version, loaded
by name when first asked for (a declared load, as castletui/app.py's
``LATER``): it costs every start some 15 ms, and only ``--version`` and a
crash log say the version."""


def version() -> str:
    """castletui's version: written once, in pyproject.toml; installed
    (editable too), it is in the metadata."""
    metadata = importlib.import_module(METADATA)
    try:
        return metadata.version("castletui")
    except metadata.PackageNotFoundError:  # a checkout run without installing it
        return "0+unknown"


def __getattr__(name: str) -> str:
    """``castletui.__version__``, read when it is asked for (PEP 562)."""
    if name == "__version__":
        return version()
    raise AttributeError(f"module 'castletui' has no attribute {name!r}")


_CHECKOUT = Path(__file__).resolve().parent.parent
_LAYERS = ("castletui.rules", "castletui.saves")


class _LayersBeside:
    """Finds castletui.rules and castletui.saves in the folders beside this
    package, for a castletui imported from a checkout (or an unpacked sdist)
    that is not the installed one: an editable install maps them itself,
    a wheel has them inside the package."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> object:
        if name not in _LAYERS:
            return None
        return PathFinder.find_spec(name, [str(_CHECKOUT)])  # rules/ for castletui.rules


if not (Path(__file__).parent / "rules").is_dir() and (_CHECKOUT / "rules" / "__init__.py").is_file():
    sys.meta_path.append(_LayersBeside)
