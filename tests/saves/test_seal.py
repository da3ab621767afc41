"""A seed the players can check (issue 42, item 6): a shared table commits
to its seed in the header from the first move, no seat's file or screen
holds the seed while the game runs, the record reveals it at the end, and
``castletui verify`` recomputes every draw and roll from it."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest
from castletui.rules.core import CHANCE
from castletui.saves.seal import audit, commitment, secret_path
from castletui.saves.table import BadCommit, Table

from castletui import cli, saves
from castletui.session import Session
from castletui.tables import create_table
from tests.saves.sealing import reseal
from tests.saves.test_saves import played_save


def short_table(tmp_path: Path) -> Table:
    """Castlecards for ann and a bot, ended after one round."""
    players = [saves.Player("Seat 1"), saves.Player("Bo", "bot", "random")]
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    table, _, _ = create_table(
        directory, "ann", "castlecards", "two-player", players, options={"round_limit": 1}
    )
    return table


def play(session: Session, until_ply: int | None = None) -> None:
    """Draws, the bot's and ann's moves (her first legal one) until the end."""
    while not session.over and (until_ply is None or session.ply < until_ply):
        seat = session.to_move()
        if seat == CHANCE:
            session.draw()
        elif session.is_bot(seat):
            session.bot_plays(session.bot_decision())
        else:
            session.person_acts(seat, session.legal_actions()[0])


def header_of(path: Path) -> dict:
    data = path.read_bytes()
    return msgspec.json.decode(data[: data.find(b',\n "log": [')] + b"\n}")


def test_a_table_commits_to_its_seed_keeps_it_secret_while_it_runs_and_reveals_it_at_the_end(tmp_path):
    table = short_table(tmp_path)
    ann = Session.at_table(Table(table.path), 0, "ann")
    seed, salt = ann.save.seed, ann.save.salt
    assert seed and salt  # ann's castletui draws with them
    header = header_of(table.path)
    assert header["commitment"] == commitment(seed, salt) and header["seed"] == 0 and "salt" not in header
    play(ann, until_ply=6)
    assert not ann.over
    data = table.path.read_bytes()
    assert str(seed).encode() not in data and salt.encode() not in data
    assert "still secret" in " ".join(audit(saves.read(table.path), "t").lines)
    assert header_of(table.path)["commitment"] == header["commitment"]  # the same from the first move
    play(ann)
    assert ann.over
    revealed = header_of(table.path)
    assert (revealed["seed"], revealed["salt"]) == (seed, salt)
    assert revealed["commitment"] == commitment(seed, salt)
    found = audit(saves.read(table.path), table.path.name)
    chances = sum(entry.seat == CHANCE for entry in ann.save.log)
    assert found.holds and found.lines[-1] == f"All {chances} draws and rolls follow from the committed seed."
    # The seed is out: no move can be taken back and drawn anew.
    with pytest.raises(BadCommit):
        Table(table.path).commit(
            ann.save.check, saves.truncated(ann.save, ann.ply - 1, ann.states[-2]), "ann"
        )


def test_a_revealed_seed_that_is_not_the_committed_one_is_named(tmp_path):
    table = short_table(tmp_path)
    ann = Session.at_table(Table(table.path), 0, "ann")
    play(ann)
    text = table.path.read_text()
    seed = header_of(table.path)["seed"]
    table.path.write_text(re.sub(rf'"seed": {seed}', f'"seed": {seed + 1}', text, count=1))
    reseal(table.path)  # whoever rewrites the record whole still cannot change the seed
    found = audit(saves.read(table.path), "t")
    assert not found.holds and "not the one it committed to" in found.lines[-1]


def test_a_tables_secret_that_is_not_the_committed_one_is_refused(tmp_path):
    table = short_table(tmp_path)
    secret_path(table.path, header_of(table.path)["commitment"]).write_bytes(b'{"seed": 5, "salt": "00"}')
    with pytest.raises(saves.SaveError, match="not the one its record committed to"):
        Table(table.path).read()


def test_verify_names_the_first_draw_that_does_not_follow_from_the_seed(tmp_path, capsys):
    players = [saves.Player("Ann", "bot", "random"), saves.Player("Wei", "bot", "random")]
    session = Session.new("catapult-castle", "standard", players, seed=4, path=tmp_path / "fair.toml")
    session.run_automatic(limit=60)
    assert cli.main(["verify", str(session.path)]) == 0
    out = capsys.readouterr().out
    chances = sum(entry.seat == CHANCE for entry in session.save.log)
    assert f"All {chances} draws and rolls follow from the save's seed" in out
    # A game where one roll was not the seed's (loaded dice): named by its move.
    loaded = Session.new("catapult-castle", "standard", players, seed=4, path=tmp_path / "loaded.json")
    while not (loaded.to_move() == CHANCE and len(loaded.chance_outcomes()) > 1):
        loaded.act(loaded.digital_chance() if loaded.to_move() == CHANCE else loaded.bot_decision())
    fair = loaded.digital_chance()
    move = loaded.ply + 1
    loaded.act(next(action for action, _ in loaded.chance_outcomes() if action != fair))
    loaded.run_automatic(limit=20)
    assert cli.main(["verify", str(loaded.path)]) == 1
    assert f"Move {move}, a roll or draw, does not follow from the save's seed" in capsys.readouterr().out


def test_verify_names_the_move_where_the_record_was_changed(tmp_path, capsys):
    save, _ = played_save(plies=30)
    path = saves.dump(save, tmp_path / "coco.toml")
    lines = path.read_text().splitlines(keepends=True)
    lines[-5] = lines[-5].replace('at = "2026', 'at = "2025')
    path.write_text("".join(lines))
    assert cli.main(["verify", str(path)]) == 1
    assert "record was changed at move 26" in capsys.readouterr().out
