"""Watching a game again (castletui/replay.py), headless: every step shows
what the live game showed, whose eyes a replay may have, play on from any
step, and ``castletui replay FILE --text``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from castletui.rules import registry
from castletui.rules.core import CHANCE, IllegalAction, log_lines, name_seats
from castletui.saves.table import Table

from castletui import cli, saves
from castletui.commands.start import start_from
from castletui.replay import EVERYONE, Replay
from castletui.session import Session

GAMES = [
    pytest.param("catapult-castle", "standard", 2, 3, None, id="catapult-castle"),
    pytest.param("castle-raisers", "cooperative", 2, 4, None, id="castle-raisers"),
    pytest.param("castlecards", "multi-player", 3, 5, None, id="castlecards"),
    # A whole game of Catan is thousands of steps: the first 400 (unfinished,
    # so the replay is locked to the one person's eyes).
    pytest.param("got-catan", "brotherhood", 3, 6, 400, id="got-catan"),
]


def live_game(
    path: Path, game_id: str, variant: str, seats: int, seed: int, stop_at: int | None = None
) -> tuple[Session, list[dict[int, object]], dict[int, list[str]]]:
    """A seeded game played live: seat 0 a person (random legal choices),
    the others random bots, chance drawn by the game. Returns the session,
    every seat's view after each step as the live game showed it, and the
    log lines the person read for each step."""
    players = [saves.Player("Ada")] + [saves.Player(f"Bot{n}", "bot", "random") for n in range(1, seats)]
    session = Session.new(game_id, variant, players, seed=seed, path=path)
    chooser = random.Random(seed)
    views = [{seat: session.view(seat) for seat in range(seats)}]
    lines: dict[int, list[str]] = {}
    while session.to_move() is not None and (stop_at is None or session.ply < stop_at):
        seat = session.to_move()
        if seat == CHANCE:
            session.draw()
        elif session.is_bot(seat):
            session.bot_plays(session.bot_decision())
        else:
            session.person_acts(seat, chooser.choice(session.legal_actions()))
        views.append({seat: session.view(seat) for seat in range(seats)})
        lines[session.ply] = [line.text for line in session.lines_of_last_move()]
    return session, views, lines


@pytest.mark.parametrize(("game_id", "variant", "seats", "seed", "stop_at"), GAMES)
def test_every_step_shows_what_the_live_game_showed(tmp_path, game_id, variant, seats, seed, stop_at):
    path = tmp_path / "game.toml"
    session, views, lines = live_game(path, game_id, variant, seats, seed, stop_at)
    replay = Replay.open(path, "Ada")
    assert replay.plies == session.ply and replay.viewer == 0
    assert replay.finished == session.over and replay.locked == (not session.over)
    eyes = list(range(seats)) if session.over else [0]
    # Backwards first: every step is reached without replaying from the start.
    for ply in reversed(range(replay.plies + 1)):
        assert replay.step(ply).view == views[ply][0], f"step {ply}"
        if ply:
            assert list(replay.lines_at(ply)) == lines[ply], f"log of step {ply}"
    for seat in eyes[1:]:
        replay.see_as(seat)
        for ply in range(replay.plies + 1):
            assert replay.view_at(ply) == views[ply][seat], f"step {ply} as seat {seat}"


@pytest.mark.parametrize(("game_id", "variant", "seats", "seed", "stop_at"), GAMES)
def test_the_turns_cover_every_step_once_in_order(tmp_path, game_id, variant, seats, seed, stop_at):
    path = tmp_path / "game.toml"
    live_game(path, game_id, variant, seats, seed, stop_at=min(stop_at or 200, 200))
    replay = Replay.open(path)
    steps = [ply for turn in replay.turns for ply in range(turn.first, turn.last + 1)]
    assert steps == list(range(replay.plies + 1))
    numbers = [turn.number for turn in replay.turns if turn.seat is not None]
    assert numbers == list(range(1, len(numbers) + 1))
    # Next turn from the start visits each turn's end; previous turn comes back.
    ply, ends = 0, []
    while (after := replay.next_turn_ply(ply)) != ply:
        ends.append(after)
        ply = after
    assert ends == [turn.last for turn in replay.turns if turn.last > 0]
    while (before := replay.previous_turn_ply(ply)) != ply:
        ply = before
    assert ply == 0
    assert replay.turn_number(numbers[-1]) == replay.turns[-1]


def test_a_turn_in_one_line_joins_its_steps_without_a_full_stop_before_each_semicolon(tmp_path):
    """Issue 43, item 9: the replay's turn list read "Ada rolls 8.; Ada builds..."."""
    path = tmp_path / "game.toml"
    live_game(path, "castlecards", "multi-player", 3, 5, stop_at=120)
    replay = Replay.open(path, "Ada")
    lines = [replay.what_they_did(turn) for turn in replay.turns]
    joined = [line for line in lines if "; " in line]
    assert joined, "some turn has more than one step"
    assert not [line for line in lines if ".;" in line or line.endswith(".")]


def test_a_hidden_hand_is_never_shown_in_an_unfinished_game(tmp_path):
    path = tmp_path / "cards.toml"
    players = [saves.Player("Ada"), saves.Player("Bo")]
    session = Session.new("castlecards", "two-player", players, seed=11, path=path)
    chooser = random.Random(11)
    while session.ply < 60:
        seat = session.to_move()
        if seat == CHANCE:
            session.draw()
        else:
            session.person_acts(seat, chooser.choice(session.legal_actions()))
    game = registry.get("castlecards")
    for seat, name in enumerate(("Ada", "Bo")):
        replay = Replay.open(path, name)
        assert replay.locked and replay.eyes() == [seat]
        other = 1 - seat
        seen_hidden = False
        for ply in range(replay.plies + 1):
            state = replay.states[ply]
            view = replay.view_at(ply)
            assert view == game.view(state, seat)
            seen_hidden |= view.players[other].hand != state.players[other].hand
            if ply:
                before, action = replay.states[ply - 1], replay.actions[ply - 1]
                expected = log_lines(game, before, action, state, seat)
                assert list(replay.lines_at(ply)) == [name_seats(line, replay.names) for line in expected]
        assert seen_hidden  # the other hand was there to hide
        for other_eyes in (other, EVERYONE):
            with pytest.raises(IllegalAction):
                replay.see_as(other_eyes)
        assert replay.viewer == seat
    with pytest.raises(IllegalAction, match="not over"):
        Replay.open(path, "all")
    # Nobody named: the first person's eyes, never everyone's.
    assert Replay.open(path).viewer == 0


def finished_save(path: Path, game_id: str = "castlecards", variant: str = "two-player", seed: int = 4):
    players = [saves.Player("Ada", "bot", "random"), saves.Player("Bo", "bot", "random")]
    session = Session.new(game_id, variant, players, seed=seed, path=path)
    session.run_automatic()
    assert session.over
    return session


def test_a_finished_game_opens_with_every_hand_and_may_change_eyes(tmp_path):
    finished_save(tmp_path / "done.toml")
    replay = Replay.open(tmp_path / "done.toml")
    assert replay.viewer is EVERYONE and not replay.locked
    assert replay.eyes() == [EVERYONE, 0, 1]
    assert replay.next_eyes() == 0
    replay.see_as(1)
    assert replay.view_at(5) == replay.game.view(replay.states[5], 1)


def test_a_shared_table_is_seen_only_through_its_watchers_own_seat(tmp_path):
    session = finished_save(tmp_path / "done.toml")
    save = saves.truncated(session.save, 40, session.states[40])  # a table still being played
    for kept in (save, session.save):
        table = Table.create(tmp_path, kept, ["ada", "bo"])
        for who, seat in (("ada", 0), ("bo", 1), ("eve", CHANCE)):
            replay = Replay.of_table(table.path, who)
            assert replay.shared and replay.locked and replay.viewer == seat and replay.eyes() == [seat]
            with pytest.raises(IllegalAction, match="your own seat"):
                replay.see_as(EVERYONE)
            for ply in range(replay.plies + 1):
                assert replay.view_at(ply) == replay.game.view(replay.states[ply], seat)
            assert replay.play_on_problem()
            with pytest.raises(IllegalAction):
                replay.play_on(3, tmp_path / "mine")
    # Nor as a save: a table file opened by path is refused.
    with pytest.raises(saves.SaveError):
        Replay.open(table.path)


def test_a_private_table_is_replayed_only_for_its_invited_names(tmp_path):
    session = finished_save(tmp_path / "done.toml")
    table = Table.create(tmp_path, session.save, ["ada", ""], invited=["ada", "bo"])
    assert Replay.of_table(table.path, "bo").viewer == CHANCE  # invited, seatless: the public view
    with pytest.raises(saves.SaveError, match="private table"):
        Replay.of_table(table.path, "eve")


def test_playing_on_leaves_the_original_byte_identical(tmp_path):
    original = tmp_path / "done.toml"
    finished_save(original)
    before = original.read_bytes()
    replay = Replay.open(original)
    turn = replay.turns[12]
    session = replay.play_on(turn.last, tmp_path)
    assert original.read_bytes() == before
    assert session.path.name == f"done from turn {turn.number}.toml"
    assert session.ply == turn.last and not session.over
    assert session.players == replay.save.players
    again = Replay.open(session.path)
    assert again.plies == turn.last and again.states[-1] == replay.states[turn.last]
    # Mid-turn, it is named by the move; a second one never takes the first's name.
    mid = replay.play_on(turn.first + 1, tmp_path) if turn.first + 1 < turn.last else None
    if mid is not None:
        assert mid.path.name == f"done from move {turn.first + 1}.toml"
    twice = replay.play_on(turn.last, tmp_path)
    assert twice.path != session.path and original.read_bytes() == before
    # The new game goes on from there: the next move is played and saved.
    session.run_automatic()
    assert Replay.open(session.path).plies > turn.last
    assert original.read_bytes() == before


# --- the command line ------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "variant"),
    [("catapult-castle", "standard"), ("castle-raisers", "competitive"), ("castlecards", "two-player")],
)
def test_replay_text_prints_the_game_turn_by_turn(tmp_path, capsys, game_id, variant):
    session = finished_save(tmp_path / "done.toml", game_id, variant, seed=2)
    assert cli.main(["replay", str(session.path), "--text"]) == 0
    out = capsys.readouterr().out
    replay = Replay.open(session.path)
    assert out == replay.text()
    assert out.startswith(f"{replay.game.INFO.title} ({variant}): Ada (bot, random), Bo (bot, random)\n")
    assert "Turn 1: " in out and "  Score: Ada " in out and "Game over: " in out
    for line in replay.lines_at(replay.plies):
        assert f"  {line}\n" in out


def test_replay_text_of_a_catan_game_in_progress_is_one_seats(tmp_path, capsys):
    path = tmp_path / "catan.toml"
    live_game(path, "got-catan", "base", 3, 8, stop_at=150)
    assert cli.main(["replay", str(path), "--text", "--as", "2"]) == 0
    out = capsys.readouterr().out
    assert "Seen by Bot1;" in out and out.rstrip().endswith("The game goes on.")
    assert cli.main(["replay", str(path), "--text", "--as", "all"]) == 2
    assert "not over" in capsys.readouterr().err
    assert cli.main(["replay", str(path), "--text", "--as", "Nobody"]) == 2
    assert "No seat 'Nobody'" in capsys.readouterr().err


def test_replay_command_opens_the_load_screen_or_the_replay(tmp_path, capsys):
    session = finished_save(tmp_path / "done.toml")
    parser = cli.build_parser()
    assert start_from(parser.parse_args(["replay"]), registry).kind == "load"
    start = start_from(parser.parse_args(["replay", str(session.path), "--as", "Bo"]), registry)
    assert start.kind == "replay" and start.new_game["replay"].viewer == 1
    assert cli.main(["replay", "--text"]) == 2
    assert "needs a FILE" in capsys.readouterr().err
    assert cli.main(["replay", str(tmp_path / "missing.toml"), "--text"]) == 2


@pytest.mark.parametrize(
    ("game_id", "variant", "seats"),
    [
        (game_id, variant.name, variant.min_seats)
        for game_id in registry.ids()
        for variant in registry.get(game_id).INFO.variants
    ],
)
def test_every_variant_replays_exports_and_plays_on(tmp_path, capsys, game_id, variant, seats):
    path = tmp_path / "game.toml"
    session, views, lines = live_game(path, game_id, variant, seats, 9, stop_at=80)
    replay = Replay.open(path)
    assert replay.viewer == (EVERYONE if session.over else 0)
    if session.over:  # a short game (solo Catapult Castle): opened with every hand, then Ada's eyes
        replay.see_as(0)
    for ply in range(replay.plies + 1):
        assert replay.step(ply).view == views[ply][0]
    assert cli.main(["replay", str(path), "--text"]) == 0
    assert capsys.readouterr().out == Replay.open(path).text()
    before = path.read_bytes()
    middle = replay.play_on(replay.plies // 2, tmp_path)
    assert path.read_bytes() == before and middle.ply == replay.plies // 2


def test_a_shared_tables_score_sheet_replays_through_its_own_seat_only(tmp_path):
    session = finished_save(tmp_path / "done.toml")
    table = Table.create(tmp_path, session.save, ["ada", "bo"])
    at_table = Session.at_table(table, 1, "bo")
    # Whatever the screen says about who looks (a hot-seat viewer), the table's seat decides.
    for asked in (None, 0, 1):
        replay = Replay.of_session(at_table, asked)
        assert replay.shared and replay.viewer == 1 and replay.eyes() == [1]
        assert replay.play_on_problem()


def test_the_score_sheets_replay_opens_as_the_command_does(tmp_path):
    """Issue #43 (2): a finished game's score sheet opened its replay as the
    person's own eyes; it opens with every hand open, as `castletui replay
    FILE` does. A game going on stays locked to the eyes its screen reads
    the log with: the person among bots, the table's in table mode."""
    players = [saves.Player("Ada"), saves.Player("Bo", "bot", "random")]
    session = Session.new("castlecards", "two-player", players, seed=4, path=tmp_path / "done.toml")
    session.run_automatic()
    chooser = random.Random(4)
    while session.to_move() is not None:
        session.person_acts(session.to_move(), chooser.choice(session.legal_actions()))
        session.run_automatic()
    for asked in (None, 0, 1):
        replay = Replay.of_session(session, asked)
        assert replay.viewer is EVERYONE and replay.eyes() == Replay.open(session.path).eyes()
    going_on = Session.new("castlecards", "two-player", players, seed=4, path=tmp_path / "on.toml")
    going_on.run_automatic()
    for asked in (None, 0, 1):
        replay = Replay.of_session(going_on, asked)
        assert replay.locked and replay.viewer == 0 and replay.eyes() == [0]
    bots = [saves.Player("Ada", "bot", "random"), saves.Player("Bo", "bot", "random")]
    of_bots = Session.new("castle-raisers", "competitive", bots, seed=4, path=tmp_path / "bots.toml")
    while of_bots.ply < 10:
        if of_bots.to_move() == CHANCE:
            of_bots.draw()
        else:
            of_bots.bot_plays(of_bots.bot_decision())
    # A game of bots going on (Castle Raisers' sheet asked for no seat): the first seat's eyes.
    assert Replay.of_session(of_bots, None).viewer == 0
    table_players = [saves.Player("Ada"), saves.Player("Bo")]
    at_table = Session.new(
        "catapult-castle", "standard", table_players, path=tmp_path / "t.toml", mode="table"
    )
    for asked in (None, 0, 1):
        assert Replay.of_session(at_table, asked).viewer == CHANCE
