"""Castlecards at a real table, through the keyboard only: a 2-player
table-mode game from the set-up form (who starts and the deal, a wrong
count refused on its line) through two turns: the turn's card confirmed,
never named; a Gold named from an unseen card when it is played; a King
named twice, after which the action bar shows why a third cannot be
played (the rules' refusals hook), brought into view by End.

Castlecards draws no several cards together in the open, so there is no
line of counts to type (tests/rules/castlecards/test_table_entry.py)."""

from __future__ import annotations

from pathlib import Path

from castletui.rules.castlecards.state import Buy, Decline, King

from castletui import saves
from castletui.screens.dialogs import ChancePicker
from castletui.screens.game import GameScreen
from castletui.screens.table_entry import CountsEntry, SetupForm
from castletui.session import Session
from tests.app.driving import StillApp, screen_text, settle, type_keys

VILLAGE, ACADEMY = "unseen-village", "unseen-academy"


def table_session(path: Path, seed: int = 3) -> Session:
    players = [saves.Player("Coco"), saves.Player("Wei")]
    return Session.new("castlecards", "two-player", players, mode="table", seed=seed, path=path)


async def choose(pilot, action) -> None:
    """Arrow to the action bar's line of ``action`` and press Enter."""
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    lines = [choice.action for choice in screen.bar.lines]
    assert action in lines, (action, [choice.text for choice in screen.bar.lines])
    here = screen.query_one("#actions").highlighted or 0
    target = lines.index(action)
    await type_keys(
        pilot, *(["down"] * (target - here) if target > here else ["up"] * (here - target)), "enter"
    )
    await settle(pilot)


async def confirm_unseen_draw(pilot, question: str) -> None:
    """A card drawn into a hand: the picker names whose draw and which deck,
    and its one answer confirms it went in unseen."""
    picker = pilot.app.screen
    assert isinstance(picker, ChancePicker), type(picker)
    assert question in picker.prompt
    assert [label for label, _ in picker.outcomes] == ["Into the hand, unseen (named when played)"]
    await pilot.press("enter")
    await settle(pilot)


async def test_a_two_player_table_game_through_the_keyboard(tmp_path):
    session = table_session(tmp_path / "t.toml")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # The set-up on one form, the fortresses in view above it.
        assert isinstance(app.screen, SetupForm)
        shown = screen_text(app)
        assert "Who starts" in shown and "Deal: 4 Village + 1 Academy each" in shown
        assert "Castle" in shown and "Wall 1" in shown
        await pilot.press(*"wei", "enter", "9", "enter")
        assert "Line 2: Deal: 4 Village + 1 Academy each: 10 drawn, but you typed 9." in screen_text(app)
        assert session.ply == 0
        await pilot.press("1", "0", "enter")  # the refused line is selected: typing replaces it
        await settle(pilot)
        # Who starts, 8 Village and 2 Academy cards: no card named, none typed.
        assert session.ply == 11 and session.state.turn == 1
        assert [player.hand for player in session.state.players] == [(ACADEMY,) + (VILLAGE,) * 4] * 2
        assert not isinstance(app.screen, CountsEntry | SetupForm)

        # Wei's turn: the turn's card, then a Buy names a Gold from an unseen card.
        await confirm_unseen_draw(pilot, "Wei takes the top Village card into hand")
        gold_unseen = session.state.village_deck.count("gold")
        await choose(pilot, Buy())
        assert "Wei plays a Gold to buy 2 Village cards." in [line.text for line in session.log]
        assert session.state.village_deck.count("gold") == gold_unseen - 1
        assert session.state.players[1].hand == (ACADEMY,) + (VILLAGE,) * 4
        # Coco might hold a Thief (asked either way, so nobody learns who does): no.
        await choose(pilot, Decline())
        await confirm_unseen_draw(pilot, "Wei takes the top Village card into hand (1 more after this one)")
        await confirm_unseen_draw(pilot, "Wei takes the top Village card into hand")
        assert session.state.players[1].hand == (ACADEMY,) + (VILLAGE,) * 6

        # Coco's turn: both Kings named from unseen cards; a third is refused, and why.
        await confirm_unseen_draw(pilot, "Coco takes the top Village card into hand")
        await choose(pilot, King())
        await choose(pilot, King())
        assert "king" not in session.state.village_deck and session.state.discard.count("king") == 2
        assert session.state.actions_left == 3
        assert King() not in session.legal_actions()
        assert "You have no King." not in screen_text(app)
        await pilot.press("end")
        await settle(pilot)
        assert "✗ King: You have no King." in screen_text(app)
