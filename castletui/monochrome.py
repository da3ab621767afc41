"""What NO_COLOR shows: Textual's shades of grey, with every coloured ink
kept readable.

Textual's own filter for NO_COLOR turns each colour into its grey by
luminance, so a pure blue or red name becomes a grey barely lighter than
the dark background: a player without colour could no longer read it.
Here a coloured ink (never a grey the theme chose, such as muted or
disabled text) whose grey sits too close to its background is moved away
from it, towards white on a dark background and towards black on a light
one. Text styles (bold, dim, reverse, underline) pass through untouched:
they are what tells things apart once colour is gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter, Monochrome, monochrome_style

MIN_CONTRAST = 110
"""How far (0-255) a coloured ink's grey stays from its background's grey:
about as far as the theme's muted text."""
CHROMA = 40
"""An ink whose red, green and blue differ by more than this is a colour, not a grey."""


@lru_cache(maxsize=4096)
def readable_style(style: Style, under: int) -> Style:
    """``style`` in greys, its coloured ink far enough from its background's
    grey (``under``, 0-255, when the style has no background of its own)."""
    grey = monochrome_style(style)
    ink = style.color
    if ink is None or grey.color is None:
        return grey
    red, green, blue = Color.from_rich_color(ink).rgb
    if max(red, green, blue) - min(red, green, blue) <= CHROMA:
        return grey  # a grey already: the theme's own shade, kept
    if grey.bgcolor is not None:
        under = Color.from_rich_color(grey.bgcolor).r
    level = Color.from_rich_color(grey.color).r
    if abs(level - under) >= MIN_CONTRAST:
        return grey
    level = min(255, under + MIN_CONTRAST) if under < 128 else max(0, under - MIN_CONTRAST)
    return grey + Style(color=Color(level, level, level).rich_color)


class ReadableMonochrome(Monochrome):
    """Textual's NO_COLOR filter, its coloured inks kept readable (see the module)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        under = background.monochrome.r  # one background a line
        return [
            Segment(text, readable_style(style, under) if style is not None else None, None)
            for text, style, _ in segments
        ]


READABLE = ReadableMonochrome()


def readable_filters(filters: Sequence[LineFilter]) -> list[LineFilter]:
    """The app's line filters with Textual's Monochrome (NO_COLOR) made readable."""
    return [READABLE if type(line_filter) is Monochrome else line_filter for line_filter in filters]


__all__ = ["ReadableMonochrome", "readable_filters", "readable_style"]
