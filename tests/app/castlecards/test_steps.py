"""Castlecards' multi-step choices on the game kit: Escape steps back one
level from every step a player starts (picking Explorers or a build's
payment goes back to the first menu) and the footer shows Back only where
it works (never in another seat's reaction or support); the board cursor
reaches the cards an action is about and opens their group; a preview
never tells a seat what it may not see."""

from __future__ import annotations

from castletui.rules import castlecards as game
from castletui.rules.castlecards import Attack, NightAttack, Pick
from castletui.rules.castlecards.edition import STRENGTH
from castletui.rules.castlecards.state import Build, Explore

from tests.app.castlecards.test_screens import (
    at_action,
    choice_texts,
    footer_keys,
    is_reacting,
    new_session,
    play_until,
    prompt_text,
    top,
)
from tests.app.driving import StillApp, settle


def can(kind):
    return lambda s: at_action(s) and any(isinstance(a, kind) for a in s.legal_actions())


async def escape_goes_back_to_the_first_menu(tmp_path, seed: int, kind) -> None:
    session = play_until(new_session(tmp_path / "g.toml", seed), can(kind))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first, ply = choice_texts(app), session.ply
        app.screen.play(kind())
        await settle(pilot)
        assert top(session).kind == "select"
        assert "Back" in footer_keys(app)
        await pilot.press("enter")  # pick the first card offered
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert session.ply == ply and at_action(session)
        assert choice_texts(app) == first
        assert "Back" not in footer_keys(app)


async def test_escape_takes_back_explorers_being_picked(tmp_path):
    await escape_goes_back_to_the_first_menu(tmp_path, 1, Explore)


async def test_escape_takes_back_a_build_being_paid(tmp_path):
    await escape_goes_back_to_the_first_menu(tmp_path, 1, Build)


async def test_no_back_in_a_reaction_another_seat_started(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", 4), is_reacting)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "you are attacked" in prompt_text(app)
        assert "Back" not in footer_keys(app)
        ply = session.ply
        await pilot.press("escape")
        await settle(pilot)
        assert session.ply == ply and is_reacting(session), "Escape takes nothing back"


async def test_the_board_cursor_opens_the_attack_and_enter_declares_it(tmp_path):
    from castletui.games.castlecards.fortresses import Fortresses

    def one_way_each(s):
        # Every target attackable one way only (no garrison choice), so Enter declares at once.
        attacks = [a for a in s.legal_actions() if isinstance(a, Attack)]
        night = any(isinstance(a, NightAttack) for a in s.legal_actions())
        return at_action(s) and attacks and not night and all(not a.garrison for a in attacks)

    session = play_until(new_session(tmp_path / "g.toml", 3), one_way_each)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(Fortresses)
        board.focus()  # given the keyboard, the board puts its cursor on its first place
        await settle(pilot)
        assert board.cursor is not None and board.cursor[0] == "fort"
        assert "which card do you attack" in prompt_text(app), "moving onto a rival's card opens Attack"
        target = board.cursor
        highlighted = app.screen.bar.chosen
        assert highlighted.spot == target and isinstance(highlighted.action, Attack)
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.assault.attacker == 0
        assert ("fort", session.state.assault.defender, session.state.assault.slot) == target
        assert "pick your attack cards" in prompt_text(app)


def test_a_reaction_preview_keeps_a_night_attacks_cards_face_down():
    def night_reaction(s):
        step = top(s)
        swords = sum(STRENGTH.get(c.card, 0) for c in s.state.assault.cards)
        reacting = step is not None and step.kind == "select" and step.purpose == "react"
        return reacting and s.state.assault.night and swords > 0

    for seed in range(1, 40):
        session = play_until(new_session(None, seed), night_reaction, limit=800)
        if not session.over:
            break
    step = top(session)
    defender = step.seat
    picks = [a for a in session.legal_actions() if isinstance(a, Pick)]
    assert picks
    attack_cards = [c.card for c in session.state.assault.cards]
    swords = sum(STRENGTH.get(card, 0) for card in attack_cards)
    assert swords > 0 and not session.over
    for pick in picks:
        # The defender knows only that some cards lie face down: 0 known swords.
        text = game.preview(session.state, pick, defender)
        assert text.endswith("face down vs " + text.split(" vs ")[-1])
        assert "Then 0 swords + " in text
