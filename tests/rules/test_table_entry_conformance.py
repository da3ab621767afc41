"""Table mode's entry, for every game, variant and seat count (issue 12):
every chance question names what it is about, a batch's counts and the
set-up form can enter exactly what the real table drew, and kinds can be
told apart when typed. Seeded random table-mode games, played through the
same entry the app uses (``rules.core.table_entry.batch_actions``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from castletui.rules import registry
from castletui.rules.core import CHANCE, sample_outcome
from castletui.rules.core.screen import parse_counts
from castletui.rules.core.table_entry import (
    Batch,
    batch_actions,
    chance_batch,
    examples,
    how_to_type,
    read_counts,
    setup_form,
    typed_kinds,
)

from tests.playing import case_id, variants

CASES = variants(modes=("table",))
GENERIC = "What happened at the table?"


def draw_like_the_table(game, state, batch: Batch, rng: random.Random):
    """What a real table might draw for ``batch``: outcomes sampled by their
    odds, one piece at a time; returns the counts by kind and the state after."""
    drawn = Counter()
    for _ in range(batch.count):
        outcomes = [(a, p) for a, p in game.chance_outcomes(state) if batch.kind_of(a) is not None]
        assert outcomes, f"{batch.question}: no outcome of this question is offered"
        action = sample_outcome(outcomes, rng)
        drawn[batch.kind_of(action)] += 1
        state = game.apply(state, action)
    return tuple(drawn[kind] for kind in batch.kinds), state


def typeable(batch: Batch) -> None:
    """Each kind typed by its own name is read as that kind, once."""
    assert len(set(k.lower() for k in batch.kinds)) == len(batch.kinds), batch.kinds
    for index, kind in enumerate(batch.kinds):
        if "{" in kind:
            continue  # a seat: typed by the player's name, tested in the app
        expected = tuple(int(i == index) for i in range(len(batch.kinds)))
        assert parse_counts(kind, batch.kinds) == expected, (batch.question, kind)


NAMES = ("Milo", "Howard", "Coco", "Wei", "Ann", "Bob")


def offered_examples_accepted(game, state, batches: tuple[Batch, ...], seats: int) -> int:
    """Every example the entry's words offer (``how_to_type``) for each of
    ``batches``, typed back as offered, is read as ``batch.count`` pieces
    and accepted by the rules; the other batches answered with their first
    example. Returns how many examples were checked."""
    names = NAMES[:seats]
    offered = [examples(batch, names) for batch in batches]
    for batch, shown in zip(batches, offered, strict=True):
        assert shown, f"{batch.question}: no example offered"
        words = how_to_type(batch, names)
        for text in shown:
            assert text in words or (text == "" and "Enter takes it" in words), (words, text)
    checked = 0
    for index, shown in enumerate(offered):
        for text in shown:
            typed = [
                read_counts(batch, names, text if i == index else offered[i][0])
                for i, batch in enumerate(batches)
            ]
            assert sum(typed[index]) == batches[index].count, (batches[index].question, text, typed[index])
            batch_actions(game, state, batches, typed)
            checked += 1
    return checked


def letters_read_back(batch: Batch, counts: tuple[int, ...], seats: int) -> None:
    """Where the first letters tell the kinds apart, any draw typed as its
    first letters is read as that draw ("pr": Prestige and red, not the
    start of "Prestige")."""
    kinds = typed_kinds(batch, NAMES[:seats])
    starts = [kind[:1].lower() for kind in kinds]
    if len(set(starts)) < len(starts) or not all(start.isalpha() for start in starts):
        return
    letters = "".join(start * count for start, count in zip(starts, counts, strict=True))
    assert read_counts(batch, NAMES[:seats], letters) == counts, (batch.question, letters)


def play_table_game(game_id, config, seed, max_plies=4000):
    """A random table-mode game entered as the app enters it: the set-up
    form first, then batches where the game offers them, one draw at a time
    otherwise. Returns what was seen: prompts, batches, form fields."""
    game = registry.get(game_id)
    rng = random.Random(seed)
    state = game.setup(config)
    seen = {"prompts": set(), "batches": 0, "form": 0, "examples": 0}
    form = setup_form(game, state)
    if form:
        seen["examples"] += offered_examples_accepted(game, state, form, config.seats)
        counts, after = [], state
        for field in form:
            typeable(field)
            field_counts, after = draw_like_the_table(game, after, field, rng)
            counts.append(field_counts)
        actions = batch_actions(game, state, form, counts)
        for action in actions:
            state = game.apply(state, action)
        seen["form"] = len(form)
        assert setup_form(game, state) == (), "the set-up form must end once its draws are played"
    for _ in range(max_plies):
        seat = game.to_move(state)
        if seat is None:
            break
        if seat != CHANCE:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            continue
        prompt = game.chance_prompt(state)
        assert prompt and prompt != GENERIC, f"{game_id}: a chance question names nothing: {prompt!r}"
        seen["prompts"].add(prompt)
        batch = chance_batch(game, state)
        if batch is not None and batch.count > 1:
            seen["examples"] += offered_examples_accepted(game, state, (batch,), config.seats)
            typeable(batch)
            counts, _ = draw_like_the_table(game, state, batch, rng)
            letters_read_back(batch, counts, config.seats)
            for action in batch_actions(game, state, [batch], [counts]):
                state = game.apply(state, action)
            seen["batches"] += 1
            continue
        state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
    return seen


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_a_table_mode_game_is_entered_with_named_questions_batches_and_a_form(case):
    game_id, config = case
    game = registry.get(game_id)
    assert hasattr(game, "chance_prompt"), f"{game_id} has no chance_prompt"
    for seed in (1, 2):
        seen = play_table_game(game_id, config, seed)
        assert seen["prompts"], "no chance question was asked"


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_every_example_a_table_entry_prompt_offers_is_accepted(case):
    """Issue 28, item 9: Castle Raisers offered first letters 'pr' for
    "Prestige red" and then read 'pr' as one Prestige token. Every example
    the words under a batch or a set-up form line offer (a name a piece,
    their first letters, the only answer, a blank line that takes it) is
    read as the pieces drawn and accepted by the rules."""
    game_id, config = case
    for seed in (1, 2):
        seen = play_table_game(game_id, config, seed)
        if seen["form"] or seen["batches"]:
            assert seen["examples"], f"{game_id}: no table-entry example was offered"
