"""The lobby's "Notify me" dialog (m, over castletui host): what the host
sends you when a table waits for your move and you are not connected:
nothing, a message each turn, or a daily digest, to a webhook URL (and a
mail address, where the host allows mail). It writes your account's
``notify.toml`` (castletui/notify_me.py); the host does the sending
(castletui/host/notify.py)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, RadioButton, RadioSet

from castletui import notify_me
from castletui.notify_me import HOW, NotifyMe
from castletui.widgets.footer import SteadyFooter
from castletui.widgets.plain import Plain

CHOICES = {
    "off": "Off",
    "turn": "Each turn: a message when a table comes to wait for me",
    "digest": "A daily digest of the tables waiting for me",
}


class NotifyScreen(ModalScreen[bool]):
    """Dismisses with True once saved, False when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "save", "Save")]
    DEFAULT_CSS = """
    NotifyScreen RadioSet { width: 100%; margin-bottom: 1; }
    NotifyScreen #notify-problem { height: auto; color: $error; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.choice, self.problem = notify_me.load()
        self.kinds = notify_me.offered()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Plain(
                "Notify me when a table waits for my move and I am not connected", classes="dialog-question"
            )
            with RadioSet(id="notify-how"):
                for how in HOW:
                    yield RadioButton(CHOICES[how], value=how == self.choice.how, id=f"notify-{how}")
            if "webhook" in self.kinds:
                yield Input(
                    self.choice.webhook, placeholder="https://... (a webhook URL)", id="notify-webhook"
                )
            if "mail" in self.kinds:
                yield Input(self.choice.mail, placeholder="a mail address", id="notify-mail")
            yield Plain(self.problem, id="notify-problem")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")
        # Its own footer, over the lobby's: the lobby's keys (n, s, m...) do nothing here.
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one(RadioSet).focus()

    def chosen(self) -> NotifyMe:
        pressed = self.query_one(RadioSet).pressed_button
        how = (pressed.id or "notify-off").removeprefix("notify-") if pressed is not None else "off"
        webhook = self._value("#notify-webhook", self.choice.webhook)
        mail = self._value("#notify-mail", self.choice.mail)
        return NotifyMe(how, webhook, mail)

    def _value(self, selector: str, kept: str) -> str:
        found = self.query(selector)
        return found.first(Input).value.strip() if found else kept

    @on(Input.Submitted)
    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        problem = notify_me.save(self.chosen())
        if problem:
            self.query_one("#notify-problem", Plain).update(problem)
            return
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)
