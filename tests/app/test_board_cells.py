"""A board (and the players panel) turns its rows into cells itself
(TextCells._cells_maker), not through Textual's Content pipeline: the
cells must be the very ones that pipeline makes of the board's render,
styles, colours over the widget's
background and each cell's offset (the mouse and text selection read it)
alike, for every kind of row a board draws, and the pipeline must still
draw what the shortcut does not (a row wider than the board, a tab, a
link or a click's meta)."""

from __future__ import annotations

import pytest
from rich.style import Style
from rich.text import Span, Text
from textual.app import App
from textual.visual import Visual, visualize

from castletui.widgets import board as board_module
from castletui.widgets.board import SpotBoard
from castletui.widgets.panels import PlayersPanel, StraightRows

RED = Style(color="#ff0000", bold=True)
UNDER = Style(underline=True, color="#ffe066")
CURSOR = Style(reverse=True, bold=True, color="#ffe066")


class TextBoard(SpotBoard):
    DEFAULT_CSS = "TextBoard { width: 30; height: 8; background: #202830 60%; color: #c0c0c0; }"

    def __init__(self, text: Text, **kwargs) -> None:
        super().__init__(**kwargs)
        self.text = text

    def render(self) -> Text:
        return self.text


class OneBoard(App):
    def __init__(self, text: Text, **kwargs) -> None:
        super().__init__(**kwargs)
        self.text = text

    def compose(self):
        yield TextBoard(self.text)


def drawn_whole(board: SpotBoard) -> list:
    width, height = board.size
    return Visual.to_strips(board, visualize(board, board.render()), width, height, board.visual_style)


def spanned(plain: str, *spans: tuple[int, int, Style | str]) -> Text:
    return Text(plain, spans=[Span(*span) for span in spans])


ROWS = {
    "plain": Text("a plain row\n\nafter a blank one"),
    "runs": spanned("ab cd ef\n gh", (0, 2, RED), (3, 5, UNDER), (9, 12, CURSOR)),
    "overlapping": spanned("overlapping spans", (0, 10, RED), (4, 14, UNDER), (6, 8, CURSOR)),
    "touching, same style": spanned("abcdef", (0, 3, RED), (3, 6, RED), (2, 2, UNDER)),
    "named styles": spanned("bold and dim", (0, 4, "bold"), (9, 12, "dim reverse")),
    "whole-text style": Text("styled\nthroughout", style=UNDER),
    "trailing blanks": spanned("edge   \n   ", (0, 4, RED)),
    "wide characters": spanned("城 castle 城", (0, 1, RED), (9, 10, UNDER)),
    "as wide as the board": spanned("x" * 30 + "\n" + "y" * 29, (0, 30, RED)),
    "empty": Text(""),
}


@pytest.mark.parametrize("name", list(ROWS))
async def test_a_board_drawn_by_its_own_cells_is_drawn_as_textual_draws_it(name, monkeypatch):
    app = OneBoard(ROWS[name])
    async with app.run_test(size=(40, 10)) as pilot:
        board = app.query_one(TextBoard)
        await pilot.pause()
        piped: list = []
        real = board_module.visualize
        monkeypatch.setattr(board_module, "visualize", lambda *a: piped.append(1) or real(*a))
        board._rows = None  # drawn whole, by the shortcut
        board._draw()
        assert not piped
        assert board._rows == drawn_whole(board)
        # Row by row after a change: the rows changed, drawn alone, the same again.
        board.text = Text.assemble(("changed ", CURSOR), ROWS[name])
        board.redraw()
        assert board._rows == drawn_whole(board)
        # Back and forth (a cursor leaving a row and coming back): the rows' cells kept, the same.
        for text in (ROWS[name], Text.assemble(("changed ", CURSOR), ROWS[name]), ROWS[name]):
            board.text = text
            board.redraw()
            assert board._rows == drawn_whole(board)


@pytest.mark.parametrize(
    "text",
    [
        Text("rows\n" + "z" * 31 + "\nbelow"),  # wider than the board: Textual wraps it, the rows below move
        Text("a\ttab"),
        spanned("a link", (2, 6, Style(link="https://example.org"))),
        spanned("click", (0, 5, Style(meta={"@click": "app.bell"}))),
    ],
    ids=["too wide", "tab", "link", "click"],
)
async def test_what_the_shortcut_does_not_draw_textual_draws(text, monkeypatch):
    app = OneBoard(text)
    async with app.run_test(size=(40, 10)) as pilot:
        board = app.query_one(TextBoard)
        await pilot.pause()
        assert board._rows == drawn_whole(board)
        piped: list = []
        real = board_module.visualize
        monkeypatch.setattr(board_module, "visualize", lambda *a: piped.append(1) or real(*a))
        board.text = Text.assemble("2", text)
        board.redraw()
        assert piped, "the changed row went through Textual's pipeline"
        assert board._rows == drawn_whole(board)


async def test_the_cells_follow_the_widget_style_when_it_changes():
    app = OneBoard(ROWS["runs"])
    async with app.run_test(size=(40, 10)) as pilot:
        board = app.query_one(TextBoard)
        await pilot.pause()
        changed = Text.assemble(("x", RED), ROWS["runs"])
        for text in (changed, ROWS["runs"]):  # these rows' cells kept, in the first style
            board.text = text
            board.redraw()
        board.styles.background = "darkred"
        await pilot.pause()
        for text in (changed, ROWS["runs"]):
            board.text = text
            board.redraw()
            await pilot.pause()
            assert board._rows == drawn_whole(board)


class TwoBoards(App):
    CSS = "#styled:focus { background: darkred; }"

    def compose(self):
        yield TextBoard(Text("plain"), id="plain")
        yield TextBoard(Text("styled"), id="styled")


async def test_a_board_is_restyled_as_the_keys_come_and_go_only_when_a_rule_says_focus(monkeypatch):
    """Textual restyles a widget whenever it gains or loses the keys; a
    board no :focus rule can match skips that (the keys leave a board on
    most moves), and one that a rule styles still changes with the keys."""
    from textual.css.stylesheet import Stylesheet

    app = TwoBoards()
    async with app.run_test(size=(40, 20)) as pilot:
        plain, styled = app.query_one("#plain", TextBoard), app.query_one("#styled", TextBoard)
        await pilot.pause()
        restyled: list = []
        real = Stylesheet.update_nodes

        def update_nodes(self, nodes, animate=False):
            nodes = list(nodes)
            restyled.extend(nodes)
            return real(self, nodes, animate=animate)

        monkeypatch.setattr(Stylesheet, "update_nodes", update_nodes)
        background = plain.styles.background
        plain.focus()
        await pilot.pause()
        styled.focus()
        await pilot.pause()
        assert plain not in restyled and plain.styles.background == background
        assert styled in restyled and styled.styles.background != background
        plain.focus()
        await pilot.pause()
        assert styled.styles.background == background, "the keys gone, the :focus style goes"


class Panel(App):
    CSS = "PlayersPanel { width: 24; height: auto; max-height: 8; padding: 0 1; text-style: bold; }"

    def compose(self):
        yield PlayersPanel()


async def test_the_players_panel_draws_its_rows_as_textual_draws_its_text():
    app = Panel()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(PlayersPanel)
        texts = [
            spanned("  player  VP\n>A Ann     2\n B Bran    3", (2, 8, RED), (14, 17, CURSOR)),
            spanned("  player  VP\n>A Ann     2\n B Bran    4", (2, 8, RED), (28, 32, UNDER)),
            Text("a line much wider than the panel, which Textual wraps\nbelow"),  # Textual's way
        ]
        for text in texts:
            panel.show_text(text)
            await pilot.pause()
            width, height = panel.size
            whole = Visual.to_strips(panel, visualize(panel, text), width, height, panel.visual_style)
            assert [panel.render_line(y) for y in range(len(whole))] == whole
        assert panel._own_rows() is None, "the wide line: drawn by Textual"


async def test_the_players_panel_repaints_only_the_rows_a_new_text_changes(monkeypatch):
    app = Panel()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(PlayersPanel)
        panel.show_text(spanned("  player  VP\n>A Ann     2\n B Bran    3", (2, 8, RED)))
        await pilot.pause()
        repainted = []
        monkeypatch.setattr(panel, "refresh", lambda *regions, **_: repainted.append(regions))
        changed = spanned("  player  VP\n A Ann     2\n>B Bran    4", (2, 8, RED))
        panel.show_text(changed, same_height=True)
        assert [[region.y for region in regions] for regions in repainted] == [[1, 2]], (
            "the rows that changed"
        )
        assert str(panel.render()) == changed.plain, "Static's content follows (Textual draws it on a resize)"
        monkeypatch.undo()
        await pilot.pause()
        width, height = panel.size
        whole = Visual.to_strips(panel, visualize(panel, changed), width, height, panel.visual_style)
        assert [panel.render_line(y) for y in range(len(whole))] == whole


class Line(App):
    CSS = "StraightRows { height: auto; max-height: 2; padding: 0 1; text-style: bold italic; }"

    def compose(self):
        yield StraightRows("")


async def test_a_line_of_plain_words_is_drawn_as_textual_draws_it():
    """The prompt and the preview line: a str, drawn straight while it fits."""
    app = Line()
    async with app.run_test(size=(30, 6)) as pilot:
        line = app.query_one(StraightRows)
        for words in (
            "Ann, roll the dice.",
            "Build a road [Team A]",
            "a prompt longer than the line is wide, wrapped",
        ):
            line.show_text(words, same_height=True)
            await pilot.pause()
            width, height = line.size
            whole = Visual.to_strips(
                line, visualize(line, words, markup=False), width, height, line.visual_style
            )
            assert [line.render_line(y) for y in range(len(whole))] == whole
            assert (line._own_rows() is None) == (len(words) > line.content_size.width), (
                "straight while it fits"
            )
