"""Castlecards on screen, driven like a player: a whole game against a bot
through the keyboard, the steps of the action bar (Attack... then a target,
Escape back), the attack panel totalling swords against shields while cards
are picked, the hot-seat curtain before the other person's reaction, and
the end screen."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from castletui.rules import castlecards as game
from castletui.rules.castlecards import Attack, Pick
from castletui.rules.castlecards.edition import ACADEMY_CARDS, KIND
from castletui.rules.castlecards.fortress import attack_total, defence_total
from castletui.rules.castlecards.queries import pick_outlook
from castletui.rules.castlecards.text import count_words
from castletui.rules.core import CHANCE, bots

from castletui import saves
from castletui.app import Start
from castletui.games.castlecards.attack import AttackPanel
from castletui.games.castlecards.fortresses import Fortresses
from castletui.games.castlecards.hand import Hand
from castletui.games.castlecards.piles import Piles
from castletui.games.castlecards.screen import CastlecardsScreen
from castletui.screens.dialogs import CurtainScreen
from castletui.screens.result import ResultScreen
from castletui.session import Session
from tests.app.driving import (
    StillApp,
    open_table,
    opening_then_the_driver,
    play_to_the_end,
    screen_text,
    settle,
    wait_until,
)

# --- sessions at a chosen moment (shared with the snapshot tests) ---------------


def new_session(
    path: Path | None, seed: int, bot: bool = True, seats: int = 2, mode: str = "digital"
) -> Session:
    names = ["Coco", "Wei", "Ada", "Bo"][:seats]
    players = [saves.Player(names[0])] + [
        saves.Player(name, "bot") if bot else saves.Player(name) for name in names[1:]
    ]
    variant = "two-player" if seats == 2 else "multi-player"
    session = Session.new("castlecards", variant, players, seed=seed, path=path, mode=mode)
    session.run_automatic()
    return session


def play_until(session: Session, stop, limit: int = 400) -> Session:
    """Let the normal bot choose for the people too (seeded), until
    ``stop(session)``; in table mode the table says the first outcome listed."""
    rng = random.Random(session.save.seed)
    for _ in range(limit):
        if session.over or stop(session):
            return session
        if session.to_move() == CHANCE:
            session.act(session.chance_outcomes()[0][0])
        else:
            session.act(bots.choose(game, session.state, "normal", rng))
        session.run_automatic()
    raise AssertionError("the moment never came")


def supported_at_night(session: Session, purpose: str = "react", limit: int = 3000) -> Session:
    """Play as ``play_until`` does, but every other seat asked to support a
    Night attack slips one card face down under it; stop when seat 0 is to
    pick cards (``purpose``) for a Night attack with someone's support in it."""
    rng = random.Random(session.save.seed)
    for _ in range(limit):
        step, assault = top(session), session.state.assault
        night = step is not None and step.kind == "select" and assault.night and not assault.outcome
        supported = any(played.owner != assault.attacker for played in assault.cards)
        if night and step.seat == 0 and step.purpose == purpose and supported:
            return session
        assert not session.over, "the moment never came"
        picks = [action for action in session.legal_actions() if isinstance(action, Pick)] if night else []
        if session.to_move() == CHANCE:
            session.act(session.chance_outcomes()[0][0])
        elif night and step.purpose == "support" and step.seat != 0 and not step.selected and picks:
            session.act(picks[0])
        else:
            session.act(bots.choose(game, session.state, "normal", rng))
        session.run_automatic()
    raise AssertionError("the moment never came")


def top(session: Session):
    return session.state.pending[-1] if session.state.pending else None


def is_reacting(session: Session, seat: int = 0) -> bool:
    pending = top(session)
    return (
        pending is not None
        and pending.kind == "select"
        and pending.purpose == "react"
        and pending.seat == seat
    )


def at_action(session: Session, seat: int = 0) -> bool:
    pending = top(session)
    return pending is not None and pending.kind == "action" and pending.seat == seat


def may_attack(session: Session, seat: int = 0) -> bool:
    """A stop: ``seat``'s action, with an attack among the choices."""
    return at_action(session, seat) and any(isinstance(a, Attack) for a in session.legal_actions())


def board_text(app) -> str:
    """The four parts of the table as drawn, top to bottom."""
    screen = app.screen
    parts = [screen.query_one(kind) for kind in (Fortresses, Piles, AttackPanel, Hand)]
    return "\n".join(part.render().plain for part in parts if part.display)


def prompt_text(app) -> str:
    return str(app.screen.query_one("#prompt").render())


def footer_keys(app) -> set[str]:
    return {
        active.binding.description for active in app.screen.active_bindings.values() if active.binding.show
    }


def choice_texts(app) -> list[str]:
    return [choice.text for choice in app.screen.bar.lines]


# --- a whole game ------------------------------------------------------------


async def test_a_two_player_game_against_a_bot_through_the_keyboard(tmp_path):
    start = Start(
        "play",
        new_game={
            "game_id": "castlecards",
            "variant": "two-player",
            "players": [saves.Player("Coco"), saves.Player("Wei", "bot")],
            "seed": 3,
        },
    )
    # Coco's first turns through the keyboard, the middle through the
    # driver, her last move and the end through the keyboard.
    session = await opening_then_the_driver(start, tmp_path, until=lambda screen: screen.session.ply >= 20)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_to_the_end(pilot)
        assert isinstance(screen, CastlecardsScreen)
        session = screen.session
        result = session.result()
        assert result.finished and len(result.winners) == 1
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("escape")
        await settle(pilot)
        # The end screen: the winner and the fallen player on the board.
        text = board_text(app)
        winner = session.names[result.winners[0]]
        assert "GAME OVER" in text and f"{winner} wins" in text
        assert "castle fallen" in text
        assert "Game over" in prompt_text(app)
        reloaded = saves.load(session.path)
        assert reloaded.finished and saves.replay(reloaded) == session.state


# --- steps of the action bar ------------------------------------------------------


async def test_attack_opens_the_targets_and_escape_goes_back(tmp_path):
    session = play_until(
        new_session(tmp_path / "g.toml", 3),
        may_attack,
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = choice_texts(app)
        assert first[0].startswith("Attack... (")
        assert "Back" not in footer_keys(app), "Back shows only where Escape works"
        await pilot.press("enter")
        await settle(pilot)
        assert "Back" in footer_keys(app)
        targets = choice_texts(app)
        assert all(text.startswith("Attack ") and "shields)" in text for text in targets[:-1])
        assert targets[-1] == "Back"
        assert "which card do you attack" in prompt_text(app)
        # The highlighted target is under the board cursor.
        assert app.screen.query_one(Fortresses).cursor[0] == "fort"
        await pilot.press("escape")
        await settle(pilot)
        assert choice_texts(app) == first
        assert "Back" not in footer_keys(app)
        ply = session.ply
        await pilot.press("enter", "enter")  # a target: the attack is declared, cards to pick
        await settle(pilot)
        assert "pick your attack cards" in prompt_text(app)
        assert session.ply == ply + 1
        # What players found, item 14: Escape did nothing here though the footer said Back.
        assert "Back" in footer_keys(app), "Escape steps back from the cards to the targets"
        await pilot.press("enter")  # pick a card
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert session.ply == ply, "the picks and the declaration are taken back"
        assert choice_texts(app) == targets
        assert "which card do you attack" in prompt_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert choice_texts(app) == first
        assert "Back" not in footer_keys(app)


async def test_throwing_a_card_away_is_a_step_of_its_own_at_the_end(tmp_path):
    """Using a card to no effect is always allowed (rulebook, Game Turn: "even
    if the card used has no effect"): one line opens it, the cards follow."""
    session = play_until(new_session(tmp_path / "g.toml", 3), lambda s: at_action(s) and s.ply > 20)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = choice_texts(app)
        # The last line to choose (greyed "why not" lines may follow it).
        enabled = [choice.text for choice in app.screen.bar.lines if not choice.disabled]
        assert enabled[-1] == "Throw a card away... (no effect)"
        assert not any(text.startswith("Throw away ") for text in first)
        await pilot.press("end", "enter")
        await settle(pilot)
        cards = choice_texts(app)
        assert cards[-1] == "Back" and len(cards) > 1
        assert all(text.startswith("Throw away ") and text.endswith("(no effect)") for text in cards[:-1])
        assert "throw away" in prompt_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert choice_texts(app) == first


def asked_with_nothing_to_play(session: Session) -> bool:
    pending = top(session)
    if pending is None or pending.seat != 0:
        return False
    hand = session.state.players[0].hand
    if pending.kind == "thief":
        return "thief" not in hand
    reacting = pending.kind == "select" and pending.purpose == "react" and not pending.selected
    return reacting and not set(hand) & ACADEMY_CARDS


async def test_a_seat_asked_with_nothing_to_play_gets_one_pass(tmp_path):
    """Option ask_everyone (the default): everyone with cards is asked at a
    Thief or reaction step, so being asked gives nothing away; a seat that
    holds nothing to play sees one line, a pass."""
    session = play_until(new_session(tmp_path / "g.toml", 3), asked_with_nothing_to_play)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # One line to choose (the frame may grey a "why not" line below it).
        texts = [choice.text for choice in app.screen.bar.lines if not choice.disabled]
        assert len(texts) == 1 and texts[0].startswith("Pass (no ")
        await pilot.press("enter")
        await settle(pilot)
        assert session.ply > 0 and not asked_with_nothing_to_play(session)


async def test_the_attack_panel_totals_swords_against_shields_while_picking(tmp_path):
    def picking(s):
        pending = top(s)
        if not at_action(s):
            return False
        attacks = [a for a in s.legal_actions() if isinstance(a, Attack) and not a.garrison]
        attack_cards = [c for c in s.state.players[0].hand if KIND[c] in ("soldiers", "bowmen", "weapon")]
        return pending is not None and attacks and len(attack_cards) >= 2

    session = play_until(new_session(tmp_path / "g.toml", 5), picking)
    target = next(a for a in session.legal_actions() if isinstance(a, Attack) and not a.garrison)
    session.act(target)
    shields = defence_total(session.state)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "pick your attack cards" in prompt_text(app)
        assert "Swords 0: none yet" in board_text(app)
        assert f"Shields {shields}" in board_text(app)
        picks = [c for c in app.screen.bar.lines if isinstance(c.action, Pick)]
        assert len(picks) >= 2 and all(" vs " in c.text and "shield" in c.text for c in picks)
        assert app.screen.bar.lines[-1].disabled  # Confirm waits for a card
        first = picks[0]
        expected = pick_outlook(session.view(0), first.action.card)
        assert first.text.endswith(
            f"{count_words(expected.swords, 'sword', 'swords')} vs {count_words(expected.shields, 'shield', 'shields')}: "
            f"{'wins' if expected.succeeds else 'fails'}"
        )
        await pilot.press("enter")  # pick the first card
        await settle(pilot)
        assert attack_total(session.state) == expected.swords
        assert f"Swords {expected.swords}:" in board_text(app)
        await pilot.press("enter")  # and the next
        await settle(pilot)
        swords = attack_total(session.state)
        assert swords > expected.swords
        assert f"Swords {swords}:" in board_text(app)
        assert f"{swords} against {shields}" in board_text(app)
        confirm = app.screen.bar.lines[-1]
        assert confirm.text.startswith("Confirm: attack") and not confirm.disabled


# --- hot seat ---------------------------------------------------------------


async def test_hot_seat_the_curtain_falls_before_the_other_persons_reaction(tmp_path):
    def can_attack(s):
        seat = s.to_move()
        return (
            seat is not None
            and seat >= 0
            and at_action(s, seat)
            and any(isinstance(a, Attack) for a in s.legal_actions())
            and any(c in ACADEMY_CARDS for c in s.state.players[1 - seat].hand)
        )

    session = play_until(new_session(tmp_path / "g.toml", 2, bot=False), can_attack)
    attacker = session.to_move()
    defender = 1 - attacker
    app = StillApp(save_dir=tmp_path, session=session)
    curtains: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        original = app.push_screen

        def counting(screen, *args, **kwargs):
            if isinstance(screen, CurtainScreen):
                curtains.append(screen.player_name)
            return original(screen, *args, **kwargs)

        app.push_screen = counting
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
        assert app.screen.viewer == attacker
        curtains.clear()
        await pilot.press("enter")  # Attack...
        await settle(pilot)
        await pilot.press("enter")  # the first target
        await settle(pilot)
        await pilot.press("enter")  # pick the first card
        await settle(pilot)
        while not app.screen.bar.lines[0].text.startswith("Confirm"):
            await pilot.press("enter")  # pick every attack card
            await settle(pilot)
        await pilot.press("enter")  # Confirm
        await settle(pilot)
        # The attacker sees the attack laid out, then passes the device.
        assert isinstance(app.screen, CastlecardsScreen) and app.screen.viewer == attacker
        assert choice_texts(app) == [f"Pass to {session.names[defender]}"]
        assert f"{session.names[defender]} decides next; the device comes back to you" in prompt_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert curtains == [session.names[defender]]
        await pilot.press("enter")  # the defender is at the keyboard
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CastlecardsScreen) and screen.viewer == defender
        assert is_reacting(session, defender)
        assert "you are attacked" in prompt_text(app)
        assert "ATTACK" in board_text(app)
        texts = choice_texts(app)
        assert texts[-1] == "No reaction"
        assert any(text.startswith("+ ") for text in texts)
        # The defender's own hand is shown, the attacker's only as a count.
        board = screen.query_one(Hand)
        assert all(card.card != "hidden" for card in board.scene.fortresses[defender].hand)
        assert all(card.card == "hidden" for card in board.scene.fortresses[attacker].hand)


async def test_hot_seat_u_takes_back_an_action_before_the_device_is_passed(tmp_path):
    """Issue #43 (4): every action ends the turn, and the next player's
    Village card was drawn at once, so `u` always said "chance has spoken".
    Now the draw waits for the next person: at "Pass to Wei", `u` takes
    the action back and the same player chooses again."""
    session = new_session(tmp_path / "g.toml", 3, bot=False)
    mover = session.to_move()
    before, log_before = session.state, len(session.log)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CastlecardsScreen) and screen.viewer == mover
        menu = choice_texts(app)
        throw = next(i for i, text in enumerate(menu) if text.startswith("Throw a card away"))
        await pilot.press(*["down"] * throw, "enter")  # Throw a card away...
        await wait_until(pilot, lambda: choice_texts(app)[0].startswith("Throw away"))
        await pilot.press("enter")  # the first card
        await wait_until(pilot, lambda: choice_texts(app)[0].startswith("Pass to"))
        assert session.ply > 0 and session.state != before
        await pilot.press("u")
        await wait_until(pilot, lambda: choice_texts(app) == menu)
        assert app.screen is screen and screen.viewer == mover
        assert session.state == before and len(session.log) == log_before
        assert f"{session.names[mover]}, your action" in prompt_text(app)
        # Chosen again and passed on: the card is drawn for the next person,
        # and from then on the move stands (the draw is never made again).
        await pilot.press(*["down"] * throw, "enter")
        await wait_until(pilot, lambda: choice_texts(app)[0].startswith("Throw away"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: choice_texts(app)[0].startswith("Pass to"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert session.to_move() == CHANCE, "nothing drawn before the next person is at the keyboard"
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen and screen.viewer == 1 - mover)
        ply = session.ply
        assert session.to_move() == 1 - mover
        await pilot.press("u")
        await settle(pilot)
        assert session.ply == ply and screen.viewer == 1 - mover


# --- layouts -------------------------------------------------------------------


def parts_fit(app) -> None:
    """Every part of the table shows whole in the board area: the four
    parts' heights add up to no more than the room, nothing is cut off at
    the right edge, and every player is named."""
    screen = app.screen
    area = screen.query_one("#board-area")
    parts = [screen.query_one(kind) for kind in (Fortresses, Piles, AttackPanel, Hand)]
    shown = [part for part in parts if part.display]
    assert sum(part.outer_size.height for part in shown) <= area.content_size.height
    width = area.content_size.width
    for part in shown:
        assert all(len(line) <= width for line in part.lines(width)), type(part).__name__
        assert part.region.bottom <= area.region.bottom, type(part).__name__
    text = board_text(app)
    for name in screen.session.names:
        assert name in text


async def test_four_players_fit_the_80x24_board_area(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", 4, seats=4), lambda s: s.ply > 60 and at_action(s))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        parts_fit(app)
        assert app.screen.plan[0] == "inline", "one line of cards per fortress"


async def test_four_players_fit_during_an_attack_at_80x24(tmp_path):
    def attacking(s):
        step = top(s)
        return (
            step is not None
            and step.kind == "select"
            and step.purpose == "attack"
            and len(step.selected) >= 2
        )

    session = play_until(new_session(tmp_path / "g.toml", 4, seats=4), attacking)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        parts_fit(app)
        assert "Swords" in board_text(app) and "Shields" in board_text(app)


def attack_picking(purpose: str):
    def stop(s):
        step = top(s)
        return step is not None and step.kind == "select" and step.purpose == purpose and step.seat == 0

    return stop


# moment: how a 4-player game gets to a step of an attack that was too tall at 80x24
# (15 to 17 rows of table in a 14-row board area: the hand was cut off).
TALL_MOMENTS = {
    "night-attack-supported-react": lambda path: supported_at_night(
        new_session(path, 1, bot=False, seats=4), "react"
    ),
    "supporting": lambda path: play_until(new_session(path, 1, seats=4), attack_picking("support"), 2000),
    "picking-an-attack": lambda path: play_until(
        new_session(path, 1, seats=4), attack_picking("attack"), 2000
    ),
}


@pytest.mark.parametrize(
    ("moment", "size"),
    [pytest.param(moment, (80, 24), id=f"{moment}-80x24") for moment in TALL_MOMENTS]
    # Three rows shorter, the piles leave the table before the hand is cut off.
    + [pytest.param("night-attack-supported-react", (80, 21), id="night-attack-supported-react-80x21")],
)
async def test_the_hand_stays_whole_on_screen_during_a_4_player_attack_at_80x24(tmp_path, moment, size):
    """Every row of the hand (what the player picks from) is on screen at
    80x24, and the question asked under the table with it."""
    session = TALL_MOMENTS[moment](tmp_path / "g.toml")
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=size) as pilot:
        await open_table(pilot)
        parts_fit(app)
        screen = app.screen
        hand, area = screen.query_one(Hand), screen.query_one("#board-area")
        rows = hand.shown_lines(hand.size.width)
        assert hand.display and hand.region.height == len(rows) and len(rows) >= 1
        assert hand.region.bottom <= area.region.bottom
        shown = screen_text(app)
        for row in rows:
            assert row.text.plain.strip() in shown
        assert prompt_text(app).strip() in shown


async def test_hot_seat_a_buyer_sees_the_cards_bought_before_the_device_passes(tmp_path):
    """What players found, item 9: the curtain fell at once after a Buy (Wei
    was asked about a Thief first, then the turn passed), so the buyer never
    saw the two cards drawn. Now the device comes back to the buyer."""
    from castletui.rules.castlecards.state import Buy

    def can_buy(s):
        seat = s.to_move()
        return seat is not None and seat >= 0 and at_action(s, seat) and Buy() in s.legal_actions()

    session = play_until(new_session(tmp_path / "g.toml", 4, bot=False), can_buy)
    buyer = session.to_move()
    other = 1 - buyer
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
        screen = app.screen
        assert screen.viewer == buyer
        hand_before = len(session.state.players[buyer].hand)
        screen.play(Buy())
        await settle(pilot)
        # Wei is asked about a Thief (everyone is asked, by default) ...
        for _ in range(6):
            if isinstance(app.screen, CurtainScreen) and app.screen.player_name == session.names[buyer]:
                break
            await pilot.press("enter")  # pass the device / I am Wei / no Thief
            await settle(pilot)
        # ... then the device comes back to the buyer, who sees the new cards.
        assert isinstance(app.screen, CurtainScreen) and app.screen.player_name == session.names[buyer]
        assert "See how your turn ended" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.viewer == buyer
        assert len(app.screen.query_one(Hand).scene.fortresses[buyer].hand) == hand_before + 1
        assert choice_texts(app) == [f"Pass to {session.names[other]}"]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player_name == session.names[other]


async def test_resuming_a_hot_seat_game_shows_no_hand_before_someone_says_who_they_are(tmp_path):
    """What players found, item 7: quitting at "Pass to Wei" and running
    `castletui resume` opened with Wei's whole hand on screen."""
    session = new_session(tmp_path / "g.toml", 2, bot=False)
    assert len(session.human_seats()) == 2
    for resume_by in ("command line", "continue"):
        start = Start("resume", path=session.path) if resume_by == "command line" else None
        app = StillApp(start, save_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            if resume_by == "continue":
                await pilot.press("c")
                await settle(pilot)
            assert isinstance(app.screen, CurtainScreen), resume_by
            seat = session.to_move()
            assert app.screen.player_name == session.names[seat]
            game_screen = app.screen_stack[-2]
            assert not game_screen.query_one("#board-area").display, "nothing private drawn under the curtain"
            await pilot.press("enter")
            await settle(pilot)
            assert app.screen is game_screen and game_screen.query_one("#board-area").display


async def test_the_part_of_the_table_that_has_the_keys_is_lit(tmp_path):
    """As the other games' boards: the fortresses or the hand, when the keys
    are on it, stand out from the rest of the table (castlecards.tcss; the
    rule was once written so that Textual never applied it)."""
    session = play_until(
        new_session(tmp_path / "g.toml", 3),
        may_attack,
    )
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        fortresses, hand = app.screen.query_one(Fortresses), app.screen.query_one(Hand)
        unlit = fortresses.styles.background
        assert hand.styles.background == unlit
        for part in (fortresses, hand):
            part.focus()
            await settle(pilot)
            assert app.screen.focused is part
            assert part.styles.background != unlit
            other = hand if part is fortresses else fortresses
            assert other.styles.background == unlit
