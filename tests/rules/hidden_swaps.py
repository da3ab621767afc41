"""What a seat may learn, checked by swapping what it may not see.

Along a seeded random game, for a seat and a card (or tile) hidden from it,
the card is swapped in the full state with another hidden from it that
could lie there as well (the same ``kind``: a card of the same deck). The
seat's view does not change, so nothing the seat's screen can show may
change either: the prompt, the action bar's labels, groups, spots and
previews, the "why not?" reasons, the score sheet, the game's side panel
texts; and the log lines of the action taken there, told for that seat,
whenever the swapped game's action (the same, or the one that takes the
swapped card instead) leaves the seat's view after it as it was.

``swap_check(game, config, seed, ...)`` plays one game and checks every
seat at every ``every``-th ply; the per-game tests call it with their own
``kind`` of card and ``panel`` texts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec
from castletui.rules.core import CHANCE, IllegalAction, chance_rng, label, log_lines, sample_outcome, screen

Path = tuple[Any, ...]


def _tree(value: Any) -> Any:
    """``value`` as plain dicts and lists (lists can be changed in place)."""
    value = msgspec.to_builtins(value)

    def plain(item: Any) -> Any:
        if isinstance(item, dict):
            return {key: plain(one) for key, one in item.items()}
        if isinstance(item, (list, tuple)):
            return [plain(one) for one in item]
        return item

    return plain(value)


def _leaves(full: Any, seen: Any, path: Path = ()):
    """Paths of the string leaves where ``seen`` (the view) hides ``full``."""
    if isinstance(full, dict) and isinstance(seen, dict):
        for key in full:
            if key in seen:
                yield from _leaves(full[key], seen[key], (*path, key))
    elif isinstance(full, list) and isinstance(seen, list) and len(full) == len(seen):
        for index, (one, other) in enumerate(zip(full, seen, strict=True)):
            yield from _leaves(one, other, (*path, index))
    elif isinstance(full, str) and isinstance(seen, str) and full != seen:
        yield path


def _strings(tree: Any):
    if isinstance(tree, dict):
        for item in tree.values():
            yield from _strings(item)
    elif isinstance(tree, list):
        for item in tree:
            yield from _strings(item)
    elif isinstance(tree, str):
        yield tree


def _at(tree: Any, path: Path) -> Any:
    for key in path:
        tree = tree[key]
    return tree


def _put(tree: Any, path: Path, value: Any) -> None:
    _at(tree, path[:-1])[path[-1]] = value


def hidden_cards(game: Any, state: Any, seat: int) -> list[tuple[Path, str]]:
    """Where ``state`` holds something ``seat``'s view hides, and what."""
    full = _tree(state)
    seen = _tree(game.view(state, seat))
    return [(path, _at(full, path)) for path in _leaves(full, seen)]


def swapped(game: Any, state: Any, first: Path, second: Path) -> Any:
    """``state`` with the cards at two places exchanged; a pile kept in
    order (a multiset) stays in order."""
    tree = _tree(state)
    one, other = _at(tree, first), _at(tree, second)
    _put(tree, first, other)
    _put(tree, second, one)
    for path in {first[:-1], second[:-1]}:
        pile = _at(tree, path)
        before = _at(_tree(state), path)
        if (
            isinstance(pile, list)
            and all(isinstance(card, str) for card in pile)
            and before == sorted(before)
        ):
            pile.sort()
    return msgspec.convert(tree, type=type(state))


def exchanged(game: Any, action: Any, one: str, other: str) -> Any:
    """``action`` naming ``other`` where it named ``one`` and back."""
    tree = _tree(action)

    def swap(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: swap(item) for key, item in value.items()}
        if isinstance(value, list):
            return [swap(item) for item in value]
        return {one: other, other: one}.get(value, value) if isinstance(value, str) else value

    return msgspec.convert(swap(tree), type=game.Action)


def screen_of(game: Any, state: Any, seat: int, panel: Callable[[Any, int], Any] | None = None) -> dict:
    """Everything the seat's screen can show of ``state`` through the rules."""
    shown: dict[str, Any] = {
        "refusals": screen.refusals(game, state, seat),
        "standing": game.result(game.view(state, seat)),
    }
    if panel is not None:
        shown["panel"] = panel(state, seat)
    if game.to_move(state) == seat:  # the question and the action bar show only to the seat to move
        shown["prompt"] = screen.prompt(game, state, seat)
        shown["actions"] = [
            (
                label(game, state, action),
                screen.group(game, state, action),
                repr(screen.spot(game, state, action)),
                screen.preview(game, state, action, seat),
            )
            for action in game.legal_actions(state)
        ]
    return shown


def _allowed(game: Any, state: Any, action: Any) -> bool:
    seat = game.to_move(state)
    if seat is None:
        return False
    if seat == CHANCE:
        return any(action == outcome for outcome, _ in game.chance_outcomes(state))
    return action in game.legal_actions(state)


def swap_check(
    game: Any,
    config: Any,
    seed: int,
    *,
    kind: Callable[[str], Any],
    plies: int = 400,
    every: int = 3,
    swaps: int = 2,
    panel: Callable[[Any, int], Any] | None = None,
    seats: tuple[int, ...] | None = None,
    choose: Callable[[Any, random.Random], Any] | None = None,
    face_up: Callable[[Any, Any, Any], bool] = lambda before, action, after: False,
) -> int:
    """Play ``plies`` plies of a seeded random game (``choose`` picks a
    seat's action; random by default) and check every seat each
    ``every``-th ply with up to ``swaps`` swaps; returns how many swaps
    were checked. ``face_up(before, action, after)``: the action shows
    cards to everyone by the rules (thrown face up on the discards, played
    face up), though the state after it does not keep them in sight (the
    discards reshuffled at once): its log lines may name them."""
    rng = random.Random(seed)
    state = game.setup(config)
    checked = 0
    for ply in range(plies):
        mover = game.to_move(state)
        if mover is None:
            break
        if mover == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = choose(state, rng) if choose is not None else rng.choice(game.legal_actions(state))
        after = game.apply(state, action)
        if ply % every == 0:
            for seat in seats if seats is not None else range(config.seats):
                checked += _check_seat(game, state, action, after, seat, rng, kind, swaps, panel, face_up)
        state = after
    return checked


def _check_seat(game, state, action, after, seat, rng, kind, swaps, panel, face_up) -> int:
    hidden = hidden_cards(game, state, seat)
    pairs = [
        (first, second)
        for index, first in enumerate(hidden)
        for second in hidden[index + 1 :]
        if first[1] != second[1] and kind(first[1]) == kind(second[1])
    ]
    if not pairs:
        return 0
    # The cards the action names first: where a leak would show.
    named = set(_strings(_tree(action)))
    aimed = [pair for pair in pairs if pair[0][1] in named or pair[1][1] in named]
    chosen = rng.sample(aimed, min(swaps, len(aimed))) + rng.sample(pairs, min(swaps, len(pairs)))
    seen = game.view(state, seat)
    shown = screen_of(game, state, seat, panel)
    seen_after = game.view(after, seat)
    told = log_lines(game, state, action, after, seat)
    for (first, one), (second, other) in chosen:
        other_state = swapped(game, state, first, second)
        where = f"seat {seat}, {one} at {first} <-> {other} at {second}"
        assert game.view(other_state, seat) == seen, f"the swap shows: {where}"
        assert screen_of(game, other_state, seat, panel) == shown, f"the screen tells the swap: {where}"
        for other_action in dict.fromkeys((exchanged(game, action, one, other), action)):
            if not _allowed(game, other_state, other_action):
                continue
            try:
                other_after = game.apply(other_state, other_action)
            except (IllegalAction, ValueError, KeyError):
                # Not a world the seat finds possible: what the game showed it
                # before (an offer accepted holds its cards) rules it out.
                continue
            if game.view(other_after, seat) != seen_after or face_up(state, action, after):
                continue  # the action shows this seat which card it was
            assert log_lines(game, other_state, other_action, other_after, seat) == told, (
                f"the log tells the swap: {where}, {action} / {other_action}"
            )
    return len(chosen)
