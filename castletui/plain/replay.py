"""A saved game stepped through in plain lines (``castletui replay FILE
--plain``): each step says what happened at it, as the replay's eyes read
it (castletui/replay.py); ``next``, ``back``, ``turn N``, ``start`` and
``end`` move, ``board`` and ``score`` say how things stood then."""

from __future__ import annotations

from typing import Any

from castletui.plain import commands, sheets
from castletui.plain.talk import Talk
from castletui.replay import EVERYONE
from castletui.rules.core import screen as screen_api


class PlainReplay:
    def __init__(self, replay: Any, talk: Talk) -> None:
        self.replay, self.talk = replay, talk
        self.ply = 0

    def play(self) -> int:
        replay = self.replay
        turns = max((turn.number for turn in replay.turns), default=0)
        self.talk.say(
            f"Replay of {replay.game.INFO.title}: {replay.plies} steps in {turns} turns, "
            f"seen by {replay.seen_by}."
        )
        self.talk.say("Enter or next: the next step; back, turn N, start, end; help for more.")
        self.say_step()
        while True:
            text = self.talk.ask()
            if text is None:
                return 0
            command = commands.parse(text or "next", commands.REPLAYING)
            if command is None:
                self.talk.say("Type next, back, turn and a number, board, score, help or quit.")
                continue
            name, rest = command
            if name == "quit":
                return 0
            if name == "help":
                self.talk.say_all(commands.help_lines(commands.REPLAYING, choosing=False))
            elif name == "board":
                self.talk.say_all(self.board())
            elif name == "score":
                self.talk.say_all(self.score())
            else:
                self.move(name, rest)

    def move(self, name: str, rest: str) -> None:
        replay = self.replay
        if name == "next":
            if self.ply >= replay.plies:
                self.talk.say("That was the last step: back, turn N or start go back.")
                return
            self.ply += 1
        elif name == "back":
            if self.ply <= 0:
                self.talk.say("This is the start, before the first step.")
                return
            self.ply -= 1
        elif name == "start":
            self.ply = 0
        elif name == "end":
            self.ply = replay.plies
        elif name == "turn":
            turn = replay.turn_number(int(rest)) if rest.isdigit() else None
            if turn is None:
                last = max((turn.number for turn in replay.turns), default=0)
                self.talk.say(f"Type turn and a number from 0 to {last}.")
                return
            self.ply = turn.first
        self.say_step()

    def say_step(self) -> None:
        replay, ply = self.replay, self.ply
        step = replay.step(ply)
        turn = step.turn
        whose = "the set-up" if turn.seat is None else f"turn {turn.number}, {replay.who(turn)}"
        self.talk.say(f"Step {ply} of {replay.plies}, {whose}.")
        self.talk.say_all(step.lines)
        if ply == replay.plies and replay.finished:
            self.talk.say("That was the last step: the game is over. score says how it ended.")

    def seat(self) -> int | None:
        viewer = self.replay.viewer
        return viewer if viewer is not EVERYONE and viewer >= 0 else None

    def board(self) -> list[str]:
        replay = self.replay
        module = sheets.game_words(replay.save.game)
        if module is None or not hasattr(module, "board"):
            return ["This game's board has no words yet: score says how the players stand.", *self.score()]
        seat = self.seat()
        if seat is None:  # every hand open: the board as the player whose turn it is sees it
            seat = replay.step(self.ply).turn.seat or 0
        scene = screen_api.scene(replay.game, replay.view_at(self.ply), seat)
        return list(module.board(scene))

    def score(self) -> list[str]:
        step = self.replay.step(self.ply)
        over = self.ply == self.replay.plies and self.replay.finished
        return sheets.sheet(step.standing, self.replay.names, over)
