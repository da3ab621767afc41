"""The trade dialog of A Game of Thrones Catan: how many of each resource
to give and to get, to one player or to everyone, then offer.

Every field is reached with Tab (and Shift+Tab) and says how to change
it: the counts grid (arrows or hjkl move, + and - or a digit change a
count), the "To" field (Left and Right choose to whom; Down from the
grid's last row reaches it too), then the Offer and Cancel buttons. The
dialog asks the scene's trade desk (``rules.got_catan.scene.TradeDesk``)
whether the offer may be made, in the rules' words, and dismisses with the ``OfferTrade`` or None. The answers
and the offerer's pick are decisions of their own, made in the action
bar.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button

from castletui.rules.core import name_seats
from castletui.rules.got_catan import OfferTrade
from castletui.widgets.plain import Plain, plain

GIVE, GET = 0, 1


class TradeGrid(Widget, can_focus=True):
    """Give and get counts per resource."""

    DEFAULT_CSS = "TradeGrid { height: auto; width: 1fr; }"
    BINDINGS = [
        Binding("up,k", "move(0, -1)", "Up", show=False),
        Binding("down,j", "move(0, 1)", "Down", show=False),
        Binding("left,h", "move(-1, 0)", "Left", show=False),
        Binding("right,l", "move(1, 0)", "Right", show=False),
        Binding("plus,equals_sign,space", "change(1)", "More", show=False),
        Binding("minus", "change(-1)", "Fewer", show=False),
    ]
    HINT = "arrows move; + - or a digit sets"

    class Changed(Message):
        """The offer in the grid changed."""

    def __init__(self, hand: tuple[str, ...], resources: tuple[str, ...], **kwargs) -> None:
        super().__init__(**kwargs)
        self.hand, self.resources = hand, resources
        self.counts = {resource: [0, 0] for resource in resources}
        self.row = 0  # a resource
        self.column = GIVE

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        text.append(f"{'':10}{'hold':>5}{'give':>7}{'get':>7}\n", Style(dim=True))
        for index, resource in enumerate(self.resources):
            give, get = self.counts[resource]
            text.append(f"{resource:<10}{self.hand.count(resource):>5}  ")
            for column, count in ((GIVE, give), (GET, get)):
                mark = f"[{count:>2}]" if (self.row, self.column) == (index, column) else f" {count:>2} "
                style = Style(reverse=True, bold=True) if mark.startswith("[") and self.has_focus else None
                text.append(f" {mark} ", style if count or style else Style(dim=True))
            text.append("\n")
        text.append(self.HINT, Style(bold=self.has_focus, dim=not self.has_focus))
        return text

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, dx: int, dy: int) -> None:
        if dy:
            if self.row + dy >= len(self.resources):
                # Down past the last resource: on to the "To" field, as Tab goes.
                self.screen.focus_next()
                return
            self.row = max(0, self.row + dy)
        else:
            self.column = GET if dx > 0 else GIVE
        self.refresh()

    def action_change(self, by: int) -> None:
        resource = self.resources[self.row]
        counts = self.counts[resource]
        counts[self.column] = max(0, min(counts[self.column] + by, 19))
        if counts[self.column]:
            counts[1 - self.column] = 0  # never give and get the same resource
        self.refresh()
        self.post_message(self.Changed())

    def on_key(self, event) -> None:
        if event.character and event.character.isdigit():
            resource = self.resources[self.row]
            self.counts[resource][self.column] = 0
            self.action_change(int(event.character))
            event.stop()

    def set_count(self, resource: str, give: int = 0, get: int = 0) -> None:
        self.counts[resource] = [give, get]
        self.refresh()
        self.post_message(self.Changed())

    def offer(self) -> OfferTrade:
        give = [resource for resource in self.resources for _ in range(self.counts[resource][GIVE])]
        get = [resource for resource in self.resources for _ in range(self.counts[resource][GET])]
        return OfferTrade.of(give, get, -1)


class TradeTarget(Widget, can_focus=True):
    """To whom the offer goes: everyone, or one other player."""

    DEFAULT_CSS = "TradeTarget { height: auto; width: 1fr; }"
    BINDINGS = [
        Binding("left,h,minus", "turn(-1)", "Previous", show=False),
        Binding("right,l,plus,equals_sign,space", "turn(1)", "Next", show=False),
        Binding("up,k", "app.focus_previous", "Counts", show=False),
        Binding("down,j", "app.focus_next", "Buttons", show=False),
    ]
    HINT = "Left/Right: to whom"

    class Changed(Message):
        """Another player (or everyone) was chosen."""

    def __init__(self, targets: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.targets = targets  # "everyone", then the other players' names
        self.target = 0

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        text.append("To: ")
        chosen = Style(reverse=True, bold=True) if self.has_focus else Style(bold=True)
        text.append(f"< {self.targets[self.target]} >", chosen)
        text.append(f"  {self.HINT}", Style(bold=self.has_focus, dim=not self.has_focus))
        return text

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_turn(self, step: int) -> None:
        self.target = (self.target + step) % len(self.targets)
        self.refresh()
        self.post_message(self.Changed())


class TradeDialog(ModalScreen[OfferTrade | None]):
    """Build an offer to the other players; dismisses with it, or None."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        # Not a priority key: on the Cancel button Enter cancels.
        Binding("enter", "offer", "Offer"),
    ]
    CSS = """
    TradeDialog .trade-dialog { width: 46; }
    TradeDialog #trade-status { height: auto; }
    TradeDialog .dialog-question { margin-bottom: 0; }
    TradeDialog .dialog-help { color: $text-muted; height: auto; }
    """

    def __init__(self, desk: Any, names: list[str]) -> None:
        """``desk``: the scene's trade desk (rules/got_catan/scene.py)."""
        super().__init__()
        self.desk, self.seat, self.names = desk, desk.seat, names
        self.others = [other for other in range(len(names)) if other != self.seat]

    def compose(self) -> ComposeResult:
        desk = self.desk
        targets = ["everyone"] + [self.names[other] for other in self.others]
        with Vertical(classes="dialog trade-dialog"):
            yield Plain(f"{self.names[self.seat]}, offer a trade", classes="dialog-question")
            yield Plain("Tab: next field; Enter offers; Esc cancels", classes="dialog-help")
            yield TradeGrid(desk.hand, desk.resources, id="trade-grid")
            yield TradeTarget(targets, id="trade-to")
            yield Plain("", id="trade-status")
            with Horizontal(classes="dialog-buttons"):
                yield Button(plain("Offer"), variant="primary", id="offer")
                yield Button(plain("Cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one(TradeGrid).focus()
        self.show_status()

    def current(self) -> OfferTrade:
        offer = self.query_one(TradeGrid).offer()
        target = self.query_one(TradeTarget).target
        to = -1 if target == 0 else self.others[target - 1]
        return OfferTrade(offer.give, offer.get, to)

    def show_status(self) -> None:
        offer = self.current()
        reason = self.desk.refusal(offer)
        text = reason or self.desk.words(offer) + "?"
        self.query_one("#trade-status", Plain).update(name_seats(text, self.names))
        self.query_one("#offer", Button).disabled = bool(reason)

    @on(TradeGrid.Changed)
    @on(TradeTarget.Changed)
    def grid_changed(self) -> None:
        self.show_status()

    @on(Button.Pressed, "#offer")
    def action_offer(self) -> None:
        if not self.desk.refusal(self.current()):
            self.dismiss(self.current())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
