"""A game being played: the rules, the save file and whoever sits at each
seat. No textual here, so it is tested headless and the benchmarks use it
too. What happens next, and what each seat sees, is the driver's to say
(castletui/driver.py), over this session's guards (``may_act``,
``person_acts``, ``bot_plays``, ``draw``). The session alone holds the whole
state; the app reads views of it (``view``, ``read_as``, ``standing``).

The session owns the list of states (one per ply, so undo is instant), the
save (autosaved after every action), digital chance draws (keyed by seed and
ply, so undo and redo never re-roll), bot decisions, and the log as the
person at this screen may read it (``log_seat``: rules.core.log_lines tells
each line from what that seat may see).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import msgspec

from castletui import saves
from castletui.driver import Driver
from castletui.rules import registry
from castletui.rules.core import (
    CHANCE,
    PUBLIC,
    Config,
    IllegalAction,
    Result,
    bots,
    chance_rng,
    hooks,
    label,
    log_lines,
    name_seats,
    sample_outcome,
    shows_hidden,
    table_entry,
)
from castletui.saves import Player, SaveError, SaveFile
from castletui.saves.stores.shared import StorePath
from castletui.saves.table import is_table, not_a_save_message, signature, status_text
from castletui.saves.watchers import watchers

WATCHING = "You are watching this table: only its players move or take moves back."
"""Why a spectator's key does nothing (Session.watching)."""
ABANDONED = "The game was ended as abandoned: nobody moves any more."
"""Why nothing is played at a table whose game was abandoned (saves.clock)."""


class LogLine(msgspec.Struct):
    ply: int
    seat: int
    text: str


class Session(msgspec.Struct, dict=True):
    save: SaveFile
    states: list[Any]
    path: Path | None = None
    autosave: bool = True
    log: list[LogLine] = msgspec.field(default_factory=list)
    last_save_error: str = ""
    # A shared table (saves.table.Table): every action is committed to the
    # table file under its lock instead of autosaved; ``seat`` is the one this
    # terminal plays and ``who`` the identity that owns it.
    table: Any = None
    seat: int | None = None
    who: str = ""
    owners: list[str] = msgspec.field(default_factory=list)  # who sits at each seat, as last read
    # The table file as this terminal last took it in (read or committed):
    # saves.table.signature. An equal file has nothing new for it.
    synced: Any = None
    # Where the save file stands as last written or read (saves.Position):
    # the autosave appends the moves made since.
    written: Any = None
    # Programs that play bot seats (castletui/jsonlines/program.py), by seat:
    # each is asked first, and the built-in bot decides when it is refused.
    programs: dict = msgspec.field(default_factory=dict)
    # The last bot decision and the position it was made in (bot_plays).
    _bot_choice: Any = None
    # The state, seat and view steady_choice last read (one view a decision).
    _steady_view: Any = None
    # Who watches the shared table (names, as last looked: saves.watchers).
    watchers: list[str] = msgspec.field(default_factory=list)
    # The shared table's seating as last read: its clock, the seats a bot
    # stands in for, whether the game was abandoned (saves.clock).
    seating: Any = None
    # The plies (log indexes) of the moves a bot made for this seat that its
    # owner was told of on coming back (seat_back.welcome_back): not news again.
    told_back: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        self.game = registry.get(self.save.game)
        # The seat whose log ``log`` is (None: the whole table's).
        self.log_seat = self._log_seat_for(None)
        if not self.log:
            self.log = self._rebuild_log()

    # --- construction ------------------------------------------------------

    @classmethod
    def new(
        cls,
        game_id: str,
        variant: str,
        players: list[Player],
        *,
        options: dict | None = None,
        mode: str = "digital",
        seed: int | None = None,
        path: Path | None = None,
    ) -> Session:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        config = Config(variant, len(players), dict(options or {}), mode)
        save = saves.new_save(game_id, config, players, seed, mode)
        game = registry.get(game_id)
        session = cls(save, [game.setup(save.rules_config())], path)
        session.write()
        return session

    @classmethod
    def open(cls, path: Path) -> Session:
        """A saved game from its file. A shared table is refused: as an
        ordinary save it would autosave over the table without its lock and
        drop who owns each seat."""
        if is_table(path):
            raise saves.SaveError(not_a_save_message(Path(path)), path=Path(path))
        save, states, written = saves.open_game(path)
        return cls(save, states, Path(path), written=written)

    @classmethod
    def from_save(cls, save: SaveFile, path: Path | None = None) -> Session:
        return cls(save, saves.replay_states(save), path)

    @classmethod
    def at_table(cls, table: Any, seat: int, who: str) -> Session:
        """The game on a shared table, played from ``seat`` (already taken
        by ``who``: saves.table.Table.take_seat)."""
        save, seating = table.read()
        states = list(table.states(save))  # replayed and checked once, for the table's commits too
        session = cls(
            save,
            states,
            table.path,
            autosave=False,
            table=table,
            seat=seat,
            who=who,
            owners=list(seating.owners),
            synced=table.known,
            seating=seating,
        )
        session.look_at_watchers()
        return session

    @classmethod
    def watching_table(cls, table: Any, who: str) -> Session:
        """A shared table watched by ``who``, who has no seat there: the
        public view (rules.core.PUBLIC), its log as everyone may read it,
        and no move, undo or draw of theirs (:meth:`may_act`)."""
        return cls.at_table(table, PUBLIC, who)

    @property
    def shared(self) -> bool:
        return self.table is not None

    @property
    def watching(self) -> bool:
        """A spectator's session: a shared table seen from no seat."""
        return self.table is not None and self.seat == PUBLIC

    @property
    def variant(self) -> str:
        return self.save.config.variant

    # --- what the table looks like ----------------------------------------

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def ply(self) -> int:
        return len(self.states) - 1

    @property
    def players(self) -> list[Player]:
        return self.save.players

    @property
    def names(self) -> list[str]:
        return [player.name for player in self.players]

    @property
    def mode(self) -> str:
        return self.save.mode

    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def turn_player(self) -> int | None:
        """Whose turn it is: the game's ``turn_player`` hook, else whoever decides."""
        return hooks(self.game).turn_player(self.state)

    @property
    def over(self) -> bool:
        return self.to_move() is None

    def is_bot(self, seat: int) -> bool:
        """A bot's seat, or a seat a bot plays for its owner since their time ran out."""
        return 0 <= seat < len(self.players) and (self.players[seat].is_bot or seat in self.stand_ins)

    @property
    def stand_ins(self) -> list[int]:
        """The seats of the shared table a bot plays until their owners come back (saves.clock)."""
        return [stand_in.seat for stand_in in self.seating.stand_ins] if self.seating is not None else []

    @property
    def abandoned(self) -> bool:
        """The shared table's game was ended as abandoned: nobody moves any more."""
        return self.seating is not None and bool(self.seating.abandoned)

    def bot_words(self, seat: int) -> str:
        """How the players panels of every game name a bot seat: "bot" at the
        usual level (normal), else its level too ("hard bot", "easy bot"), in
        the wizard's words; "" for a person."""
        if not self.is_bot(seat):
            return ""
        level = self.players[seat].level
        return "bot" if level in ("", "normal") else f"{level} bot"

    def human_seats(self) -> list[int]:
        return [seat for seat, player in enumerate(self.players) if not player.is_bot]

    def legal_actions(self) -> list[Any]:
        return self.game.legal_actions(self.state)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return self.game.chance_outcomes(self.state)

    def result(self) -> Result:
        return self.game.result(self.state)

    def standing(self, viewer: int | None, view: Any = None) -> Result:
        """The score as ``viewer`` may know it: from their view while the game
        goes on (hidden points, such as unplayed Victory Point cards, stay
        hidden), the whole result once it is over. ``view``: their view,
        when the caller has it already."""
        if viewer is None or self.over:
            return self.result()
        return self.game.result(self.view(viewer) if view is None else view)

    def view(self, seat: int) -> Any:
        return self.game.view(self.state, seat)

    def label(self, action: Any) -> str:
        return name_seats(label(self.game, self.state, action), self.names)

    def read_as(self, viewer: int) -> Any:
        """What the screen API's hooks read for ``viewer``: their view, in
        every mode. In table mode a view carries what the table knows of the
        cards nobody has named (each deck's unseen pool, as counts), so the
        rules reason about an unseen card from the view alone."""
        return self.view(viewer)

    def hides_between_people(self) -> bool:
        """Whether the game hides anything from some person at this table
        (a hand, a deck): then the people at one device may see different
        things, and the curtain falls between them."""
        state = self.state
        return len(self.human_seats()) > 1 and any(self.view(seat) != state for seat in self.human_seats())

    def to_move_after_draws(self) -> int | None:
        """Who decides once the digital draws due now are played. Each draw
        is fixed by the seed and its ply (:meth:`digital_chance`), so they
        are played on a copy of the state here, nothing committed: the
        driver lowers a hot-seat game's opening curtain for that person
        while the deal is still to draw."""
        state, ply = self.state, self.ply
        if self.mode == "digital":
            while self.game.to_move(state) == CHANCE:
                drawn = sample_outcome(self.game.chance_outcomes(state), chance_rng(self.save.seed, ply))
                state, ply = self.game.apply(state, drawn), ply + 1
        return self.game.to_move(state)

    def views_differ(self, seat: int, other: int) -> bool:
        """Whether ``seat`` and ``other`` see the table differently now."""
        return self.view(seat) != self.view(other)

    # --- table mode: what the people at the table say came up ---------------

    def setup_form(self) -> tuple[table_entry.Batch, ...]:
        return table_entry.setup_form(self.game, self.state)

    def chance_batch(self) -> table_entry.Batch | None:
        return table_entry.chance_batch(self.game, self.state)

    def batch_actions(self, batches: tuple[table_entry.Batch, ...], counts: Any) -> list[Any]:
        """The chance actions what was typed stands for (raises BatchRefused)."""
        return table_entry.batch_actions(self.game, self.state, batches, counts)

    def chance_question(self) -> tuple[str, list[tuple[str, Any]]]:
        """The question of the pending chance decision and each possible
        outcome with its name (a log line may keep a drawn card secret:
        the picker names each outcome)."""
        outcomes = [(self.label(action), action) for action, _ in self.chance_outcomes()]
        question = name_seats(hooks(self.game).chance_prompt(self.state), self.names)
        return question, outcomes

    # --- the log, as the person here may read it -------------------------------

    def _log_seat_for(self, viewer: int | None) -> int | None:
        """Whose log this screen shows when ``viewer`` sits at it: a shared
        table's terminal always its own seat's; the one person among bots
        theirs; in hot-seat play the person at the keyboard's (the screen
        says who: :meth:`read_log_as`); in table mode what all at the table
        may read (seat CHANCE's view: everyone reads this one screen, their
        cards are in their hands); everything in a game of bots only."""
        if self.shared:
            return self.seat
        if self.mode == "table":
            return CHANCE
        humans = self.human_seats()
        if not humans:
            return None
        if viewer in humans:
            return viewer
        return humans[0]

    def read_log_as(self, viewer: int | None) -> bool:
        """Show the log as ``viewer`` may read it (hot-seat: the curtain
        rose for them); True when it changed and must be drawn again."""
        wanted = self._log_seat_for(viewer)
        if wanted == self.log_seat:
            return False
        self.log_seat = wanted
        self.log = self._rebuild_log()
        return True

    # --- acting -----------------------------------------------------------

    def may_act(self, person: int | None, seat: int | None = None) -> str:
        """Why the person at this terminal (``person``: the seat of whoever
        the curtain was raised for) may not decide for ``seat`` (default:
        whoever is to move) now; "" when they may.

        This is the one guard of people's input: every key, click, dialog
        and table-entry form of every game screen plays through
        :meth:`person_acts`, which asks it. A person decides only for their
        own seat: never for a bot (it plays its own moves), never for the
        digital draw (the game draws it), never for another person (at a
        shared table, for no seat but this terminal's). In table mode the
        dice and decks are real: whoever is at the table says what came up.
        """
        if self.watching:
            return WATCHING
        if self.abandoned:
            return ABANDONED
        mover = self.to_move()
        seat = mover if seat is None else seat
        if mover is None:
            return "The game is over."
        if seat != mover:
            return (
                f"It is {self.names[mover]}'s decision now." if mover >= 0 else "A roll or draw comes first."
            )
        if seat == CHANCE:
            if self.mode == "table":
                return ""
            return "The game itself rolls and draws here."
        if self.is_bot(seat):
            return f"{self.names[seat]} is a bot: it plays its own moves."
        controlled = [self.seat] if self.shared else self.human_seats()
        if person not in controlled or seat != person:
            return f"It is {self.names[seat]}'s decision, not yours."
        return ""

    def person_acts(self, person: int | None, action: Any) -> Any:
        """Play ``action`` as the person at this terminal chose it (see
        :meth:`may_act`); raises IllegalAction and changes nothing when it is
        not theirs to decide."""
        reason = self.may_act(person)
        if reason:
            raise IllegalAction(reason)
        return self.act(action)

    def draw(self) -> Any:
        """Play the digital draw of the pending chance decision (the game's
        own: no person's input can stand for it)."""
        if self.mode != "digital" or self.to_move() != CHANCE:
            raise IllegalAction("No digital roll or draw is due.")
        return self.act(self.digital_chance())

    def bot_plays(self, action: Any) -> Any:
        """Play the bot's move: only what :meth:`bot_decision` chose for
        this very position is accepted, so no person's input passes for a bot's."""
        seat = self.to_move()
        if seat is None or not self.is_bot(seat) or self._bot_choice != (self.save.check, seat, action):
            raise IllegalAction("That is not the bot's move.")
        return self.act(action)

    def act(self, action: Any) -> Any:
        """Play ``action`` for whoever is to move, whoever asked (the driver's
        own use: headless play, tests; people go through
        :meth:`person_acts`); raises IllegalAction."""
        seat = self.to_move()
        if seat is None:
            raise IllegalAction("The game is over.")
        if self.watching:
            raise IllegalAction(WATCHING)
        if self.abandoned:
            raise IllegalAction(ABANDONED)
        if self.shared and seat != CHANCE and not self.is_bot(seat) and seat != self.seat:
            raise IllegalAction(f"It is {self.names[seat]}'s decision, not yours.")
        before = self.state
        state = self.game.apply(before, action)
        seen, log_length = self.save.check, len(self.log)
        self.states.append(state)
        self.save = saves.append(self.save, seat, action, state, saves.now())
        self.log += self._log_lines(self.ply, seat, before, action, state)
        if self.shared:
            self._commit(seen, log_length)
        if not self._draw_follows(seat):
            self.write()
        return state

    def _draw_follows(self, seat: int) -> bool:
        """A digital draw of the game's set-up followed by another (its deals
        and rolls, before anybody has decided anything): the driver plays the
        next one at once, so the autosave waits for the last of them, one
        write (and one fsync) instead of a dozen before the game's first
        frame. A save cut short between them lacks only draws its seed makes
        again, the same, when it is opened. Later, every move is written as
        it is made (a journal line each: saves/store.py)."""
        return (
            seat == CHANCE
            and self.mode == "digital"
            and self.to_move() == CHANCE
            and all(entry.seat == CHANCE for entry in self.save.log)
        )

    def _commit(self, seen: Any, log_length: int) -> None:
        """Put the last move on the shared table, or take it back here when
        the table refuses it (saves.table: LostRace, NotYourSeat)."""
        self.save = msgspec.structs.replace(self.save, finished=self.over, status=self.status_text())
        try:
            seating = self.table.commit(seen, self.save, self.who)
        except BaseException:
            self._roll_back_to(seen, log_length)
            raise
        self._committed(seating)

    def _committed(self, seating: Any) -> None:
        """The table file is now this terminal's own commit: nothing to take
        in from it, unless someone sat down since this terminal last looked
        (then the next sync reads it, for their name).

        The table's seating is taken in at once either way: a seat taken, or
        given back by the bot that stood in for it, while this terminal
        decided is no longer free nor a bot's here (else this terminal would
        say the seat is free, or play the bot's move the table refuses)."""
        unchanged = list(seating.owners) == self.owners and seating == self.seating
        self.owners, self.seating = list(seating.owners), seating
        # None: read at the next sync, whatever this terminal commits before it.
        self.synced = self.table.known if unchanged and self.synced is not None else None

    def _roll_back_to(self, seen: Any, log_length: int) -> None:
        while self.save.check != seen and self.save.log:
            del self.states[-1]
            self.save = saves.truncated(self.save, self.ply, self.state)
        del self.log[log_length:]

    def sync(self) -> tuple[list[LogLine], bool]:
        """Take in what other terminals did to the shared table: the log
        lines of their moves, told here in this terminal's words, and
        whether moves this terminal had seen were taken back (an undo)."""
        if self.synced is not None and signature(self.table.path) == self.synced:
            return [], False  # this terminal's own move, come back to it: one stat, no reading
        save, seating = self.table.read()  # decoded once per change (saves.table keeps it)
        self.owners, self.synced, self.seating = list(seating.owners), self.table.known, seating
        # The whole log, not only where it ends: a table rewritten in place may
        # reach the same position by another history (saves.table).
        if save.log == self.save.log and save.players == self.save.players:
            return [], False
        mine = self.save.log
        if save.log[: len(mine)] == mine:
            kept = len(mine)  # the usual: moves added after ours
        else:
            kept = 0
            for ours, theirs in zip(mine, save.log, strict=False):
                if ours != theirs:
                    break
                kept += 1
        rewound = kept < len(self.save.log)
        renamed = save.players != self.save.players
        # The table replays only what was added since it last looked (or
        # cuts back an undo), checking each move as a commit would.
        states = list(self.table.states(save))
        self.states, self.save = states, save
        if renamed:  # a player sat down: their name is in every line
            self.log = self._rebuild_log()
            return [line for line in self.log if line.ply > kept], rewound
        if rewound:
            self.log = [line for line in self.log if line.ply <= kept]
        added = []
        for ply in range(kept + 1, len(states)):
            entry = save.log[ply - 1]
            action = self._decode(entry.action)
            added += self._log_lines(ply, entry.seat, states[ply - 1], action, states[ply])
        self.log += added
        return added, rewound

    def look_at_watchers(self) -> bool:
        """Read who watches the shared table now (saves.watchers, or a
        store's: saves.stores.shared.StoreTable.watchers); True when that changed."""
        if not self.shared:
            return False
        names = self.table.watchers() if isinstance(self.table.path, StorePath) else watchers(self.table.path)
        changed, self.watchers = names != self.watchers, names
        return changed

    def _log_lines(self, ply: int, seat: int, before: Any, action: Any, after: Any) -> list[LogLine]:
        """The action's line, then what the rules did by themselves (tokens
        taken, wolves arriving...), as ``log_seat`` may read them."""
        lines = log_lines(self.game, before, action, after, self.log_seat)
        return [LogLine(ply, seat, name_seats(line, self.names)) for line in lines]

    def digital_chance(self) -> Any:
        """The outcome of the pending chance decision, drawn by seed and ply."""
        return sample_outcome(self.chance_outcomes(), chance_rng(self.save.seed, self.ply))

    def steady_choice(self, seat: int, action: Any) -> tuple[Any, str, str] | None:
        """``action`` as ``seat`` makes it deciding by lines (plain, JSON, a
        program): a mini-game's outcome drawn from the seed and the ply, so
        the same after an undo; its words, with seats named; a note to say
        before the choices. None: the action as listed (rules.core.screen)."""
        seen = self._steady_view
        if seen is None or seen[0] is not self.state or seen[1] != seat:
            # A decision asks for each of its actions: the seat's view once.
            seen = self._steady_view = (self.state, seat, self.view(seat))
        steady = hooks(self.game).steady_choice(seen[2], seat, action, self.save.seed, self.ply)
        if steady is None:
            return None
        made, words, note = steady
        return made, name_seats(words, self.names), name_seats(note, self.names)

    def bot_decision(self, think_for: float | None = None) -> Any:
        """The bot's action for the seat to move (nothing is applied: the
        choice is kept for :meth:`bot_plays`), within ``think_for`` seconds for a bot that searches (None: no limit,
        the same choice on every machine). The bot is given its seat's view
        (``bots.seat_view``), never the state."""
        seat, check = self.to_move(), self.save.check
        program = self.programs.get(seat)
        action = program.decide(self, seat) if program is not None else None
        if action is None:
            level = self.players[seat].level
            rng = random.Random(f"{self.save.seed}:bot:{self.ply}")
            seen = bots.seat_view(self.game, self.state, seat)
            action = bots.decide(self.game, seen, seat, level, rng, think_for)
        self._bot_choice = (check, seat, action)  # what bot_plays accepts
        return action

    def run_automatic(self, limit: int = 100_000) -> None:
        """Play chance (digitally) and bots until a human must decide or the
        game ends: the driver's own loop (castletui/driver.py), the one the
        app runs too. Used headless (tests, benchmarks); the app paces bots."""
        Driver(self).run(limit)

    # --- undo -------------------------------------------------------------

    def undo_target(self, seat: int | None = None) -> tuple[int, str]:
        """The ply undo would go back to, or -1 and the reason it cannot.

        Undo takes back the last decision of a person at the keyboard and any
        bot moves after it. In digital play it never crosses a chance decision
        (no re-rolling), nor a bot's move made while it held something the
        person could not see (a reaction shows a card in hand, even a pass
        shows one is not there): taking it back would leave that knowledge
        with the person. In table mode chance entries were typed by players,
        so undo takes back the last entry whatever it was. With ``seat`` (the
        person asking, in hot-seat play) it only takes back that person's own
        decision: nobody undoes a move another person made, or saw. A move
        that ends a turn stays open until the device is passed: the next
        turn's draw waits for its person (``Driver._draw_waits_for``).
        """
        if self.watching:
            return -1, WATCHING
        if self.abandoned:
            return -1, ABANDONED
        if self.ply == 0:
            return -1, "Nothing to undo yet."
        if self.shared:
            # Each terminal sees its own hand only: a person may take back their
            # own last move, and only while nobody (bots and draws too) has acted since.
            if self.save.log[-1].seat != self.seat:
                return -1, "Only your own last move can be taken back, before anyone acts after it."
            shown = self._shown_by(self.ply - 1)
            if shown:
                return -1, shown  # the table refuses it too (saves.table)
            return self.ply - 1, ""
        if self.mode == "table":
            return self.ply - 1, ""
        for index in range(len(self.save.log) - 1, -1, -1):
            mover = self.save.log[index].seat
            if mover == CHANCE:
                return -1, "Undo cannot go back past a roll, a draw or a shot's landing: chance has spoken."
            if not self.is_bot(mover):
                if seat is not None and mover != seat:
                    return (
                        -1,
                        f"That was {self.names[mover]}'s move: only they can take it back, on their turn.",
                    )
                shown = self._shown_by(index)
                if shown:
                    return -1, shown
                revealing = self._revealing_bot_move(index + 1, mover)
                if revealing is not None:
                    return -1, (
                        f"Undo cannot go back past {self.names[revealing]}'s move: it may have shown you "
                        "something of their hidden cards."
                    )
                return index, ""
        return -1, "Only bots have moved since the start."

    def _shown_by(self, index: int) -> str:
        """Why log entry ``index`` stands, when it showed its mover cards
        hidden from them (rules.core.reveals: Mance Rayder's look, a Night
        attack turned up, the game's end): taken back, they would keep what
        they saw and choose again knowing it. "" when it showed nothing."""
        mover = self.save.log[index].seat
        before, action, after = self.states[index], self.action_at(index), self.states[index + 1]
        if not shows_hidden(self.game, before, action, after, mover):
            return ""
        words = name_seats(hooks(self.game).shown(before, action, after, mover), self.names)
        return f"That move showed you {words}: it cannot be taken back."

    def _revealing_bot_move(self, start: int, viewer: int) -> int | None:
        """The seat of the first bot that moved, from log entry ``start`` on,
        while holding something ``viewer`` could not see; None if none did."""
        for index in range(start, len(self.save.log)):
            before = self.states[index]
            if self.game.view(before, viewer) != before:
                return self.save.log[index].seat
        return None

    def undo(self, seat: int | None = None) -> str:
        """Take back to the undo target; returns a message for the player."""
        target, reason = self.undo_target(seat)
        if target < 0:
            raise IllegalAction(reason)
        undone = self.ply - target
        kept = (list(self.states), self.save, list(self.log))
        del self.states[target + 1 :]
        self.save = msgspec.structs.replace(
            saves.truncated(self.save, target, self.state), updated=saves.now()
        )
        self.log = [line for line in self.log if line.ply <= target]
        if self.shared:
            self.save = msgspec.structs.replace(self.save, finished=self.over, status=self.status_text())
            try:
                seating = self.table.commit(kept[1].check, self.save, self.who)
            except BaseException:  # somebody acted meanwhile (LostRace): nothing was taken back
                self.states, self.save, self.log = kept
                raise
            self._committed(seating)
        self.write()
        return f"Took back {undone} move{'s' if undone != 1 else ''}."

    # --- saving -----------------------------------------------------------

    def status_text(self) -> str:
        turn = self.turn_player()
        if self.mode == "digital" and self.to_move() == CHANCE and turn is not None and turn >= 0:
            # A hot-seat draw waits for the person whose turn it is (the driver):
            # a game left at "Pass to Wei" is Wei's to play, not a draw's.
            return f"{self.names[turn]} to play"
        return status_text(self.game, self.state, self.names, self.save.mode)

    def write(self) -> None:
        """Autosave. A failure is kept in ``last_save_error`` for the screen to
        show; the game goes on and nothing already saved is lost."""
        if not self.autosave or self.path is None or self.shared:
            return
        self.save = msgspec.structs.replace(self.save, finished=self.over, status=self.status_text())
        try:
            self.written = saves.write(self.save, self.path, self.written)
            self.last_save_error = ""
        except SaveError as error:
            self.last_save_error = str(error)

    def save_as(self, path: Path, replace: bool = False) -> Path:
        """Save to a new file and keep autosaving there; raises SaveError.
        A file of another game is written over only with ``replace`` (its
        last copy is kept as a backup: see saves.dump)."""
        self.written = saves.write(self.save, path, replace=replace)
        self.path = path
        return path

    def _rebuild_log(self) -> list[LogLine]:
        lines = []
        for ply, entry in enumerate(self.save.log):
            action = self._decode(entry.action)
            lines += self._log_lines(ply + 1, entry.seat, self.states[ply], action, self.states[ply + 1])
        return lines

    def log_turns(self) -> list[int | None]:
        """Whose turn each log line happened in (the game's ``turn_player``
        before its action): an answer to another's offer is still their turn."""
        turn_player = hooks(self.game).turn_player
        return [turn_player(self.states[max(line.ply - 1, 0)]) for line in self.log]

    def lines_of_last_move(self) -> list[LogLine]:
        """The log lines the last action added."""
        return self.lines_since(self.ply - 1)

    def lines_since(self, ply: int) -> list[LogLine]:
        """The log lines of the actions after ``ply``."""
        count = 0
        for line in reversed(self.log):
            if line.ply <= ply:
                break
            count += 1
        return self.log[len(self.log) - count :]

    def _decode(self, raw: dict) -> Any:
        return saves.decode_action(self.game, raw)

    def action_at(self, ply: int) -> Any:
        return self._decode(self.save.log[ply].action)
