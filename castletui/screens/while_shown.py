"""A screen's deferred work runs only while the screen is still in the app.

Textual runs a ``call_after_refresh`` callback on whichever screen is on
top when the app next idles, and a ``call_later`` one when the screen's
queue gets to it. A screen taken off the stack meanwhile (the game screen
under a replay whose Play on opens another game) would then query widgets
already removed: issue #43 ended the app that way. Mixed into a screen,
every method of its own it defers, and every timer it sets one for, first
asks whether the screen is still on the app's stack, and does nothing once
it is not.
A screen covered by another (a dialog, a replay) is still on the stack:
its callbacks run, as Textual's would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class WhileShown:
    """Mixed into a Screen, before it: deferred callbacks and timers skip a screen that is gone."""

    @property
    def on_the_stack(self) -> bool:
        """Whether the screen is still one of the app's (shown, or under another)."""
        if not self.is_attached:
            return False
        return any(screen is self for screen in self.app.screen_stack)

    def while_on_the_stack(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        """``callback``, run only if the screen is still on the stack when it
        is called: the screen's own methods only. Textual defers its own work
        through these calls too (a Pilot waits for a callback every widget
        runs): that must run whatever becomes of the screen."""
        if getattr(callback, "__self__", None) is not self:
            return callback

        def guarded(*args: Any, **kwargs: Any) -> Any:
            if self.on_the_stack:
                return callback(*args, **kwargs)
            return None

        return guarded

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        return super().call_after_refresh(self.while_on_the_stack(callback), *args, **kwargs)

    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        return super().call_later(self.while_on_the_stack(callback), *args, **kwargs)

    def call_next(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        super().call_next(self.while_on_the_stack(callback), *args, **kwargs)

    def set_timer(self, delay: float, callback: Callable[..., Any] | None = None, **options: Any):
        guarded = self.while_on_the_stack(callback) if callback is not None else None
        return super().set_timer(delay, guarded, **options)

    def set_interval(self, interval: float, callback: Callable[..., Any] | None = None, **options: Any):
        guarded = self.while_on_the_stack(callback) if callback is not None else None
        return super().set_interval(interval, guarded, **options)
