"""A game played as a conversation of lines, over the headless driver, as
the game screen's loop (castletui/screens/game_loop.py) plays it on
screen: the game's draws at once, each bot's move in turn, the hot-seat
curtain when the driver says it falls, a person's choice through the
session's guards. Before each choice the person reads what happened since
they last played, the prompt and the numbered choices."""

from __future__ import annotations

from importlib import resources
from typing import Any

from msgspec.structs import replace

from castletui import saves, seat_back
from castletui.driver import Bot, Driver, Entry, Over, Person, Remote
from castletui.frame import Line
from castletui.plain import choices, commands, news, sheets
from castletui.plain.clock import PlainClock
from castletui.plain.table import TableEntry
from castletui.plain.talk import Talk
from castletui.rules.core import IllegalAction, name_seats
from castletui.saves.table import LostRace

THINK_FOR = 0.25
"""Seconds a searching bot may think (the app's least thinking time)."""
LOG_LINES = 10
"""How many lines ``log`` says without a number."""
TABLE_POLL = 0.5
"""Seconds between two looks at a shared table while another terminal decides."""


class PlainGame:
    """One game, from the first line said to the last."""

    def __init__(
        self, session: Any, talk: Talk, think_for: float | None = THINK_FOR, lobby_only: bool = False
    ) -> None:
        self.session, self.talk, self.think_for = session, talk, think_for
        self.lobby_only = lobby_only
        """Over castletui host (or a game account) the player has no command line, only the lobby."""
        self.driver = Driver(session)
        self.game_id = session.save.game
        self.path: tuple[str, ...] = ()
        self.aiming: tuple[str, list[Line]] | None = None
        """A line whose screen asks how and for which the game draws no
        steady hand: its words and the rules' own lines for it."""
        self.seen: dict[int | None, int] = {}
        """The ply up to which each person has read the log."""
        self.leaving = False
        self.entry = TableEntry(self)
        self.clock = PlainClock(self)

    # --- the game's loop --------------------------------------------------------------

    def play(self) -> int:
        self.introduce()
        driver = self.driver
        if driver.hidden_between_people() and not self.curtain(driver.viewer, self.resumed_note()):
            return self.leave()
        while not self.leaving:
            now = self.advance()
            if self.leaving:
                break
            if isinstance(now, Over) or self.session.abandoned:
                self.game_over()
            elif isinstance(now, Entry):
                self.entry.ask(now)
            elif isinstance(now, Remote):
                self.wait_for(now.seat)
            elif driver.passing_to is not None:
                self.hand_over()
            else:
                self.turn()
        return self.leave()

    def advance(self) -> Any:
        """Play the draws and the bots until a person (or the end, or a
        table entry, or another terminal) must come next."""
        driver = self.driver
        while True:
            try:
                now = driver.step()
                if isinstance(now, Person) and now.curtain in ("look", "fall"):
                    look = now.curtain == "look"
                    note = "See how your turn ended, then pass the device on." if look else ""
                    if not self.curtain(now.looker if look else now.seat, note, to_look=look):
                        return None
                    continue
                if isinstance(now, Bot):
                    driver.bot_plays(driver.bot_move(self.think_for))
                    continue
                return now
            except saves.SaveError as error:  # a shared table: another terminal moved first
                # Only draws and bots move here: a race they lost is no choice of the player's
                # ("Your move ... came first"); the news says what was played.
                self.table_changed("" if isinstance(error, LostRace) else str(error))
                if self.leaving:  # the table cannot be read at all
                    return None

    def introduce(self) -> None:
        session = self.session
        players = ", ".join(self.seat_words(seat, player) for seat, player in enumerate(session.players))
        title = session.game.INFO.title
        self.talk.say(f"{title}, {session.variant}, {session.mode} play. Players: {players}.")
        self.talk.say("Type help for the commands, board to hear the board.")

    def seat_words(self, seat: int, player: Any) -> str:
        """A seat as the introduction names it: a bot's level, a shared table's free seat."""
        session = self.session
        if player.is_bot:
            return f"{player.name} ({session.bot_words(seat)})"
        owners = session.owners if session.shared else []
        if seat < len(owners) and not owners[seat]:
            return f"{player.name} (a free seat: others take it from their lobby)"
        return player.name

    def resumed_note(self) -> str:
        return "The game goes on where it stopped. Everyone else, look away." if self.session.ply else ""

    # --- what the person here reads ---------------------------------------------------------

    def tell_news(self) -> None:
        """What happened since the person here last played, one line each."""
        session, viewer = self.session, self.driver.viewer
        since = self.seen.get(viewer)
        if since is None:
            since = self.last_own_move(viewer)
        self.seen[viewer] = session.ply
        # The moves a bot made for this seat were told in the welcome back: each line once.
        self.talk.say_all(news.lines(session, viewer, since, skip=session.told_back))

    def last_own_move(self, viewer: int) -> int:
        """The ply before the person's last move (0: they have not moved):
        a resumed game starts with what happened since they last played."""
        log = self.session.save.log
        return next((index for index in range(len(log) - 1, -1, -1) if log[index].seat == viewer), 0)

    # --- a person's turn ------------------------------------------------------------------

    def turn(self) -> None:
        """Say the news, the prompt and the choices of the open level; take one answer."""
        self.tell_news()
        shown = self.driver.shown(self.path)
        frame = shown.frame
        self.path = frame.path
        note = ""
        if self.aiming is not None:
            prompt, lines = self.aiming
        else:
            prompt, lines = self.driver.prompt(frame), list(shown.lines)
            lines, note = self.steady(lines, frame)
        if note:
            prompt = f"{prompt}\n{note}"
        listed = choices.numbered(lines)
        deeper = bool(self.path) or self.aiming is not None
        self.say_choices(prompt, listed, deeper)
        answer = self.answer(prompt, listed, deeper)
        if answer is None:
            return
        if answer.back:
            self.go_back()
            return
        self.take(answer.choice.line, frame)

    def steady(self, lines: list[Line], frame: Any) -> tuple[list[Line], str]:
        """The lines with each mini-game line (Catapult Castle's aim) made
        as a player by lines plays it: with a steady hand, its odds in its
        words (Session.steady_choice); and the note to say before them (also
        where the aims are a level down: solo, under each corner)."""
        note, made, seat = "", [], self.driver.viewer
        for line in lines:
            steady = None
            if line.command and line.action is not None and not line.why_not:
                steady = self.session.steady_choice(seat, line.action)
            if steady is None:
                made.append(line)
                continue
            action, words, note = steady
            made.append(replace(line, text=words, action=action, command="", preview=""))
        groups = {line.group for line in lines if line.group is not None}
        if not note and groups:
            inside = (action for action, where, _ in frame.menu if any(where[: len(g)] == g for g in groups))
            deeper = (self.session.steady_choice(seat, action) for action in inside)
            note = next((steady[2] for steady in deeper if steady is not None), "")
        return made, note

    def answer(self, prompt: str, listed: list[choices.Choice], deeper: bool) -> choices.Answer | None:
        """The choice of ``listed`` the player names; commands typed first
        are answered, Enter alone says the choices again. None: they left,
        or a command (an undo, quit) ended the decision."""
        while not self.leaving:
            text = self.talk.ask()
            if text is None:
                self.leaving = True
                return None
            if self.came_back(text):
                return None  # a bot played meanwhile: the choices are said again as they now are
            if not text:
                self.say_choices(prompt, listed, deeper)
                continue
            if text.casefold() == "back":
                text = "0"
            command = commands.parse(text, commands.PLAYING)
            if command is not None:
                if self.command(*command, listed):
                    return None
                continue
            answer = choices.understand(text, listed, deeper)
            if answer.message:
                self.talk.say_all(answer.message)
                continue
            return answer
        return None

    def say_choices(self, prompt: str, listed: list[choices.Choice], deeper: bool) -> None:
        self.talk.say(prompt)
        self.talk.say_all(choice.shown() for choice in listed)
        if deeper and not any(choices.is_back(choice.line) for choice in listed):
            self.talk.say("0. Back")

    def go_back(self) -> None:
        if self.aiming is not None:
            self.aiming = None
        else:
            self.path = self.path[:-1]

    def take(self, line: Line, frame: Any) -> None:
        """A group opens its level, a Back goes up one, a line the screen
        asks more of opens the rules' own lines for it, an action is played."""
        if line.group is not None:
            self.path = line.group
        elif choices.is_back(line):
            self.go_back()
        elif line.command and line.action is not None:
            self.ask_how(line, frame)
        elif line.command:
            self.open_rules_group(line, frame)
        elif line.action is not None:
            self.person_plays(line.action)

    def ask_how(self, line: Line, frame: Any) -> None:
        """A line the screen plays through a mini-game the game draws no
        steady hand for: the rules' own listed actions about the same
        place, each in the rules' words."""
        kind, session = type(line.action), self.session
        view = session.read_as(self.driver.viewer)
        ways = [
            Line(name_seats(session.game.describe(view, action), session.names), action)
            for action, where, spot in frame.menu
            if type(action) is kind and spot == line.spot and where == frame.path
        ]
        if len(ways) <= 1:
            self.person_plays(line.action)
            return
        preview = f" {line.preview}" if line.preview else ""
        self.aiming = (f"{choices.words_of(line)}.{preview} Which?", ways)

    def open_rules_group(self, line: Line, frame: Any) -> None:
        """A line the screen answers with a dialog (an offer to the other
        players) stands for the rules' group it replaced: open that."""
        depth = len(frame.path)
        opened = {choice.group for choice in frame.lines if choice.group is not None}
        hidden = sorted(
            {
                where[: depth + 1]
                for _, where, _ in frame.menu
                if len(where) > depth and where[:depth] == frame.path
            }
            - opened
        )
        if len(hidden) == 1:
            self.path = hidden[0]
        else:
            self.talk.say(f"{choices.words_of(line)} needs the full screen: castletui without --plain.")

    def person_plays(self, action: Any) -> bool:
        """Play the person's choice; say what it did, or why not."""
        session, start = self.session, self.session.ply
        try:
            self.driver.person_acts(action)
        except IllegalAction as error:
            self.talk.say(f"Not played: {error.reason}")
            return False
        except saves.SaveError as error:
            self.table_changed(f"{error} Choose again.")
            return False
        finally:
            self.aiming = None
        self.path = ()
        self.talk.say_all(news.lines(session, self.driver.viewer, start))
        self.seen[self.driver.viewer] = session.ply
        return True

    # --- the hot-seat curtain --------------------------------------------------------------

    def hand_over(self) -> None:
        """The person here sees how their turn ended, then passes the device on."""
        driver = self.driver
        self.tell_news()
        prompt = driver.prompt(driver.frame())
        self.talk.say(prompt)
        while not self.leaving:
            text = self.talk.ask()
            if text is None:
                self.leaving = True
                return
            if not text:
                seat = driver.passing_to
                if seat is not None:
                    self.curtain(seat)
                return
            command = commands.parse(text, commands.PLAYING)
            if command is not None:
                if self.command(*command, []):
                    return
                continue
            self.talk.say(f"Press Enter alone to pass the device on, or type a command. {prompt}")

    def curtain(self, seat: int, note: str = "", to_look: bool = False) -> bool:
        """Nothing is said until ``seat``'s person says they are at the
        keyboard (Enter); False when the input ended first."""
        driver, name = self.driver, self.session.names[seat]
        driver.curtain_falls()
        self.path, self.aiming = (), None
        self.talk.say(f"Pass the device to {name}. {note or 'Everyone else, look away.'}")
        self.talk.say(f"{name}, press Enter when you are at the keyboard.")
        while True:
            text = self.talk.ask()
            if text is None:
                self.leaving = True
                return False
            if not text:
                break
            if text.casefold() == "quit":
                self.leaving = True
                return False
            self.talk.say(f"Press Enter alone when {name} is at the keyboard, or type quit.")
        driver.curtain_rose(seat, to_look)
        self.talk.say(f"{name}, it is your table now.")
        return True

    # --- commands ---------------------------------------------------------------------------

    def command(self, name: str, rest: str, listed: list[choices.Choice]) -> bool:
        """Run a command; True when the position changed (an undo) or the game is left."""
        frame = self.driver.frame()
        say = self.talk.say_all
        if name == "board":
            say(sheets.board(self.game_id, frame))
        elif name == "hand" and self.session.watching:
            self.talk.say("You hold no hand: you are watching.")  # the table's public eyes are no seat's
        elif name == "hand":
            say(sheets.hand(self.game_id, frame))
        elif name == "score":
            say(sheets.score(self.game_id, frame))
        elif name == "log":
            self.say_log(rest)
        elif name == "why":
            self.talk.say(choices.why(rest, listed))
        elif name == "undo":
            return self.undo()
        elif name == "rules":
            say(self.rules_text().splitlines())
        elif name == "save":
            self.talk.say(self.save())
        elif name == "plain":
            self.talk.say(commands.keep_plain(rest))
        elif name == "help":
            leaving = "leave the table" if self.session.shared else "save and leave"
            say(commands.help_lines({**commands.PLAYING, "quit": f"quit: {leaving}; {self.comeback()}."}))
        elif name == "quit":
            self.leaving = True
            return True
        return False

    def say_log(self, rest: str) -> None:
        if rest and not rest.isdigit():
            self.talk.say("Type log, or log and a number, for example log 20.")
            return
        count = int(rest) if rest else LOG_LINES
        self.session.read_log_as(self.driver.viewer)
        lines = [line.text for line in self.session.log]
        shown = lines[-count:] if count else []
        if not shown:
            self.talk.say("Nothing has happened yet.")
            return
        self.talk.say(f"The last {len(shown)} of {len(lines)} lines of the log:")
        self.talk.say_all(shown)

    def undo(self) -> bool:
        try:
            message = self.driver.undo()
        except IllegalAction as error:
            self.talk.say(f"Nothing was taken back: {error.reason}")
            return False
        except saves.SaveError as error:
            self.table_changed(f"{error} Nothing was taken back.")
            return True
        self.path, self.aiming = (), None
        ply = self.session.ply
        self.seen = {person: min(mark, ply) for person, mark in self.seen.items()}
        self.talk.say(message)
        return True

    def rules_text(self) -> str:
        return (resources.files(self.session.game.__name__) / "rules_text.md").read_text(encoding="utf-8")

    def save(self) -> str:
        session = self.session
        if session.shared:
            return "A shared table keeps every move as it is made: nothing more to save."
        if session.path is None:
            return "This game has no file to save to."
        session.write()
        if session.last_save_error:
            return f"Not saved: {session.last_save_error}"
        return f"Saved in {session.path}."

    def comeback(self) -> str:
        """How the player comes back to this game after quit, in words they can act on."""
        if self.session.shared and self.lobby_only:
            return "your lobby lists it when you connect again"  # no command line at a host
        if self.session.shared:
            return "castletui join --plain takes your seat again"
        return "castletui resume --plain goes on from here"

    def leave(self) -> int:
        session = self.session
        if session.watching:
            self.talk.say("You stopped watching; the lobby lists the game to watch again.")
        elif session.shared:
            self.talk.say(f"You left the table; {self.comeback()}.")
        elif session.path is not None:
            session.write()
            if session.last_save_error:
                self.talk.say(f"The game could not be saved: {session.last_save_error}")
                return 1
            again = "castletui resume --plain" if not session.over else "castletui replay --plain"
            self.talk.say(f"Saved in {session.path}; {again} {session.path.name} opens it again.")
        return 0

    # --- the end ----------------------------------------------------------------------------

    def game_over(self) -> None:
        """The news, the score sheet, then commands until the player leaves."""
        self.tell_news()
        frame = self.driver.frame()
        self.talk.say("The game is over.")
        if self.session.abandoned:  # saves.clock: no winner, and no move taken back
            self.talk.say(frame.prompt)
            self.talk.say("Type board, score or log to look back, or quit.")
        else:
            self.talk.say_all(sheets.standing(frame))
            self.talk.say("Type board, score or log to look back, undo to take back your last move, or quit.")
        while not self.leaving:
            text = self.talk.ask()
            if text is None:
                self.leaving = True
                return
            command = commands.parse(text, commands.PLAYING)
            if command is None:
                self.talk.say("The game is over: type quit to leave, or help.")
            elif self.command(*command, []):
                return

    # --- a shared table ---------------------------------------------------------------------

    def wait_for(self, seat: int) -> None:
        """Another terminal decides: say so, then look at the table until it
        moves; a command typed meanwhile is answered, quit leaves. The
        prompt is said again when it changes meanwhile (someone took the
        free seat waited for)."""
        self.table_changed()  # who sat down since this terminal last looked: their name
        if self.leaving:
            return
        self.tell_news()
        said = self.driver.frame().prompt
        leave = "stop watching" if self.session.watching else "leave; your seat stays yours"
        self.talk.say(f"{said} Type quit to {leave}.")
        try:
            self.clock.offer()
            while not self.leaving and not self.session.abandoned and isinstance(self.driver.next(), Remote):
                if self.talk.ready(TABLE_POLL):
                    self.answer_while_waiting()
                self.table_changed()
                self.clock.offer()  # out of time now, or a Wait more over: the others' choice
                prompt = self.driver.frame().prompt
                if prompt != said and isinstance(self.driver.next(), Remote) and not self.session.abandoned:
                    said = prompt
                    self.talk.say(prompt)
        except KeyboardInterrupt:
            self.leaving = True

    def came_back(self, text: str) -> bool:
        """The person here answered (anything but quit): if a bot stood in
        for their seat meanwhile (saves.clock), they have returned. The seat
        is theirs again at once and they hear what the bot played; True then."""
        if text.casefold() == "quit":
            return False
        try:
            stand_in = seat_back.take_seat_back(self.session)
        except saves.SaveError as error:
            self.talk.say(f"Your seat could not be given back: {error}")
            return False
        if stand_in is None:
            return False
        self.table_changed()
        self.session.read_log_as(self.driver.viewer)
        self.talk.say(seat_back.welcome_back(self.session, stand_in, "log 30 says more"))
        self.path, self.aiming = (), None
        return True

    def answer_while_waiting(self) -> None:
        text = self.talk.ask()
        if text is None:
            self.leaving = True
            return
        if self.came_back(text):
            return
        command = commands.parse(text, commands.PLAYING)
        if command is not None:
            self.command(*command, [])
        elif self.clock.answer(text):
            return
        elif text:
            self.talk.say("It is not your decision yet: wait, or type a command (help lists them).")

    def table_changed(self, message: str = "") -> None:
        """Take in other terminals' moves (their lines are news at the next turn)."""
        if message:
            self.talk.say(message)
        seating = self.session.seating
        try:
            news = self.driver.take_in_table()
        except saves.SaveError as error:
            self.talk.say(f"The table cannot be read: {error}")
            self.leaving = True
            return
        if news is not None and news.rewound:
            self.talk.say(f"{news.taker} took back their last move.")
            self.seen = {person: min(mark, self.session.ply) for person, mark in self.seen.items()}
            # A move taken back is no longer one the welcome back told: a new one there is news.
            self.session.told_back = tuple(ply for ply in self.session.told_back if ply < self.session.ply)
        if news is not None and (news.lines or news.rewound):
            self.path, self.aiming = (), None
        self.talk.say_all(self.clock.news(seating))
