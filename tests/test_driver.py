"""The headless driver (castletui/driver.py): what happens now in every
situation, the frame a seat sees in every game, and whole seeded games
played through it, without Textual."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest
from castletui.rules import castlecards as castlecards_face
from castletui.rules import registry
from castletui.rules.castlecards.edition import KIND
from castletui.rules.core import CHANCE, IllegalAction, bots, table_entry
from castletui.rules.got_catan import queries
from castletui.rules.got_catan.state import BuyDevelopment, Discard, EndTurn

from castletui import saves
from castletui.driver import (
    Bot,
    Curtain,
    Draw,
    Driver,
    Entry,
    Notice,
    Over,
    Person,
    Played,
    Remote,
    TableNews,
)
from castletui.frames import Move, StepBack
from castletui.session import Session
from tests.hot_seat import a_line_of_the_frame, hot_seat
from tests.toy_game import Face, Roll

# --- next(): a stand-in session, so each situation is one line ------------------------------


@dataclass
class Table:
    """Just what Driver.next asks of a Session."""

    mover: int | None = 0
    mode: str = "digital"
    shared: bool = False
    watching: bool = False
    abandoned: bool = False
    seat: int = 0
    bots: tuple[int, ...] = ()
    seats: int = 2
    turn: int | None = None
    differ: bool = True
    form: tuple = ()
    batch: object = None
    ply: int = 3
    owners: list = field(default_factory=list)
    after_draws: int | None = None  # who decides once the draws due now are played (default: mover)
    names: list = field(default_factory=lambda: ["Coco", "Wei", "Ada", "Bo"])

    def to_move(self):
        return self.mover

    def to_move_after_draws(self):
        return self.mover if self.after_draws is None else self.after_draws

    def is_bot(self, seat):
        return seat in self.bots

    def human_seats(self):
        return [s for s in range(self.seats) if s not in self.bots]

    def turn_player(self):
        return self.mover if self.turn is None else self.turn

    def views_differ(self, seat, other):
        return self.differ

    def hides_between_people(self):
        return self.differ

    def setup_form(self):
        return self.form

    def chance_batch(self):
        return self.batch


def test_next_says_the_game_is_over():
    assert Driver(Table(mover=None)).next() == Over()


def test_next_draws_digital_chance_and_asks_the_table_in_table_mode():
    assert Driver(Table(mover=CHANCE)).next() == Draw()
    batch = table_entry.Batch("Wolves", ("soldier", "archer"), 3, lambda action: None)
    assert Driver(Table(mover=CHANCE, mode="table", form=(batch,))).next() == Entry("form", (batch,))
    assert Driver(Table(mover=CHANCE, mode="table", batch=batch)).next() == Entry("counts", (batch,))
    assert Driver(Table(mover=CHANCE, mode="table")).next() == Entry("picker")
    one = batch._replace(count=1)
    assert Driver(Table(mover=CHANCE, mode="table", batch=one)).next() == Entry("picker")


def test_declining_the_form_or_the_counts_falls_back_to_the_picker():
    batch = table_entry.Batch("Wolves", ("soldier", "archer"), 3, lambda action: None)
    driver = Driver(Table(mover=CHANCE, mode="table", form=(batch,), batch=batch))
    driver.declined(driver.next())
    assert driver.next() == Entry("counts", (batch,))
    driver.declined(driver.next())
    assert driver.next() == Entry("picker")
    driver.session.ply += 1  # the next batch is offered as counts again
    assert driver.next() == Entry("counts", (batch,))


def test_next_lets_a_bot_play_and_waits_for_another_terminal():
    assert Driver(Table(mover=1, bots=(1,))).next() == Bot(1)
    assert Driver(Table(mover=1, shared=True, seat=0)).next() == Remote(1)
    assert Driver(Table(mover=0, shared=True, seat=0)).next() == Person(0)


def test_the_curtain_falls_between_people_who_see_differently():
    driver = Driver(Table(mover=1))
    driver.viewer = 0
    assert driver.next() == Person(1, "fall")
    driver.viewer_acted = True
    assert driver.next() == Person(1, "hand over")
    driver.curtain_rose(1)
    assert driver.viewer == 1 and driver.next() == Person(1)


def test_no_curtain_when_views_are_alike_at_a_real_table_or_with_one_person():
    for table in (Table(mover=1, differ=False), Table(mover=1, mode="table"), Table(mover=1, seats=1)):
        driver = Driver(table)
        driver.viewer = 0
        assert driver.next() == Person(1)


def test_a_person_who_passed_mid_turn_is_owed_a_look_at_how_it_ended():
    table = Table(mover=1, turn=0)
    driver = Driver(table)
    driver.viewer = 0
    driver.handing_over(1)  # the defender reacts during seat 0's turn
    assert driver.owed_a_look == 0
    driver.curtain_rose(1)
    table.mover, table.turn = 2, 2  # seat 0's turn ended while seat 1 had the device
    table.seats = 3
    assert driver.next() == Person(2, "look", 0)
    driver.curtain_rose(0, to_look=True)
    assert driver.owed_a_look is None and driver.viewer == 0
    assert driver.next() == Person(2, "hand over")  # seat 0 looked: they pass it on


def test_the_curtain_a_screen_lowers_is_the_drivers_choice():
    driver = Driver(Table(mover=1))
    assert driver.curtain(Person(1, "fall")) == Curtain(1)
    look = driver.curtain(Person(2, "look", 0))
    assert look is not None and look.seat == 0 and look.to_look and look.note
    assert driver.curtain(Person(1)) is None and driver.curtain(Person(1, "hand over")) is None
    assert driver.curtain(Bot(1)) is None
    assert driver.opening_curtain(resumed=False) == Curtain(driver.viewer)
    assert "goes on" in driver.opening_curtain(resumed=True).note
    assert Driver(Table(mover=1, differ=False)).opening_curtain(resumed=True) is None
    assert Driver(Table(mover=1, mode="table")).opening_curtain(resumed=False) is None


def test_c_asks_the_table_only_while_table_mode_waits_on_chance():
    assert Driver(Table(mover=CHANCE, mode="table")).asks_the_table
    assert not Driver(Table(mover=CHANCE)).asks_the_table
    assert not Driver(Table(mover=0, mode="table")).asks_the_table


def test_a_draw_in_the_next_persons_turn_waits_until_the_curtain_rises_for_them():
    """Issue #43 (4): Castlecards' next turn opens with a draw. Drawn at
    once, it stood between a misclick and its undo; now the person who
    acted passes the device first, and the draw is made for the next."""
    opening = {"mover": CHANCE, "turn": 1, "after_draws": 1}
    driver = Driver(Table(**opening))
    driver.viewer, driver.viewer_acted = 0, True
    assert driver.next() == Person(1, "hand over")
    driver.handing_over(1)
    assert driver.owed_a_look is None, "the turn is already the next person's"
    driver.curtain_rose(1)
    assert driver.next() == Draw()


def test_a_draw_does_not_wait_for_a_bot_another_terminal_a_real_table_or_a_third_person():
    def next_of(viewer_acted=True, **table):
        driver = Driver(Table(**{"mover": CHANCE, "turn": 1, "after_draws": 1, **table}))
        driver.viewer, driver.viewer_acted = 0, viewer_acted
        return driver.next()

    assert next_of(viewer_acted=False) == Draw()  # nobody acted here yet (the game's deal)
    assert next_of(turn=0, after_draws=0) == Draw()  # a draw of the viewer's own turn
    assert next_of(bots=(1,)) == Draw()  # a bot draws and plays at once
    assert next_of(differ=False) == Draw()  # no curtain: nothing to wait for
    assert next_of(shared=True) == Draw()  # one person per terminal, no curtain
    assert next_of(mode="table") == Entry("picker")  # the real deck: the table says
    assert next_of(after_draws=0, seats=3) == Draw()  # someone else decides first


# --- next() and run() on real sessions -----------------------------------------------------


def new_pig(tmp_path, *players, mode="digital") -> Session:
    return Session.new("pig", "standard", list(players), mode=mode, seed=5, path=tmp_path / "pig.toml")


def test_run_plays_draws_and_bots_until_a_person_decides(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Bot", "bot", "normal"))
    driver = Driver(session)
    assert driver.next() == Person(0)
    driver.person_acts(Roll())
    assert driver.next() == Draw()
    now = driver.run()
    assert now in (Person(0), Over()) and session.ply >= 2


def test_a_person_acts_only_through_the_sessions_guard(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    driver = Driver(session)
    driver.viewer = 1
    with pytest.raises(IllegalAction, match="not yours"):
        driver.person_acts(Roll())
    assert session.ply == 0 and not driver.viewer_acted
    driver.viewer = 0
    driver.person_acts(Roll())
    assert driver.viewer_acted
    with pytest.raises(IllegalAction, match="The game itself rolls"):
        driver.person_acts(Face(3))


def test_what_came_of_a_move_or_an_undo_is_said_without_a_screen(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    driver = Driver(session)
    refused = driver.acts(Face(3))
    assert not refused.done and refused.notice.title == "Not allowed" and not refused.reread
    assert driver.takes_back() == Played(
        False, notice=Notice(refused_undo(session), "Cannot undo", "warning")
    )
    played = driver.acts(Roll())
    assert played.done and played.lines and played.notice is None and session.ply == 1
    undone = driver.takes_back()
    assert undone.done and undone.notice.timeout == 3 and session.ply == 0


def refused_undo(session: Session) -> str:
    try:
        session.undo(0)
    except IllegalAction as error:
        return error.reason
    raise AssertionError("nothing to take back, yet undone")


def test_another_terminal_first_is_said_to_the_mover_and_the_table_read_again(pig, tmp_path, monkeypatch):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    driver = Driver(session)

    def moved_first(*_):
        raise saves.SaveError("Wei moved first.")

    monkeypatch.setattr(session, "person_acts", moved_first)
    monkeypatch.setattr(session, "bot_plays", moved_first)
    mine = driver.acts(Roll())
    assert not mine.done and mine.reread and mine.notice.title == "Not played"
    driver.viewer = 1
    theirs = driver.acts(Roll(), bot=True)
    assert not theirs.done and theirs.reread and theirs.notice is None  # not the person here's move


def test_a_real_hot_seat_game_lowers_the_curtain_between_hands(tmp_path):
    session = Session.new(
        "castlecards", "two-player", [saves.Player("Ann"), saves.Player("Bo")], seed=3, path=None
    )
    driver = Driver(session)
    assert driver.hidden_between_people()
    assert isinstance(driver.run(), Person)
    seat = session.to_move()
    driver.curtain_rose(seat)
    for _ in range(200):  # play until the other person decides
        if session.to_move() not in (seat, CHANCE):
            break
        if session.to_move() == CHANCE:
            driver.draw()
            continue
        driver.person_acts(session.legal_actions()[-1])
    assert driver.next() == Person(session.to_move(), "hand over")


def test_a_hot_seat_game_whose_first_mover_is_not_the_first_seat_shows_one_curtain(tmp_path):
    """Issue #28 (14): Castlecards deals first, then Wei (seat 1) goes. The
    screen lowers the opening curtain for ``driver.viewer`` before the
    deal is drawn; that must be Wei, and no second curtain follows."""
    session = Session.new(
        "castlecards", "two-player", [saves.Player("Coco"), saves.Player("Wei")], seed=1, path=None
    )
    assert session.to_move() == CHANCE  # the deal is still to draw
    driver = Driver(session)
    assert driver.hidden_between_people()
    curtains = [driver.viewer]  # the screen's opening curtain (GameScreen.on_mount)
    driver.curtain_rose(driver.viewer)
    now = driver.run()
    if isinstance(now, Person) and now.curtain:
        curtains.append(now.seat)
    assert now == Person(1) and session.to_move() == 1
    assert curtains == [1]


# --- frames ---------------------------------------------------------------------------------------


GAMES = {
    "castle-raisers": "competitive",
    "catapult-castle": "standard",
    "castlecards": "two-player",
    "got-catan": "base",
}


def started(game_id: str, variant: str, bots: bool = False, seed: int = 2) -> Session:
    info = registry.get(game_id).INFO
    seats = info.variant(variant).min_seats
    players = [saves.Player(f"P{i}", "bot" if bots else "human", "random") for i in range(seats)]
    session = Session.new(game_id, variant, players, seed=seed, path=None)
    Driver(session).run()
    return session


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_frame_of_the_seat_to_move_lists_its_choices_from_its_view(game_id):
    session = started(game_id, GAMES[game_id])
    driver = Driver(session)
    seat = session.to_move()
    frame = driver.frame(seat)
    assert frame.deciding and frame.seat == seat and frame.prompt
    assert frame.view == session.view(seat)
    assert any(not line.disabled for line in frame.lines)
    assert driver.frame(seat) is frame  # once per position, viewer and path
    legal = session.legal_actions()
    for line in frame.lines:
        assert line.action is None or line.action in legal
    for _where, action in frame.spots.values():
        assert action in legal
    for line in frame.lines:
        if line.group is not None:
            inner = driver.frame(seat, line.group)
            assert inner.path == line.group and inner.lines


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seat_that_does_not_decide_gets_no_choices_and_no_legal_list(game_id, monkeypatch):
    session = started(game_id, GAMES[game_id])
    seat = session.to_move()
    other = (seat + 1) % len(session.players)

    def no_legal_list():
        raise AssertionError("the legal actions of another seat were read")

    monkeypatch.setattr(session, "legal_actions", no_legal_list)
    frame = Driver(session).frame(other)
    assert not frame.deciding and frame.lines == () and not frame.spots
    assert frame.view == session.view(other)


def test_spots_inside_unopened_groups_are_offered_on_the_got_map():
    session = started("got-catan", "base", seed=4)
    driver = Driver(session)
    for _ in range(40):  # to a turn where something can be built
        frame = driver.frame(session.to_move())
        inside = [path for path, _ in frame.spots.values() if path]
        if inside:
            break
        session.act(session.legal_actions()[0])
        driver.run()
    assert inside, "no spot inside a group came up"
    # A spot inside a group: its path opens a level that lists it.
    spot = next(spot for spot, (path, _) in frame.spots.items() if path)
    path, action = frame.spots[spot]
    opened = driver.frame(session.to_move(), path)
    assert opened.line_at(spot) is not None


def test_the_frame_after_the_game_says_who_won(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Bot", "bot", "normal"), saves.Player("Bob", "bot", "normal"))
    assert Driver(session).run() == Over()
    frame = Driver(session).frame(0)
    assert frame.prompt.startswith("Game over:") and frame.waiting == " Game over"
    assert not frame.lines


# --- whole games through the driver -------------------------------------------------------------


def every_variant():
    for game_id in registry.ids():
        for variant in registry.get(game_id).INFO.variants:
            yield game_id, variant.name


@pytest.mark.parametrize(("game_id", "variant"), list(every_variant()))
def test_seeded_games_play_to_the_end_through_the_driver(game_id, variant):
    """Random bots and a person who takes a random line of each frame: the
    game ends, and every line offered is accepted."""
    info = registry.get(game_id).INFO
    seats = info.variant(variant).max_seats
    players = [saves.Player(f"P{i}", "human" if i == 0 else "bot", "random") for i in range(seats)]
    session = Session.new(game_id, variant, players, seed=7, path=None)
    driver = Driver(session)
    rng = random.Random(7)
    for _ in range(3000):
        now = driver.run(think_for=None)
        if isinstance(now, Over):
            break
        assert isinstance(now, Person) and now.seat == 0
        frame = driver.frame(0)
        # A line runs its group, or its action (a command of the screen's
        # with an action, as aiming or taking a tile, plays it as it is).
        driver.person_acts(a_line_of_the_frame(driver, rng))
        assert frame is not driver.frame(0)
    assert session.over and session.ply > 20, session.ply


# --- whole hot-seat games through the driver (once keyboard tests of the GoT screen) --------------


def test_a_whole_hot_seat_game_of_three_people_with_the_curtain_between_them():
    from castletui.rules import got_catan

    session = Session.new("got-catan", "base", [saves.Player(n) for n in ("Ann", "Bran", "Cat")], seed=7)

    def planned(session):
        wanted = bots.choose(got_catan, session.state, "normal", random.Random(session.ply))
        return EndTurn() if isinstance(wanted, got_catan.OfferTrade) else wanted

    curtains = hot_seat(session, planned)
    assert session.over and session.result().winners
    assert curtains >= session.state.turn_number - 1, "the curtain fell between the people"


def test_a_whole_brotherhood_hot_seat_game_ends_by_a_breach():
    """Three people following the base game's plans (no guards but the
    set-up's, no heroes): the Wall falls on the third breach."""
    from castletui.rules import got_catan
    from castletui.rules.got_catan.bots.planner import planned_action

    session = Session.new(
        "got-catan", "brotherhood", [saves.Player(n) for n in ("Ann", "Bran", "Cat")], seed=11
    )

    def planned(session):
        wanted = planned_action(session.state, random.Random(session.ply), watch=False)
        return EndTurn() if isinstance(wanted, got_catan.OfferTrade) else wanted

    curtains = hot_seat(session, planned)
    assert session.state.ended_by == "breach" and session.state.breaches == 3
    assert session.result().winners
    assert curtains >= session.state.turn_number - 1


def test_the_players_rows_name_each_bot_by_its_level(tmp_path):
    """Issue 30, item 5: every game's players panel names a bot's level in
    the same words ("hard bot"); the generic panel (Castlecards') too."""
    players = [saves.Player("Ann"), saves.Player("Wei", "bot", "hard"), saves.Player("Bo", "bot", "normal")]
    session = Session.new("castlecards", "multi-player", players, seed=5, path=tmp_path / "g.toml")
    side = Driver(session).frame(0, ()).side
    assert [row.bot for row in side] == ["", "hard bot", "bot"]


# --- each game's own menu, in the frame (castletui/frames/) -------------------------------------


def played_until(session: Session, stop, limit: int = 3000) -> Session:
    """The game's normal bot chooses for everyone (seeded) until ``stop(session)``."""
    game = session.game
    rng = random.Random(session.save.seed)
    for _ in range(limit):
        if session.over or stop(session):
            return session
        session.act(bots.choose(game, session.state, "normal", rng))
        session.run_automatic()
    raise AssertionError("the moment never came")


def top_kind(session: Session) -> str:
    return session.state.pending[-1].kind if session.state.pending else ""


def test_the_got_build_menu_lists_every_cost_and_says_why_not():
    players = [saves.Player(name) for name in ("Ann", "Bran", "Cat")]
    session = Session.new("got-catan", "base", players, seed=2, path=None)
    session.run_automatic()
    played_until(session, lambda s: top_kind(s) == "turn")
    seat = session.to_move()
    driver = Driver(session, viewer=seat)
    top = driver.frame(seat)
    assert top.prompt.startswith(f"{session.names[seat]}, rolled ")
    assert "Build..." in [line.text for line in top.lines][:2]
    build = driver.frame(seat, ("Build",))
    costs = {title: (cost, reason) for title, cost, reason in queries.build_menu(top.view, seat)}
    assert len(build.lines) == len(costs)
    for line, (title, (cost, reason)) in zip(build.lines, costs.items(), strict=True):
        if line.disabled:  # greyed with the rules' reason (or where nothing can be built)
            assert line.why_not and line.text.split(":")[0] in title and line.why_not in line.text
        else:
            assert "(" in line.text and all(resource in line.text for resource in cost)
            assert line.group is not None or isinstance(line.action, BuyDevelopment)
            assert not reason


def test_got_discards_say_how_many_of_each_card_the_player_holds():
    players = [saves.Player(name) for name in ("Ann", "Bran", "Cat")]
    session = Session.new("got-catan", "base", players, seed=1, path=None)
    session.run_automatic()
    played_until(session, lambda s: top_kind(s) == "discard")
    seat = session.to_move()
    frame = Driver(session, viewer=seat).frame(seat)
    hand = frame.view.players[seat].hand
    discards = [line for line in frame.lines if isinstance(line.action, Discard)]
    assert discards
    for line in discards:
        assert line.text.endswith(f"(you hold {hand.count(line.action.resource)})")


def test_castlecards_picking_lists_each_card_and_a_confirm_greyed_until_it_may_be_chosen():
    players = [saves.Player("Coco"), saves.Player("Wei", "bot")]
    session = Session.new("castlecards", "two-player", players, seed=5, path=None)
    session.run_automatic()

    def may_attack(s):
        step = s.state.pending[-1] if s.state.pending else None
        if step is None or step.kind != "action" or step.seat != 0:
            return False
        hand = s.state.players[0].hand
        armed = [c for c in hand if KIND[c] in ("soldiers", "bowmen", "weapon")]
        return len(armed) >= 2 and any(
            isinstance(a, castlecards_face.Attack) and not a.garrison for a in s.legal_actions()
        )

    played_until(session, may_attack)
    driver = Driver(session, viewer=0)
    opened = driver.frame(0, ("Attack",))
    assert opened.prompt.endswith("which card do you attack?") and opened.lines[-1].command == "back"
    session.act(
        next(a for a in session.legal_actions() if isinstance(a, castlecards_face.Attack) and not a.garrison)
    )
    frame = driver.frame(0)
    picks = [line for line in frame.lines if isinstance(line.action, castlecards_face.Pick)]
    assert picks and all(line.spot == ("hand", line.action.card) and " vs " in line.text for line in picks)
    confirm = frame.lines[-1]
    assert confirm.text == "Confirm: pick a card first" and confirm.disabled and confirm.why_not
    session.act(picks[0].action)
    confirm = driver.frame(0).lines[-1]
    assert isinstance(confirm.action, castlecards_face.Confirm) or confirm.why_not
    if not confirm.disabled:
        assert confirm.text.startswith("Confirm: attack")


def test_the_curtain_is_kept_by_the_driver_alone():
    """Issue 44, item 6: who the device goes to next and whether the curtain
    hides the table are the driver's (the screen reads them); handing over,
    the curtain falling and rising, and an undo move them."""
    driver = Driver(Table(mover=1))
    driver.viewer = 0
    driver.handing_over(1)
    assert (driver.passing_to, driver.curtain_down) == (1, False)
    driver.curtain_falls()
    assert (driver.passing_to, driver.curtain_down) == (None, True)
    driver.curtain_rose(1)
    assert (driver.viewer, driver.curtain_down) == (1, False)
    driver.handing_over(0)
    driver.undone()
    assert driver.passing_to is None


def test_taking_a_tile_and_placing_it_is_one_move_undone_as_one():
    """Issue 44, item 6: Castle Raisers' slot line is one move of the driver
    (two rules actions, the save holds both as before), played whole or not
    at all, and one undo takes both back."""
    from castletui.rules.castle_raisers import DraftTile, PlaceTile

    players = [saves.Player("Coco"), saves.Player("Wei")]
    session = Session.new("castle-raisers", "competitive", players, seed=3, path=None)
    driver = Driver(session)
    now = driver.run()
    while not (isinstance(now, Person) and driver.frame().scene.asking.drafting):
        driver.took_seat(now.seat)
        driver.person_acts(session.legal_actions()[0])
        now = driver.run()
    driver.took_seat(now.seat)
    ply, state = session.ply, session.state
    tile = driver.frame().lines[0].group
    slot = next(line for line in driver.frame(None, tile).lines if isinstance(line.action, Move))
    with pytest.raises(IllegalAction):  # a slot that cannot take it: the tile is not taken either
        driver.person_acts(Move((slot.action.actions[0], PlaceTile(99, 99))))
    assert (session.ply, session.state) == (ply, state)
    driver.person_acts(slot.action)
    assert session.ply == ply + 2
    assert [type(session.action_at(p)) for p in (ply, ply + 1)] == [DraftTile, PlaceTile]
    assert driver.undo() == "Took back the tile and where it went."
    assert (session.ply, session.state) == (ply, state)


def test_step_seats_a_person_who_needs_no_curtain_and_starts_a_hand_over():
    """Issue 44, item 6: only a curtain that falls is left to the screen."""
    driver = Driver(Table(mover=1, differ=False))
    assert driver.step() == Person(1) and driver.viewer == 1
    driver = Driver(Table(mover=1))
    driver.viewer, driver.viewer_acted = 0, True
    assert driver.step() == Person(1, "hand over")
    assert (driver.viewer, driver.passing_to) == (0, 1)
    driver = Driver(Table(mover=1))
    driver.viewer = 0
    assert driver.step() == Person(1, "fall") and driver.passing_to is None


def test_what_is_shown_while_choosing_handing_over_and_under_the_curtain(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    driver = Driver(session)
    driver.took_seat(0)
    choosing = driver.shown()
    assert choosing.lines == driver.frame().lines and choosing.lines
    assert driver.shown(("no such group",)).frame.path == ()  # an emptied level: the top again
    assert driver.prompt(choosing.frame) == choosing.frame.prompt
    driver.handing_over(1)
    passing = driver.shown()
    assert [(line.text, line.command) for line in passing.lines] == [("Pass to Wei", "pass")]
    assert not passing.offered and driver.prompt(passing.frame) == driver.hand_over_prompt(1)
    driver.curtain_falls()
    assert driver.shown().lines == () and not driver.shown().offered


@dataclass
class SharedTable:
    """Just what Driver.take_in_table asks of a shared Session: Wei moved last."""

    news: tuple = ([], False)
    names: list = field(default_factory=lambda: ["Coco", "Wei"])
    owners: list = field(default_factory=lambda: ["coco", "wei"])
    seated: list | None = None
    save: object = field(default_factory=lambda: SimpleNamespace(log=[SimpleNamespace(seat=1)]))
    shared: bool = True
    seat: int = 0
    watchers: list = field(default_factory=list)
    looked: list | None = None  # who watches at the next look (None: as before)
    seating: object = None

    def sync(self):
        if self.seated is not None:
            self.names, self.owners = self.seated, list(self.seated)
        return self.news

    def look_at_watchers(self):
        changed = self.looked is not None and self.looked != self.watchers
        if self.looked is not None:
            self.watchers = self.looked
        return changed


def test_a_shared_tables_news_says_what_changed_and_who_took_back():
    table = SharedTable()
    driver = Driver(table)
    assert driver.take_in_table() is None  # our own move, come back
    table.news = (["Wei rolls a 3"], False)
    assert driver.take_in_table() == TableNews(("Wei rolls a 3",))
    table.news = ([], True)
    assert driver.take_in_table() == TableNews((), rewound=True, taker="Wei")
    table.news, table.seated = ([], False), ["Coco", "Ann"]
    assert driver.take_in_table() == TableNews(renamed=True)
    table.looked = ["Cy"]  # Cy came to watch (issue 46.4): the players' panels are drawn again
    assert driver.take_in_table() == TableNews(watchers=True)
    assert driver.take_in_table() is None
    assert TableNews(rewound=True, taker="Wei").notice == Notice("Wei took back their last move.", timeout=5)


def test_a_shared_table_that_cannot_be_read_says_why():
    table = SharedTable()

    def unreadable():
        raise saves.SaveError("The table file is damaged.")

    table.sync = unreadable
    news = Driver(table).take_in_table()
    assert (
        news.unread
        == news.notice
        == Notice("The table file is damaged.", "The table cannot be read", "error", 10)
    )


def test_save_as_names_another_game_it_would_replace(pig, tmp_path):
    session = new_pig(tmp_path, saves.Player("Coco"), saves.Player("Wei"))
    driver = Driver(session)
    driver.person_acts(Roll())
    other = Session.new("pig", "standard", [saves.Player("Ann"), saves.Player("Bo")], seed=9, path=None)
    saves.write(other.save, tmp_path / "other.toml")
    (tmp_path / "junk.toml").write_text("not a save")
    assert driver.other_game_at(session.path) == ""
    assert driver.other_game_at(tmp_path / "none.toml") == ""
    assert driver.other_game_at(tmp_path / "other.toml") == "another game (pig, Ann, Bo, 0 moves)"
    assert driver.other_game_at(tmp_path / "junk.toml") == "a file castletui cannot read"


def test_escape_takes_back_a_castlecards_attack_with_its_picks_as_one_step():
    """Issue 44, item 6: Escape while picking the cards of one's own attack
    is the driver's (the menu's ``step_back``): the picks and the
    declaration go back, and the menu returns to the target taken back."""
    players = [saves.Player("Coco"), saves.Player("Wei", "bot")]
    session = Session.new("castlecards", "two-player", players, seed=5, path=None)
    session.run_automatic()

    def may_attack(s):
        step = s.state.pending[-1] if s.state.pending else None
        return (
            step is not None
            and step.kind == "action"
            and step.seat == 0
            and any(isinstance(a, castlecards_face.Attack) and not a.garrison for a in s.legal_actions())
        )

    played_until(session, may_attack)
    driver = Driver(session, viewer=0)
    ply, state = session.ply, session.state
    assert driver.step_back(driver.frame()) is None, "nothing of the person's own step to take back yet"
    attack = next(
        a for a in session.legal_actions() if isinstance(a, castlecards_face.Attack) and not a.garrison
    )
    driver.person_acts(attack)
    pick = next(line for line in driver.frame().lines if isinstance(line.action, castlecards_face.Pick))
    driver.person_acts(pick.action)
    frame = driver.frame()
    ongoing = frame.scene.attack
    back = driver.step_back(frame)
    assert back is not None and back.path == (ongoing.group,)
    assert back.spot == ("fort", ongoing.defender, ongoing.slot)
    assert driver.may_escape(frame, ()) and driver.escape(frame, (ongoing.group,)) == StepBack(())
    assert session.ply > ply, "up one menu level takes nothing back"
    assert driver.escape(frame, ()) == back
    assert (session.ply, session.state) == (ply, state)
    assert driver.back_out(driver.frame()) is None
    assert not driver.may_escape(driver.frame(), ()) and driver.escape(driver.frame(), ()) is None
    assert driver.may_escape(driver.frame(), ("Build",)) and driver.escape(None, ("Build",)) == StepBack(())


def test_the_open_menu_level_is_the_drivers_and_a_move_or_an_undo_closes_it():
    """Issue 44, item 6: the open level of the menu is kept once, by the
    driver, not by a screen: shown at, gone up by Escape, and back to the
    top after a move, an undo or other terminals' moves."""
    players = [saves.Player("Coco"), saves.Player("Wei", "bot")]
    session = Session.new("castlecards", "two-player", players, seed=5, path=None)
    session.run_automatic()
    played_until(
        session, lambda s: s.to_move() == 0 and any(line.group for line in Driver(s, 0).frame().lines)
    )
    driver = Driver(session, viewer=0)
    group = next(line.group for line in driver.shown().lines if line.group)
    driver.open(group)
    opened = driver.shown()
    assert opened.frame.path == group == driver.path and opened.lines != driver.frame().lines
    assert driver.may_escape(opened.frame) and driver.escape(opened.frame) == StepBack(group[:-1])
    assert driver.path == group[:-1]
    driver.open(group)
    action = next(
        line.action for line in driver.shown().lines if line.action is not None and not line.disabled
    )
    assert driver.acts(action).done and driver.path == ()
    driver.open(("Build",))
    assert driver.takes_back().done and driver.path == ()
    table = SharedTable(news=(["Wei rolls a 3"], False))
    shared = Driver(table, path=("Build",))
    shared.take_in_table()
    assert shared.path == ()


def test_a_save_error_is_told_once_until_another_comes():
    table = SimpleNamespace(last_save_error="")
    driver = Driver(table, viewer=0)
    assert driver.unsaved() is None
    table.last_save_error = "The disk is full."
    assert driver.unsaved() == Notice("The disk is full.", "Not saved", "error", 10)
    assert driver.unsaved() is None  # the autosave failed again: told already
    table.last_save_error = "Permission denied."
    assert driver.unsaved().text == "Permission denied."
