"""castletui: castle board games in a terminal. This package is the app and
the command line; it is the only layer that imports textual."""

from importlib.metadata import PackageNotFoundError, version

try:
    # Written once, in pyproject.toml; installed (editable too), it is in the metadata.
    __version__ = version("castletui")
except PackageNotFoundError:  # a checkout run without installing it
    __version__ = "0+unknown"
