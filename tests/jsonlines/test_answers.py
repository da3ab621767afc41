"""Issue 48 item 2: what a reader answers. An answer that is not one of
the choices gets an error message naming what was wrong, then the same
decision again, and nothing is played; an id may be given as the JSON it
stands for; the end of the input stops the game where it stands."""

from __future__ import annotations

import json

import msgspec
from castletui.saves import Player

from castletui.jsonlines.conversation import Conversation
from castletui.jsonlines.protocol import chosen
from castletui.session import Session
from tests.jsonlines.talking import converse

BAD = (b"garbage\n", b'{"choose": "nope"}\n', b'{"pick": 1}\n', b"\n", b'{"choose": [1, 2]}\n')


def new_game() -> Session:
    players = [Player("Ann"), Player("Bot", "bot", "random")]
    return Session.new("castlecards", "two-player", players, seed=2)


def test_a_wrong_answer_is_named_and_the_same_decision_asked_again():
    session = new_game()
    finished, bot = converse(session, bad=BAD)
    assert finished and session.over
    decisions = [index for index, message in enumerate(bot.told) if message["type"] == "decision"]
    first = bot.told[decisions[0]]
    errors = bot.of_type("error")
    assert len(errors) == len(BAD)
    for number, error in enumerate(errors):
        assert error["seat"] == 0 and error["error"]
        assert error["answer"] == BAD[number].decode().rstrip("\n")
    # Each error is followed by the first decision again, unchanged: nothing was played.
    for index in decisions[1 : len(BAD) + 1]:
        assert bot.told[index] == first
        assert bot.told[index - 1]["type"] == "error"


def test_an_id_may_be_given_as_the_json_it_stands_for():
    action = {"b": 1, "a": [1, 2]}
    by_id = {'{"a":[1,2],"b":1}': action}
    for answer in (
        {"choose": '{"a":[1,2],"b":1}'},
        {"choose": '{"b": 1, "a": [1, 2]}'},
        {"choose": {"b": 1, "a": [1, 2]}},
    ):
        assert chosen(json.dumps(answer), by_id) == (action, "")
    assert chosen('{"choose": {"a": [2, 1], "b": 1}}', by_id)[0] is None


def test_the_end_of_the_input_stops_the_game_where_it_stands():
    session = new_game()
    before = session.ply
    told = []

    class Silent:
        def write(self, data: bytes) -> None:
            told.append(msgspec.json.decode(data))

        def flush(self) -> None:
            pass

        def readline(self) -> bytes:
            return b""

    silent = Silent()
    assert Conversation(session, silent, silent).play() is False
    assert not session.over and session.ply >= before
    assert told[-1]["type"] == "decision" and told[-1]["ply"] == session.ply
