"""Each game screen's own stylesheet (castletui/games/<game>/style.tcss) is read
as that game first opens, not as the app starts (castletui/app.py,
``read_game_styles``): sound only while every rule in it starts with the
name of its screen or of one of that game's own dialogs (CastleRaisers...),
so that adding it restyles nothing already shown."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from castletui.rules import registry
from textual.app import App
from textual.css.model import SelectorType
from textual.css.stylesheet import Stylesheet
from textual.screen import ModalScreen

from castletui import games
from castletui.stylesheets import DIALOGS, MENUS, STYLES
from tests.app.driving import StillApp, new_game, settle
from tests.app.test_first_frame import players_for

SCREENS = Path(__file__).resolve().parents[2] / "castletui" / "screens"
MENU_SCREENS = ("menu", "wizard", "load", "rules", "helper")

GAMES_WITH_STYLES = [game_id for game_id in registry.ids() if games.stylesheet(game_id).is_file()]


def test_every_stylesheet_but_the_apps_belongs_to_a_game():
    owned = {games.stylesheet(game_id) for game_id in GAMES_WITH_STYLES}
    assert set(STYLES.glob("*.tcss")) == {STYLES / "app.tcss", MENUS, DIALOGS}
    assert set(games.HERE.glob("*/*.tcss")) == owned


@pytest.mark.parametrize("game_id", GAMES_WITH_STYLES)
def test_a_games_stylesheet_reaches_only_its_own_screen(game_id):
    screen_class = games.part(game_id, "screen").SCREEN
    stylesheet = Stylesheet(variables=App().get_css_variables())
    stylesheet.read(games.stylesheet(game_id))
    game_name = screen_class.__name__.removesuffix("Screen")  # CastleRaisers: its screen and dialogs
    for rule in stylesheet.rules:
        for selectors in rule.selector_set:
            first = selectors.selectors[0]
            assert first.name.startswith(game_name), (
                f"{games.stylesheet(game_id).name}: a rule starts with {first.name!r}, not the "
                f"game's own {game_name}...: it would reach screens shown before the game opened"
            )


async def test_a_game_opened_reads_its_stylesheet_and_no_other_games(tmp_path):
    app = game_app("castle-raisers", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        read = {path for path, _ in app.stylesheet.source}
        assert str(games.stylesheet("castle-raisers")) in read
        assert not read & {
            str(games.stylesheet(other)) for other in GAMES_WITH_STYLES if other != "castle-raisers"
        }
        # Its rules are in force on its screen (its style.tcss: one scrollbar column).
        assert app.screen.query_one("#cr-boards").styles.scrollbar_size_vertical == 1


def test_the_menus_stylesheet_names_only_ids_of_its_screens():
    """menus.tcss is read as the menu (or the wizard, load, rules, helper
    screen) is first made, maybe over a game: its rules must not reach a
    screen shown before, so each starts with an id only those screens hold."""
    stylesheet = Stylesheet(variables=App().get_css_variables())
    stylesheet.read(MENUS)
    sources = "".join((SCREENS / f"{name}.py").read_text() for name in MENU_SCREENS)
    others = "".join(path.read_text() for path in SCREENS.glob("*.py") if path.stem not in MENU_SCREENS)
    for rule in stylesheet.rules:
        for selectors in rule.selector_set:
            first = selectors.selectors[0]
            assert first.type == SelectorType.ID, f"menus.tcss: a rule starts with {first.name!r}, not an id"
            assert f'"{first.name}"' in sources and f'id="{first.name}"' not in others, first.name


async def test_the_menus_stylesheet_is_read_when_the_menu_is_made_not_for_a_game(tmp_path):
    app = game_app("castlecards", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.stylesheet.has_source(str(MENUS), "")
        await pilot.press("q")  # to the menu
        await settle(pilot)
        assert app.stylesheet.has_source(str(MENUS), "")
        assert app.screen.query_one("#menu").styles.width.value == 30  # menus.tcss: #menu { width: 30 }


def test_the_dialogs_stylesheet_names_only_modal_screens_and_what_they_hold():
    """dialogs.tcss is read as the first modal screen opens, over a screen
    already styled: each rule starts with a modal screen's name, or with a
    class or id written only in modules that make modal screens."""
    stylesheet = Stylesheet(variables=App().get_css_variables())
    stylesheet.read(DIALOGS)
    castletui = Path(__file__).resolve().parents[2] / "castletui"
    modal_sources = [
        path.read_text() for path in castletui.rglob("*.py") if "ModalScreen" in path.read_text()
    ]
    other_sources = [
        path.read_text() for path in castletui.rglob("*.py") if "ModalScreen" not in path.read_text()
    ]
    for module in sorted((castletui / "screens").glob("*.py")) + sorted((castletui / "widgets").glob("*.py")):
        importlib.import_module(f"castletui.{module.parent.name}.{module.stem}".removesuffix(".__init__"))
    modal_names = {cls.__name__ for cls in all_subclasses(ModalScreen)} | {"ModalScreen"}
    for rule in stylesheet.rules:
        for selectors in rule.selector_set:
            first = selectors.selectors[0]
            if first.type == SelectorType.TYPE:
                assert first.name in modal_names, f"dialogs.tcss: {first.name} is not a modal screen"
                continue
            assert any(first.name in source for source in modal_sources), first.name
            # As a widget gets it: id="...", classes="... name ...", or the bare string ("name").
            written = re.compile(rf'id="{first.name}"|classes="[^"]*\b{first.name}\b|"{first.name}"')
            assert not any(written.search(source) for source in other_sources), (
                f"dialogs.tcss: {first.name!r} is also written where no modal screen is made"
            )


async def test_the_dialogs_stylesheet_is_read_as_the_first_dialog_opens(tmp_path):
    app = game_app("castlecards", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.stylesheet.has_source(str(DIALOGS), "")
        await pilot.press("f1")  # the help dialog
        await settle(pilot)
        assert app.stylesheet.has_source(str(DIALOGS), "")
        assert (
            app.screen.styles.align_horizontal == "center"
        )  # dialogs.tcss: ModalScreen { align: center middle; }


def all_subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    return found.union(*(all_subclasses(sub) for sub in found)) if found else found


def game_app(game_id: str, save_dir) -> StillApp:
    """An app that opens a new game of ``game_id`` straight away, as the command line does."""
    variant, players = players_for(game_id)
    return StillApp(new_game(game_id, variant, players, 1), save_dir)
