"""The Footer of every screen: its keys shown and hidden in place, and one
rule for screens with many keys: below 100 columns it leaves out the
command palette's hint (ctrl+p still opens it) and packs the keys one space
closer, so F1 Help stays in sight at 80x24. It shows its keys from the first
frame, also in a browser page that has not been clicked yet."""

from __future__ import annotations

from typing import NamedTuple

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

NARROW_BELOW = 100


class Key(NamedTuple):
    """A key as the Footer draws it: one FooterKey widget each."""

    key: str
    display: str
    description: str
    action: str


class Shown(NamedTuple):
    """One key of the Footer's row, and how it is drawn now."""

    key: Key
    enabled: bool
    tooltip: str


class SteadyFooter(Footer):
    """Textual's Footer, whose keys come and go in place.

    Textual's rebuilds itself (every key a new widget, mounted and styled
    anew, then laid out a frame later) whenever the screen's keys may have
    changed: each change of focus, a screen coming back from under a dialog,
    a refresh of the bindings. On a game screen that is every move, mostly
    to show the same keys again, or Back coming or going as a menu level
    opens; it cost an Enter on the map more than all of the game's own work.
    This one keeps a widget for every key it has shown on this screen and
    only hides, shows, greys or ungreys them, in the same frame as the
    change that caused it; it rebuilds only for a key it has never shown."""

    _shown: tuple | None = None
    _known: tuple[Key, ...] = ()  # a FooterKey each, in the row's order (some hidden)
    _row: tuple[Shown, ...] | None = ()  # the keys to show now, in order (None: grouped keys)
    _rebuild_due = False  # a recompose is queued
    _palette_shown: bool | None = None  # whether the last rebuild drew the command palette's key
    fitted_early = False  # fit as its screen composed it (fit_footer): its first keys need not wait

    def bindings_changed(self, screen: Screen) -> None:
        """Textual's Footer draws no keys while the app lacks focus, and in a
        browser (``castletui serve``) the page starts without it: the Footer
        stayed empty until the first click. This one draws the keys it has
        never drawn even then; afterwards it keeps Textual's rule (the keys
        as they were while the page is in the background)."""
        current = self.is_attached and screen is self.screen
        if current and (screen.app.app_focus or self._shown is None):
            shown = self._keys_shown(screen)
            self._bindings_ready = True
            same_palette = self._palette_shown == self.show_command_palette
            if shown != self._shown or not same_palette:
                self._shown = shown
                row = self._row_of(screen)
                if not self._rebuild_due and row is not None and same_palette and self._show_in_place(row):
                    return
                self._row = row
                if not self._rebuild_due:  # one rebuild, with the keys as they are by then
                    self._rebuild_due = True
                    if self.fitted_early and not self._known:
                        # Its first keys at once: in the screen's first frame, laid out with it.
                        self.call_next(self.recompose)
                    else:
                        self.call_after_refresh(self.recompose)
            return
        super().bindings_changed(screen)

    def _keys_shown(self, screen: Screen) -> tuple:
        """Everything of the screen's keys that the Footer draws."""
        display = screen.app.get_key_display
        # (Compact or not, the keys follow by themselves: each FooterKey is bound to it.)
        return tuple(
            (
                binding.key,
                display(binding),
                binding.description,
                binding.action,
                binding.group,
                enabled,
                tooltip,
            )
            for _, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show
        )

    def _row_of(self, screen: Screen) -> tuple[Shown, ...] | None:
        """The keys the row shows, one per action as Textual's Footer does;
        None when a key belongs to a group (Textual's own layout then)."""
        row: dict[str, Shown] = {}
        for _, binding, enabled, tooltip in screen.active_bindings.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            key = Key(binding.key, screen.app.get_key_display(binding), binding.description, binding.action)
            row.setdefault(binding.action, Shown(key, enabled, tooltip))
        return tuple(row.values())

    def _show_in_place(self, row: tuple[Shown, ...]) -> bool:
        """Show ``row`` with the FooterKeys there are; False when one is missing
        or they stand in another order."""
        widgets = {widget.key_of: widget for widget in self.query_children(KnownKey)}
        wanted = tuple(shown.key for shown in row)
        if any(key not in widgets for key in wanted) or not in_order(wanted, self._known):
            return False
        self._row = row
        by_key = {shown.key: shown for shown in row}
        for key, widget in widgets.items():
            shown = by_key.get(key)
            widget.display = shown is not None
            if shown is not None:
                widget.show_enabled(shown.enabled, shown.tooltip)
        return True

    def compose(self) -> ComposeResult:
        """Textual's keys, with a hidden FooterKey kept for each key shown
        before on this screen (so it can come back in place)."""
        self._rebuild_due = False
        if not self._bindings_ready:
            return
        self._palette_shown = self.show_command_palette
        if self._row is None:
            yield from super().compose()  # grouped keys: Textual's own row
            return
        self._known = merged(self._known, tuple(shown.key for shown in self._row))
        by_key = {shown.key: shown for shown in self._row}
        for key in self._known:
            shown = by_key.get(key)
            widget = KnownKey(
                key, enabled=shown.enabled if shown else True, tooltip=shown.tooltip if shown else ""
            )
            widget.display = shown is not None
            yield widget.data_bind(compact=Footer.compact)
        yield from self._command_palette_key()

    def _command_palette_key(self) -> ComposeResult:
        if not (self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE):
            return
        entry = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if entry is None:
            return
        _node, binding, enabled, _tooltip = entry
        yield FooterKey(
            binding.key,
            self.app.get_key_display(binding),
            binding.description,
            binding.action,
            classes="-command-palette",
            disabled=not enabled,
            tooltip=binding.tooltip or binding.description,
        )


class KnownKey(FooterKey):
    """A FooterKey that knows which key it draws, and greys in place."""

    def __init__(self, key: Key, *, enabled: bool, tooltip: str) -> None:
        super().__init__(*key, disabled=not enabled, tooltip=tooltip)
        self.key_of = key

    def show_enabled(self, enabled: bool, tooltip: str) -> None:
        self._disabled = not enabled
        self.set_class(not enabled, "-disabled")
        if tooltip != (self.tooltip or ""):
            self.tooltip = tooltip or None


def merged(known: tuple[Key, ...], wanted: tuple[Key, ...]) -> tuple[Key, ...]:
    """``known`` with the keys of ``wanted`` it lacks, each after the key that
    comes before it in ``wanted``; ``wanted`` first when the two disagree on
    an order (the rest, hidden, after it)."""
    order = list(known)
    for n, key in enumerate(wanted):
        if key in order:
            continue
        before = next((k for k in reversed(wanted[:n]) if k in order), None)
        order.insert(order.index(before) + 1 if before is not None else 0, key)
    if not in_order(wanted, order):
        return wanted + tuple(key for key in known if key not in wanted)
    return tuple(order)


def in_order(keys: tuple[Key, ...], order: tuple[Key, ...] | list[Key]) -> bool:
    """Whether ``keys``, all of them in ``order``, stand in that order."""
    place = {key: n for n, key in enumerate(order)}
    return all(place[a] < place[b] for a, b in zip(keys, keys[1:], strict=False))


def fit_footer(screen: Screen, footer: Footer | None = None) -> None:
    """The screen's Footer for the terminal's width; ``footer``: the one it
    is composing (fit before it builds its first keys, which then come in
    the screen's first frame)."""
    if footer is None:
        footer = screen.query_one(Footer)
    elif isinstance(footer, SteadyFooter):
        footer.fitted_early = True
    narrow = screen.app.size.width < NARROW_BELOW
    footer.show_command_palette = not narrow
    footer.compact = narrow
