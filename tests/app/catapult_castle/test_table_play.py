"""Catapult Castle at a real table, played through the keyboard (issue 12):
the start player on the set-up form, landings picked by typing whose tower
it was, a card drawn unseen and named only when it is played, the why-not
line that says why a card may not be played, and the cards Strong Ammo
frees from a stack typed as one line of counts. And a solo game at a real
table, from its first screen through a shot."""

from __future__ import annotations

import pytest
from castletui.rules.catapult_castle.edition import UNSEEN, square_index
from castletui.rules.catapult_castle.state import Draw, Land

from castletui import saves
from castletui.screens.dialogs import ChancePicker
from castletui.screens.game import GameScreen
from castletui.screens.table_entry import CountsEntry, SetupForm
from tests.app.driving import StillApp, new_game, screen_text, settle, type_keys


async def choose(pilot, text: str) -> None:
    """Move the action bar's highlight to the line ``text`` with the arrows, and press Enter."""
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    lines = [choice.text for choice in screen.bar.lines]
    assert text in lines, lines
    actions = screen.query_one("#actions")
    here = actions.highlighted or 0
    target = lines.index(text)
    await type_keys(
        pilot, *(["down"] * (target - here) if target >= here else ["up"] * (here - target)), "enter"
    )
    await settle(pilot)


async def landed(pilot, typed: str, question: str) -> None:
    """Answer the landing question by typing a few words of the place."""
    picker = pilot.app.screen
    assert isinstance(picker, ChancePicker) and picker.prompt == question
    await type_keys(pilot, *typed, "enter")
    await settle(pilot)


def log_lines(app) -> list[str]:
    games = [screen for screen in app.screen_stack if isinstance(screen, GameScreen)]
    return [line.text for line in games[-1].session.log]


@pytest.mark.slow
async def test_a_two_player_table_game_through_the_keyboard(tmp_path):
    players = [saves.Player("Coco"), saves.Player("Wei")]
    app = StillApp(new_game("catapult-castle", "standard", players, 1, mode="table"), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # The set-up on one form: who starts is all the table is asked.
        form = app.screen
        assert isinstance(form, SetupForm)
        shown = screen_text(app)
        assert "Who starts? (lost a kingdom last)" in shown and "Coco / Wei" in shown
        await type_keys(pilot, *"coco", "enter")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        session = game.session
        # Wei drew a card for going last: told, never typed in.
        assert session.state.hands == ((), (UNSEEN,))
        assert "Wei draws a card, kept secret until it is played" in log_lines(app)
        assert "Coco, shoot the catapult:" in screen_text(app)

        # Coco hits Wei's inner tower; her mat is full, so she stacks it (the card under goes unseen).
        await choose(pilot, "Shoot")
        await landed(pilot, "wei inner", "Where did Coco's ammo land?")
        assert log_lines(app)[-1] == "The ammo lands in Wei's inner tower: a hit, Coco may take it"
        # Taking it is a choice (option may_decline_hit, on in every new game); Enter takes.
        assert "Coco, your ammo is in Wei's inner tower: take it or leave it?" in screen_text(app)
        await choose(pilot, "Take the tower")
        assert log_lines(app)[-2] == "Coco takes Wei's inner tower"
        await choose(pilot, "Stack it on your inner tower")
        assert session.state.hands == ((), (UNSEEN, UNSEEN))
        assert "The top card of Coco's deck goes face down under the new tower, unseen" in log_lines(app)

        # Wei holds two cards nobody has typed in: playing one names it.
        assert "Wei: 2 unseen" in screen_text(app)
        await choose(pilot, "Play a card...")
        assert [choice.text for choice in game.bar.lines] == [
            "Extra Shot (an unseen card)",
            "Magic Toss (an unseen card)",
            "Strong Ammo (an unseen card)",
            "Reinforced Roof on a tower...",
        ]
        await choose(pilot, "Magic Toss (an unseen card)")
        assert log_lines(app)[-1] == "Wei plays Magic Toss"
        assert session.state.hands[1] == (UNSEEN,) and session.state.magic_toss
        # Why not? The other unseen card could be the second Magic Toss, but one is in play.
        assert "✗ Magic Toss: Magic Toss is already in play this turn." in screen_text(app)
        await choose(pilot, "Shoot")
        await landed(pilot, "nowhere", "Where did Wei's ammo land?")
        assert log_lines(app)[-1] == "The ammo lands nowhere: a miss"

        # Coco takes a neutral tower and stacks it on the same stack: three towers, two cards unseen.
        await choose(pilot, "Shoot")
        await landed(pilot, "queen left", "Where did Coco's ammo land?")
        await choose(pilot, "Take the tower")
        await choose(pilot, "Stack it on your inner tower")
        inner = session.state.stacks[square_index(0, "inner")]
        assert len(inner.towers) == 3 and [card.kind for card in inner.cards] == [UNSEEN, UNSEEN]

        # Wei names his last unseen card Strong Ammo and takes the whole stack.
        await choose(pilot, "Play a card...")
        await choose(pilot, "Strong Ammo (an unseen card)")
        assert session.state.hands[1] == () and session.state.strong_ammo
        await choose(pilot, "Shoot")
        await landed(pilot, "coco inner", "Where did Wei's ammo land?")
        await choose(pilot, "Take the stack of 3")
        # The two cards freed turn face up together: one line of counts.
        entry = app.screen
        assert isinstance(entry, CountsEntry)
        assert "Cards freed from Coco's inner stack, face up to the King discard" in screen_text(app)
        await type_keys(pilot, *"2 extra 1 roof", "enter")
        await settle(pilot)
        assert "drawn, but you typed 3." in screen_text(app), "refused, with the reason"
        await pilot.press(*["backspace"] * len("2 extra 1 roof"), *"1 extra 1 roof", "enter")
        await settle(pilot)
        assert app.screen is game
        assert session.state.discards[0].counts == (1, 0, 0, 1)
        lines = log_lines(app)
        assert (
            "The card freed from under Coco's inner tower is Extra Shot: face up to the King discard" in lines
        )
        assert (
            "The card freed from under Coco's inner tower is Reinforced Roof: face up to the King discard"
            in lines
        )
        assert "Coco draws a card, kept secret until it is played" in lines

        # Wei places the three towers: the empty square first, then stacks.
        for _ in range(3):
            await pilot.press("enter")
            await settle(pilot)
        assert session.state.pending[-1].kind == "turn" and session.to_move() == 0
        assert sum(len(session.state.stacks[q].towers) for q in range(8, 12)) == 6
        # The only cards the table typed in are the two that turned face up.
        actions = [session.action_at(ply) for ply in range(session.ply)]
        assert [a for a in actions if isinstance(a, Draw)] == [Draw("Extra Shot"), Draw("Reinforced Roof")]


async def test_a_solo_game_at_a_real_table_through_set_up_and_a_shot(tmp_path):
    start = new_game("catapult-castle", "solo", [saves.Player("Coco")], 1, mode="table")
    app = StillApp(start, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # Nothing to set up at random: the hand is the rulebook's, so the game opens on the shot.
        game = app.screen
        assert isinstance(game, GameScreen)
        assert "Coco, shoot the catapult from the corner of a mat" in screen_text(app)
        await choose(pilot, "Shoot from Queen")
        await landed(pilot, "king inner", "Where did the ammo shot from the Queen corner land?")
        assert log_lines(app)[-2:] == [
            "Coco shoots from the Queen corner",
            "The ammo lands in the King mat's inner tower: it leaves the table",
        ]
        state = game.session.state
        assert state.removed == 1 and state.supply == 17
        assert game.session.action_at(game.session.ply - 1) == Land(0, "inner")
