"""Issue 30: the hard bots (``rules.core.search``) in every game.

- The hard bot never cheats: along seeded games, swapping any card hidden
  from the seat to move with another of its kind (tests/rules/hidden_swaps.py)
  leaves its choice as it was, with the same random stream and work budget.
- It works to a budget (a seeded game plays the same everywhere) and stops
  on its thinking time: a clock already run out leaves it one round.
- Every game's ladder has the same words: easy, normal, hard.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from castletui.rules import registry
from castletui.rules.castle_raisers.bots import hard as castle_raisers_hard
from castletui.rules.castlecards.bots import hard as castlecards_hard
from castletui.rules.castlecards.edition import DECK
from castletui.rules.catapult_castle.bots import hard as catapult_castle_hard
from castletui.rules.core import CHANCE, Config, bots, chance_rng, sample_outcome, search
from castletui.rules.got_catan.bots import hard as got_catan_hard
from castletui.rules.got_catan.edition import RESOURCES

from tests.rules.hidden_swaps import hidden_cards, swapped

BUDGET = 12  # rounds: a few worlds, and fast

HOOKS = {
    "castlecards": castlecards_hard.HOOKS,
    "catapult-castle": catapult_castle_hard.HOOKS,
    "castle-raisers": castle_raisers_hard.HOOKS,
    "got-catan": got_catan_hard.HOOKS,
}

GAMES = [
    # game, variant, seats, the kind of a hidden card (what it may be swapped with)
    ("castlecards", "two-player", 2, lambda card: DECK.get(card, card)),
    ("castlecards", "multi-player", 3, lambda card: DECK.get(card, card)),
    ("catapult-castle", "standard", 2, lambda card: "card"),
    ("castle-raisers", "competitive", 2, lambda card: card),
    ("got-catan", "base", 3, lambda card: "resource" if card in RESOURCES else "development"),
    ("got-catan", "brotherhood", 3, lambda card: "resource" if card in RESOURCES else "development"),
]


def _positions(game, variant: str, seats: int, seed: int, every: int, most: int):
    """States of a seeded game of normal bots where the seat to move has a choice."""
    state = game.setup(Config(variant, seats))
    found = 0
    for ply in range(3000):
        seat = game.to_move(state)
        if seat is None or found >= most:
            return
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            if ply % every == 0 and len(game.legal_actions(state)) > 1:
                found += 1
                yield state, seat
            action = bots.choose(game, state, "normal", random.Random(f"{seed}:{ply}"))
        state = game.apply(state, action)


def _hard(game, state, seed: int):
    with search.work_budget(BUDGET):
        return bots.choose(game, state, "hard", random.Random(seed))


def _searched(game_id: str, state, seed: int):
    """The hard bot's search of ``state``: its choice and every world it dealt."""
    hooks = HOOKS[game_id]
    game = registry.get(game_id)
    worlds: list = []

    def dealt(seen, seat, rng):
        worlds.append(hooks.determinize(seen, seat, rng))
        return worlds[-1]

    with search.work_budget(BUDGET):
        choice = search.search_action(
            search.Hooks(**{**vars(hooks), "determinize": dealt}),
            game.view(state, game.to_move(state)),
            game.to_move(state),
            random.Random(seed),
        )
    return choice, worlds


@pytest.mark.parametrize(
    ("game_id", "variant", "seats", "kind"),
    GAMES,
    # Named by game, variant and seats only: a function's repr differs
    # between xdist workers, which must collect the same ids.
    ids=[f"{game_id}-{variant}-{seats}" for game_id, variant, seats, _ in GAMES],
)
def test_swapping_a_card_hidden_from_the_hard_bot_leaves_its_choice(game_id, variant, seats, kind):
    game = registry.get(game_id)
    rng = random.Random(30)
    checked = 0
    for state, seat in _positions(game, variant, seats, seed=7, every=9, most=6):
        hidden = hidden_cards(game, state, seat)
        pairs = [
            (first, second)
            for index, first in enumerate(hidden)
            for second in hidden[index + 1 :]
            if first[1] != second[1] and kind(first[1]) == kind(second[1])
        ]
        if game_id == "castle-raisers":
            assert not hidden  # nothing is hidden: the hard bot sees what everyone sees
        seed = checked  # one random stream per position, the same for every swap
        choice = _hard(game, state, seed=seed)
        for (first, one), (second, other) in rng.sample(pairs, min(2, len(pairs))):
            other_state = swapped(game, state, first, second)
            assert game.view(other_state, seat) == game.view(state, seat)
            assert _hard(game, other_state, seed=seed) == choice, f"{one} at {first} <-> {other} at {second}"
            checked += 1
    if game_id != "castle-raisers":
        assert checked >= 4


def test_the_hard_bot_plays_the_same_choice_for_the_same_seed_and_budget():
    game = registry.get("castlecards")
    for state, _ in _positions(game, "two-player", 2, seed=3, every=7, most=3):
        assert _hard(game, state, 11) == _hard(game, state, 11)


def test_a_thinking_time_run_out_leaves_the_hard_bot_one_round():
    """No budget, a clock already run out: one world is dealt and played, and
    the bot still answers (the first round always runs)."""
    game = registry.get("castlecards")
    from castletui.rules.castlecards.bots import hard

    state, _ = next(iter(_positions(game, "two-player", 2, seed=3, every=7, most=1)))
    dealt = []
    hooks = search.Hooks(
        **{**hard.HOOKS.__dict__, "determinize": lambda *a: dealt.append(1) or hard.determinize(*a)}
    )
    with bots.thinking_time(0.0):
        action = search.search_action(
            hooks, game.view(state, game.to_move(state)), game.to_move(state), random.Random(1)
        )
    assert action in game.legal_actions(state)
    assert len(dealt) == 1


def test_every_game_offers_the_same_ladder():
    assert bots.LEVELS == ("random", "easy", "normal", "hard")


def test_the_hard_catapult_bot_aims_as_well_as_the_normal_one():
    """Its strength is its choices: each shot's accuracy is drawn as normal's is."""
    import statistics

    from castletui.rules.catapult_castle.state import Aim

    game = registry.get("catapult-castle")
    state = game.setup(Config("standard", 2))
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    rng = random.Random(4)
    aims = [bots.choose(game, state, "hard", rng) for _ in range(60)]
    aims = [aim.accuracy for aim in aims if isinstance(aim, Aim)]
    assert len(aims) > 30 and 57 <= statistics.mean(aims) <= 73


_ONE_GAME = """
import sys
from castletui.rules import registry
from castletui.rules.core import CHANCE, Config, bots, chance_rng, sample_outcome
from castletui.rules.core.search import work_budget
import random
game_id, variant, seats = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = registry.get(game_id)
state = game.setup(Config(variant, seats))
played = []
with work_budget(2):
    for ply in range(120):
        seat = game.to_move(state)
        if seat is None:
            break
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(5, ply))
        else:
            action = bots.choose(game, state, "hard", random.Random(f"5:bot:{ply}"))
        played.append(repr(action))
        state = game.apply(state, action)
print("|".join(played))
"""


@pytest.mark.parametrize("game_id, variant, seats", sorted({(g, v, s) for g, v, s, _ in GAMES}))
def test_a_seeded_hard_bot_plays_the_same_in_every_process(game_id, variant, seats):
    """A seeded game plays the same on every machine: nothing a hard bot draws may
    depend on a string's hash(), which changes from one process to the next
    (Catapult Castle's shot luck once did, and a snapshot's game changed from run to run)."""
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", _ONE_GAME, game_id, variant, str(seats)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(out.stdout)
    assert runs[0] == runs[1]
