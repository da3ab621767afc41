"""The help overlay (? and F1): the keys of the screen underneath, read from
its live bindings, and what the screen is for."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen

from castletui.widgets.plain import Plain

KEY_NAMES = {"question_mark": "?", "escape": "Esc", "enter": "Enter", "space": "Space"}


def key_text(key: str) -> str:
    """ "ctrl+s,f1" -> "Ctrl+s/F1": keys as people write them."""
    parts = []
    for part in key.split(","):
        part = KEY_NAMES.get(part, part).replace("ctrl+", "Ctrl+")
        parts.append(part.upper() if re.fullmatch(r"f\d+", part) else part)
    return "/".join(parts)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,question_mark,q", "close", "Close")]

    def __init__(self, screen: Screen) -> None:
        super().__init__()
        self.under = screen

    def compose(self) -> ComposeResult:
        rows: list[str] = []
        seen: set[str] = set()
        # The screen's own keys the Footer has no room for (show=False) are listed too.
        own = {
            getattr(binding, "action", None)
            for cls in type(self.under).__mro__
            if cls.__module__.startswith("castletui")
            for binding in cls.__dict__.get("BINDINGS", ())
        }
        for key, active in self.under.active_bindings.items():
            binding = active.binding
            # Widgets' own keys (list navigation...) are summed up in one line below;
            # the screen's keys the Footer has no room for (show=False) are listed here.
            if (
                binding.action in seen
                or not binding.description
                or not (binding.show or binding.action in own)
            ):
                continue
            seen.add(binding.action)
            keys = binding.key_display or key_text(key)
            rows.append(f"  {keys:<14} {binding.description or binding.action}")
        text = getattr(self.under, "HELP", "") or ""
        with Vertical(classes="dialog help-dialog"):
            yield Plain("Help", classes="dialog-question")
            with VerticalScroll():
                if text:
                    yield Plain(text, classes="dialog-message")
                yield Plain("Keys", classes="subtitle")
                rows.append(f"  {'Arrows, Enter':<14} move and choose in lists and on boards")
                rows.append(f"  {'Tab':<14} next field or panel")
                yield Plain("\n".join(rows), classes="keys")
                yield Plain(
                    "Everywhere: F1 or ? help, Ctrl+P command palette, Ctrl+Q quit. The game is saved "
                    "after every move.",
                    classes="help",
                )

    def action_close(self) -> None:
        self.dismiss(None)
