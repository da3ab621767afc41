"""What a shared table trusts (nothing a terminal sends it), headless
through saves.table.Table: its own seed, one seat per identity, seats by
their owner's name, commits that only append what the table allows (or
take back your own last move), no symbolic links, no stale temporaries,
and group folders whatever the umask. Issues #25 (1, 2, 5, 8) and #32 (5-6)."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path
from unittest import mock

import msgspec
import pytest
from castletui.rules import castlecards as game
from castletui.rules.core import CHANCE, chance_rng, sample_outcome
from castletui.saves.table import BadCommit, NotYourSeat, Table, list_tables, new_seed

from castletui import saves
from castletui.session import Session
from castletui.shared import create_table

SEATS = [saves.Player("Seat 1"), saves.Player("Seat 2"), saves.Player("Seat 3")]


def new_table(tmp_path: Path, players: list[saves.Player] | None = None, who: str = "ann") -> Table:
    players = players or SEATS[:2]
    variant = "two-player" if len(players) == 2 else "multi-player"
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700, exist_ok=True)
    table, _, _ = create_table(directory, who, "castlecards", variant, players)
    return table


def with_bo(tmp_path: Path) -> Table:
    table = new_table(tmp_path)
    Table(table.path).take_seat(1, "bo")
    return table


def dealt(table: Table) -> Session:
    """ann's terminal, after it played the draws until a person decides."""
    ann = Session.at_table(Table(table.path), 0, "ann")
    while ann.to_move() == CHANCE:
        ann.act(ann.digital_chance())
    return ann


# --- 1. the seed ------------------------------------------------------------------


def test_a_table_draws_its_own_seed_from_the_operating_system_whatever_it_was_given(tmp_path):
    config = game.INFO.variant("two-player")
    save = saves.new_save("castlecards", saves_config(config.name), SEATS[:2], seed=4242)
    with mock.patch("secrets.randbelow", return_value=123_456_788) as drawn:
        table = Table.create(tmp_path, save, ["", ""])
    drawn.assert_called_once()
    assert table.read()[0].seed == 123_456_789 != 4242
    # create_table takes no seed at all: nothing a player chose reaches the table.
    with pytest.raises(TypeError):
        create_table(tmp_path, "ann", "castlecards", "two-player", SEATS[:2], seed=4242)
    assert new_seed() != new_seed()


def saves_config(variant: str):
    from castletui.rules.core import Config

    return Config(variant, 2, {}, "digital")


def test_no_refusal_of_the_table_quotes_its_seed(tmp_path):
    table = with_bo(tmp_path)
    save, _ = table.read()
    seed = str(save.seed)
    refusals = []
    for new, who in [
        (msgspec.structs.replace(save, seed=save.seed + 1), "ann"),
        (save, "mallory"),
        (msgspec.structs.replace(save, log=[saves.LogEntry(CHANCE, {"type": "nonsense"})]), "bo"),
    ]:
        with pytest.raises(saves.SaveError) as refused:
            Table(table.path).commit(save.check, new, who)
        refusals.append(str(refused.value))
    assert refusals and not any(seed in refusal for refusal in refusals)


# --- 2. one seat per identity -------------------------------------------------------


def test_one_identity_cannot_hold_two_seats_even_from_two_terminals_at_once(tmp_path):
    table = new_table(tmp_path, SEATS[:3], who="bo")
    terminals = [Table(table.path), Table(table.path)]  # two of ann's logins
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def take(terminal: Table, seat: int) -> None:
        barrier.wait()
        try:
            terminal.take_seat(seat, "ann")
            outcomes.append("seated")
        except NotYourSeat as refusal:
            outcomes.append(str(refusal))

    threads = [threading.Thread(target=take, args=(t, s)) for t, s in zip(terminals, (1, 2), strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes)[-1] == "seated" and "one seat each" in sorted(outcomes)[0]
    save, seating = table.read()
    assert seating.owners.count("user:ann") == 1 and seating.owners.count("") == 1
    # And a name that differs only in capitals is no second player either.
    free = seating.owners.index("")
    with pytest.raises(NotYourSeat, match="more than capitals"):
        table.take_seat(free, "ANN")


# --- 5 (#25). a seat goes by its owner's name ---------------------------------------


def test_a_seat_shows_its_owner_whatever_name_it_was_given_at_creation(tmp_path):
    """Ann named seat 1 "Bo" and seat 2 "Ann": Bo's terminal said "Ann (you)"."""
    table = new_table(tmp_path, [saves.Player("Bo"), saves.Player("Ann")], who="ann")
    save, seating = table.read()
    assert seating.owners == ["user:ann", ""]
    assert [player.name for player in save.players] == ["ann", "Seat 2"]  # no placeholder passes for ann
    table.take_seat(1, "bo")
    ann, bo = dealt(table), Session.at_table(Table(table.path), 1, "bo")
    bo.sync()
    assert ann.names == bo.names == ["ann", "bo"]
    assert bo.status_text() in ("ann to play", "bo to play")
    # A table written with the names swapped (an older castletui) still shows each owner.
    save, seating = table.read()
    plain = msgspec.to_builtins(save)
    plain["config"]["players"] = [{"name": "bo"}, {"name": "ann"}]
    plain["table"] = {"owners": ["ann", "bo"]}
    plain["version"] = 2  # an older castletui's: no checks (saves.chain)
    table.path.write_bytes(msgspec.json.encode(plain))
    assert [player.name for player in Table(table.path).read()[0].players] == ["ann", "bo"]


def test_a_bot_whose_name_is_a_players_is_renamed_when_that_player_sits(tmp_path):
    players = [saves.Player("Seat 1"), saves.Player("Seat 2"), saves.Player("bo", "bot")]
    table = new_table(tmp_path, players)
    table.take_seat(1, "Bo")
    names = [player.name for player in table.read()[0].players]
    assert names == ["ann", "Bo", "Bot 3"]


# --- 5 (#32). a commit changes nothing but the log, by its owners -------------------


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda save: {"seed": save.seed + 1}, "the seed"),
        (lambda save: {"config": msgspec.structs.replace(save.config, options={"x": 1})}, "the options"),
        (lambda save: {"config": msgspec.structs.replace(save.config, variant="multi-player")}, "variant"),
        (
            lambda save: {
                "config": msgspec.structs.replace(
                    save.config, players=[save.players[0], saves.Player("bo", "bot", "hard")]
                )
            },
            "the players",
        ),
        (lambda save: {"created": "2000-01-01T00:00:00+00:00"}, "created"),
    ],
)
def test_a_commit_that_changes_more_than_the_log_is_refused(tmp_path, change, said):
    table = with_bo(tmp_path)
    save, _ = table.read()
    before = table.path.read_bytes()
    with pytest.raises(BadCommit, match=said):
        Table(table.path).commit(save.check, msgspec.structs.replace(save, **change(save)), "ann")
    assert table.path.read_bytes() == before


def test_an_identity_without_a_seat_commits_nothing_even_an_unchanged_log(tmp_path):
    table = with_bo(tmp_path)
    save, _ = table.read()
    before = table.path.read_bytes()
    with pytest.raises(NotYourSeat, match="no seat"):
        Table(table.path).commit(save.check, save, "mallory")
    assert table.path.read_bytes() == before


def test_a_draw_the_table_did_not_make_is_refused(tmp_path):
    table = with_bo(tmp_path)
    save, _ = table.read()
    state = game.setup(save.rules_config())
    assert game.to_move(state) == CHANCE
    outcomes = game.chance_outcomes(state)
    drawn = sample_outcome(outcomes, chance_rng(save.seed, 0))
    chosen = next(action for action, _ in outcomes if action != drawn)
    forged = saves.append(save, CHANCE, chosen, game.apply(state, chosen), saves.now())
    with pytest.raises(BadCommit, match="the table did not make"):
        Table(table.path).commit(save.check, forged, "bo")
    honest = saves.append(save, CHANCE, drawn, game.apply(state, drawn), saves.now())
    Table(table.path).commit(save.check, honest, "bo")  # anyone seated plays the table's own draw
    assert table.read()[0].log == honest.log


def test_a_person_logs_only_their_own_seats_legal_decisions(tmp_path):
    table = with_bo(tmp_path)
    ann = dealt(table)
    seat = ann.to_move()
    who = ["ann", "bo"][seat]
    other = ["ann", "bo"][1 - seat]
    action = ann.legal_actions()[0]
    made = saves.append(ann.save, seat, action, game.apply(ann.state, action), saves.now())
    with pytest.raises(NotYourSeat, match=f"not {other}'s"):
        Table(table.path).commit(ann.save.check, made, other)
    wrong_seat = saves.append(ann.save, 1 - seat, action, game.apply(ann.state, action), saves.now())
    with pytest.raises((BadCommit, NotYourSeat)):
        Table(table.path).commit(ann.save.check, wrong_seat, who)
    history = list(ann.save.log)
    history[0] = saves.LogEntry(CHANCE, history[1].action)
    rewritten = msgspec.structs.replace(ann.save, log=history)
    with pytest.raises(BadCommit, match="only add"):
        Table(table.path).commit(ann.save.check, rewritten, who)
    # The table writes its own status, not the terminal's.
    lying = msgspec.structs.replace(made, status="ann's hand: all dragons", finished=True)
    Table(table.path).commit(ann.save.check, lying, who)
    written = table.read()[0]
    assert written.status != lying.status and not written.finished
    assert saves.load(table.path).check == written.check  # and it loads, hash and all


def test_only_your_own_last_move_is_taken_back(tmp_path):
    table = with_bo(tmp_path)
    ann = dealt(table)
    # Never a draw: taken back, it would only be drawn the same again (or not, by a cheat).
    save, _ = table.read()
    assert save.log[-1].seat == CHANCE
    with pytest.raises(NotYourSeat, match="Only your own last move"):
        Table(table.path).commit(save.check, saves.truncated(save, len(save.log) - 1, ann.states[-2]), "ann")
    bo = Session.at_table(Table(table.path), 1, "bo")
    player = ann if ann.to_move() == 0 else bo
    other = bo if player is ann else ann
    player.act(player.legal_actions()[0])
    save, _ = table.read()
    back = saves.truncated(save, len(save.log) - 1, player.states[-2])
    with pytest.raises(NotYourSeat, match="Only your own last move"):
        Table(table.path).commit(save.check, back, other.who)
    Table(table.path).commit(save.check, back, player.who)
    assert table.read()[0].log == save.log[:-1]


# --- symbolic links, temporaries, group folders -------------------------------------


def test_a_lock_or_table_planted_as_a_symbolic_link_is_never_followed(tmp_path):
    table = new_table(tmp_path)
    elsewhere = tmp_path / "outside"
    elsewhere.mkdir()
    table.lock_path.unlink()
    table.lock_path.symlink_to(elsewhere / "created-by-joining")
    with pytest.raises(saves.SaveError, match="symbolic link"):
        table.take_seat(1, "bo")
    assert not (elsewhere / "created-by-joining").exists()
    table.lock_path.unlink()
    link = table.path.with_name("link.json")
    link.symlink_to(table.path)
    with pytest.raises(saves.SaveError, match="symbolic link"):
        Table(link).read()
    with pytest.raises(saves.SaveError, match="symbolic link"):
        Table(link).take_seat(1, "bo")
    rows = {Path(row.path).name: row for row in list_tables(table.path.parent)}
    assert "symbolic link" in rows["link.json"].problem


def test_a_killed_writers_temporaries_are_cleaned_by_the_next_write_and_nothing_else(tmp_path):
    table = new_table(tmp_path)
    folder = table.path.parent
    left = [folder / f".{table.path.name}.{tag}.tmp" for tag in ("a1b2c3d4", "zz_9xy01")]
    for path in left:
        path.write_bytes(b"{half a table")
    others = [
        folder / f".another-{table.path.name}.abcd1234.tmp",  # another table's: not ours to judge
        folder / f".{table.path.name}.json.abcd1234.tmp",  # a table named NAME.json.json
        folder / "notes.tmp",
    ]
    for path in others:
        path.write_bytes(b"keep")
    table.take_seat(1, "bo")
    assert not any(path.exists() for path in left)
    assert all(path.exists() for path in others)


def test_in_a_setgid_group_folder_tables_and_locks_are_group_writable_whatever_the_umask(tmp_path):
    folder = tmp_path / "group"
    folder.mkdir()
    folder.chmod(0o2770)
    umask = os.umask(0o022)
    try:
        table, _, _ = create_table(folder, "ann", "castlecards", "two-player", SEATS[:2])
        for path in (table.path, table.lock_path):
            assert stat.S_IMODE(path.stat().st_mode) & 0o060 == 0o060, path
        # A lock made before (by an older castletui, umask 022) is opened up by its owner.
        table.lock_path.chmod(0o644)
        table.take_seat(1, "bo")
        assert stat.S_IMODE(table.lock_path.stat().st_mode) & 0o060 == 0o060
        assert stat.S_IMODE(table.path.stat().st_mode) & 0o060 == 0o060
    finally:
        os.umask(umask)


def test_the_lobby_says_why_a_seat_cannot_be_taken(tmp_path, monkeypatch):
    table = new_table(tmp_path)
    real = os.access

    def access(path, mode, **kwargs):  # the tests run as root, who may write anything
        return False if Path(path) == table.lock_path else real(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", access)
    (row,) = list_tables(table.path.parent)
    assert "lock file" in row.closed and "chmod g+w" in row.closed
