"""A rematch (issue 46 item 5) through a store alone: offered at a
finished table, kept with it, answered by each person seated, and made
once, by the last yes, with the same game and players turned by one seat.
The same functions run against each store (tests/stores/conftest.py)."""

from __future__ import annotations

import threading

import pytest
from castletui.saves import open_games
from castletui.saves.rematch import RematchRefused, waiting_for
from castletui.saves.stores import open_store
from castletui.saves.table import Seating

from tests.stores.playing import finished_save, finished_table, new_table

ANN, BO, CY = "user:ann", "user:bo", "user:cy"


def test_a_rematch_is_kept_with_the_finished_table_and_made_when_all_accept(store, kept):
    table = finished_table(store, (ANN, BO))
    offered = store.answer_rematch(table, ANN, True)
    assert (offered.accepted, offered.table) == ([ANN], "")
    # Another host (a player who logged in days later) reads the offer from the store.
    other = kept.open()
    _, seating = other.read(table)
    assert seating.rematch == offered and waiting_for(seating.rematch, seating.owners) == [1]
    (row,) = [row for row in other.tables() if row.path == table]
    assert row.rematch == offered  # the lobby's listing has it without reading the table
    made = other.answer_rematch(table, BO, True)
    assert made.accepted == [ANN, BO] and made.table
    save, seating = store.read(made.table)
    old, _ = store.read(table)
    # The same game, variant and options; seats turned by one: bo starts in seat 1.
    assert (save.game, save.config.variant, save.config.options) == (
        old.game,
        "two-player",
        old.config.options,
    )
    assert seating.owners == [BO, ANN]
    assert [player.name for player in save.players] == ["bo", "ann"]
    assert save.log == [] and not save.finished and save.seed != old.seed
    # Later answers change nothing: one new table.
    assert store.answer_rematch(table, ANN, True) == made
    assert store.read(table)[1].rematch == made


def test_a_declined_rematch_is_shown_and_may_be_accepted_after_all(store):
    table = finished_table(store, (ANN, BO))
    store.answer_rematch(table, ANN, True)
    declined = store.answer_rematch(table, BO, False)
    assert (declined.accepted, declined.declined, declined.table) == ([ANN], [BO], "")
    assert waiting_for(declined, [ANN, BO]) == []
    changed_mind = store.answer_rematch(table, BO, True)
    assert changed_mind.declined == [] and changed_mind.table


def test_only_the_players_of_a_finished_game_answer(store):
    going_on = new_table(store, (ANN, BO))
    with pytest.raises(RematchRefused, match="not over"):
        store.answer_rematch(going_on, ANN, True)
    table = finished_table(store, (ANN, BO))
    with pytest.raises(RematchRefused, match="Only the players"):
        store.answer_rematch(table, CY, True)  # a spectator
    assert store.read(table)[1].rematch is None


def test_of_two_last_yeses_at_once_one_table_is_made(store, kept):
    table = finished_table(store, (ANN, BO))
    store.answer_rematch(table, ANN, True)
    store.answer_rematch(table, BO, False)
    # Both change their answer to yes at once, from two hosts: each could be the last yes.
    other = kept.open()
    answers = {}
    ready = threading.Barrier(2)

    def say_yes(name, host, who):
        ready.wait()
        answers[name] = host.answer_rematch(table, who, True)

    threads = [
        threading.Thread(target=say_yes, args=("ann", store, ANN)),
        threading.Thread(target=say_yes, args=("bo", other, BO)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    made = store.read(table)[1].rematch
    assert made.table and {answer.table for answer in answers.values()} <= {made.table, ""}
    assert sum(row.plies == 0 and row.path != table for row in store.tables()) == 1


def test_a_private_tables_rematch_is_private_to_the_same_names(tmp_path):
    """The file store (a PostgreSQL store has no private tables yet)."""
    store = open_store(str(tmp_path / "tables"))
    save = finished_save()
    table = store.adopt(save, Seating([ANN, BO], invited=["ann", "bo", "Cy"]), stem="castlecards")
    store.answer_rematch(table, ANN, True)
    made = store.answer_rematch(table, BO, True)
    assert store.read(made.table)[1].invited == ["ann", "bo", "Cy"]
    store.close()


def test_a_player_at_the_most_games_not_over_cannot_say_yes_to_a_rematch(store, monkeypatch):
    """A rematch is a new table: it kept no count of the games not over
    (40 a player), so rematches could seat a player at any number."""
    monkeypatch.setattr(open_games, "MAX_OPEN_TABLES", 2)
    table = finished_table(store, (ANN, BO))
    new_table(store, (BO, CY))
    new_table(store, (BO, CY))
    with pytest.raises(RematchRefused, match="You sit at 2 games that are not over"):
        store.answer_rematch(table, BO, True)
    assert store.read(table)[1].rematch is None  # his yes was not kept
    assert store.answer_rematch(table, ANN, True).accepted == [ANN]  # Ann sits at none
    store.answer_rematch(table, BO, False)  # a no is never refused


def test_the_last_yes_names_every_player_at_the_limit_and_makes_nothing(store, monkeypatch):
    monkeypatch.setattr(open_games, "MAX_OPEN_TABLES", 2)
    table = finished_table(store, (ANN, BO))
    store.answer_rematch(table, ANN, True)
    for _ in range(2):
        new_table(store, (ANN, BO))  # since her yes, both sat down at two more
    tables = len(store.tables())
    with pytest.raises(RematchRefused, match="you and ann already sit at 2 games that are not over"):
        store.answer_rematch(table, BO, True)  # Bo's yes would make the table
    assert not store.read(table)[1].rematch.table and len(store.tables()) == tables
