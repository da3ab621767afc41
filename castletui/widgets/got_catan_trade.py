"""The trade dialog of A Game of Thrones Catan: how many of each resource
to give and to get, to one player or to everyone, then offer.

One small grid widget holds the counts (arrows or hjkl move, + and - or a
digit change a count, left and right on the last row choose to whom); the
dialog asks the rules whether the offer may be made (``refusal``, in their
words) and dismisses with the ``OfferTrade`` or None. The answers and the
offerer's pick are decisions of their own, made in the action bar.
"""

from __future__ import annotations

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

from castletui.driver import SeatView
from castletui.rules import got_catan as game
from castletui.rules.core import name_seats
from castletui.rules.got_catan import RESOURCES, OfferTrade
from castletui.widgets.plain import Plain, plain

GIVE, GET = 0, 1


class TradeGrid(Widget, can_focus=True):
    """Give and get counts per resource, and to whom."""

    DEFAULT_CSS = "TradeGrid { height: auto; width: 1fr; }"
    BINDINGS = [
        Binding("up,k", "move(0, -1)", "Up", show=False),
        Binding("down,j", "move(0, 1)", "Down", show=False),
        Binding("left,h", "move(-1, 0)", "Left", show=False),
        Binding("right,l", "move(1, 0)", "Right", show=False),
        Binding("plus,equals_sign,space", "change(1)", "More", show=False),
        Binding("minus", "change(-1)", "Fewer", show=False),
    ]

    class Changed(Message):
        """The offer in the grid changed."""

    def __init__(self, hand: tuple[str, ...], targets: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.hand = hand
        self.targets = targets  # "everyone", then the other players' names
        self.counts = {resource: [0, 0] for resource in RESOURCES}
        self.row = 0  # a resource, or len(RESOURCES): the "to" row
        self.column = GIVE
        self.target = 0

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        text.append(f"{'':10}{'hold':>5}{'give':>7}{'get':>7}\n", Style(dim=True))
        for index, resource in enumerate(RESOURCES):
            give, get = self.counts[resource]
            text.append(f"{resource:<10}{self.hand.count(resource):>5}  ")
            for column, count in ((GIVE, give), (GET, get)):
                mark = f"[{count:>2}]" if (self.row, self.column) == (index, column) else f" {count:>2} "
                style = Style(reverse=True, bold=True) if mark.startswith("[") and self.has_focus else None
                text.append(f" {mark} ", style if count or style else Style(dim=True))
            text.append("\n")
        to = f"< {self.targets[self.target]} >"
        text.append("To: ")
        chosen = self.row == len(RESOURCES)
        text.append(to, Style(reverse=True, bold=True) if chosen and self.has_focus else Style(bold=True))
        return text

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, dx: int, dy: int) -> None:
        if dy:
            self.row = (self.row + dy) % (len(RESOURCES) + 1)
        elif self.row == len(RESOURCES):
            self.target = (self.target + dx) % len(self.targets)
            self.post_message(self.Changed())
        else:
            self.column = GET if dx > 0 else GIVE
        self.refresh()

    def action_change(self, by: int) -> None:
        if self.row == len(RESOURCES):
            self.action_move(by, 0)
            return
        resource = RESOURCES[self.row]
        counts = self.counts[resource]
        counts[self.column] = max(0, min(counts[self.column] + by, 19))
        if counts[self.column]:
            counts[1 - self.column] = 0  # never give and get the same resource
        self.refresh()
        self.post_message(self.Changed())

    def on_key(self, event) -> None:
        if event.character and event.character.isdigit() and self.row < len(RESOURCES):
            resource = RESOURCES[self.row]
            self.counts[resource][self.column] = 0
            self.action_change(int(event.character))
            event.stop()

    def set_count(self, resource: str, give: int = 0, get: int = 0) -> None:
        self.counts[resource] = [give, get]
        self.refresh()
        self.post_message(self.Changed())

    def offer(self) -> OfferTrade:
        give = [resource for resource in RESOURCES for _ in range(self.counts[resource][GIVE])]
        get = [resource for resource in RESOURCES for _ in range(self.counts[resource][GET])]
        return OfferTrade.of(give, get, -1)


class TradeDialog(ModalScreen[OfferTrade | None]):
    """Build an offer to the other players; dismisses with it, or None."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "offer", "Offer", priority=True),
    ]
    CSS = """
    TradeDialog .trade-dialog { width: 46; }
    TradeDialog #trade-status { height: auto; }
    TradeDialog .dialog-question { margin-bottom: 0; }
    TradeDialog .dialog-help { color: $text-muted; height: auto; }
    """

    def __init__(self, state: SeatView, seat: int, names: list[str]) -> None:
        super().__init__()
        self.state, self.seat, self.names = state, seat, names
        self.others = [other for other in range(len(names)) if other != seat]

    def compose(self) -> ComposeResult:
        hand = self.state.players[self.seat].hand
        targets = ["everyone"] + [self.names[other] for other in self.others]
        with Vertical(classes="dialog trade-dialog"):
            yield Plain(f"{self.names[self.seat]}, offer a trade", classes="dialog-question")
            yield Plain("arrows, + - or digits; Enter offers", classes="dialog-help")
            yield TradeGrid(hand, targets, id="trade-grid")
            yield Plain("", id="trade-status")
            with Horizontal(classes="dialog-buttons"):
                yield Button(plain("Offer"), variant="primary", id="offer")
                yield Button(plain("Cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one(TradeGrid).focus()
        self.show_status()

    def current(self) -> OfferTrade:
        grid = self.query_one(TradeGrid)
        offer = grid.offer()
        to = -1 if grid.target == 0 else self.others[grid.target - 1]
        return OfferTrade(offer.give, offer.get, to)

    def show_status(self) -> None:
        offer = self.current()
        reason = game.refusal(self.state, offer)
        text = reason or game.label(self.state, offer) + "?"
        self.query_one("#trade-status", Plain).update(name_seats(text, self.names))
        self.query_one("#offer", Button).disabled = bool(reason)

    @on(TradeGrid.Changed)
    def grid_changed(self) -> None:
        self.show_status()

    @on(Button.Pressed, "#offer")
    def action_offer(self) -> None:
        if not game.refusal(self.state, self.current()):
            self.dismiss(self.current())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
