"""Table-mode entry of several draws at once (issue 12, item 2): what is
typed as counts is played out on a copy of the state, one chance action at
a time, and refused with a reason when it cannot have happened."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from castletui.rules.core import CHANCE, IllegalAction
from castletui.rules.core.screen import parse_counts
from castletui.rules.core.table_entry import Batch, BatchRefused, batch_actions, chance_batch, setup_form

KINDS = ("soldier", "archer", "vicious")


def bag_game():
    """Wolves drawn from a bag: the state is (bag counts, draws still to make, drawn)."""

    def to_move(state):
        return CHANCE if state[1] else 0

    def chance_outcomes(state):
        bag, _, _ = state
        total = sum(bag)
        return [(kind, n / total) for kind, n in zip(KINDS, bag, strict=True) if n]

    def apply(state, action):
        bag, left, drawn = state
        index = KINDS.index(action)
        if not left or not bag[index]:
            raise IllegalAction(f"No {action} can be drawn.")
        bag = bag[:index] + (bag[index] - 1,) + bag[index + 1 :]
        return bag, left - 1, (*drawn, action)

    return SimpleNamespace(to_move=to_move, chance_outcomes=chance_outcomes, apply=apply)


def wolves(count: int) -> Batch:
    return Batch("Wolves drawn into {P1}'s forest", KINDS, count, lambda action: action)


def test_counts_become_one_chance_action_per_piece_in_order():
    game = bag_game()
    state = ((3, 2, 1), 3, ())
    actions = batch_actions(game, state, [wolves(3)], [(2, 0, 1)])
    assert actions == ["soldier", "soldier", "vicious"]
    assert state == ((3, 2, 1), 3, ())  # the state itself is untouched


def test_a_piece_the_bag_cannot_give_is_refused_with_what_could_come_up():
    game = bag_game()
    with pytest.raises(BatchRefused) as refused:
        batch_actions(game, ((3, 1, 0), 2, ()), [wolves(2)], [(0, 2, 0)])
    assert refused.value.field == 0
    assert "archer cannot come up here" in refused.value.reason
    assert "possible: soldier" in refused.value.reason


def test_too_few_or_too_many_pieces_are_refused_with_the_count():
    game = bag_game()
    with pytest.raises(BatchRefused, match="2 drawn, but you typed 3"):
        batch_actions(game, ((3, 2, 1), 2, ()), [wolves(2)], [(1, 1, 1)])
    with pytest.raises(BatchRefused, match="one drawn, but you typed 0"):
        batch_actions(game, ((3, 2, 1), 1, ()), [wolves(1)], [(0, 0, 0)])


def test_a_form_of_several_batches_names_the_line_that_cannot_be():
    game = bag_game()
    state = ((1, 1, 0), 3, ())
    with pytest.raises(BatchRefused) as refused:
        batch_actions(game, state, [wolves(1), wolves(2)], [(1, 0, 0), (1, 1, 0)])
    assert refused.value.field == 1  # the one soldier went on the first line
    assert batch_actions(game, state, [wolves(1), wolves(1)], [(1, 0, 0), (0, 1, 0)]) == ["soldier", "archer"]


def test_a_batch_longer_than_the_draws_is_refused():
    game = bag_game()
    with pytest.raises(BatchRefused, match="ask for something else first"):
        batch_actions(game, ((3, 2, 1), 1, ()), [wolves(2)], [(2, 0, 0)])


def test_games_without_the_hooks_have_no_batches_and_no_form():
    game = bag_game()
    assert chance_batch(game, ((1, 1, 1), 1, ())) is None
    assert setup_form(game, ((1, 1, 1), 1, ())) == ()


def test_counts_are_typed_by_name_by_plural_by_start_or_in_order():
    assert parse_counts("2 soldier 1 archer", KINDS) == (2, 1, 0)
    assert parse_counts("soldiers archer", KINDS) == (1, 1, 0)
    assert parse_counts("2 sol vic", KINDS) == (2, 0, 1)
    assert parse_counts("1 0 2", KINDS) == (1, 0, 2)
    assert parse_counts("", KINDS) == (0, 0, 0)
    with pytest.raises(IllegalAction, match="not one of"):
        parse_counts("2 dragons", KINDS)
    with pytest.raises(IllegalAction, match="Say what each number counts"):
        parse_counts("2 soldier 1", KINDS)


def test_names_of_several_words_and_names_that_start_another():
    towers = ("Tower of the Hand", "Tower", "Keep")
    assert parse_counts("tower of the hand", towers) == (1, 0, 0)
    assert parse_counts("tower", towers) == (0, 1, 0)  # the whole name wins over a start
    assert parse_counts("2 towers keep", towers) == (0, 2, 1)


def test_a_run_of_first_letters_is_one_piece_a_letter():
    """Three wolves in four keys: 'ssa' and Enter."""
    assert parse_counts("ssa", KINDS) == (2, 1, 0)
    assert parse_counts("sv a", KINDS) == (1, 1, 1)
    # A word that starts one name is that name, not a run of letters.
    assert parse_counts("vic", KINDS) == (0, 0, 1)
    # A letter that starts two names cannot be read alone.
    with pytest.raises(IllegalAction, match="not one of"):
        parse_counts("tt", ("Tower", "Tree", "Keep"))


def test_a_start_that_fits_several_names_says_which():
    with pytest.raises(IllegalAction, match="'dis' could be DisPre, DisDef: type more of its name"):
        parse_counts("dis", ("DisPre", "DisDef", "ForVil"))
