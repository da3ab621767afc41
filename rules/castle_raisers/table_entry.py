"""Castle Raisers at a real table (table mode): the screen API's hooks for
chance decisions the players answer.

- ``chance_prompt(state)``: the question of one draw, naming what it is
  about: whose castle and which region a wolf goes into, which Village
  stack, which line, which Age's Wall stack, whose Threat card;
- ``chance_batch(state)``: the pieces the rules draw together, from this
  draw on, as one line of counts (the wolves of one region, the Wall tiles
  of a round, one stack's Village tokens, one player's Threat cards);
- ``setup_form(state)``: the set-up's draws before the first choice (the
  start player, each player's Castle board, the Village tokens turned up)
  as one form.

This module owns the words and the names a player types for each piece
(``piece_kind``: a wolf by its kind, a Wall tile by its two icons, a Village
token by the condition printed on it, which tells a stack's tokens apart). What may come up is the rules' own
(``chance.OUTCOMES``), and how many draws come in a row is found by playing
them out on a copy with ``apply``, never by a second copy of a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from castletui.rules.castle_raisers.apply import apply
from castletui.rules.castle_raisers.chance import OUTCOMES, chance_outcomes
from castletui.rules.castle_raisers.edition import COLOURS, SECTIONS, TILES, TILES_BY_AGE, TOKENS, WOLF_KINDS
from castletui.rules.castle_raisers.flow import to_move
from castletui.rules.castle_raisers.queries import top_decision
from castletui.rules.castle_raisers.state import (
    Action,
    DrawAttack,
    DrawBoard,
    DrawStartPlayer,
    DrawThreat,
    DrawVillage,
    DrawWallTile,
    DrawWolf,
    Pending,
    State,
)
from castletui.rules.castle_raisers.text import ROMAN
from castletui.rules.core import CHANCE, seat_ref
from castletui.rules.core.table_entry import Batch

# --- the names a player types for each piece -----------------------------------------

_CONDITION_NAMES = {
    "empty": "empty",
    "no_wolves": "no-wolves",
    "attack": "Attack",
    "prestige": "Prestige",
    "wall": "wall",
}


def _condition(token: str) -> str:
    """What scores on the bottom of a Village token: ``blue``, ``no-wolves``
    (its points left out: the condition alone tells a stack's tokens apart)."""
    data = TOKENS[token]
    return data.target if data.condition == "colour" else _CONDITION_NAMES[data.condition]


def _unique_names(ids: tuple[str, ...], *namers: Callable[[str], str]) -> dict[str, str]:
    """Each id's name by the first namer that tells them all apart (the id itself if none does)."""
    for namer in namers:
        names = {piece: namer(piece) for piece in ids}
        if len({name.lower() for name in names.values()}) == len(ids):
            return names
    return {piece: piece for piece in ids}


# A token is named by what is printed on its bottom, which tells the tokens of
# one stack apart (the colour is the stack's); its ability first if the
# edition's data ever repeats a condition within a stack.
TOKEN_NAMES: dict[str, str] = {
    token: name
    for colour in COLOURS
    for token, name in _unique_names(
        tuple(t for t in sorted(TOKENS) if TOKENS[t].colour == colour),
        _condition,
        lambda t: f"{TOKENS[t].ability}-{_condition(t)}",
    ).items()
}


def _icons(tile: str) -> str:
    """``PreFor``: the two icons as the castle's wall draws them (a blank half ``-``)."""
    data = TILES[tile]
    return "".join(icon.capitalize() if icon else "-" for icon in (data.left, data.right))


# A Wall tile is named by its two icons, which is what the table sees and
# tells the tiles of one age apart; written without a bar, a tile is four
# or five letters to type ("pref" for PreFor).
TILE_NAMES: dict[str, str] = {
    tile: name for age in TILES_BY_AGE for tile, name in _unique_names(TILES_BY_AGE[age], _icons).items()
}


def piece_kind(action: Action) -> str | None:
    """The name a player types for what a chance action draws (seats as
    ``{P0}`` refs), or None for an action that draws nothing."""
    if isinstance(action, DrawWolf):
        return action.kind
    if isinstance(action, DrawWallTile):
        return TILE_NAMES[action.tile]
    if isinstance(action, DrawVillage):
        return TOKEN_NAMES[action.token]
    if isinstance(action, DrawBoard):
        return action.board
    if isinstance(action, DrawStartPlayer):
        return seat_ref(action.seat)
    if isinstance(action, DrawAttack):
        return action.region
    if isinstance(action, DrawThreat):
        return action.threat
    return None


# --- which draws come together ---------------------------------------------------------


def _together(step: Pending) -> tuple | None:
    """What a draw is about, for the draws the rules make together: the
    same key on consecutive draws = one question (None: asked alone)."""
    kind = step.kind
    if kind == "wolf":
        return (kind, step.seat, step.section)
    if kind == "line_wolf":
        return (kind, step.section)
    if kind == "reveal":
        return (kind,)
    if kind == "replenish":
        return (kind, step.tile)
    if kind == "draw_threat":
        return (kind, step.seat)
    return None


def _top(state: State) -> Pending | None:
    """The chance decision on top, or None when someone else decides."""
    return top_decision(state) if to_move(state) == CHANCE else None


def _played_out(state: State) -> State:
    """``state`` after its chance decision, with any outcome the rules offer."""
    return apply(state, chance_outcomes(state)[0][0])


def _run(state: State) -> tuple[int, State]:
    """How many chance decisions from here are drawn together with this one,
    and the state after them (played out on a copy, any outcome each: how
    many come does not depend on which)."""
    step = _top(state)
    key = _together(step) if step is not None else None
    if key is None:
        return (1, _played_out(state)) if step is not None else (0, state)
    count = 0
    while (step := _top(state)) is not None and _together(step) == key:
        state = _played_out(state)
        count += 1
    return count, state


def _kinds(state: State, step: Pending) -> tuple[str, ...]:
    """What a player may name for ``step`` in ``state``: every wolf kind
    (so a kind the bag lacks is refused with the reason, not misread), else
    each outcome the rules offer, in their order."""
    if step.kind in ("wolf", "line_wolf"):
        return WOLF_KINDS
    names = (piece_kind(action) for action, _ in OUTCOMES[step.kind](state, step))
    return tuple(dict.fromkeys(name for name in names if name is not None))


def _kind_of(step: Pending) -> Callable[[Any], str | None]:
    """``piece_kind`` of the outcomes that answer ``step`` (a Village
    question only takes tokens of its stack's colour)."""
    if step.kind in ("replenish", "village_blind"):
        colour = step.tile
        return lambda action: (
            piece_kind(action)
            if isinstance(action, DrawVillage) and TOKENS[action.token].colour == colour
            else None
        )
    wanted = _ACTION_OF[step.kind]
    return lambda action: piece_kind(action) if isinstance(action, wanted) else None


_ACTION_OF: dict[str, type] = {
    "draw_start_player": DrawStartPlayer,
    "draw_board": DrawBoard,
    "wolf": DrawWolf,
    "line_wolf": DrawWolf,
    "reveal": DrawWallTile,
    "dispatch": DrawAttack,
    "wolves_attack": DrawAttack,
    "line_region": DrawAttack,
    "coop_dispatch": DrawAttack,
    "draw_threat": DrawThreat,
}


# --- the questions -------------------------------------------------------------------------


def _region(section: int) -> str:
    return SECTIONS[section] if 0 <= section < len(SECTIONS) else "?"


def chance_prompt(state: State) -> str:
    """The question of the draw on top, naming whose castle, which region,
    stack, line or deck it is about; the answers are ``label``'s."""
    step = _top(state)
    if step is None:
        return "What happened at the table?"
    who = seat_ref(step.seat)
    kind = step.kind
    if kind == "draw_start_player":
        return "Who starts? The start player takes the Mother Pig."
    if kind == "draw_board":
        return f"Which Castle board did {who} draw?"
    if kind == "replenish":
        return f"The {step.tile} Village stack's top token is turned up: which is it?"
    if kind == "village_blind":
        return f"{who} takes the top of the {step.tile} Village stack blind: which token is it?"
    if kind in ("wolf", "line_wolf"):
        count, _ = _run(state)
        where = f"into {who}'s {_region(step.section)}" if kind == "wolf" else f"for line {step.section + 1}"
        left = f" ({count} to draw)" if count > 1 else ""
        return f"A wolf is drawn from the bag {where}{left}: which kind?"
    if kind == "reveal":
        count, _ = _run(state)
        shown = len(state.revealed)
        return (
            f"Wall tile {shown + 1} of {shown + count} is revealed from the Age {ROMAN[state.age]} stack: "
            "which is it?"
        )
    if kind == "dispatch":
        return (
            f"{who} dispatches wolves from the {_region(step.section)} section: which region does the "
            f"Attack token show? (the others draw {step.count} there)"
        )
    if kind == "wolves_attack":
        return "The wolves attack (a tile with a Dispatch icon left the round): which region does the Attack token show?"
    if kind == "line_region":
        return f"The Attack token of line {step.section + 1} is turned up: which region does it show?"
    if kind == "coop_dispatch":
        return (
            f"{who} takes an Attack token from the supply into the {_region(step.section)} section: "
            "which region does it show?"
        )
    if kind == "draw_threat":
        drawn = len(state.castles[step.seat].threats)
        total = state.threats_by_seat[step.seat] if step.seat < len(state.threats_by_seat) else drawn + 1
        return f"Threat card {drawn + 1} of {total} drawn by {who}: which is it?"
    return "What happened at the table?"


def _question(state: State, step: Pending) -> str:
    """What a batch or a form line asks: the pieces and where they go."""
    who = seat_ref(step.seat)
    kind = step.kind
    if kind == "wolf":
        return f"Wolves drawn into {who}'s {_region(step.section)}"
    if kind == "line_wolf":
        return f"Wolves drawn for line {step.section + 1}"
    if kind == "reveal":
        return f"Wall tiles revealed from the Age {ROMAN[state.age]} stack"
    if kind == "replenish":
        return f"{step.tile.capitalize()} Village stack, turned up"
    if kind == "draw_threat":
        return f"Threat cards drawn by {who}"
    if kind == "draw_start_player":
        return "Start player (Mother Pig)"
    if kind == "draw_board":
        return f"Castle board of {who}"
    return chance_prompt(state)


def _batch(state: State, step: Pending, count: int, kinds_from: State) -> Batch:
    return Batch(_question(state, step), _kinds(kinds_from, step), count, _kind_of(step))


def chance_batch(state: State) -> Batch | None:
    """The draws the rules make together from the one on top (the wolves
    into one region, a round's Wall tiles, one stack's Village tokens, one
    player's Threat cards, a line's wolves), or None for a draw asked alone."""
    step = _top(state)
    if step is None or _together(step) is None:
        return None
    count, _ = _run(state)
    return _batch(state, step, count, state)


def _in_set_up(state: State) -> bool:
    """Before the set-up's first choice: the start player still to draw, or
    no starting Village token taken yet."""
    return state.age == 0 and any(step.kind in ("lay_out", "start_village") for step in state.pending)


def setup_form(state: State) -> tuple[Batch, ...]:
    """The set-up's draws from here to the first choice, one line each: the
    start player (if drawn), each player's Castle board (if dealt), each
    Village stack's tokens turned up; () once past them. Every line lists
    what may come up at the start, so two lines naming one board are
    refused when checked, not hidden."""
    if not _in_set_up(state):
        return ()
    fields: list[Batch] = []
    played = state
    while (step := _top(played)) is not None:
        count, after = _run(played)
        fields.append(_batch(played, step, count, state))
        played = after
    return tuple(fields)


__all__ = ["TILE_NAMES", "TOKEN_NAMES", "chance_batch", "chance_prompt", "piece_kind", "setup_form"]
