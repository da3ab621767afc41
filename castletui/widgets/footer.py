"""The Footer of every screen: one widget that draws the screen's keys as
Textual's Footer does, and one rule for screens with many keys: below 100
columns it leaves out the command palette's hint (ctrl+p still opens it)
and packs the keys one space closer, so F1 Help stays in sight at 80x24.
It shows its keys from the screen's first frame, also in a browser page
that has not been clicked yet."""

from __future__ import annotations

from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.color import Color
from textual.content import Content
from textual.css.styles import StylesBase
from textual.geometry import Region
from textual.reactive import reactive
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style as CellStyle
from textual.visual import RenderOptions
from textual.widget import Widget

from castletui.textual_private import get_box, style_getter
from castletui.widgets.header import filtered

NARROW_BELOW = 100
ONE_LINE = {"text_wrap": "nowrap"}
"""FooterKey's rule: its text on one line."""


class Key(NamedTuple):
    """One key of the row, as it is drawn now."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool
    tooltip: str


class Row(NamedTuple):
    """The screen's keys the Footer draws, and the command palette's key
    (drawn on the right unless the Footer is fitted narrow)."""

    keys: tuple[Key, ...]
    palette: Key | None


class Place(NamedTuple):
    """Where a key stands in the drawn row (columns ``start`` to ``end``)."""

    start: int
    end: int
    key: Key


class SteadyFooter(Widget, can_focus=False):
    """The screen's keys in one widget, drawn cell for cell as Textual's
    Footer draws its FooterKeys.

    Textual's Footer is a widget per key (each mounted, styled and laid out,
    and all built again whenever the screen's keys may have changed: each
    change of focus, a screen coming back from under a dialog, every move on
    a game screen). This one only draws: a change of keys is a new row drawn
    in the same frame, with nothing mounted or laid out. Key bindings with a
    ``group`` (which castletui does not use) are drawn as keys of their own."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "footer-key",
        "footer-key--hover",
        "footer-key--disabled",
        "footer-key--palette",
        "footer-key--key",
        "footer-key--description",
        "footer-key--key--compact",
        "footer-key--description--compact",
    }
    # Textual's Footer and FooterKey rules, the key's own ones as components
    # ("footer-key" stands for a FooterKey widget).
    DEFAULT_CSS = """
    SteadyFooter {
        dock: bottom;
        width: 100%;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: clip;
        .footer-key {
            background: $footer-item-background;
        }
        .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        .footer-key--disabled {
            text-style: dim;
        }
        .footer-key--palette {
            padding-right: 1;
            border-left: vkey $foreground 20%;
        }
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
            padding: 0 1;
        }
        .footer-key--description {
            padding: 0 1 0 0;
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--key--compact {
            padding: 0;
        }
        .footer-key--description--compact {
            padding: 0 0 0 1;
        }
        &.-compact {
            .footer-key--key {
                padding: 0;
            }
            .footer-key--description {
                padding: 0 0 0 1;
            }
            .footer-key--palette {
                padding-right: 0;
            }
        }
    }
    """

    compact = reactive(False, toggle_class="-compact")
    """Textual's compact Footer: no padding in a key, one space between keys."""
    show_command_palette = reactive(True)
    """The command palette's key on the right."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.row: Row | None = None  # None: nothing drawn yet (as Textual's, until the keys are known)
        self.places: tuple[Place, ...] = ()  # where the last drawn row put each key
        self._hovered: Key | None = None
        self._drawn: tuple[tuple, Strip] | None = None  # the row as last drawn, and what it showed
        self._keys_drawn: dict[tuple, list[Segment]] = {}
        self._chain_start: tuple[Color, Color, Style, float] | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's keys, drawn in the frame that shows the change.

        Textual's Footer draws no keys while the app lacks focus, and in a
        browser (``castletui serve``) the page starts without it: its keys
        stayed out until the first click. This one draws its first keys even
        then; afterwards it keeps Textual's rule (the keys as they were while
        the page is in the background)."""
        if not (self.is_attached and screen is self.screen):
            return
        if self.row is not None and not screen.app.app_focus:
            return
        row = row_of(screen)
        if row != self.row:
            self.row = row
            self.refresh()

    def keys_shown(self) -> list[Key]:
        """The keys the row shows now, in order (the command palette's last)."""
        return [place.key for place in self.places]

    # --- drawing -------------------------------------------------------------

    def _watch_show_command_palette(self) -> None:
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The row, cell for cell (and segment for segment, so screenshots
        stay the same) as Textual draws a Footer of FooterKeys: the keys
        from the left, each followed by a space when compact, cut where the
        command palette's key (docked right) begins."""
        width = self.size.width
        background = self.background_colors[1]
        palette_shown = self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE
        drawing = (self.row, self._hovered, self.compact, palette_shown, width, background)
        if self._drawn is None or self._drawn[0] != drawing:
            self._chain_start = None  # the ancestors' styles, read again for this drawing
            self._drawn = (drawing, self._drawn_line(width, background, palette_shown))
        line = self._drawn[1]
        return [line.crop(crop.x, crop.right)] * crop.height

    def notify_style_update(self) -> None:
        super().notify_style_update()
        # A theme, a class (-compact), a hover: the styles may be others now.
        self._drawn = None
        self._keys_drawn.clear()
        self._chain_start = None

    def _drawn_line(self, width: int, background: Color, palette_shown: bool) -> Strip:
        blank = self._filtered([Segment(" ", Style.from_color(bgcolor=background.rich_color))], background)[0]
        row = self.row
        places: list[Place] = []
        segments: list[Segment] = []
        right: list[Segment] = []
        room = width
        if row is not None:
            palette = row.palette if palette_shown else None
            if palette is not None:
                right = self._palette_segments(palette, blank)
                room = max(0, width - Segment.get_line_length(right))
            at = 0
            for key in row.keys:
                if at >= room:
                    break
                drawn = self._key_segments(key)
                length = Segment.get_line_length(drawn)
                places.append(Place(at, min(at + length, room), key))
                segments += drawn
                at += length
                if self.compact:  # a compact Footer's keys have a margin of one
                    segments.append(blank)
                    at += 1
            if palette is not None:
                places.append(Place(room, width, palette))
        self.places = tuple(places)
        return Strip.join([Strip(segments).crop_extend(0, room, blank.style), Strip(right)])

    def _key_segments(self, key: Key, palette: bool = False) -> list[Segment]:
        """FooterKey.render's text for ``key``, drawn as Textual draws it
        (each key once, until the styles change: most changes of the row
        are one key come, gone or greyed)."""
        known = (key, key == self._hovered, palette)
        drawn = self._keys_drawn.get(known)
        if drawn is None:
            drawn = self._keys_drawn[known] = self._key_drawn(key, self._item_styles(key, palette), palette)
        return drawn

    def _key_drawn(self, key: Key, item: StylesBase, palette: bool) -> list[Segment]:
        item_style = self._chained(item)
        key_part = self._part_styles("footer-key--key", palette)
        description_part = self._part_styles("footer-key--description", palette)
        key_padding = key_part.padding
        description_padding = description_part.padding
        key_style = self._chained(item, key_part)
        if key.description:
            text = Text.assemble(
                (" " * key_padding.left + key.display + " " * key_padding.right, key_style),
                (
                    " " * description_padding.left + key.description + " " * description_padding.right,
                    self._chained(item, description_part),
                ),
            )
        else:
            text = Text.assemble((key.display, key_style))
        text.stylize_before(item_style)
        content = Content.from_rich_text(text, console=self.app.console)
        options = RenderOptions(style_getter(self), ONE_LINE)
        style = CellStyle.from_rich_style(item_style)
        segments = list(content.render_strips(text.cell_len, 1, style, options)[0])
        if palette:
            return segments  # filtered with its border and padding
        return self._filtered(segments, self.background_colors[1] + self._background(item))

    def _part_styles(self, name: str, palette: bool) -> StylesBase:
        # The palette's FooterKey is not bound to the Footer's compact: it is always compact inside.
        if palette and not self.compact:
            return self.get_component_styles(name, name + "--compact")
        return self.get_component_styles(name)

    def _palette_segments(self, key: Key, blank: Segment) -> list[Segment]:
        """The command palette's FooterKey: its left border, text, and its
        padding (or, compact, its margin)."""
        item = self._item_styles(key, palette=True)
        _, border_color = item.border_left
        base = self.background_colors[1]  # the Footer's background, under the key
        background = base + self._background(item)
        inner = CellStyle(background=background)
        border = get_box("vkey", inner, CellStyle(background=base), CellStyle(foreground=base + border_color))
        segments = [border[1][0], *self._key_segments(key, palette=True)]
        if not self.compact and item.padding.right:
            segments.append(Segment(" " * item.padding.right, inner.rich_style))
        segments = self._filtered(segments, background)
        if self.compact:
            segments.append(blank)  # its margin
        return segments

    def _filtered(self, segments: list[Segment], background: Color) -> list[Segment]:
        """A part of the row through the app's line filters (``filtered``)."""
        return list(filtered(self, Strip(segments), background))

    def _item_styles(self, key: Key, palette: bool = False) -> StylesBase:
        """The styles a FooterKey for ``key`` would have (hovered, greyed)."""
        names = ["footer-key"]
        if key == self._hovered:
            names.append("footer-key--hover")
        if not key.enabled:
            names.append("footer-key--disabled")
        if palette:
            names.append("footer-key--palette")
        return self.get_component_styles(*names)

    def _background(self, item: StylesBase) -> Color:
        return (
            item.background.tint(item.background_tint) if item.has_rule("background") else Color(0, 0, 0, 0)
        )

    def _chained(self, *below: StylesBase) -> Style:
        """DOMNode.rich_style for nodes below this widget: its own and its
        ancestors' styles, then ``below`` as if each were a child of the one
        before (a FooterKey, then one of its components)."""
        if self._chain_start is None:
            self._chain_start = chain_through(
                [node.styles for node in reversed(self.ancestors_with_self)],
                (Color(0, 0, 0, 0), Color(255, 255, 255, 0), Style(), 1.0),
            )
        background, color, style, _opacity = chain_through(below, self._chain_start)
        return style + Style.from_color(
            (background + color).rich_color if (background.a or color.a) else None,
            background.rich_color if background.a else None,
        )

    # --- the mouse -------------------------------------------------------------

    def key_at(self, x: int) -> Key | None:
        """The key drawn at column ``x``."""
        return next((place.key for place in self.places if place.start <= x < place.end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self.key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._hover(None)

    def _hover(self, key: Key | None) -> None:
        if key == self._hovered:
            return
        self._hovered = key
        self.styles.pointer = "pointer" if key is not None else "default"
        self.tooltip = (key.tooltip or None) if key is not None else None
        self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """What a click on a FooterKey does: the key pressed, or a bell if it is off."""
        key = self.key_at(event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()


def chain_through(
    chain: list[StylesBase] | tuple[StylesBase, ...], start: tuple[Color, Color, Style, float]
) -> tuple[Color, Color, Style, float]:
    """DOMNode.rich_style's walk down ``chain`` from ``start`` (background,
    colour, text style and opacity above it)."""
    background, color, style, opacity = start
    for styles in chain:
        has_rule = styles.has_rule
        opacity *= styles.opacity
        if has_rule("background"):
            text_background = background + styles.background.tint(styles.background_tint)
            background += styles.background.tint(styles.background_tint).multiply_alpha(opacity)
        else:
            text_background = background
        if has_rule("color"):
            color = styles.color
        style += styles.text_style
        if has_rule("auto_color") and styles.auto_color:
            color = text_background.get_contrast_text(color.a)
    return background, color, style, opacity


def row_of(screen: Screen) -> Row:
    """The screen's keys as Textual's Footer shows them: those with show,
    one per action (its first key), in the screen's order."""
    display = screen.app.get_key_display
    keys: dict[str, Key] = {}
    active = screen.active_bindings
    for _, binding, enabled, tooltip in active.values():
        if binding.show and binding.action not in keys:
            keys[binding.action] = Key(
                binding.key, display(binding), binding.description, binding.action, enabled, tooltip
            )
    palette = None
    entry = active.get(screen.app.COMMAND_PALETTE_BINDING)
    if entry is not None:
        _, binding, enabled, _tooltip = entry
        palette = Key(
            binding.key,
            display(binding),
            binding.description,
            binding.action,
            enabled,
            binding.tooltip or binding.description,
        )
    return Row(tuple(keys.values()), palette)


def fit_footer(screen: Screen, footer: SteadyFooter | None = None) -> None:
    """The screen's Footer for the terminal's width; ``footer``: the one it
    is composing (the first frame then draws it fitted)."""
    if footer is None:
        footer = screen.query_one(SteadyFooter)
    narrow = screen.app.size.width < NARROW_BELOW
    footer.show_command_palette = not narrow
    footer.compact = narrow
