"""Castlecards at a real table (table mode): the screen API's hooks for the
chance decisions the players answer.

- ``chance_prompt(state)``: the question of a draw, naming whose draw and
  which pile;
- ``setup_form(state)``: the set-up on one form: who starts, and the deal
  counted, never named (it is dealt face down).

What may come up is the rules' own (``chance_outcomes``)."""

from __future__ import annotations

from castletui.rules.core import seat_ref, top
from castletui.rules.core.table_entry import Batch

from .chance import UNSEEN_DECK, UNSEEN_TITLES, cards_left, unseen_draw
from .state import Draw, FirstPlayer, Pending, State


def chance_prompt(state: State) -> str:
    """The question table mode asks at a chance step, naming whose draw it
    is and from which pile; its answers are the ``label`` of each outcome.
    A face-down loot card is never named: the table only confirms it went
    face down; a card only its owner sees is confirmed, not named."""
    step = top(state.pending)
    if step is None:
        return "What happened at the table?"
    if step.kind == "first":
        return "Who starts? (the player who most recently saw a castle, or the youngest)"
    if step.kind != "draw":
        return "What happened at the table?"
    who = seat_ref(step.target)
    more = f" ({step.count - 1} more after this one)" if step.count > 1 else ""
    if unseen_draw(state, step):
        card = (
            "a face-down loot card"
            if step.source == "reveal"
            else f"the top {UNSEEN_TITLES[step.source]} card"
        )
        return (
            f"{who} takes {card} into hand{more} and keeps it secret: nobody types it in until it is played."
        )
    if step.source == "loot":
        return (
            f"{who} takes one of {seat_ref(step.source_seat)}'s face-down loot cards{more} without "
            "looking: it stays face down."
        )
    if step.dest == "loot":
        return f"{who} takes the top Village card as loot, face down: nobody looks at it."
    if step.source == "reveal":
        return f"{who} turns a face-down loot card up into hand{more}: which card is it?"
    if step.dest == "open":
        # Only the turn player explores: the dungeon is turned up for their Explorers.
        return f"Which Dungeon card is turned up for {seat_ref(state.turn)}'s Explorers?"
    deck = UNSEEN_TITLES.get(step.source, "")
    if cards_left(state, step) <= 0:
        # The shuffled part is gone: the cards put back under come up, face up, first to last.
        return f"The {deck} deck is used up: which card from under it did {who} draw?"
    return f"Which {deck} card did {who} draw{more}?"


DEALT = "cards face down"
"""What the set-up form's deal line counts: cards dealt, never which."""


def setup_form(state: State) -> tuple[Batch, ...]:
    """The screen API's set-up form, table mode: who starts, then the deal
    (each hand dealt face down: only its owner looks, so the table types
    how many were dealt, never which). () in digital play and once the
    first turn has begun (its card is the turn's own draw, asked then).
    The questions are short: the form shows each on one line of 33
    columns beside its answer."""
    if not state.table_mode or state.turn_number > 0:
        return ()
    fields = []
    pending = state.pending
    if pending and pending[-1].kind == "first":
        seats = tuple(seat_ref(seat) for seat in range(len(state.players)))
        fields.append(Batch("Who starts", seats, 1, _first_player))
    deal = [step for step in reversed(pending) if step.kind in ("deal", "draw") and step.dest == "hand"]
    dealt = sum(step.count for step in deal)
    if dealt:
        fields.append(Batch(_deal_question(state, deal), (DEALT,), dealt, _dealt_unseen))
    return tuple(fields)


def _deal_question(state: State, deal: list[Pending]) -> str:
    """The deal in words: how many of which deck each player is dealt
    ("Deal: 4 Village + 1 Academy each")."""
    if any(player.hand for player in state.players):
        # Answered one card at a time so far (a save from the middle of it).
        return "The rest of the deal"
    per_seat: dict[str, int] = {}
    for step in deal:
        per_seat[step.source] = max(per_seat.get(step.source, 0), step.count)
    each = " + ".join(f"{n} {UNSEEN_TITLES[source]}" for source, n in per_seat.items())
    return f"Deal: {each} {'cards ' if len(per_seat) == 1 else ''}each"


def _first_player(action) -> str | None:
    return seat_ref(action.seat) if isinstance(action, FirstPlayer) else None


def _dealt_unseen(action) -> str | None:
    """A card dealt into a hand goes in unseen: the one outcome of each deal."""
    return DEALT if isinstance(action, Draw) and action.card in UNSEEN_DECK else None
