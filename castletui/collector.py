"""Python's cycle collector while castletui starts.

From the moment the command line loads the app until the app's first frame
is drawn, the collector is held: nearly everything made meanwhile (Textual's
and castletui's modules, their classes and tables, the session, the first
screen, its widgets and their styles) lives as long as the app, and each of
the collector's rounds would walk all of it again for nothing. Held from the
command line, the imports alone are 30-50 ms quicker; held from the app's
start, its first screen some 10-20 ms. Once the frame is drawn, what was made
is kept out of the collector's rounds (``gc.freeze``: its first round after
the hold would walk it all, some 10 ms, and find next to nothing to free) and
the collector runs again if it ran before.

A module of its own, without textual: the command line holds the collector
before it loads anything of the app."""

from __future__ import annotations

import gc

_before: list[bool] = []
"""While held: one entry, whether the collector ran before the hold."""


def hold() -> None:
    """Hold the collector until :func:`release` (a second hold changes nothing)."""
    if not _before:
        _before.append(gc.isenabled())
        gc.disable()


def release() -> None:
    """The first frame is drawn: freeze what was made, and the collector runs
    again if it ran before :func:`hold`. Nothing when it is not held."""
    if _before:
        was_on = _before.pop()
        gc.freeze()
        if was_on:
            gc.enable()


def held() -> bool:
    """Whether the collector is held now."""
    return bool(_before)


def keep_out_of_rounds() -> None:
    """Once per process, as the app is made: everything loaded so far
    (textual, castletui's modules, their tables) lives as long as the app,
    so the collector leaves it out of its rounds (``gc.freeze``). Otherwise
    its first full round comes while the first frame is drawn and walks all
    of it again: some 25 ms of a game's first frame."""
    if not gc.get_freeze_count():
        gc.freeze()
