"""The session driver: acting, autosave, digital chance, bots, undo."""

from __future__ import annotations

import errno
import random

import pytest
from castletui.rules import castlecards
from castletui.rules.core import CHANCE, IllegalAction, sample_outcome
from castletui.saves import store

from castletui import saves
from castletui.driver import Driver, Person
from castletui.session import Session
from tests.toy_game import Face, Hold, Roll


def new_pig(tmp_path, *players, mode="digital", seed=5) -> Session:
    return Session.new("pig", "standard", list(players), mode=mode, seed=seed, path=tmp_path / "pig.toml")


def test_every_action_is_autosaved(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    session.act(Roll())
    session.act(session.digital_chance())
    loaded = Session.open(tmp_path / "pig.toml")
    assert loaded.ply == 2 and loaded.state == session.state
    assert loaded.save.status == session.status_text()


def test_a_games_set_up_draws_are_saved_once_after_the_last(tmp_path, monkeypatch):
    """A Game of Thrones Catan deals a dozen draws before anyone moves:
    one autosave (one fsync) after the last of them, not one each, before
    the game's first frame; the file then holds them all."""
    session = Session.new(
        "got-catan",
        "base",
        [saves.Player("Coco"), saves.Player("Wei"), saves.Player("Ann")],
        seed=3,
        path=tmp_path / "g.toml",
    )
    writes = []
    real_write = saves.write
    monkeypatch.setattr(
        saves, "write", lambda *args, **kwargs: writes.append(1) or real_write(*args, **kwargs)
    )
    Driver(session).run(bots=False)
    assert session.ply > 5 and session.to_move() != CHANCE
    assert len(writes) == 1
    loaded = Session.open(tmp_path / "g.toml")
    assert loaded.ply == session.ply and loaded.state == session.state


def test_digital_chance_is_keyed_by_seed_and_ply_so_undo_never_rerolls(pig, tmp_path):
    first = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    second = new_pig(tmp_path / "b", saves.Player("Coco"), saves.Player("Wei"))
    first.act(Roll())
    second.act(Roll())
    assert first.digital_chance() == second.digital_chance()


def test_undo_takes_back_a_decision_but_never_a_roll(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    session.act(Roll())
    assert session.undo() == "Took back 1 move."
    assert session.ply == 0
    session.act(Roll())
    session.act(Face(4))
    with pytest.raises(IllegalAction, match="chance has spoken"):
        session.undo()
    session.act(Hold())
    session.undo()
    assert session.to_move() == 0 and session.state.turn_total == 4
    assert Session.open(tmp_path / "pig.toml").ply == session.ply


def test_hot_seat_castlecards_takes_a_move_back_before_the_next_turns_draw(tmp_path):
    """Issue #43 (4): every Castlecards action ends the turn, and the next
    turn opens with a draw. Drawn at once, it made undo say "chance has
    spoken" to every misclick. The draw now waits until the device is
    passed: until then the move is taken back, and the record is the same
    as if the draw had been made at once (old saves replay the same)."""
    from castletui.rules.castlecards.state import Discard

    players = [saves.Player("Coco"), saves.Player("Wei")]
    session = Session.new("castlecards", "two-player", players, seed=3, path=tmp_path / "c.toml")
    driver = Driver(session)
    seat = driver.run().seat
    other = 1 - seat
    before, ply = session.state, session.ply
    throw = next(action for action in session.legal_actions() if isinstance(action, Discard))
    driver.person_acts(throw)
    assert driver.run() == Person(other, "hand over")
    assert session.to_move() == CHANCE, "the next turn's card is not drawn yet"
    assert driver.frame().waiting == f" {session.names[other]} draws next"
    # Left here, the game is the next person's to play (the lists say so).
    assert saves.read(tmp_path / "c.toml").status == f"{session.names[other]} to play"
    assert session.undo(seat) == "Took back 1 move."
    driver.undone()
    assert session.state == before and driver.run() == Person(seat)
    # The same move again, and the device passed: the draw is made for Wei,
    # and from then on the move stands.
    driver.person_acts(throw)
    driver.handing_over(driver.run().seat)
    driver.curtain_rose(other)
    assert driver.run() == Person(other) and session.ply == ply + 2
    with pytest.raises(IllegalAction, match="chance has spoken"):
        session.undo(seat)
    at_once = Session.new("castlecards", "two-player", players, seed=3, path=None)
    at_once.run_automatic()
    at_once.act(throw)
    at_once.run_automatic()
    assert at_once.states == session.states and at_once.save.check == session.save.check
    assert Session.open(tmp_path / "c.toml").states == session.states


def test_castlecards_at_a_real_table_takes_a_move_back_before_the_next_card_is_said(tmp_path):
    """Issue #43 (4), table mode: the next player draws a real card, and
    until the table says it came up, undo takes back the move before it
    (as it always did: the people at the table typed every entry)."""
    from castletui.rules.castlecards.state import Discard

    players = [saves.Player("Coco"), saves.Player("Wei")]
    session = Session.new(
        "castlecards", "two-player", players, mode="table", seed=3, path=tmp_path / "t.toml"
    )
    while session.to_move() == CHANCE:
        session.act(session.chance_outcomes()[0][0])
    seat, before = session.to_move(), session.state
    session.act(next(action for action in session.legal_actions() if isinstance(action, Discard)))
    assert session.to_move() == CHANCE and session.turn_player() == 1 - seat
    session.undo(seat)
    assert session.state == before


def test_undo_in_table_mode_corrects_a_mistyped_roll(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"), mode="table")
    session.act(Roll())
    session.act(Face(2))
    session.undo()
    assert session.to_move() == CHANCE
    session.act(Face(5))
    assert session.state.turn_total == 5


def test_undo_takes_back_the_bots_moves_after_yours(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Bot", "bot", "normal"))
    session.act(Roll())
    session.act(Face(3))
    session.act(Hold())
    session.run_automatic()
    # the bot rolled (chance), so undo stops there
    with pytest.raises(IllegalAction):
        session.undo()


def test_run_automatic_plays_bots_to_the_end(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("A", "bot", "normal"), saves.Player("B", "bot", "random"))
    session.run_automatic()
    assert session.over
    assert session.status_text().startswith("Finished:")


@pytest.mark.parametrize("moves_before", [0, 2])
def test_a_failing_autosave_is_reported_and_play_goes_on(pig, tmp_path, monkeypatch, moves_before):
    """The disk fills up at a move's autosave (its line appended, or the
    file written whole): the player is told, the file keeps every move
    saved before, and the next autosave that works saves the rest."""
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    for action in [Roll(), Face(3)][:moves_before]:
        session.act(action)
    before = (tmp_path / "pig.toml").read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store.os, "fsync", full)
    session.act(Roll() if moves_before == 0 else Hold())
    assert "disk is full" in session.last_save_error
    assert session.ply == moves_before + 1
    assert (tmp_path / "pig.toml").read_bytes() == before
    monkeypatch.undo()
    session.act(session.digital_chance() if moves_before == 0 else Roll())
    assert session.last_save_error == ""
    assert Session.open(tmp_path / "pig.toml").state == session.state


def test_log_lines_name_the_players(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    session.act(Roll())
    assert session.log[-1].text == "Coco rolls"
    reopened = Session.open(tmp_path / "pig.toml")
    assert [line.text for line in reopened.log] == ["Coco rolls"]


def test_in_hot_seat_only_the_person_who_moved_can_take_it_back(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    session.act(Roll())
    with pytest.raises(IllegalAction, match="That was Coco's move"):
        session.undo(seat=1)
    assert session.undo(seat=0) == "Took back 1 move."


def test_what_the_rules_do_by_themselves_is_logged_after_the_action(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    for action in (Roll(), Face(5), Roll(), Face(1)):
        session.act(action)
    assert [line.text for line in session.lines_of_last_move()] == ["The die shows 1", "Coco loses 5 points"]
    reopened = Session.open(tmp_path / "pig.toml")
    assert [line.text for line in reopened.log] == [line.text for line in session.log]


def test_undo_never_crosses_a_bot_move_that_showed_something_hidden(tmp_path):
    """Issue "Never crash, never lose a game", item 9: in Castlecards (seed
    1027) Ann attacked, the bot reacted with Boiling Oil, and Ann undid back
    over the reaction, learning the bot still held the card. A bot's move made
    while it held cards Ann cannot see is never undone past (Ann may press u
    between the bot's paced moves, so it is checked after each one)."""
    import random

    players = [saves.Player("Ann"), saves.Player("Wei", "bot", "normal")]
    session = Session.new("castlecards", "two-player", players, seed=1027, path=tmp_path / "cards.toml")
    rng = random.Random(1)
    refused = 0
    while not session.over:
        seat = session.to_move()
        if seat == CHANCE:
            session.act(session.digital_chance())
        elif seat == 0:
            session.act(rng.choice(session.legal_actions()))
        else:
            session.act(session.bot_decision())
            seats = [entry.seat for entry in session.save.log]
            since_ann = seats[len(seats) - seats[::-1].index(0) :] if 0 in seats else [CHANCE]
            if CHANCE not in since_ann:
                with pytest.raises(IllegalAction, match="Wei's move: it may have shown you something"):
                    session.undo()
                refused += 1
    assert refused > 5, "the seeded game has bot reactions right after Ann's moves"


def test_undo_still_takes_back_your_own_move_when_no_bot_has_moved(tmp_path):
    players = [saves.Player("Ann"), saves.Player("Wei", "bot", "normal")]
    session = Session.new("castlecards", "two-player", players, seed=1027, path=tmp_path / "cards.toml")
    for _ in range(300):
        session.run_automatic()
        if session.to_move() == 0 and session.save.log and session.save.log[-1].seat == 0:
            break
        session.act(session.legal_actions()[0])
    assert session.save.log[-1].seat == 0
    assert session.undo().startswith("Took back")


def test_the_standing_while_playing_is_what_the_viewer_may_know(pig, tmp_path, monkeypatch):
    """A score panel or score sheet mid-game must not add up hidden points
    (A Game of Thrones Catan's unplayed Victory Point cards): it scores the
    viewer's view until the game is over."""
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    seen = []
    real_view = pig.view

    def view(state, seat):
        seen.append(seat)
        return real_view(state, seat)

    monkeypatch.setattr(pig, "view", view)
    session.standing(1)
    assert seen == [1]
    assert session.standing(None) == session.result()


def _hot_seat_attack_pick(tmp_path, mode="digital"):
    """A two-person Castlecards game on the device, played on until the
    seat to move picks a card for a day attack; the session and the pick."""
    import random

    from castletui.rules.castlecards.state import Attack, Confirm, Pick

    session = Session.new(
        "castlecards", "two-player", [saves.Player("Ann"), saves.Player("Bo")], seed=3, path=None, mode=mode
    )
    rng = random.Random(3)
    for _ in range(600):
        if session.to_move() == CHANCE:
            outcomes = session.chance_outcomes()
            session.act(session.digital_chance() if mode == "digital" else rng.choice(outcomes)[0])
            continue
        legal = session.legal_actions()
        step = castlecards.view(session.state, session.to_move()).pending[-1]
        picks = [action for action in legal if isinstance(action, Pick)]
        if picks and step.purpose == "attack" and not session.state.assault.night:
            return session, picks[0]
        attacks = [action for action in legal if isinstance(action, Attack)]
        others = [action for action in legal if not isinstance(action, (Pick, Confirm))] or legal
        session.act(attacks[0] if attacks else rng.choice(others))
    raise AssertionError("no day attack came up")


def test_in_hot_seat_the_log_is_read_as_the_person_at_the_keyboard(tmp_path):
    """Issue 25.3: the defender, handed the device to react, never reads the
    card the attacker picked before it is shown."""
    from castletui.rules.castlecards.edition import title

    session, pick = _hot_seat_attack_pick(tmp_path)
    attacker = session.to_move()
    defender = 1 - attacker
    session.act(pick)
    session.read_log_as(attacker)
    assert title(pick.card) in session.log[-1].text
    assert session.read_log_as(defender)  # the curtain rose for the other person: a new log
    assert session.log[-1].text.endswith("adds a card.")
    assert not any(title(pick.card) in line.text for line in session.lines_of_last_move())
    assert not session.read_log_as(defender)  # the same person: nothing to redraw


def test_table_mode_reads_the_tables_public_log(tmp_path):
    """At a real table everyone reads one screen: the log names no card
    picked in secret, whoever sits nearest the keyboard."""
    session, pick = _hot_seat_attack_pick(tmp_path, mode="table")
    assert session.log_seat == CHANCE
    session.act(pick)
    assert not session.read_log_as(session.to_move())
    assert session.log[-1].text.endswith("adds a card.")


# --- whose input: a person acts only for their own seat (issue 32.1) ----------------------


def test_a_person_never_plays_a_bots_move_nor_the_games_own_draw(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Bot", "bot", "normal"))
    with pytest.raises(IllegalAction, match="It is Coco's decision, not yours"):
        session.person_acts(1, Roll())  # the bot's seat is nobody's at the keyboard
    session.person_acts(0, Roll())
    with pytest.raises(IllegalAction, match="The game itself rolls"):
        session.person_acts(0, Face(6))  # a digital die is not typed in
    session.draw()
    session.person_acts(0, Hold())
    assert session.to_move() == 1
    with pytest.raises(IllegalAction, match="Bot is a bot: it plays its own moves"):
        session.person_acts(0, Roll())
    with pytest.raises(IllegalAction, match="not the bot's move"):
        session.bot_plays(Roll())  # a person's input cannot pass for the bot's either
    plies = session.ply
    session.bot_plays(session.bot_decision())
    assert session.ply == plies + 1 and session.save.log[-1].seat == 1


def test_in_hot_seat_a_person_decides_only_for_the_seat_they_sit_at(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    assert session.may_act(1) == "It is Coco's decision, not yours."  # Wei at the keyboard on Coco's turn
    assert session.may_act(0) == ""
    assert session.may_act(0, seat=1) == "It is Coco's decision now."
    with pytest.raises(IllegalAction):
        session.person_acts(1, Roll())
    assert session.ply == 0


def test_in_table_mode_whoever_is_at_the_table_says_what_the_dice_showed(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"), mode="table")
    session.person_acts(0, Roll())
    session.person_acts(1, Face(4))  # Wei read the real die
    with pytest.raises(IllegalAction, match="No digital roll"):
        session.draw()
    assert session.state.turn_total == 4


def test_a_shared_tables_terminal_acts_only_for_its_own_seat(tmp_path):
    from tests.shared.test_table import deal, seated

    ann, bo = seated(tmp_path)
    deal([ann, bo])
    here = ann if ann.to_move() == 1 else bo  # the terminal whose seat is not to move
    mover = here.to_move()
    action = here.legal_actions()[0]
    for person in (here.seat, mover):  # not even by claiming to be the other seat
        assert here.may_act(person)
        with pytest.raises(IllegalAction, match="not yours"):
            here.person_acts(person, action)
    assert here.save.check == here.table.read()[0].check  # nothing was written


def test_no_screen_plays_around_the_guard():
    """Screens play a person's choice through GameScreen.play (Session.person_acts),
    a bot's through Session.bot_plays and a digital draw through Session.draw;
    Session.act, which asks nobody, is for the session itself and headless use."""
    import re
    from pathlib import Path

    import castletui

    root = Path(castletui.__file__).parent
    bypasses = [
        f"{path.relative_to(root)}:{number}"
        for path in root.rglob("*.py")
        if path.name != "session.py"
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if re.search(r"\.act\(", line)
    ]
    assert not bypasses


def test_the_players_panels_name_a_bot_by_its_level(pig, tmp_path):
    """Issue 30: every game's players panel says a bot's level in the wizard's
    words ("hard bot"); the usual level is just "bot", a person nothing."""
    players = [saves.Player("Coco"), saves.Player("Wei", "bot", "hard")]
    session = new_pig(tmp_path, *players)
    assert [session.bot_words(seat) for seat in range(2)] == ["", "hard bot"]
    other = new_pig(tmp_path / "b", saves.Player("Coco", "bot", "easy"), saves.Player("Wei", "bot"))
    assert [other.bot_words(seat) for seat in range(2)] == ["easy bot", "bot"]


@pytest.mark.parametrize(
    ("game_id", "variant"), [("catapult-castle", "standard"), ("castlecards", "two-player")]
)
def test_in_table_mode_the_screen_reads_the_seats_view_not_the_whole_table(game_id, variant):
    """Issue 44.3: ``read_as`` is the seat's view in every mode. A table
    mode view carries the unseen pools, so the screen's hooks need nothing
    more (tests/rules/test_screen_hooks_on_view.py); the whole state, with
    what others hold, stays in the session."""
    players = [saves.Player("Ann"), saves.Player("Bo")]
    session = Session.new(game_id, variant, players, mode="table", seed=3, path=None)
    rng = random.Random(3)
    hidden = 0
    for _ in range(80):
        seat = session.to_move()
        if seat is None:
            break
        if seat >= 0:
            assert session.read_as(seat) == session.view(seat)
            hidden += session.read_as(seat) != session.state
        chance = seat == CHANCE
        session.act(
            sample_outcome(session.chance_outcomes(), rng) if chance else rng.choice(session.legal_actions())
        )
    assert hidden  # some of those views hid something


def test_the_app_gives_a_bot_its_seats_view_never_the_state(tmp_path, monkeypatch):
    """Issue 44 item 9: ``bot_decision`` hands the game's bot the view of the
    seat to move (the other hands and the decks as placeholders), the seat
    and the level."""
    players = [saves.Player("Ann"), saves.Player("Wei", "bot", "normal")]
    session = Session.new("castlecards", "two-player", players, seed=1027, path=tmp_path / "cards.toml")
    while session.to_move() != 1:
        session.act(session.digital_chance() if session.to_move() == CHANCE else session.legal_actions()[0])
    given = []
    real = castlecards.bot_action

    def watching(*args):
        given.append(args[:3])
        return real(*args)

    monkeypatch.setattr(castlecards, "bot_action", watching)
    session.bot_plays(session.bot_decision())
    seen = given[0][0]
    assert given == [(castlecards.view(session.states[-2], 1), 1, "normal")]
    assert seen != session.states[-2]
