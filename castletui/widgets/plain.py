"""Text shown exactly as it is written. castletui never uses Textual's
markup: its screens quote players' names and files, and a name like
``[Team A]`` or ``[/]`` is a name, not a style (it once vanished, or
crashed the app). Every text widget of castletui is one of these."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Label, Static


class Plain(Static):
    """A Static whose text is never read as markup."""

    def __init__(self, content: object = "", **kwargs) -> None:
        super().__init__(content, markup=False, **kwargs)  # type: ignore[arg-type]
        self.shown: object = content  # what the widget shows now

    def show_text(self, content: object, same_height: bool = False) -> None:
        """Redraw only when ``content`` differs from what is shown (a game
        screen redraws its lines after every key); ``same_height``: the
        widget's height cannot change (a line of fixed height), so the
        screen is not laid out again."""
        if content == self.shown:
            return
        self.shown = content
        self.update(content, layout=not same_height)  # type: ignore[arg-type]

    def keep_content(self, content: object) -> None:
        """What ``update`` keeps (the content, its visual made when next
        asked for), without its repaint of the whole widget: for a widget
        that repaints the rows that changed itself."""
        self._Static__content = content  # type: ignore[attr-defined]
        self._Static__visual = None  # type: ignore[attr-defined]


class PlainLabel(Label):
    """A Label whose text is never read as markup."""

    def __init__(self, content: object = "", **kwargs) -> None:
        super().__init__(content, markup=False, **kwargs)  # type: ignore[arg-type]


def plain(text: str) -> Content:
    """``text`` for a Button or any widget that takes a Content: as it is."""
    return Content(text)
