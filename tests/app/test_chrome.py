"""The Header and the Footer as one widget each (no children to mount,
style and lay out before a screen's first frame): the keys come in the
first frame, a click on a key runs it (a greyed key refuses it), keys come
and go in place, the Footer fits 80 and 120 columns, and the Header's
title follows the screen's."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import CommandPalette
from textual.errors import NoWidget
from textual.widgets import Static

from castletui import saves
from castletui.screens.game import GameScreen
from castletui.widgets.footer import NARROW_BELOW, SteadyFooter, fit_footer
from castletui.widgets.header import SteadyHeader
from tests.app.driving import StillApp, new_game, screen_text, settle, wait_until


class Keys(App):
    """A screen with a Header, three keys and a Footer; ``closed`` keys are
    shown greyed, ``hidden`` ones not at all."""

    BINDINGS = [
        Binding("a", "hit('a')", "Attack"),
        Binding("d", "hit('d')", "Defend"),
        Binding("r", "hit('r')", "Retreat"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.hits: list[str] = []
        self.closed: set[str] = set()
        self.hidden: set[str] = set()
        self.bells = 0

    def compose(self) -> ComposeResult:
        yield SteadyHeader()
        yield Static("the table")
        footer = SteadyFooter()
        fit_footer(self.screen, footer)
        yield footer

    def action_hit(self, key: str) -> None:
        self.hits.append(key)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "hit":
            if parameters[0] in self.hidden:
                return False
            if parameters[0] in self.closed:
                return None
        return True

    def bell(self) -> None:
        self.bells += 1


def footer_of(app: App) -> SteadyFooter:
    return app.screen.query_one(SteadyFooter)


def descriptions(app: App) -> list[str]:
    return [key.description for key in footer_of(app).keys_shown()]


def widget_at(app: App, x: int, y: int):
    try:
        return app.screen.get_widget_at(x, y)[0]
    except NoWidget:
        return None  # the screen not laid out at its new size yet


async def click_key(pilot, description: str) -> None:
    footer = footer_of(pilot.app)
    place = next(place for place in footer.places if place.key.description == description)
    await pilot.click(SteadyFooter, offset=(place.start, 0))


async def test_a_game_screen_draws_its_keys_and_title_in_its_first_frame(tmp_path, monkeypatch):
    first: dict[str, str] = {}
    real_footer, real_header = SteadyFooter.render_lines, SteadyHeader.render_lines

    def footer_lines(self, crop):
        lines = real_footer(self, crop)
        if isinstance(self.screen, GameScreen):
            first.setdefault("footer", "".join(strip.text for strip in lines))
        return lines

    def header_lines(self, crop):
        lines = real_header(self, crop)
        if isinstance(self.screen, GameScreen):
            first.setdefault("header", "".join(strip.text for strip in lines))
        return lines

    monkeypatch.setattr(SteadyFooter, "render_lines", footer_lines)
    monkeypatch.setattr(SteadyHeader, "render_lines", header_lines)
    players = [saves.Player("Coco"), saves.Player("Bot", "bot")]
    app = StillApp(new_game("castlecards", "two-player", players, 3), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: "footer" in first and "header" in first)
        assert "Undo" in first["footer"] and "Help" in first["footer"], first["footer"]
        assert "Castlecards" in first["header"], first["header"]
        await settle(pilot)
        footer, header = footer_of(app), app.screen.query_one(SteadyHeader)
        assert not footer.children and not header.children, "one widget each"


async def test_a_click_on_a_key_runs_it_and_a_greyed_key_refuses_it():
    app = Keys()
    app.closed = {"d"}
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        await click_key(pilot, "Attack")
        assert app.hits == ["a"]
        shown = {key.description: key.enabled for key in footer_of(app).keys_shown()}
        assert shown == {"Attack": True, "Defend": False, "Retreat": True}
        await click_key(pilot, "Defend")
        assert app.hits == ["a"] and app.bells == 1, "a greyed key rings the bell instead"
        # Greyed: the same letters, dimmer (Textual's FooterKey.-disabled).
        line = app.screen._compositor.render_strips()[-1]
        styles = {segment.text.strip(): segment.style for segment in line if segment.text.strip()}
        assert styles["Defend"].color != styles["Attack"].color


async def test_keys_come_go_and_grey_in_place_without_a_widget_made():
    app = Keys()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        widgets = len(list(app.screen.walk_children()))
        footer = footer_of(app)
        assert descriptions(app) == ["Attack", "Defend", "Retreat"]
        app.hidden = {"d"}
        app.refresh_bindings()
        await pilot.pause()
        assert descriptions(app) == ["Attack", "Retreat"]
        assert screen_text(app).splitlines()[-1].startswith("a Attack r Retreat")
        app.hidden, app.closed = set(), {"r"}
        app.refresh_bindings()
        await pilot.pause()
        assert [(key.description, key.enabled) for key in footer.keys_shown()] == [
            ("Attack", True),
            ("Defend", True),
            ("Retreat", False),
        ]
        assert footer is footer_of(app) and not footer.children
        assert len(list(app.screen.walk_children())) == widgets, "nothing mounted"


async def test_narrow_packs_the_keys_and_wide_shows_the_command_palette():
    app = Keys()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        footer = footer_of(app)
        assert footer.compact and not footer.show_command_palette
        assert screen_text(app).splitlines()[-1].rstrip() == "a Attack d Defend r Retreat"
        await pilot.resize_terminal(120, 10)
        fit_footer(app.screen)  # as a screen's on_resize does
        await wait_until(pilot, lambda: widget_at(app, 119, 9) is footer)
        assert NARROW_BELOW <= 120 and footer.show_command_palette
        row = screen_text(app).splitlines()[-1]
        assert row.startswith(" a Attack  d Defend  r Retreat "), row
        assert row.rstrip().endswith("▏^p palette"), row
        assert descriptions(app)[-1] == "palette"
        pressed: list[str] = []
        app.simulate_key = pressed.append  # what a click on Textual's FooterKey does
        await click_key(pilot, "palette")
        assert pressed == ["ctrl+p"]


async def test_the_title_follows_the_app_and_the_screen():
    app = Keys()
    async with app.run_test(size=(80, 10)) as pilot:
        app.title = "Castlecards"
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert top.strip().startswith("⭘") and "Castlecards" in top
        app.screen.sub_title = "duel.toml"
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert "Castlecards — duel.toml" in top
        # Centred between the icon's 8 columns and the clock's 10, as Textual's.
        title = "Castlecards — duel.toml"
        assert top.index(title) == 8 + (80 - 18 - len(title)) // 2
        app.screen.title = "Rules"
        await pilot.pause()
        assert "Rules — duel.toml" in screen_text(app).splitlines()[0]


async def test_the_headers_icon_opens_the_command_palette():
    app = Keys()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        header = app.screen.query_one(SteadyHeader)
        await pilot.hover(SteadyHeader, offset=(1, 0))
        assert header.tooltip == "Open the command palette"
        await pilot.click(SteadyHeader, offset=(1, 0))
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        assert not header.has_class("-tall"), "the icon's click is the icon's alone"


async def test_a_click_on_the_headers_title_makes_it_tall_and_short_again():
    """As Textual's Header: three rows, the title in the middle one."""
    app = Keys()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        header = app.screen.query_one(SteadyHeader)
        await pilot.click(SteadyHeader, offset=(30, 0))
        await wait_until(pilot, lambda: header.size.height == 3)
        assert header.has_class("-tall")
        await pilot.click(SteadyHeader, offset=(30, 0))
        await wait_until(pilot, lambda: header.size.height == 1)
