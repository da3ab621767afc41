"""A correspondence table's clock as terminals play it (issue 46 item 3),
over simulated days: the lobby says the time left, a late seat handed to
a bot is played by the other terminal's driver through that seat's view,
its owner gets it back by sitting down and is told what the bot did; an
abandoned game is listed among the finished. Headless, but for one Pilot
test: the offer at the table."""

from __future__ import annotations

import datetime
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

from castletui.rules.core import CHANCE
from castletui.saves.clock import ABANDON, BOT
from castletui.saves.seal import commitment
from castletui.saves.table import ABANDONED, Table, TableListing
from textual.widgets import Select

from castletui import cli, saves
from castletui.app import Start
from castletui.driver import Driver
from castletui.lobby import FINISHED, STOOD_IN, THEIR_TURN, YOUR_TURN, Turns, lobby_lines, next_waiting
from castletui.screens.game_clock import SeatStoodIn, TableClock, TimeOutOffer
from castletui.screens.join import JoinScreen
from castletui.seat_back import WELCOME_TITLE
from castletui.session import Session
from castletui.shared import create_table
from castletui.tables import join_table
from castletui.widgets.plain import Plain
from tests.app.driving import click_when_shown, wait_until
from tests.shared.lobby_tables import NOON, at, play_until, waiting_for
from tests.shared.test_apps import Terminal, game_screen

DAY = 86_400
OWNERS = ["user:ann", "user:bo"]


def timed_table(directory: Path) -> Table:
    """Ann and Bo at a Castlecards table with a day per move, Bo to move since 5 h before noon."""
    directory.mkdir(mode=0o700, exist_ok=True)
    players = [saves.Player("Seat 1"), saves.Player("Seat 2")]
    with mock.patch("castletui.saves.table.new_seed", return_value=4):
        table, _, _ = create_table(directory, OWNERS[0], "castlecards", "two-player", players, per_move=DAY)
    Table(table.path).take_seat(1, OWNERS[1])
    play_until(table, OWNERS, waiting_for(1), at(5))
    return table


def bo_stood_in_for(table) -> None:
    """Ann hands Bo's seat to a bot a day and 5 h into his turn: his day is out."""
    with mock.patch.object(saves, "now", return_value=at(-30)):
        Table(table.path).time_out(1, OWNERS[0], BOT)


def line_of(directory: Path, who: str, now: datetime.datetime):
    (line,) = lobby_lines(TableListing(directory).rows(), who, who[5:], Turns(), now)[0]
    return line


def test_the_lobby_says_the_time_left_and_when_it_is_out(tmp_path):
    directory = tmp_path / "tables"
    timed_table(directory)
    bos = line_of(directory, "user:bo", NOON)
    assert (bos.group, bos.text) == (YOUR_TURN, "Castlecards with ann: your turn for 5 h, 19 h left")
    anns = line_of(directory, "user:ann", NOON)
    assert (anns.group, anns.text) == (THEIR_TURN, "Castlecards with bo: bo's turn, 5 h, 19 h left")
    anns = line_of(directory, "user:ann", NOON + datetime.timedelta(days=1))
    assert anns.text == "Castlecards with bo: bo's turn, 29 h, out of time: open it to choose"


def test_a_free_seat_at_a_timed_table_says_its_pace_as_the_wizard_offered_it(tmp_path):
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    players = [saves.Player("Seat 1"), saves.Player("Seat 2")]
    create_table(directory, OWNERS[0], "castlecards", "two-player", players, per_move=DAY)
    free, _watch = lobby_lines(TableListing(directory).rows(), "user:bo", "bo", Turns(), NOON)[0]
    assert free.text == "Take seat 2: Castlecards (2 players), 1 d a move with ann"


class Lobby:
    """What join_table asks of an app: who sits down, and what it is told."""

    def __init__(self, who: str, directory: Path) -> None:
        self.who, self.table_dir, self.told, self.session = who, directory, [], None

    def notify(self, message: str, **_: object) -> None:
        self.told.append(message)

    def open_session(self, session: Session, resumed: bool = False) -> None:
        self.session = session


def test_a_late_seat_is_played_by_a_bot_through_its_view_and_given_back_with_what_it_did(tmp_path):
    directory = tmp_path / "tables"
    table = timed_table(directory)
    ann = Session.at_table(Table(table.path), 0, OWNERS[0])
    with mock.patch.object(saves, "now", return_value=at(-30)):  # a day and 5 h after Bo's turn began
        Table(table.path).time_out(1, OWNERS[0], BOT)
        ann.sync()
        assert ann.is_bot(1) and ann.may_act(0, 1) == "bo is a bot: it plays its own moves."
        seen = []
        real_view = ann.game.view
        with mock.patch.object(
            ann.game, "view", lambda state, seat: seen.append(seat) or real_view(state, seat)
        ):
            ann.run_automatic()  # Ann's terminal plays Bo's seat until a person (Ann) must decide
        assert ann.to_move() == 0 and 1 in seen
        assert Table(table.path).read()[0].log == ann.save.log  # each of the bot's moves is on the table
    bo = Lobby(OWNERS[1], directory)
    assert join_table(bo, Path(table.path), None)
    assert Table(table.path).read()[1].stand_ins == []
    assert not bo.session.is_bot(1)
    (told,) = bo.told
    assert told.startswith(
        "Your seat is yours again. While your time was out a bot played for you (ann chose it):"
    )
    bots_lines = [line.text for line in bo.session.log if line.seat == 1][-1]
    assert bots_lines in told


def test_the_lobby_tells_the_owner_a_bot_plays_their_seat_whoever_is_to_move(tmp_path):
    """Bo's seat was handed to a bot and the game moved on to Ann: his
    lobby (in its words) still says how to take it back, on top, and n
    goes there; it had read "ann's turn" as if nothing happened."""
    directory = tmp_path / "tables"
    ann_moved_on_after_a_bot_took_bos_seat(directory)
    later = NOON + datetime.timedelta(days=1, hours=6)
    bos = line_of(directory, "user:bo", later)
    assert (bos.group, bos.text) == (YOUR_TURN, f"Castlecards with ann: {STOOD_IN}")
    assert next_waiting([bos], None) == bos


def test_a_bot_playing_a_late_seat_is_said_to_think_for_its_owner(tmp_path):
    table = timed_table(tmp_path / "tables")
    bo_stood_in_for(table)
    ann = Session.at_table(Table(table.path), 0, OWNERS[0])
    assert ann.to_move() == 1 and 1 in ann.stand_ins
    assert Driver(ann).frame().prompt == "A bot is thinking for bo..."


def ann_moved_on_after_a_bot_took_bos_seat(directory: Path) -> Table:
    """Ann hands Bo's late seat to a bot, and her terminal plays it until she must decide."""
    table = timed_table(directory)
    ann = Session.at_table(Table(table.path), 0, OWNERS[0])
    with mock.patch.object(saves, "now", return_value=at(-30)):
        Table(table.path).time_out(1, OWNERS[0], BOT)
        ann.sync()
        ann.run_automatic()
    assert ann.to_move() == 0
    return table


def test_an_abandoned_game_is_finished_in_the_lobby_and_takes_no_move(tmp_path):
    directory = tmp_path / "tables"
    table = timed_table(directory)
    with mock.patch.object(saves, "now", return_value=at(-30)):
        Table(table.path).time_out(1, OWNERS[0], ABANDON)
    for who in OWNERS:
        line = line_of(directory, who, NOON + datetime.timedelta(days=2))
        assert (line.group, line.text.rsplit(": ", 1)[1]) == (FINISHED, ABANDONED)
    bo = Session.at_table(Table(table.path), 1, OWNERS[1])
    assert bo.may_act(1) == "The game was ended as abandoned: nobody moves any more."
    assert bo.undo_target(1)[0] == -1


def test_an_abandoned_game_reveals_its_seed_and_verify_checks_its_draws(tmp_path, capsys):
    directory = tmp_path / "tables"
    table = timed_table(directory)
    with mock.patch.object(saves, "now", return_value=at(-30)):
        Table(table.path).time_out(1, OWNERS[0], ABANDON)
    save = saves.read(table.path)
    assert save.salt and commitment(save.seed, save.salt) == save.commitment  # revealed, the one committed to
    assert cli.main(["verify", str(table.path)]) == 0
    draws = sum(entry.seat == CHANCE for entry in save.log)
    assert f"All {draws} draws and rolls follow from the committed seed." in capsys.readouterr().out


class ClockedTerminal(Terminal):
    """Ann's castletui a day and a half after Bo's turn began (the table's own time is today's)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.clock = lambda: NOON + datetime.timedelta(hours=30)


async def test_at_the_table_the_others_are_offered_a_bot_for_a_late_seat(tmp_path):
    directory = tmp_path / "tables"
    table = timed_table(directory)
    app = ClockedTerminal(directory, "ann", Start("join", path=Path(table.path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TimeOutOffer))
        game = game_screen(app)
        assert game.sub_title.startswith("bo's time is out")
        # Said as the wizard offered it, and asked as plain lines ask it.
        offer = app.screen
        assert offer.query_one(".dialog-message", Plain).shown.startswith("bo had 1 d for this move")
        assert (
            offer.query_one(".dialog-question", Plain).shown
            == "bo's time is out: what becomes of their seat?"
        )
        before = game.session.ply
        await click_when_shown(pilot, f"#{BOT}")
        # The table hands Bo's seat to a bot, and Ann's terminal plays it until Ann must decide.
        await wait_until(pilot, lambda: game.session.to_move() == 0 and 1 in game.session.stand_ins)
        assert Table(table.path).read()[1].stand_ins[0].seat == 1
        assert 1 in [entry.seat for entry in Table(table.path).read()[0].log[before:]]


async def test_after_wait_more_the_offer_comes_back_once_another_period_has_passed(tmp_path):
    directory = tmp_path / "tables"
    table = timed_table(directory)
    app = ClockedTerminal(directory, "ann", Start("join", path=Path(table.path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TimeOutOffer))
        game = game_screen(app)
        told = len(app._notifications)
        await pilot.press("escape")  # wait more: and told when it is asked again
        await wait_until(pilot, lambda: app.screen is game and len(app._notifications) > told)
        waited = NOON + datetime.timedelta(hours=30)
        app.clock = lambda: waited + datetime.timedelta(hours=23)  # less than the day Bo had
        game.table.clock.show()  # the half-minute look
        assert app.screen is game
        app.clock = lambda: waited + datetime.timedelta(days=1, minutes=1)
        game.table.clock.show()
        await wait_until(pilot, lambda: isinstance(app.screen, TimeOutOffer))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game)


async def test_a_spectator_is_never_offered_the_choice(tmp_path):
    directory = tmp_path / "tables"
    timed_table(directory)
    app = ClockedTerminal(directory, "cy", Start("join"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await pilot.press("enter")  # the one line: watch ann and bo's game
        await wait_until(pilot, lambda: game_screen(app) is not None and game_screen(app).frame is not None)
        game = game_screen(app)
        assert game.session.watching and game.sub_title.startswith("bo's time is out")
        app.clock = lambda: NOON + datetime.timedelta(days=5)
        game.table.clock.show()
        assert app.screen is game


class OfferScreen:
    """Just what the table's clock asks of a game screen; the dialogs it pushes recorded."""

    def __init__(self, session: Session) -> None:
        self.session, self.is_attached, self.sub_title, self.pushed = session, True, "", []
        self.app = SimpleNamespace(
            screen=self,
            clock=lambda: NOON + datetime.timedelta(days=5),
            push_screen=lambda dialog, _=None: self.pushed.append(dialog),
        )


def test_the_screen_offers_the_choice_only_where_the_table_would_take_it(tmp_path):
    table = timed_table(tmp_path / "tables")
    anns = OfferScreen(Session.at_table(Table(table.path), 0, OWNERS[0]))
    TableClock(anns).show()
    assert [type(dialog) for dialog in anns.pushed] == [TimeOutOffer]
    # A terminal at seat 0 whose identity the table does not seat (the seat
    # given to another owner since): out of time, not its seat, not watching, and yet the
    # table refuses it the choice, so it is not offered.
    strangers = OfferScreen(Session.at_table(Table(table.path), 0, "user:cy"))
    assert Table(table.path).read()[1].owners[0] != "user:cy"
    TableClock(strangers).show()
    assert strangers.pushed == []


async def test_an_owner_still_at_the_table_presses_a_key_and_has_the_seat_back(tmp_path):
    directory = tmp_path / "tables"
    table = timed_table(directory)
    app = Terminal(directory, "bo", Start("join", path=Path(table.path)))
    async with app.run_test(size=(80, 24)) as pilot:
        # The game on top, drawn: the dialog is only put over the screen in front.
        await wait_until(pilot, lambda: app.screen is game_screen(app) and app.screen.frame is not None)
        game = game_screen(app)
        bo_stood_in_for(table)
        await wait_until(pilot, lambda: isinstance(app.screen, SeatStoodIn))
        assert game.sub_title.startswith("a bot plays your seat: press a key ·")
        await pilot.press("x")  # any key: Bo is back
        await wait_until(pilot, lambda: app.screen is game and not game.session.is_bot(1))
        assert Table(table.path).read()[1].stand_ins == []
        assert any(
            note.title == WELCOME_TITLE and note.message.startswith("Your seat is yours again")
            for note in app._notifications
        )


async def test_the_wizard_asks_for_the_table_with_the_time_per_move_chosen(tmp_path):
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    preset = {"shared": True, "per_move": DAY}  # castletui new castlecards --shared --per-move 1d
    ann = Terminal(directory, "ann", Start("wizard", game_id="castlecards", new_game=preset))
    asked = []
    with mock.patch("castletui.screens.wizard.start_shared_game", lambda app, **new: asked.append(new)):
        async with ann.run_test(size=(80, 24)) as pilot:
            await wait_until(
                pilot,
                lambda: (
                    ann.screen.query("#per-move-field") and ann.screen.query_one("#per-move-field").display
                ),
            )
            assert ann.screen.query_one("#per-move", Select).value == DAY
            ann.screen.query_one("#per-move", Select).value = 3600  # the player changes it to 1 h
            await pilot.press("ctrl+s")
            await wait_until(pilot, lambda: asked)
    assert asked[0]["per_move"] == 3600  # create_table makes it so (the tests above)


def test_a_player_whose_seat_a_bot_plays_is_told_in_the_bar_how_to_take_it_back(tmp_path):
    # The header is cut at 80 columns: the way back is the action bar's.
    from castletui.driver import STOOD_IN, Driver

    directory = tmp_path / "tables"
    table = timed_table(directory)
    bo = Session.at_table(Table(table.path), 1, OWNERS[1])
    bo_stood_in_for(table)
    bo.sync()
    assert bo.is_bot(1)
    assert Driver(bo).frame(1).prompt == STOOD_IN
    assert len(STOOD_IN) <= 78  # the bar's one line at 80 columns: it is cut, not wrapped


def test_a_bot_move_for_your_seat_that_another_terminal_played_first_is_not_your_race(tmp_path):
    # Every terminal at the table plays the stand-in's moves; the one that
    # loses the race was told "Your move from another terminal came first...
    # Choose again." though its player chose nothing.
    from castletui.driver import Driver

    directory = tmp_path / "tables"
    table = timed_table(directory)
    bo_stood_in_for(table)
    ann = Session.at_table(Table(table.path), 0, OWNERS[0])
    bo = Session.at_table(Table(table.path), 1, OWNERS[1])
    assert bo.is_bot(1) and bo.to_move() == 1
    anns, bos = Driver(ann, viewer=0), Driver(bo, viewer=1)
    late = bos.bot_move()
    assert anns.acts(anns.bot_move(), bot=True).done
    lost = bos.acts(late, bot=True)
    assert not lost.done and lost.reread and lost.notice is None


def test_a_game_over_says_no_more_that_a_bot_plays_your_seat(tmp_path):
    # The header kept "a bot plays your seat..." on the score sheet's game.
    import random
    from types import SimpleNamespace

    from castletui.screens.game_clock import TableClock

    directory = tmp_path / "tables"
    table = timed_table(directory)
    with mock.patch.object(saves, "now", return_value=at(-30)):
        Table(table.path).time_out(1, OWNERS[0], BOT)
        ann = Session.at_table(Table(table.path), 0, OWNERS[0])
        chooser = random.Random(2)
        while not ann.over:
            ann.run_automatic()
            if ann.to_move() == 0:
                ann.act(chooser.choice(ann.legal_actions()))
    bo = Session.at_table(Table(table.path), 1, OWNERS[1])
    assert bo.over and 1 in bo.stand_ins
    screen = SimpleNamespace(session=bo, app=SimpleNamespace(clock=lambda: NOON))
    assert TableClock(screen).words() == ""


def test_in_plain_lines_a_bot_move_that_lost_the_race_is_not_your_move(tmp_path):
    # Plain lines said "Your move from another terminal came first" when the
    # stand-in's move for your seat was played first by another terminal.
    import io

    from castletui.driver import Driver, Remote
    from castletui.plain.game import PlainGame
    from castletui.plain.talk import Talk

    directory = tmp_path / "tables"
    table = timed_table(directory)
    bo_stood_in_for(table)
    ann = Session.at_table(Table(table.path), 0, OWNERS[0])
    bo = Session.at_table(Table(table.path), 1, OWNERS[1])
    said = io.StringIO()
    plain = PlainGame(bo, Talk(io.StringIO(), said), think_for=None)
    plain.driver.viewer = 1
    anns = Driver(ann, viewer=0)
    real_move = plain.driver.bot_move

    def late_move(think_for=None):
        move = real_move(think_for)
        ann.sync()  # what Bo's terminal drew so far
        assert anns.acts(anns.bot_move(), bot=True).done  # Ann's terminal plays it first
        return move

    plain.driver.bot_move = late_move
    assert isinstance(plain.advance(), Remote)  # Ann's turn now, at her terminal
    assert "came first" not in said.getvalue()
