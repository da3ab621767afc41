"""Watching a game again: a save (or a shared table) read once, every state
of it kept, and any step shown as one pair of eyes saw it. No textual here:
the replay screen, ``castletui replay --text`` and the tests share it.

A save is a complete record (every action, chance included), so loading
it already yields the state after each step; the replay keeps that list
(states share their unchanged parts, so a 1,000-action game costs little
more than its last state) and moving to any step, forward or back, is an
index, never a replay from the start.

Whose eyes (``viewer``): None shows everything, a seat shows what that
seat saw then (``view(state, seat)``, and the log as that seat read it),
CHANCE what everyone at the table saw (no hand at all). A finished game
opens with everything shown and may be seen through any seat's eyes; a
game still going on, or a shared table (finished or not), is shown through
one seat's eyes only (``locked``): the seat of whoever watches, which
cannot be changed, so no replay shows a hand its watcher could not see
when it was played.

A turn is one player's turn with the automatic steps and chance that come
in it: a chance step belongs to the turn it falls in (the game's
``turn_player`` says whose turn it is where others decide during it);
chance before anyone's first decision is the set-up, turn 0.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from castletui import saves
from castletui.rules import registry
from castletui.rules.core import CHANCE, IllegalAction, Result, hooks, log_lines, name_seats, view_action
from castletui.rules.core import screen as screen_api
from castletui.saves import SaveError, SaveFile
from castletui.saves.owners import owner_field, owner_label
from castletui.saves.table import Table, is_table, may_see, not_a_save_message, private_message
from castletui.session import Session

EVERYONE = None
"""The viewer that sees everything (every hand open)."""


@dataclass(frozen=True)
class Turn:
    """One player's turn: its number (0: the set-up's chance before anyone
    decides), whose it is (None for the set-up) and its steps, ``first``
    to ``last`` (a step is one logged action, counted from 1)."""

    number: int
    seat: int | None
    first: int
    last: int


@dataclass(frozen=True)
class Step:
    """What the replay shows after ``ply`` steps: the position as the
    viewer sees it, the log lines of the step that led to it (as the viewer
    read them), the board spot that step was about, and the score then."""

    ply: int
    view: Any
    lines: tuple[str, ...]
    spot: Hashable | None
    standing: Result
    turn: Turn


def seat_words(viewer: int | None, names: list[str]) -> str:
    """Whose eyes, in words: "everyone", "the table", or a name."""
    if viewer is EVERYONE:
        return "everyone (every hand open)"
    if viewer == CHANCE:
        return "the table (no hand shown)"
    return names[viewer] if 0 <= viewer < len(names) else f"seat {viewer + 1}"


class Replay:
    """A game to watch step by step; see the module docstring."""

    def __init__(
        self,
        save: SaveFile,
        states: list[Any],
        *,
        path: Path | None = None,
        viewer: int | None = EVERYONE,
        locked: bool = False,
        shared: bool = False,
    ) -> None:
        self.save, self.states, self.path = save, states, path
        self.game = registry.get(save.game)
        self.names = [player.name for player in save.players]
        self.shared = shared
        self.finished = self.game.to_move(states[-1]) is None
        # An unfinished game or a shared table never changes whose eyes.
        self.locked = locked or shared or not self.finished
        if self.locked and viewer is EVERYONE:
            raise ValueError("a locked replay is seen through one seat's eyes")
        self.viewer = viewer
        actions = saves.decode_actions(self.game, save.log)
        if actions is None:  # a save that loaded decodes; this is only a second line of defence
            actions = [saves.decode_action(self.game, entry.action) for entry in save.log]
        self.actions: list[Any] = actions
        self.turns = self._turns()
        self._turn_of_ply = [0] * (self.plies + 1)
        for index, turn in enumerate(self.turns):
            for ply in range(turn.first, turn.last + 1):
                self._turn_of_ply[ply] = index
        self._lines: dict[tuple[int | None, int], tuple[str, ...]] = {}
        self._standings: dict[tuple[int | None, int], Result] = {}

    # --- opening ------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, seat: str | None = None) -> Replay:
        """A save file, read and checked once (saves.load_states), seen by
        ``seat`` (a name or a number from 1; ``all`` or None: everything
        when the game is over, else the seat the game would show its log
        to). A shared table is refused here: see :meth:`of_table`."""
        path = Path(path)
        if is_table(path):
            raise SaveError(not_a_save_message(path), path=path)
        save, states = saves.load_states(path)
        return cls.local(save, states, path, seat)

    @classmethod
    def local(cls, save: SaveFile, states: list[Any], path: Path | None, seat: str | None) -> Replay:
        names = [player.name for player in save.players]
        finished = registry.get(save.game).to_move(states[-1]) is None
        viewer = pick_seat(seat, names) if seat is not None else EVERYONE
        if viewer is EVERYONE and not finished:
            if seat is not None:
                raise IllegalAction("The game is not over: it is seen through one seat's eyes (--as a seat).")
            viewer = default_seat(save)
        return cls(save, states, path=path, viewer=viewer)

    @classmethod
    def of_table(cls, path: str | Path, who: str) -> Replay:
        """A shared table, seen by ``who`` (an identity: saves.table): the
        seat they own, or the table's view (no hand) for anyone without one.
        Never any other seat's eyes, even once the game is over. A private
        table is refused to anyone not invited (saves.table.may_see)."""
        table = Table(path)
        save, seating = table.read()
        who = owner_field(who) if who else ""
        if not may_see(seating, who, owner_label(who) if who else ""):
            raise SaveError(private_message(Path(path).name), path=Path(path))
        states = list(table.states(save))
        owners = list(seating.owners)
        viewer = owners.index(who) if who and who in owners else CHANCE
        return cls(save, states, path=Path(path), viewer=viewer, shared=True)

    @classmethod
    def of_session(cls, session: Session, viewer: int | None) -> Replay:
        """The game being played (the score sheet's Replay): no file read
        again. A shared table's terminal sees through its own seat. A local
        game over opens with every hand open, as ``castletui replay FILE``
        does (``v`` then goes through each seat's eyes); one still going on
        only through the eyes the game screen reads its log with (the
        person among bots, the one at the keyboard in hot-seat play, the
        table's in table mode), else ``viewer``'s."""
        states = list(session.states)
        if session.shared:
            return cls(session.save, states, path=session.path, viewer=session.seat, shared=True)
        if session.to_move() is None:
            return cls(session.save, states, path=session.path, viewer=EVERYONE)
        if session.log_seat is not None:
            viewer = session.log_seat
        elif viewer is None:
            viewer = default_seat(session.save)
        return cls(session.save, states, path=session.path, viewer=viewer)

    # --- where things are ---------------------------------------------------

    @property
    def plies(self) -> int:
        """How many steps the game has (logged actions)."""
        return len(self.save.log)

    def turn_of(self, ply: int) -> int:
        """The index in ``turns`` of the turn step ``ply`` belongs to (ply 0,
        the set-up as dealt, is the first turn's)."""
        return self._turn_of_ply[ply]

    def turn_number(self, number: int) -> Turn | None:
        """The turn numbered ``number`` (as the turn list shows them)."""
        for turn in self.turns:
            if turn.number == number:
                return turn
        return None

    def next_turn_ply(self, ply: int) -> int:
        """Where "next turn" goes from ``ply``: the end of the turn after
        the one ``ply`` is in (or of this one, when ``ply`` is before its end)."""
        turn = self.turns[self.turn_of(ply)] if self.turns else None
        if turn is None:
            return ply
        if ply < turn.last:
            return turn.last
        index = self.turn_of(ply) + 1
        return self.turns[index].last if index < len(self.turns) else ply

    def previous_turn_ply(self, ply: int) -> int:
        """Where "previous turn" goes: the end of the turn before ``ply``'s."""
        index = self.turn_of(ply)
        if not self.turns or ply == 0:
            return 0
        if ply > self.turns[index].last:
            return self.turns[index].last
        return self.turns[index - 1].last if index > 0 else 0

    # --- whose eyes -----------------------------------------------------------

    def eyes(self) -> list[int | None]:
        """The viewers this replay may switch between: every seat and
        everyone once the game is over; only its own otherwise."""
        if self.locked:
            return [self.viewer]
        return [EVERYONE, *range(len(self.names))]

    def see_as(self, viewer: int | None) -> None:
        """Watch through ``viewer``'s eyes; IllegalAction (and nothing
        changes) where the replay may not."""
        if viewer not in self.eyes():
            if self.shared:
                raise IllegalAction("A shared table is seen only through your own seat's eyes.")
            raise IllegalAction("Another seat's eyes only once the game is over.")
        self.viewer = viewer

    def next_eyes(self) -> int | None:
        """The viewer after this one, in turn (the switch key)."""
        eyes = self.eyes()
        return eyes[(eyes.index(self.viewer) + 1) % len(eyes)]

    @property
    def seen_by(self) -> str:
        return seat_words(self.viewer, self.names)

    # --- what a step shows ------------------------------------------------------

    def view_at(self, ply: int) -> Any:
        """The position after ``ply`` steps as the viewer saw it."""
        state = self.states[ply]
        return state if self.viewer is EVERYONE else self.game.view(state, self.viewer)

    def lines_at(self, ply: int) -> tuple[str, ...]:
        """The log lines of step ``ply`` (from 1) as the viewer read them."""
        if ply <= 0:
            return ()
        key = (self.viewer, ply)
        lines = self._lines.get(key)
        if lines is None:
            raw = log_lines(
                self.game, self.states[ply - 1], self.actions[ply - 1], self.states[ply], self.viewer
            )
            lines = self._lines[key] = tuple(name_seats(line, self.names) for line in raw)
        return lines

    def spot_at(self, ply: int) -> Hashable | None:
        """The board spot step ``ply`` was about, as the viewer's board
        names it: the action as the viewer saw it, on the position as they
        saw it (a card picked in secret points at nothing)."""
        if ply <= 0:
            return None
        before, action = self.states[ply - 1], self.actions[ply - 1]
        if self.viewer is not EVERYONE:
            action = view_action(self.game, before, action, self.viewer)
            before = self.game.view(before, self.viewer)
        try:
            return screen_api.spot(self.game, before, action)
        except Exception:  # noqa: BLE001 - a face-down placeholder may be about no spot at all
            return None

    def standing_at(self, ply: int) -> Result:
        """The score after ``ply`` steps as the viewer knew it then (the
        whole result once that position is the end)."""
        key = (self.viewer, ply)
        standing = self._standings.get(key)
        if standing is None:
            state = self.states[ply]
            if self.viewer is not EVERYONE and self.game.to_move(state) is not None:
                state = self.game.view(state, self.viewer)
            standing = self._standings[key] = self.game.result(state)
        return standing

    def step(self, ply: int) -> Step:
        """Everything the replay shows after ``ply`` steps."""
        ply = max(0, min(ply, self.plies))
        return Step(
            ply,
            self.view_at(ply),
            self.lines_at(ply),
            self.spot_at(ply),
            self.standing_at(ply),
            self.turns[self.turn_of(ply)] if self.turns else Turn(0, None, 0, 0),
        )

    def to_move_at(self, ply: int) -> int | None:
        return self.game.to_move(self.states[ply])

    # --- turns ----------------------------------------------------------------

    def _turns(self) -> list[Turn]:
        # Whose turn each step belongs to (the kit's default: whoever decides it).
        turn_player = hooks(self.game).turn_player
        turns: list[Turn] = []
        current: int | None = None
        first = 1
        for ply in range(1, self.plies + 1):
            owner = turn_player(self.states[ply - 1])
            if owner is None or owner < 0:
                owner = current  # chance (or the rules themselves) within the turn it falls in
            if ply > 1 and owner != current:
                turns.append(Turn(0, current, first, ply - 1))
                first = ply
            current = owner
        if self.plies:
            turns.append(Turn(0, current, first, self.plies))
        numbered, number = [], 0
        for turn in turns:
            if turn.seat is not None:
                number += 1
            numbered.append(Turn(number if turn.seat is not None else 0, turn.seat, turn.first, turn.last))
        if numbered:
            # Ply 0 (the set-up as dealt) is shown with the first turn.
            numbered[0] = Turn(numbered[0].number, numbered[0].seat, 0, numbered[0].last)
        else:
            numbered = [Turn(0, None, 0, 0)]
        return numbered

    def who(self, turn: Turn) -> str:
        return "Set-up" if turn.seat is None else self.names[turn.seat]

    def turn_lines(self, turn: Turn) -> list[str]:
        """Every log line of the turn, as the viewer read them."""
        return [line for ply in range(max(1, turn.first), turn.last + 1) for line in self.lines_at(ply)]

    def what_they_did(self, turn: Turn) -> str:
        """The turn in one line: the first log line of each of the turn
        player's own decisions (of every step, for the set-up), joined by
        semicolons (each line's full stop left out: "rolls 8; builds")."""
        said = []
        for ply in range(max(1, turn.first), turn.last + 1):
            if turn.seat is None or self.save.log[ply - 1].seat == turn.seat:
                lines = self.lines_at(ply)
                if lines:
                    said.append(lines[0].rstrip("."))
        return "; ".join(said) if said else "nothing"

    def score_words(self, ply: int) -> str:
        """The score after ``ply`` steps: "Coco 12, Wei 9" (co-op: as the rules score it)."""
        standing = self.standing_at(ply)
        return ", ".join(
            f"{name} {score:g}" for name, score in zip(self.names, standing.scores, strict=False)
        )

    def score_series(self) -> list[list[float]]:
        """Each seat's score at the end of every turn (the score chart)."""
        series: list[list[float]] = [[] for _ in self.names]
        for turn in self.turns:
            scores = self.standing_at(turn.last).scores
            for seat, points in enumerate(series):
                points.append(float(scores[seat]) if seat < len(scores) else 0.0)
        return series

    # --- playing on ---------------------------------------------------------------

    def play_on_problem(self) -> str:
        """Why the game cannot be played on from here ("" when it can)."""
        if self.shared:
            return "A shared table cannot be played on as a save of your own: it would hold every hand."
        return ""

    def play_on(self, ply: int, directory: Path) -> Session:
        """A new save in ``directory`` that goes on from step ``ply`` with
        the same players (bots stay bots), named after the original ("NAME
        from turn 12"); the original file is never touched. Raises
        IllegalAction (a shared table) or SaveError (the new file)."""
        problem = self.play_on_problem()
        if problem:
            raise IllegalAction(problem)
        ply = max(0, min(ply, self.plies))
        stamp = saves.now()
        save = msgspec.structs.replace(
            saves.truncated(self.save, ply, self.states[ply]), created=stamp, updated=stamp, finished=False
        )
        path = saves.new_save_path(directory, self.play_on_name(ply))
        session = Session(save, list(self.states[: ply + 1]), path)
        session.write()
        if session.last_save_error:
            raise SaveError(session.last_save_error, path=path)
        return session

    def play_on_name(self, ply: int) -> str:
        stem = self.path.stem if self.path is not None else self.save.game
        turn = self.turns[self.turn_of(ply)]
        at_end = ply == turn.last
        where = f"turn {turn.number}" if at_end else f"move {ply}"
        return f"{stem} from {where}"

    # --- as text ------------------------------------------------------------------

    def text(self) -> str:
        """The whole game as readable text: who played, then turn by turn
        its log lines and the score after it, then the result."""
        info = self.game.INFO
        players = ", ".join(
            player.name + (f" (bot, {player.level})" if player.is_bot else "") for player in self.save.players
        )
        way = self.save.config.variant + (", table mode" if self.save.mode == "table" else "")
        out = [
            f"{info.title} ({way}): {players}",
            f"Seen by {self.seen_by}; {plural(self.plies, 'step')} in {plural(len(self.turns), 'turn')}.",
            "",
        ]
        for turn in self.turns:
            heading = "Set-up" if turn.seat is None else f"Turn {turn.number}: {self.names[turn.seat]}"
            out.append(heading)
            out += [f"  {line}" for line in self.turn_lines(turn)]
            out.append(f"  Score: {self.score_words(turn.last)}")
        final = self.standing_at(self.plies)
        out.append("")
        if self.finished:
            if final.lost:
                out.append("The game is lost.")
            else:
                winners = " and ".join(self.names[seat] for seat in final.winners) or "nobody"
                decided = f" ({final.decided_by.rstrip('.')})" if final.decided_by else ""
                out.append(f"Game over: {winners} won{decided}.")
            for line in final.lines:
                points = ", ".join(f"{p:g}" for p in line.points)
                out.append(f"  {line.label}: {points}")
        else:
            out.append("The game goes on.")
        return "\n".join(out) + "\n"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def pick_seat(text: str, names: list[str]) -> int | None:
    """The seat ``--as`` names: a number from 1, a player's name (any case),
    or "all"/"everyone" (None); IllegalAction naming the choices if none."""
    word = text.strip()
    if word.lower() in ("all", "everyone"):
        return EVERYONE
    if word.isdigit() and 1 <= int(word) <= len(names):
        return int(word) - 1
    for seat, name in enumerate(names):
        if name.casefold() == word.casefold():
            return seat
    choices = ", ".join(f"{seat + 1} or {name}" for seat, name in enumerate(names))
    raise IllegalAction(f"No seat {word[:40]!r} in this game: choose {choices}, or all.")


def default_seat(save: SaveFile) -> int:
    """Whose eyes an unfinished local game is seen through when nobody
    says: as its game screen would show its log (Session._log_seat_for):
    the table's in table mode, the one person's among bots, the first
    person's in hot-seat play, and the first seat's in a game of bots."""
    if save.mode == "table":
        return CHANCE
    humans = [seat for seat, player in enumerate(save.players) if not player.is_bot]
    return humans[0] if humans else 0
