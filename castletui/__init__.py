"""castletui: castle board games in a terminal. This package is the app and
the command line; it is the only layer that imports textual."""

__version__ = "0.1.0"
